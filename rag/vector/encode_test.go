package vector

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// naiveHadamard multiplies a by the n x n Sylvester Hadamard matrix.
func naiveHadamard(a []float32) []float32 {
	out := make([]float32, len(a))
	for i := range a {
		var s float32
		for j := range a {
			if bits.OnesCount(uint(i&j))%2 == 0 {
				s += a[j]
			} else {
				s -= a[j]
			}
		}
		out[i] = s
	}
	return out
}

func TestFWHT(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 4, 8, 16, 64, 256} {
		a := make([]float32, n)
		for i := range a {
			a[i] = float32(rng.NormFloat64())
		}
		want := naiveHadamard(a)
		fwht(a)
		for i := range a {
			if math.Abs(float64(a[i]-want[i])) > 1e-4 {
				t.Fatalf("n=%d: [%d] = %v want %v", n, i, a[i], want[i])
			}
		}
	}
}

func TestEncoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ dims, bits int }{{3, 64}, {16, 512}, {256, 512}, {300, 256}, {768, 1024}} {
		e, err := newEncoder(tc.dims, tc.bits, 1)
		if err != nil {
			t.Fatal(err)
		}
		v := randomVecs(rng, 1, tc.dims)[0]
		neg := make([]float32, len(v))
		for i := range v {
			neg[i] = -v[i]
		}
		sv, sn := make([]uint64, e.words), make([]uint64, e.words)
		sc := make([]float32, e.scratchLen())
		e.encode(v, sv, sc)
		e.encode(neg, sn, sc)
		d := 0
		for i := range sv {
			d += bits.OnesCount64(sv[i] ^ sn[i])
		}
		// The opposite vector flips every bit that is not exactly zero.
		if d < tc.bits*9/10 {
			t.Errorf("dims %d bits %d: v and -v differ in %d bits", tc.dims, tc.bits, d)
		}
		ones := 0
		for _, w := range sv {
			ones += bits.OnesCount64(w)
		}
		if tc.dims >= 64 && (ones < tc.bits/4 || ones > tc.bits*3/4) {
			t.Errorf("dims %d bits %d: %d bits set; rotation is not spreading", tc.dims, tc.bits, ones)
		}
	}
	if _, err := newEncoder(8, 96, 1); err == nil {
		t.Error("bits not a multiple of 64 accepted")
	}
}
