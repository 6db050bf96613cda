package knowledge

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// ExportHeader opens every export. The format is described in it and in
// FormatDoc.
const ExportHeader = `# archon knowledge

<!-- archon knowledge export, format 1. Restore with: archon knowledge import FILE
     One section per record: "## Project P1: NAME", "## Task T1: TITLE", "## Item K1: TITLE",
     then "- key: value" lines, a blank line, and the description or body as markdown.
     Body lines that look like a section heading get one extra leading backslash. -->
`

// FormatDoc documents the export format for people.
const FormatDoc = `Every record is a level-2 heading, its metadata as "- key: value" lines, a blank line
and its free text:

  ## Project P1: tessera            keys: status, created, updated
  ## Task T3: Add the invoices table keys: project, status, priority, assignee, depends-on (T1, T2),
                                     created, updated, done
  ## Item K7: Deterministic keys    keys: kind, tags (a, b), agent, project, created, updated,
                                     promotion (promoted|removed|rejected TIME), observation (repeated:
                                     "O4 | TIME | AGENT | success|failure | PROJECT | NOTE")

Optional keys are left out when empty. Times are RFC 3339 in UTC. Text lines of the form
"## Project|Task|Item ..." are written with one more leading backslash and read back without it.`

// sectionRe matches a section heading, possibly escaped with backslashes.
var sectionRe = regexp.MustCompile(`^(\\*)## (Project|Task|Item) `)

// Export writes every project, task, item and observation as one markdown
// document (see FormatDoc). The output depends only on the data, so
// exporting, importing into an empty store and exporting again gives the
// same bytes.
func (s *Store) Export(ctx context.Context) (string, error) {
	projects, err := s.Projects(ctx, "")
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	tasks, err := s.tasksByID(ctx)
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	items, err := s.Items(ctx, ItemFilter{})
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	obs, err := s.Observations(ctx, "")
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	byItem := map[string][]Observation{}
	for _, o := range obs {
		byItem[o.Item] = append(byItem[o.Item], o)
	}
	var b strings.Builder
	b.WriteString(ExportHeader)
	for _, p := range projects {
		b.WriteString("\n" + renderProject(p))
	}
	for _, t := range tasks {
		b.WriteString("\n" + renderTask(t))
	}
	for _, it := range items {
		b.WriteString("\n" + renderItem(it, byItem[it.ID]))
	}
	return b.String(), nil
}

type section struct {
	b strings.Builder
}

func (s *section) key(k, v string) {
	if v != "" {
		fmt.Fprintf(&s.b, "- %s: %s\n", k, v)
	}
}

func (s *section) text(t string) string {
	if t != "" {
		s.b.WriteString("\n" + escapeBody(t) + "\n")
	}
	return s.b.String()
}

func renderProject(p Project) string {
	var s section
	fmt.Fprintf(&s.b, "## Project %s: %s\n", p.ID, p.Name)
	s.key("status", p.Status)
	s.key("created", formatTime(p.Created))
	s.key("updated", formatTime(p.Updated))
	return s.text(p.Description)
}

func renderTask(t Task) string {
	var s section
	fmt.Fprintf(&s.b, "## Task %s: %s\n", t.ID, t.Title)
	s.key("project", t.Project)
	s.key("status", t.Status)
	s.key("priority", PriorityName(t.Priority))
	s.key("assignee", t.Assignee)
	s.key("depends-on", strings.Join(t.DependsOn, ", "))
	s.key("created", formatTime(t.Created))
	s.key("updated", formatTime(t.Updated))
	if !t.Done.IsZero() {
		s.key("done", formatTime(t.Done))
	}
	return s.text(t.Description)
}

func renderItem(it Item, obs []Observation) string {
	var s section
	fmt.Fprintf(&s.b, "## Item %s: %s\n", it.ID, it.Title)
	s.key("kind", it.Kind)
	s.key("tags", strings.Join(it.Tags, ", "))
	s.key("agent", it.Agent)
	s.key("project", it.Project)
	s.key("created", formatTime(it.Created))
	s.key("updated", formatTime(it.Updated))
	if it.Promotion != "" {
		s.key("promotion", it.Promotion+" "+formatTime(it.Promoted))
	}
	for _, o := range obs {
		s.key("observation", renderObservation(o))
	}
	return s.text(it.Body)
}

func renderObservation(o Observation) string {
	result := "failure"
	if o.Success {
		result = "success"
	}
	project := o.Project
	if project == "" {
		project = "-"
	}
	f := []string{o.ID, formatTime(o.Time), o.Agent, result, project}
	if o.Note != "" {
		f = append(f, o.Note)
	}
	return strings.Join(f, " | ")
}

// escapeBody adds a backslash to lines that would read as a section heading.
func escapeBody(t string) string {
	lines := strings.Split(t, "\n")
	for i, l := range lines {
		if sectionRe.MatchString(l) {
			lines[i] = `\` + l
		}
	}
	return strings.Join(lines, "\n")
}

// unescapeBody undoes escapeBody.
func unescapeBody(t string) string {
	lines := strings.Split(t, "\n")
	for i, l := range lines {
		if m := sectionRe.FindStringSubmatch(l); m != nil && m[1] != "" {
			lines[i] = l[1:]
		}
	}
	return strings.Join(lines, "\n")
}
