package fulltext

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBuildEmpty: a workspace with nothing to index yet (a fresh one:
// its templates say nothing) builds an empty index that opens.
func TestBuildEmpty(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ft")
	if err := Build(context.Background(), dir, nil, nil); err != nil {
		t.Fatal(err)
	}
	idx, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestBuildReusesDocTerms: a session given as its documents (Docs) is
// indexed with the same terms as one whose Text is analysed: both indexes
// score every term alike.
func TestBuildReusesDocTerms(t *testing.T) {
	ctx := context.Background()
	docs := []Doc{
		{ID: "a", Text: "Chose PostgreSQL: we need transactions.\nChose PostgreSQL: we need transactions."},
		{ID: "b", Text: ""},
		{ID: "c", Text: "the and of"}, // stop words only: no terms
		{ID: "d", Text: "The agent's migrations ran; café ÜBER naïve"},
		{ID: "e", Text: "trailing punctuation...\n\n- [ ] open item\n- [x] done"},
		{ID: "f", Text: "getUserName v1.2.3 rate-limit 42ms"},
	}
	var words []string
	sessions := func(withDocs bool) []Session {
		parts := [][]int{{0, 1, 2}, {3, 4, 5}, {1, 2}, {5}}
		out := make([]Session, len(parts))
		for i, p := range parts {
			var b strings.Builder
			for _, d := range p {
				b.WriteString(docs[d].Text)
				b.WriteByte('\n')
			}
			out[i] = Session{ID: fmt.Sprintf("s%d", i), Text: b.String()}
			if withDocs {
				out[i].Docs = p
			}
		}
		return out
	}
	an, err := NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		words = append(words, an.Terms(d.Text)...)
	}
	var idx [2]*Index
	for k, withDocs := range []bool{false, true} {
		dir := filepath.Join(t.TempDir(), "ft")
		if err := Build(ctx, dir, docs, sessions(withDocs)); err != nil {
			t.Fatal(err)
		}
		ix, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		idx[k] = ix
	}
	ids := []string{"s0", "s1", "s2", "s3"}
	for _, w := range append(words, "absent") {
		var got [2][]Hit
		for k, ix := range idx {
			got[k], err = ix.SearchSessions(ctx, []Term{{Text: w, Weight: 1}}, ids)
			if err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(got[0], got[1]) {
			t.Errorf("term %q: sessions from their documents score %v, from their text %v", w, got[1], got[0])
		}
	}
	// Every session was indexed (the stop-word-only one included).
	for k, ix := range idx {
		if n, err := ix.sessions.DocCount(); err != nil || n != 4 {
			t.Errorf("index %d: %d sessions (%v), want 4", k, n, err)
		}
	}
}
