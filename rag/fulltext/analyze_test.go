package fulltext

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestAnalyzer(t *testing.T) {
	an, err := NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want []string
	}{
		{"We went to the children's museum", []string{"go", "child", "museum"}},
		{"Caroline BOUGHT new running shoes", []string{"carolin", "buy", "new", "run", "shoe"}},
		// A y after a vowel stays a y, so the forms meet; after a
		// consonant Porter's i stays.
		{"deploy deployed deploying deployment deployments", []string{"deploy", "deploy", "deploy", "deploy", "deploy"}},
		{"display displayed key keys", []string{"display", "display", "key", "key"}},
		{"query queries retry retries", []string{"queri", "queri", "retri", "retri"}},
		{"the and of", []string{}},
		{"PostgreSQL migrations failed", []string{"postgresql", "migrat", "fail"}},
	}
	for _, tt := range tests {
		got := an.Terms(tt.in)
		if len(got) == 0 {
			got = []string{}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Terms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	text := "Deploys failed twice"
	for _, tok := range an.Tokens(text) {
		if tok.Start < 0 || tok.End > len(text) || tok.Start >= tok.End {
			t.Fatalf("bad token range %+v", tok)
		}
	}
	if got, _ := an.Joined("We went home"); got != "go home" {
		t.Errorf("Joined = %q", got)
	}
}

// TestMarksAgreeWithTokens checks that Marks finds exactly the words whose
// full analysis yields one of the terms.
func TestMarksAgreeWithTokens(t *testing.T) {
	an, err := NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"We went with PostgreSQL; the children's tests ran faster than Alice's.",
		"Deploying the deployment: deployed deploys, DEPLOY! Running runs ran.",
		"I a an is it's the a b c x y z — naïve café résumé Straße ÉCOLE",
		"The mice ate cheese; feet, teeth, geese and went/gone/goes going.",
		"ids: PROJ-1234, v2.3.1, 10.0.0.1 and /srv/app/config.yaml are here",
	}
	queries := []string{"went", "children test", "deploy", "run", "a i", "café ecole straße", "mouse feet tooth", "proj 1234 config yaml", "alice"}
	for _, text := range texts {
		for _, q := range queries {
			terms := map[string]bool{}
			for _, term := range an.Terms(q) {
				terms[term] = true
			}
			var want [][2]int
			for _, tok := range an.Tokens(text) {
				if terms[tok.Term] {
					want = append(want, [2]int{tok.Start, tok.End})
				}
			}
			got := an.Marks(text, terms)
			if len(got) != len(want) {
				t.Fatalf("%q in %q: marks %v, want %v", q, text, got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%q in %q: marks %v, want %v", q, text, got, want)
				}
			}
		}
	}
}

func TestStripLongWords(t *testing.T) {
	blob := strings.Repeat("QUJD", 70) // 280 bytes
	an, err := NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{"plain words stay as they are", "plain words stay as they are"},
		{"", ""},
		{"a " + blob + " b", "a   b"},
		{blob, " "},
		{"x_" + blob + ",y", " ,y"},
		{"keep " + strings.Repeat("a", MaxTermBytes) + " exactly", "keep " + strings.Repeat("a", MaxTermBytes) + " exactly"},
		{"two " + blob + "\n" + blob + " blobs", "two  \n  blobs"},
	} {
		got := StripLongWords(tc.in)
		if got != tc.want {
			t.Errorf("StripLongWords(%.40q) = %.40q, want %.40q", tc.in, got, tc.want)
		}
		if !slices.Equal(an.Terms(got), an.Terms(tc.in)) {
			t.Errorf("%.40q: terms %q, want %q", tc.in, an.Terms(got), an.Terms(tc.in))
		}
	}
}
