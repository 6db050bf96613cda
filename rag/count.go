package rag

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/archon-memory/archon/rag/store"
)

// MaxCount bounds how many matching chunks Count looks at.
const MaxCount = 10000

// Counts say how many chunks match a query, by day, file, agent, tag and
// layer: what an agent reads before it reads any hit (count the matches,
// narrow with filters, then read the few that matter).
type Counts struct {
	Query string `json:"query"`
	Total int    `json:"total"`
	// Capped is set when more than MaxCount chunks match (the counts are
	// of the best MaxCount).
	Capped  bool           `json:"capped,omitempty"`
	ByDay   map[string]int `json:"by_day"`
	ByFile  map[string]int `json:"by_file"`
	ByAgent map[string]int `json:"by_agent"`
	ByTag   map[string]int `json:"by_tag"`
	ByLayer map[string]int `json:"by_layer"`
	// Warnings say what the count may miss (a project nothing belongs to).
	Warnings []string `json:"warnings,omitempty"`
}

// Count counts the chunks that match q's words (any of them) within its
// filters; TopK and Threshold are not used.
func (e *Engine) Count(ctx context.Context, q Query) (*Counts, error) {
	if _, err := q.Validate(); err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.ft == nil {
		return nil, ErrClosed
	}
	q.Filter.Agents = e.agentsAnyCase(q.Filter.Agents)
	out := &Counts{Query: q.Text, ByDay: map[string]int{}, ByFile: map[string]int{}, ByAgent: map[string]int{},
		ByTag: map[string]int{}, ByLayer: map[string]int{}}
	pq := e.prepare(q.Text)
	var ps []*store.Position
	browsed := false
	if e.subjectless(pq) {
		// A question of a time or a kind counts its answers (browse.go);
		// when there are none, the matches of its words, as Search does.
		var err error
		if ps, err = e.browsed(ctx, &q, pq); err != nil {
			return nil, fmt.Errorf("count: %w", err)
		}
		browsed = len(ps) > 0 || len(pq.terms) == 0
		if browsed {
			out.Warnings = append(out.Warnings, browseNote(pq, &q.Filter, len(ps)))
		} else {
			out.Warnings = append(out.Warnings, searchedInstead(pq, &q.Filter))
			q.Filter = withinDays(q.Filter, pq.dates)
		}
	}
	switch {
	case browsed:
	case len(pq.terms) == 0:
		return out, nil
	default:
		hits, err := e.ft.Search(ctx, pq.terms, q.Filter, MaxCount+1)
		if err != nil {
			return nil, fmt.Errorf("count: %w", err)
		}
		if len(hits) > MaxCount {
			hits, out.Capped = hits[:MaxCount], true
		}
		ids := make([]string, len(hits))
		for i, h := range hits {
			ids[i] = h.ID
		}
		if ps, err = e.neighbourhood(ctx, ids, 0); err != nil {
			return nil, fmt.Errorf("count: %w", err)
		}
	}
	for _, p := range ps {
		out.Total++
		if p.Date != "" {
			out.ByDay[p.Date]++
		}
		out.ByFile[p.Path]++
		if p.Agent != "" {
			out.ByAgent[p.Agent]++
		}
		for _, t := range p.Tags {
			out.ByTag[t]++
		}
		out.ByLayer[p.Layer]++
	}
	return out, nil
}

// WriteText writes the counts in a few lines: the total, then the five
// biggest groups of each kind.
func (c *Counts) WriteText(w io.Writer) {
	if c.Total == 1 {
		fmt.Fprint(w, "1 match")
	} else {
		fmt.Fprintf(w, "%d matches", c.Total)
	}
	if c.Capped {
		fmt.Fprintf(w, " (counted the best %d)", MaxCount)
	}
	fmt.Fprintln(w)
	for _, g := range []struct {
		name string
		m    map[string]int
	}{{"layer", c.ByLayer}, {"day", c.ByDay}, {"file", c.ByFile}, {"agent", c.ByAgent}, {"tag", c.ByTag}} {
		if len(g.m) == 0 {
			continue
		}
		keys := make([]string, 0, len(g.m))
		for k := range g.m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if g.m[keys[i]] != g.m[keys[j]] {
				return g.m[keys[i]] > g.m[keys[j]]
			}
			return keys[i] < keys[j]
		})
		var parts []string
		for i, k := range keys {
			if i == 5 {
				parts = append(parts, fmt.Sprintf("+%d more", len(keys)-5))
				break
			}
			parts = append(parts, fmt.Sprintf("%s %d", k, g.m[k]))
		}
		fmt.Fprintf(w, "  by %s: %s\n", g.name, strings.Join(parts, ", "))
	}
}
