package conv

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Format names an input format.
type Format string

const (
	// FormatOpenAI is OpenAI chat-completions messages.
	FormatOpenAI Format = "openai"
	// FormatAnthropic is Anthropic Messages API messages.
	FormatAnthropic Format = "anthropic"
	// FormatClaudeCode is a Claude Code transcript (JSONL).
	FormatClaudeCode Format = "claude-code"
)

// ParseFormat accepts a format name as users type it ("openai", "anthropic",
// "claude-code", "claudecode", "cc", "jsonl"); "" and "auto" return "".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return "", nil
	case "openai", "chat", "oai":
		return FormatOpenAI, nil
	case "anthropic", "claude", "messages":
		return FormatAnthropic, nil
	case "claude-code", "claudecode", "cc", "jsonl", "transcript":
		return FormatClaudeCode, nil
	}
	return "", fmt.Errorf("unknown format %q (want openai, anthropic or claude-code)", s)
}

// Role is who wrote a message.
type Role string

const (
	RoleSystem    Role = "system"    // system or developer instructions
	RoleUser      Role = "user"      // the user (and, in Anthropic formats, tool results)
	RoleAssistant Role = "assistant" // the model
	RoleTool      Role = "tool"      // an OpenAI tool result message
	RoleOther     Role = "other"     // a role archon does not know; kept verbatim
)

// PartKind is the kind of one piece of message content.
type PartKind string

const (
	PartText       PartKind = "text"        // plain text
	PartToolCall   PartKind = "tool_call"   // a tool invocation (tool_use, tool_calls[i])
	PartToolResult PartKind = "tool_result" // the output of a tool
	PartThinking   PartKind = "thinking"    // model reasoning blocks
	PartOther      PartKind = "other"       // images, documents, unknown blocks
)

// Part is one piece of a message's content.
type Part struct {
	Kind PartKind
	// Text is the text of a text, thinking or tool-result part (a tool
	// result's blocks are joined with newlines).
	Text string
	// ToolID links a tool call to its result (tool_use.id, tool_calls[].id,
	// tool_result.tool_use_id, tool_call_id).
	ToolID string
	// ToolName is the tool's name; for results it is filled from the call.
	ToolName string
	// Input is a tool call's arguments as JSON.
	Input json.RawMessage
	// IsError marks a tool result that reported failure.
	IsError bool
	// Raw is the part's original JSON, nil for parts archon made or changed.
	Raw json.RawMessage
}

// Usage is token usage reported by the API for one response.
type Usage struct {
	InputTokens              int `json:"input_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
	OutputTokens             int `json:"output_tokens"`
}

// ContextTokens is the prompt size the usage implies: input plus cache
// creation plus cache read.
func (u Usage) ContextTokens() int {
	return u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens
}

// Message is one message of a conversation.
type Message struct {
	Role Role
	// RawRole is the role as written ("developer", "function", ...).
	RawRole string
	Parts   []Part
	// Name is the optional participant name (OpenAI "name").
	Name string
	// Line is the 1-based input line (JSONL) or message index + 1 (JSON).
	Line int
	// Seq is the message's index in the parsed input; -1 for synthetic
	// messages. Extra transcript lines are anchored to it.
	Seq int
	// ID is the API message id (Claude Code message.id), RequestID its
	// request; UUID the transcript line's uuid.
	ID, RequestID, UUID string
	// Usage is the API usage on a Claude Code assistant line, if any.
	Usage *Usage
	// Sidechain marks Claude Code sub-agent lines: kept, never counted.
	Sidechain bool
	// Compacted marks Claude Code lines before the last compact_boundary:
	// Claude Code already replaced them by its summary, so they are not in
	// the live context. Kept, never counted.
	Compacted bool
	// CompactSummary marks a summary written by a compaction.
	CompactSummary bool
	// Meta marks Claude Code isMeta lines: text Claude Code adds in the
	// user's place (command caveats, skill bodies), not the user's words.
	Meta bool
	// Category optionally assigns the message to a budget category
	// ("system", "warmth", "plan", "input", "history"); it is read from an
	// "archon_category" field and written back with it.
	Category string
	// Synthetic marks messages archon created (summaries, markers).
	Synthetic bool
	// Tags are the labels the message's author gave it: a daily-log
	// entry's tags when entries are summarized. No chat format has them.
	Tags []string
	// Raw is the original JSON of the message object (OpenAI, Anthropic)
	// or of the whole transcript line (Claude Code). Nil when synthetic.
	Raw json.RawMessage
	// Modified is set when Parts were changed; Write then patches Raw.
	Modified bool
}

// Live reports whether the message is part of the live context (not a
// sidechain line, not before a compact boundary).
func (m *Message) Live() bool { return !m.Sidechain && !m.Compacted }

// Text returns the message's text parts joined with newlines.
func (m *Message) Text() string {
	var b strings.Builder
	for _, p := range m.Parts {
		if p.Kind == PartText {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// HasToolCalls reports whether the message invokes tools.
func (m *Message) HasToolCalls() bool { return m.count(PartToolCall) > 0 }

// HasToolResults reports whether the message carries tool results.
func (m *Message) HasToolResults() bool { return m.count(PartToolResult) > 0 }

// MachineText reports text that a client inserts in the user's place: it
// opens with a markup tag ("<command-name>", "<system-reminder>",
// "<task-notification>"), is a bracketed notice ("[Request interrupted by
// user]"; not "[WIP] fix the build"), or is blank.
func MachineText(s string) bool {
	t := strings.TrimSpace(s)
	return t == "" || t[0] == '<' || t[0] == '[' && strings.HasSuffix(t, "]") && !strings.Contains(t, "\n")
}

// slashCommand matches the markup Claude Code writes for a slash command
// the user typed.
var slashCommand = regexp.MustCompile(`(?s)<command-name>([^<]*)</command-name>.*?(?:<command-args>(.*?)</command-args>|$)`)

// PromptText returns the user's own words in m, its text parts that are
// no MachineText, joined by blank lines; "" when m is no prompt: not the
// user's, a meta or compaction-summary message, or one carrying tool
// results (a harness note beside them, such as "Tool loaded.", is no
// prompt).
func (m *Message) PromptText() string {
	if m.Role != RoleUser || m.Meta || m.CompactSummary || m.HasToolResults() {
		return ""
	}
	var parts []string
	for _, p := range m.Parts {
		var sc []string // the expression runs only on a text naming a command
		if p.Kind == PartText && strings.Contains(p.Text, "<command-name>") {
			sc = slashCommand.FindStringSubmatch(p.Text)
		}
		switch {
		case p.Kind != PartText:
		case sc != nil: // "/review the login fix" says what to do; "/compact" alone drives the client
			if args := strings.TrimSpace(sc[2]); args != "" {
				parts = append(parts, strings.TrimSpace(sc[1])+" "+args)
			}
		case !MachineText(p.Text):
			parts = append(parts, strings.TrimSpace(p.Text))
		}
	}
	return strings.Join(parts, "\n\n")
}

// IsToolResultOnly reports whether every part is a tool result (an OpenAI
// tool message, or an Anthropic user message that only answers tool calls).
func (m *Message) IsToolResultOnly() bool {
	n := m.count(PartToolResult)
	return n > 0 && n == len(m.Parts)
}

func (m *Message) count(k PartKind) int {
	n := 0
	for _, p := range m.Parts {
		if p.Kind == k {
			n++
		}
	}
	return n
}

// Warning reports something odd in the input that parsing went past.
type Warning struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// String formats the warning as "line N: message".
func (w Warning) String() string { return fmt.Sprintf("line %d: %s", w.Line, w.Message) }

// Conversation is a parsed conversation.
type Conversation struct {
	Format   Format
	Messages []Message
	// Envelope holds the other top-level fields of a request object
	// (model, tools, max_tokens, ...), nil when the input was a bare array.
	Envelope map[string]json.RawMessage
	// EnvelopeOrder lists the envelope keys in input order.
	EnvelopeOrder []string
	// Model is the model named by the input (request "model", or the last
	// Claude Code assistant message's model), if any.
	Model string
	// Extra are Claude Code lines that carry no message (summary, system,
	// snapshots), kept to be written back in place.
	Extra []ExtraLine
	// Warnings are problems parsing went past.
	Warnings []Warning
}

// ExtraLine is a transcript line that is not a message. It is written back
// after the message whose Seq is After (-1: before the first message); when
// that message was cut, the line goes with it.
type ExtraLine struct {
	After int
	Line  int
	Raw   json.RawMessage
	// Type and Subtype are the line's "type" and "subtype" fields.
	Type, Subtype string
	// Malformed marks a line that was not valid JSON; Raw holds its bytes
	// as a JSON string so it can be written back as it was.
	Malformed bool
}

// Clone returns a deep enough copy of c for compaction to edit: the message
// and part slices are copied; raw JSON is shared (it is never mutated).
func (c *Conversation) Clone() *Conversation {
	out := *c
	out.Messages = make([]Message, len(c.Messages))
	for i, m := range c.Messages {
		m.Parts = append([]Part(nil), m.Parts...)
		out.Messages[i] = m
	}
	out.Extra = append([]ExtraLine(nil), c.Extra...)
	out.Warnings = append([]Warning(nil), c.Warnings...)
	return &out
}

// ReportedUsage returns the usage of the last main-thread assistant message
// that carries one and its index, or nil and -1 (see DESIGN.md §4).
func (c *Conversation) ReportedUsage() (*Usage, int) {
	for i := len(c.Messages) - 1; i >= 0; i-- {
		m := &c.Messages[i]
		// A usage with no prompt tokens measured nothing: Claude Code
		// writes one, all zeros, on the records it makes itself (model
		// "<synthetic>": "No response requested.").
		if m.Role == RoleAssistant && m.Live() && m.Usage != nil && m.Usage.ContextTokens() > 0 {
			return m.Usage, i
		}
	}
	return nil, -1
}

// ToolNames maps each tool call id in the conversation to its tool name.
func (c *Conversation) ToolNames() map[string]string {
	names := map[string]string{}
	for _, m := range c.Messages {
		for _, p := range m.Parts {
			if p.Kind == PartToolCall && p.ToolID != "" {
				names[p.ToolID] = p.ToolName
			}
		}
	}
	return names
}

// NewText returns a synthetic message with one text part.
func NewText(role Role, text string) Message {
	return Message{Role: role, RawRole: string(role), Parts: []Part{{Kind: PartText, Text: text}}, Synthetic: true, Seq: -1}
}
