package monitor

import (
	"log/slog"
	"strings"

	"github.com/archon-memory/archon/summarize"
	"github.com/archon-memory/archon/tokens"
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
	return summarize.Options{TargetTokens: m.cfg.SummaryTokens, Counter: summaryCounter(cache.Counter()), KeepDays: m.cfg.KeepDays}
}

// summaryCounter is what a summary's target size is counted in: the
// model's own tokenizer when it is public, else cl100k. The calibrated
// estimate the monitor counts unknown tokenizers with runs high on purpose
// (an over-count never overflows a context); a summary budgeted with it
// came out 27-41% short of its target, so summaries count in cl100k, the
// tokenizer the estimate is calibrated against.
func summaryCounter(c tokens.Counter) tokens.Counter {
	if c == nil || !c.Exact() {
		return tokens.ForModel("gpt-4")
	}
	return c
}
