package locomo

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// Loc is a path and 1-based inclusive line range.
type Loc struct {
	Path      string `json:"path"`
	LineStart int    `json:"line_start"`
	LineEnd   int    `json:"line_end"`
}

// Question is one qrels line (the answer and evidence ids are not read).
type Question struct {
	QID          string `json:"qid"`
	Question     string `json:"question"`
	Category     int    `json:"category"`
	EvidenceLocs []Loc  `json:"evidence_locs"`
}

// Metrics are averaged retrieval metrics, as score.py computes them.
type Metrics struct {
	N     int     `json:"n"`
	R1    float64 `json:"R@1"`
	R3    float64 `json:"R@3"`
	R5    float64 `json:"R@5"`
	R10   float64 `json:"R@10"`
	H10   float64 `json:"H@10"`
	NDCG  float64 `json:"nDCG@10"`
	Span  float64 `json:"mean_span_top10"`
	spans int
}

func covers(r, loc Loc) bool {
	rs, re := r.LineStart, r.LineEnd
	if re < rs {
		rs, re = re, rs
	}
	return (r.Path == loc.Path || strings.HasSuffix(r.Path, "/"+loc.Path)) && rs <= loc.LineEnd && loc.LineStart <= re
}

// scoreQuestion returns R@1,3,5,10, H@10 and nDCG@10 for one question.
func scoreQuestion(locs, results []Loc) (r [4]float64, h10, ndcg float64) {
	if len(results) > 10 {
		results = results[:10]
	}
	first := make([]int, len(locs))
	dcg := 0.0
	for rank, res := range results {
		isNew := false
		for j, loc := range locs {
			if first[j] == 0 && covers(res, loc) {
				first[j] = rank + 1
				isNew = true
			}
		}
		if isNew {
			dcg += 1 / math.Log2(float64(rank+2))
		}
	}
	idcg := 0.0
	for i := 1; i <= min(len(locs), 10); i++ {
		idcg += 1 / math.Log2(float64(i+1))
	}
	for i, k := range []int{1, 3, 5, 10} {
		hits := 0
		for _, f := range first {
			if f > 0 && f <= k {
				hits++
			}
		}
		r[i] = float64(hits) / float64(len(locs))
		if k == 10 && hits > 0 {
			h10 = 1
		}
	}
	return r, h10, dcg / idcg
}

// Score averages the metrics over the questions that have evidence, overall
// and per category ("1 multi-hop", ...).
func Score(qs []Question, results map[string][]Loc) map[string]*Metrics {
	names := map[int]string{1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
	groups := map[string]*Metrics{"overall": {}}
	for _, q := range qs {
		if len(q.EvidenceLocs) == 0 {
			continue
		}
		res := results[q.QID]
		r, h, n := scoreQuestion(q.EvidenceLocs, res)
		cat := fmt.Sprintf("%d %s", q.Category, names[q.Category])
		if groups[cat] == nil {
			groups[cat] = &Metrics{}
		}
		for _, g := range []*Metrics{groups["overall"], groups[cat]} {
			g.N++
			g.R1 += r[0]
			g.R3 += r[1]
			g.R5 += r[2]
			g.R10 += r[3]
			g.H10 += h
			g.NDCG += n
			for _, x := range res[:min(len(res), 10)] {
				g.Span += float64(x.LineEnd - x.LineStart + 1)
				g.spans++
			}
		}
	}
	for _, g := range groups {
		if g.N > 0 {
			n := float64(g.N)
			g.R1, g.R3, g.R5, g.R10, g.H10, g.NDCG = g.R1/n, g.R3/n, g.R5/n, g.R10/n, g.H10/n, g.NDCG/n
		}
		if g.spans > 0 {
			g.Span /= float64(g.spans)
		}
	}
	return groups
}

// PrintTable writes the metrics as a table, overall first.
func PrintTable(w io.Writer, groups map[string]*Metrics) {
	var names []string
	for k := range groups {
		if k != "overall" {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	fmt.Fprintf(w, "%-16s %5s %7s %7s %7s %7s %7s %8s %6s\n", "group", "n", "R@1", "R@3", "R@5", "R@10", "H@10", "nDCG@10", "span")
	for _, k := range append([]string{"overall"}, names...) {
		g := groups[k]
		fmt.Fprintf(w, "%-16s %5d %7.3f %7.3f %7.3f %7.3f %7.3f %8.3f %6.2f\n", k, g.N, g.R1, g.R3, g.R5, g.R10, g.H10, g.NDCG, g.Span)
	}
}
