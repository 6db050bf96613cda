package conv

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ccLine is the part of a Claude Code transcript line archon reads.
type ccLine struct {
	Type             string          `json:"type"`
	Subtype          string          `json:"subtype"`
	UUID             string          `json:"uuid"`
	RequestID        string          `json:"requestId"`
	IsSidechain      bool            `json:"isSidechain"`
	IsCompactSummary bool            `json:"isCompactSummary"`
	IsMeta           bool            `json:"isMeta"`
	Message          json.RawMessage `json:"message"`
}

// maxLine bounds one transcript line (64 MiB).
const maxLine = 64 << 20

func parseClaudeCode(data []byte) (*Conversation, error) {
	c := &Conversation{}
	lineNo := 0
	for rest := data; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		lineNo++
		if len(line) > maxLine {
			// A pasted image or a huge tool output: that line is lost,
			// not the transcript.
			c.Warnings = append(c.Warnings, Warning{Line: lineNo, Message: fmt.Sprintf("line of %d bytes (over %d) skipped", len(line), maxLine)})
			c.Extra = append(c.Extra, ExtraLine{After: lastSeq(c), Line: lineNo, Malformed: true})
			continue
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		raw := append(json.RawMessage(nil), line...)
		var l ccLine
		if err := json.Unmarshal(raw, &l); err != nil {
			c.Warnings = append(c.Warnings, Warning{Line: lineNo, Message: fmt.Sprintf("malformed JSON line skipped: %v", err)})
			c.Extra = append(c.Extra, ExtraLine{After: lastSeq(c), Line: lineNo, Raw: raw, Malformed: true})
			continue
		}
		if (l.Type != "user" && l.Type != "assistant") || len(l.Message) == 0 || string(l.Message) == "null" {
			c.Extra = append(c.Extra, ExtraLine{After: lastSeq(c), Line: lineNo, Raw: raw, Type: l.Type, Subtype: l.Subtype})
			continue
		}
		var m anthropicMsg
		if err := json.Unmarshal(l.Message, &m); err != nil {
			c.Warnings = append(c.Warnings, Warning{Line: lineNo, Message: fmt.Sprintf("message is not an object, kept as is: %v", err)})
			c.Extra = append(c.Extra, ExtraLine{After: lastSeq(c), Line: lineNo, Raw: raw, Type: l.Type})
			continue
		}
		parts, err := anthropicContent(m.Content)
		if err != nil {
			c.Warnings = append(c.Warnings, Warning{Line: lineNo, Message: fmt.Sprintf("content kept as is: %v", err)})
			parts = []Part{{Kind: PartOther, Raw: m.Content}}
		}
		role := m.Role
		if role == "" {
			role = l.Type
		}
		msg := Message{
			Role: knownRole(role, &c.Warnings, lineNo), RawRole: role, Parts: parts, Line: lineNo,
			Seq: len(c.Messages), ID: m.ID, RequestID: l.RequestID, UUID: l.UUID, Usage: m.Usage,
			Sidechain: l.IsSidechain, CompactSummary: l.IsCompactSummary, Category: m.Category, Raw: raw,
			Meta: l.IsMeta,
		}
		if msg.Role == RoleAssistant && m.Model != "" && !l.IsSidechain && m.Model != "<synthetic>" {
			c.Model = m.Model
		}
		c.Messages = append(c.Messages, msg)
	}
	// Lines before the last compact boundary are no longer in the context.
	for i := len(c.Extra) - 1; i >= 0; i-- {
		if e := c.Extra[i]; e.Type == "system" && e.Subtype == "compact_boundary" {
			for k := range c.Messages {
				if c.Messages[k].Seq <= e.After {
					c.Messages[k].Compacted = true
				}
			}
			break
		}
	}
	if len(c.Messages) == 0 && len(c.Extra) > 0 && len(c.Warnings) == len(c.Extra) {
		return nil, fmt.Errorf("no line of %d is valid JSON (first: %s)", len(c.Extra), c.Warnings[0])
	}
	return c, nil
}

func lastSeq(c *Conversation) int {
	if len(c.Messages) == 0 {
		return -1
	}
	return c.Messages[len(c.Messages)-1].Seq
}

// claudeCodeLine renders m as a transcript line.
func claudeCodeLine(m *Message) json.RawMessage {
	if m.Raw != nil && !m.Modified {
		return m.Raw
	}
	if m.Raw != nil {
		var l ccLine
		_ = json.Unmarshal(m.Raw, &l)
		msg := patchObject(l.Message, map[string]json.RawMessage{
			"content": anthropicBlocks(m.Parts, contentWasString(l.Message)),
		})
		return patchObject(m.Raw, map[string]json.RawMessage{"message": msg})
	}
	role := "user"
	if m.Role == RoleAssistant {
		role = "assistant"
	}
	line := map[string]json.RawMessage{
		"type":        mustJSON(role),
		"isSidechain": json.RawMessage("false"),
		"message": orderedObject(map[string]json.RawMessage{"role": mustJSON(role), "content": anthropicBlocks(m.Parts, true)},
			[]string{"role", "content"}),
		"archon": json.RawMessage("true"),
	}
	if m.CompactSummary {
		line["isCompactSummary"] = json.RawMessage("true")
	}
	return orderedObject(line, []string{"type", "isSidechain", "isCompactSummary", "message", "archon"})
}
