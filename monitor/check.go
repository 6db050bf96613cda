package monitor

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/archon-memory/archon/conv"
)

// CheckOptions tune one check.
type CheckOptions struct {
	// Model is the requested model; empty means the input's model, then
	// context.model from the config.
	Model string
	// Override is the runtime override (see LoadOverride); it wins over
	// Model unless empty or "auto".
	Override string
	// Profile names the profile; empty picks by config.
	Profile string
	// Largest is how many of the largest messages to list (5 when 0).
	Largest int
}

// Report is the result of a check: what `archon context check --json`
// prints.
type Report struct {
	Model    string `json:"model"`
	Match    string `json:"model_match"`
	Provider string `json:"provider,omitempty"`
	// Encoding names how tokens were counted; Exact is false for estimates.
	Encoding string `json:"encoding"`
	Exact    bool   `json:"exact"`
	// Tokens is the current context size; Source says where it comes from:
	// "counted" or "usage" (Claude Code's reported usage plus the messages
	// after it).
	Tokens        int    `json:"tokens"`
	Source        string `json:"source"`
	CountedTokens int    `json:"counted_tokens"`
	// Window is the model's context window, Headroom the part kept for the
	// response, Limit = Window - Headroom the usable part.
	Window   int `json:"window"`
	Headroom int `json:"headroom"`
	Limit    int `json:"limit"`
	// Percent is Tokens / Limit * 100 (above 100 when over).
	Percent float64 `json:"percent"`
	Profile string  `json:"profile"`
	Level   string  `json:"level"`
	Action  Action  `json:"action"`
	// Block is true when an orchestrator must not spawn at this level.
	Block bool `json:"block"`
	// TargetTokens is what compaction would aim for.
	TargetTokens int             `json:"target_tokens"`
	Categories   []CategoryUsage `json:"categories"`
	Zones        []ZoneUsage     `json:"zones"`
	Largest      []Item          `json:"largest"`
	// CostUSD is the input cost of one call at this size (0 if unpriced).
	CostUSD  float64 `json:"cost_usd"`
	Messages int     `json:"messages"`
	Format   string  `json:"format"`
	// Notes are things said plainly: unknown model, parse warnings, over
	// 100%.
	Notes []string `json:"notes,omitempty"`

	counts []int // per message, for Prepare
	cats   []string
}

// Item is one of the largest messages or tool results.
type Item struct {
	Index   int     `json:"index"`
	Line    int     `json:"line"`
	Role    string  `json:"role"`
	Kind    string  `json:"kind"` // message | tool_result | tool_call
	Tool    string  `json:"tool,omitempty"`
	Tokens  int     `json:"tokens"`
	Percent float64 `json:"percent"` // of Tokens
	Preview string  `json:"preview"`
	Advice  string  `json:"advice,omitempty"`
}

// Check measures c against its model's window and the profile's levels.
func (m *Monitor) Check(ctx context.Context, c *conv.Conversation, opt CheckOptions) (*Report, error) {
	requested := opt.Model
	if requested == "" {
		requested = c.Model
	}
	if requested == "" {
		requested = m.cfg.Model
	}
	res := m.reg.Resolve(requested, opt.Override)
	cache := m.counterFor(res)
	counts, err := countMessages(ctx, cache, c.Messages)
	if err != nil {
		return nil, fmt.Errorf("context check: %w", err)
	}
	counted := replyPriming
	for _, n := range counts {
		counted += n
	}
	r := &Report{
		Model: res.Model.Name, Match: res.Match, Provider: res.Model.Provider,
		Encoding: string(cache.Counter().Encoding()), Exact: cache.Counter().Exact(),
		Tokens: counted, Source: "counted", CountedTokens: counted,
		Window: res.Model.Window, Messages: len(c.Messages), Format: string(c.Format),
		counts: counts,
	}
	if res.Note != "" {
		r.Notes = append(r.Notes, res.Note)
	}
	if u, idx := c.ReportedUsage(); u != nil {
		after := 0
		id := c.Messages[idx].ID
		for i := idx + 1; i < len(c.Messages); i++ {
			if !c.Messages[i].Live() || (id != "" && c.Messages[i].ID == id) {
				continue
			}
			after += counts[i]
		}
		r.Tokens = u.ContextTokens() + after
		r.Source = "usage"
	}
	r.Headroom = int(float64(r.Window) * m.cfg.Headroom)
	r.Limit = r.Window - r.Headroom
	r.Percent = 100 * float64(r.Tokens) / float64(max(r.Limit, 1))
	prof, err := m.ProfileFor(opt.Profile, r.Window)
	if err != nil {
		return nil, fmt.Errorf("context check: %w", err)
	}
	lvl := prof.Evaluate(r.Percent)
	r.Profile, r.Level, r.Action, r.Block = prof.Name, lvl.Name, lvl.Action, lvl.Block
	target := prof.TargetPercent()
	if m.cfg.Target > 0 {
		target = m.cfg.Target
	}
	r.TargetTokens = int(float64(r.Limit) * target / 100)
	r.CostUSD = float64(r.Tokens) / 1e6 * res.Model.InputPrice
	if r.Percent >= 100 {
		r.Notes = append(r.Notes, fmt.Sprintf("the context is over its usable limit (%.0f%% of %s tokens): the next call may fail", r.Percent, commas(r.Limit)))
	}
	if !r.Exact {
		r.Notes = append(r.Notes, "token counts are a calibrated estimate (no public tokenizer for this model); they err on the high side")
	}
	for _, w := range c.Warnings {
		r.Notes = append(r.Notes, w.String())
	}
	r.cats = Classify(c.Messages)
	r.Categories, r.Zones = m.usage(c, r)
	r.Largest = largest(c, counts, r.Tokens, opt.Largest)
	m.log.Debug("context check", "model", r.Model, "tokens", r.Tokens, "percent", r.Percent, "level", r.Level)
	return r, nil
}

func (m *Monitor) usage(c *conv.Conversation, r *Report) ([]CategoryUsage, []ZoneUsage) {
	tok := map[string]int{}
	n := map[string]int{}
	for i, cat := range r.cats {
		tok[cat] += r.counts[i]
		if c.Messages[i].Live() {
			n[cat]++
		}
	}
	tok[CatReserve] = r.Headroom
	var cats []CategoryUsage
	zones := map[string]int{}
	for _, cat := range Categories() {
		share := m.cfg.Budgets[cat]
		cu := CategoryUsage{Category: cat, Tokens: tok[cat], Share: share, Messages: n[cat],
			Budget: int(float64(r.Window) * share / 100)}
		// The reserve's budget is its share of the window (context.budgets);
		// its tokens are the room the limit keeps for the response
		// (context.headroom), never over.
		cu.Over = cat != CatReserve && cu.Tokens > cu.Budget
		if cu.Over {
			cu.Rule = categoryRule(cat)
		}
		cats = append(cats, cu)
		if z := ZoneOf(cat); z != "" {
			zones[z] += tok[cat]
		}
	}
	var zs []ZoneUsage
	for _, z := range []string{ZoneSystem, ZoneSkills, ZoneWorking} {
		zs = append(zs, ZoneUsage{Zone: z, Tokens: zones[z], Percent: 100 * float64(zones[z]) / float64(max(r.Window, 1))})
	}
	return cats, zs
}

// adviceTokens is the size from which a message is worth cutting: the
// largest of a short conversation ("hello") gets no advice to shorten it.
const adviceTokens = 1000

// largest lists the n biggest messages, with advice on cutting those of
// adviceTokens or more.
func largest(c *conv.Conversation, counts []int, total, n int) []Item {
	if n <= 0 {
		n = 5
	}
	idx := make([]int, 0, len(counts))
	for i := range counts {
		if counts[i] > 0 {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return counts[idx[a]] > counts[idx[b]] })
	if len(idx) > n {
		idx = idx[:n]
	}
	resultsAfter := make([]int, len(c.Messages)+1) // tool results at or after i
	for i := len(c.Messages) - 1; i >= 0; i-- {
		resultsAfter[i] = resultsAfter[i+1]
		for _, p := range c.Messages[i].Parts {
			if p.Kind == conv.PartToolResult {
				resultsAfter[i]++
			}
		}
	}
	var out []Item
	for _, i := range idx {
		m := &c.Messages[i]
		it := Item{Index: i, Line: m.Line, Role: m.RawRole, Kind: "message", Tokens: counts[i],
			Percent: 100 * float64(counts[i]) / float64(max(total, 1))}
		if it.Role == "" {
			it.Role = string(m.Role)
		}
		var text string
		for _, p := range m.Parts {
			switch p.Kind {
			case conv.PartToolResult:
				it.Kind, it.Tool, text = "tool_result", p.ToolName, p.Text
			case conv.PartToolCall:
				if it.Kind == "message" && m.Text() == "" {
					it.Kind, it.Tool, text = "tool_call", p.ToolName, string(p.Input)
				}
			}
		}
		if text == "" {
			text = m.Text()
		}
		it.Preview = preview(text, 80)
		if it.Tokens >= adviceTokens {
			it.Advice = advice(it, resultsAfter[i+1])
		}
		out = append(out, it)
	}
	return out
}

func preview(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func advice(it Item, newerResults int) string {
	switch it.Kind {
	case "tool_result":
		tool := strings.ToLower(it.Tool)
		var how string
		switch {
		case strings.Contains(tool, "read") || strings.Contains(tool, "view") || strings.Contains(tool, "open"):
			how = "read only the line ranges you need (offset/limit) instead of whole files"
		case strings.Contains(tool, "bash") || strings.Contains(tool, "shell") || strings.Contains(tool, "exec"):
			how = "pipe command output through head, tail or grep, or write it to a file and read parts"
		case strings.Contains(tool, "grep") || strings.Contains(tool, "search") || strings.Contains(tool, "glob"):
			how = "narrow the pattern or path, or list matching files before reading matches"
		case strings.Contains(tool, "fetch") || strings.Contains(tool, "web") || strings.Contains(tool, "browse"):
			how = "extract the relevant section of the page instead of keeping it whole"
		default:
			how = "ask the tool for less output"
		}
		if newerResults >= 6 {
			return "compaction will clear this to a stub (6 newer tool results exist); " + how
		}
		return how + "; compaction clears it once 6 newer tool results exist"
	case "tool_call":
		return "large tool arguments: write the content to a file and pass its path"
	}
	switch it.Role {
	case "system", "developer":
		return "long system prompt: move reference material into skills or memory loaded on demand"
	case "user":
		return "long user message: attach large material as a file and let the agent read parts"
	}
	return "long reply: ask for shorter answers, or let compaction summarize older turns"
}
