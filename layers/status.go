// Package layers implements what is specific to each of archon's four memory
// layers: L1 (always loaded), L2 (daily logs), L3 (knowledge) and L4
// (curated wisdom). This file reports what each layer holds.
package layers

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/layers/promote"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/tokens"
)

// FileStat describes one markdown file of a layer.
type FileStat struct {
	Path    string `json:"path"`
	Exists  bool   `json:"exists"`
	Tokens  int    `json:"tokens"`
	Entries int    `json:"entries,omitempty"`
	// Loaded, for an L1 file, is the tokens session start has to load of
	// it: without HTML comments and headings with nothing under them (the
	// L1 budget may then trim the payload further).
	Loaded *int `json:"loaded_tokens,omitempty"`
	// Warnings name what is odd in the file, with its line (NUL bytes,
	// invalid UTF-8, no title; see memory.CheckMarkdown).
	Warnings []string `json:"warnings,omitempty"`
}

// LogStats summarizes a set of daily logs.
type LogStats struct {
	Files    int    `json:"files"`
	Archived int    `json:"archived"`
	FreeForm int    `json:"free_form"`
	Entries  int    `json:"entries"`
	Tokens   int    `json:"tokens"`
	First    string `json:"first_date,omitempty"`
	Last     string `json:"last_date,omitempty"`
	Warnings int    `json:"warnings"`
}

// Status reports what each layer of a workspace holds.
type Status struct {
	Root string `json:"root"`
	// Today is the date the L1 window ends on.
	Today string `json:"today"`
	L1    struct {
		Summary      FileStat   `json:"summary"`
		Identity     []FileStat `json:"identity"`
		WindowDays   int        `json:"window_days"`
		Recent       LogStats   `json:"recent_logs"`
		BudgetTokens int        `json:"budget_tokens"`
	} `json:"l1"`
	L2 LogStats `json:"l2"`
	L3 struct {
		Available bool   `json:"available"`
		Projects  int    `json:"projects"`
		Tasks     int    `json:"tasks"`
		Items     int    `json:"items"`
		Note      string `json:"note,omitempty"`
	} `json:"l3"`
	L4 FileStat `json:"l4"`
	// Notes are what the reader should know beyond the layers (a running
	// service's configuration out of date with its file).
	Notes []string `json:"notes,omitempty"`
}

// InWindow reports whether a log of date lies in the L1 window of days
// ending today: the last `days` calendar days, today included, and the
// memory.FutureDays after it (another time zone's today), not beyond.
func InWindow(date string, today time.Time, days int) bool {
	d, err := time.ParseInLocation(time.DateOnly, date, today.Location())
	if err != nil {
		return false
	}
	start := time.Date(today.Year(), today.Month(), today.Day()-days+1, 0, 0, 0, 0, today.Location())
	end := time.Date(today.Year(), today.Month(), today.Day()+memory.FutureDays, 0, 0, 0, 0, today.Location())
	return !d.Before(start) && !d.After(end)
}

// ReadStatus gathers the status of ws. windowDays and budget come from the
// configuration (l1.window_days, l1.budget_tokens); kn is the L3 store, nil
// when the workspace has none yet.
func ReadStatus(ctx context.Context, ws *memory.Workspace, windowDays, budget int, kn *knowledge.Store) (*Status, error) {
	now := ws.Now()
	s := &Status{Root: ws.Root(), Today: now.Format(time.DateOnly)}
	s.L1.WindowDays, s.L1.BudgetTokens = windowDays, budget
	var err error
	if s.L1.Summary, err = l1Stat(ws, memory.SummaryFile); err != nil {
		return nil, err
	}
	for _, p := range ws.IdentityPaths() {
		fs, err := l1Stat(ws, p)
		if err != nil {
			return nil, err
		}
		s.L1.Identity = append(s.L1.Identity, fs)
	}
	if s.L4, err = fileStat(ws, memory.WisdomFile); err != nil {
		return nil, err
	}
	s.L4.Entries = countItems(ws, memory.WisdomFile)
	logs, err := ws.ListLogs(ctx)
	if err != nil {
		return nil, err
	}
	for _, lf := range logs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		data, err := ws.ReadFile(lf.Path)
		if errors.Is(err, fs.ErrNotExist) {
			continue // moved by an archive run since it was listed
		}
		if err != nil {
			return nil, fmt.Errorf("status: %w", err)
		}
		l := memory.ParseLog(lf.Path, data)
		n := tokens.Count(string(data))
		s.L2.add(lf, l, n)
		if InWindow(lf.Date, now, windowDays) {
			s.L1.Recent.add(lf, l, n)
		}
	}
	if err := l3Status(ctx, kn, s); err != nil {
		return nil, err
	}
	return s, nil
}

func (st *LogStats) add(lf memory.LogFile, l *memory.Log, tok int) {
	st.Files++
	if lf.Archived {
		st.Archived++
	}
	if l.FreeForm {
		st.FreeForm++
	}
	st.Entries += len(l.Entries)
	st.Tokens += tok
	st.Warnings += len(l.Warnings)
	if st.First == "" || lf.Date < st.First {
		st.First = lf.Date
	}
	if lf.Date > st.Last {
		st.Last = lf.Date
	}
}

func fileStat(ws *memory.Workspace, rel string) (FileStat, error) {
	st, _, err := readStat(ws, rel)
	return st, err
}

// readStat is fileStat with the file's bytes (nil when it is missing).
func readStat(ws *memory.Workspace, rel string) (FileStat, []byte, error) {
	st := FileStat{Path: rel}
	data, err := ws.ReadFile(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return st, nil, nil
	}
	if err != nil {
		return st, nil, fmt.Errorf("status: %w", err)
	}
	st.Exists = true
	st.Tokens = tokens.Count(string(data))
	st.Warnings = memory.CheckMarkdown(rel, data)
	return st, data, nil
}

// l1Stat is fileStat for a file session start loads, with what it loads.
func l1Stat(ws *memory.Workspace, rel string) (FileStat, error) {
	st, data, err := readStat(ws, rel)
	if err != nil || !st.Exists {
		return st, err
	}
	n := tokens.Count(strings.Join(loadedLines(data), "\n"))
	st.Loaded = &n
	return st, nil
}

// countItems counts the entries of MEMORY.md: the top-level list items a
// person wrote, and one per promoted item in the managed section (whose
// bodies may hold lists of their own); lines in code fences are not
// entries.
func countItems(ws *memory.Workspace, rel string) int {
	data, err := ws.ReadFile(rel)
	if err != nil {
		return 0
	}
	n := len(promote.MarkedItems(data))
	managed, fence := false, false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "<!-- archon:promoted:begin"):
			managed = true
		case strings.HasPrefix(line, promote.EndMarker):
			managed = false
		case strings.HasPrefix(strings.TrimSpace(line), "```"):
			fence = !fence
		case !managed && !fence && (strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "* ")):
			n++
		}
	}
	return n
}

// l3Status counts the L3 records of kn (nil: none yet).
func l3Status(ctx context.Context, kn *knowledge.Store, s *Status) error {
	if kn == nil {
		s.L3.Note = "no knowledge yet (archon project|task|knowledge add)"
		return nil
	}
	docs, err := kn.Documents(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("status: %w", err)
		}
		// A damaged knowledge database costs L3, not the whole status.
		s.L3.Note = L3Unavailable(err)
		return nil
	}
	s.L3.Available = true
	for _, d := range docs {
		switch d.Kind {
		case "project":
			s.L3.Projects++
		case "task":
			s.L3.Tasks++
		default:
			s.L3.Items++
		}
	}
	return nil
}

// L3Unavailable is the status note of an L3 store that did not answer: a
// shared store out of reach is no damage doctor would mend, and its
// address is not for every reader of the status.
func L3Unavailable(err error) string {
	if knowledge.Unreachable(err) {
		return "L3 unavailable: the shared store cannot be reached (the service's log says why); try again later"
	}
	return fmt.Sprintf("L3 unavailable: %v (run archon doctor)", err)
}
