package layers

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/tokens"
)

// Part names, in the order the payload keeps them: when the budget is
// short, parts are trimmed from the last one up, a whole line at a time.
const (
	PartSummary   = "summary"   // MEMORY_SUMMARY.md
	PartIdentity  = "identity"  // identity files, in configured order
	PartDecisions = "decisions" // recent entries that record a decision
	PartOpen      = "open"      // recent tasks, errors and blockers
	PartRecent    = "recent"    // other recent entries, newest first
)

// PayloadPart is one part of the L1 payload.
type PayloadPart struct {
	Name    string   `json:"name"`
	Sources []string `json:"sources"`
	Tokens  int      `json:"tokens"`
	Lines   int      `json:"lines"`
	// Dropped counts the lines cut to fit the budget; Trimmed holds the
	// first MaxTrimmedShown of them (blank lines left out), to show what
	// did not fit.
	Dropped int      `json:"dropped_lines"`
	Trimmed []string `json:"trimmed,omitempty"`
	lines   []string
}

// Payload is what is injected at session start: the L1 layer within its
// token budget.
type Payload struct {
	Budget int           `json:"budget"`
	Tokens int           `json:"tokens"`
	Parts  []PayloadPart `json:"parts"`
	// Text is the payload as markdown.
	Text string `json:"text"`
}

// PayloadOptions tune BuildPayload.
type PayloadOptions struct {
	Budget     int // tokens (default 1,000)
	WindowDays int // days of daily logs digested (default 7)
	// DigestChars caps one digest line (default 200).
	DigestChars int
}

var (
	decisionRe = regexp.MustCompile(`(?i)\b(decided|decision|decide|chose|chosen|choose|going with|agreed|settled on|standardi[sz]e on|ruled out|we will use|we'll use|switch(ed)? to|in favou?r of)\b`)
	openRe     = regexp.MustCompile(`(?i)(\bto-?do\b|\bpending\b|\bnext\b|\bneed to\b|\bneeds\b|\bblocked\b|\bblocker\b|\bfollow-?up\b|\berror\b|\bfailed\b|\bfailing\b|\bbroken\b|\bregression\b|\bopen question\b|\bunresolved\b|- \[ \])`)
)

// tagsTSV sorts tags into digest parts (see the file).
//
//go:embed tags.tsv
var tagsTSV string

// tagParts reads tags.tsv: tag -> decisions, closed or open.
func tagParts() map[string]string {
	m := map[string]string{}
	for line := range strings.SplitSeq(tagsTSV, "\n") {
		if tag, part, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(line, "#") {
			m[tag] = strings.TrimSpace(part)
		}
	}
	return m
}

// classify sorts an entry into a digest part: by its tags (a decision
// first, then work closed or a summary, then open work), else by its words.
func classify(e *memory.Entry, parts map[string]string) string {
	has := func(part string) bool {
		return slices.ContainsFunc(e.Tags, func(t string) bool { return parts[t] == part })
	}
	switch {
	case has("decisions"):
		return PartDecisions
	case has("closed"), has("recent"):
		return PartRecent
	case has("open"):
		return PartOpen
	case decisionRe.MatchString(e.Text):
		return PartDecisions
	case openRe.MatchString(e.Text):
		return PartOpen
	}
	return PartRecent
}

// BuildPayload assembles the L1 payload of ws within o.Budget tokens.
func BuildPayload(ctx context.Context, ws *memory.Workspace, o PayloadOptions) (*Payload, error) {
	if o.Budget <= 0 {
		o.Budget = 1000
	}
	if o.WindowDays <= 0 {
		o.WindowDays = 7
	}
	if o.DigestChars <= 0 {
		o.DigestChars = 200
	}
	parts := []*PayloadPart{{Name: PartSummary}, {Name: PartIdentity}, {Name: PartDecisions}, {Name: PartOpen}, {Name: PartRecent}}
	if lines, err := fileLines(ws, memory.SummaryFile); err != nil {
		return nil, err
	} else if len(lines) > 0 {
		parts[0].Sources, parts[0].lines = []string{memory.SummaryFile}, lines
	}
	for _, p := range ws.IdentityPaths() {
		lines, err := fileLines(ws, p)
		if err != nil {
			return nil, err
		}
		if len(lines) > 0 {
			parts[1].Sources = append(parts[1].Sources, p)
			parts[1].lines = append(parts[1].lines, lines...)
			parts[1].lines = append(parts[1].lines, "")
		}
	}
	if err := digest(ctx, ws, o, parts[2:]); err != nil {
		return nil, err
	}
	return fit(parts, o.Budget), nil
}

// digest fills the decision, open and recent parts from the logs of the
// window, newest first.
func digest(ctx context.Context, ws *memory.Workspace, o PayloadOptions, parts []*PayloadPart) error {
	logs, err := ws.ListLogs(ctx)
	if err != nil {
		return err
	}
	now := ws.Now()
	var entries []memory.Entry
	for _, lf := range logs {
		if !InWindow(lf.Date, now, o.WindowDays) { // archived or not: archive's cutoff is a setting
			continue
		}
		l, err := ws.ReadLog(lf.Path)
		if err != nil {
			return err
		}
		entries = append(entries, l.Entries...)
	}
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := entries[i].Date+" "+entries[i].Time, entries[j].Date+" "+entries[j].Time
		return a > b
	})
	idx := map[string]*PayloadPart{}
	for _, p := range parts {
		idx[p.Name] = p
	}
	tags := tagParts()
	for i := range entries {
		e := &entries[i]
		if archived(e) {
			continue
		}
		p := idx[classify(e, tags)]
		line := digestLine(e, o.DigestChars)
		p.lines = append(p.lines, line)
		if !contains(p.Sources, e.Path) {
			p.Sources = append(p.Sources, e.Path)
		}
	}
	return nil
}

// ArchiveTag marks entries that hold a verbatim archive of a conversation
// (what compaction cut, a hook's checkpoint): they stay searchable but
// are never digested into L1, whose budget is for what was recorded.
const ArchiveTag = "checkpoint"

// archived reports whether e is a verbatim archive.
func archived(e *memory.Entry) bool { return slices.Contains(e.Tags, ArchiveTag) }

// digestLine condenses an entry to one line: when, who, tags and the first
// words of its text, pointing at the lines it came from.
func digestLine(e *memory.Entry, maxChars int) string {
	text := strings.Join(strings.Fields(e.Text), " ")
	if len(text) > maxChars {
		cut := strings.LastIndexByte(text[:maxChars], ' ')
		if cut < maxChars/2 {
			cut = maxChars
			for cut > 0 && text[cut]&0xC0 == 0x80 {
				cut--
			}
		}
		text = text[:cut] + "…"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "- %s %s", e.Date, e.Time)
	if e.Agent != "" {
		b.WriteString(" " + e.Agent)
	}
	for _, t := range e.Tags {
		b.WriteString(" #" + t)
	}
	fmt.Fprintf(&b, ": %s (%s:%d)", text, e.Path, e.LineStart)
	return b.String()
}

// fit keeps lines, part by part in priority order, while they fit the
// budget; it never cuts a line. Once a part is trimmed, the parts after it
// are left out whole.
func fit(parts []*PayloadPart, budget int) *Payload {
	heads := map[string]string{
		PartSummary: "", PartIdentity: "",
		PartDecisions: "## Recent decisions", PartOpen: "## Open items", PartRecent: "## Recent activity",
	}
	pl := &Payload{Budget: budget}
	var out []string
	used := 0
	full := false // an earlier part was trimmed: later ones are dropped whole
	for _, p := range parts {
		if len(p.lines) == 0 {
			continue
		}
		if full {
			p.Dropped = len(p.lines)
			p.Trimmed = shownTrimmed(p.lines)
			pl.Parts = append(pl.Parts, *p)
			continue
		}
		var kept []string
		if h := heads[p.Name]; h != "" {
			if n := tokens.Count(h+"\n\n") + 1; used+n <= budget {
				kept = append(kept, h, "")
				used += n
			} else {
				p.Dropped = len(p.lines)
			}
		}
		for i, l := range p.lines {
			if p.Dropped > 0 {
				break
			}
			n := tokens.Count(l + "\n")
			if used+n > budget {
				p.Dropped = len(p.lines) - i
				break
			}
			kept = append(kept, l)
			used += n
			p.Tokens += n
			p.Lines++
		}
		full = p.Dropped > 0
		p.Trimmed = shownTrimmed(p.lines[len(p.lines)-p.Dropped:])
		for len(kept) > 0 && strings.TrimSpace(kept[len(kept)-1]) == "" {
			kept = kept[:len(kept)-1]
		}
		if p.Lines > 0 {
			out = append(out, kept...)
			out = append(out, "")
		}
		pl.Parts = append(pl.Parts, *p)
	}
	if pl.Text = strings.TrimRight(strings.Join(out, "\n"), "\n"); pl.Text != "" {
		pl.Text += "\n" // a payload with nothing to inject is empty, not a blank line
	}
	pl.Tokens = tokens.Count(pl.Text)
	return pl
}

// fileLines reads a workspace file as lines without the HTML comments that
// templates carry; a missing file has none.
func fileLines(ws *memory.Workspace, rel string) ([]string, error) {
	data, err := ws.ReadFile(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("L1 payload: %w", err)
	}
	return loadedLines(data), nil
}

// loadedLines are the lines of a file as session start loads them: HTML
// comments and headings with nothing under them left out, runs of blank
// lines as one, no blank lines at the end.
func loadedLines(data []byte) []string {
	text := commentRe.ReplaceAllString(string(data), "")
	lines := dropEmptyHeadings(memory.SplitLines([]byte(text)))
	// Collapse runs of blank lines.
	out := lines[:0]
	for _, l := range lines {
		if strings.TrimSpace(l) == "" && (len(out) == 0 || strings.TrimSpace(out[len(out)-1]) == "") {
			continue
		}
		out = append(out, strings.TrimRight(l, " \t"))
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	return out
}

var commentRe = regexp.MustCompile(`(?s)<!--.*?-->`)

// dropEmptyHeadings leaves out the markdown headings whose sections say
// nothing: a template's "## Decisions" with no item under it costs every
// session start its tokens. A heading stays when a line other than a
// blank or a heading follows it before the next heading of its level or
// above, or a deeper heading that stays; lines in code fences are text.
func dropEmptyHeadings(lines []string) []string {
	level := make([]int, len(lines)) // a heading's level, 0 for other lines
	fence := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = !fence
		} else if indent := len(l) - len(strings.TrimLeft(l, " ")); !fence && indent < 4 && !strings.HasPrefix(l, "\t") {
			level[i] = memory.HeadingLevel(t) // four spaces or a tab indent code
		}
	}
	var said [7]bool // said[n]: a kept line follows the last heading of level <= n seen (from the end)
	keep := make([]bool, len(lines))
	for i := len(lines) - 1; i >= 0; i-- {
		n := level[i]
		switch {
		case n == 0:
			keep[i] = true
			if strings.TrimSpace(lines[i]) != "" {
				said = [7]bool{true, true, true, true, true, true, true}
			}
		default:
			keep[i] = said[n]
			for k := n; k < len(said); k++ {
				said[k] = false
			}
			for k := 1; k < n; k++ {
				said[k] = said[k] || keep[i]
			}
		}
	}
	out := lines[:0:0]
	for i, l := range lines {
		if keep[i] {
			out = append(out, l)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// MaxTrimmedShown is how many trimmed lines a PayloadPart shows.
const MaxTrimmedShown = 20

// shownTrimmed returns the first MaxTrimmedShown non-blank lines.
func shownTrimmed(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if len(out) == MaxTrimmedShown {
			break
		}
		out = append(out, l)
	}
	return out
}
