package config

// Context holds the keys of context monitoring (archon context ...,
// archon summarize); package monitor turns it into its own configuration
// with monitor.ConfigFrom. Config checks types, ranges and enums; whether a
// profile, a window class or a model entry makes sense is monitor's call
// (monitor.New).
type Context struct {
	// Model is the model assumed when the input names none.
	Model string `yaml:"model" doc:"model assumed when the input names none (empty: the tier default)"`
	// Headroom is the share of the window kept for the response.
	Headroom float64 `yaml:"headroom" doc:"share of the window kept for the response" gt:"0" lt:"1"`
	// Profile names the threshold profile.
	Profile string `yaml:"profile" doc:"threshold profile: archon (40/65/75), grid (80/90/95/100), window (60/80), or a custom one"`
	// ProfileByWindow picks a profile by window class (1M, 200K, 128K...).
	ProfileByWindow map[string]string `yaml:"profile_by_window" doc:"optional: a profile by window class, e.g. {1M: window, 200K: archon, 128K: grid}"`
	// KeepToolResults is how many tool results compaction keeps whole.
	KeepToolResults int `yaml:"keep_tool_results" doc:"tool results kept whole by compaction; older ones become stubs naming the tool" min:"1" max:"100000"`
	// SummaryTokens is the target size of summaries.
	SummaryTokens int `yaml:"summary_tokens" doc:"target size of summaries, in tokens" min:"1" max:"1000000"`
	// KeepRecent is how many messages the auto-summarize protocol keeps.
	KeepRecent int `yaml:"keep_recent" doc:"messages kept after the auto-summarize protocol" min:"1" max:"100000"`
	// KeepDays is how many days MEMORY_SUMMARY.md items are carried over.
	KeepDays int `yaml:"keep_days" doc:"days MEMORY_SUMMARY.md items are carried over" min:"1" max:"3650"`
	// Target is the percentage compaction aims for (0: the profile's).
	Target float64 `yaml:"target" doc:"percent of the window compaction aims for (0: the profile's default)" min:"0" max:"100"`
	// Budgets are the budget categories' shares, in percent of the window.
	// Entries given by the user are merged over the default ones.
	Budgets map[string]float64 `yaml:"budgets" doc:"budget categories, percent of the window (reserve: the response's part; the limit itself keeps headroom); entries given are merged over these defaults" min:"0" max:"100" merge:"default"`
	// Models are user model entries, replacing built-ins of the same name.
	Models []ModelEntry `yaml:"models" doc:"user model entries, replacing built-ins of the same name" example:"- {name: my-model, window: 32000, encoding: estimate, input_price: 0.5}"`
	// Profiles are custom threshold profiles.
	Profiles []ProfileEntry `yaml:"profiles" doc:"custom threshold profiles, usable as profile or in profile_by_window" example:"- name: strict\n  levels:\n    - {name: warn, at: 30, action: warn}\n    - {name: stop, at: 70, action: prioritize, block: true}"`
	// LLM selects the summarizer's model.
	LLM LLM `yaml:"llm" doc:"summarizer: provider none = offline extractive; openai | anthropic use the LLM with extractive fallback"`
}

// LLM is the context.llm subsection: the model that writes summaries.
type LLM struct {
	// Provider picks the summarizer.
	Provider string `yaml:"provider" doc:"none (offline extractive summaries), openai (any OpenAI-compatible endpoint) or anthropic" enum:"none|openai|anthropic"`
	// Model names the provider's model.
	Model string `yaml:"model" doc:"model name (empty: gpt-4o-mini for openai, claude-haiku-4-5 for anthropic)"`
	// BaseURL is the API root.
	BaseURL string `yaml:"base_url" doc:"API root, e.g. http://localhost:11434/v1 (empty: the provider's public API)"`
	// APIKeyEnv names the environment variable holding the API key.
	APIKeyEnv string `yaml:"api_key_env" doc:"environment variable holding the key (empty: OPENAI_API_KEY / ANTHROPIC_API_KEY)"`
	// Timeout bounds one request, as a duration such as 30s.
	Timeout string `yaml:"timeout" doc:"longest a summarizer request may take, e.g. 30s" check:"duration"`
}

// ModelEntry is one item of context.models: a model's context window.
type ModelEntry struct {
	// Name is the model's name.
	Name string `yaml:"name" json:"name"`
	// Window is the context window in tokens.
	Window int `yaml:"window" json:"window" min:"1"`
	// MaxOutput is the largest response in tokens (informational).
	MaxOutput int `yaml:"max_output" json:"max_output,omitempty" min:"0"`
	// Provider is openai, anthropic, google, meta...
	Provider string `yaml:"provider" json:"provider,omitempty"`
	// Encoding is cl100k_base, o200k_base or estimate; empty picks by name.
	Encoding string `yaml:"encoding" json:"encoding,omitempty"`
	// InputPrice is USD per million input tokens (0: unknown).
	InputPrice float64 `yaml:"input_price" json:"input_price,omitempty" min:"0"`
	// Aliases are further exact names for the model.
	Aliases []string `yaml:"aliases" json:"aliases,omitempty"`
}

// ProfileEntry is one item of context.profiles: a named set of levels.
type ProfileEntry struct {
	// Name is the profile's name.
	Name string `yaml:"name" json:"name"`
	// Description is shown with the profile.
	Description string `yaml:"description" json:"description,omitempty"`
	// Levels are the thresholds, lowest first.
	Levels []LevelEntry `yaml:"levels" json:"levels"`
	// Target is the percentage compaction aims for (0: 5 below the lowest level).
	Target float64 `yaml:"target" json:"target,omitempty" min:"0" max:"100"`
}

// LevelEntry is one threshold of a ProfileEntry.
type LevelEntry struct {
	// Name is shown to users (warn, critical...).
	Name string `yaml:"name" json:"name"`
	// At is the percentage of the usable window from which the level holds.
	At float64 `yaml:"at" json:"at" min:"0"`
	// Action is what the level asks for (warn, compact, summarize...).
	Action string `yaml:"action" json:"action"`
	// Block means an orchestrator must not spawn at this level.
	Block bool `yaml:"block" json:"block,omitempty"`
	// Keep is the sliding-window size of slide actions (0: the default).
	Keep int `yaml:"keep" json:"keep,omitempty" min:"0"`
}

// defaultBudgets returns the default budget categories, in percent of the
// window.
func defaultBudgets() map[string]float64 {
	return map[string]float64{"system": 12.5, "warmth": 5, "plan": 10, "input": 25, "history": 37.5, "reserve": 10}
}

// defaultContext returns the defaults of the context section.
func defaultContext() Context {
	return Context{
		Headroom:        0.2,
		Profile:         "archon",
		ProfileByWindow: map[string]string{},
		KeepToolResults: 6,
		SummaryTokens:   500,
		KeepRecent:      10,
		KeepDays:        7,
		Budgets:         defaultBudgets(),
		Models:          []ModelEntry{},
		Profiles:        []ProfileEntry{},
		LLM:             LLM{Provider: "none", Timeout: "30s"},
	}
}
