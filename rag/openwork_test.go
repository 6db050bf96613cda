package rag

import (
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

func TestListState(t *testing.T) {
	tests := []struct {
		text       string
		open, done int
	}{
		{"- [x] write the parser\n- [ ] wire the CLI\n- [ ] docs", 2, 1},
		{"✅ Test the router\n7. ✅ Update tests\n8. Plan the email login", 1, 2},
		{"1. Add rate limiting\n2. Enhance password policies", 2, 0},
		{"Plain prose, no list at all.", 0, 0},
		{"- ✓ one\n- ✔ two\n- ☑ three", 0, 3},
		{"[ ] Implement the config flow\n*   [X] Initialize the memory bank", 1, 1},
	}
	for _, tt := range tests {
		if open, done, _ := listState(tt.text); open != tt.open || done != tt.done {
			t.Errorf("%q: open %d done %d, want %d %d", tt.text, open, done, tt.open, tt.done)
		}
	}
}

// TestOpenWorkOverDoneWork: on a question about what is left, a to-do
// list of open items ranks above one whose items are checked off.
func TestOpenWorkOverDoneWork(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-30", Time: "09:00", Agent: "planner", Tags: []string{"todo"}, Text: "Wombat importer:\n- ✅ parse the wombat CSV\n- ✅ map the wombat columns\n- ✅ wombat import tests"},
		memory.Entry{Date: "2026-11-20", Time: "09:00", Agent: "planner", Tags: []string{"todo"}, Text: "Wombat exporter:\n- [ ] stream the export\n- [ ] retry failed uploads"},
	)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "what is still left to do on wombat", TopK: 2})
	if len(rs) != 2 || rs[0].Date != "2026-11-20" {
		t.Fatalf("open list not first: %+v", rs)
	}
}

// TestOneUncheckedBoxIsWorkLeft: a list with a box still unchecked holds
// work left; its checked items do not discount it as done work.
func TestOneUncheckedBoxIsWorkLeft(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-30", Time: "09:00", Agent: "planner", Tags: []string{"todo"}, Text: "Wombat importer:\n- [x] parse the CSV\n- [x] map the columns\n- [ ] write the wombat importer docs"},
		memory.Entry{Date: "2026-11-20", Time: "09:00", Agent: "planner", Tags: []string{"todo"}, Text: "Wombat exporter:\n- [ ] parse the CSV\n- [ ] map the columns\n- [ ] write the wombat exporter docs"},
	)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "what wombat docs are still left to write", TopK: 2})
	if len(rs) != 2 {
		t.Fatalf("want both lists: %+v", rs)
	}
	score := map[string]float64{rs[0].Date: rs[0].Score, rs[1].Date: rs[1].Score}
	if done, open := score["2026-11-30"], score["2026-11-20"]; done < 0.9*open {
		t.Fatalf("a list with a box unchecked scored %.3f against %.3f for an all-open one", done, open)
	}
}

// TestLatestOpenWork: on a question about open work, of two lists that
// answer it nearly alike the later is first (the longer one, which the
// text alone ranks second); a decision question is not weighed by date.
func TestLatestOpenWork(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-10", Time: "09:00", Agent: "planner", Tags: []string{"todo"}, Text: "Wombat importer:\n- [ ] stream the rows\n- [ ] retry failed uploads"},
		memory.Entry{Date: "2026-11-25", Time: "09:00", Agent: "planner", Tags: []string{"todo"}, Text: "Wombat importer:\n- [ ] stream the rows\n- [ ] retry failed uploads\n- [ ] log the rows"},
		memory.Entry{Date: "2026-11-11", Time: "09:00", Agent: "architect", Tags: []string{"decision"}, Text: "Wombat importer: we chose streaming rows over batches."},
		memory.Entry{Date: "2026-11-26", Time: "09:00", Agent: "architect", Tags: []string{"decision"}, Text: "Wombat importer: we chose batches over streaming rows."},
	)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "what is still left to do on the wombat importer", TopK: 2})
	if len(rs) == 0 || rs[0].Date != "2026-11-25" {
		t.Fatalf("the latest open list is not first: %+v", rs)
	}
	rs = search(t, e, Query{Text: "why did we choose streaming rows for the wombat importer", TopK: 4})
	var got []float64
	for _, r := range rs {
		if r.Agent == "architect" {
			got = append(got, r.Score)
		}
	}
	if len(got) != 2 || got[0] != got[1] {
		t.Fatalf("decisions weighed by date: %+v", rs)
	}
}
