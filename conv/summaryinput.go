package conv

import (
	"encoding/json"
	"strings"
)

// SummaryInput returns what a summary of c should read: the live messages
// other than system messages, with the prompts the user typed while the
// agent was busy (Claude Code queue-operation "enqueue" lines, which carry
// no message) inserted where they were queued as synthetic user messages.
func (c *Conversation) SummaryInput() []Message {
	queued := map[int][]Message{}
	for _, e := range c.Extra {
		if e.Type != "queue-operation" || e.Malformed {
			continue
		}
		var q struct {
			Operation string          `json:"operation"`
			Content   json.RawMessage `json:"content"`
		}
		if json.Unmarshal(e.Raw, &q) != nil || q.Operation != "enqueue" {
			continue
		}
		var text string
		if json.Unmarshal(q.Content, &text) != nil {
			// Newer versions queue content blocks.
			var blocks []struct{ Type, Text string }
			if json.Unmarshal(q.Content, &blocks) != nil {
				continue
			}
			var parts []string
			for _, b := range blocks {
				if b.Type == "text" {
					parts = append(parts, b.Text)
				}
			}
			text = strings.Join(parts, "\n")
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		m := NewText(RoleUser, text)
		m.Line = e.Line
		queued[e.After] = append(queued[e.After], m)
	}
	var out []Message
	out = append(out, queued[-1]...)
	for _, m := range c.Messages {
		if m.Role != RoleSystem && m.Live() {
			out = append(out, m)
		}
		out = append(out, queued[m.Seq]...)
	}
	return out
}

// rejectedMark opens the tool result Claude Code writes when the user
// rejects a tool call.
const rejectedMark = "The user doesn't want to proceed with this tool use."

// Rejected reports a tool result that says the user rejected the call
// (with or without a note), rather than that the tool failed.
func Rejected(p Part) bool {
	return p.Kind == PartToolResult && p.IsError && strings.Contains(p.Text, rejectedMark)
}

// rejectionMark is how Claude Code introduces the note a user attaches
// when rejecting a tool call, inside the tool result.
const rejectionMark = "the user said:"

// RejectionNote returns the note the user attached to a rejected tool call
// (Claude Code writes it into the error tool result after "To tell you how
// to proceed, the user said:"), or false.
func RejectionNote(p Part) (string, bool) {
	if p.Kind != PartToolResult || !p.IsError {
		return "", false
	}
	i := strings.Index(p.Text, rejectionMark)
	if i < 0 {
		return "", false
	}
	note := strings.TrimSpace(p.Text[i+len(rejectionMark):])
	return note, note != ""
}
