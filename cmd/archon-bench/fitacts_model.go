package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
)

// penalties is lambda for the lexicon features and 0 for the controls.
func penalties(dim int, lambda float64) []float64 {
	p := make([]float64, dim)
	for j := len(controlNames); j < dim; j++ {
		p[j] = lambda
	}
	return p
}

// fitTarget fits a target on the meetings keep selects (all when nil).
func fitTarget(ds *dataset, target string, lambda float64, keep func(int) bool) []float64 {
	rows, y, _ := ds.subset(target, keep)
	return fitLogistic(rows, y, ds.dim, penalties(ds.dim, lambda))
}

// fitLogistic minimises the logistic loss of rows against y plus
// sum_j penalty[j]/2 * beta_j^2 by Newton's method with step halving. It is
// deterministic. Features that never occur and are penalised stay at 0.
func fitLogistic(rows []sparseRow, y []float64, dim int, penalty []float64) []float64 {
	beta := make([]float64, dim)
	obj := func(b []float64) float64 {
		f := 0.0
		for i, r := range rows {
			z := dot(r, b)
			f += softplus(z) - y[i]*z
		}
		for j, l := range penalty {
			f += l / 2 * b[j] * b[j]
		}
		return f
	}
	cur := obj(beta)
	h := make([]float64, dim*dim)
	g := make([]float64, dim)
	for iter := 0; iter < 100; iter++ {
		clear(h)
		clear(g)
		for i, r := range rows {
			p := sigmoid(dot(r, beta))
			w := p * (1 - p)
			d := p - y[i]
			for a, ia := range r.idx {
				g[ia] += d * r.val[a]
				wa := w * r.val[a]
				row := h[int(ia)*dim:]
				for b := 0; b <= a; b++ {
					row[r.idx[b]] += wa * r.val[b]
				}
			}
		}
		for j := range dim {
			g[j] += penalty[j] * beta[j]
			h[j*dim+j] += penalty[j] + 1e-9
			for k := 0; k < j; k++ {
				h[k*dim+j] = h[j*dim+k]
			}
		}
		step, ok := solveSPD(h, g, dim)
		if !ok {
			break
		}
		t := 1.0
		next := make([]float64, dim)
		var f float64
		for range 30 {
			for j := range dim {
				next[j] = beta[j] - t*step[j]
			}
			f = obj(next)
			if f <= cur {
				break
			}
			t /= 2
		}
		if f > cur {
			break
		}
		maxStep := 0.0
		for j := range dim {
			maxStep = max(maxStep, math.Abs(t*step[j]))
		}
		beta, cur = next, f
		if maxStep < 1e-7 {
			break
		}
	}
	return beta
}

// solveSPD solves h x = g for a symmetric positive definite h (row-major,
// n x n) by Cholesky decomposition; h is overwritten.
func solveSPD(h, g []float64, n int) ([]float64, bool) {
	for j := range n {
		s := h[j*n+j]
		for k := range j {
			s -= h[j*n+k] * h[j*n+k]
		}
		if s <= 0 || math.IsNaN(s) {
			return nil, false
		}
		d := math.Sqrt(s)
		h[j*n+j] = d
		for i := j + 1; i < n; i++ {
			s := h[i*n+j]
			for k := range j {
				s -= h[i*n+k] * h[j*n+k]
			}
			h[i*n+j] = s / d
		}
	}
	x := slices.Clone(g)
	for i := range n {
		for k := range i {
			x[i] -= h[i*n+k] * x[k]
		}
		x[i] /= h[i*n+i]
	}
	for i := n - 1; i >= 0; i-- {
		for k := i + 1; k < n; k++ {
			x[i] -= h[k*n+i] * x[k]
		}
		x[i] /= h[i*n+i]
	}
	return x, true
}

func dot(r sparseRow, b []float64) float64 {
	z := 0.0
	for k, j := range r.idx {
		z += r.val[k] * b[j]
	}
	return z
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// softplus is log(1 + e^z), computed without overflow.
func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

// logLoss is the mean negative log-likelihood of p against y.
func logLoss(p, y []float64) float64 {
	s := 0.0
	for i := range p {
		q := min(max(p[i], 1e-12), 1-1e-12)
		if y[i] > 0.5 {
			s -= math.Log(q)
		} else {
			s -= math.Log(1 - q)
		}
	}
	return s / float64(len(p))
}

// auc is the area under the ROC curve of scores s for labels y (the
// Mann-Whitney statistic, ties counted half); NaN when a class is empty.
func auc(s, y []float64) float64 {
	idx := make([]int, len(s))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return s[idx[a]] < s[idx[b]] })
	var pos, neg, rankSum float64
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && s[idx[j]] == s[idx[i]] {
			j++
		}
		rank := float64(i+j+1) / 2 // mean of ranks i+1..j
		for k := i; k < j; k++ {
			if y[idx[k]] > 0.5 {
				rankSum += rank
				pos++
			} else {
				neg++
			}
		}
		i = j
	}
	if pos == 0 || neg == 0 {
		return math.NaN()
	}
	return (rankSum - pos*(pos+1)/2) / (pos * neg)
}

// meetingAUC is the mean over meetings of the AUC within each meeting
// (meetings whose turns are all one class are skipped): how well the
// scores rank the turns of one meeting, which is what a summarizer uses.
func meetingAUC(s, y []float64, meeting []int) float64 {
	by := map[int][]int{}
	var ms []int
	for i, m := range meeting {
		if _, ok := by[m]; !ok {
			ms = append(ms, m)
		}
		by[m] = append(by[m], i)
	}
	sum, n := 0.0, 0
	for _, m := range ms {
		var ss, yy []float64
		for _, i := range by[m] {
			ss = append(ss, s[i])
			yy = append(yy, y[i])
		}
		if a := auc(ss, yy); !math.IsNaN(a) {
			sum += a
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// assignFolds splits meetings into k folds: a fixed shuffle, then round
// robin, so the split is the same on every run.
func assignFolds(meetings []int, k int) map[int]int {
	ms := slices.Clone(meetings)
	slices.Sort(ms)
	ms = slices.Compact(ms)
	rng := rand.New(rand.NewPCG(12, 1))
	rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	out := map[int]int{}
	for i, m := range ms {
		out[m] = i % k
	}
	return out
}

// cvScore is the held-out fit of one model, predictions pooled over folds.
type cvScore struct {
	LogLoss, AUC, MeetingAUC float64
}

type cvResult struct {
	folds, meetings, turns, positives int
	prior                             float64 // log-loss of the base rate
	base                              cvScore // controls only
	grid                              []float64
	lex                               []cvScore // one per grid lambda
	lambda                            float64   // the grid lambda of least log-loss
	best                              cvScore
}

// crossValidate scores the controls-only model and the lexicon model at
// every lambda of grid by k-fold cross-validation over meetings. Fits run
// in parallel; each writes its own slots, so the result is deterministic.
func crossValidate(ds *dataset, target string, grid []float64, k int) cvResult {
	rows, y, meeting := ds.subset(target, nil)
	fold := assignFolds(meeting, k)
	res := cvResult{folds: k, turns: len(rows), grid: grid}
	res.meetings = len(fold)
	for _, v := range y {
		res.positives += int(v)
	}
	rate := float64(res.positives) / float64(len(y))
	prior := make([]float64, len(y))
	for i := range prior {
		prior[i] = rate
	}
	res.prior = logLoss(prior, y)

	base := controlsOnly(rows)
	// preds[0] is the controls-only model, preds[1+g] the lexicon model at grid[g].
	preds := make([][]float64, 1+len(grid))
	for i := range preds {
		preds[i] = make([]float64, len(rows))
	}
	type job struct{ model, fold int }
	var jobs []job
	for m := range preds {
		for f := range k {
			jobs = append(jobs, job{m, f})
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, jb := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			src := rows
			pen := make([]float64, ds.dim)
			if jb.model == 0 {
				src = base
			} else {
				pen = penalties(ds.dim, grid[jb.model-1])
			}
			var tr []sparseRow
			var ty []float64
			for i := range src {
				if fold[meeting[i]] != jb.fold {
					tr = append(tr, src[i])
					ty = append(ty, y[i])
				}
			}
			beta := fitLogistic(tr, ty, ds.dim, pen)
			for i := range src {
				if fold[meeting[i]] == jb.fold {
					preds[jb.model][i] = sigmoid(dot(src[i], beta))
				}
			}
		}()
	}
	wg.Wait()
	score := func(p []float64) cvScore {
		return cvScore{LogLoss: logLoss(p, y), AUC: auc(p, y), MeetingAUC: meetingAUC(p, y, meeting)}
	}
	res.base = score(preds[0])
	for g := range grid {
		s := score(preds[1+g])
		res.lex = append(res.lex, s)
		if g == 0 || s.LogLoss < res.best.LogLoss {
			res.best, res.lambda = s, grid[g]
		}
	}
	return res
}

func (r cvResult) print(target string) {
	fmt.Printf("\ntarget %s: %s\n", target, targetDoc[target])
	fmt.Printf("  %d meetings, %d turns, %d positive (%.1f%%); base-rate log-loss %.4f\n",
		r.meetings, r.turns, r.positives, 100*float64(r.positives)/float64(r.turns), r.prior)
	fmt.Printf("  %-22s %9s %9s %12s\n", "model (CV by meeting)", "log-loss", "AUC", "meeting AUC")
	fmt.Printf("  %-22s %9.4f %9.4f %12.4f\n", "controls only", r.base.LogLoss, r.base.AUC, r.base.MeetingAUC)
	for g, l := range r.grid {
		mark := ""
		if l == r.lambda {
			mark = "  <- chosen"
		}
		s := r.lex[g]
		fmt.Printf("  %-22s %9.4f %9.4f %12.4f%s\n", fmt.Sprintf("+ lexicon, L2 %g", l), s.LogLoss, s.AUC, s.MeetingAUC, mark)
	}
}
