package monitor

import (
	"path/filepath"
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

// splitHand splits a summary into what archon wrote and a person's
// sections, as written. A "## " line inside a code fence opens no section.
func splitHand(md string, own map[string]bool) (rest, hand string) {
	var r, h strings.Builder
	person, fenced := false, false
	for line := range strings.SplitAfterSeq(md, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```"):
			fenced = !fenced
		case fenced:
		case strings.HasPrefix(t, "## "):
			title := strings.TrimSpace(t[3:])
			person = !own[title] && !slices.Contains(summarize.SectionOrder[:], title)
		case strings.HasPrefix(t, "# "):
			person = false
		}
		if person {
			h.WriteString(line)
		} else {
			r.WriteString(line)
		}
	}
	return r.String(), strings.TrimSpace(h.String())
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
