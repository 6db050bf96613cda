// Package rerank scores search candidates against a query with an external
// model, so archon's search can reorder its top fused candidates.
//
// Reranking is optional and off by default: archon's search ranks with its
// own built-in, offline evidence stage, and [New] returns a nil [Reranker]
// for the provider "none" (or an empty provider). Two opt-in providers talk
// to a server the user runs or chooses:
//
//   - "cross-encoder" ([CrossEncoder]): a reranking model such as
//     bge-reranker-v2-m3 or jina-reranker behind the de-facto standard
//     POST {url}/rerank endpoint served by vLLM, llama.cpp server, Infinity,
//     Jina, Cohere-compatible gateways and Hugging Face TEI. One small
//     request per search; on a local GPU typically tens of milliseconds for
//     20 candidates, on a CPU a few hundred. It is the better choice when
//     reranking is wanted at all: purpose-built, cheap and deterministic.
//   - "llm" ([LLM]): a chat model behind an OpenAI-compatible
//     POST {url}/chat/completions endpoint, asked for a 0-10 relevance score
//     per document. This costs one LLM call per search (seconds of latency,
//     and tokens for every candidate's text when the server is paid), so it
//     suits low-volume, high-value searches rather than interactive use.
//
// Both send the query and the candidates' text to the configured server:
// pointing URL at a remote service sends memory content off the machine.
//
// The search engine calls Rerank on its top N fused candidates and reorders
// them by the returned scores; on any error or timeout it keeps its own
// order. Scores are comparable within one call only; ties (for example
// documents a cross-encoder server left out) should keep the input order,
// so callers should sort stably.
package rerank

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"
)

// Reranker scores documents for a query: higher is more relevant. Scores
// are comparable within one call only. Implementations are safe for
// concurrent use.
type Reranker interface {
	// ID names provider and model, e.g. "cross-encoder/bge-reranker-v2-m3"
	// or "llm/gpt-4o-mini".
	ID() string
	// Rerank returns one score per document, in the order given. No
	// documents means no call and an empty result.
	Rerank(ctx context.Context, query string, docs []string) ([]float64, error)
}

// Provider names accepted in Config.Provider.
const (
	ProviderNone         = "none"
	ProviderCrossEncoder = "cross-encoder"
	ProviderLLM          = "llm"
)

// Defaults for Config.
const (
	// DefaultTimeout bounds one Rerank call, retries included.
	DefaultTimeout = 10 * time.Second
	// DefaultMaxDocChars is the per-document cut for the llm provider,
	// which pays for every token of every candidate.
	DefaultMaxDocChars = 1000
	// DefaultCrossEncoderMaxDocChars is the per-document cut for the
	// cross-encoder provider; reranking models read a few hundred to a few
	// thousand tokens and most servers reject or truncate longer input.
	DefaultCrossEncoderMaxDocChars = 4000
	// MaxRetries is how often a call is retried after HTTP 429 or 5xx.
	// Network errors are never retried, so an unreachable server fails fast.
	MaxRetries = 2
)

// Config selects and tunes a reranker. The zero value means no reranker.
type Config struct {
	// Provider is "none" (default, also the empty string),
	// "cross-encoder" or "llm".
	Provider string
	// Model is the model name sent to the server: required for llm (for
	// example gpt-4o-mini or qwen2.5:7b-instruct); optional for
	// cross-encoder, where servers hosting a single model ignore it.
	Model string
	// URL is the API base, required: {URL}/rerank or
	// {URL}/chat/completions is posted to, for example
	// http://localhost:8000/v1 (vLLM), http://localhost:7997 (Infinity),
	// http://localhost:8080 (TEI, llama.cpp) or https://api.openai.com/v1.
	URL string
	// APIKeyEnv names the environment variable holding a bearer key. It is
	// read once, in New; when APIKeyEnv is empty no Authorization header is
	// sent, and when it names an empty variable New fails.
	APIKeyEnv string
	// Timeout bounds one Rerank call, retries included (default 10s).
	Timeout time.Duration
	// MaxDocChars cuts each document to this many characters before it is
	// sent (default 1,000 for llm, 4,000 for cross-encoder).
	MaxDocChars int
}

// New returns the reranker cfg selects, or nil and no error for the
// provider "none". It validates the configuration and reads the API key
// from the environment but does no network I/O.
func New(cfg Config) (Reranker, error) {
	provider := strings.ToLower(strings.TrimSpace(cfg.Provider))
	switch provider {
	case "", ProviderNone:
		return nil, nil
	case ProviderCrossEncoder:
		ce, err := NewCrossEncoder(cfg)
		if err != nil {
			return nil, err // not a typed nil inside the interface
		}
		return ce, nil
	case ProviderLLM:
		l, err := NewLLM(cfg)
		if err != nil {
			return nil, err
		}
		return l, nil
	}
	return nil, fmt.Errorf("rerank: unknown provider %q (want %s, %s or %s)",
		cfg.Provider, ProviderNone, ProviderCrossEncoder, ProviderLLM)
}

// settings is the validated, defaulted part of Config shared by providers.
type settings struct {
	model       string
	base        string // URL without trailing slash
	keyEnv      string
	key         string
	timeout     time.Duration
	maxDocChars int
}

func validate(cfg Config, provider string, defaultMaxDocChars int) (settings, error) {
	s := settings{
		model:       strings.TrimSpace(cfg.Model),
		base:        strings.TrimRight(strings.TrimSpace(cfg.URL), "/"),
		keyEnv:      strings.TrimSpace(cfg.APIKeyEnv),
		timeout:     cfg.Timeout,
		maxDocChars: cfg.MaxDocChars,
	}
	if s.base == "" {
		return s, fmt.Errorf("rerank: %s needs a URL (the API base, for example http://localhost:8000/v1)", provider)
	}
	u, err := url.Parse(s.base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return s, fmt.Errorf("rerank: %s URL %q is not an http(s) URL", provider, cfg.URL)
	}
	if s.timeout < 0 {
		return s, fmt.Errorf("rerank: %s timeout must not be negative, got %s", provider, s.timeout)
	}
	if s.timeout == 0 {
		s.timeout = DefaultTimeout
	}
	if s.maxDocChars < 0 {
		return s, fmt.Errorf("rerank: %s max doc chars must not be negative, got %d", provider, s.maxDocChars)
	}
	if s.maxDocChars == 0 {
		s.maxDocChars = defaultMaxDocChars
	}
	if s.keyEnv != "" {
		s.key = strings.TrimSpace(os.Getenv(s.keyEnv))
		if s.key == "" {
			return s, fmt.Errorf("rerank: %s API key variable $%s is empty or unset", provider, s.keyEnv)
		}
	}
	return s, nil
}

// ErrBadResponse marks a 2xx answer that could not be used: malformed
// JSON, wrong number of scores, indexes out of range.
var ErrBadResponse = errors.New("unusable response")

// truncate cuts s to at most n characters (runes), on a rune boundary.
func truncate(s string, n int) string {
	if n <= 0 || len(s) <= n {
		return s
	}
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}

// truncateAll applies truncate to every document, copying only if needed.
func truncateAll(docs []string, n int) []string {
	out, copied := docs, false
	for i, d := range docs {
		if t := truncate(d, n); len(t) != len(d) {
			if !copied {
				out, copied = append([]string(nil), docs...), true
			}
			out[i] = t
		}
	}
	return out
}

// withTimeout runs call under the configured timeout and names its expiry
// in the error; the caller's own cancellation passes through unchanged.
func withTimeout(ctx context.Context, timeout time.Duration, call func(context.Context) error) error {
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	err := call(cctx)
	if err == nil || ctx.Err() != nil || cctx.Err() == nil {
		return err
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%w (%w)", err, context.DeadlineExceeded)
	}
	return fmt.Errorf("timed out after %s: %w", timeout, err)
}
