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
