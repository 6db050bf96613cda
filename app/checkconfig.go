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
	if p := cfg.Embedder.Provider; p != "none" {
		if _, err := embed.New(embed.Config{Provider: p, Model: cfg.Embedder.Model, URL: cfg.Embedder.URL,
			Dimensions: cfg.Embedder.Dimensions, APIKeyEnv: cfg.Embedder.APIKeyEnv}); err != nil {
			return cfg.Blame(fmt.Errorf("embedder.provider %q: %w", p, err))
		}
	}
	if p := cfg.Rerank.Provider; p != "none" {
		if _, err := rerank.New(rerank.Config{Provider: p, Model: cfg.Rerank.Model, URL: cfg.Rerank.URL,
			APIKeyEnv: cfg.Rerank.APIKeyEnv, Timeout: time.Duration(cfg.Rerank.TimeoutSeconds) * time.Second}); err != nil {
			return cfg.Blame(fmt.Errorf("rerank.provider %q: %w", p, err))
		}
	}
	return nil
}
