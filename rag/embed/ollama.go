package embed

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
)

// Ollama embeds with an Ollama server: POST {url}/api/embed with a batch of
// inputs. Servers older than /api/embed (before Ollama 0.3) answer 404 there;
// Ollama then falls back to POST {url}/api/embeddings, one text per request,
// and remembers to go straight there. Safe for concurrent use.
type Ollama struct {
	model  string
	base   string
	batch  int
	dims   dimensions
	hc     *httpClient
	legacy atomic.Bool
}

// NewOllama returns an Ollama embedder; cfg.Model is required, cfg.URL
// defaults to http://localhost:11434 (a trailing /api is accepted).
func NewOllama(cfg Config) (*Ollama, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("embed: ollama needs a model name (for example nomic-embed-text)")
	}
	if cfg.Dimensions < 0 {
		return nil, fmt.Errorf("embed: ollama dimensions must not be negative, got %d", cfg.Dimensions)
	}
	base := strings.TrimSpace(cfg.URL)
	if base == "" {
		base = DefaultOllamaURL
	}
	base = strings.TrimSuffix(strings.TrimSuffix(base, "/"), "/api")
	o := &Ollama{model: cfg.Model, base: base, batch: batchSize(cfg), hc: newHTTPClient(cfg)}
	o.dims.configured = cfg.Dimensions
	return o, nil
}

// ID returns "ollama/<model>/<dimensions>".
func (o *Ollama) ID() string { return remoteID(ProviderOllama, o.model, &o.dims) }

// Dimensions returns the configured or discovered vector length, or 0.
func (o *Ollama) Dimensions() int { return o.dims.get() }

type ollamaEmbedRequest struct {
	Model      string   `json:"model"`
	Input      []string `json:"input"`
	Dimensions int      `json:"dimensions,omitempty"`
}

type ollamaEmbedResponse struct {
	Embeddings [][]float32 `json:"embeddings"`
}

type ollamaLegacyRequest struct {
	Model  string `json:"model"`
	Prompt string `json:"prompt"`
}

type ollamaLegacyResponse struct {
	Embedding []float32 `json:"embedding"`
}

// Embed returns one unit vector per text, in batches.
func (o *Ollama) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := batched(ctx, texts, o.batch, o.embedBatch)
	if err != nil {
		return nil, fmt.Errorf("embed: ollama %s: %w", o.model, err)
	}
	return vecs, nil
}

func (o *Ollama) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	if !o.legacy.Load() {
		var resp ollamaEmbedResponse
		err := o.hc.postJSON(ctx, o.base+"/api/embed",
			ollamaEmbedRequest{Model: o.model, Input: texts, Dimensions: o.dims.configured}, &resp)
		var he *HTTPError
		switch {
		case err == nil:
			if err := o.dims.check(resp.Embeddings, len(texts)); err != nil {
				return nil, err
			}
			return resp.Embeddings, nil
		case errors.As(err, &he) && he.StatusCode == http.StatusNotFound && !strings.Contains(he.Body, "model"):
			o.legacy.Store(true) // no /api/embed route: an Ollama older than 0.3
		case errors.As(err, &he) && he.StatusCode == http.StatusNotFound:
			return nil, fmt.Errorf("%w (is the model pulled? try: ollama pull %s)", err, o.model)
		default:
			return nil, err
		}
	}
	vecs := make([][]float32, len(texts))
	for i, t := range texts {
		var resp ollamaLegacyResponse
		if err := o.hc.postJSON(ctx, o.base+"/api/embeddings", ollamaLegacyRequest{Model: o.model, Prompt: t}, &resp); err != nil {
			return nil, err
		}
		vecs[i] = resp.Embedding
	}
	if err := o.dims.check(vecs, len(texts)); err != nil {
		return nil, err
	}
	return vecs, nil
}
