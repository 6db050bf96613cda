package summarize

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/archon-memory/archon/summarize/acts"
)

func units(texts ...string) []*unit {
	us := make([]*unit, len(texts))
	for i, t := range texts {
		us[i] = &unit{text: t, words: acts.Words(t), at: i}
	}
	return us
}

func wordCost(u *unit) int { return len(u.words) }

func TestCover(t *testing.T) {
	tests := []struct {
		name  string
		texts []string
		n     int
		want  []string // texts taken, in order
	}{
		{
			name: "a recurring concept, said once in its shortest form",
			texts: []string{
				"the remote control needs a bigger battery and a rubber case for the kids",
				"remote control battery life matters",
				"we talked about remote control battery life for a long long while today",
			},
			n:    3,
			want: []string{"remote control battery life matters"},
		},
		{
			name: "nothing recurs: nothing is taken",
			texts: []string{
				"the budget review moved to thursday afternoon",
				"lunch options near the office were discussed",
			},
			n: 2,
		},
		{
			name: "short sentences are never taken",
			texts: []string{
				"remote control",
				"remote control",
				"the remote control design uses curved plastic",
				"a remote control with curved plastic casing",
			},
			n: 4,
			// Equal gains and costs: the earlier one, once.
			want: []string{"the remote control design uses curved plastic"},
		},
		{
			name: "at most n",
			texts: []string{
				"speech recognition error rates dropped after tuning",
				"speech recognition error rates are lower now",
				"the noise reduction filter helps the far microphone",
				"noise reduction filter results look better",
			},
			n: 1,
			// Three recurring pairs in seven words beat two in six; the
			// two speech sentences tie, and the earlier one is taken.
			want: []string{"speech recognition error rates dropped after tuning"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, u := range cover(units(tt.texts...), tt.n, wordCost) {
				got = append(got, u.text)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("cover = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCoverLazyIsGreedy checks the lazy greedy against the plain one on
// random conversations: the same units, in the same order.
func TestCoverLazyIsGreedy(t *testing.T) {
	vocab := strings.Fields("remote control battery design plastic case speech noise filter budget screen button " +
		"the a of to we and market price voice yellow fruit spongy")
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		texts := make([]string, 5+r.IntN(60))
		for i := range texts {
			ws := make([]string, 3+r.IntN(12))
			for k := range ws {
				ws[k] = vocab[r.IntN(len(vocab))]
			}
			texts[i] = strings.Join(ws, " ")
		}
		us := units(texts...)
		n := 1 + r.IntN(len(us))
		got := cover(us, n, wordCost)
		if want := plainCover(us, n, wordCost); !slices.Equal(got, want) {
			t.Fatalf("trial %d: lazy took %d units, plain %d, or in another order", trial, len(got), len(want))
		}
	}
}

// plainCover recomputes every gain at every step.
func plainCover(us []*unit, n int, cost func(*unit) int) []*unit {
	concepts, worth := unitConcepts(us)
	covered := make([]bool, len(worth))
	used := make([]bool, len(us))
	var out []*unit
	for len(out) < n {
		best, bestV := -1, 0.0
		for i := range us {
			if used[i] {
				continue
			}
			var g float64
			for _, id := range concepts[i] {
				if !covered[id] {
					g += worth[id]
				}
			}
			if v := g * (1 / math.Pow(float64(max(1, cost(us[i]))), coverExp)); v > bestV {
				best, bestV = i, v
			}
		}
		if best < 0 {
			break
		}
		used[best] = true
		for _, id := range concepts[best] {
			covered[id] = true
		}
		out = append(out, us[best])
	}
	return out
}
