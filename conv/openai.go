package conv

import (
	"encoding/json"
	"fmt"
)

// openaiMsg is the part of an OpenAI chat message archon reads.
type openaiMsg struct {
	Role         string            `json:"role"`
	Content      json.RawMessage   `json:"content"`
	Name         string            `json:"name"`
	ToolCallID   string            `json:"tool_call_id"`
	ToolCalls    []json.RawMessage `json:"tool_calls"`
	FunctionCall *struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function_call"`
	Category string `json:"archon_category"`
}

func parseOpenAI(data []byte) (*Conversation, error) {
	msgs, env, order, err := splitRequest(data)
	if err != nil {
		return nil, err
	}
	c := &Conversation{Envelope: env, EnvelopeOrder: order}
	if raw, ok := env["model"]; ok {
		_ = json.Unmarshal(raw, &c.Model)
	}
	for i, raw := range msgs {
		var m openaiMsg
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("message %d: %w", i+1, err)
		}
		role := knownRole(m.Role, &c.Warnings, i+1)
		msg := Message{Role: role, RawRole: m.Role, Name: m.Name, Line: i + 1, Seq: i, Category: m.Category, Raw: raw}
		text, parts, err := openaiContent(m.Content)
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i+1, err)
		}
		switch {
		case role == RoleTool:
			name := ""
			if m.Role == "function" {
				name = m.Name
			}
			msg.Parts = []Part{{Kind: PartToolResult, ToolID: m.ToolCallID, ToolName: name, Text: text}}
		default:
			msg.Parts = parts
		}
		for _, rc := range m.ToolCalls {
			var tc struct {
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			}
			if err := json.Unmarshal(rc, &tc); err != nil {
				return nil, fmt.Errorf("message %d: tool call: %w", i+1, err)
			}
			msg.Parts = append(msg.Parts, Part{Kind: PartToolCall, ToolID: tc.ID, ToolName: tc.Function.Name,
				Input: argsJSON(tc.Function.Arguments), Raw: rc})
		}
		if fc := m.FunctionCall; fc != nil {
			msg.Parts = append(msg.Parts, Part{Kind: PartToolCall, ToolName: fc.Name, ToolID: "function:" + fc.Name, Input: argsJSON(fc.Arguments)})
		}
		c.Messages = append(c.Messages, msg)
	}
	linkLegacyFunctions(c)
	return c, nil
}

// linkLegacyFunctions gives legacy function results the id of the call
// they answer, so they are never split from it.
func linkLegacyFunctions(c *Conversation) {
	for i := range c.Messages {
		m := &c.Messages[i]
		if m.RawRole == "function" && len(m.Parts) == 1 {
			m.Parts[0].ToolID = "function:" + m.Parts[0].ToolName
		}
	}
}

// argsJSON keeps tool-call arguments as JSON when they parse, else as a
// JSON string.
func argsJSON(args string) json.RawMessage {
	if json.Valid([]byte(args)) {
		return json.RawMessage(args)
	}
	return mustJSON(args)
}

// openaiContent parses content: null, a string, or an array of parts. It
// returns the text of all text parts too.
func openaiContent(raw json.RawMessage) (string, []Part, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", nil, err
		}
		return s, []Part{{Kind: PartText, Text: s}}, nil
	}
	var blocks []json.RawMessage
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return "", nil, fmt.Errorf("content: %w", err)
	}
	var parts []Part
	text := ""
	for _, b := range blocks {
		var blk struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(b, &blk); err != nil {
			return "", nil, fmt.Errorf("content part: %w", err)
		}
		if blk.Type == "text" {
			parts = append(parts, Part{Kind: PartText, Text: blk.Text, Raw: b})
			if text != "" {
				text += "\n"
			}
			text += blk.Text
			continue
		}
		parts = append(parts, Part{Kind: PartOther, Raw: b})
	}
	return text, parts, nil
}

// openaiMessage renders m as an OpenAI chat message object.
func openaiMessage(m *Message) json.RawMessage {
	if m.Raw != nil && !m.Modified {
		return m.Raw
	}
	set := map[string]json.RawMessage{}
	role := m.RawRole
	if role == "" || role == "other" {
		role = string(m.Role)
	}
	set["role"] = mustJSON(role)
	var content []Part
	var calls []json.RawMessage
	for _, p := range m.Parts {
		switch p.Kind {
		case PartToolCall:
			if p.Raw != nil {
				calls = append(calls, p.Raw)
			} else {
				args := string(p.Input)
				if len(args) > 0 && args[0] == '"' {
					_ = json.Unmarshal(p.Input, &args)
				}
				calls = append(calls, mustJSON(map[string]any{
					"id": p.ToolID, "type": "function",
					"function": map[string]string{"name": p.ToolName, "arguments": args},
				}))
			}
		case PartToolResult:
			set["content"] = mustJSON(p.Text)
			if m.Raw == nil && p.ToolID != "" {
				set["tool_call_id"] = mustJSON(p.ToolID)
			}
		default:
			content = append(content, p)
		}
	}
	if _, ok := set["content"]; !ok {
		set["content"] = openaiParts(content, m.Raw == nil || contentWasString(m.Raw))
	}
	if len(calls) > 0 && m.Raw == nil {
		set["tool_calls"] = mustJSON(calls)
	}
	return patchObject(m.Raw, set)
}

func openaiParts(parts []Part, asString bool) json.RawMessage {
	if len(parts) == 0 {
		return json.RawMessage("null")
	}
	allText := true
	for _, p := range parts {
		allText = allText && p.Kind == PartText
	}
	if asString && allText {
		s := ""
		for i, p := range parts {
			if i > 0 {
				s += "\n"
			}
			s += p.Text
		}
		return mustJSON(s)
	}
	blocks := make([]json.RawMessage, 0, len(parts))
	for _, p := range parts {
		if p.Raw != nil {
			blocks = append(blocks, p.Raw)
		} else {
			blocks = append(blocks, mustJSON(map[string]string{"type": "text", "text": p.Text}))
		}
	}
	return mustJSON(blocks)
}
