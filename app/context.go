package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/monitor/ctxlog"
)

// parse decodes the conversation; parse warnings go to the log.
func (l *Local) parse(r *ConvRequest) (*conv.Conversation, error) {
	f, err := conv.ParseFormat(r.Format)
	if err != nil {
		return nil, wrap(Invalid, fmt.Errorf("format: %w", err))
	}
	data := []byte(r.Conversation)
	if len(data) == 0 || string(data) == "null" {
		return nil, Invalidf("conversation: missing (messages as JSON, or a transcript as a string)")
	}
	if data[0] == '"' {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return nil, wrap(Invalid, fmt.Errorf("conversation: %w", err))
		}
		data = []byte(s)
	}
	cv, err := conv.ParseBytes(data, f)
	if err != nil {
		return nil, wrap(Invalid, err)
	}
	for _, w := range cv.Warnings {
		l.log.Warn("input", "warning", w)
	}
	return cv, nil
}

// checkOptions reads the check options of r and the model override.
func (l *Local) checkOptions(r *ConvRequest) (monitor.CheckOptions, error) {
	if r.Largest < 0 || r.Largest > 1000 {
		return monitor.CheckOptions{}, Invalidf("largest must be between 0 and 1000, got %d", r.Largest)
	}
	if r.Agent != "" {
		if err := memory.ValidateAgent(r.Agent); err != nil {
			return monitor.CheckOptions{}, wrap(Invalid, fmt.Errorf("agent: %w", err))
		}
	}
	if err := validSession(r.Session); err != nil {
		return monitor.CheckOptions{}, err
	}
	override, err := monitor.LoadOverride(l.ws.StateDir())
	if err != nil {
		return monitor.CheckOptions{}, err
	}
	largest := r.Largest
	if largest == 0 {
		largest = 5
	}
	return monitor.CheckOptions{Model: r.Model, Override: override, Profile: r.Profile, Largest: largest}, nil
}

// conversation parses r and returns the monitor and the check options.
func (l *Local) conversation(r *ConvRequest) (*monitor.Monitor, *conv.Conversation, monitor.CheckOptions, error) {
	m, err := l.monitor()
	if err != nil {
		return nil, nil, monitor.CheckOptions{}, err
	}
	cv, err := l.parse(r)
	if err != nil {
		return nil, nil, monitor.CheckOptions{}, err
	}
	opt, err := l.checkOptions(r)
	return m, cv, opt, err
}

// saveCaches keeps the token counts of a one-shot command for the next.
func (l *Local) saveCaches(m *monitor.Monitor) {
	if !l.opt.OneShot {
		return // a service saves them at Close
	}
	if err := m.SaveTokenCaches(l.ws.StateDir()); err != nil {
		l.log.Warn("token caches not saved", "err", err)
	}
}

// Check measures a conversation against its model's window, as archon
// context check does, and records it in the context log.
func (l *Local) Check(ctx context.Context, r ConvRequest) (*Report, error) {
	m, cv, opt, err := l.conversation(&r)
	if err != nil {
		return nil, err
	}
	defer l.saveCaches(m)
	rep, err := m.Check(ctx, cv, opt)
	if err != nil {
		return nil, wrap(Invalid, err)
	}
	ev := monitor.CheckEvent(rep)
	ev.Session, ev.Agent = r.Session, r.Agent
	if err := ctxlog.Open(l.ws.StateDir()).Append(ctx, ev); err != nil {
		l.log.Warn("context log not written", "err", err)
	}
	cs := ContextSession{Key: sessionKey(r.Session, r.Agent), Session: r.Session, Agent: r.Agent, Time: l.ws.Now(), Report: rep}
	if err := l.recordSession(ctx, &cs); err != nil {
		l.log.Warn("context session not kept", "err", err)
	}
	if l.opt.Observer != nil {
		l.opt.Observer.Checked(&cs)
	}
	return rep, nil
}

// Stats checks a conversation and returns its headline figures.
func (l *Local) Stats(ctx context.Context, r ConvRequest) (*Stats, error) {
	rep, err := l.Check(ctx, r)
	if err != nil {
		return nil, err
	}
	st := &Stats{Model: rep.Model, Messages: rep.Messages, TotalTokens: rep.Tokens, Window: rep.Window,
		Limit: rep.Limit, Percent: rep.Percent, Level: rep.Level, Action: string(rep.Action), Notes: rep.Notes}
	for _, c := range rep.Categories {
		switch c.Category {
		case monitor.CatHistory:
			st.HistoryMessages, st.HistoryTokens = c.Messages, c.Tokens
		case monitor.CatSystem:
			st.SystemTokens = c.Tokens
		}
	}
	return st, nil
}

// prepareOptions turns r into the monitor's options.
func (l *Local) prepareOptions(m *monitor.Monitor, r *PrepareRequest, copt monitor.CheckOptions) (monitor.PrepareOptions, error) {
	act := monitor.Action(r.Action)
	if act != "" && !validAction(act) {
		return monitor.PrepareOptions{}, Invalidf("action %q: use one of %v", r.Action, monitor.Actions())
	}
	sum, err := m.Summarizer(l.log)
	if err != nil {
		return monitor.PrepareOptions{}, err
	}
	agent := r.Agent
	if agent == "" {
		agent = "archon"
	}
	opt := monitor.PrepareOptions{CheckOptions: copt, Action: act, Summarizer: sum, Agent: agent, Caller: r.Agent,
		Session: r.Session, ArchiveAll: r.ArchiveAll, Now: l.ws.Now}
	if !r.DryRun {
		opt.Workspace = l.ws
		opt.Log = ctxlog.Open(l.ws.StateDir())
	}
	return opt, nil
}

// prepared turns the monitor's answer into a Prepared.
func (l *Local) prepared(ctx context.Context, p *monitor.Prepared, r *PrepareRequest) (*Prepared, error) {
	if !r.DryRun && (len(p.Archived) > 0 || p.SummaryPath != "") {
		l.Changed()
	}
	if !r.DryRun && p.Before != nil {
		// The check it made is one of the session's, as the context log
		// (and the inspector's chart) counts it.
		cs := ContextSession{Key: sessionKey(r.Session, r.Agent), Session: r.Session, Agent: r.Agent, Time: l.ws.Now(), Report: p.Before}
		if err := l.recordSession(ctx, &cs); err != nil {
			l.log.Warn("context session not kept", "err", err)
		}
		if l.opt.Observer != nil {
			l.opt.Observer.Checked(&cs)
		}
	}
	if !r.DryRun {
		// What compaction cut is the team's too (shared mode).
		for i := range p.Archived {
			if err := l.share(ctx, &p.Archived[i]); err != nil {
				return nil, err
			}
		}
	}
	if !r.DryRun && p.SummaryPath != "" {
		l.updated(UpdateSummary)
	}
	out, err := conv.Marshal(p.Conv)
	if err != nil {
		return nil, err
	}
	if r.AsText || !json.Valid(out) {
		out, _ = json.Marshal(string(out))
	}
	res := &Prepared{Action: string(p.Action), Changed: p.Changed, Saved: p.Saved, Before: p.Before, After: p.After,
		Archived: p.Archived, Conversation: out}
	if res.Archived == nil {
		res.Archived = []memory.Entry{}
	}
	if p.SummaryPath != "" {
		res.SummaryPath = l.ws.Rel(p.SummaryPath)
	}
	if p.HistoryPath != "" {
		res.HistoryPath = l.ws.Rel(p.HistoryPath)
	}
	l.log.Info("prepared", "action", p.Action, "tokens_before", p.Before.Tokens, "tokens_after", p.After.Tokens,
		"saved", p.Saved, "archived_entries", len(p.Archived), "summary", p.SummaryPath)
	return res, nil
}

// preparation parses r and returns the monitor, the conversation and the
// options of a Prepare or a Gate; done saves a one-shot's token caches.
func (l *Local) preparation(r *PrepareRequest) (m *monitor.Monitor, cv *conv.Conversation, opt monitor.PrepareOptions, done func(), err error) {
	m, cv, copt, err := l.conversation(&r.ConvRequest)
	if err != nil {
		return nil, nil, opt, nil, err
	}
	if opt, err = l.prepareOptions(m, r, copt); err != nil {
		l.saveCaches(m)
		return nil, nil, opt, nil, err
	}
	return m, cv, opt, func() { l.saveCaches(m) }, nil
}

// Prepare runs what the level asks for (or r.Action) and returns the
// prepared conversation; cut messages go to today's daily log.
func (l *Local) Prepare(ctx context.Context, r PrepareRequest) (*Prepared, error) {
	m, cv, opt, done, err := l.preparation(&r)
	if err != nil {
		return nil, err
	}
	defer done()
	p, err := m.Prepare(ctx, cv, opt)
	if err != nil {
		return nil, err
	}
	return l.prepared(ctx, p, &r)
}

// Gate decides whether an orchestrator may spawn, compressing first when
// the level asks for it (see monitor.Gate).
func (l *Local) Gate(ctx context.Context, r PrepareRequest) (*Gated, error) {
	m, cv, opt, done, err := l.preparation(&r)
	if err != nil {
		return nil, err
	}
	defer done()
	g, err := m.Gate(ctx, cv, opt)
	if err != nil {
		return nil, err
	}
	out := &Gated{Decision: string(g.Decision), ExitCode: g.ExitCode, Reason: g.Reason}
	if g.Prepared != nil {
		if out.Prepared, err = l.prepared(ctx, g.Prepared, &r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func validAction(x monitor.Action) bool {
	for _, y := range monitor.Actions() {
		if x == y {
			return true
		}
	}
	return false
}

// Summarize writes a conversation's summary to MEMORY_SUMMARY.md.
func (l *Local) Summarize(ctx context.Context, r ConvRequest) (*Summary, error) {
	m, err := l.monitor()
	if err != nil {
		return nil, err
	}
	defer l.saveCaches(m)
	cv, err := l.parse(&r)
	if err != nil {
		return nil, err
	}
	in := cv.SummaryInput()
	if len(in) == 0 {
		return nil, Invalidf("the conversation has no messages to summarize; %s is left as it is", memory.SummaryFile)
	}
	sum, err := m.Summarizer(l.log)
	if err != nil {
		return nil, err
	}
	res, history, err := m.SummarizeToWorkspace(ctx, l.ws, in, sum, r.Model, l.ws.Now()) // the workspace's clock and zone
	if err != nil {
		return nil, err
	}
	l.changed(UpdateSummary)
	out := &Summary{Path: memory.SummaryFile, Tokens: res.Tokens, Method: res.Method, Fallback: res.Fallback}
	if history != "" {
		out.History = l.ws.Rel(history)
	}
	return out, nil
}

// Model returns the runtime model override.
func (l *Local) Model(ctx context.Context) (*ModelOverride, error) {
	m, err := monitor.LoadOverride(l.ws.StateDir())
	if err != nil || m == "" {
		return &ModelOverride{}, err
	}
	out := &ModelOverride{Model: &m}
	if mon, err := l.monitor(); err == nil {
		out.Note = mon.Registry().Lookup(m).Note
	}
	return out, nil
}

// SetModel sets the override; nil, "" or "auto" clears it.
func (l *Local) SetModel(ctx context.Context, m *string) (*ModelOverride, error) {
	name := ""
	if m != nil {
		if name = *m; strings.TrimSpace(name) == "" {
			// A blank name would clear the override unsaid: a typo or an
			// unset variable, not a choice.
			return nil, Invalidf("model: give a model name, or \"auto\" (or null) to clear the override")
		}
	}
	if len(name) > 200 {
		return nil, Invalidf("model name longer than 200 bytes")
	}
	if err := os.MkdirAll(l.ws.StateDir(), 0o755); err != nil {
		return nil, err
	}
	if err := monitor.SaveOverride(l.ws.StateDir(), name, time.Now()); err != nil {
		return nil, err
	}
	l.updated(UpdateModel)
	return l.Model(ctx)
}

// ContextLog returns the n most recent context events; damaged lines are
// skipped with a warning.
func (l *Local) ContextLog(ctx context.Context, n int) ([]ContextEvent, error) {
	if n <= 0 || n > 10000 {
		return nil, Invalidf("n must be between 1 and 10000, got %d", n)
	}
	ev, warnings, err := ctxlog.Open(l.ws.StateDir()).Recent(n)
	for _, w := range warnings {
		l.log.Warn("context log", "warning", w)
	}
	if ev == nil {
		ev = []ContextEvent{}
	}
	return ev, err
}

// Profile returns the threshold profile name ("": context.profile).
func (l *Local) Profile(ctx context.Context, name string) (*Profile, error) {
	m, err := l.monitor()
	if err != nil {
		return nil, err
	}
	p, err := m.ProfileFor(name, 0)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			err = wrap(NotFound, err)
		}
		return nil, err
	}
	return &p, nil
}

// Models lists the models the monitor knows, with their windows and
// prices, by name.
func (l *Local) Models(ctx context.Context) ([]ModelInfo, error) {
	m, err := l.monitor()
	if err != nil {
		return nil, err
	}
	return m.Registry().Models(), nil
}
