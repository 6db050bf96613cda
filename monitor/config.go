package monitor

import (
	"fmt"
	"time"

	"github.com/archon-memory/archon/config"
)

// Config is the monitor's configuration: the "context" section of
// archon.yaml, which package config declares, reads and checks
// (config.Context) and ConfigFrom converts. The zero value means every
// default (DefaultConfig writes them out).
//
//	context:
//	  model: ""                 # model assumed when the input names none
//	  headroom: 0.2             # share of the window kept for the response
//	  profile: archon           # archon | grid | window | a custom profile
//	  profile_by_window:        # optional: pick a profile by window class
//	    1M: window
//	    200K: archon
//	    128K: grid
//	  keep_tool_results: 6      # tool results kept whole by compaction
//	  summary_tokens: 500       # target size of summaries
//	  keep_recent: 10           # messages kept after the auto-summarize protocol
//	  keep_days: 7              # days MEMORY_SUMMARY.md items are carried over
//	  target: 0                 # percent compaction aims for (0: profile default)
//	  budgets: {system: 12.5, warmth: 5, plan: 10, input: 25, history: 37.5, reserve: 10}
//	  models:                   # user entries, replacing built-ins of the same name
//	    - {name: my-model, window: 32000, encoding: estimate, input_price: 0.5}
//	  profiles:                 # custom profiles
//	    - name: strict
//	      levels:
//	        - {name: warn, at: 30, action: warn}
//	        - {name: compact, at: 50, action: compact}
//	        - {name: stop, at: 70, action: prioritize, block: true}
//	  llm:                      # summarizer; provider none = extractive only
//	    provider: none          # none | openai | anthropic
//	    model: ""
//	    base_url: ""
//	    api_key_env: ""         # default OPENAI_API_KEY / ANTHROPIC_API_KEY
//	    timeout: 30s
type Config struct {
	// Model is assumed when the input names none.
	Model string `json:"model,omitempty"`
	// Headroom is the share of the window kept for the response.
	Headroom float64 `json:"headroom,omitempty"`
	// Profile names the default threshold profile.
	Profile string `json:"profile,omitempty"`
	// ProfileByWindow picks a profile by window class (1M, 200K...).
	ProfileByWindow map[string]string `json:"profile_by_window,omitempty"`
	// KeepToolResults is how many tool results compaction keeps whole.
	KeepToolResults int `json:"keep_tool_results,omitempty"`
	// SummaryTokens is the target size of summaries.
	SummaryTokens int `json:"summary_tokens,omitempty"`
	// KeepRecent is how many messages the auto-summarize protocol keeps.
	KeepRecent int `json:"keep_recent,omitempty"`
	// KeepDays is how many days MEMORY_SUMMARY.md items are carried over.
	KeepDays int `json:"keep_days,omitempty"`
	// Target is the percentage compaction aims for (0: the profile's).
	Target float64 `json:"target,omitempty"`
	// Budgets are the category shares in percent, over DefaultBudgets.
	Budgets map[string]float64 `json:"budgets,omitempty"`
	// Models are user entries, replacing built-ins of the same name.
	Models []Model `json:"models,omitempty"`
	// Profiles are custom profiles, added to the built-in ones.
	Profiles []Profile `json:"profiles,omitempty"`
	// LLM selects the summarizer.
	LLM LLMConfig `json:"llm,omitempty"`
}

// LLMConfig selects the summarizer's model.
type LLMConfig struct {
	// Provider is none (or empty), openai or anthropic.
	Provider string `json:"provider,omitempty"`
	// Model names the provider's model (empty: its default).
	Model string `json:"model,omitempty"`
	// BaseURL is the API root (empty: the provider's public API).
	BaseURL string `json:"base_url,omitempty"`
	// APIKeyEnv names the variable holding the key (empty: the provider's).
	APIKeyEnv string `json:"api_key_env,omitempty"`
	// Timeout bounds one request.
	Timeout time.Duration `json:"timeout,omitempty"`
}

// Defaults.
const (
	DefaultHeadroom   = 0.20
	DefaultKeepRecent = 10
	DefaultKeepDays   = 7
)

// DefaultBudgets are the category shares of DESIGN.md §3, in percent of the
// window.
func DefaultBudgets() map[string]float64 {
	return map[string]float64{
		CatSystem: 12.5, CatWarmth: 5, CatPlan: 10, CatInput: 25, CatHistory: 37.5, CatReserve: 10,
	}
}

// DefaultConfig returns the configuration with every default written out.
func DefaultConfig() Config {
	return Config{
		Headroom: DefaultHeadroom, Profile: DefaultProfile, KeepToolResults: 6, SummaryTokens: 500,
		KeepRecent: DefaultKeepRecent, KeepDays: DefaultKeepDays, Budgets: DefaultBudgets(),
		LLM: LLMConfig{Provider: "none", Timeout: 30 * time.Second},
	}
}

// withDefaults fills zero fields from DefaultConfig.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.Headroom <= 0 || c.Headroom >= 1 {
		c.Headroom = d.Headroom
	}
	if c.Profile == "" {
		c.Profile = d.Profile
	}
	if c.KeepToolResults <= 0 {
		c.KeepToolResults = d.KeepToolResults
	}
	if c.SummaryTokens <= 0 {
		c.SummaryTokens = d.SummaryTokens
	}
	if c.KeepRecent <= 0 {
		c.KeepRecent = d.KeepRecent
	}
	if c.KeepDays <= 0 {
		c.KeepDays = d.KeepDays
	}
	b := DefaultBudgets()
	for k, v := range c.Budgets {
		b[k] = v
	}
	c.Budgets = b
	if c.LLM.Timeout <= 0 {
		c.LLM.Timeout = d.LLM.Timeout
	}
	return c
}

// ConfigFrom converts the context section package config loaded into the
// monitor's Config. It copies every map and list, leaves empty ones nil,
// and parses llm.timeout (an empty timeout takes the default). Whether
// profiles, window classes and model entries make sense is checked by New.
func ConfigFrom(c config.Context) (Config, error) {
	var timeout time.Duration
	if c.LLM.Timeout != "" {
		d, err := time.ParseDuration(c.LLM.Timeout)
		if err != nil {
			return Config{}, fmt.Errorf("context.llm.timeout: %w", err)
		}
		timeout = d
	}
	out := Config{
		Model: c.Model, Headroom: c.Headroom, Profile: c.Profile,
		KeepToolResults: c.KeepToolResults, SummaryTokens: c.SummaryTokens,
		KeepRecent: c.KeepRecent, KeepDays: c.KeepDays, Target: c.Target,
		ProfileByWindow: copyMap(c.ProfileByWindow),
		Budgets:         copyMap(c.Budgets),
		LLM: LLMConfig{
			Provider: c.LLM.Provider, Model: c.LLM.Model, BaseURL: c.LLM.BaseURL,
			APIKeyEnv: c.LLM.APIKeyEnv, Timeout: timeout,
		},
	}
	for _, m := range c.Models {
		out.Models = append(out.Models, Model{
			Name: m.Name, Window: m.Window, MaxOutput: m.MaxOutput, Provider: m.Provider,
			Encoding: m.Encoding, InputPrice: m.InputPrice, Aliases: append([]string(nil), m.Aliases...),
		})
	}
	for _, p := range c.Profiles {
		levels := make([]Level, len(p.Levels))
		for i, l := range p.Levels {
			levels[i] = Level{Name: l.Name, At: l.At, Action: Action(l.Action), Block: l.Block, Keep: l.Keep}
		}
		out.Profiles = append(out.Profiles, Profile{Name: p.Name, Description: p.Description, Levels: levels, Target: p.Target})
	}
	return out, nil
}

// copyMap returns a copy of m, nil when m is empty.
func copyMap[V any](m map[string]V) map[string]V {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
