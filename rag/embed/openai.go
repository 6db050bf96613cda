package embed

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
)

// OpenAI embeds with any OpenAI-compatible endpoint: POST {url}/embeddings
// with a batch of inputs and a bearer key from the environment. Safe for
// concurrent use.
type OpenAI struct {
	model string
	url   string
	batch int
	dims  dimensions
	hc    *httpClient
}

// NewOpenAI returns an OpenAI-compatible embedder. cfg.Model is required;
// cfg.URL defaults to https://api.openai.com/v1; the key is read once, now,
// from the variable cfg.APIKeyEnv names (default OPENAI_API_KEY). The default
// URL without a key is an error; other servers may run without one.
func NewOpenAI(cfg Config) (*OpenAI, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("embed: openai needs a model name (for example text-embedding-3-small)")
	}
	if cfg.Dimensions < 0 {
		return nil, fmt.Errorf("embed: openai dimensions must not be negative, got %d", cfg.Dimensions)
	}
	base := strings.TrimSuffix(strings.TrimSpace(cfg.URL), "/")
	if base == "" {
		base = DefaultOpenAIURL
	}
	env := cfg.APIKeyEnv
	if env == "" {
		env = DefaultAPIKeyEnv
	}
	key := strings.TrimSpace(os.Getenv(env))
	if key == "" && base == DefaultOpenAIURL {
		return nil, fmt.Errorf("embed: openai at %s needs an API key: set %s", base, env)
	}
	o := &OpenAI{model: cfg.Model, url: base + "/embeddings", batch: batchSize(cfg), hc: newHTTPClient(cfg)}
	o.dims.configured = cfg.Dimensions
	o.hc.opts.Key, o.hc.opts.KeyEnv = key, env // HTTP 401 and 403 name env
	return o, nil
}

// ID returns "openai/<model>/<dimensions>".
func (o *OpenAI) ID() string { return remoteID(ProviderOpenAI, o.model, &o.dims) }

// Dimensions returns the configured or discovered vector length, or 0.
func (o *OpenAI) Dimensions() int { return o.dims.get() }

type openAIRequest struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	EncodingFormat string   `json:"encoding_format"`
	Dimensions     int      `json:"dimensions,omitempty"`
}

type openAIResponse struct {
	Data []struct {
		Index     *int      `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
}

// Embed returns one unit vector per text, in batches.
func (o *OpenAI) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := batched(ctx, texts, o.batch, o.embedBatch)
	if err != nil {
		return nil, fmt.Errorf("embed: openai %s: %w", o.model, err)
	}
	return vecs, nil
}

func (o *OpenAI) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	var resp openAIResponse
	req := openAIRequest{Model: o.model, Input: texts, EncodingFormat: "float", Dimensions: o.dims.configured}
	if err := o.hc.postJSON(ctx, o.url, req, &resp); err != nil {
		return nil, err
	}
	if len(resp.Data) != len(texts) {
		return nil, fmt.Errorf("%w: %d embeddings for %d texts", ErrBadResponse, len(resp.Data), len(texts))
	}
	// Place by "index"; servers that omit it are taken in order.
	vecs := make([][]float32, len(texts))
	for pos, d := range resp.Data {
		i := pos
		if d.Index != nil {
			i = *d.Index
		}
		if i < 0 || i >= len(texts) || vecs[i] != nil {
			return nil, fmt.Errorf("%w: embedding index %d out of range or repeated", ErrBadResponse, i)
		}
		if d.Embedding == nil {
			d.Embedding = []float32{}
		}
		vecs[i] = d.Embedding
	}
	if err := o.dims.check(vecs, len(texts)); err != nil {
		return nil, err
	}
	return vecs, nil
}
