// Package archive moves daily logs that have left the L1 window from
// memory/ to memory/archive/YYYY/, where they stay indexed and searchable
// but are no longer part of the always-loaded layer.
//
// A move is one rename(2), done while holding the lock that appends take, so
// a log is always in exactly one place, even if the process is killed: an
// append either lands before the move or follows the file into the archive
// (memory.Workspace.Append writes to the archived copy of an archived day).
// If a day ever exists in both places (a log re-created by hand, or an
// append that raced the move), Run merges the newer file's entries into the
// archived one under the same lock and removes it, losing nothing.
package archive

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/archon-memory/archon/memory"
)

// Options tune a run.
type Options struct {
	// OlderThan is the age from which logs move: a log moves when its day
	// is at least OlderThan before today (default 7 days, at most MaxAge;
	// a part of a day counts as a whole day).
	OlderThan time.Duration
	// DryRun reports what would move without moving anything.
	DryRun bool
}

// Move is one log moved (or, in a dry run, to be moved).
type Move struct {
	Date   string `json:"date"`
	From   string `json:"from"`
	To     string `json:"to"`
	Merged bool   `json:"merged,omitempty"` // appended to an existing archived log
}

// Result reports a run.
type Result struct {
	Cutoff string `json:"cutoff"` // logs dated before this day moved
	Moved  []Move `json:"moved"`
	Kept   int    `json:"kept"` // logs still in the window
	DryRun bool   `json:"dry_run,omitempty"`
	// Failed are the logs that could not be moved (the others were):
	// Run's error says so too.
	Failed []Failure `json:"failed,omitempty"`
}

// Failure is a log Run could not move, and why.
type Failure struct {
	From  string `json:"from"`
	Error string `json:"error"`
}

// Run archives the logs of ws older than o.OlderThan.
func Run(ctx context.Context, ws *memory.Workspace, o Options) (*Result, error) {
	if o.OlderThan <= 0 {
		o.OlderThan = 7 * 24 * time.Hour
	}
	if o.OlderThan > MaxAge {
		return nil, fmt.Errorf("archive: older than %v: at most %dd (100 years)", o.OlderThan, MaxAgeDays)
	}
	now := ws.Now()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	days := int(o.OlderThan / (24 * time.Hour)) // whole days, rounded up
	if o.OlderThan%(24*time.Hour) != 0 {
		days++
	}
	cutoff := today.AddDate(0, 0, -days+1).Format(time.DateOnly)
	logs, err := ws.ListLogs(ctx)
	if err != nil {
		return nil, err
	}
	res := &Result{Cutoff: cutoff, Moved: []Move{}, DryRun: o.DryRun}
	// A day already archived, where archon puts it or filed by hand
	// elsewhere under memory/archive/, takes the log into that one file.
	archived := map[string]string{}
	for _, l := range logs {
		if l.Archived {
			if _, ok := archived[l.Date]; !ok || l.Path == ws.ArchivePath(l.Date) {
				archived[l.Date] = l.Path
			}
		}
	}
	var failed []error
	for _, l := range logs {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if l.Archived {
			continue
		}
		if l.Date >= cutoff {
			res.Kept++
			continue
		}
		to := ws.ArchivePath(l.Date)
		if p, ok := archived[l.Date]; ok {
			to = p
		}
		m := Move{Date: l.Date, From: l.Path, To: to}
		if !o.DryRun {
			merged, gone, err := move(ctx, ws, m.From, m.To)
			if err != nil && ctx.Err() == nil {
				// One log that cannot move (a file where its folder
				// should be) does not hold back the others.
				failed = append(failed, err)
				res.Failed = append(res.Failed, Failure{From: m.From, Error: err.Error()})
				continue
			}
			if err != nil {
				return res, err
			}
			if gone { // another run moved it first
				continue
			}
			m.Merged = merged
		}
		res.Moved = append(res.Moved, m)
	}
	if len(failed) > 0 {
		return res, fmt.Errorf("archive: %d logs could not be moved (%d were): %w", len(failed), len(res.Moved), errors.Join(failed...))
	}
	return res, nil
}

// move renames from to to under the append lock, or merges from into an
// existing to. gone reports a log another run moved first (it was no
// longer at from once listed, or once locked): nothing is done.
func move(ctx context.Context, ws *memory.Workspace, from, to string) (merged, gone bool, err error) {
	src, _ := ws.Path(from)
	// An archive folder linked out of the workspace is refused: the log
	// moved there would leave archon's reach.
	dst, err := ws.Inside(to)
	if err != nil {
		return false, false, fmt.Errorf("archive %s: %w", from, err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return false, false, fmt.Errorf("archive %s: %w", from, err)
	}
	f, err := os.OpenFile(src, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return false, true, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("archive %s: %w", from, err)
	}
	defer f.Close()
	if err := memory.LockFile(ctx, f); err != nil {
		return false, false, fmt.Errorf("archive %s: %w", from, err)
	}
	defer memory.UnlockFile(f)
	if fi, err := f.Stat(); err == nil {
		if at, err := os.Stat(src); err != nil || !os.SameFile(fi, at) {
			return false, true, nil // moved while this run waited for the lock
		}
	}
	// A write torn by a crash is cut (or completed) before the log moves:
	// its append record names this path, and debris must not travel.
	if _, err := ws.RepairLocked(f, from); err != nil {
		return false, false, fmt.Errorf("archive %s: %w", from, err)
	}
	if _, err := os.Stat(dst); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(src, dst); err != nil {
			return false, false, fmt.Errorf("archive %s: %w", from, err)
		}
		return false, false, syncDirs(filepath.Dir(src), filepath.Dir(dst))
	}
	return true, false, merge(ctx, ws, src, to)
}

// merge appends the entries of src (without its title line) to the log
// to under its append lock, then removes src. The append is recorded as
// Append's are, so a crash in the middle of it is cut off by the next
// append or run. A crash before the removal leaves the entries in both
// places, and src may grow meanwhile (appends go to it while it exists):
// the next run appends only the entries of src the archived log does not
// hold yet, as many times as src holds them more.
func merge(ctx context.Context, ws *memory.Workspace, src, to string) error {
	dst, _ := ws.Path(to)
	data, err := os.ReadFile(src)
	if err != nil {
		return fmt.Errorf("archive: merge %s: %w", src, err)
	}
	body := titleRe.ReplaceAll(data, nil)
	body = bytes.TrimLeft(body, "\n")
	if len(body) > 0 && body[len(body)-1] != '\n' {
		body = append(body, '\n')
	}
	g, err := os.OpenFile(dst, os.O_RDWR|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("archive: merge into %s: %w", dst, err)
	}
	defer g.Close()
	if err := memory.LockFile(ctx, g); err != nil {
		return fmt.Errorf("archive: merge into %s: %w", dst, err)
	}
	defer memory.UnlockFile(g)
	if _, err := ws.RepairLocked(g, to); err != nil {
		return fmt.Errorf("archive: merge into %s: %w", dst, err)
	}
	have, err := os.ReadFile(dst)
	if err != nil {
		return fmt.Errorf("archive: merge into %s: %w", dst, err)
	}
	body = newEntries(body, have)
	if len(body) > 0 {
		var buf bytes.Buffer
		if len(have) > 0 && have[len(have)-1] != '\n' {
			buf.WriteByte('\n')
		}
		buf.WriteByte('\n')
		buf.Write(body)
		if err := ws.AppendLocked(g, to, buf.Bytes()); err != nil {
			return fmt.Errorf("archive: merge: %w", err)
		}
	}
	if err := os.Remove(src); err != nil {
		return fmt.Errorf("archive: merge %s: %w", src, err)
	}
	return syncDirs(filepath.Dir(src))
}

// newEntries returns body (a log without its title) less the entries have
// already holds, counting repeats: an entry body holds twice and have once
// comes once. Text before body's first entry is kept.
func newEntries(body, have []byte) []byte {
	_, had := logParts(have)
	held := map[string]int{}
	for _, e := range had {
		held[strings.TrimSpace(e)]++
	}
	lead, entries := logParts(body)
	out := lead
	for _, e := range entries {
		if k := strings.TrimSpace(e); held[k] > 0 {
			held[k]--
			continue
		}
		out += e
	}
	if strings.TrimSpace(out) == "" {
		return nil
	}
	return []byte(out)
}

// logParts splits a log's text into what comes before its first entry and
// each entry's text, as the log parser bounds entries (an entry runs to the
// next entry heading).
func logParts(data []byte) (lead string, entries []string) {
	lines := strings.SplitAfter(string(data), "\n")
	es := memory.ParseLog("", data).Entries
	if len(es) == 0 {
		return string(data), nil
	}
	lead = strings.Join(lines[:es[0].LineStart-1], "")
	for i, e := range es {
		end := len(lines)
		if i+1 < len(es) {
			end = es[i+1].LineStart - 1
		}
		entries = append(entries, strings.Join(lines[e.LineStart-1:end], ""))
	}
	return lead, entries
}

var titleRe = regexp.MustCompile(`\A\s*# [0-9]{4}-[0-9]{2}-[0-9]{2}[ \t]*\r?\n`)

func syncDirs(dirs ...string) error {
	for _, d := range dirs {
		f, err := os.Open(d)
		if err != nil {
			return err
		}
		err = f.Sync()
		f.Close()
		if err != nil {
			return fmt.Errorf("fsync %s: %w", d, err)
		}
	}
	return nil
}

// MaxAgeDays bounds an age: 100 years. time.Duration holds about 292
// years; an age near that limit used to overflow when the cutoff was
// computed, putting it in the future and archiving every log, today's
// included.
const MaxAgeDays = 36500

// MaxAge is MaxAgeDays as a duration.
const MaxAge = MaxAgeDays * 24 * time.Hour

// ParseAge parses an age such as "7d", "2w", "36h" or "90m": positive and
// at most MaxAgeDays days.
func ParseAge(s string) (time.Duration, error) {
	tooOld := fmt.Errorf("age %q: at most %dd (100 years)", s, MaxAgeDays)
	if m := ageRe.FindStringSubmatch(s); m != nil {
		n, err := strconv.ParseInt(m[1], 10, 64)
		if m[2] == "w" && err == nil {
			if n > MaxAgeDays/7+1 {
				return 0, tooOld
			}
			n *= 7
		}
		switch {
		case err != nil || n > MaxAgeDays: // err: more digits than an int64 holds
			return 0, tooOld
		case n > 0:
			return time.Duration(n) * 24 * time.Hour, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil && overflows(s) {
		return 0, tooOld
	}
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("age %q: use a positive number of days (7d), weeks (2w) or a Go duration (36h)", s)
	}
	if d > MaxAge {
		return 0, tooOld
	}
	return d, nil
}

var (
	ageRe    = regexp.MustCompile(`^([0-9]+)([dw])$`)
	goDurRe  = regexp.MustCompile(`^\+?([0-9]+(?:\.[0-9]*)?|\.[0-9]+)(ns|us|µs|ms|s|m|h)$`)
	unitSize = map[string]float64{"ns": 1, "us": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9, "m": 60e9, "h": 3600e9}
)

// overflows reports whether s is a well-formed one-unit Go duration too
// long for time.Duration ("9999999999h"), which ParseDuration only calls
// invalid.
func overflows(s string) bool {
	m := goDurRe.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	f, err := strconv.ParseFloat(m[1], 64)
	return err == nil && f*unitSize[m[2]] > float64(MaxAge)
}
