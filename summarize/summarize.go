package summarize

import (
	"context"
	"time"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

// DefaultTargetTokens is the summary size aimed at when Options leave it 0.
const DefaultTargetTokens = 500

// Options tune one summary.
type Options struct {
	// TargetTokens is the size to stay within (DefaultTargetTokens if 0).
	TargetTokens int
	// Counter measures TargetTokens (tokens.Count's cl100k when nil).
	Counter tokens.Counter
	// Previous is an earlier summary (MEMORY_SUMMARY.md) whose items are
	// carried over, after the new ones, while they fit and are fresh.
	Previous string
	// PreviousDates gives the day each previous item was first recorded
	// (keyed by ItemKey); items older than KeepDays are dropped. Items
	// without a date count as recorded today.
	PreviousDates map[string]string
	// KeepDays is how long previous items are carried over (7 if 0).
	KeepDays int
	// Now is the time the summary is written (time.Now if zero).
	Now time.Time
}

func (o Options) withDefaults() Options {
	if o.TargetTokens <= 0 {
		o.TargetTokens = DefaultTargetTokens
	}
	if o.Counter == nil {
		o.Counter = tokens.ForModel("gpt-4")
	}
	if o.KeepDays <= 0 {
		o.KeepDays = 7
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	return o
}

// Summary is a written summary.
type Summary struct {
	// Markdown is the summary document (the MEMORY_SUMMARY.md format).
	Markdown string
	// Tokens is its size as measured by Options.Counter.
	Tokens int
	// Sections holds the items per section, in document order.
	Sections []Section
	// Method is "extractive" or "llm:<provider>/<model>".
	Method string
	// Fallback explains why an LLM summarizer fell back to the extractive
	// one; empty when it did not.
	Fallback string
	// Dates gives the day each item was first recorded, keyed by ItemKey,
	// for the next summary's Options.PreviousDates.
	Dates map[string]string
}

// Summarizer turns messages into a Summary. Implementations are safe for
// concurrent use.
type Summarizer interface {
	Summarize(ctx context.Context, msgs []conv.Message, opt Options) (*Summary, error)
}

// itemDates gives each item of secs the day it was first recorded: its
// previous date, or today.
func itemDates(secs []Section, opt Options) map[string]string {
	today := opt.Now.Format(time.DateOnly)
	dates := map[string]string{}
	for _, s := range secs {
		for _, it := range s.Items {
			k := ItemKey(it)
			if d, ok := opt.PreviousDates[k]; ok {
				dates[k] = d
			} else {
				dates[k] = today
			}
		}
	}
	return dates
}
