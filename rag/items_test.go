package rag

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

// TestOneHitPerItem checks that a long entry split into overlapping pieces
// is one hit, its best piece, and leaves the other places to other items.
func TestOneHitPerItem(t *testing.T) {
	var long []string
	for i := range 60 {
		long = append(long, fmt.Sprintf("- step %d of the ledger migration moved table t%d to the new schema", i, i))
	}
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws := loggedWorkspace(t, now,
		memory.Entry{Date: "2026-11-28", Time: "09:00", Agent: "code", Text: strings.Join(long, "\n")},
		memory.Entry{Date: "2026-11-28", Time: "10:00", Agent: "code", Text: "The ledger migration needs a rollback plan."},
		memory.Entry{Date: "2026-11-29", Time: "11:00", Agent: "ops", Text: "Ledger migration schema checked in staging."},
	)
	e := openIndexed(t, ws)
	parts, err := e.st.ChunksByPath(context.Background(), "memory/2026-11-28.md")
	if err != nil {
		t.Fatal(err)
	}
	split := 0
	for _, c := range parts {
		split = max(split, c.Part)
	}
	if split == 0 {
		t.Fatal("the long entry was not split: the test needs a longer one")
	}
	rs := search(t, e, Query{Text: "ledger migration schema", TopK: 10})
	items := map[string]bool{}
	for _, r := range rs {
		item, err := e.Get(context.Background(), r.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		key := fmt.Sprintf("%s:%d", item.Path, item.LineStart)
		if items[key] {
			t.Errorf("two hits in the item at %s: %+v", key, rs)
		}
		items[key] = true
	}
	if len(items) != 3 {
		t.Errorf("want the 3 entries as hits, got %d: %+v", len(items), rs)
	}
}
