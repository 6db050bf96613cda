package conv

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// anthropicMsg is the part of an Anthropic message archon reads.
type anthropicMsg struct {
	Role     string          `json:"role"`
	Content  json.RawMessage `json:"content"`
	Category string          `json:"archon_category"`
	ID       string          `json:"id"`
	Model    string          `json:"model"`
	Usage    *Usage          `json:"usage"`
}

type anthropicBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

func parseAnthropic(data []byte) (*Conversation, error) {
	msgs, env, order, err := splitRequest(data)
	if err != nil {
		return nil, err
	}
	c := &Conversation{Envelope: env, EnvelopeOrder: order}
	if raw, ok := env["model"]; ok {
		_ = json.Unmarshal(raw, &c.Model)
	}
	if raw, ok := env["system"]; ok {
		// The top-level system prompt becomes the first message; Write puts
		// it back where it came from.
		parts, err := anthropicContent(raw)
		if err != nil {
			return nil, fmt.Errorf(`"system": %w`, err)
		}
		c.Messages = append(c.Messages, Message{Role: RoleSystem, RawRole: "system", Parts: parts, Raw: raw, Seq: 0})
	}
	for i, raw := range msgs {
		var m anthropicMsg
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("message %d: %w", i+1, err)
		}
		parts, err := anthropicContent(m.Content)
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i+1, err)
		}
		role := knownRole(m.Role, &c.Warnings, i+1)
		c.Messages = append(c.Messages, Message{
			Role: role, RawRole: m.Role, Parts: parts, Line: i + 1, Seq: len(c.Messages),
			Category: m.Category, Raw: raw,
		})
	}
	return c, nil
}

// knownRole maps a written role to a Role, warning about unknown ones.
func knownRole(r string, warn *[]Warning, line int) Role {
	switch r {
	case "system", "developer":
		return RoleSystem
	case "user":
		return RoleUser
	case "assistant", "model":
		return RoleAssistant
	case "tool", "function":
		return RoleTool
	}
	*warn = append(*warn, Warning{Line: line, Message: fmt.Sprintf("unknown role %q: kept as is, counted as history", r)})
	return RoleOther
}

// anthropicContent parses a content field: a string or an array of blocks.
func anthropicContent(raw json.RawMessage) ([]Part, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return []Part{{Kind: PartText, Text: s}}, nil
	}
	var blocks []json.RawMessage
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	parts := make([]Part, 0, len(blocks))
	for _, b := range blocks {
		var blk anthropicBlock
		if err := json.Unmarshal(b, &blk); err != nil {
			return nil, fmt.Errorf("content block: %w", err)
		}
		p := Part{Raw: b}
		switch blk.Type {
		case "text":
			p.Kind, p.Text = PartText, blk.Text
		case "thinking":
			p.Kind, p.Text = PartThinking, blk.Thinking
		case "tool_use", "server_tool_use":
			p.Kind, p.ToolID, p.ToolName, p.Input = PartToolCall, blk.ID, blk.Name, blk.Input
		case "tool_result":
			p.Kind, p.ToolID, p.IsError = PartToolResult, blk.ToolUseID, blk.IsError
			p.Text = resultText(blk.Content)
		default:
			p.Kind = PartOther
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// resultText flattens a tool result's content (a string or blocks).
func resultText(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	if raw[0] == '"' {
		var s string
		_ = json.Unmarshal(raw, &s)
		return s
	}
	var blocks []anthropicBlock
	if json.Unmarshal(raw, &blocks) != nil {
		return string(raw)
	}
	var texts []string
	for _, b := range blocks {
		if b.Type == "text" {
			texts = append(texts, b.Text)
		}
	}
	return strings.Join(texts, "\n")
}

// anthropicBlocks renders parts as Anthropic content: a string when the
// message is one plain text part that was a string, else blocks.
func anthropicBlocks(parts []Part, asString bool) json.RawMessage {
	if asString && len(parts) == 1 && parts[0].Kind == PartText && parts[0].Raw == nil {
		return mustJSON(parts[0].Text)
	}
	blocks := make([]json.RawMessage, 0, len(parts))
	for _, p := range parts {
		if p.Raw != nil {
			blocks = append(blocks, p.Raw)
			continue
		}
		switch p.Kind {
		case PartText:
			blocks = append(blocks, mustJSON(map[string]any{"type": "text", "text": p.Text}))
		case PartThinking:
			blocks = append(blocks, mustJSON(map[string]any{"type": "thinking", "thinking": p.Text}))
		case PartToolCall:
			input := p.Input
			if len(input) == 0 {
				input = json.RawMessage("{}")
			}
			blocks = append(blocks, mustJSON(map[string]any{"type": "tool_use", "id": p.ToolID, "name": p.ToolName, "input": input}))
		case PartToolResult:
			b := map[string]any{"type": "tool_result", "tool_use_id": p.ToolID, "content": p.Text}
			if p.IsError {
				b["is_error"] = true
			}
			blocks = append(blocks, mustJSON(b))
		}
	}
	return mustJSON(blocks)
}

// anthropicMessage renders m as an Anthropic message object.
func anthropicMessage(m *Message) json.RawMessage {
	if m.Raw != nil && !m.Modified {
		return m.Raw
	}
	role := m.RawRole
	if role == "" || m.Raw == nil {
		role = string(m.Role)
		if m.Role == RoleTool || m.Role == RoleSystem {
			role = "user"
		}
	}
	wasString := m.Raw == nil || contentWasString(m.Raw)
	return patchObject(m.Raw, map[string]json.RawMessage{
		"role":    mustJSON(role),
		"content": anthropicBlocks(m.Parts, wasString),
	})
}

func contentWasString(raw json.RawMessage) bool {
	var m struct {
		Content json.RawMessage `json:"content"`
	}
	_ = json.Unmarshal(raw, &m)
	return len(m.Content) > 0 && m.Content[0] == '"'
}

// patchObject sets fields on a copy of the JSON object raw (or a new object
// when raw is nil), keeping the other fields and their order.
func patchObject(raw json.RawMessage, set map[string]json.RawMessage) json.RawMessage {
	keys := keyOrder(raw)
	var obj map[string]json.RawMessage
	if raw != nil {
		_ = json.Unmarshal(raw, &obj)
	}
	if obj == nil {
		obj = map[string]json.RawMessage{}
	}
	setKeys := sortedKeys(set)
	if _, ok := set["role"]; ok { // "role" reads best first
		setKeys = append([]string{"role"}, setKeys...)
	}
	for _, k := range setKeys {
		if _, ok := obj[k]; !ok && !contains(keys, k) {
			keys = append(keys, k)
		}
		obj[k] = set[k]
	}
	return orderedObject(obj, keys)
}

// mustJSON marshals v without HTML escaping.
func mustJSON(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only values archon builds reach here (strings, maps of them).
		panic(fmt.Sprintf("conv: marshal: %v", err))
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
