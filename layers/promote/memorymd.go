package promote

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
)

// Markers of the managed section and of each entry in MEMORY.md.
const (
	SectionHeading = "## Promoted patterns"
	BeginMarker    = "<!-- archon:promoted:begin (archon promote adds entries below; delete one to keep it out) -->"
	EndMarker      = "<!-- archon:promoted:end -->"
)

var (
	itemMarkerRe = regexp.MustCompile(`<!-- archon:item (K[0-9]+) -->`)
	beginRe      = regexp.MustCompile(`(?m)^<!-- archon:promoted:begin\b.*-->[ \t]*$`)
	endRe        = regexp.MustCompile(`(?m)^<!-- archon:promoted:end -->[ \t]*\r?$`)
)

// ItemMarker is the comment that tags the entry of item id.
func ItemMarker(id string) string { return "<!-- archon:item " + id + " -->" }

// MarkedItems returns the ids of the items MEMORY.md carries markers for,
// wherever they are in the file.
func MarkedItems(content []byte) map[string]bool {
	out := map[string]bool{}
	for _, m := range itemMarkerRe.FindAllSubmatch(content, -1) {
		out[string(m[1])] = true
	}
	return out
}

// Entry renders the MEMORY.md entry of a promoted item.
func Entry(it knowledge.Item, d Decision, now time.Time) string {
	var b strings.Builder
	b.WriteString(ItemMarker(it.ID) + "\n")
	fmt.Fprintf(&b, "### %s\n", Nested(strings.Join(strings.Fields(it.Title), " "), 0))
	if it.Body != "" {
		b.WriteString(Nested(it.Body, 3) + "\n")
	}
	fmt.Fprintf(&b, "\n_%s %s, promoted %s: %d successes by %s", it.Kind, it.ID, now.Format(time.DateOnly),
		d.Successes, strings.Join(d.Agents, ", "))
	if len(d.Projects) > 0 {
		fmt.Fprintf(&b, " in %s", strings.Join(d.Projects, ", "))
	}
	if len(it.Tags) > 0 {
		b.WriteString("; #" + strings.Join(it.Tags, " #"))
	}
	b.WriteString("_\n\n")
	return b.String()
}

// headingRe matches a markdown heading line.
var headingRe = regexp.MustCompile(`^#{1,6}( |$)`)

// Nested returns text to stand inside a part of MEMORY.md: its headings
// moved levels down, outside code fences (a body's "## Setup" is no
// section of the file), and archon's own markers quoted ("<!-- archon:"
// written "&lt;!-- archon:", which reads alike) so that no text can end
// the managed section or claim an item's entry.
func Nested(text string, levels int) string {
	text = strings.ReplaceAll(text, "<!-- archon:", "&lt;!-- archon:")
	if levels <= 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	fence := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fence = !fence
		}
		if !fence && headingRe.MatchString(l) {
			lines[i] = strings.Repeat("#", levels) + l
		}
	}
	return strings.Join(lines, "\n")
}

// Insert returns content with entries inserted, and nothing else changed:
// just before the managed section's end marker; at the end of the file
// (followed by a new end marker) when only the begin marker is left; or in
// a new "## Promoted patterns" section at the end of the file (after the
// title in a file that is empty or gone). Every byte of content is kept, in
// order.
func Insert(content []byte, entries string) []byte {
	s := string(content)
	if loc := endRe.FindStringIndex(s); loc != nil {
		return []byte(s[:loc[0]] + entries + s[loc[0]:])
	}
	var b strings.Builder
	b.WriteString(s)
	if s != "" && !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
	if !beginRe.MatchString(s) {
		if s == "" {
			b.WriteString(memory.WisdomTitle + "\n") // a MEMORY.md made again has its title
		}
		b.WriteString("\n")
		b.WriteString(SectionHeading + "\n\n" + BeginMarker + "\n\n")
	}
	b.WriteString(entries + EndMarker + "\n")
	return []byte(b.String())
}
