package vector

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
)

// encoder turns float vectors into binary signatures: a randomized Hadamard
// rotation (random sign flips, then a fast Walsh-Hadamard transform) followed
// by the sign of each coordinate. The rotation spreads the mass of sparse
// vectors (such as feature-hashing embeddings) over every coordinate, so the
// Hamming distance between two signatures estimates the angle between the
// vectors (SimHash with structured random hyperplanes).
type encoder struct {
	dims   int         // input dimensions
	padded int         // dims rounded up to a power of two, at least 64
	bits   int         // signature length, a multiple of 64
	words  int         // bits / 64
	signs  [][]float32 // per rotation round: padded random ±1
}

// newEncoder returns an encoder for dims-dimensional vectors into nbits-bit
// signatures; the rotation is drawn from seed.
func newEncoder(dims, nbits int, seed uint64) (*encoder, error) {
	if dims <= 0 {
		return nil, fmt.Errorf("vector: dimensions must be positive, got %d", dims)
	}
	if nbits <= 0 || nbits%64 != 0 {
		return nil, fmt.Errorf("vector: signature bits must be a positive multiple of 64, got %d", nbits)
	}
	padded := 64 // at least one signature word per rotation
	for padded < dims {
		padded <<= 1
	}
	rounds := (nbits + padded - 1) / padded
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	e := &encoder{dims: dims, padded: padded, bits: nbits, words: nbits / 64}
	e.signs = make([][]float32, rounds)
	for r := range e.signs {
		s := make([]float32, padded)
		for i := range s {
			if rng.Uint64()&1 == 0 {
				s[i] = 1
			} else {
				s[i] = -1
			}
		}
		e.signs[r] = s
	}
	return e, nil
}

// scratchLen is the length of the float scratch buffer encode needs.
func (e *encoder) scratchLen() int { return e.padded }

// encode writes the signature of v into dst (e.words long). scratch must be
// at least e.scratchLen() long. Bit i is set when rotated coordinate i is
// non-negative.
func (e *encoder) encode(v []float32, dst []uint64, scratch []float32) {
	clear(dst)
	a := scratch[:e.padded]
	word := 0
	for _, s := range e.signs {
		for i, x := range v {
			a[i] = x * s[i]
		}
		clear(a[len(v):])
		fwht(a)
		for lo := 0; lo+64 <= len(a) && word < len(dst); lo += 64 {
			dst[word] = signBits(a[lo : lo+64])
			word++
		}
	}
}

// signBits packs up to 64 non-negativity bits of a.
func signBits(a []float32) uint64 {
	var x uint64
	for j, f := range a {
		x |= uint64(math.Float32bits(f)>>31^1) << j
	}
	return x
}

// fwht is an in-place, unnormalized fast Walsh-Hadamard transform; len(a)
// must be a power of two.
func fwht(a []float32) {
	n := len(a)
	if n >= 4 { // the first two levels fused, four elements at a time
		for i := 0; i+4 <= n; i += 4 {
			b := a[i : i+4 : i+4]
			s0, d0 := b[0]+b[1], b[0]-b[1]
			s1, d1 := b[2]+b[3], b[2]-b[3]
			b[0], b[1], b[2], b[3] = s0+s1, d0+d1, s0-s1, d0-d1
		}
	}
	h := 4
	if n < 4 {
		h = 1
	}
	for ; h < n; h <<= 1 {
		for i := 0; i < n; i += h << 1 {
			x, y := a[i:i+h], a[i+h:i+2*h]
			y = y[:len(x)]
			for j, u := range x {
				w := y[j]
				x[j], y[j] = u+w, u-w
			}
		}
	}
}

// errZeroVector reports a vector whose norm is zero: it has no direction, so
// cosine similarity is undefined.
var errZeroVector = errors.New("zero vector has no direction")

// normalized returns a unit-length copy of v, or an error if v has a zero
// norm or holds NaN or Inf.
func normalized(v []float32) ([]float32, error) {
	out := make([]float32, len(v))
	if err := normalizeInto(out, v); err != nil {
		return nil, err
	}
	return out, nil
}

// normalizeInto writes v scaled to unit length into dst (as long as v), or
// fails if v has a zero norm or holds NaN or Inf.
func normalizeInto(dst, v []float32) error {
	var sum float64
	for _, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return errors.New("vector holds NaN or Inf")
		}
		sum += f * f
	}
	if sum == 0 {
		return errZeroVector
	}
	inv := 1 / math.Sqrt(sum)
	dst = dst[:len(v)]
	for i, x := range v {
		dst[i] = float32(float64(x) * inv)
	}
	return nil
}

// dot returns the dot product of two equally long vectors: with AVX2 and
// FMA where the processor has them (dot_amd64.s), else dotGeneric.
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	if useAVX2 {
		return dotAVX2(a, b)
	}
	return dotGeneric(a, b)
}

// dotGeneric is dot in Go.
func dotGeneric(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// hamming fills dist[i] with the Hamming distance between q and the i-th
// signature in sigs (len(q) words each) and counts the distances in hist,
// which must have len(q)*64+1 entries.
func hamming(sigs, q []uint64, dist []uint16, hist []int32) {
	if len(q) == 4 {
		q0, q1, q2, q3 := q[0], q[1], q[2], q[3]
		for i := range dist {
			s := sigs[i*4 : i*4+4 : i*4+4]
			d := bits.OnesCount64(s[0]^q0) + bits.OnesCount64(s[1]^q1) +
				bits.OnesCount64(s[2]^q2) + bits.OnesCount64(s[3]^q3)
			dist[i] = uint16(d)
			hist[d]++
		}
		return
	}
	if len(q) == 8 {
		hamming8(sigs, q, dist, hist)
		return
	}
	w := len(q)
	for i := range dist {
		s := sigs[i*w : i*w+w : i*w+w]
		d := 0
		for j, x := range s {
			d += bits.OnesCount64(x ^ q[j])
		}
		dist[i] = uint16(d)
		hist[d]++
	}
}

// hamming8 is hamming for 512-bit signatures: with AVX-512 where the
// processor has it (dot_amd64.s), else hamming8Generic.
func hamming8(sigs, q []uint64, dist []uint16, hist []int32) {
	if useAVX512 && len(dist) > 0 {
		_, _, _ = sigs[8*len(dist)-1], q[7], hist[512]
		hamming8AVX512(sigs, q, dist, hist)
		return
	}
	hamming8Generic(sigs, q, dist, hist)
}

// hamming8Generic is hamming8 in Go.
func hamming8Generic(sigs, q []uint64, dist []uint16, hist []int32) {
	q0, q1, q2, q3, q4, q5, q6, q7 := q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]
	for i := range dist {
		s := sigs[i*8 : i*8+8 : i*8+8]
		d := bits.OnesCount64(s[0]^q0) + bits.OnesCount64(s[1]^q1) +
			bits.OnesCount64(s[2]^q2) + bits.OnesCount64(s[3]^q3) +
			bits.OnesCount64(s[4]^q4) + bits.OnesCount64(s[5]^q5) +
			bits.OnesCount64(s[6]^q6) + bits.OnesCount64(s[7]^q7)
		dist[i] = uint16(d)
		hist[d]++
	}
}
