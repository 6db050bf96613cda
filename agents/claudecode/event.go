package claudecode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// The events archon handles.
const (
	SessionStart     = "SessionStart"
	UserPromptSubmit = "UserPromptSubmit"
	PreCompact       = "PreCompact"
	PostCompact      = "PostCompact"
	Stop             = "Stop"
	SubagentStop     = "SubagentStop"
	SessionEnd       = "SessionEnd"
)

// Event is one Claude Code hook event: the fields archon reads (see the
// package documentation). Unknown fields are ignored, as Claude Code adds
// fields between versions.
type Event struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	HookEventName  string `json:"hook_event_name"`
	AgentID        string `json:"agent_id,omitempty"`
	AgentType      string `json:"agent_type,omitempty"`
	// Source is SessionStart's start kind, or who authored a prompt.
	Source string `json:"source,omitempty"`
	Model  string `json:"model,omitempty"`
	Prompt string `json:"prompt,omitempty"`
	// Trigger is manual or auto (PreCompact, PostCompact).
	Trigger            string  `json:"trigger,omitempty"`
	CustomInstructions *string `json:"custom_instructions,omitempty"`
	CompactSummary     string  `json:"compact_summary,omitempty"`
	// LastAssistantMessage is Stop's and SubagentStop's last answer.
	LastAssistantMessage string `json:"last_assistant_message,omitempty"`
	StopHookActive       bool   `json:"stop_hook_active,omitempty"`
	AgentTranscriptPath  string `json:"agent_transcript_path,omitempty"`
	// Reason is why the session ended (SessionEnd).
	Reason string `json:"reason,omitempty"`
}

// MaxEventBytes bounds the event read from stdin.
const MaxEventBytes = 16 << 20

// sessionRe is what a session id may look like (it names a state file).
var sessionRe = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)

// ReadEvent reads and checks one event.
func ReadEvent(r io.Reader) (Event, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxEventBytes+1))
	if err != nil {
		return Event{}, fmt.Errorf("read the event: %w", err)
	}
	if len(data) > MaxEventBytes {
		return Event{}, fmt.Errorf("the event is larger than %d bytes", MaxEventBytes)
	}
	var ev Event
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&ev); err != nil {
		return Event{}, fmt.Errorf("the event is not a JSON object: %w", err)
	}
	switch {
	case ev.HookEventName == "":
		return ev, errors.New("the event has no hook_event_name")
	case !sessionRe.MatchString(ev.SessionID):
		return ev, fmt.Errorf("the event's session_id %q is missing or not an id", ev.SessionID)
	}
	return ev, nil
}

// Output is what a hook prints: JSON for the events that add context,
// plain text for PreCompact's custom instructions, or nothing.
type Output struct {
	// Context is added to the model's context (SessionStart,
	// UserPromptSubmit).
	Context string
	// Instructions become the compaction's custom instructions
	// (PreCompact).
	Instructions string
}

// Write writes o for event as Claude Code reads it.
func (o Output) Write(w io.Writer, event string) error {
	switch {
	case strings.TrimSpace(o.Context) != "": // a fresh workspace's payload is blank
		b, err := json.Marshal(map[string]any{"hookSpecificOutput": map[string]string{
			"hookEventName": event, "additionalContext": o.Context}})
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	case o.Instructions != "":
		_, err := io.WriteString(w, o.Instructions+"\n")
		return err
	}
	return nil
}
