package tokens

import (
	"fmt"
	"strings"
	"sync"

	"github.com/tiktoken-go/tokenizer"
)

// Encoding names a way of counting tokens.
type Encoding string

const (
	// CL100K is the exact cl100k_base BPE (gpt-4, gpt-3.5-turbo, embeddings).
	CL100K Encoding = "cl100k_base"
	// O200K is the exact o200k_base BPE (gpt-4o, gpt-4.1, gpt-5, o-series).
	O200K Encoding = "o200k_base"
	// Estimate is the calibrated estimate for models without a public tokenizer.
	Estimate Encoding = "estimate"
)

// Counter counts the tokens of a string. Implementations are safe for
// concurrent use.
type Counter interface {
	// Count returns the number of tokens in s.
	Count(s string) int
	// Encoding names the counting method.
	Encoding() Encoding
	// Exact reports whether counts are exact BPE counts rather than estimates.
	Exact() bool
}

// The BPE codecs are immutable once built; building one loads a vocabulary of
// 100K-200K entries, so it happens once, on first use.
var (
	cl100kCodec = sync.OnceValue(func() tokenizer.Codec { return mustCodec(tokenizer.Cl100kBase) })
	o200kCodec  = sync.OnceValue(func() tokenizer.Codec { return mustCodec(tokenizer.O200kBase) })
	// The fast counters share the codecs' vocabularies; nil if unreadable.
	cl100kFast = sync.OnceValue(func() *fastBPE { return newFastBPE(cl100kCodec(), nextCL100K) })
	o200kFast  = sync.OnceValue(func() *fastBPE { return newFastBPE(o200kCodec(), nextO200K) })
)

func mustCodec(e tokenizer.Encoding) tokenizer.Codec {
	c, err := tokenizer.Get(e)
	if err != nil {
		// The tables are compiled into the binary; failure is a build defect.
		panic(fmt.Sprintf("tokens: load %s: %v", e, err))
	}
	return c
}

// bpe is a Counter backed by an exact BPE codec: the fast path of
// fastbpe.go when it could be built, else the codec itself.
type bpe struct {
	enc   Encoding
	codec func() tokenizer.Codec
	fast  func() *fastBPE
}

// Count implements Counter.
func (b bpe) Count(s string) int {
	if s == "" {
		return 0
	}
	if f := b.fast(); f != nil {
		return f.Count(s)
	}
	n, err := b.codec().Count(s)
	if err != nil {
		// Count fails only on regexp backtracking limits; the estimate is a
		// conservative stand-in rather than a silent zero.
		return estimate(s)
	}
	return n
}

// Encoding implements Counter.
func (b bpe) Encoding() Encoding { return b.enc }

// Exact implements Counter.
func (b bpe) Exact() bool { return true }

// estimator is the calibrated estimate as a Counter.
type estimator struct{}

// Count implements Counter.
func (estimator) Count(s string) int { return estimate(s) }

// Encoding implements Counter.
func (estimator) Encoding() Encoding { return Estimate }

// Exact implements Counter.
func (estimator) Exact() bool { return false }

// Count returns the exact cl100k_base token count of s.
func Count(s string) int { return bpe{CL100K, cl100kCodec, cl100kFast}.Count(s) }

// CountO200K returns the exact o200k_base token count of s.
func CountO200K(s string) int { return bpe{O200K, o200kCodec, o200kFast}.Count(s) }

// CountEstimate returns the calibrated estimate for s.
func CountEstimate(s string) int { return estimate(s) }

// ForEncoding returns the Counter for an encoding name ("cl100k_base",
// "o200k_base", "estimate"; the short forms "cl100k" and "o200k" work too).
func ForEncoding(name string) (Counter, error) {
	switch Encoding(strings.ToLower(strings.TrimSpace(name))) {
	case CL100K, "cl100k":
		return bpe{CL100K, cl100kCodec, cl100kFast}, nil
	case O200K, "o200k":
		return bpe{O200K, o200kCodec, o200kFast}, nil
	case Estimate, "":
		return estimator{}, nil
	default:
		return nil, fmt.Errorf("tokens: unknown encoding %q (want cl100k_base, o200k_base or estimate)", name)
	}
}

// ForModel returns the Counter for a model name: o200k_base for gpt-4o,
// gpt-4.1, gpt-4.5, gpt-5, chatgpt-4o and the o1/o3/o4 families; cl100k_base
// for gpt-4, gpt-3.5 and OpenAI embeddings; the calibrated estimate for
// everything else (Claude, Gemini, Llama, Qwen, Mistral, DeepSeek, unknown).
func ForModel(model string) Counter {
	e, _ := ForEncoding(string(EncodingForModel(model)))
	return e
}

// EncodingForModel returns the Encoding ForModel would use for model.
func EncodingForModel(model string) Encoding {
	m := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexByte(m, '/'); i >= 0 { // "openai/gpt-4o"
		m = m[i+1:]
	}
	m = strings.TrimPrefix(m, "ft:")
	switch {
	case hasAnyPrefix(m, "gpt-4o", "chatgpt-4o", "gpt-4.1", "gpt-4.5", "gpt-5", "o1", "o3", "o4", "gpt-oss", "codex-"):
		return O200K
	case hasAnyPrefix(m, "gpt-4", "gpt-3.5", "gpt-35", "text-embedding-3", "text-embedding-ada-002", "davinci-002", "babbage-002"):
		return CL100K
	default:
		return Estimate
	}
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
