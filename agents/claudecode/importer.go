package claudecode

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/archon-memory/archon/internal/keyset"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/memory"
)

// ProjectsDir returns where Claude Code keeps a project's transcripts:
// ~/.claude/projects/ and the project's path with every character that is
// not a letter, a digit or '-' replaced by '-'.
func ProjectsDir(home, project string) string {
	return filepath.Join(home, ".claude", "projects", nonWord.ReplaceAllString(project, "-"))
}

var nonWord = regexp.MustCompile(`[^A-Za-z0-9-]`)

// Import is what importing a project's Claude Code history adds: one
// #checkpoint entry per turn of every session, on the turn's day, and
// Claude Code's memory files as sections of MEMORY.md.
type Import struct {
	// Entries are the turns not imported before, oldest first (by their
	// day and time, whatever transcript they came from).
	Entries []app.LogRequest
	// IDs are the turn ids of Entries (the uuid of the turn's first record).
	IDs []string
	// Sections are the memory files.
	Sections []app.SectionRequest
	// Sessions is how many transcripts were read; Known how many turns
	// an earlier import had taken already.
	Sessions, Known int
	// Warnings name the transcripts skipped (unreadable) and the lines
	// of the others that could not be read.
	Warnings []string
}

// PlanImport reads the transcripts in dir (one <session>.jsonl each) and
// the memory files of project (CLAUDE.md, .claude/CLAUDE.md,
// CLAUDE.local.md) and of dir/memory/, skipping the turns in known. Days
// and times are in loc.
func PlanImport(project, dir string, loc *time.Location, known map[string]bool) (*Import, error) {
	im := &Import{}
	seen := map[string]bool{} // turns taken from an earlier transcript of this import (a resumed session holds them again)
	paths, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	// Subagents write their own transcripts under <session>/subagents/.
	subs, err := filepath.Glob(filepath.Join(dir, "*", "subagents", "*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	sort.Strings(subs)
	for _, path := range append(paths, subs...) {
		c, err := readChunk(path, 0, 0)
		if err != nil {
			// One unreadable transcript is named; the others go in.
			im.Warnings = append(im.Warnings, fmt.Sprintf("skipped %s: %v", path, err))
			continue
		}
		if w := c.Conv.Warnings; len(w) > 0 {
			what := fmt.Sprintf("%d lines with problems", len(w))
			if len(w) == 1 {
				what = "a line with a problem"
			}
			im.Warnings = append(im.Warnings, fmt.Sprintf("%s: %s (line %d: %s)", path, what, w[0].Line, w[0].Message))
		}
		im.Sessions++
		session := strings.TrimSuffix(filepath.Base(path), ".jsonl")
		subagent := filepath.Base(filepath.Dir(path)) == "subagents"
		if subagent {
			session = filepath.Base(filepath.Dir(filepath.Dir(path)))
		}
		ts := turns(c.Conv.Messages)
		for i, t := range ts {
			id := turnID(t)
			done := archivedThrough(known, t)
			if id == "" || seen[id] || done == len(t) {
				im.Known++
				continue
			}
			seen[id] = true
			// The last turn may still be running (an import during the
			// session): it is recorded with its last record, and what
			// follows that record is imported next time.
			key := id
			if i == len(ts)-1 {
				key = tailKey(id, t)
			}
			// The prompts queued while this turn ran go with it.
			from, to := c.line(&t[done]), int(^uint(0)>>1)
			if i+1 < len(ts) {
				to = c.line(&ts[i+1][0])
			}
			t = t[done:]
			one := &chunk{FirstLine: c.FirstLine, Conv: &conv.Conversation{Messages: t}}
			for _, q := range c.Queued {
				if q.Line >= from && q.Line < to {
					one.Queued = append(one.Queued, q)
				}
			}
			texts := checkpointEntries(one, session, path)
			at := stamp(&t[0]).In(loc)
			for _, e := range texts {
				req := app.LogRequest{Text: e.Text, Agent: DefaultAgent, Tags: []string{"checkpoint", "claude-code", "imported"}, IfNew: true}
				if subagent {
					req.Tags = append(req.Tags, "subagent")
				}
				if tag, err := memory.NormalizeTag("session/" + session); err == nil {
					req.Tags = append(req.Tags, tag)
				}
				if !at.IsZero() {
					req.Date, req.Time = at.Format(time.DateOnly), at.Format(time.TimeOnly)
				}
				im.Entries = append(im.Entries, req)
				im.IDs = append(im.IDs, key)
			}
		}
	}
	// The sessions' turns interleave in time: logged in time order, a
	// day's log reads as the day went (a turn's entries stay together).
	order := make([]int, len(im.Entries))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ea, eb := &im.Entries[order[a]], &im.Entries[order[b]]
		return ea.Date+" "+ea.Time < eb.Date+" "+eb.Time
	})
	entries, ids := make([]app.LogRequest, len(order)), make([]string, len(order))
	for i, k := range order {
		entries[i], ids[i] = im.Entries[k], im.IDs[k]
	}
	im.Entries, im.IDs = entries, ids
	files := []string{filepath.Join(project, "CLAUDE.md"), filepath.Join(project, ".claude", "CLAUDE.md"), filepath.Join(project, "CLAUDE.local.md")}
	more, _ := filepath.Glob(filepath.Join(dir, "memory", "*.md"))
	sort.Strings(more)
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if errors.Is(err, fs.ErrNotExist) || (err == nil && strings.TrimSpace(string(data)) == "") {
			continue
		}
		if err != nil {
			return nil, err
		}
		name, err := filepath.Rel(project, f)
		if err != nil || strings.HasPrefix(name, "..") {
			name = filepath.Join("memory", filepath.Base(f))
		}
		// Named with the project: one workspace takes several projects'
		// CLAUDE.md, each a section of its own.
		name = filepath.Join(filepath.Base(project), name)
		im.Sections = append(im.Sections, app.SectionRequest{Heading: "From Claude Code: " + filepath.ToSlash(name), Text: string(data)})
	}
	return im, nil
}

// turnID is the uuid of a turn's first record (or its message id).
func turnID(t []conv.Message) string {
	for _, m := range t {
		if m.UUID != "" {
			return m.UUID
		}
		if m.ID != "" {
			return m.ID
		}
	}
	return ""
}

// recordID is a transcript record's uuid (or its message id).
func recordID(m *conv.Message) string { return cmp.Or(m.UUID, m.ID) }

// tailKey is the record key of a turn that may still grow: its id and its
// last record's.
func tailKey(id string, t []conv.Message) string {
	for k := len(t) - 1; k >= 0; k-- {
		if r := recordID(&t[k]); r != "" {
			return id + "/" + r
		}
	}
	return id
}

// archivedThrough returns how many of turn t's records were archived
// before: all when its id is known, those through the record a tail key
// names (the turn was imported while it ran), else none.
func archivedThrough(known map[string]bool, t []conv.Message) int {
	id := turnID(t)
	if id == "" {
		return 0
	}
	if known[id] {
		return len(t)
	}
	for k := len(t) - 1; k >= 0; k-- {
		if r := recordID(&t[k]); r != "" && known[id+"/"+r] {
			return k + 1
		}
	}
	return 0
}

// stamp is the time a transcript record was written (zero if unknown).
func stamp(m *conv.Message) time.Time {
	var r struct {
		Timestamp time.Time `json:"timestamp"`
	}
	if json.Unmarshal(m.Raw, &r) != nil {
		return time.Time{}
	}
	return r.Timestamp
}

// ArchivedFile is where a workspace keeps the record of the turns archived
// from Claude Code transcripts (by hooks and imports), in its state
// directory.
const ArchivedFile = "imports/claude-code.json"

// ImportRecord is the set of keys imported so far.
type ImportRecord = keyset.Set

// LoadImportRecord reads an import record (missing: empty).
func LoadImportRecord(path string) (ImportRecord, error) { return keyset.Load(path) }
