package claudecode

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/memory"
)

// DefaultAgent is the agent name of the entries the hooks write.
const DefaultAgent = "claude-code"

// Handler answers hook events over a memory. Its zero fields take their
// defaults; Memory and StateDir are required.
type Handler struct {
	// Memory is the workspace's memory (local, or a running archon serve).
	Memory app.Memory
	// StateDir keeps each session's offsets and continuation note.
	StateDir string
	// Archived, when set, is the workspace's record of the transcript
	// turns archived so far (by the uuid of their first record), shared
	// with `archon import claude-code`: a turn a forked or resumed
	// session's transcript holds again is not archived twice.
	Archived string
	// Agent names the entries' agent (default DefaultAgent).
	Agent string
	// Logger receives diagnostics (nil: discard).
	Logger *slog.Logger
	// Git runs git in a directory (nil: the git command, if installed).
	Git func(ctx context.Context, dir string, args ...string) (string, error)
	// Location is the workspace's time zone, in which a checkpoint dates
	// the turns it archives (nil: the machine's).
	Location *time.Location
	// Redact removes secrets and <private> spans from text the hooks keep
	// in their own state (the continuation note), as the workspace does
	// for every file it writes; nil keeps text as it is.
	Redact func(string) string
}

// Deadline is how long an event may take: SessionEnd shares Claude Code's
// 1.5 s end-of-session budget, a checkpoint may read a long transcript.
func Deadline(event string) time.Duration {
	switch event {
	case SessionEnd:
		return 1200 * time.Millisecond
	case PreCompact, PostCompact: // both summarize the whole transcript
		return 30 * time.Second
	}
	return 10 * time.Second
}

// Handle runs what event ev asks for and returns what to print. Events
// archon does not handle do nothing.
func (h *Handler) Handle(ctx context.Context, ev Event) (Output, error) {
	if ev.HookEventName != SessionStart {
		unlock, err := lockSession(ctx, h.StateDir, ev.SessionID)
		if err != nil {
			return Output{}, err
		}
		defer unlock()
	}
	switch ev.HookEventName {
	case SessionStart:
		if ev.Source == "compact" {
			return h.recovery(ctx, ev)
		}
		pl, err := h.Memory.L1(ctx, 0)
		if err != nil {
			return Output{}, err
		}
		return Output{Context: pl.Text}, nil
	case UserPromptSubmit:
		return h.prompt(ctx, ev)
	case PreCompact:
		return h.preCompact(ctx, ev)
	case PostCompact:
		return Output{}, h.postCompact(ctx, ev)
	case Stop, SubagentStop:
		return Output{}, h.stop(ctx, ev)
	case SessionEnd:
		if ev.TranscriptPath == "" {
			return Output{}, nil
		}
		st := loadState(h.StateDir, ev.SessionID, ev.TranscriptPath)
		if _, err := h.checkpoint(ctx, ev, &st); err != nil {
			return Output{}, err
		}
		return Output{}, h.endSummary(ctx, ev)
	}
	h.logger().Debug("hook event not handled", "event", ev.HookEventName)
	return Output{}, nil
}

// tags are the tags of an entry of ev's session.
func (h *Handler) tags(ev Event, kind ...string) []string {
	tags := append([]string{}, kind...)
	if t, err := memory.NormalizeTag("session/" + ev.SessionID); err == nil {
		tags = append(tags, t)
	}
	if ev.AgentID != "" {
		tags = append(tags, "subagent")
	}
	return tags
}

// log appends one entry of ev's session, dated now.
func (h *Handler) log(ctx context.Context, ev Event, text string, kind ...string) error {
	return h.logAt(ctx, ev, text, time.Time{}, kind...)
}

// logAt appends one entry of ev's session dated at (in the workspace's
// time zone; now when zero): a checkpoint files a turn on its own day and
// time, as an import does, so a session past midnight keeps its turns on
// the days they were said.
func (h *Handler) logAt(ctx context.Context, ev Event, text string, at time.Time, kind ...string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	// What a log cannot hold (NUL, bytes that are no UTF-8) would refuse
	// the whole text: it is logged with U+FFFD in their place.
	text = strings.ToValidUTF8(strings.ReplaceAll(text, "\x00", "\uFFFD"), "\uFFFD")
	req := app.LogRequest{Text: text, Agent: h.agentOf(ev), Tags: h.tags(ev, kind...)}
	if !at.IsZero() {
		loc := h.Location
		if loc == nil {
			loc = time.Local
		}
		at = at.In(loc)
		req.Date, req.Time = at.Format(time.DateOnly), at.Format(time.TimeOnly)
	}
	_, err := LogKept(ctx, h.Memory, req, "the transcript "+ev.TranscriptPath)
	return err
}

// LogKept logs req. A text over the log's limit (a pasted file as the
// prompt, a huge tool result) is kept cut, saying where the whole is
// (where), rather than not at all.
func LogKept(ctx context.Context, m app.Memory, req app.LogRequest, where string) (*app.Entry, error) {
	text := req.Text
	e, err := m.Log(ctx, req)
	for _, n := range []int{maxEntryBytes, 4 << 10} {
		if app.KindOf(err) != app.TooLarge {
			break
		}
		if len(text) <= n {
			continue
		}
		kept := prefix(text, n)
		req.Text = fmt.Sprintf("%s … [%d more bytes in %s]", kept, len(text)-len(kept), where)
		e, err = m.Log(ctx, req)
	}
	return e, err
}

// agentOf names the agent of ev's entries: the session's agent (a session
// started with --agent, or a subagent) when it is a valid agent name, else
// the handler's.
func (h *Handler) agentOf(ev Event) string {
	if ev.AgentType != "" && memory.ValidateAgent(ev.AgentType) == nil {
		return ev.AgentType
	}
	return cmp.Or(h.Agent, DefaultAgent)
}

// logger is h.Logger, or one that discards.
func (h *Handler) logger() *slog.Logger {
	if h.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return h.Logger
}

// prompt records the prompt, measures the context from what the
// transcript appended since the last measure and, at a profile level,
// adds the level's notice; at the critical level it runs the protocol.
func (h *Handler) prompt(ctx context.Context, ev Event) (Output, error) {
	if err := h.logOnce(ctx, ev, ev.Prompt, app.PromptTag); err != nil {
		return Output{}, err
	}
	if ev.TranscriptPath == "" {
		return Output{}, nil
	}
	st := loadState(h.StateDir, ev.SessionID, ev.TranscriptPath)
	if fi, err := os.Stat(ev.TranscriptPath); err == nil && st.Measured == 0 && fi.Size() > measureFromEnd {
		// A long transcript measured first: from its last usage record.
		if off, line, ok, err := lastUsageLine(ev.TranscriptPath); err != nil {
			return Output{}, err
		} else if ok {
			st.Measured, st.MeasuredLines = off, line
		}
	}
	c, err := readChunk(ev.TranscriptPath, st.Measured, st.MeasuredLines)
	if err != nil || len(c.Conv.Messages) == 0 {
		return Output{}, err
	}
	text, _ := json.Marshal(string(c.Data))
	rep, err := h.Memory.Check(ctx, app.ConvRequest{Conversation: text, Format: "claude-code", Model: ev.Model,
		Session: ev.SessionID, Agent: h.agentOf(ev)})
	if err != nil {
		return Output{}, err
	}
	if off, line, ok := c.lastUsageOffset(); ok {
		st.Measured, st.MeasuredLines = off, line
	}
	notice := ""
	switch {
	case rep.Level == "ok":
		st.Acted = ""
	case rep.Action == "auto-summarize" && st.Acted != rep.Level:
		if _, err := h.checkpoint(ctx, ev, &st); err != nil {
			return Output{}, err
		}
		data, err := os.ReadFile(ev.TranscriptPath)
		if err != nil {
			return Output{}, fmt.Errorf("transcript: %w", err)
		}
		if err := h.summarize(ctx, ev, data); err != nil {
			return Output{}, err
		}
		notice = fmt.Sprintf("Context at %.0f%% (%d of %d tokens): %s. archon wrote MEMORY_SUMMARY.md and archived this session so far into today's daily log (nothing is lost); compact now (/compact).",
			rep.Percent, rep.Tokens, rep.Limit, rep.Level)
	default:
		notice = levelNotice(rep)
	}
	if rep.Level != "ok" {
		st.Acted = rep.Level
	}
	return Output{Context: notice}, saveState(h.StateDir, ev.SessionID, st)
}

// levelNotice is the one-line notice of a check above every threshold's
// first level.
func levelNotice(rep *app.Report) string {
	head := fmt.Sprintf("Context at %.0f%% (%d of %d tokens, level %s).", rep.Percent, rep.Tokens, rep.Limit, rep.Level)
	switch {
	case rep.Block:
		return head + " The context is exhausted: compact (/compact) before going on; archon keeps what is cut."
	case rep.Action == "warn":
		return head + " Log decisions and open work with memory_log as you go."
	case rep.Action == "auto-summarize":
		return head + " MEMORY_SUMMARY.md is up to date; compact now (/compact)."
	}
	return head + " Should summarize to MEMORY_SUMMARY.md now: compact soon (/compact); archon keeps what is cut."
}

// checkpoint archives every turn of the transcript not yet in the daily
// log as #checkpoint entries and returns how many it wrote. The state
// moves past what was archived and is saved.
func (h *Handler) checkpoint(ctx context.Context, ev Event, st *state) (int, error) {
	c, err := readChunk(ev.TranscriptPath, st.Archived, st.ArchivedLines)
	if err != nil {
		return 0, err
	}
	// Turns archived before (from another session's transcript, or by an
	// import) are not archived again.
	known := ImportRecord{}
	if h.Archived != "" {
		if known, err = LoadImportRecord(h.Archived); err != nil {
			return 0, err
		}
		var keep []conv.Message
		for _, t := range turns(c.Conv.Messages) {
			keep = append(keep, t[archivedThrough(known, t):]...)
		}
		c.Conv.Messages = keep
	}
	save := func() error {
		if h.Archived != "" {
			if err := known.Save(h.Archived); err != nil {
				return err
			}
		}
		return saveState(h.StateDir, ev.SessionID, *st)
	}
	// Progress is saved as whole turns are logged (every few entries, and
	// when a log fails or the time is up), so that a checkpoint cut short
	// resumes after what it logged instead of logging it again.
	n, saved := 0, 0
	through, off := 0, 0 // the lines of c.Data logged whole, and their bytes
	entries := checkpointEntries(c, ev.SessionID, ev.TranscriptPath)
	for _, e := range entries {
		if err := h.logAt(ctx, ev, e.Text, e.At, "checkpoint", "claude-code"); err != nil {
			if n > saved {
				err = errors.Join(err, save())
			}
			return n, err
		}
		n++
		if e.Through > 0 {
			// The offset of line Through+1, counted on from the last one.
			for ; through < e.Through; through++ {
				off += bytes.IndexByte(c.Data[off:], '\n') + 1
			}
			st.Archived, st.ArchivedLines = c.Start+int64(off), c.FirstLine-1+e.Through
			if e.Turn != "" {
				known[e.Turn] = true
			}
			if n-saved >= checkpointSaveEvery {
				if err := save(); err != nil {
					return n, err
				}
				saved = n
			}
		}
	}
	for _, e := range entries {
		if e.Turn != "" {
			known[e.Turn] = true
		}
	}
	st.Archived, st.ArchivedLines = c.End, c.FirstLine-1+c.Lines
	return n, save()
}

// checkpointSaveEvery is how many entries a checkpoint logs between two
// saves of its progress: a kill repeats at most these.
const checkpointSaveEvery = 16

// endSummaryTime is the least time left at a session's end for its
// summary, and endSummaryBytes the longest transcript summarized then: a
// 1.5 MB transcript takes about 0.15 s, a 32 MB one 2 s.
const (
	endSummaryTime  = 400 * time.Millisecond
	endSummaryBytes = 4 << 20
)

// endSummary rewrites MEMORY_SUMMARY.md from the transcript of a session
// that ends, when the end leaves time for it: a session that never came
// near compaction would otherwise leave the next one nothing at its start
// (its archive is searchable, never digested into L1). Short of time, it
// logs so and leaves the summary as it was.
func (h *Handler) endSummary(ctx context.Context, ev Event) error {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < endSummaryTime {
		h.logger().Info("session end: no time left to refresh the summary", "session", ev.SessionID)
		return nil
	}
	if fi, err := os.Stat(ev.TranscriptPath); err != nil || fi.Size() > endSummaryBytes {
		h.logger().Info("session end: the transcript is too long to summarize in the time left", "session", ev.SessionID)
		return nil
	}
	data, err := os.ReadFile(ev.TranscriptPath)
	if err != nil || len(data) == 0 {
		return err
	}
	if err := h.summarize(ctx, ev, data); err != nil {
		if ctx.Err() != nil {
			h.logger().Info("session end: the summary did not finish in time", "session", ev.SessionID)
			return nil
		}
		return err
	}
	return nil
}

// summarize rewrites MEMORY_SUMMARY.md from the whole transcript, data.
func (h *Handler) summarize(ctx context.Context, ev Event, data []byte) error {
	text, _ := json.Marshal(string(data))
	_, err := h.Memory.Summarize(ctx, app.ConvRequest{Conversation: text, Format: "claude-code", Model: ev.Model,
		Session: ev.SessionID, Agent: h.agentOf(ev)})
	return err
}

// postCompact keeps the host model's own summary as an entry and merges
// it into MEMORY_SUMMARY.md: summarized as Claude Code's compaction
// summary after the transcript, so that its numbered sections fill the
// summary's (current work, pending tasks, errors ...) and the session's
// structure the rest, as a summary of the transcript would have them.
func (h *Handler) postCompact(ctx context.Context, ev Event) error {
	if strings.TrimSpace(ev.CompactSummary) == "" {
		return nil
	}
	// Delivered again, the summary is neither logged nor merged twice.
	if h.delivered(ev, ev.CompactSummary) {
		return nil
	}
	if err := h.log(ctx, ev, ev.CompactSummary, "compact-summary", "claude-code"); err != nil {
		return err
	}
	var data []byte
	if ev.TranscriptPath != "" {
		if whole, err := readChunk(ev.TranscriptPath, 0, 0); err == nil && len(whole.Data) > 0 {
			data = append(bytes.TrimRight(whole.Data, "\n"), '\n')
		}
	}
	line, _ := json.Marshal(map[string]any{"type": "user", "isCompactSummary": true,
		"message": map[string]string{"role": "user", "content": ev.CompactSummary}})
	if err := h.summarize(ctx, ev, append(append(data, line...), '\n')); err != nil {
		return err
	}
	return h.recordDelivery(ev, ev.CompactSummary)
}

// stop records the last answer as progress.
func (h *Handler) stop(ctx context.Context, ev Event) error {
	return h.logOnce(ctx, ev, ev.LastAssistantMessage, "progress")
}

// logOnce logs text unless this delivery of ev was logged before.
func (h *Handler) logOnce(ctx context.Context, ev Event, text string, kind ...string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if h.delivered(ev, text) {
		return nil
	}
	if err := h.log(ctx, ev, text, kind...); err != nil {
		return err
	}
	return h.recordDelivery(ev, text)
}

// git runs git in dir, bounded in time; an error (no repository, no git)
// leaves the answer empty.
func (h *Handler) git(ctx context.Context, dir string, args ...string) string {
	if dir == "" {
		return ""
	}
	run := h.Git
	if run == nil {
		run = runGit
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	out, err := run(ctx, dir, args...)
	if err != nil {
		h.logger().Debug("git", "args", args, "err", err)
		return ""
	}
	return strings.TrimRight(out, "\n")
}

func runGit(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	out, err := cmd.Output()
	return string(out), err
}
