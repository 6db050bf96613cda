package memory

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// ErrNotEntry is returned when asked to forget something that is not an
// entry of a daily log (MEMORY.md and the other curated files are edited
// by hand).
var ErrNotEntry = errors.New("not an entry of a daily log")

// Forgotten records one removed entry: where it was and a digest of its
// text, never the text itself.
type Forgotten struct {
	Time string `json:"time"`
	// At is the entry's own time of day (its heading's HH:MM).
	At        string `json:"at,omitempty"`
	Path      string `json:"path"`
	LineStart int    `json:"line_start"`
	LineEnd   int    `json:"line_end"`
	Date      string `json:"date"`
	Agent     string `json:"agent,omitempty"`
	Bytes     int    `json:"bytes"`
	// SHA256 is the entry's TextHash: what it was, without keeping it.
	SHA256 string `json:"sha256"`
}

// TextHash is the hash that names an entry's text without keeping it:
// the SHA-256 of the text without the spaces, tabs and line ends around
// it, in hex. Only those four (not every Unicode space): the shared store
// hashes its copies in SQL alike, and a text ending in a no-break space
// must be named the same there.
func TextHash(text string) string {
	sum := sha256.Sum256([]byte(strings.Trim(text, " \t\r\n")))
	return hex.EncodeToString(sum[:])
}

// ForgetLog is the audit file of forgotten entries, under StateDir.
const ForgetLog = "forgotten.jsonl"

// Forget removes the entries of the daily log rel whose heading is at one
// of the lines starts, rewriting the file atomically under the log's lock
// (appenders wait, then write to the new file), and appends one audit line
// per entry to .archon/forgotten.jsonl. With dryRun it only reports what
// would go. Lines naming no entry heading are an error; nothing is
// removed then.
func (w *Workspace) Forget(ctx context.Context, rel string, starts []int, dryRun bool) ([]Forgotten, error) {
	if !strings.HasPrefix(rel, LogDirName+"/") || !strings.HasSuffix(rel, ".md") {
		return nil, fmt.Errorf("forget %s: %w", rel, ErrNotEntry)
	}
	abs, err := w.Path(rel)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(abs, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("forget: %w", err)
	}
	defer f.Close()
	if err := lockFile(ctx, f); err != nil {
		return nil, fmt.Errorf("forget: %w", err)
	}
	defer unix.Flock(int(f.Fd()), unix.LOCK_UN)
	if !dryRun {
		// A torn write at the end is cut first: it must not survive the
		// rewrite as an entry.
		if _, err := w.RepairLocked(f, rel); err != nil {
			return nil, fmt.Errorf("forget: %w", err)
		}
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("forget: %w", err)
	}
	log := ParseLog(rel, data)
	lines := SplitLines(data)
	drop := make([]bool, len(lines)+2)
	want := map[int]bool{}
	for _, s := range starts {
		want[s] = true
	}
	var out []Forgotten
	now := w.Now().UTC().Format(time.RFC3339)
	for i, e := range log.Entries {
		if !want[e.LineStart] {
			continue
		}
		delete(want, e.LineStart)
		end := len(lines)
		if i+1 < len(log.Entries) {
			end = log.Entries[i+1].LineStart - 1
		}
		for l := e.LineStart; l <= end; l++ {
			drop[l] = true
		}
		out = append(out, Forgotten{Time: now, At: e.Time, Path: rel, LineStart: e.LineStart, LineEnd: e.LineEnd, Date: e.Date,
			Agent: e.Agent, Bytes: len(e.Text), SHA256: TextHash(e.Text)})
	}
	for s := range want {
		return nil, fmt.Errorf("forget %s: no entry starts at line %d (ids and lines come from search results)", rel, s)
	}
	if dryRun || len(out) == 0 {
		return out, nil
	}
	// The other lines stay byte for byte: their line endings (CRLF), a
	// byte-order mark, bytes that are no UTF-8.
	var b bytes.Buffer
	for i, raw := range bytes.SplitAfter(data, []byte{'\n'}) {
		if !drop[i+1] {
			b.Write(raw)
		}
	}
	if onlyTitle(b.Bytes()) {
		// Its last entry forgotten, the day has no log: the file goes, as
		// a day nothing was logged on has none.
		if err := os.Remove(abs); err != nil {
			return nil, fmt.Errorf("forget: %w", err)
		}
	} else if err := WriteFileAtomic(abs, b.Bytes(), 0o644); err != nil {
		return nil, fmt.Errorf("forget: %w", err)
	}
	if err := w.audit(out); err != nil {
		return out, fmt.Errorf("forget: removed, but the audit line failed: %w", err)
	}
	return out, nil
}

// RecordForgotten appends records of what was forgotten elsewhere (an L3
// record) to the forget log, as Forget does for log entries.
func (w *Workspace) RecordForgotten(recs []Forgotten) error { return w.audit(recs) }

// audit appends the records to the forget log.
func (w *Workspace) audit(recs []Forgotten) error {
	if err := os.MkdirAll(w.StateDir(), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(w.StateDir(), ForgetLog), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	var b strings.Builder
	for _, r := range recs {
		j, _ := json.Marshal(r)
		b.Write(j)
		b.WriteByte('\n')
	}
	if _, err := f.WriteString(b.String()); err != nil {
		return err
	}
	return f.Sync()
}

// onlyTitle reports whether a daily log holds nothing but its title
// ("# 2026-12-07") and blank lines.
func onlyTitle(data []byte) bool {
	titles := 0
	for _, l := range SplitLines(data) {
		switch t := strings.TrimSpace(l); {
		case t == "":
		case strings.HasPrefix(t, "# ") && titles == 0:
			titles++
		default:
			return false
		}
	}
	return true
}
