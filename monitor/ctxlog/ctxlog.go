// Package ctxlog is archon's context log: one JSON object per line in
// .archon/context-log.jsonl for every check, trigger, compaction, protocol
// run and gate decision, with tokens before and after and tokens saved.
// Chart draws the recent history for a terminal.
//
//	l := ctxlog.Open(ws.StateDir())
//	_ = l.Append(ctx, ctxlog.Event{Kind: ctxlog.KindCheck, Tokens: 91000, Percent: 57})
//	events, warnings, _ := l.Recent(50)
//	fmt.Print(ctxlog.Chart(events, ctxlog.ChartOptions{Thresholds: []float64{40, 65, 75}}))
package ctxlog

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// FileName is the log's name under the state directory.
const FileName = "context-log.jsonl"

// Event kinds.
const (
	KindCheck      = "check"      // a measurement
	KindTrigger    = "trigger"    // a level that asks for action was reached
	KindCompaction = "compaction" // a compaction pipeline ran
	KindProtocol   = "protocol"   // the auto-summarize protocol ran
	KindGate       = "gate"       // a gate decision
)

// Event is one line of the log.
type Event struct {
	Time         time.Time `json:"ts"`
	Kind         string    `json:"event"`
	Model        string    `json:"model,omitempty"`
	Profile      string    `json:"profile,omitempty"`
	Level        string    `json:"level,omitempty"`
	Action       string    `json:"action,omitempty"`
	Tokens       int       `json:"tokens"`
	Limit        int       `json:"limit,omitempty"`
	Percent      float64   `json:"percent"`
	TokensBefore int       `json:"tokens_before,omitempty"`
	TokensAfter  int       `json:"tokens_after,omitempty"`
	Saved        int       `json:"tokens_saved,omitempty"`
	Messages     int       `json:"messages,omitempty"`
	Cut          int       `json:"messages_cut,omitempty"`
	Decision     string    `json:"decision,omitempty"`
	Steps        []string  `json:"steps,omitempty"`
	Session      string    `json:"session,omitempty"`
	Agent        string    `json:"agent,omitempty"`
	Archive      string    `json:"archive,omitempty"` // daily log path:lines
	Note         string    `json:"note,omitempty"`
}

// Log appends to and reads the context log of one state directory.
type Log struct {
	path string
}

// Open returns the log under stateDir (the file is created on first
// Append).
func Open(stateDir string) *Log { return &Log{path: filepath.Join(stateDir, FileName)} }

// Path returns the log file's path.
func (l *Log) Path() string { return l.path }

// Append writes e as one line with a single O_APPEND write, so concurrent
// writers never interleave within a line. A zero Time is set to now.
func (l *Log) Append(ctx context.Context, e Event) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("context log: %w", err)
	}
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	e.Time = e.Time.UTC()
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("context log: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(l.path), 0o755); err != nil {
		return fmt.Errorf("context log: %w", err)
	}
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("context log: %w", err)
	}
	_, werr := f.Write(append(b, '\n'))
	cerr := f.Close()
	if werr != nil {
		return fmt.Errorf("context log: %w", werr)
	}
	if cerr != nil {
		return fmt.Errorf("context log: %w", cerr)
	}
	return nil
}

// Warning reports a line of the log that could not be read.
type Warning struct {
	Line    int
	Message string
}

// Recent returns the last n events (all when n <= 0) in file order, with a
// warning for each malformed line it skipped. A missing log is empty.
func (l *Log) Recent(n int) ([]Event, []Warning, error) {
	f, err := os.Open(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("context log: %w", err)
	}
	defer f.Close()
	return read(f, n)
}

func read(r io.Reader, n int) ([]Event, []Warning, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	var events []Event
	var warns []Warning
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var e Event
		if err := json.Unmarshal(b, &e); err != nil {
			warns = append(warns, Warning{Line: line, Message: err.Error()})
			continue
		}
		events = append(events, e)
		if n > 0 && len(events) > 2*n {
			events = append(events[:0], events[len(events)-n:]...)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, warns, fmt.Errorf("context log line %d: %w", line+1, err)
	}
	if n > 0 && len(events) > n {
		events = events[len(events)-n:]
	}
	return events, warns, nil
}
