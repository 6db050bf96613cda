package summarize

import (
	"cmp"
	"regexp"
	"strings"
)

// hostSection opens a numbered section of a compaction summary:
// "1. Primary Request and Intent:", "8. Current Work:".
var hostSection = regexp.MustCompile(`(?m)^\s*(?:#+\s*)?(?:\*\*)?(\d{1,2})\.\s+([^:\n]{3,60}):?(?:\*\*)?:?\s*$`)

// hostItems condenses the host model's own summary (Claude Code's
// compaction summary) into the sections: each of its numbered sections
// goes to the section its title names, its bullets and sentences in
// order, the sections ranked as the next session needs them: the request,
// the next step and current work, pending tasks, errors, the user's
// messages, files, then the rest; among the session's own items (hostBase).
func hostItems(text string) []item {
	locs := hostSection.FindAllStringSubmatchIndex(text, -1)
	var out []item
	for k, loc := range locs {
		end := len(text)
		if k+1 < len(locs) {
			end = locs[k+1][0]
		}
		sec := canonicalSection(text[loc[4]:loc[5]])
		rank := cmp.Or(hostRanks[sec], 3)
		for i, s := range sentences(text[loc[1]:end]) {
			if len(s) < 8 || strings.HasSuffix(s, ":") { // a lead-in whose list did not follow
				continue
			}
			out = append(out, item{sec: sec, text: clipRunes(s, itemRunes), score: hostBase + 4*rank - 0.5*float64(i), at: -1000 + k*100 + i})
		}
	}
	return out
}

// hostBase puts the host's items below the structure's current work, files
// and latest requests: above all, Claude Code's own summaries took the budget
// (dev transcripts with them, 600 tokens: 55.6% / 81.2% of facts / critical
// ones; here 68.0% / 93.8%; no host item 75.7% / 93.8%, ROUGE-2 0.125 not 0.206).
const hostBase = 40

// hostRanks order the host's sections (higher first; 3 for the rest).
var hostRanks = map[string]float64{SecRequests: 9, SecCurrent: 8, SecTasks: 7, SecErrors: 6, SecContext: 4}
