package monitor

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"go.yaml.in/yaml/v3"
)

// Config is the "context" section of archon.yaml. The zero value means
// every default (DefaultConfig writes them out).
//
//	context:
//	  model: ""                 # model assumed when the input names none
//	  headroom: 0.20            # share of the window kept for the response
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
	Model           string             `yaml:"model,omitempty" json:"model,omitempty"`
	Headroom        float64            `yaml:"headroom,omitempty" json:"headroom,omitempty"`
	Profile         string             `yaml:"profile,omitempty" json:"profile,omitempty"`
	ProfileByWindow map[string]string  `yaml:"profile_by_window,omitempty" json:"profile_by_window,omitempty"`
	KeepToolResults int                `yaml:"keep_tool_results,omitempty" json:"keep_tool_results,omitempty"`
	SummaryTokens   int                `yaml:"summary_tokens,omitempty" json:"summary_tokens,omitempty"`
	KeepRecent      int                `yaml:"keep_recent,omitempty" json:"keep_recent,omitempty"`
	KeepDays        int                `yaml:"keep_days,omitempty" json:"keep_days,omitempty"`
	Target          float64            `yaml:"target,omitempty" json:"target,omitempty"`
	Budgets         map[string]float64 `yaml:"budgets,omitempty" json:"budgets,omitempty"`
	Models          []Model            `yaml:"models,omitempty" json:"models,omitempty"`
	Profiles        []Profile          `yaml:"profiles,omitempty" json:"profiles,omitempty"`
	LLM             LLMConfig          `yaml:"llm,omitempty" json:"llm,omitempty"`
}

// LLMConfig selects the summarizer's model.
type LLMConfig struct {
	Provider  string        `yaml:"provider,omitempty" json:"provider,omitempty"`
	Model     string        `yaml:"model,omitempty" json:"model,omitempty"`
	BaseURL   string        `yaml:"base_url,omitempty" json:"base_url,omitempty"`
	APIKeyEnv string        `yaml:"api_key_env,omitempty" json:"api_key_env,omitempty"`
	Timeout   time.Duration `yaml:"timeout,omitempty" json:"timeout,omitempty"`
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

// ParseConfig reads the "context" section of an archon.yaml document.
//
// Unknown keys inside the section are errors naming their line; the other
// sections belong to other packages and are not looked at.
func ParseConfig(data []byte) (Config, error) {
	var doc struct {
		Context Config         `yaml:"context"`
		Others  map[string]any `yaml:",inline"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return Config{}, fmt.Errorf("archon.yaml context section: %w", err)
	}
	return doc.Context, nil
}

// ConfigTemplate is the "context" section as `archon init` writes it: every
// key at its default, with a comment, and examples commented out.
const ConfigTemplate = `
# Context monitoring (archon context ..., archon summarize).
context:
  # model assumed when the input names none (empty: the tier default)
  model: ""
  # share of the window kept for the response
  headroom: 0.2
  # threshold profile: archon (40/65/75), grid (80/90/95/100), window (60/80), or a custom one
  profile: archon
  # optional: a profile by window class, e.g. {1M: window, 200K: archon, 128K: grid}
  profile_by_window: {}
  # tool results kept whole by compaction; older ones become stubs naming the tool
  keep_tool_results: 6
  # target size of summaries, in tokens
  summary_tokens: 500
  # messages kept after the auto-summarize protocol
  keep_recent: 10
  # days MEMORY_SUMMARY.md items are carried over
  keep_days: 7
  # percent compaction aims for (0: the profile's default)
  target: 0
  # budget categories, percent of the window
  budgets: {system: 12.5, warmth: 5, plan: 10, input: 25, history: 37.5, reserve: 10}
  # user model entries, replacing built-ins of the same name, e.g.
  #   - {name: my-model, window: 32000, encoding: estimate, input_price: 0.5}
  models: []
  # custom profiles, e.g.
  #   - name: strict
  #     levels:
  #       - {name: warn, at: 30, action: warn}
  #       - {name: stop, at: 70, action: prioritize, block: true}
  profiles: []
  # summarizer: provider none = offline extractive; openai | anthropic use the LLM with extractive fallback
  llm:
    provider: none
    model: ""
    base_url: ""
    # environment variable holding the key (default OPENAI_API_KEY / ANTHROPIC_API_KEY)
    api_key_env: ""
    timeout: 30s
`

// LoadConfig reads the "context" section of the archon.yaml at path; a
// missing file gives the zero Config (all defaults).
func LoadConfig(path string) (Config, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Config{}, nil
	}
	if err != nil {
		return Config{}, fmt.Errorf("read %s: %w", path, err)
	}
	c, err := ParseConfig(b)
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}
