package rag

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/store"
)

func TestWrittenAsMarks(t *testing.T) {
	intents, err := parseIntents(intentsFile)
	if err != nil {
		t.Fatal(err)
	}
	w, err := parseWritten(writtenFile, intents, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Chose PostgreSQL: we need transactions.", []string{"decision"}},
		{"We went with Fly.io over Render.", []string{"decision"}},
		{"- [ ] write the migration guide\n- [x] ship 1.2", []string{"task"}},
		{"[ ] a box that opens the line", []string{"task"}},
		{"- [x] ship 1.2\n- [X] tag it", nil},
		{"an inline [ ] is not a list item", nil},
		{"The deploy failed with a 502 from the health check.", []string{"error"}},
		{"Root cause: the pool was too small. We decided to raise it.", []string{"decision", "error"}},
		{"Decisions were easy and the withdrawal went well.", nil},
		{"", nil},
	} {
		if got := w.marks(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("marks(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	for _, bad := range []string{"nosuch: decided", "decision decided", "decision:", "decision: ..."} {
		if _, err := parseWritten(bad, intents, nil, ""); err == nil {
			t.Errorf("parseWritten(%q): no error", bad)
		}
	}
}

// TestWrittenAsDecision checks that an entry written as a decision, with
// no tag saying so, answers a decision question before an entry that
// only talks about the subject, and that its tags stay the writer's.
func TestWrittenAsDecision(t *testing.T) {
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws := loggedWorkspace(t, now,
		memory.Entry{Date: "2026-11-27", Time: "09:00", Agent: "planner", Text: "Chose PostgreSQL for the database: we need transactions."},
		memory.Entry{Date: "2026-11-28", Time: "10:00", Agent: "ops", Text: "The database backups run nightly and are kept a week."},
	)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "what did we decide about the database", TopK: 5})
	if len(rs) < 2 || !strings.Contains(rs[0].Snippet, "PostgreSQL") {
		t.Fatalf("want the decision first, got %+v", rs)
	}
	if len(rs[0].Tags) != 0 {
		t.Errorf("marks leaked into the hit's tags: %v", rs[0].Tags)
	}
}

// TestMarksDerivedAgain checks that marks stored by another lexicon (or
// none, as after the migration) are derived again when the engine opens.
func TestMarksDerivedAgain(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws := loggedWorkspace(t, now, memory.Entry{Date: "2026-11-28", Time: "09:00", Text: "- [ ] write the release notes"})
	e := openIndexed(t, ws)
	if _, err := e.st.RewriteMarks(ctx, func(string) []string { return nil }); err != nil {
		t.Fatal(err)
	}
	if err := e.st.SetMeta(ctx, metaWritten, "an older lexicon"); err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	e = openIndexed(t, ws)
	cs, err := e.st.ChunksByPath(ctx, "memory/2026-11-28.md")
	if err != nil || len(cs) != 1 {
		t.Fatalf("chunks %v, %v", cs, err)
	}
	if !slices.Equal(cs[0].Marks, []string{"task"}) {
		t.Errorf("marks %v after reopening, want [task]", cs[0].Marks)
	}
}

// TestWrittenWeighsLessThanTagged checks the intent boost: a writer's tag
// gives all of RankParams.Intent, words alone its Written share, and a
// chunk that is neither keeps its score.
func TestWrittenWeighsLessThanTagged(t *testing.T) {
	p := DefaultRankParams()
	pq := &parsedQuery{tags: map[string]bool{"decision": true}, asks: map[string]bool{"decision": true}}
	for _, tc := range []struct {
		name        string
		tags, marks []string
		want        float64
	}{
		{"tagged", []string{"decision"}, nil, 1 + p.Intent},
		{"tagged and written", []string{"decision"}, []string{"decision"}, 1 + p.Intent},
		{"written", []string{"db"}, []string{"decision"}, 1 + p.Written*p.Intent},
		{"written as something else", nil, []string{"error"}, 1},
		{"neither", []string{"db"}, nil, 1},
	} {
		cands := []cand{{c: &store.Position{ID: "x", Tags: tc.tags, Marks: tc.marks}}}
		cands[0].s = [channels]float64{1, 1}
		applyBoosts(cands, pq, p)
		if got := cands[0].s[lexical]; math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s: score %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestWhenAsksForDone: a question asking when something happened is
// answered by the record of it done, not by the plan to do it that
// shares its words.
func TestWhenAsksForDone(t *testing.T) {
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws := loggedWorkspace(t, now,
		memory.Entry{Date: "2026-11-20", Time: "09:00", Agent: "code", Tags: []string{"done"}, Text: "Shipped the CSV importer to production, after the parser review and a last pass over its docs."},
		memory.Entry{Date: "2026-11-18", Time: "10:00", Agent: "planner", Tags: []string{"context"}, Text: "The CSV importer ships this week."},
	)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "when did we ship the CSV importer?", TopK: 5})
	if len(rs) < 2 || !strings.Contains(rs[0].Snippet, "production") {
		t.Fatalf("want the record of it done first, got %+v", rs)
	}
}

// BenchmarkMarks: what deriving an entry's marks costs an index run, with
// the change statements (markChange) and without.
func BenchmarkMarks(b *testing.B) {
	intents, err := parseIntents(intentsFile)
	if err != nil {
		b.Fatal(err)
	}
	changes, err := parseChanges(changesFile)
	if err != nil {
		b.Fatal(err)
	}
	plain := strings.Repeat("Reviewed the export job: the nightly run now retries twice before it fails, and the alert goes to the on-call channel. ", 4)
	changed := plain + "We moved the alerts from email to the on-call channel."
	for _, bc := range []struct {
		name    string
		changes *changeSet
		text    string
	}{{"words", nil, plain}, {"changes", changes, plain}, {"a change", changes, changed}} {
		text := bc.text
		w, err := parseWritten(writtenFile, intents, bc.changes, changesFile)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				w.marks(text)
			}
		})
	}
}
