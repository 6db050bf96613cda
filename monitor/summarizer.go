package monitor

import (
	"log/slog"
	"strings"

	"github.com/archon-memory/archon/summarize"
)

// Summarizer returns the summarizer context.llm asks for: the extractive
// one for provider "none" (the default) or "", else an LLM summarizer that
// falls back to the extractive one on any error.
func (m *Monitor) Summarizer(logger *slog.Logger) (summarize.Summarizer, error) {
	llm := m.cfg.LLM
	switch strings.ToLower(strings.TrimSpace(llm.Provider)) {
	case "", "none", "extractive":
		return summarize.NewExtractive(), nil
	}
	return summarize.NewLLM(summarize.LLMConfig{
		Provider: strings.ToLower(llm.Provider), Model: llm.Model, BaseURL: llm.BaseURL,
		APIKeyEnv: llm.APIKeyEnv, Timeout: llm.Timeout,
	}, logger)
}

// SummaryOptions returns summarize.Options from the configuration (target
// size, counter for model, days kept), for `archon summarize`.
func (m *Monitor) SummaryOptions(model string) summarize.Options {
	cache := m.counterFor(m.reg.Resolve(model, ""))
	return summarize.Options{TargetTokens: m.cfg.SummaryTokens, Counter: cache.Counter(), KeepDays: m.cfg.KeepDays}
}
