package acts

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"We'll go with the LCD.", []string{"we'll", "go", "with", "the", "lcd"}},
		{"Let’s decide — OK?", []string{"let's", "decide", "ok"}},
		{"'quoted' words", []string{"quoted", "words"}},
		{"", nil},
		{"ÉCOLE Straße’s 42", []string{"école", "straße's", "42"}},
		{"-- '' !", nil},
		{"Um,", []string{"um"}},
	}
	for _, tt := range tests {
		if got := Words(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Words(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := AppendWords([]string{"x"}, tt.in); !reflect.DeepEqual(got, append([]string{"x"}, tt.want...)) {
			t.Errorf("AppendWords(x, %q) = %q", tt.in, got)
		}
	}
}

func TestParseAndMatch(t *testing.T) {
	lx, err := Parse("# c\nwe decided\tdecision\t1.5\nuh-huh\tbackchannel\t-2\nlet's go with\tdecision\t0.5\n")
	if err != nil {
		t.Fatal(err)
	}
	var walked []string // "let's" and "let's go" begin "let's go with" only
	lx.Walk(Words("let's go with it"), 0, func(n int, e Entry) { walked = append(walked, fmt.Sprint(n, " ", e.Words)) })
	if !reflect.DeepEqual(walked, []string{"3 let's go with"}) {
		t.Errorf("Walk = %q", walked)
	}
	hits := lx.Match(Words("So we decided, let's go with it; we decided."))
	if len(hits) != 2 || hits[0].Words != "we decided" || hits[1].Words != "let's go with" || hits[1].Pos != 3 {
		t.Fatalf("hits = %+v", hits)
	}
	// One insert may stand inside an entry after its first word, where no
	// entry goes on with it ("we still" is one); never two, never first.
	lx, err = Parse("we need to\tcommitment\t1\nstill\tinsert\nalso\tinsert\nwe still\tinform\t0\n")
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{
		"we still need to go":  "[we still]",
		"we also need to go":   "[we need to]",
		"we need also to go":   "[we need to]",
		"we also also need to": "[]",
		"still need to":        "[]",
	} {
		var got []string
		for _, h := range lx.Match(Words(text)) {
			got = append(got, h.Words)
		}
		if fmt.Sprint(got) != want {
			t.Errorf("Match(%q) = %v, want %s", text, got, want)
		}
	}
	for _, bad := range []string{"a\tb\n", "a\tb\tx\n", "one two three four\tc\t1\n", "a\tb\t1\na\tc\t2\n", "two words\tinsert\n"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = nil error", bad)
		}
	}
}

func TestDefaultLoads(t *testing.T) {
	seqs := Default().seqs
	if len(seqs) == 0 {
		t.Fatal("embedded lexicon is empty")
	}
	known := []string{Decision, Issue, Acceptance, Proposal, Commitment, Request, Question, Rejection, Problem, Reason, Inform, Backchannel}
	for _, q := range seqs {
		if q.ok && !slices.Contains(known, q.e.Class) {
			t.Errorf("acts.tsv: %q has class %q, not one of %q", q.e.Words, q.e.Class, known)
		}
	}
}
