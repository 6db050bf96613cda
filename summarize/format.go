package summarize

import (
	_ "embed"
	"iter"
	"maps"
	"strings"
	"sync"
	"unicode"
)

// The sections of a summary, in document order.
const (
	SecCurrent     = "Current work"
	SecRequests    = "User requests"
	SecTasks       = "Pending tasks"
	SecDecisions   = "Decisions"
	SecErrors      = "Errors"
	SecDone        = "Done"
	SecPoints      = "Key points"
	SecProjects    = "Active projects"
	SecContext     = "Critical context"
	SecPreferences = "User preferences"
)

// SectionOrder lists the section names in the order they are written.
var SectionOrder = [...]string{SecCurrent, SecRequests, SecTasks, SecDecisions, SecErrors, SecDone, SecPoints,
	SecProjects, SecContext, SecPreferences}

// Section is one titled list of a summary.
type Section struct {
	Name  string
	Items []string
}

// Title is the first line of every summary document.
const Title = "# Memory summary"

// Render writes sections in the MEMORY_SUMMARY.md format (see the package
// doc): Title, the header line, then each non-empty section as a "## Name"
// heading over its "- item" lines.
func Render(header string, sections []Section) string {
	var b strings.Builder
	b.WriteString(Title + "\n")
	if header != "" {
		b.WriteString(header + "\n")
	}
	for _, s := range sections {
		if len(s.Items) == 0 {
			continue
		}
		b.WriteString("\n## " + s.Name + "\n")
		for _, it := range s.Items {
			b.WriteString("- " + it + "\n")
		}
	}
	return b.String()
}

// ParseSections reads the sections of a summary written by Render (or by
// hand, or by an LLM): every "## Name" heading followed by "- item" lines.
// Continuation lines are joined to their item.
func ParseSections(md string) []Section {
	var out []Section
	var cur *Section
	for _, line := range strings.Split(md, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "## "):
			out = append(out, Section{Name: canonicalSection(strings.TrimSpace(t[3:]))})
			cur = &out[len(out)-1]
		case cur == nil || t == "":
		case strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* "):
			cur.Items = append(cur.Items, strings.TrimSpace(t[2:]))
		case len(cur.Items) > 0 && (line[0] == ' ' || line[0] == '\t'):
			cur.Items[len(cur.Items)-1] += " " + t
		default:
			cur.Items = append(cur.Items, t)
		}
	}
	return out
}

//go:embed sections.tsv
var sectionsTSV string

// tsvPairs yields the lines "key<TAB>value" of an embedded table, in
// order, skipping comments ("#") and blank lines.
func tsvPairs(data string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for line := range strings.SplitSeq(data, "\n") {
			k, v, ok := strings.Cut(line, "\t")
			if ok && !strings.HasPrefix(line, "#") && !yield(strings.TrimSpace(k), strings.TrimSpace(v)) {
				return
			}
		}
	}
}

//go:embed statuses.tsv
var statusesTSV string

// The states of statuses.tsv.
const (
	stateDoing = "doing" // being worked on
	stateDone  = "done"  // finished, or closed
)

// itemStates maps the statuses of todo lists, plans and issue trackers to
// doing or done (statuses.tsv); any other status is open.
var itemStates = sync.OnceValue(func() map[string]string { return maps.Collect(tsvPairs(statusesTSV)) })

// canonicalSection maps a section title to the section it names (see
// sections.tsv), or returns it unchanged.
func canonicalSection(name string) string {
	l := strings.ToLower(name)
	for word, sec := range tsvPairs(sectionsTSV) {
		if strings.Contains(l, word) {
			return sec
		}
	}
	return name
}

// tagSection is the section a tag names: a word of sections.tsv, singular
// or plural ("decision", "todos"); "" for any other tag.
func tagSection(tag string) string {
	t := strings.ToLower(tag)
	for word, sec := range tsvPairs(sectionsTSV) {
		if t == word || t == word+"s" {
			return sec
		}
	}
	return ""
}

// ItemKey normalizes an item for de-duplication and dating: lower case,
// letters and digits only, at most 80 characters.
func ItemKey(item string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(item) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			if b.Len() >= 80 {
				break
			}
		}
	}
	return b.String()
}
