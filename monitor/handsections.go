package monitor

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/archon-memory/archon/internal/jsonfile"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/summarize"
)

// MEMORY_SUMMARY.md is a file people edit. A section whose title archon
// did not write there (a person's "## Standing instructions", "## My
// preferences") is kept as written after the new summary's sections, and
// is not given to the summarizer: it would carry its lines into a section
// of its own, or, an LLM, write the section again beside the kept one.
// Archon's sections are those it wrote last (sections.json; the LLM's may
// have other titles) and the summary's standard ones.

// splitHand splits a summary into what archon wrote, a person's text under
// the title (lead: lines before the first section other than archon's
// "_Updated ..._" line and HTML comments) and a person's sections (hand),
// as written. A "## " line inside a code fence opens no section.
func splitHand(md string, own map[string]bool) (rest, lead, hand string) {
	var r, l, h strings.Builder
	person, fenced, top, comment := false, false, true, false
	for line := range strings.SplitAfterSeq(md, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```"):
			fenced = !fenced
		case fenced:
		case strings.HasPrefix(t, "## "):
			title := strings.TrimSpace(t[3:])
			person, top = !own[title] && !slices.Contains(summarize.SectionOrder[:], title), false
		case strings.HasPrefix(t, "# "):
			person = false
		}
		switch {
		case person:
			h.WriteString(line)
		case top && !strings.HasPrefix(t, "# ") && !comment && !strings.HasPrefix(t, "<!--") && t != "" && !updatedLine.MatchString(t):
			l.WriteString(line)
		default:
			r.WriteString(line)
		}
		if top && (strings.HasPrefix(t, "<!--") || comment) {
			comment = !strings.HasSuffix(t, "-->")
		}
	}
	return r.String(), strings.TrimSpace(l.String()), strings.TrimSpace(h.String())
}

// updatedLine is the line archon writes under a summary's title.
var updatedLine = regexp.MustCompile(`^_Updated(\s.*)?_$`)

// withLead puts a person's text under the title of a summary archon wrote,
// before its first section.
func withLead(md, lead string) string {
	if i := strings.Index(md, "\n## "); i >= 0 {
		return md[:i+1] + "\n" + lead + "\n" + md[i:]
	}
	if strings.HasPrefix(md, "## ") { // no title: the lead opens the file
		return lead + "\n\n" + md
	}
	return strings.TrimRight(md, "\n") + "\n\n" + lead + "\n"
}

// ownLead is what archon last wrote under a summary's title (an LLM's
// summary with no sections is all prose there), by its hash: such text is
// archon's to rewrite, not a person's.
type ownLead struct {
	SHA256 string `json:"sha256"`
}

// leadHash is the hash ownLead keeps of a lead.
func leadHash(lead string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(lead)))
	return hex.EncodeToString(sum[:])
}

// archonsLead reports whether lead is what archon wrote last.
func archonsLead(ws *memory.Workspace, lead string) bool {
	var own ownLead
	found, _ := jsonfile.Read(filepath.Join(ws.StateDir(), HistoryDir, leadFile), &own)
	return found && own.SHA256 == leadHash(lead)
}

// saveOwnLead records what archon wrote under the title of md ("" when
// nothing).
func saveOwnLead(ws *memory.Workspace, md string) error {
	_, lead, _ := splitHand(md, nil)
	var own ownLead
	if lead != "" {
		own.SHA256 = leadHash(lead)
	}
	return jsonfile.Write(filepath.Join(ws.StateDir(), HistoryDir, leadFile), own, 0o644)
}

// loadOwnSections reads the titles of the sections archon wrote last.
func loadOwnSections(ws *memory.Workspace) map[string]bool {
	var titles []string
	_, _ = jsonfile.Read(filepath.Join(ws.StateDir(), HistoryDir, ownFile), &titles) // none: the standard titles only
	own := map[string]bool{}
	for _, t := range titles {
		own[t] = true
	}
	return own
}

// saveOwnSections records the titles of the sections archon just wrote.
func saveOwnSections(ws *memory.Workspace, secs []summarize.Section) error {
	titles := make([]string, len(secs))
	for i, s := range secs {
		titles[i] = s.Name
	}
	return jsonfile.Write(filepath.Join(ws.StateDir(), HistoryDir, ownFile), titles, 0o644)
}
