package rag

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

// TestExplainShortFormsAndTags: a hit found through a short form of a
// query word shows that word marked in its snippet and listed in its
// explanation, and one found through its tags lists them.
func TestExplainShortFormsAndTags(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-12-07", Time: "09:00", Agent: "planner", Tags: []string{"db", "decision"}, Text: "Chose Postgres: we need transactions."},
		memory.Entry{Date: "2026-12-07", Time: "10:00", Agent: "coder", Text: "The k8s manifests live in deploy/."},
		memory.Entry{Date: "2026-12-07", Time: "11:00", Agent: "coder", Text: "the **password** rotation happened on the gateway"},
	)
	e := openIndexed(t, ws)
	tests := []struct {
		q, snippet  string
		words, tags []string
	}{
		{"kubernetes manifests", "The **k8s** **manifests** live in deploy/.", []string{"k8s", "manifests"}, nil},
		{"what did we decide about the database", "Chose Postgres: we need transactions.", []string{}, []string{"db", "decision"}},
		// The text's own bold is no mark: its stars are escaped.
		{"gateway", `the \*\*password\*\* rotation happened on the **gateway**`, []string{"gateway"}, nil},
	}
	for _, tt := range tests {
		resp, err := e.Search(context.Background(), Query{Text: tt.q, TopK: 1, Explain: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) != 1 {
			t.Fatalf("%q: %+v", tt.q, resp)
		}
		r := resp.Results[0]
		if r.Snippet != tt.snippet || !slices.Equal(r.Why.Words, tt.words) || !slices.Equal(r.Why.Tags, tt.tags) {
			t.Errorf("%q: snippet %q, why %+v; want %q, words %q, tags %q", tt.q, r.Snippet, r.Why, tt.snippet, tt.words, tt.tags)
		}
		var b strings.Builder
		resp.WriteText(&b)
		if len(tt.tags) > 0 && !strings.Contains(b.String(), "tags #db #decision") {
			t.Errorf("%q: text %q", tt.q, b.String())
		}
	}
}
