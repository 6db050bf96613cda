package claudecode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/archon-memory/archon/conv"
)

// MaxTranscriptBytes bounds what one hook reads of a transcript.
const MaxTranscriptBytes = 512 << 20

// chunk is the complete lines of a transcript from an offset on.
type chunk struct {
	// Start and End are the byte offsets of the lines read; FirstLine is
	// the 1-based number of the line at Start.
	Start, End int64
	FirstLine  int
	// Lines is how many lines were read; Data holds them.
	Lines int
	Data  []byte
	// Conv is the parsed conversation of these lines.
	Conv *conv.Conversation
	// Queued are prompts the user typed while the agent was busy.
	Queued []queued
}

// queued is a prompt from a queue-operation record.
type queued struct {
	Line int
	Text string
}

// readChunk reads the complete lines of the transcript at path from byte
// off, which starts line number line+1. A transcript shorter than off was
// rewritten: it is read from the start.
func readChunk(path string, off int64, line int) (*chunk, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("transcript: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("transcript: %w", err)
	}
	if off > fi.Size() || off < 0 {
		off, line = 0, 0
	}
	if _, err := f.Seek(off, io.SeekStart); err != nil {
		return nil, fmt.Errorf("transcript: %w", err)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxTranscriptBytes))
	if err != nil {
		return nil, fmt.Errorf("transcript: %w", err)
	}
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
		data = data[:i+1]
	} else {
		data = nil // no complete line yet
	}
	c := &chunk{Start: off, End: off + int64(len(data)), FirstLine: line + 1, Lines: bytes.Count(data, []byte{'\n'}), Data: data}
	if len(data) == 0 {
		c.Conv = &conv.Conversation{Format: conv.FormatClaudeCode}
		return c, nil
	}
	if c.Conv, err = conv.ParseBytes(data, conv.FormatClaudeCode); err != nil {
		return nil, fmt.Errorf("transcript %s: %w", path, err)
	}
	for _, e := range c.Conv.Extra {
		if e.Type != "queue-operation" {
			continue
		}
		var q struct {
			Operation string `json:"operation"`
			Content   string `json:"content"`
		}
		if json.Unmarshal(e.Raw, &q) == nil && q.Operation == "enqueue" && strings.TrimSpace(q.Content) != "" {
			c.Queued = append(c.Queued, queued{Line: line + e.Line, Text: q.Content})
		}
	}
	return c, nil
}

// line returns the transcript line number of m.
func (c *chunk) line(m *conv.Message) int { return c.FirstLine - 1 + m.Line }

// isPrompt reports whether m is something the user typed (not tool
// results, not the host's compaction summary).
func isPrompt(m *conv.Message) bool {
	return m.Role == conv.RoleUser && !m.CompactSummary && !m.IsToolResultOnly() && strings.TrimSpace(m.Text()) != ""
}

// turns splits the messages into turns: each starts at a prompt and runs
// until the next one (what comes before the first prompt is a turn too).
func turns(msgs []conv.Message) [][]conv.Message {
	var out [][]conv.Message
	for i := range msgs {
		if len(out) == 0 || isPrompt(&msgs[i]) {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], msgs[i])
	}
	return out
}

// lastUsageOffset returns the byte offset in c of the line of the last
// main-thread assistant message that reports usage, and its line number;
// ok is false when there is none.
func (c *chunk) lastUsageOffset() (off int64, line int, ok bool) {
	msgs := c.Conv.Messages
	for i := len(msgs) - 1; i >= 0; i-- {
		m := &msgs[i]
		if m.Role == conv.RoleAssistant && !m.Sidechain && m.Usage != nil {
			return c.Start + lineOffset(c.Data, m.Line), c.FirstLine - 1 + m.Line - 1, true
		}
	}
	return 0, 0, false
}

// lineOffset returns the byte offset of 1-based line n in data.
func lineOffset(data []byte, n int) int64 {
	off := 0
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(data[off:], '\n')
		if j < 0 {
			break
		}
		off += j + 1
	}
	return int64(off)
}

// todo is one item of the agent's todo list (TodoWrite).
type todo struct {
	Content string `json:"content"`
	Status  string `json:"status"`
}

// latestTodos returns the last todo list the agent wrote, nil when none.
func latestTodos(msgs []conv.Message) []todo {
	for i := len(msgs) - 1; i >= 0; i-- {
		parts := msgs[i].Parts
		for j := len(parts) - 1; j >= 0; j-- {
			p := parts[j]
			if p.Kind != conv.PartToolCall || p.ToolName != "TodoWrite" {
				continue
			}
			var in struct {
				Todos []todo `json:"todos"`
			}
			if json.Unmarshal(p.Input, &in) == nil {
				return in.Todos
			}
		}
	}
	return nil
}

// editTools are the tools that change files; their file_path arguments
// are the files in flight.
var editTools = map[string]bool{"Edit": true, "MultiEdit": true, "Write": true, "NotebookEdit": true}

// filesInFlight returns the files the last messages edited, most recent
// last, at most n.
func filesInFlight(msgs []conv.Message, n int) []string {
	var out []string
	seen := map[string]bool{}
	for i := len(msgs) - 1; i >= 0 && len(out) < n; i-- {
		for _, p := range msgs[i].Parts {
			if p.Kind != conv.PartToolCall || !editTools[p.ToolName] {
				continue
			}
			var in struct {
				FilePath     string `json:"file_path"`
				NotebookPath string `json:"notebook_path"`
			}
			if json.Unmarshal(p.Input, &in) != nil {
				continue
			}
			f := in.FilePath
			if f == "" {
				f = in.NotebookPath
			}
			if f != "" && !seen[f] && len(out) < n {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// errNoTranscript means the event names no transcript file.
var errNoTranscript = errors.New("the event names no transcript")

// lastBranch returns the git branch the transcript's last record names
// (Claude Code writes gitBranch on its records), "" when none does.
func lastBranch(data []byte) string {
	for len(data) > 0 {
		i := bytes.LastIndexByte(bytes.TrimRight(data, "\n"), '\n')
		line := data[i+1:]
		data = data[:max(i, 0)]
		if !bytes.Contains(line, []byte(`"gitBranch"`)) {
			continue
		}
		var r struct {
			GitBranch string `json:"gitBranch"`
		}
		if json.Unmarshal(line, &r) == nil && r.GitBranch != "" {
			return r.GitBranch
		}
	}
	return ""
}
