package monitor

import (
	"context"
	"fmt"
	"time"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor/compact"
	"github.com/archon-memory/archon/monitor/ctxlog"
	"github.com/archon-memory/archon/summarize"
)

// PrepareOptions tune Prepare and Gate.
type PrepareOptions struct {
	CheckOptions
	// Action forces an action; empty uses the level's.
	Action Action
	// Summarizer writes summaries (extractive when nil).
	Summarizer summarize.Summarizer
	// Workspace, when set, receives what compaction cuts (verbatim, in
	// today's daily log) and, for the auto-summarize protocol,
	// MEMORY_SUMMARY.md. Without it nothing is written: a dry run.
	Workspace *memory.Workspace
	// ArchiveAll also archives the messages kept in the context (not only
	// the cut ones), so that everything in the conversation is searchable
	// in the daily log right away. A later compaction archives them again
	// when it cuts them.
	ArchiveAll bool
	// Agent names the daily-log entries ("archon" when empty).
	Agent string
	// Caller is the agent the request named ("" when none): the context
	// log's events are its, as a check's are, so that they count with
	// its session's checks.
	Caller string
	// Log, when set, records the check and what was done.
	Log *ctxlog.Log
	// Session identifies the conversation in the context log.
	Session string
	// Now is the time used for files and entries (time.Now when nil).
	Now func() time.Time
}

func (o PrepareOptions) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Prepared is the result of Prepare.
type Prepared struct {
	// Conv is the conversation to send, in the input's format; it is the
	// input itself when nothing was done.
	Conv *conv.Conversation
	// Before and After are checks of the input and of Conv.
	Before, After *Report
	// Action is what was run; Changed whether anything changed.
	Action  Action
	Changed bool
	// Steps says what each compaction step did.
	Steps []compact.StepReport
	// Cut holds the original of every message removed or changed.
	Cut []conv.Message
	// Saved is Before.Tokens - After.Tokens.
	Saved int
	// Summary is the summary the protocol wrote (nil otherwise).
	Summary *summarize.Summary
	// Archived lists the daily-log entries holding the cut messages.
	Archived []memory.Entry
	// SummaryPath and HistoryPath are set when MEMORY_SUMMARY.md was
	// written, the latter when an earlier version was kept.
	SummaryPath, HistoryPath string
}

// Prepare checks c and runs what its level asks for (or opt.Action): a
// compaction pipeline, or the auto-summarize protocol. With a Workspace,
// the cut messages are archived verbatim and the protocol writes
// MEMORY_SUMMARY.md. The input conversation is never modified.
func (m *Monitor) Prepare(ctx context.Context, c *conv.Conversation, opt PrepareOptions) (*Prepared, error) {
	before, err := m.Check(ctx, c, opt.CheckOptions)
	if err != nil {
		return nil, err
	}
	m.logEvent(ctx, opt, CheckEvent(before))
	p := &Prepared{Conv: c, Before: before, After: before, Action: opt.Action}
	if p.Action == "" {
		p.Action = before.Action
	}
	if !p.Action.Compresses() {
		return p, nil
	}
	m.logEvent(ctx, opt, ctxlog.Event{Kind: ctxlog.KindTrigger, Tokens: before.Tokens, Level: before.Level, Action: string(p.Action),
		Percent: before.Percent, Limit: before.Limit, Model: before.Model, Profile: before.Profile})
	if p.Action == ActionAutoSummarize {
		if err := m.protocol(ctx, c, opt, p); err != nil {
			return nil, err
		}
	} else if err := m.compact(ctx, c, opt, p); err != nil {
		return nil, err
	}
	if err := m.archive(ctx, opt, p); err != nil {
		return nil, err
	}
	after, err := m.Check(ctx, p.Conv, opt.CheckOptions)
	if err != nil {
		return nil, err
	}
	if before.Source == "usage" {
		// The reported usage describes the old context; the new one is
		// measured by counting, scaled by how the two compared.
		after.Source = "counted (scaled by reported usage)"
		after.Tokens = int(float64(after.CountedTokens) * float64(before.Tokens) / float64(max(before.CountedTokens, 1)))
		after.Percent = 100 * float64(after.Tokens) / float64(max(after.Limit, 1))
		after.CostUSD = before.CostUSD * float64(after.Tokens) / float64(max(before.Tokens, 1))
	}
	p.After = after
	p.Saved = before.Tokens - after.Tokens
	kind := ctxlog.KindCompaction
	if p.Action == ActionAutoSummarize {
		kind = ctxlog.KindProtocol
	}
	ev := ctxlog.Event{Kind: kind, Tokens: after.Tokens, Percent: after.Percent, Limit: after.Limit, Level: before.Level,
		Action: string(p.Action), TokensBefore: before.Tokens, TokensAfter: after.Tokens, Saved: p.Saved,
		Messages: len(p.Conv.Messages), Cut: len(p.Cut), Model: before.Model, Profile: before.Profile}
	for _, s := range p.Steps {
		ev.Steps = append(ev.Steps, s.Step)
	}
	if len(p.Archived) > 0 {
		a := p.Archived[0]
		ev.Archive = fmt.Sprintf("%s:%d", a.Path, a.LineStart)
	}
	m.logEvent(ctx, opt, ev)
	m.log.Info("context prepared", "action", p.Action, "tokens_before", before.Tokens, "tokens_after", after.Tokens,
		"cut", len(p.Cut), "archived", len(p.Archived))
	return p, nil
}

// compact runs the action's pipeline (plus the plan rule when the plan
// category is over budget).
func (m *Monitor) compact(ctx context.Context, c *conv.Conversation, opt PrepareOptions, p *Prepared) error {
	before := p.Before
	keep := 0
	if prof, err := m.ProfileFor(opt.Profile, before.Window); err == nil {
		for _, l := range prof.Levels {
			if l.Name == before.Level {
				keep = l.Keep
			}
		}
	}
	pipe := p.Action.Pipeline(keep)
	for i, s := range pipe {
		if cl, ok := s.(compact.ClearToolResults); ok {
			cl.Keep = m.cfg.KeepToolResults
			pipe[i] = cl
		}
	}
	for _, cu := range before.Categories {
		if cu.Category == CatPlan && cu.Over {
			cats := before.cats
			// The plan step runs first, while indexes still match the input.
			plan := compact.CompressPlans{IsPlan: func(i int, _ *conv.Message) bool {
				return i < len(cats) && cats[i] == CatPlan
			}}
			pipe = append(compact.Pipeline{plan}, pipe...)
		}
	}
	st := m.newState(c, opt, p)
	if err := pipe.Run(ctx, st); err != nil {
		return fmt.Errorf("prepare context: %w", err)
	}
	p.Conv, p.Steps, p.Cut = st.Conv, st.Steps, st.Cut
	p.Changed = len(st.Cut) > 0
	return nil
}

// newState sets up compaction over a clone of c with a budget in counted
// tokens (the target scaled when the size came from reported usage).
func (m *Monitor) newState(c *conv.Conversation, opt PrepareOptions, p *Prepared) *compact.State {
	before := p.Before
	cache := m.counterFor(m.reg.Resolve(before.Model, ""))
	budget := before.TargetTokens
	if before.Source == "usage" && before.Tokens > 0 {
		budget = int(float64(budget) * float64(before.CountedTokens) / float64(before.Tokens))
	}
	where := ""
	if opt.Workspace != nil {
		where = "the daily log memory/" + opt.now().Format(time.DateOnly) + ".md (archon search finds it)"
	}
	return &compact.State{
		Conv: c.Clone(), Count: messageCounter(cache), Budget: budget, Where: where,
		Summarizer: opt.Summarizer,
		SummaryOptions: summarize.Options{TargetTokens: m.cfg.SummaryTokens, Counter: summaryCounter(cache.Counter()),
			KeepDays: m.cfg.KeepDays, Now: opt.now()},
	}
}

func (m *Monitor) logEvent(ctx context.Context, opt PrepareOptions, e ctxlog.Event) {
	if opt.Log == nil {
		return
	}
	if e.Time.IsZero() {
		e.Time = opt.now()
	}
	if e.Session == "" {
		e.Session = opt.Session
	}
	if e.Agent == "" {
		e.Agent = opt.Caller
	}
	if err := opt.Log.Append(ctx, e); err != nil {
		m.log.Warn("context log", "err", err)
	}
}

// CheckEvent turns a report into a context-log event of kind check.
func CheckEvent(r *Report) ctxlog.Event {
	return ctxlog.Event{Kind: ctxlog.KindCheck, Model: r.Model, Profile: r.Profile, Level: r.Level,
		Action: string(r.Action), Tokens: r.Tokens, Limit: r.Limit, Percent: r.Percent, Messages: r.Messages}
}
