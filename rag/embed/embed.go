// Package embed turns texts into vectors for archon's semantic search.
//
// Three providers implement [Embedder]:
//
//   - [Builtin], the offline default compiled into the binary: deterministic
//     feature hashing of words, word pairs and character trigrams. It matches
//     shared words, stems, subword pieces and typos, not meaning.
//   - [Ollama], a local or remote Ollama server (POST /api/embed).
//   - [OpenAI], any OpenAI-compatible endpoint (POST {base}/embeddings).
//
// Every embedder names itself with an ID such as "builtin/hash-v1/256" or
// "ollama/nomic-embed-text/768" (provider/model/dimensions); archon records
// it beside the stored vectors and re-embeds everything when it changes.
//
// A model that loads state from disk fits the same interface: it reads its
// files in its constructor, reports its own ID and dimensions, and may
// implement io.Closer, which callers should honour.
package embed

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// Embedder turns texts into vectors. Implementations are safe for
// concurrent use.
type Embedder interface {
	// ID names provider, model and dimensions, e.g. "builtin/hash-v1/256",
	// "ollama/nomic-embed-text/768"; it is recorded in the index and a
	// change triggers a clean re-embed. For a remote provider whose
	// dimensions are not configured, the dimensions part is "0" until the
	// first successful call has discovered them (see [Discover]).
	ID() string
	// Dimensions returns the vector length, or 0 while a remote provider
	// has not discovered it yet.
	Dimensions() int
	// Embed returns one L2-normalized vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Provider names.
const (
	ProviderBuiltin = "builtin"
	ProviderOllama  = "ollama"
	ProviderOpenAI  = "openai"
)

// Defaults for Config.
const (
	DefaultDimensions = 256 // builtin
	DefaultOllamaURL  = "http://localhost:11434"
	DefaultOpenAIURL  = "https://api.openai.com/v1"
	DefaultAPIKeyEnv  = "OPENAI_API_KEY"
	DefaultBatchSize  = 64
	DefaultTimeout    = 30 * time.Second
	DefaultMaxRetries = 3
)

// Config selects and tunes an embedder. The zero value is the builtin
// embedder at 256 dimensions.
type Config struct {
	// Provider is "builtin" (default), "ollama" or "openai".
	Provider string
	// Model is the model name; required for ollama and openai, ignored by
	// builtin.
	Model string
	// URL is the server: for ollama its root (default
	// http://localhost:11434), for openai the API base that /embeddings is
	// appended to (default https://api.openai.com/v1).
	URL string
	// Dimensions is the vector length. builtin: 0 means 256. ollama and
	// openai: 0 means whatever the model returns (discovered on the first
	// call); otherwise it is sent as the "dimensions" request field and
	// every response must match it.
	Dimensions int
	// APIKeyEnv names the environment variable holding the bearer key for
	// openai (default OPENAI_API_KEY). The key itself never appears in the
	// configuration. An empty variable sends no Authorization header, which
	// local OpenAI-compatible servers accept; the default URL requires it.
	APIKeyEnv string
	// BatchSize is how many texts go into one request (default 64).
	BatchSize int
	// Timeout bounds each HTTP request, retries included separately
	// (default 30s). The caller's context bounds the whole call.
	Timeout time.Duration
	// MaxRetries is how many times a request that got HTTP 429 or 5xx is
	// retried, with exponential backoff (default 3; negative means none).
	MaxRetries int
}

// New returns the embedder that cfg describes. It does no network I/O.
func New(cfg Config) (Embedder, error) {
	switch strings.ToLower(strings.TrimSpace(cfg.Provider)) {
	case "", ProviderBuiltin:
		return NewBuiltin(cfg.Dimensions)
	case ProviderOllama:
		return NewOllama(cfg)
	case ProviderOpenAI:
		return NewOpenAI(cfg)
	default:
		return nil, fmt.Errorf("embed: unknown provider %q (want builtin, ollama or openai)", cfg.Provider)
	}
}

// Discover makes sure e knows its dimensions: when Dimensions() is 0 it
// embeds one short probe text. Call it before reading ID() from a remote
// provider without configured dimensions. An unreachable provider returns an
// error here, which is the moment to fall back to keyword search.
func Discover(ctx context.Context, e Embedder) (int, error) {
	if d := e.Dimensions(); d > 0 {
		return d, nil
	}
	if _, err := e.Embed(ctx, []string{"dimension probe"}); err != nil {
		return 0, fmt.Errorf("embed: discover dimensions of %s: %w", e.ID(), err)
	}
	return e.Dimensions(), nil
}

// ErrBadResponse marks a response that arrived but cannot be used: malformed
// JSON, a wrong number of vectors, wrong or inconsistent dimensions, zero or
// non-finite vectors. Retrying does not help.
var ErrBadResponse = errors.New("bad embedding response")

// normalize scales v to unit length in place. It fails on a zero vector or
// one holding NaN or Inf.
func normalize(v []float32) error {
	var sum float64
	for _, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%w: vector holds NaN or Inf", ErrBadResponse)
		}
		sum += f * f
	}
	if sum == 0 {
		return fmt.Errorf("%w: zero vector", ErrBadResponse)
	}
	inv := 1 / math.Sqrt(sum)
	for i, x := range v {
		v[i] = float32(float64(x) * inv)
	}
	return nil
}
