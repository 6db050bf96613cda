package rag

import (
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

func TestParseChanges(t *testing.T) {
	cs, err := parseChanges(changesFile)
	if err != nil || cs.re == nil || len(cs.old) == 0 {
		t.Fatalf("changes.txt: %+v %v", cs, err)
	}
	for _, bad := range []string{"switched to {new}", "moved from {old} to {newer}"} {
		if _, err := parseChanges(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestChangedSubjects(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	tests := []struct {
		text string
		want [][]string
	}{
		{"Switched from MySQL to PostgreSQL: we need JSONB.", [][]string{{"mysql"}}},
		{"We no longer use the Redis cache for sessions.", [][]string{{"redis", "cache"}}},
		{"Replaced node-fetch with undici in the client.", [][]string{{"node-fetch"}}},
		{"Chose MySQL for the orders database.", nil},
	}
	for _, tt := range tests {
		got := e.changedSubjects(tt.text)
		if len(got) != len(tt.want) {
			t.Errorf("%q: %q, want %q", tt.text, got, tt.want)
			continue
		}
		for i := range got {
			if len(got[i]) != len(tt.want[i]) || got[i][0] != tt.want[i][0] {
				t.Errorf("%q: %q, want %q", tt.text, got, tt.want)
			}
		}
	}
}

// TestSupersededDecision: a later entry that switched away from what an
// earlier decision chose ranks above it, both are found, and each hit
// names the other.
func TestSupersededDecision(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-10-01", Time: "09:00", Agent: "planner", Tags: []string{"decision", "db"}, Text: "Chose MySQL for the orders database: the team knows it well and the hosting plan includes it."},
		memory.Entry{Date: "2026-10-20", Time: "11:00", Agent: "executor", Tags: []string{"progress"}, Text: "Orders database backups run nightly."},
		memory.Entry{Date: "2026-11-15", Time: "14:00", Agent: "planner", Tags: []string{"decision"}, Text: "Switched from MySQL to PostgreSQL for orders: we need transactional DDL."},
	)
	e := openIndexed(t, ws)
	for _, q := range []string{"why did we choose MySQL for the orders database", "which database do orders use"} {
		rs := search(t, e, Query{Text: q, TopK: 5})
		first, old := -1, -1
		for i, r := range rs {
			switch r.Date {
			case "2026-11-15":
				first = i
			case "2026-10-01":
				old = i
			}
		}
		if first < 0 || old < 0 || first > old {
			t.Fatalf("%q: the switch (at %d) must rank above the old decision (at %d): %+v", q, first, old, rs)
		}
		if by := rs[old].SupersededBy; by == nil || by.Date != "2026-11-15" || by.Path != rs[first].Path || by.LineStart != rs[first].LineStart {
			t.Errorf("%q: superseded_by %+v", q, rs[old].SupersededBy)
		}
		if s := rs[first].Supersedes; len(s) != 1 || s[0].Date != "2026-10-01" {
			t.Errorf("%q: supersedes %+v", q, s)
		}
		for i, r := range rs {
			if i != old && r.SupersededBy != nil {
				t.Errorf("%q: hit %d (%s) marked superseded", q, i, r.Snippet)
			}
		}
	}
}
