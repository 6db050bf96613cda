package rag

import (
	"context"
	"strings"
	"testing"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/fulltext"
)

// TestLongWordsAreNoTerms: next to a word longer than
// fulltext.MaxTermBytes (a pasted blob) the words around it are found as
// usual (fulltext's TestLongWordsLeaveTheDictionary checks the blob is no
// term).
func TestLongWordsAreNoTerms(t *testing.T) {
	ws := vectorWorkspace(t, 50)
	blob := strings.Repeat("q7", 1<<19) // 1 MiB without white space
	if _, err := ws.Append(context.Background(), memory.Entry{Date: "2026-11-20", Time: "10:00", Text: "pasted the zanzibar dump " + blob + " end"}); err != nil {
		t.Fatal(err)
	}
	e := openVectors(t, ws, true)
	if n := e.ft.Stats().Entries.FieldCardinality[fulltext.FieldText]; n == 0 {
		t.Fatal("no statistics")
	}
	if rs := search(t, e, Query{Text: "zanzibar dump", TopK: 3}); len(rs) == 0 || !strings.Contains(rs[0].Snippet, "zanzibar") {
		t.Fatalf("the words around the blob are not found: %+v", rs)
	}
}
