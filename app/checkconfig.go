package app

import (
	"fmt"
	"time"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/rag/embed"
	"github.com/archon-memory/archon/rag/rerank"
)

// CheckConfig checks what the configuration's types cannot say, so that a
// bad value stops every command when it loads (archon config and serve
// included) rather than the first one that uses it: the workspace
// options (time zone, privacy patterns) compile, and the context section
// makes a monitor (a known profile, valid custom profiles and models),
// and the embedder and reranker it names can be built.
// The error names where the value was set (config.Loaded.Blame).
func CheckConfig(cfg *config.Loaded) error {
	if _, err := cfg.MemoryOptions(); err != nil {
		return cfg.Blame(err)
	}
	mc, err := monitor.ConfigFrom(cfg.Context)
	if err != nil {
		return cfg.Blame(err)
	}
	if _, err := monitor.New(mc, nil); err != nil {
		return cfg.Blame(err)
	}
	// The providers are built as a search builds them (nothing is sent):
	// a reranker without its URL would fail every search, and serve.
	if _, _, err := providers(cfg); err != nil {
		return cfg.Blame(err)
	}
	return nil
}

// providers builds the embedder (nil when vectors are off) and the
// reranker (nil when none) the configuration names; an error starts with
// the key of the provider that cannot be built (config.Loaded.Blame).
func providers(cfg *config.Loaded) (embed.Embedder, rerank.Reranker, error) {
	var emb embed.Embedder
	if p := cfg.Embedder.Provider; p != "none" && cfg.Search.VectorWeight > 0 {
		e, err := embed.New(embed.Config{Provider: p, Model: cfg.Embedder.Model, URL: cfg.Embedder.URL,
			Dimensions: cfg.Embedder.Dimensions, APIKeyEnv: cfg.Embedder.APIKeyEnv})
		if err != nil {
			return nil, nil, fmt.Errorf("embedder.provider %q: %w", p, err)
		}
		emb = e
	}
	var rr rerank.Reranker
	if p := cfg.Rerank.Provider; p != "none" {
		r, err := rerank.New(rerank.Config{Provider: p, Model: cfg.Rerank.Model, URL: cfg.Rerank.URL,
			APIKeyEnv: cfg.Rerank.APIKeyEnv, Timeout: time.Duration(cfg.Rerank.TimeoutSeconds) * time.Second})
		if err != nil {
			return nil, nil, fmt.Errorf("rerank.provider %q: %w", p, err)
		}
		rr = r
	}
	return emb, rr, nil
}
