package tokens

import (
	"math"
	"reflect"
	"unicode/utf8"
	"unsafe"

	"github.com/tiktoken-go/tokenizer"
)

// fastBPE counts tokens exactly like the tiktoken-go codec, but splits text
// with the hand-written matchers of split.go instead of a regexp engine and
// merges pieces over the codec's own vocabulary. It is immutable after
// construction and safe for concurrent use.
type fastBPE struct {
	ranks map[string]uint
	next  func(s string, i int) int
	slow  tokenizer.Codec // for input that is not valid UTF-8
}

// newFastBPE builds a fastBPE over codec, or returns nil when the codec's
// vocabulary cannot be read (then the codec is used as it is).
func newFastBPE(codec tokenizer.Codec, next func(string, int) int) *fastBPE {
	ranks := vocabularyOf(codec)
	if ranks == nil {
		return nil
	}
	return &fastBPE{ranks: ranks, next: next, slow: codec}
}

// vocabularyOf reads the unexported vocabulary map of a tiktoken-go codec
// (map[string]uint from token bytes to rank). The map is never written
// after the codec is built. It returns nil if the codec's layout is not the
// one this was written for (tiktoken-go v0.10.0).
func vocabularyOf(codec tokenizer.Codec) (out map[string]uint) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	v := reflect.ValueOf(codec)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := v.Elem().FieldByName("vocabulary")
	want := reflect.TypeOf(map[string]uint(nil))
	if !f.IsValid() || f.Kind() != reflect.Map || !f.Type().ConvertibleTo(want) {
		return nil
	}
	m := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Convert(want).Interface().(map[string]uint)
	if len(m) < 1000 {
		return nil
	}
	return m
}

// Count returns the number of tokens in s.
func (b *fastBPE) Count(s string) int {
	if !utf8.ValidString(s) {
		n, err := b.slow.Count(s)
		if err != nil {
			return estimate(s)
		}
		return n
	}
	n := 0
	for i := 0; i < len(s); {
		j := b.next(s, i)
		if j <= i { // cannot happen; guard against an endless loop
			j = i + 1
		}
		n += b.countPiece(s[i:j])
		i = j
	}
	return n
}

// countPiece returns the number of tokens byte-pair encoding makes of piece.
func (b *fastBPE) countPiece(piece string) int {
	if _, ok := b.ranks[piece]; ok {
		return 1
	}
	if len(piece) < 96 {
		return b.mergeScan(piece)
	}
	return b.mergeHeap(piece)
}

// mergeScan repeatedly merges the adjacent pair of parts with the lowest
// rank (leftmost on ties), as tiktoken does, and returns the number of
// parts left. O(n^2), for short pieces.
func (b *fastBPE) mergeScan(piece string) int {
	var buf [97]int
	bounds := buf[:len(piece)+1] // part boundaries
	for i := range bounds {
		bounds[i] = i
	}
	rank := func(k int) uint { // rank of merging parts k and k+1
		if k+2 >= len(bounds) {
			return math.MaxUint
		}
		if r, ok := b.ranks[piece[bounds[k]:bounds[k+2]]]; ok {
			return r
		}
		return math.MaxUint
	}
	var rbuf [96]uint
	ranks := rbuf[:len(bounds)-1]
	for k := range ranks {
		ranks[k] = rank(k)
	}
	for len(bounds) > 2 {
		best, at := uint(math.MaxUint), -1
		for k, r := range ranks[:len(bounds)-2] {
			if r < best {
				best, at = r, k
			}
		}
		if at < 0 {
			break
		}
		bounds = append(bounds[:at+1], bounds[at+2:]...)
		ranks = append(ranks[:at+1], ranks[at+2:]...)
		ranks[at] = rank(at)
		if at > 0 {
			ranks[at-1] = rank(at - 1)
		}
	}
	return len(bounds) - 1
}

// mergeHeap is mergeScan for long pieces: the same merges in O(n log n),
// delegated to the codec, which switches to a heap at this length.
func (b *fastBPE) mergeHeap(piece string) int {
	n, err := b.slow.Count(piece)
	if err != nil {
		return estimate(piece)
	}
	return n
}
