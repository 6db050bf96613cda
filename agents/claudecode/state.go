package claudecode

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/archon-memory/archon/internal/jsonfile"
	"github.com/archon-memory/archon/memory"
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
	// Seen are the keys of the latest deliveries logged (see deliveryKey),
	// the oldest first.
	Seen []string `json:"seen,omitempty"`
}

// seenKeep is how many delivery keys a session's state keeps.
const seenKeep = 16

// lockSession takes the exclusive lock of a session's state, waiting while
// ctx allows: events of one session are handled one at a time, so that a
// second delivery of an event (the hooks installed twice, in the user's and
// the project's settings) sees what the first did. Call the returned
// function to release it.
func lockSession(ctx context.Context, dir, session string) (func(), error) {
	unlock, err := memory.LockPath(ctx, statePath(dir, session)+".lock")
	if err != nil {
		return nil, fmt.Errorf("hook state: %w", err)
	}
	return unlock, nil
}

// deliveryKey identifies one delivery of an event that logs text: the
// event, the text and how long the transcript was. Delivered again (the
// hooks installed twice), the event has the same key; the same prompt sent
// again later does not, since the transcript has grown in between.
func deliveryKey(ev Event, text string) string {
	var size int64
	if fi, err := os.Stat(ev.TranscriptPath); err == nil {
		size = fi.Size()
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%s", ev.HookEventName, ev.AgentID, size, text)
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// delivered reports whether this delivery of ev with text was handled
// before (its key is among the session's last seen); the caller holds the
// session's lock, and records the delivery once its work is done, so that
// one that failed half way is not taken for handled.
func (h *Handler) delivered(ev Event, text string) bool {
	st := loadState(h.StateDir, ev.SessionID, ev.TranscriptPath)
	if slices.Contains(st.Seen, deliveryKey(ev, text)) {
		h.logger().Info("event delivered again: handled once", "event", ev.HookEventName, "session", ev.SessionID)
		return true
	}
	return false
}

// recordDelivery records this delivery of ev with text as handled.
func (h *Handler) recordDelivery(ev Event, text string) error {
	st := loadState(h.StateDir, ev.SessionID, ev.TranscriptPath)
	st.Seen = append(st.Seen, deliveryKey(ev, text))
	st.Seen = st.Seen[max(0, len(st.Seen)-seenKeep):]
	return saveState(h.StateDir, ev.SessionID, st)
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
