package compact

import (
	"context"
	"fmt"
	"strings"

	"github.com/archon-memory/archon/conv"
)

// SummaryPrefix starts every summary message SummarizeOldest writes.
const SummaryPrefix = "[archon summary of earlier conversation]"

// SummarizeOldest replaces the oldest part of the conversation (Fraction of
// its non-system messages, 0.5 by default, rounded to whole turns, never
// the last turn) with one user message holding a summary of it.
type SummarizeOldest struct {
	Fraction float64
}

// Name implements Step.
func (SummarizeOldest) Name() string { return "summarize-oldest" }

// Apply implements Step.
func (s SummarizeOldest) Apply(ctx context.Context, st *State) (StepReport, error) {
	frac := s.Fraction
	if frac <= 0 || frac > 1 {
		frac = 0.5
	}
	msgs := st.Conv.Messages
	us := units(msgs)
	var nonSys []int
	count := 0
	for k, u := range us {
		if !u.system {
			nonSys = append(nonSys, k)
			count += u.end - u.start
		}
	}
	if len(nonSys) < 2 {
		return StepReport{Note: "too few turns to summarize"}, nil
	}
	want := int(float64(count)*frac + 0.5)
	keep := make([]bool, len(us))
	for k := range keep {
		keep[k] = true
	}
	var old []conv.Message
	taken := 0
	for _, k := range nonSys[:len(nonSys)-1] {
		if taken >= want {
			break
		}
		keep[k] = false
		old = append(old, msgs[us[k].start:us[k].end]...)
		taken += us[k].end - us[k].start
	}
	sum, err := st.summarizer().Summarize(ctx, old, st.SummaryOptions)
	if err != nil {
		return StepReport{}, fmt.Errorf("summarize %d messages: %w", len(old), err)
	}
	text := SummaryPrefix + "\n" + strings.TrimSpace(sum.Markdown)
	summary := conv.NewText(conv.RoleUser, text)
	summary.CompactSummary = true
	// Splice: system units, summary, kept units.
	var out []conv.Message
	placed := false
	for k, u := range us {
		if !keep[k] {
			st.archive(msgs[u.start:u.end]...)
			continue
		}
		if !u.system && !placed {
			out = append(out, summary)
			placed = true
		}
		out = append(out, msgs[u.start:u.end]...)
	}
	if !placed {
		out = append(out, summary)
	}
	st.Conv.Messages = out
	note := sum.Method
	if sum.Fallback != "" {
		note += " (fallback: " + sum.Fallback + ")"
	}
	return StepReport{Removed: taken, Note: note}, nil
}
