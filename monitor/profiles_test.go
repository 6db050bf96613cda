package monitor

import (
	"testing"
)

func TestProfiles(t *testing.T) {
	ps := BuiltinProfiles()
	tests := []struct {
		profile string
		pct     float64
		level   string
		action  Action
		block   bool
	}{
		{"archon", 10, OK, ActionNone, false},
		{"archon", 40, "warn", ActionWarn, false},
		{"archon", 64.9, "warn", ActionWarn, false},
		{"archon", 65, "summarize", ActionSummarize, false},
		{"archon", 75, "critical", ActionAutoSummarize, false},
		{"archon", 140, "critical", ActionAutoSummarize, false},
		{"grid", 79, OK, ActionNone, false},
		{"grid", 80, "warning", ActionSlide, false},
		{"grid", 92, "compress", ActionSummarizeSlide, false},
		{"grid", 96, "emergency", ActionPrioritize, false},
		{"grid", 100, "overflow", ActionPrioritize, true},
		{"window", 59, OK, ActionNone, false},
		{"window", 70, "compact", ActionCompact, false},
		{"window", 85, "exhausted", ActionCompact, true},
	}
	for _, tt := range tests {
		l := ps[tt.profile].Evaluate(tt.pct)
		if l.Name != tt.level || l.Action != tt.action || l.Block != tt.block {
			t.Errorf("%s at %.1f%% = %s/%s/%v, want %s/%s/%v", tt.profile, tt.pct, l.Name, l.Action, l.Block, tt.level, tt.action, tt.block)
		}
	}
	for name, p := range ps {
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if got := ps["archon"].TargetPercent(); got != 35 {
		t.Errorf("archon target = %v", got)
	}
	// Copies: changing one does not change the next.
	ps["archon"].Levels[0].At = 1
	if BuiltinProfiles()["archon"].Levels[0].At != 40 {
		t.Error("BuiltinProfiles shares its levels")
	}
}

func TestProfileValidate(t *testing.T) {
	bad := []Profile{
		{Name: ""},
		{Name: "x"},
		{Name: "x", Levels: []Level{{Name: "a", At: 50, Action: "explode"}}},
		{Name: "x", Levels: []Level{{Name: "a", At: 50, Action: ActionWarn}, {Name: "b", At: 40, Action: ActionWarn}}},
		{Name: "x", Levels: []Level{{Name: "", At: 50, Action: ActionWarn}}},
	}
	for _, p := range bad {
		if p.Validate() == nil {
			t.Errorf("Validate(%+v) passed", p)
		}
	}
}

func TestProfileByWindow(t *testing.T) {
	m, err := New(Config{ProfileByWindow: map[string]string{"1M": "window", "200K": "archon", "128K": "grid"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for window, want := range map[int]string{1_048_576: "window", 2_000_000: "window", 200_000: "archon", 131_072: "grid", 32_000: "grid", 400_000: "archon"} {
		p, _ := m.ProfileFor("", window)
		if p.Name != want {
			t.Errorf("window %d: profile %s, want %s", window, p.Name, want)
		}
	}
	if p, _ := m.ProfileFor("grid", 1_000_000); p.Name != "grid" {
		t.Errorf("explicit profile ignored: %s", p.Name)
	}
	if _, err := m.ProfileFor("nope", 0); err == nil {
		t.Error("unknown profile accepted")
	}
}

func TestConfig(t *testing.T) {
	c, err := loadConfig(t, `
log:
  agent: x
context:
  model: claude-sonnet-4-5
  headroom: 0.25
  profile: strict
  budgets: {history: 40}
  models:
    - {name: my-llm, window: 32000, input_price: 0.5}
  profiles:
    - name: strict
      levels:
        - {name: warn, at: 30, action: warn}
        - {name: stop, at: 70, action: prioritize, block: true}
  llm: {provider: anthropic, timeout: 10s}
`)
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := m.Config()
	if cfg.Headroom != 0.25 || cfg.Budgets[CatHistory] != 40 || cfg.Budgets[CatSystem] != 12.5 || cfg.LLM.Timeout.Seconds() != 10 {
		t.Errorf("config = %+v", cfg)
	}
	if p, _ := m.ProfileFor("", 200000); p.Name != "strict" {
		t.Errorf("profile = %s", p.Name)
	}
	if m.Registry().Lookup("my-llm").Model.Window != 32000 {
		t.Error("user model missing")
	}
	// config accepts these (types and ranges are right); monitor knows better.
	for _, bad := range []string{
		"context: {profile: nope}",
		"context: {profiles: [{name: p, levels: [{name: a, at: 10, action: fly}]}]}",
		"context: {profiles: [{name: p, levels: [{name: a, at: 50, action: warn}, {name: b, at: 40, action: warn}]}]}",
		"context: {models: [{name: m}]}",
		"context: {models: [{name: m, window: 10, encoding: utf8}]}",
		"context: {profile_by_window: {huge: archon}}",
		"context: {profile_by_window: {1M: nope}}",
	} {
		c, err := loadConfig(t, bad)
		if err != nil {
			t.Errorf("%s: config rejected it: %v", bad, err)
			continue
		}
		if _, err := New(c, nil); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	if _, err := loadConfig(t, "context: ["); err == nil {
		t.Error("malformed YAML accepted")
	}
}
