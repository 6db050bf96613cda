package conv

import (
	"fmt"
	"strings"
)

// otherPartCap bounds what an image, document or unknown block counts as
// text: base64 payloads are not prompt text, and providers bill images at a
// roughly fixed size.
const otherPartCap = 4096

// Flatten returns the text of m that occupies the context window, for token
// counting: the role, every text, thinking and tool-result part, each tool
// call's name and arguments, and other blocks' JSON up to 4 KB each.
func Flatten(m *Message) string {
	var b strings.Builder
	b.WriteString(string(m.Role))
	b.WriteByte('\n')
	for _, p := range m.Parts {
		switch p.Kind {
		case PartText, PartThinking, PartToolResult:
			b.WriteString(p.Text)
		case PartToolCall:
			b.WriteString(p.ToolName)
			b.WriteByte(' ')
			b.Write(p.Input)
		default:
			raw := p.Raw
			if len(raw) > otherPartCap {
				raw = raw[:otherPartCap]
			}
			b.Write(raw)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Transcript renders messages as readable markdown, keeping every text,
// tool call and tool result verbatim, for archiving into the daily log.
func Transcript(msgs []Message) string {
	var b strings.Builder
	for i := range msgs {
		m := &msgs[i]
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "**%s**", displayRole(m))
		for _, t := range m.Tags {
			b.WriteString(" #" + t)
		}
		if m.Line > 0 {
			fmt.Fprintf(&b, " (input line %d)", m.Line)
		}
		b.WriteString(":\n")
		for _, p := range m.Parts {
			switch p.Kind {
			case PartText:
				b.WriteString(p.Text)
			case PartThinking:
				b.WriteString("_thinking:_ ")
				b.WriteString(p.Text)
			case PartToolCall:
				fmt.Fprintf(&b, "→ tool call `%s` (%s): ", p.ToolName, p.ToolID)
				b.Write(p.Input)
			case PartToolResult:
				status := "result"
				if p.IsError {
					status = "error"
				}
				fmt.Fprintf(&b, "← tool %s `%s` (%s):\n", status, p.ToolName, p.ToolID)
				b.WriteString(p.Text)
			default:
				raw := p.Raw
				if len(raw) > otherPartCap {
					fmt.Fprintf(&b, "[non-text block, %d bytes]", len(raw))
				} else {
					b.Write(raw)
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func displayRole(m *Message) string {
	if m.RawRole != "" {
		return m.RawRole
	}
	return string(m.Role)
}
