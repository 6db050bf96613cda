package rag

import (
	"math"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/store"
)

// TestRecordsTakeLessOfTheirNeighbours checks propagate: in a dialogue
// (speakers alternate) the entry after a matching turn takes its share of
// the evidence in full; in a log of records (runs by one agent, or no
// agent) it takes RankParams.Record of it. Pieces of one entry are one turn.
func TestRecordsTakeLessOfTheirNeighbours(t *testing.T) {
	p := DefaultRankParams()
	for _, tc := range []struct {
		name   string
		agents []string
		parts  []int
		lean   float64 // share of the Next weight the second entry takes
	}{
		{"dialogue", []string{"ann", "bob", "ann", "bob"}, nil, 1},
		{"dialogue with a split turn", []string{"ann", "bob", "bob", "ann"}, []int{0, 0, 1, 0}, 1},
		{"one agent's records", []string{"architect", "architect", "code", "debug"}, nil, p.Record},
		{"no agents", []string{"", "", "", ""}, nil, p.Record},
	} {
		cands := make([]cand, len(tc.agents))
		for i, a := range tc.agents {
			pos := &store.Position{ID: string(rune('a' + i)), Path: "memory/2026-11-28.md", Seq: i, Agent: a, Size: 100}
			if tc.parts != nil {
				pos.Part = tc.parts[i]
			}
			cands[i].c = pos
		}
		cands[0].s0[lexical] = 1 // only the first entry matches
		propagate(cands, p)
		want := tc.lean*p.Prev + p.FileMax*1 // from the entry before it, and the file's best
		if got := cands[1].s[lexical]; math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: second entry scores %v, want %v", tc.name, got, want)
		}
	}
}

// TestAgentsInTurnAreNoDialogue: agents that each log once in turn are a
// log of records: an entry with no word of the query is no hit for
// sitting between two others (a dialogue comes back to a speaker).
func TestAgentsInTurnAreNoDialogue(t *testing.T) {
	now := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	ws := loggedWorkspace(t, now,
		memory.Entry{Date: "2026-12-01", Time: "09:00", Agent: "planner", Text: "Rotated the Vault signing keys."},
		memory.Entry{Date: "2026-12-01", Time: "10:00", Agent: "executor", Text: "Bumped the CSV writer to v2."},
		memory.Entry{Date: "2026-12-01", Time: "11:00", Agent: "reviewer", Text: "Reviewed the billing export page."},
	)
	e := openIndexed(t, ws)
	if rs := search(t, e, Query{Text: "vault"}); len(rs) != 1 {
		t.Fatalf("vault: %d hits, want the one entry that says it: %+v", len(rs), rs)
	}
	// A filter's agent is any case.
	if rs := search(t, e, Query{Text: "vault", Filter: Filter{Agents: []string{"Planner"}}}); len(rs) != 1 {
		t.Fatalf("vault by Planner: %+v", rs)
	}
}
