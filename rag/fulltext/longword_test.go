package fulltext

import (
	"context"
	"strings"
	"testing"
)

// TestLongWordsLeaveTheDictionary: a word longer than MaxTermBytes (a
// pasted blob) is no term of the index: no search walks it, no merge
// copies it.
func TestLongWordsLeaveTheDictionary(t *testing.T) {
	ix, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	blob := strings.Repeat("q7", 1<<19) // 1 MiB without white space
	edge := strings.Repeat("x", MaxTermBytes)
	docs := []Doc{{ID: "a", Text: "pasted the zanzibar dump " + blob + " " + edge + " end", Layer: "L2"}}
	if err := ix.Apply(context.Background(), docs, nil, []Session{{ID: "s", Text: docs[0].Text}}, nil); err != nil {
		t.Fatal(err)
	}
	for _, which := range []string{"entries", "sessions"} {
		idx := ix.entries
		if which == "sessions" {
			idx = ix.sessions
		}
		d, err := idx.FieldDict(FieldText)
		if err != nil {
			t.Fatal(err)
		}
		sawEdge := false
		for {
			e, err := d.Next()
			if err != nil {
				t.Fatal(err)
			}
			if e == nil {
				break
			}
			if len(e.Term) > MaxTermBytes {
				t.Fatalf("%s holds a term of %d bytes", which, len(e.Term))
			}
			sawEdge = sawEdge || e.Term == edge
		}
		d.Close()
		if !sawEdge {
			t.Fatalf("%s lost the word of exactly %d bytes", which, MaxTermBytes)
		}
	}
}
