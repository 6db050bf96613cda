package vector

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
)

// randomVecs returns n Gaussian vectors: the hardest case for a prefilter,
// since true neighbours are barely closer than everything else.
func randomVecs(rng *rand.Rand, n, dims int) [][]float32 {
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		out[i] = v
	}
	return out
}

// clusteredVecs returns n vectors around `clusters` random centres, each
// point centre + noise with noise/centre norm ratio spread; real embeddings
// of notes about a few hundred topics look more like this.
func clusteredVecs(rng *rand.Rand, n, dims, clusters int, spread float64) [][]float32 {
	centres := randomVecs(rng, clusters, dims)
	out := make([][]float32, n)
	scale := spread / math.Sqrt(float64(dims)) * math.Sqrt(float64(dims))
	for i := range out {
		c := centres[rng.IntN(clusters)]
		v := make([]float32, dims)
		for j := range v {
			v[j] = c[j] + float32(scale*rng.NormFloat64())
		}
		out[i] = v
	}
	return out
}

func makeIDs(n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = "doc-" + strconv.Itoa(i)
	}
	return ids
}

// exactTop is brute-force cosine top-k, the reference for recall.
func exactTop(ids []string, vecs [][]float32, q []float32, k int, allow func(string) bool) []Hit {
	units := make([][]float32, len(vecs))
	for i, v := range vecs {
		units[i], _ = normalized(v)
	}
	return exactTopUnits(ids, units, q, k, allow)
}

// exactTopUnits is exactTop over vectors already normalized.
func exactTopUnits(ids []string, units [][]float32, q []float32, k int, allow func(string) bool) []Hit {
	u, _ := normalized(q)
	hits := make([]Hit, 0, len(units))
	for i, w := range units {
		if allow != nil && !allow(ids[i]) {
			continue
		}
		hits = append(hits, Hit{ID: ids[i], Score: dot(u, w)})
	}
	sortHits(hits)
	if len(hits) > k {
		hits = hits[:k]
	}
	return hits
}

// recall is |got ∩ want| / |want| by id.
func recall(got, want []Hit) float64 {
	if len(want) == 0 {
		return 1
	}
	n := 0
	for _, w := range want {
		if slices.ContainsFunc(got, func(h Hit) bool { return h.ID == w.ID }) {
			n++
		}
	}
	return float64(n) / float64(len(want))
}
