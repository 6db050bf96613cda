package tokens

import (
	"testing"
)

// TestEstimateNeverFarBelow checks the promise of the package doc: on prose,
// code and JSON the estimate is never more than 5% below the larger of the
// cl100k and o200k counts.
func TestEstimateNeverFarBelow(t *testing.T) {
	samples := corpus(t, 4000)
	type agg struct {
		n              int
		minRatio, sumR float64
		worst          string
		lenDiv4        float64
	}
	stats := map[string]*agg{}
	for _, s := range samples {
		truth := max(Count(s.text), CountO200K(s.text))
		if truth < 50 {
			continue
		}
		est := CountEstimate(s.text)
		r := float64(est) / float64(truth)
		a := stats[s.kind]
		if a == nil {
			a = &agg{minRatio: 10}
			stats[s.kind] = a
		}
		a.n++
		a.sumR += r
		a.lenDiv4 += float64(len(s.text)/4) / float64(truth)
		if r < a.minRatio {
			a.minRatio, a.worst = r, s.name
		}
		if r < 0.95 {
			t.Errorf("%s %s: estimate %d is %.1f%% below truth %d", s.kind, s.name, est, 100*(1-r), truth)
		}
	}
	for _, kind := range []string{"prose", "code", "json"} {
		a := stats[kind]
		if a == nil || a.n == 0 {
			t.Errorf("no %s samples", kind)
			continue
		}
		t.Logf("%-5s n=%3d estimate/truth min %.3f (%s) mean %.3f; len/4 mean %.3f",
			kind, a.n, a.minRatio, a.worst, a.sumR/float64(a.n), a.lenDiv4/float64(a.n))
	}
}
