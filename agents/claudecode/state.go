package claudecode

import (
	"fmt"
	"path/filepath"

	"github.com/archon-memory/archon/internal/jsonfile"
)

// StateDir is where, under .archon/, the hooks keep what they know of
// each session.
const StateDir = "hooks/claude-code"

// state is what the hooks remember of one session between events.
type state struct {
	// Transcript is the transcript the offsets belong to.
	Transcript string `json:"transcript"`
	// Archived is how much of the transcript (bytes, lines) is in the
	// daily log.
	Archived      int64 `json:"archived"`
	ArchivedLines int   `json:"archived_lines"`
	// Measured is where the last measure started: the line of the last
	// assistant message that reported usage.
	Measured      int64 `json:"measured"`
	MeasuredLines int   `json:"measured_lines"`
	// Acted is the level whose notice or protocol last ran.
	Acted string `json:"acted,omitempty"`
	// Note is the continuation note written at the last PreCompact.
	Note string `json:"note,omitempty"`
}

// statePath is the state file of a session (ids are checked by ReadEvent).
func statePath(dir, session string) string { return filepath.Join(dir, session+".json") }

// loadState reads a session's state; a missing or damaged file is a fresh
// start (what it held is only a position: at worst a turn is archived
// twice).
func loadState(dir, session, transcript string) state {
	var st state
	if found, err := jsonfile.Read(statePath(dir, session), &st); !found || err != nil || st.Transcript != transcript {
		return state{Transcript: transcript}
	}
	return st
}

// saveState writes a session's state atomically.
func saveState(dir, session string, st state) error {
	if err := jsonfile.Write(statePath(dir, session), st, 0o644); err != nil {
		return fmt.Errorf("hook state: %w", err)
	}
	return nil
}
