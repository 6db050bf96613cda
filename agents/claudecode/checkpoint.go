package claudecode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/archon-memory/archon/conv"
)

// Bounds of what a checkpoint keeps of one tool call or result; the rest
// stays in the transcript, at the line the entry names.
const (
	maxArgBytes    = 2000
	maxResultBytes = 1500
	// maxEntryBytes splits a long turn into several entries.
	maxEntryBytes = 256 << 10
)

// checkpointEntry is one entry of a checkpoint. Through, when not 0, is
// the line of the chunk through which every turn is in the entries up to
// this one: where a checkpoint cut short resumes.
type checkpointEntry struct {
	Text    string
	Through int
	Turn    string    // the id of the entry's turn (turnID)
	At      time.Time // when the turn began (zero when its records say not)
}

// checkpointEntries renders the turns of c as daily-log entries: the
// user's and the assistant's text verbatim, tool calls with their
// arguments and tool results, both bounded, with a pointer to their line
// of the transcript.
func checkpointEntries(c *chunk, session, path string) []checkpointEntry {
	var out []checkpointEntry
	queued := c.Queued
	ts := turns(c.Conv.Messages)
	for k, t := range ts {
		first, last := c.line(&t[0]), c.line(&t[len(t)-1])
		head := fmt.Sprintf("Claude Code session %s, transcript lines %d-%d (%s).", session, first, last, path)
		var b strings.Builder
		flush := func() {
			if body := strings.TrimSpace(b.String()); body != "" {
				out = append(out, checkpointEntry{Text: head + "\n\n" + body, Turn: turnID(t), At: stamp(&t[0])})
			}
			b.Reset()
		}
		for i := range t {
			m := &t[i]
			// Prompts typed while the agent was busy come in the order typed.
			for len(queued) > 0 && queued[0].Line < c.line(m) {
				fmt.Fprintf(&b, "**user (queued):** %s\n\n", strings.TrimSpace(queued[0].Text))
				queued = queued[1:]
			}
			writeMessage(&b, m, c.line(m))
			if b.Len() > maxEntryBytes {
				flush()
			}
		}
		flush()
		// The turn ends where the next one starts (a message may span
		// several lines); the last one with the chunk, queued prompts
		// after it aside.
		if k+1 < len(ts) && len(out) > 0 {
			out[len(out)-1].Through = ts[k+1][0].Line - 1
		}
	}
	if len(queued) > 0 {
		var b strings.Builder
		for _, q := range queued {
			fmt.Fprintf(&b, "**user (queued):** %s\n\n", strings.TrimSpace(q.Text))
		}
		out = append(out, checkpointEntry{Text: fmt.Sprintf("Claude Code session %s (%s).\n\n%s", session, path, strings.TrimSpace(b.String()))})
	}
	return out
}

// writeMessage writes one message of a turn.
func writeMessage(b *strings.Builder, m *conv.Message, line int) {
	who := string(m.Role)
	if m.Sidechain {
		who += " (subagent)"
	}
	if m.CompactSummary {
		who = "compaction summary"
	}
	for _, p := range m.Parts {
		switch p.Kind {
		case conv.PartText:
			if t := strings.TrimSpace(p.Text); t != "" {
				fmt.Fprintf(b, "**%s:** %s\n\n", who, t)
			}
		case conv.PartToolCall:
			fmt.Fprintf(b, "**tool %s:** `%s`\n\n", p.ToolName, bound(compactJSON(p.Input), maxArgBytes, line))
		case conv.PartToolResult:
			status := ""
			if p.IsError {
				status = " (error)"
			}
			if t := strings.TrimSpace(p.Text); t != "" {
				fmt.Fprintf(b, "**result %s%s:** %s\n\n", p.ToolName, status, bound(t, maxResultBytes, line))
			}
		case conv.PartOther:
			// An image or a document is not text to keep, but that it was
			// sent is: a prompt of an image alone is no silence.
			var blk struct{ Type string }
			if json.Unmarshal(p.Raw, &blk) == nil && (blk.Type == "image" || blk.Type == "document") {
				fmt.Fprintf(b, "**%s:** [%s at transcript line %d]\n\n", who, blk.Type, line)
			}
		}
	}
}

// compactJSON returns raw as one line of JSON.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// bound cuts s to about n bytes at a rune boundary, saying how much is
// left out and where the whole is.
func bound(s string, n, line int) string {
	if len(s) <= n {
		return s
	}
	head := prefix(s, n)
	return fmt.Sprintf("%s … [%d more bytes at transcript line %d]", head, len(s)-len(head), line)
}

// prefix returns at most n bytes of s, cut at a rune boundary.
func prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
