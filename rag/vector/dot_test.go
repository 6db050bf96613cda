package vector

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDotMatchesGeneric checks the assembly dot product against the Go one
// for every length up to 300 (all loop and tail paths) and sizes past it.
func TestDotMatchesGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range append(seq(301), 512, 768, 1024, 1536, 3072) {
		a, b := make([]float32, n), make([]float32, n+3) // b may be longer
		for i := range a {
			a[i] = rng.Float32()*2 - 1
		}
		for i := range b {
			b[i] = rng.Float32()*2 - 1
		}
		want := dotGeneric(a, b)
		got := dot(a, b)
		if d := math.Abs(float64(got - want)); d > 1e-5*math.Max(1, math.Sqrt(float64(n))) {
			t.Fatalf("n=%d: dot %v, generic %v (avx2 %v)", n, got, want, useAVX2)
		}
	}
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func BenchmarkDot256(b *testing.B) {
	x, y := make([]float32, 256), make([]float32, 256)
	for i := range x {
		x[i], y[i] = float32(i), float32(256-i)
	}
	var s float32
	for b.Loop() {
		s += dot(x, y)
	}
	_ = s
}

// TestHamming8MatchesGeneric checks the AVX-512 Hamming scan against the Go
// one: distances and histogram, for counts around every loop edge.
func TestHamming8MatchesGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	q := make([]uint64, 8)
	for i := range q {
		q[i] = rng.Uint64()
	}
	for _, n := range []int{0, 1, 2, 7, 8, 9, 63, 64, 65, 1000} {
		sigs := make([]uint64, 8*n)
		for i := range sigs {
			sigs[i] = rng.Uint64()
		}
		if n > 1 {
			copy(sigs[:8], q) // distance 0
			for i := range 8 {
				sigs[8+i] = ^q[i] // distance 512
			}
		}
		d1, d2 := make([]uint16, n), make([]uint16, n)
		h1, h2 := make([]int32, 513), make([]int32, 513)
		hamming8(sigs, q, d1, h1)
		hamming8Generic(sigs, q, d2, h2)
		for i := range d1 {
			if d1[i] != d2[i] {
				t.Fatalf("n=%d: distance %d: %d, generic %d (avx512 %v)", n, i, d1[i], d2[i], useAVX512)
			}
		}
		for i := range h1 {
			if h1[i] != h2[i] {
				t.Fatalf("n=%d: histogram %d: %d, generic %d", n, i, h1[i], h2[i])
			}
		}
	}
}

func BenchmarkHamming8(b *testing.B) {
	const n = 30000
	sigs, q := make([]uint64, 8*n), make([]uint64, 8)
	for i := range sigs {
		sigs[i] = uint64(i) * 0x9e3779b97f4a7c15
	}
	dist, hist := make([]uint16, n), make([]int32, 513)
	for b.Loop() {
		clear(hist)
		hamming8(sigs, q, dist, hist)
	}
}
