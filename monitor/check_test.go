package monitor

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

func parseFile(t *testing.T, name string) *conv.Conversation {
	t.Helper()
	b, err := os.ReadFile("../conv/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	c, err := conv.ParseBytes(b, "")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newMonitor(t *testing.T, cfg Config) *Monitor {
	t.Helper()
	m, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestCheckFixtures(t *testing.T) {
	ctx := context.Background()
	m := newMonitor(t, Config{})
	t.Run("openai", func(t *testing.T) {
		r, err := m.Check(ctx, parseFile(t, "openai.json"), CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Model != "gpt-4o" || r.Encoding != "o200k_base" || !r.Exact || r.Source != "counted" {
			t.Errorf("report %+v", r)
		}
		if r.Window != 128000 || r.Limit != 102400 || r.Level != OK || r.Tokens < 50 || r.Tokens > 400 {
			t.Errorf("window %d limit %d level %s tokens %d", r.Window, r.Limit, r.Level, r.Tokens)
		}
		if r.CostUSD <= 0 {
			t.Errorf("cost = %v", r.CostUSD)
		}
		if !hasNote(r, "unknown role") {
			t.Errorf("notes = %v", r.Notes)
		}
	})
	t.Run("claude-code usage", func(t *testing.T) {
		r, err := m.Check(ctx, parseFile(t, "claude-code.jsonl"), CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Source != "usage" || r.Tokens != 20800 || r.Model != "claude-opus-4-1" || r.Exact {
			t.Errorf("source %s tokens %d model %s exact %v", r.Source, r.Tokens, r.Model, r.Exact)
		}
		if !hasNote(r, "line 6") || !hasNote(r, "estimate") {
			t.Errorf("notes = %v", r.Notes)
		}
	})
	t.Run("unknown model and override", func(t *testing.T) {
		c := parseFile(t, "anthropic.json")
		r, _ := m.Check(ctx, c, CheckOptions{Model: "frobnicator-9000"})
		if r.Match != MatchDefault || !hasNote(r, "unknown model") {
			t.Errorf("match %s notes %v", r.Match, r.Notes)
		}
		r, _ = m.Check(ctx, c, CheckOptions{Model: "frobnicator-9000", Override: "gemini-2.5-pro"})
		if r.Model != "gemini-2.5-pro" || r.Window != 1_048_576 {
			t.Errorf("override: %s %d", r.Model, r.Window)
		}
	})
}

func hasNote(r *Report, s string) bool {
	for _, n := range r.Notes {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

func TestCheckOverLimitAndLargest(t *testing.T) {
	big := strings.Repeat("log line with some words 12345\n", 3000)
	c := &conv.Conversation{Format: conv.FormatOpenAI, Messages: []conv.Message{
		conv.NewText(conv.RoleSystem, "You are an agent."),
		conv.NewText(conv.RoleUser, "run it"),
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolID: "c1", ToolName: "Bash", Input: []byte(`{"command":"make"}`)}}},
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "c1", ToolName: "Bash", Text: big}}},
	}}
	r, err := newMonitor(t, Config{}).Check(context.Background(), c, CheckOptions{Model: "gpt-4", Profile: "grid"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Percent <= 100 || r.Level != "overflow" || !r.Block || !hasNote(r, "over its usable limit") {
		t.Errorf("percent %.0f level %s block %v notes %v", r.Percent, r.Level, r.Block, r.Notes)
	}
	if len(r.Largest) == 0 || r.Largest[0].Kind != "tool_result" || r.Largest[0].Tool != "Bash" || !strings.Contains(r.Largest[0].Advice, "head, tail or grep") {
		t.Errorf("largest = %+v", r.Largest)
	} // A message too small to be worth cutting gets no advice to cut it.
	for _, it := range r.Largest[1:] {
		if it.Tokens < adviceTokens && it.Advice != "" {
			t.Errorf("advice on %d tokens: %+v", it.Tokens, it)
		}
	}
}

func TestClassify(t *testing.T) {
	msgs := []conv.Message{
		conv.NewText(conv.RoleSystem, "You are a coding agent."),
		conv.NewText(conv.RoleSystem, "# Memory summary\n## Decisions\n- x"),
		conv.NewText(conv.RoleUser, "---\nphase: 2\n---\n# Plan\nObjective: ship"),
		conv.NewText(conv.RoleUser, "older question"),
		conv.NewText(conv.RoleAssistant, "# Plan for the answer"),
		conv.NewText(conv.RoleUser, "current question"),
		{Role: conv.RoleUser, Parts: []conv.Part{{Kind: conv.PartToolResult, Text: "<skill>x</skill>"}}},
		{Role: conv.RoleUser, Category: "warmth", Parts: []conv.Part{{Kind: conv.PartText, Text: "tagged"}}},
	}
	msgs[5].Synthetic = false
	msgs[3].Synthetic = false
	got := Classify(msgs)
	want := []string{CatSystem, CatWarmth, CatPlan, CatHistory, CatHistory, CatHistory, CatHistory, CatWarmth}
	// The last user turn that is not a tool result is the input: message 5
	// (message 7 is explicitly tagged).
	want[5] = CatInput
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("message %d: %s, want %s", i, got[i], want[i])
		}
	}
}

func TestTokenCachesPersist(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	c := parseFile(t, "openai.json")
	m := newMonitor(t, Config{})
	first, _ := m.Check(ctx, c, CheckOptions{})
	if err := m.SaveTokenCaches(dir); err != nil {
		t.Fatal(err)
	}
	m2 := newMonitor(t, Config{})
	if err := m2.LoadTokenCaches(dir); err != nil {
		t.Fatal(err)
	}
	second, _ := m2.Check(ctx, c, CheckOptions{})
	if second.Tokens != first.Tokens {
		t.Errorf("tokens %d after reload, want %d", second.Tokens, first.Tokens)
	}
	m2.mu.Lock()
	st := m2.caches["o200k_base"].Stats()
	m2.mu.Unlock()
	if st.Misses != 0 || st.Hits == 0 {
		t.Errorf("reloaded cache stats %+v", st)
	}
}

// TestReportJSONKeys pins the --json shape: renaming a key is a breaking
// change for tools that read it.
func TestReportJSONKeys(t *testing.T) {
	r, err := newMonitor(t, Config{}).Check(context.Background(), parseFile(t, "openai.json"), CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	var m map[string]any
	json.Unmarshal(b, &m)
	want := []string{"model", "model_match", "provider", "encoding", "exact", "tokens", "source", "counted_tokens",
		"window", "headroom", "limit", "percent", "profile", "level", "action", "block", "target_tokens",
		"categories", "zones", "largest", "cost_usd", "messages", "format", "notes"}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("--json lacks %q", k)
		}
	}
	if len(m) != len(want) {
		t.Errorf("--json has %d keys, want %d: %v", len(m), len(want), m)
	}
}

// TestReserveIsItsBudget: the reserve category's budget is its configured
// share of the window; its tokens are the room the limit keeps for the
// response (the headroom).
func TestReserveIsItsBudget(t *testing.T) {
	c := &conv.Conversation{Format: conv.FormatOpenAI, Messages: []conv.Message{conv.NewText(conv.RoleUser, "hi")}}
	for _, share := range []float64{10, 5} {
		cfg := Config{}
		cfg.Budgets = map[string]float64{CatReserve: share}
		r, err := newMonitor(t, cfg).Check(context.Background(), c, CheckOptions{Model: "gpt-4o"})
		if err != nil {
			t.Fatal(err)
		}
		for _, cu := range r.Categories {
			if cu.Category == CatReserve && (cu.Share != share || cu.Budget != int(float64(r.Window)*share/100) || cu.Tokens != r.Headroom || cu.Over) {
				t.Errorf("reserve %v%%: %+v (window %d, headroom %d)", share, cu, r.Window, r.Headroom)
			}
		}
	}
}

// TestReserveDrawnWithinBudget: the text view marks a category over only
// when it is over; the reserve, whose tokens pass its budget, is not.
func TestReserveDrawnWithinBudget(t *testing.T) {
	c := &conv.Conversation{Format: conv.FormatOpenAI, Messages: []conv.Message{conv.NewText(conv.RoleUser, "hi")}}
	r, err := newMonitor(t, Config{}).Check(context.Background(), c, CheckOptions{Model: "gpt-4o"})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(RenderText(r), "\n") {
		if strings.HasPrefix(line, "reserve") && strings.Contains(line, "!") {
			t.Fatalf("reserve drawn over budget: %q", line)
		}
	}
}
