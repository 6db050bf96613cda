package monitor

import (
	"strings"

	"github.com/archon-memory/archon/conv"
)

// Budget categories (DESIGN.md §3).
const (
	CatSystem  = "system"  // system prompt and instructions
	CatWarmth  = "warmth"  // injected memory: MEMORY_SUMMARY.md, identity, skills
	CatPlan    = "plan"    // the current plan
	CatInput   = "input"   // the current user input
	CatHistory = "history" // everything else: the conversation so far
	CatReserve = "reserve" // room kept for the response
)

// Zones (the three-zone view).
const (
	ZoneSystem  = "system"          // CatSystem
	ZoneSkills  = "skill injection" // CatWarmth + CatPlan
	ZoneWorking = "working"         // CatInput + CatHistory
)

// Categories lists the categories in report order.
func Categories() []string {
	return []string{CatSystem, CatWarmth, CatPlan, CatInput, CatHistory, CatReserve}
}

// ZoneOf returns the zone of a category ("" for the reserve).
func ZoneOf(cat string) string {
	switch cat {
	case CatSystem:
		return ZoneSystem
	case CatWarmth, CatPlan:
		return ZoneSkills
	case CatInput, CatHistory:
		return ZoneWorking
	}
	return ""
}

// CategoryUsage is one category's use of its budget.
type CategoryUsage struct {
	Category string  `json:"category"`
	Tokens   int     `json:"tokens"`
	Budget   int     `json:"budget"`
	Share    float64 `json:"share"` // percent of the window
	Over     bool    `json:"over"`
	Messages int     `json:"messages"`
	// Rule is how an over-budget category is compressed.
	Rule string `json:"rule,omitempty"`
}

// ZoneUsage is one zone's tokens.
type ZoneUsage struct {
	Zone    string  `json:"zone"`
	Tokens  int     `json:"tokens"`
	Percent float64 `json:"percent"` // of the window
}

// isPlan reports whether head (the start of a message) holds a plan: a
// line that is <plan>, <objective>, a "# Plan"/"## Implementation plan"
// heading, or an "objective:" key.
func isPlan(head string) bool {
	for _, line := range strings.Split(head, "\n") {
		l := strings.ToLower(strings.TrimSpace(line))
		if strings.HasPrefix(l, "<plan>") || strings.HasPrefix(l, "<objective>") || strings.HasPrefix(l, "objective:") {
			return true
		}
		if t := strings.TrimLeft(l, "#"); len(t) < len(l) && len(l)-len(t) <= 3 {
			t = strings.TrimSpace(t)
			if t == "plan" || strings.HasPrefix(t, "plan:") || strings.HasPrefix(t, "plan ") || strings.HasPrefix(t, "implementation plan") {
				return true
			}
		}
	}
	return false
}

var warmthMarkers = []string{"<warmth>", "<memory", "memory_summary", "# memory summary", "<skill", "skill.md", "<identity>", "soul.md"}

// isWarmth reports whether head holds injected memory, identity or skills.
func isWarmth(head string) bool {
	l := strings.ToLower(head)
	for _, m := range warmthMarkers {
		if strings.Contains(l, m) {
			return true
		}
	}
	return false
}

// Classify returns the budget category of each message: an explicit
// "archon_category" wins; system messages are system unless they carry
// injected memory or skills (warmth) or a plan; the last user turn is the
// current input; a message holding a plan (a "# Plan" heading, <plan>,
// <objective>, frontmatter with objective:) is plan; injected memory and
// skills are warmth; the rest is history.
func Classify(msgs []conv.Message) []string {
	out := make([]string, len(msgs))
	lastUser := -1
	for i := len(msgs) - 1; i >= 0; i-- {
		m := &msgs[i]
		if m.Role == conv.RoleUser && !m.HasToolResults() && !m.Synthetic && m.Live() && !m.CompactSummary &&
			(m.Category == "" || m.Category == CatInput) {
			lastUser = i
			break
		}
	}
	for i := range msgs {
		m := &msgs[i]
		if c := strings.ToLower(m.Category); c != "" {
			switch c {
			case CatSystem, CatWarmth, CatPlan, CatInput, CatHistory:
				out[i] = c
				continue
			case "skill", "skills", "memory":
				out[i] = CatWarmth
				continue
			}
		}
		// Only instructions and user turns can carry plans or injections.
		injectable := (m.Role == conv.RoleSystem || m.Role == conv.RoleUser) && !m.HasToolResults()
		head := ""
		if injectable {
			head = m.Text()
			if len(head) > 2000 {
				head = head[:2000]
			}
		}
		switch {
		case injectable && isPlan(head):
			out[i] = CatPlan
		case injectable && isWarmth(head):
			out[i] = CatWarmth
		case m.Role == conv.RoleSystem:
			out[i] = CatSystem
		case i == lastUser:
			out[i] = CatInput
		default:
			out[i] = CatHistory
		}
	}
	return out
}

// categoryRule says how an over-budget category is compressed.
func categoryRule(cat string) string {
	switch cat {
	case CatPlan:
		return "compress plan: keep frontmatter, objective, must-haves, dependencies, thread names and verification"
	case CatHistory:
		return "compact history: clear old tool results, summarize the oldest half, slide, truncate"
	case CatWarmth:
		return "trim injected memory: regenerate MEMORY_SUMMARY.md at a smaller summary_tokens"
	case CatSystem:
		return "no automatic rule: shorten the system prompt"
	case CatInput:
		return "no automatic rule: the current input is kept whole; split it or attach it as a file"
	}
	return ""
}
