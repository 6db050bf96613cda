package layers

import (
	"context"
	"fmt"
	"strings"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/tokens"
)

// WarmthCategories returns the learning categories in the order warmth
// keeps them when the learnings carried into a new session exceed their
// budget: gotchas, codebase patterns, user preferences, fragile areas,
// almost-did, then anything else.
func WarmthCategories() []string {
	return []string{"gotcha", "pattern", "preference", "fragile", "almost-did", "other"}
}

// Learning is one thing learned that a new session should start with.
type Learning struct {
	Category string `json:"category"`
	Text     string `json:"text"`
	Source   string `json:"source"` // path:line
	Tokens   int    `json:"tokens"`
}

// Warmth is the selection of learnings within a budget.
type Warmth struct {
	Budget  int        `json:"budget"`
	Tokens  int        `json:"tokens"`
	Kept    []Learning `json:"kept"`
	Dropped []Learning `json:"dropped"`
	// Warnings say what is missing (L3 out of reach: MEMORY.md's
	// learnings only).
	Warnings []string `json:"warnings,omitempty"`
}

// SelectWarmth keeps learnings by category priority (WarmthCategories), in
// their given order within a category, while they fit budget tokens.
func SelectWarmth(ls []Learning, budget int) *Warmth {
	w := &Warmth{Budget: budget, Kept: []Learning{}, Dropped: []Learning{}}
	cats := WarmthCategories()
	rank := map[string]int{}
	for i, c := range cats {
		rank[c] = i
	}
	order := func(c string) int {
		if r, ok := rank[c]; ok {
			return r
		}
		return len(cats)
	}
	for r := 0; r <= len(cats); r++ {
		for _, l := range ls {
			if order(l.Category) != r {
				continue
			}
			if l.Tokens == 0 {
				l.Tokens = tokens.Count(l.Text + "\n")
			}
			if w.Tokens+l.Tokens <= budget {
				w.Kept = append(w.Kept, l)
				w.Tokens += l.Tokens
			} else {
				w.Dropped = append(w.Dropped, l)
			}
		}
	}
	return w
}

// categoryOf maps a markdown heading to a learning category.
func categoryOf(heading string) string {
	h := strings.ToLower(heading)
	switch {
	case strings.Contains(h, "gotcha") || strings.Contains(h, "pitfall") || strings.Contains(h, "trap"):
		return "gotcha"
	case strings.Contains(h, "pattern") || strings.Contains(h, "codebase") || strings.Contains(h, "convention"):
		return "pattern"
	case strings.Contains(h, "preference") || strings.Contains(h, "working together") || strings.Contains(h, "user"):
		return "preference"
	case strings.Contains(h, "fragile") || strings.Contains(h, "careful") || strings.Contains(h, "risk"):
		return "fragile"
	case strings.Contains(h, "almost") || strings.Contains(h, "near miss") || strings.Contains(h, "nearly"):
		return "almost-did"
	}
	return "other"
}

// WisdomLearnings reads the top-level list items of MEMORY.md as learnings,
// each categorized by the heading it sits under.
func WisdomLearnings(ws *memory.Workspace) ([]Learning, error) {
	lines, err := fileLines(ws, memory.WisdomFile)
	if err != nil {
		return nil, err
	}
	var out []Learning
	cat := "other"
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "#") {
			cat = categoryOf(strings.TrimLeft(l, "# "))
			continue
		}
		if !strings.HasPrefix(l, "- ") && !strings.HasPrefix(l, "* ") {
			continue
		}
		item := []string{l}
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "  ") { // continuation lines
			i++
			item = append(item, lines[i])
		}
		out = append(out, Learning{Category: cat, Text: strings.Join(item, "\n"), Source: memory.WisdomFile})
	}
	return out, nil
}

// KnowledgeLearnings reads the L3 knowledge items of kn as learnings:
// gotchas, patterns and best practices by their kind; items tagged
// preference, fragile or almost-did go to that category. A nil kn (no
// knowledge database yet) has none.
func KnowledgeLearnings(ctx context.Context, kn *knowledge.Store) ([]Learning, error) {
	if kn == nil {
		return nil, nil
	}
	docs, err := kn.Documents(ctx)
	if err != nil {
		return nil, fmt.Errorf("warmth: %w", err)
	}
	var out []Learning
	for _, d := range docs {
		cat := ""
		switch d.Kind {
		case "project", "task":
			continue
		case "gotcha":
			cat = "gotcha"
		case "pattern", "best-practice":
			cat = "pattern"
		default:
			cat = "other"
		}
		for _, t := range d.Tags {
			switch t {
			case "preference", "preferences":
				cat = "preference"
			case "fragile":
				cat = "fragile"
			case "almost-did", "near-miss":
				cat = "almost-did"
			}
		}
		text := "- " + strings.ReplaceAll(strings.TrimSpace(d.Text), "\n", "\n  ")
		out = append(out, Learning{Category: cat, Text: text, Source: "knowledge/" + d.ID})
	}
	return out, nil
}
