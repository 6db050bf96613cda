package conv

import (
	"encoding/json"
	"fmt"
	"io"
)

// HookInput is the JSON Claude Code passes on stdin to hooks (DESIGN.md §4):
// the transcript to read is at TranscriptPath.
type HookInput struct {
	SessionID          string `json:"session_id"`
	TranscriptPath     string `json:"transcript_path"`
	Cwd                string `json:"cwd"`
	HookEventName      string `json:"hook_event_name"`
	Source             string `json:"source,omitempty"`              // SessionStart
	Trigger            string `json:"trigger,omitempty"`             // PreCompact
	CustomInstructions string `json:"custom_instructions,omitempty"` // PreCompact
	Prompt             string `json:"prompt,omitempty"`              // UserPromptSubmit
}

// ReadHookInput reads a hook's stdin.
func ReadHookInput(r io.Reader) (*HookInput, error) {
	var h HookInput
	if err := json.NewDecoder(io.LimitReader(r, 1<<20)).Decode(&h); err != nil {
		return nil, fmt.Errorf("read hook input: %w", err)
	}
	if h.TranscriptPath == "" {
		return nil, fmt.Errorf("read hook input: no transcript_path (event %q)", h.HookEventName)
	}
	return &h, nil
}
