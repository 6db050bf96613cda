package rag

import (
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

func TestNearness(t *testing.T) {
	tests := []struct {
		name  string
		terms []string
		seen  [][2]any // position, term
		want  int      // fewest words between two different terms, 0 for none
	}{
		{"none", []string{"a", "b"}, nil, 0},
		{"one term only", []string{"a", "b"}, [][2]any{{1, "a"}, {4, "a"}}, 0},
		{"adjacent", []string{"a", "b"}, [][2]any{{3, "a"}, {4, "b"}}, 1},
		{"the closest pair counts", []string{"a", "b", "c"}, [][2]any{{0, "a"}, {9, "b"}, {20, "c"}, {22, "b"}}, 2},
		{"a repeat moves the term", []string{"a", "b"}, [][2]any{{0, "a"}, {7, "a"}, {9, "b"}}, 2},
	}
	for _, tt := range tests {
		var n nearness
		n.reset()
		for _, s := range tt.seen {
			n.see(s[0].(int), s[1].(string))
		}
		if n.d != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, n.d, tt.want)
		}
	}
}

// TestProximity: of two entries with the same words, the one where the
// query's words stand together ranks first; without the proximity step
// they tie.
func TestProximity(t *testing.T) {
	filler := strings.Repeat("The nightly job ran again and the dashboard showed the usual numbers for each region. ", 4)
	apart := "Investigation notes\nSaved state of the form is now written on every change. " + filler + "Searches by tag are slower than expected."
	together := "Investigation notes\nSaved searches by tag are slower than expected. " + filler + "State of the form is now written on every change."
	ws := loggedWorkspace(t, time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-27", Time: "09:00", Agent: "qa", Text: apart},
		memory.Entry{Date: "2026-11-28", Time: "09:00", Agent: "qa", Text: together},
	)
	for _, tc := range []struct {
		proximity float64
		first     string
	}{
		{DefaultRankParams().Proximity, "memory/2026-11-28.md"},
		{0, ""}, // a tie
	} {
		p := DefaultRankParams()
		p.Proximity = tc.proximity
		e := openIndexedWith(t, ws, Options{Rank: p})
		rs := search(t, e, Query{Text: "why are saved searches slow", TopK: 2})
		e.Close()
		if len(rs) != 2 {
			t.Fatalf("proximity %g: want both entries, got %+v", tc.proximity, rs)
		}
		if tc.first == "" {
			if rs[0].Score != rs[1].Score {
				t.Errorf("proximity off: want a tie, got %v and %v", rs[0].Score, rs[1].Score)
			}
		} else if rs[0].Path != tc.first || rs[0].Score <= rs[1].Score {
			t.Errorf("proximity %g: want %s first and ahead, got %+v", tc.proximity, tc.first, rs)
		}
	}
}
