package embed

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode"
	"unicode/utf8"

	porter "github.com/blevesearch/go-porterstemmer"
)

// builtinVersion names the feature set. Any change to tokenization, features,
// weights or hashing must bump it, so stored vectors are re-embedded.
const builtinVersion = "hash-v1"

// Feature weights before sublinear term frequency and normalization.
const (
	weightWord   = 1.0 // a stemmed word
	weightPiece  = 0.5 // a camelCase piece of a word
	weightBigram = 0.3 // two consecutive content words
	weightGrams  = 0.5 // all character trigrams of one word together (L2)
	maxGramRunes = 48  // longer words contribute trigrams of their first runes only
	// maxPooledFeatures: buffers grown past this by a huge text are not pooled.
	maxPooledFeatures = 1 << 16
)

// Builtin is archon's offline default embedder: deterministic feature
// hashing, compiled into the binary, no model and no downloads.
//
// Each text is split into words (runs of letters and digits, lower-cased).
// Features are: every word that is not an English stop word, Porter-stemmed
// (so "migrations" and "migration" agree); the lower-cased pieces of
// camelCase words ("getUserName" also gives "get", "user", "name"); each
// pair of consecutive content words; and the character trigrams of each
// content word with boundary marks ("<po", "pos", ..., "es>"). Each feature
// is hashed (64-bit FNV-1a, then mixed) to one of D dimensions with a
// hashed sign; repeated features count 1+ln(tf); the vector is L2-normalized.
//
// What it captures: lexical and morphological overlap, meaning shared words,
// shared stems, shared subword pieces (identifiers, compound words, code
// names) and typos that leave most trigrams intact. What it does not
// capture: meaning. Synonyms and paraphrases with no characters in common
// ("car" and "automobile", "DB" and "database") are not matched, word order
// beyond adjacent pairs is ignored, and hash collisions add a little noise
// (fewer with more dimensions). It is a fallback that keeps semantic search
// useful offline and complements BM25 on near-miss spellings; plug in Ollama
// or an OpenAI-compatible model for real semantic matching.
//
// Vectors depend only on the text and the dimensions, on every platform, so
// they can be cached by content hash. A Builtin is safe for concurrent use.
type Builtin struct {
	dims int
	pool sync.Pool // *featurizer
}

// NewBuiltin returns the builtin embedder with dims dimensions (0 means
// DefaultDimensions).
func NewBuiltin(dims int) (*Builtin, error) {
	if dims == 0 {
		dims = DefaultDimensions
	}
	if dims < 8 || dims > 1<<16 {
		return nil, fmt.Errorf("embed: builtin dimensions must be between 8 and 65536, got %d", dims)
	}
	return &Builtin{dims: dims}, nil
}

// ID returns "builtin/hash-v1/<dims>".
func (b *Builtin) ID() string {
	return ProviderBuiltin + "/" + builtinVersion + "/" + strconv.Itoa(b.dims)
}

// Dimensions returns the vector length.
func (b *Builtin) Dimensions() int { return b.dims }

// Embed returns one unit vector per text. A text with no words (empty,
// punctuation only, or only stop words) gets a fixed vector of its own, the
// same for all such texts. It fails only if ctx is done.
func (b *Builtin) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	f, _ := b.pool.Get().(*featurizer)
	if f == nil {
		f = &featurizer{}
	}
	defer func() {
		if max(cap(f.feats), cap(f.tmp)) <= maxPooledFeatures { // a huge text's buffers are not kept
			b.pool.Put(f)
		}
	}()
	out := make([][]float32, len(texts))
	flat := make([]float32, len(texts)*b.dims)
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("embed: builtin: %w", err)
			}
		}
		v := flat[i*b.dims : (i+1)*b.dims : (i+1)*b.dims]
		f.vector(t, v)
		out[i] = v
	}
	return out, nil
}

// feature is one hashed feature and its weight.
type feature struct {
	h uint64
	w float32
}

// featurizer holds reusable buffers for one goroutine.
type featurizer struct {
	feats []feature
	tmp   []feature // sortFeats' second buffer
	runes []rune
	stem  []rune
	words []uint64 // hashes of the current text's content stems, for bigrams
}

// Hash seeds per feature kind, so a word and a trigram with the same
// letters do not collide on purpose.
const (
	seedWord   = 0x77
	seedBigram = 0x62
	seedGram   = 0x67
	seedEmpty  = 0x65
)

// vector writes the unit feature-hash vector of text into v (len D).
func (f *featurizer) vector(text string, v []float32) {
	f.feats = f.feats[:0]
	f.words = f.words[:0]
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			i += size
			continue
		}
		start := i
		for i < len(text) {
			r, size = utf8.DecodeRuneInString(text[i:])
			if !isWordRune(r) {
				break
			}
			i += size
		}
		f.word(text[start:i])
	}
	for j := 1; j < len(f.words); j++ {
		f.add(mix(f.words[j-1]*31+f.words[j]+seedBigram), weightBigram)
	}
	if len(f.feats) == 0 {
		f.add(hashString(seedEmpty, "\x00empty"), 1)
	}
	f.project(v)
}

// isWordRune reports whether r belongs to a word.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// maxWordBytes is the longest word that has features: a longer one (a
// base64 blob, minified code) says nothing about meaning and would cost
// its length several times over.
const maxWordBytes = 256

// word adds the features of one raw word.
func (f *featurizer) word(raw string) {
	if len(raw) > maxWordBytes {
		return // a blob, not a word (the full-text index leaves it out too)
	}
	f.runes = f.runes[:0]
	ascii, camel, prevLower := true, false, false
	for _, r := range raw {
		if r >= utf8.RuneSelf {
			ascii = false
		}
		up := unicode.IsUpper(r)
		if up && prevLower {
			camel = true
		}
		prevLower = unicode.IsLower(r)
		f.runes = append(f.runes, unicode.ToLower(r))
	}
	if len(f.runes) < 2 && !unicode.IsDigit(f.runes[0]) {
		return
	}
	if ascii && isStopWord(f.runes) {
		return
	}
	// Stemmed word.
	stem := f.runes
	if ascii {
		f.stem = append(f.stem[:0], f.runes...)
		stem = porter.StemWithoutLowerCasing(f.stem)
	}
	hw := hashRunes(seedWord, stem)
	f.add(hw, weightWord)
	f.words = append(f.words, hw)
	// camelCase pieces.
	if camel {
		f.pieces(raw)
	}
	// Character trigrams with boundary marks.
	rs := f.runes
	if len(rs) > maxGramRunes {
		rs = rs[:maxGramRunes]
	}
	n := len(rs) // trigrams of "<" + rs + ">"
	w := float32(weightGrams / math.Sqrt(float64(n)))
	var a, b rune = '<', rs[0]
	for j := 1; j <= len(rs); j++ {
		c := rune('>')
		if j < len(rs) {
			c = rs[j]
		}
		f.add(mix(seedGram^uint64(a)<<42^uint64(b)<<21^uint64(c)), w)
		a, b = b, c
	}
}

// pieces adds the lower-cased camelCase pieces of raw ("getUserName" gives
// "get", "user", "name").
func (f *featurizer) pieces(raw string) {
	start := 0
	prevLower := false
	emit := func(end int) {
		if end-start < 2 {
			return
		}
		f.stem = f.stem[:0]
		for _, r := range raw[start:end] {
			f.stem = append(f.stem, unicode.ToLower(r))
		}
		f.add(hashRunes(seedWord, porter.StemWithoutLowerCasing(f.stem)), weightPiece)
	}
	for i, r := range raw {
		if unicode.IsUpper(r) && prevLower {
			emit(i)
			start = i
		}
		prevLower = unicode.IsLower(r)
	}
	emit(len(raw))
}

func (f *featurizer) add(h uint64, w float32) { f.feats = append(f.feats, feature{h, w}) }

// sortFeats returns f.feats sorted by hash, equal hashes in the order
// added: a least-significant-digit radix sort, a byte a pass, that skips
// the bytes all hashes share. A comparison sort was two fifths of the
// time of an embedding.
func (f *featurizer) sortFeats() []feature {
	src := f.feats
	if len(src) < 2 {
		return src
	}
	f.tmp = slices.Grow(f.tmp[:0], len(src))[:len(src)]
	dst := f.tmp
	var count [256]int
	for shift := uint(0); shift < 64; shift += 8 {
		clear(count[:])
		for _, x := range src {
			count[byte(x.h>>shift)]++
		}
		if count[byte(src[0].h>>shift)] == len(src) {
			continue // every hash has this byte
		}
		at := 0
		for i, c := range count {
			count[i] = at
			at += c
		}
		for _, x := range src {
			b := byte(x.h >> shift)
			dst[count[b]] = x
			count[b]++
		}
		src, dst = dst, src
	}
	// Keep feats and tmp as the two buffers, whichever holds the result.
	f.feats, f.tmp = src, dst
	return src
}

// project merges repeated features (weight × (1+ln tf)) and hashes them
// into v with signs, then normalizes v.
func (f *featurizer) project(v []float32) {
	clear(v)
	fs := f.sortFeats()
	d := uint64(len(v))
	for i := 0; i < len(fs); {
		j, sum := i, float32(0)
		for ; j < len(fs) && fs[j].h == fs[i].h; j++ {
			sum += fs[j].w
		}
		tf := j - i
		w := sum / float32(tf) * (1 + float32(math.Log(float64(tf))))
		h := fs[i].h
		idx := (h >> 32) * d >> 32
		if h&1 == 1 {
			w = -w
		}
		v[idx] += w
		i = j
	}
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	if sum == 0 { // every feature cancelled out: practically impossible
		v[0] = 1
		return
	}
	inv := float32(1 / math.Sqrt(sum))
	for i := range v {
		v[i] *= inv
	}
}

// FNV-1a 64 constants.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// mix is the murmur3 64-bit finalizer: it spreads FNV's weak low bits.
func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

func hashRunes(seed uint64, rs []rune) uint64 {
	h := uint64(fnvOffset) ^ seed
	for _, r := range rs {
		h ^= uint64(r)
		h *= fnvPrime
	}
	return mix(h)
}

func hashString(seed uint64, s string) uint64 {
	h := uint64(fnvOffset) ^ seed
	for _, r := range s {
		h ^= uint64(r)
		h *= fnvPrime
	}
	return mix(h)
}
