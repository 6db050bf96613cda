package tokens

import (
	"fmt"
	"os"
	"testing"
)

func TestFit(t *testing.T) {
	if os.Getenv("FIT") == "" {
		t.Skip()
	}
	samples := corpus(t, 4000)
	var texts []string
	var truth []float64
	for _, s := range samples {
		tr := max(Count(s.text), CountO200K(s.text))
		if tr >= 50 {
			texts = append(texts, s.text)
			truth = append(truth, float64(tr))
		}
	}
	eval := func(p *params) (float64, float64) {
		mn, sum := 10.0, 0.0
		for i, s := range texts {
			r := float64(estimateWith(s, p)) / truth[i]
			mn = min(mn, r)
			sum += r
		}
		return mn, sum / float64(len(texts))
	}
	score := func(p *params) float64 {
		mn, mean := eval(p)
		pen := 0.0
		if mn < 0.975 {
			pen = (0.975 - mn) * 50
		}
		return mean + pen
	}
	p := calibrated
	fields := []*int{&p.word, &p.wordFree, &p.perLetter, &p.perCap, &p.hump, &p.digits, &p.punct, &p.punctNext, &p.newline, &p.indent, &p.spaces, &p.lone}
	best := score(&p)
	for round := 0; round < 8; round++ {
		for _, f := range fields {
			for _, d := range []int{-20, -10, -5, 5, 10, 20} {
				old := *f
				*f += d
				if *f < 0 {
					*f = old
					continue
				}
				if s := score(&p); s < best {
					best = s
				} else {
					*f = old
				}
			}
		}
		mn, mean := eval(&p)
		fmt.Printf("round %d: min %.3f mean %.3f %+v\n", round, mn, mean, p)
	}
}
