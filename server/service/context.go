package service

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/monitor/conv"
	"github.com/archon-memory/archon/monitor/ctxlog"
)

// ConvRequest carries a conversation: OpenAI or Anthropic messages (a JSON
// array or request object), or a Claude Code transcript (JSONL, as a JSON
// string).
type ConvRequest struct {
	Conversation json.RawMessage `json:"conversation"`
	// Format is openai, anthropic or claude-code; empty detects it.
	Format string `json:"format,omitempty"`
	// Model names the model (its window and tokenizer).
	Model string `json:"model,omitempty"`
	// Profile names the threshold profile.
	Profile string `json:"profile,omitempty"`
	// Largest is how many of the largest messages to list (default 5).
	Largest int `json:"largest,omitempty"`
}

// parse decodes the conversation.
func (r *ConvRequest) parse() (*conv.Conversation, error) {
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
		return nil, wrap(Invalid, fmt.Errorf("conversation: %w", err))
	}
	return cv, nil
}

func (s *Service) checkOptions(r *ConvRequest) (monitor.CheckOptions, error) {
	if r.Largest < 0 || r.Largest > 1000 {
		return monitor.CheckOptions{}, Invalidf("largest must be between 0 and 1000, got %d", r.Largest)
	}
	override, err := monitor.LoadOverride(s.ws.StateDir())
	if err != nil {
		return monitor.CheckOptions{}, err
	}
	largest := r.Largest
	if largest == 0 {
		largest = 5
	}
	return monitor.CheckOptions{Model: r.Model, Override: override, Profile: r.Profile, Largest: largest}, nil
}

// Check measures a conversation against its model's window, as archon
// context check does, and records it in the context log.
func (s *Service) Check(ctx context.Context, r ConvRequest) (*monitor.Report, error) {
	cv, err := r.parse()
	if err != nil {
		return nil, err
	}
	opt, err := s.checkOptions(&r)
	if err != nil {
		return nil, err
	}
	rep, err := s.mon.Check(ctx, cv, opt)
	if err != nil {
		return nil, wrap(Invalid, err)
	}
	if err := ctxlog.Open(s.ws.StateDir()).Append(ctx, monitor.CheckEvent(rep)); err != nil {
		s.log.Warn("context log not written", "err", err)
	}
	if s.opt.Observer != nil {
		s.opt.Observer.Checked(rep)
	}
	return rep, nil
}

// Stats are the headline figures of a check.
type Stats struct {
	Model           string  `json:"model"`
	Messages        int     `json:"messages"`
	HistoryMessages int     `json:"history_messages"`
	HistoryTokens   int     `json:"history_tokens"`
	SystemTokens    int     `json:"system_tokens"`
	TotalTokens     int     `json:"total_tokens"`
	Window          int     `json:"window"`
	Limit           int     `json:"limit"`
	Percent         float64 `json:"percent"`
	Level           string  `json:"level"`
	Action          string  `json:"action"`
}

// Stats checks a conversation and returns its headline figures.
func (s *Service) Stats(ctx context.Context, r ConvRequest) (*Stats, error) {
	rep, err := s.Check(ctx, r)
	if err != nil {
		return nil, err
	}
	st := &Stats{Model: rep.Model, Messages: rep.Messages, TotalTokens: rep.Tokens, Window: rep.Window,
		Limit: rep.Limit, Percent: rep.Percent, Level: rep.Level, Action: string(rep.Action)}
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

// PrepareRequest is a conversation to prepare (archon context prepare).
type PrepareRequest struct {
	ConvRequest
	Action     string `json:"action,omitempty"`
	Agent      string `json:"agent,omitempty"`
	Session    string `json:"session,omitempty"`
	ArchiveAll bool   `json:"archive_all,omitempty"`
	DryRun     bool   `json:"dry_run,omitempty"`
}

// Prepared is the answer to a PrepareRequest.
type Prepared struct {
	Action      string          `json:"action"`
	Changed     bool            `json:"changed"`
	Saved       int             `json:"saved"`
	Before      *monitor.Report `json:"before"`
	After       *monitor.Report `json:"after"`
	Archived    []memory.Entry  `json:"archived"`
	SummaryPath string          `json:"summary_path,omitempty"`
	HistoryPath string          `json:"history_path,omitempty"`
	// Conversation is the prepared conversation in the input's format: JSON
	// for messages, a string for a JSONL transcript.
	Conversation json.RawMessage `json:"conversation"`
}

// Prepare runs what the level asks for (or r.Action) and returns the
// prepared conversation; cut messages go to today's daily log.
func (s *Service) Prepare(ctx context.Context, r PrepareRequest) (*Prepared, error) {
	cv, err := r.parse()
	if err != nil {
		return nil, err
	}
	copt, err := s.checkOptions(&r.ConvRequest)
	if err != nil {
		return nil, err
	}
	act := monitor.Action(r.Action)
	if act != "" && !validAction(act) {
		return nil, Invalidf("action %q: use one of %v", r.Action, monitor.Actions())
	}
	sum, err := s.mon.Summarizer(s.log)
	if err != nil {
		return nil, err
	}
	agent := r.Agent
	if agent == "" {
		agent = "archon"
	}
	opt := monitor.PrepareOptions{CheckOptions: copt, Action: act, Summarizer: sum, Agent: agent,
		Session: r.Session, ArchiveAll: r.ArchiveAll}
	if !r.DryRun {
		opt.Workspace = s.ws
		opt.Log = ctxlog.Open(s.ws.StateDir())
	}
	p, err := s.mon.Prepare(ctx, cv, opt)
	if err != nil {
		return nil, err
	}
	if !r.DryRun && (len(p.Archived) > 0 || p.SummaryPath != "") {
		s.Changed()
	}
	out, err := conv.Marshal(p.Conv)
	if err != nil {
		return nil, err
	}
	if !json.Valid(out) {
		out, _ = json.Marshal(string(out))
	}
	res := &Prepared{Action: string(p.Action), Changed: p.Changed, Saved: p.Saved, Before: p.Before, After: p.After,
		Archived: p.Archived, Conversation: out}
	if res.Archived == nil {
		res.Archived = []memory.Entry{}
	}
	if p.SummaryPath != "" {
		res.SummaryPath = s.ws.Rel(p.SummaryPath)
	}
	if p.HistoryPath != "" {
		res.HistoryPath = s.ws.Rel(p.HistoryPath)
	}
	return res, nil
}

func validAction(x monitor.Action) bool {
	for _, y := range monitor.Actions() {
		if x == y {
			return true
		}
	}
	return false
}

// Summary is the answer of Summarize.
type Summary struct {
	Path     string `json:"path"`
	History  string `json:"history"`
	Tokens   int    `json:"tokens"`
	Method   string `json:"method"`
	Fallback string `json:"fallback,omitempty"`
}

// Summarize writes a conversation's summary to MEMORY_SUMMARY.md.
func (s *Service) Summarize(ctx context.Context, r ConvRequest) (*Summary, error) {
	cv, err := r.parse()
	if err != nil {
		return nil, err
	}
	sum, err := s.mon.Summarizer(s.log)
	if err != nil {
		return nil, err
	}
	res, history, err := s.mon.SummarizeToWorkspace(ctx, s.ws, cv.Messages, sum, r.Model, time.Now())
	if err != nil {
		return nil, err
	}
	s.Changed()
	out := &Summary{Path: memory.SummaryFile, Tokens: res.Tokens, Method: res.Method, Fallback: res.Fallback}
	if history != "" {
		out.History = s.ws.Rel(history)
	}
	return out, nil
}

// ModelOverride is the runtime model override; Model is null when none.
type ModelOverride struct {
	Model *string `json:"model"`
}

// Model returns the runtime model override.
func (s *Service) Model() (ModelOverride, error) {
	m, err := monitor.LoadOverride(s.ws.StateDir())
	if err != nil || m == "" {
		return ModelOverride{}, err
	}
	return ModelOverride{Model: &m}, nil
}

// SetModel sets the override; nil, "" or "auto" clears it.
func (s *Service) SetModel(m *string) (ModelOverride, error) {
	name := ""
	if m != nil {
		name = *m
	}
	if len(name) > 200 {
		return ModelOverride{}, Invalidf("model name longer than 200 bytes")
	}
	if err := os.MkdirAll(s.ws.StateDir(), 0o755); err != nil {
		return ModelOverride{}, err
	}
	if err := monitor.SaveOverride(s.ws.StateDir(), name, time.Now()); err != nil {
		return ModelOverride{}, err
	}
	return s.Model()
}

// ContextLog returns the n most recent context events.
func (s *Service) ContextLog(n int) ([]ctxlog.Event, error) {
	if n <= 0 || n > 10000 {
		return nil, Invalidf("n must be between 1 and 10000, got %d", n)
	}
	ev, _, err := ctxlog.Open(s.ws.StateDir()).Recent(n)
	if ev == nil {
		ev = []ctxlog.Event{}
	}
	return ev, err
}
