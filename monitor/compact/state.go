package compact

import (
	"context"
	"fmt"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/summarize"
)

// State is the conversation being compacted and what the steps need.
type State struct {
	// Conv is edited in place; pass a Clone when the original must stay.
	Conv *conv.Conversation
	// Count returns the tokens of one message (cached by the caller).
	Count func(*conv.Message) int
	// Budget is the token total to get under.
	Budget int
	// Summarizer writes summaries (the extractive one when nil).
	Summarizer summarize.Summarizer
	// SummaryOptions tune summaries (target size, counter).
	SummaryOptions summarize.Options
	// Where tells, in markers and stubs, where removed text can be found
	// ("the daily log memory/2026-11-29.md"); empty says nothing.
	Where string
	// Cut collects the original of every message removed or changed.
	Cut []conv.Message
	// Steps records what each step did.
	Steps []StepReport

	archived map[int]bool // Seq of messages already in Cut
	removed  int          // messages removed by the steps so far
	why      string       // the steps that removed them
}

// archive appends the originals of msgs to Cut, once per input message.
// Messages archon made (markers, summaries) are not archived.
func (s *State) archive(msgs ...conv.Message) {
	if s.archived == nil {
		s.archived = map[int]bool{}
	}
	for _, m := range msgs {
		if m.Synthetic || m.Seq < 0 || s.archived[m.Seq] {
			continue
		}
		s.archived[m.Seq] = true
		s.Cut = append(s.Cut, m)
	}
}

// StepReport says what one step did.
type StepReport struct {
	Step         string `json:"step"`
	TokensBefore int    `json:"tokens_before"`
	TokensAfter  int    `json:"tokens_after"`
	Removed      int    `json:"messages_removed"`
	Changed      int    `json:"messages_changed"`
	Skipped      bool   `json:"skipped,omitempty"`
	Note         string `json:"note,omitempty"`
}

// Total returns the tokens of the whole conversation (sidechain messages
// are not part of the context and count 0).
func (s *State) Total() int {
	n := 0
	for i := range s.Conv.Messages {
		if s.Conv.Messages[i].Live() {
			n += s.Count(&s.Conv.Messages[i])
		}
	}
	return n
}

// Over reports whether the conversation is over budget.
func (s *State) Over() bool { return s.Total() > s.Budget }

func (s *State) summarizer() summarize.Summarizer {
	if s.Summarizer == nil {
		return summarize.NewExtractive()
	}
	return s.Summarizer
}

// Step is one compaction strategy.
type Step interface {
	// Name identifies the step in reports ("clear-tool-results", ...).
	Name() string
	// Apply edits st.Conv, appending what it removes or changes to st.Cut.
	Apply(ctx context.Context, st *State) (StepReport, error)
}

// Pipeline runs steps in order.
type Pipeline []Step

// Run applies each step, recording a report per step in st.Steps.
func (p Pipeline) Run(ctx context.Context, st *State) error {
	for _, step := range p {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("compact: %w", err)
		}
		before := st.Total()
		r, err := step.Apply(ctx, st)
		if err != nil {
			return fmt.Errorf("compact %s: %w", step.Name(), err)
		}
		r.Step = step.Name()
		r.TokensBefore = before
		r.TokensAfter = st.Total()
		st.Steps = append(st.Steps, r)
	}
	return nil
}

// Names returns the step names, for reports.
func (p Pipeline) Names() []string {
	out := make([]string, len(p))
	for i, s := range p {
		out[i] = s.Name()
	}
	return out
}

// IfOver runs step only while the conversation is over budget.
func IfOver(step Step) Step { return ifOver{step} }

type ifOver struct{ Step }

// Name implements Step: the wrapped name with a "?".
func (s ifOver) Name() string { return s.Step.Name() + "?" }

// Apply implements Step.
func (s ifOver) Apply(ctx context.Context, st *State) (StepReport, error) {
	if !st.Over() {
		return StepReport{Skipped: true, Note: "within budget"}, nil
	}
	return s.Step.Apply(ctx, st)
}
