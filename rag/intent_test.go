package rag

import (
	"context"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/embed"
)

func TestIntents(t *testing.T) {
	intents, err := parseIntents(intentsFile)
	if err != nil || len(intents) < 3 {
		t.Fatalf("intents.txt: %v %v", intents, err)
	}
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"why did we pick PostgreSQL?", []string{"adr", "decision", "decisions"}},
		{"what's still left to do before launch", []string{"blocked", "next", "pending", "task", "todo"}},
		{"what broke in the migration and how was it fixed", []string{"bug", "error", "fix", "incident"}},
		{"when did we ship the importer", []string{"done"}},
		{"tell me about the invoice pages", nil},
	} {
		var got []string
		tags, _ := asked(intents, tc.q)
		for tag := range tags {
			got = append(got, tag)
		}
		sort.Strings(got)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.q, got, tc.want)
		}
	}
	if _, err := parseIntents("decision: why"); err == nil {
		t.Error("a line without tags is an error")
	}
}

// TestBackgroundIsNotAnAnswer: on a decision question the logged
// decision outranks the principles file that shares its words (L1 is
// loaded at every session start: background, not an answer).
func TestBackgroundIsNotAnAnswer(t *testing.T) {
	ws := demoWorkspace(t)
	builtin, err := embed.NewBuiltin(0)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(context.Background(), ws, Options{Embedder: builtin})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Index(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	rs := search(t, e, Query{Text: "why did we pick PostgreSQL", TopK: 3})
	if len(rs) == 0 || rs[0].Layer != "L2" || !strings.Contains(rs[0].Snippet, "PostgreSQL") {
		t.Fatalf("first hit: %+v", rs)
	}
}

// TestCount: count mode counts the matching chunks by day, agent, tag and
// layer, within the filters.
func TestCount(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	c, err := e.Count(context.Background(), Query{Text: "PostgreSQL"})
	if err != nil || c.Total == 0 || c.ByLayer["L2"] == 0 || len(c.ByDay) == 0 || c.ByTag["db"] == 0 {
		t.Fatalf("count: %+v %v", c, err)
	}
	f, err := e.Count(context.Background(), Query{Text: "PostgreSQL", Filter: Filter{Tags: []string{"db"}}})
	if err != nil || f.Total == 0 || f.Total >= c.Total || f.ByTag["db"] != f.Total {
		t.Fatalf("filtered count %+v of %d: %v", f, c.Total, err)
	}
	var b strings.Builder
	c.WriteText(&b)
	if !strings.Contains(b.String(), "matches") || !strings.Contains(b.String(), "by tag:") {
		t.Fatalf("text: %s", b.String())
	}
	if _, err := e.Count(context.Background(), Query{Text: "x", Filter: Filter{Since: "soon"}}); err == nil {
		t.Fatal("a bad filter is an error")
	}
}

// TestPluralMeetsItsTag: "PDFs" finds what is tagged #pdf, as "PDF" does.
func TestPluralMeetsItsTag(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	ws := loggedWorkspace(t, now,
		memory.Entry{Date: "2026-10-22", Time: "17:05", Agent: "executor", Tags: []string{"fix"}, Text: "Fixed migration 0007: backfilled a DEFAULT first; the migration now runs in 4s on staging."},
		memory.Entry{Date: "2026-10-14", Time: "10:00", Agent: "planner", Tags: []string{"db", "decision"}, Text: "Decided to use PostgreSQL instead of MySQL for the invoicing service."},
		memory.Entry{Date: "2026-11-25", Time: "10:10", Agent: "planner", Tags: []string{"decision", "pdf"}, Text: "Switched from wkhtmltopdf to Gotenberg for PDF rendering: wkhtmltopdf is unmaintained."},
	)
	e := openIndexed(t, ws)
	if rs := search(t, e, Query{Text: "what are we using for PDFs now", TopK: 3}); len(rs) == 0 || !strings.Contains(rs[0].Snippet, "Gotenberg") {
		t.Fatalf("first hit %+v", rs)
	}
	for w, want := range map[string][]string{"bugs": {"bug"}, "dependencies": {"dependency", "dependencie"}, "status": {"statu"}, "class": nil, "is": nil} {
		if got := singulars(w); !slices.Equal(got, want) {
			t.Errorf("singulars(%q) = %v, want %v", w, got, want)
		}
	}
}
