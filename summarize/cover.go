package summarize

import (
	_ "embed"
	"math"
	"slices"

	porter "github.com/blevesearch/go-porterstemmer"

	"github.com/archon-memory/archon/internal/wordset"
)

// coverExp is how strongly a sentence's length counts against what it
// adds: 1 is gain per token, 0 ignores length. Chosen on QMSum's train
// meetings (0.6 / 0.8 / 1.0; ROUGE-2 recall at 500 cl100k tokens).
const coverExp = 0.8

// cover orders units by concept coverage (Gillick & Favre 2009): the
// concepts are the pairs of adjacent stemmed words that recur, said in
// two sentences or more (a pair of two stop words is not one), each
// worth the square root of the number of sentences saying it. Each step
// takes the unit whose concepts not yet covered are worth most per token
// of its text (the cost to the power coverExp), so what a meeting keeps
// coming back to is said once, in its shortest form. A sentence with
// fewer than minWords content words is never taken. It returns at most n
// units, in the order taken, and stops when no unit adds a concept.
//
// The greedy is lazy (Minoux 1978): a unit's gain only falls as concepts
// are covered, so its last computed gain bounds it, and only units whose
// bound beats the best gain of the step so far are recomputed. Ties go to
// the earlier unit.
func cover(us []*unit, n int, cost func(*unit) int) []*unit {
	concepts, worth := unitConcepts(us)
	scale := make([]float64, len(us)) // 1 / cost^coverExp, for units with concepts
	covered := make([]bool, len(worth))
	gain := func(i int) float64 {
		var g float64
		for _, id := range concepts[i] {
			if !covered[id] {
				g += worth[id]
			}
		}
		return g * scale[i]
	}
	bound := make([]float64, len(us)) // each unit's gain as last computed
	for i := range us {
		if len(concepts[i]) > 0 {
			scale[i] = 1 / math.Pow(float64(max(1, cost(us[i]))), coverExp)
			bound[i] = gain(i)
		}
	}
	var out []*unit
	for len(out) < n {
		best, most := -1, 0.0
		for i, b := range bound {
			if b <= most {
				continue // it cannot beat the best so far
			}
			if bound[i] = gain(i); bound[i] > most {
				best, most = i, bound[i]
			}
		}
		if best < 0 {
			break
		}
		for _, id := range concepts[best] {
			covered[id] = true
		}
		out = append(out, us[best])
	}
	return out
}

// unitConcepts returns each unit's distinct concepts, by id, and each
// concept's worth; a concept said in one sentence only is dropped.
func unitConcepts(us []*unit) ([][]int32, []float64) {
	type word struct {
		stem int32 // the id of its stem
		stop bool
	}
	words := map[string]word{}
	stems := map[string]int32{}
	ids := map[[2]int32]int32{}       // concept ids by pair of stem ids
	var count []struct{ n, last int } // per concept: the units holding it, the last of them (i+1)
	concepts := make([][]int32, len(us))
	var ws []word
	for i, u := range us {
		ws = ws[:0]
		content := 0
		for _, w := range u.words {
			x, ok := words[w]
			if !ok {
				x = word{intern(stems, porter.StemString(w)), stopWords.Has(w)}
				words[w] = x
			}
			ws = append(ws, x)
			if !x.stop {
				content++
			}
		}
		if content < minWords {
			continue
		}
		var row []int32
		for k := 1; k < len(ws); k++ {
			if ws[k-1].stop && ws[k].stop {
				continue
			}
			id := intern(ids, [2]int32{ws[k-1].stem, ws[k].stem})
			if int(id) == len(count) {
				count = append(count, struct{ n, last int }{}) // a new concept
			}
			if count[id].last != i+1 { // once a unit, in time linear in its words
				row, count[id].n, count[id].last = append(row, id), count[id].n+1, i+1
			}
		}
		concepts[i] = row
	}
	worth := make([]float64, len(count))
	for id, c := range count {
		if c.n >= 2 {
			worth[id] = math.Sqrt(float64(c.n))
		}
	}
	for i, row := range concepts {
		concepts[i] = slices.DeleteFunc(row, func(id int32) bool { return worth[id] == 0 })
	}
	return concepts, worth
}

//go:embed stopwords.txt
var stopWordsFile string

// stopWords are the function words of stopwords.txt.
var stopWords = wordset.Parse(stopWordsFile)
