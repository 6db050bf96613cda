package vector

import (
	"context"
	"math/rand/v2"
	"testing"
)

// dataset is a named set of vectors and queries.
type dataset struct {
	name        string
	docs, query [][]float32
}

// datasets returns the three kinds of data recall is measured on:
// builtin-embedded generated notes (what archon searches by default),
// hard clustered data (10 vectors per cluster, within-cluster cosine about
// 0.3) and Gaussian noise (the worst case: neighbours barely closer than
// anything else).
func datasets(tb testing.TB, n, nq, dims int) []dataset {
	rng := rand.New(rand.NewPCG(11, 12))
	text, tq := textVecs(tb, n, nq, dims)
	cl := clusteredVecs(rng, n+nq, dims, n/10, 1.5)
	rnd := randomVecs(rng, n+nq, dims)
	return []dataset{
		{"text", text, tq},
		{"clustered", cl[:n], cl[n:]},
		{"random", rnd[:n], rnd[n:]},
	}
}

// measureRecall returns mean recall@k of the prefiltered path against brute
// force.
func measureRecall(tb testing.TB, d dataset, opts Options, k int) float64 {
	tb.Helper()
	ctx := context.Background()
	opts.ExactBelow = -1
	ix, err := New(len(d.docs[0]), opts)
	if err != nil {
		tb.Fatal(err)
	}
	ids := makeIDs(len(d.docs))
	if err := ix.Add(ctx, ids, d.docs); err != nil {
		tb.Fatal(err)
	}
	units := make([][]float32, len(d.docs))
	for i, v := range d.docs {
		units[i], _ = normalized(v)
	}
	var sum float64
	for _, q := range d.query {
		got, err := ix.Search(ctx, q, k, nil)
		if err != nil {
			tb.Fatal(err)
		}
		sum += recall(got, exactTopUnits(ids, units, q, k, nil))
	}
	return sum / float64(len(d.query))
}

// TestRecall is the quick guard: 5,000 vectors with only 64 candidates
// (the candidate fraction of 1,280 in 100,000), so the prefilter has to do
// real work. Full-size figures come from BenchmarkRecall.
func TestRecall(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	floor := map[string]float64{"text": 0.85, "clustered": 0.85, "random": 0.4}
	for _, d := range datasets(t, 5000, 40, 256) {
		r := measureRecall(t, d, Options{Candidates: 64}, 10)
		t.Logf("%s: recall@10 %.3f", d.name, r)
		if r < floor[d.name] {
			t.Errorf("%s: recall@10 %.3f below %.2f", d.name, r, floor[d.name])
		}
	}
}
