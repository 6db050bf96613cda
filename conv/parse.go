package conv

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// maxInput bounds what Parse reads (256 MiB): far beyond any context window.
const maxInput = 256 << 20

// Parse reads a conversation in format f, or in the format Detect guesses
// when f is "".
func Parse(r io.Reader, f Format) (*Conversation, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("read conversation: %w", err)
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("read conversation: input larger than %d MiB", maxInput>>20)
	}
	return ParseBytes(data, f)
}

// ParseBytes is Parse over a byte slice.
func ParseBytes(data []byte, f Format) (*Conversation, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("parse conversation: empty input")
	}
	if got, sure := detect(data); f == "" {
		f = got
	} else if sure && got != f {
		// Read in another format's shapes, its tool calls and results
		// would be dropped or garbled: refuse instead.
		return nil, fmt.Errorf("parse conversation: the input is %s, not %s (drop --format to read it as it is)", got, f)
	}
	var c *Conversation
	var err error
	switch f {
	case FormatOpenAI:
		c, err = parseOpenAI(data)
	case FormatAnthropic:
		c, err = parseAnthropic(data)
	case FormatClaudeCode:
		c, err = parseClaudeCode(data)
	default:
		return nil, fmt.Errorf("parse conversation: unknown format %q", f)
	}
	if err != nil {
		return nil, fmt.Errorf("parse %s conversation: %w", f, err)
	}
	c.Format = f
	fillToolNames(c)
	return c, nil
}

// Detect guesses the format of data: a JSON array or request object is
// OpenAI or Anthropic (by the shape of its messages, Anthropic when it has a
// top-level "system" or Anthropic content blocks), anything made of several
// JSON lines is a Claude Code transcript.
func Detect(data []byte) Format {
	f, _ := detect(data)
	return f
}

// detect is Detect, and whether the input showed its format (a field or
// block only that format has, or the lines of a transcript) rather than
// reading as OpenAI by default.
func detect(data []byte) (Format, bool) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return FormatOpenAI, false
	}
	if data[0] == '[' {
		var msgs []json.RawMessage
		if json.Unmarshal(data, &msgs) == nil {
			return guessMessages(msgs)
		}
		return FormatOpenAI, false
	}
	var obj map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	err := dec.Decode(&obj)
	if err == nil && !dec.More() {
		if raw, ok := obj["messages"]; ok {
			if _, ok := obj["system"]; ok {
				return FormatAnthropic, true
			}
			var msgs []json.RawMessage
			_ = json.Unmarshal(raw, &msgs)
			return guessMessages(msgs)
		}
		if _, ok := obj["role"]; ok {
			return guessMessages([]json.RawMessage{data})
		}
	}
	return FormatClaudeCode, err == nil && dec.More()
}

func guessMessages(msgs []json.RawMessage) (Format, bool) {
	for _, raw := range msgs {
		var m struct {
			Role       string            `json:"role"`
			ToolCalls  json.RawMessage   `json:"tool_calls"`
			ToolCallID string            `json:"tool_call_id"`
			Content    []json.RawMessage `json:"content"`
		}
		if json.Unmarshal(raw, &m) != nil {
			// content may be a string; look at the other fields only.
			var m2 struct {
				Role       string          `json:"role"`
				ToolCalls  json.RawMessage `json:"tool_calls"`
				ToolCallID string          `json:"tool_call_id"`
			}
			if json.Unmarshal(raw, &m2) != nil {
				continue
			}
			m.Role, m.ToolCalls, m.ToolCallID = m2.Role, m2.ToolCalls, m2.ToolCallID
		}
		switch {
		case m.Role == "tool" || m.Role == "developer" || m.Role == "function" || len(m.ToolCalls) > 0 || m.ToolCallID != "":
			return FormatOpenAI, true
		case m.Role == "system":
			return FormatOpenAI, true // Anthropic has no system role in messages
		}
		for _, b := range m.Content {
			var blk struct {
				Type string `json:"type"`
			}
			_ = json.Unmarshal(b, &blk)
			switch blk.Type {
			case "tool_use", "tool_result", "thinking", "redacted_thinking", "document", "image":
				return FormatAnthropic, true
			case "image_url", "input_audio", "file", "refusal":
				return FormatOpenAI, true
			}
		}
	}
	return FormatOpenAI, false
}

// splitRequest accepts a bare array of messages or a request object holding
// "messages"; it returns the raw messages and the other top-level fields in
// input order. It reads the document once, streaming.
func splitRequest(data []byte) ([]json.RawMessage, map[string]json.RawMessage, []string, error) {
	data = bytes.TrimSpace(data)
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, nil, syntaxError(data, err)
	}
	switch tok {
	case json.Delim('['):
		msgs, err := readArray(dec)
		if err != nil {
			return nil, nil, nil, syntaxError(data, err)
		}
		return msgs, nil, nil, trailing(dec, data)
	case json.Delim('{'):
	default:
		return nil, nil, nil, errors.New(`want a JSON array of messages or an object with "messages"`)
	}
	env := map[string]json.RawMessage{}
	var order []string
	var msgs []json.RawMessage
	found := false
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, nil, syntaxError(data, err)
		}
		key, _ := t.(string)
		if key == "messages" {
			found = true
			if t, err := dec.Token(); err != nil || t != json.Delim('[') {
				if err != nil {
					return nil, nil, nil, syntaxError(data, err)
				}
				return nil, nil, nil, errors.New(`"messages" is not an array`)
			}
			if msgs, err = readArray(dec); err != nil {
				return nil, nil, nil, syntaxError(data, err)
			}
			order = append(order, key)
			continue
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, nil, syntaxError(data, err)
		}
		env[key] = v
		order = append(order, key)
	}
	if _, err := dec.Token(); err != nil {
		return nil, nil, nil, syntaxError(data, err)
	}
	if err := trailing(dec, data); err != nil {
		return nil, nil, nil, err
	}
	if !found {
		if _, isMsg := env["role"]; isMsg {
			return []json.RawMessage{data}, nil, nil, nil
		}
		return nil, nil, nil, errors.New(`want a JSON array of messages or an object with "messages"`)
	}
	return msgs, env, order, nil
}

// readArray reads the elements of an array whose '[' was consumed.
func readArray(dec *json.Decoder) ([]json.RawMessage, error) {
	var out []json.RawMessage
	for dec.More() {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return out, nil
}

// trailing rejects anything but white space after the document.
func trailing(dec *json.Decoder, data []byte) error {
	if _, err := dec.Token(); err != io.EOF {
		off := int(dec.InputOffset())
		line, col := position(data, off)
		return fmt.Errorf("unexpected data after the JSON document at line %d, column %d", line, col)
	}
	return nil
}

// keyOrder returns the top-level keys of a JSON object in input order.
func keyOrder(data []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, _ := t.(string)
		keys = append(keys, k)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return keys
		}
	}
	return keys
}

// syntaxError adds the line and column to a JSON syntax error.
func syntaxError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		line, col := position(data, len(data))
		return fmt.Errorf("malformed JSON: unexpected end at line %d, column %d", line, col)
	}
	if errors.As(err, &se) {
		line, col := position(data, int(se.Offset))
		return fmt.Errorf("malformed JSON at line %d, column %d: %w", line, col, err)
	}
	return fmt.Errorf("malformed JSON: %w", err)
}

func position(data []byte, off int) (line, col int) {
	off = min(off, len(data))
	line = 1 + bytes.Count(data[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// fillToolNames copies each call's tool name onto its results.
func fillToolNames(c *Conversation) {
	names := c.ToolNames()
	for i := range c.Messages {
		for j := range c.Messages[i].Parts {
			p := &c.Messages[i].Parts[j]
			if p.Kind == PartToolResult && p.ToolName == "" {
				p.ToolName = names[p.ToolID]
			}
		}
	}
}
