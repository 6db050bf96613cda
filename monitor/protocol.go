package monitor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor/compact"
	"github.com/archon-memory/archon/summarize"
)

// The summary history lives under the state directory:
//
//	.archon/summary-history/
//	    20261129T140312.123Z.md   an earlier MEMORY_SUMMARY.md, named by the
//	                              time it was replaced (UTC)
//	    dates.json                {item key: YYYY-MM-DD first recorded}, so
//	                              items older than keep_days are dropped
//	    sections.json             the titles of the sections archon wrote last
//
// At most HistoryKeep earlier versions are kept; older ones are removed.
const (
	HistoryDir  = "summary-history"
	HistoryKeep = 100
	datesFile   = "dates.json"
	ownFile     = "sections.json"
	leadFile    = "lead.json"
)

// maxArchiveChunk bounds one daily-log entry of archived messages, below
// memory.DefaultMaxEntryBytes; longer archives are split over entries.
const maxArchiveChunk = 3 << 20

// protocol is the auto-summarize protocol at the critical level: summarize
// the whole live context (merging the previous MEMORY_SUMMARY.md), trim it
// to the summary plus the most recent turns, and, with a workspace, write
// MEMORY_SUMMARY.md atomically, keeping the old version. Archiving the cut
// messages follows in Prepare.
func (m *Monitor) protocol(ctx context.Context, c *conv.Conversation, opt PrepareOptions, p *Prepared) error {
	st := m.newState(c, opt, p)
	run := func(sopt summarize.Options) (*summarize.Summary, error) {
		return m.summarizerOf(opt.Summarizer).Summarize(ctx, c.SummaryInput(), sopt)
	}
	var (
		sum  *summarize.Summary
		hist string
		err  error
	)
	if opt.Workspace != nil {
		sum, hist, err = summarizeOver(ctx, opt.Workspace, st.SummaryOptions, opt.now(), run)
	} else {
		sum, err = run(st.SummaryOptions)
	}
	if err != nil {
		return fmt.Errorf("auto-summarize: %w", err)
	}
	p.Summary = sum
	pipe := compact.Pipeline{
		compact.ClearToolResults{Keep: m.cfg.KeepToolResults},
		compact.KeepRecentWithSummary{Keep: m.cfg.KeepRecent, Text: sum.Markdown},
		compact.IfOver(compact.Truncate{}),
	}
	if err := pipe.Run(ctx, st); err != nil {
		return fmt.Errorf("auto-summarize: %w", err)
	}
	p.Conv, p.Steps, p.Cut, p.Changed = st.Conv, st.Steps, st.Cut, true
	if opt.Workspace != nil {
		p.SummaryPath, p.HistoryPath = opt.Workspace.SummaryPath(), hist
	}
	return nil
}

// summarizeOver runs summarize with the workspace's MEMORY_SUMMARY.md (and
// its item dates) as the previous summary and replaces the file with the
// result, keeping the old version in the history. When another summary
// replaced the file meanwhile, it summarizes again over that one (three
// times at most), so that a summary written at the same moment by
// another session is merged, not lost. The summarizer runs outside the
// edit lock (an LLM may take seconds); the check and the write hold it.
func summarizeOver(ctx context.Context, ws *memory.Workspace, opt summarize.Options, now time.Time, run func(summarize.Options) (*summarize.Summary, error)) (*summarize.Summary, string, error) {
	for attempt := 1; ; attempt++ {
		prev, err := ws.ReadFile(memory.SummaryFile)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, "", fmt.Errorf("read previous summary: %w", err)
		}
		// A person's sections are kept as written, not summarized over.
		rest, lead, hand := splitHand(string(prev), loadOwnSections(ws))
		if lead != "" && archonsLead(ws, lead) {
			rest, lead = withLead(rest, lead), "" // prose archon wrote: summarized over
		}
		opt.Previous, opt.PreviousDates = rest, LoadSummaryDates(ws)
		sum, err := run(opt)
		if err != nil {
			return nil, "", err
		}
		wrote := sum.Markdown // archon's part, before a person's is put back
		if lead != "" {
			sum.Markdown = withLead(sum.Markdown, lead)
		}
		if hand != "" {
			sum.Markdown = strings.TrimRight(sum.Markdown, "\n") + "\n\n" + hand + "\n"
		}
		if opt.Counter != nil && lead+hand != "" {
			sum.Tokens = opt.Counter.Count(sum.Markdown)
		}
		unlock, err := ws.LockEdits(ctx)
		if err != nil {
			return nil, "", err
		}
		cur, err := ws.ReadFile(memory.SummaryFile)
		if err == nil && !bytes.Equal(cur, prev) && attempt < 3 {
			unlock()
			continue
		}
		hist, err := writeSummary(ws, sum, now)
		if err == nil {
			err = saveOwnSections(ws, sum.Sections)
		}
		if err == nil {
			err = saveOwnLead(ws, wrote)
		}
		unlock()
		return sum, hist, err
	}
}

// summarizerOf returns the state's summarizer (extractive when unset).
func (m *Monitor) summarizerOf(s summarize.Summarizer) summarize.Summarizer {
	if s == nil {
		return summarize.NewExtractive()
	}
	return s
}

// WriteSummary replaces MEMORY_SUMMARY.md with sum atomically. The previous
// version, if any, is first copied into .archon/summary-history/ (the file
// name is the replacement time), and the item dates are updated. It returns
// the history file written ("" when there was no previous summary).
func WriteSummary(ws *memory.Workspace, sum *summarize.Summary, now time.Time) (string, error) {
	// The edit lock: a restore of an earlier summary, at the same moment,
	// must not be lost under this one.
	unlock, err := ws.LockEdits(context.Background())
	if err != nil {
		return "", err
	}
	defer unlock()
	return writeSummary(ws, sum, now)
}

// writeSummary is WriteSummary under the edit lock, held by the caller.
func writeSummary(ws *memory.Workspace, sum *summarize.Summary, now time.Time) (string, error) {
	hist, err := KeepSummaryHistory(ws, now)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(ws.StateDir(), HistoryDir)
	// A summary quotes the conversation: its secrets are redacted like a
	// log entry's.
	sum.Markdown, _ = ws.Redact(sum.Markdown)
	sum.Markdown = printable(sum.Markdown)
	path, err := ws.Inside(memory.SummaryFile)
	if err != nil {
		return "", err
	}
	if err := memory.WriteFileAtomic(path, []byte(sum.Markdown), 0o644); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if len(sum.Dates) > 0 {
		// The dates are keyed by the items' text (summarize.ItemKey): by
		// the text as the file holds it, redacted, as the next summary
		// reads it back.
		dates := make(map[string]string, len(sum.Dates))
		for _, sec := range sum.Sections {
			for _, it := range sec.Items {
				if d, ok := sum.Dates[summarize.ItemKey(it)]; ok {
					r, _ := ws.Redact(it)
					dates[summarize.ItemKey(printable(r))] = d
				}
			}
		}
		b, _ := json.MarshalIndent(dates, "", " ")
		if err := memory.WriteFileAtomic(filepath.Join(dir, datesFile), b, 0o644); err != nil {
			return hist, fmt.Errorf("summary dates: %w", err)
		}
	}
	return hist, nil
}

// HistoryTimeFormat names a summary-history file: the time the version
// it holds was replaced, in UTC.
const HistoryTimeFormat = "20060102T150405.000Z"

// KeepSummaryHistory copies MEMORY_SUMMARY.md as it is now into
// .archon/summary-history/ (the file name is now) and prunes the history
// to HistoryKeep versions. It returns the copy ("" when there is no
// summary to keep).
func KeepSummaryHistory(ws *memory.Workspace, now time.Time) (string, error) {
	dir := filepath.Join(ws.StateDir(), HistoryDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("summary history: %w", err)
	}
	prev, err := ws.ReadFile(memory.SummaryFile)
	switch {
	case errors.Is(err, fs.ErrNotExist) || err == nil && len(prev) == 0:
		return "", nil
	case err != nil:
		return "", fmt.Errorf("read %s: %w", memory.SummaryFile, err)
	}
	hist := filepath.Join(dir, now.UTC().Format(HistoryTimeFormat)+".md")
	if err := memory.WriteFileAtomic(hist, prev, 0o644); err != nil {
		return "", fmt.Errorf("summary history: %w", err)
	}
	pruneHistory(dir, HistoryKeep)
	return hist, nil
}

// LoadSummaryDates reads the first-recorded dates of the current summary's
// items (for summarize.Options.PreviousDates).
func LoadSummaryDates(ws *memory.Workspace) map[string]string {
	return loadDates(filepath.Join(ws.StateDir(), HistoryDir, datesFile))
}

func loadDates(path string) map[string]string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var d map[string]string
	if json.Unmarshal(b, &d) != nil {
		return nil
	}
	return d
}

func pruneHistory(dir string, keep int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".md") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for len(names) > keep {
		_ = os.Remove(filepath.Join(dir, names[0]))
		names = names[1:]
	}
}

// archive appends the cut messages verbatim to today's daily log as
// checkpoint entries (several when large).
func (m *Monitor) archive(ctx context.Context, opt PrepareOptions, p *Prepared) error {
	if opt.Workspace == nil || len(p.Cut) == 0 {
		return nil
	}
	msgs := p.Cut
	if opt.ArchiveAll {
		cut := map[int]bool{}
		for _, c := range p.Cut {
			cut[c.Seq] = true
		}
		for _, k := range p.Conv.Messages {
			if !k.Synthetic && k.Seq >= 0 && !cut[k.Seq] && k.Role != conv.RoleSystem && k.Live() {
				msgs = append(msgs, k)
			}
		}
		sort.SliceStable(msgs, func(i, j int) bool { return msgs[i].Seq < msgs[j].Seq })
	}
	entries, err := ArchiveMessages(ctx, opt.Workspace, msgs, ArchiveInfo{
		Agent: opt.Agent, Action: p.Action, Level: p.Before.Level, Percent: p.Before.Percent,
		Limit: p.Before.Limit, Model: p.Before.Model, Now: opt.now(), Summarized: p.Summary != nil,
	})
	p.Archived = entries
	return err
}

// ArchiveInfo describes an archive for its entry header.
type ArchiveInfo struct {
	Agent      string
	Action     Action
	Level      string
	Percent    float64
	Limit      int
	Model      string
	Now        time.Time
	Summarized bool // MEMORY_SUMMARY.md was rewritten
}

// ArchiveMessages appends msgs verbatim (conv.Transcript) to the daily log
// of info.Now as entries tagged #checkpoint #context, splitting at message
// boundaries so no entry exceeds 3 MiB (a larger message goes on over
// parts of its own). NUL bytes and invalid UTF-8, which
// the log cannot hold, become U+FFFD.
func ArchiveMessages(ctx context.Context, ws *memory.Workspace, msgs []conv.Message, info ArchiveInfo) ([]memory.Entry, error) {
	if info.Now.IsZero() {
		info.Now = time.Now()
	}
	agent := info.Agent
	if agent == "" {
		agent = "archon"
	}
	// A part stays below the workspace's entry limit too, with room for
	// its header (about 250 bytes): at the smallest limit the config takes,
	// 1 KiB, parts of 512.
	limit := min(maxArchiveChunk, max(ws.MaxEntryBytes()/2, ws.MaxEntryBytes()-1<<10))
	var chunks [][]conv.Message
	size := 0
	for i := range msgs {
		n := len(conv.Flatten(&msgs[i]))
		if len(chunks) == 0 || size+n > limit {
			chunks = append(chunks, nil)
			size = 0
		}
		chunks[len(chunks)-1] = append(chunks[len(chunks)-1], msgs[i])
		size += n
	}
	// A message larger than an entry on its own (a pasted file) goes on
	// over the next parts.
	type part struct {
		n    int // messages that start in it
		text string
	}
	var parts []part
	for _, chunk := range chunks {
		for i, piece := range splitText(clean(conv.Transcript(chunk)), limit) {
			p := part{text: piece}
			if i == 0 {
				p.n = len(chunk)
			}
			parts = append(parts, p)
		}
	}
	var out []memory.Entry
	for k, p := range parts {
		what := fmt.Sprintf("%d messages archived verbatim below", p.n)
		if p.n == 0 {
			what = "the message of the part before goes on verbatim below"
		}
		head := fmt.Sprintf("Context checkpoint: %s at level %s (%.0f%% of %s tokens, model %s); %s.",
			info.Action, info.Level, info.Percent, commas(info.Limit), info.Model, what)
		if info.Summarized {
			head += " MEMORY_SUMMARY.md was rewritten."
		}
		if len(parts) > 1 {
			head += fmt.Sprintf(" Part %d of %d.", k+1, len(parts))
		}
		e, err := ws.Append(ctx, memory.Entry{
			Date: info.Now.Format(time.DateOnly), Time: info.Now.Format("15:04:05"),
			Agent: agent, Tags: []string{"checkpoint", "context"}, Text: head + "\n\n" + p.text,
		})
		if err != nil {
			return out, fmt.Errorf("archive %d messages to the daily log: %w", p.n, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// splitText cuts s into pieces of at most max bytes, after a line where
// there is one, else between characters.
func splitText(s string, max int) []string {
	var out []string
	for len(s) > max {
		cut := strings.LastIndexByte(s[:max], '\n') + 1
		if cut == 0 {
			cut = max
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
		}
		out, s = append(out, s[:cut]), s[cut:]
	}
	return append(out, s)
}

// printable is clean for a file people read and agents load whole:
// control characters other than tab and newline (a NUL, an escape
// sequence quoted from a terminal) become U+FFFD too.
func printable(s string) string {
	s = clean(s)
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return '\uFFFD'
		}
		return r
	}, s)
}

func isControl(r rune) bool { return (r < 0x20 && r != '\t' && r != '\n') || r == 0x7f }

func clean(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return strings.ReplaceAll(s, "\x00", "\uFFFD")
}

// SummarizeToWorkspace summarizes msgs with s (carrying over the items of
// the current MEMORY_SUMMARY.md that are younger than context.keep_days)
// and replaces MEMORY_SUMMARY.md with the result, keeping the old version
// in the history. It is `archon summarize`.
func (m *Monitor) SummarizeToWorkspace(ctx context.Context, ws *memory.Workspace, msgs []conv.Message, s summarize.Summarizer, model string, now time.Time) (*summarize.Summary, string, error) {
	opt := m.SummaryOptions(model)
	opt.Now = now
	var live []conv.Message
	for _, msg := range msgs {
		if msg.Role != conv.RoleSystem && msg.Live() {
			live = append(live, msg)
		}
	}
	sum, hist, err := summarizeOver(ctx, ws, opt, now, func(opt summarize.Options) (*summarize.Summary, error) {
		return m.summarizerOf(s).Summarize(ctx, live, opt)
	})
	if err != nil {
		return sum, hist, fmt.Errorf("summarize: %w", err)
	}
	return sum, hist, nil
}
