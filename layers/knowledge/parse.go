package knowledge

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Dump is the content of an export: every record with its id and times.
type Dump struct {
	Projects     []Project     `json:"projects"`
	Tasks        []Task        `json:"tasks"`
	Items        []Item        `json:"items"`
	Observations []Observation `json:"observations"`
}

// ParseExport reads a document written by Export. Errors name the line.
func ParseExport(doc string) (*Dump, error) {
	lines := strings.Split(strings.ReplaceAll(doc, "\r\n", "\n"), "\n")
	d := &Dump{}
	i := 0
	for i < len(lines) && !isSection(lines[i]) {
		i++
	}
	if strings.TrimSpace(doc) == "" {
		// Every export has its title, even of an empty store: an empty
		// file is an export that failed (a redirect of an error).
		return nil, fmt.Errorf("%w export: the file is empty (an export starts with its \"# archon knowledge\" title)", ErrInvalid)
	}
	if i == len(lines) && !strings.HasPrefix(doc, "# archon knowledge") {
		return nil, fmt.Errorf("%w export: no \"## Project|Task|Item\" section and no \"# archon knowledge\" title; is this an archon export?", ErrInvalid)
	}
	first := map[string]int{} // the line each id is first defined on
	for i < len(lines) {
		start := i
		head := lines[i]
		if f := strings.Fields(strings.TrimPrefix(head, "## ")); len(f) > 1 {
			ref := strings.TrimSuffix(f[1], ":")
			if at, ok := first[ref]; ok {
				return nil, fmt.Errorf("%w export line %d: %s is defined twice (first on line %d): one of them would be lost", ErrInvalid, start+1, ref, at)
			}
			first[ref] = start + 1
		}
		i++
		meta := map[string][]string{}
		for i < len(lines) && lines[i] != "" && !isSection(lines[i]) {
			k, v, ok := strings.Cut(lines[i], ": ")
			if !ok || !strings.HasPrefix(k, "- ") {
				return nil, fmt.Errorf("%w export line %d: want \"- key: value\" or a blank line, got %q", ErrInvalid, i+1, lines[i])
			}
			k = strings.TrimPrefix(k, "- ")
			meta[k] = append(meta[k], v)
			i++
		}
		if i < len(lines) && lines[i] == "" {
			i++
		}
		bodyStart := i
		for i < len(lines) && !isSection(lines[i]) {
			i++
		}
		body := NormalizeText(unescapeBody(strings.Join(lines[bodyStart:i], "\n")))
		if err := d.add(head, meta, body); err != nil {
			return nil, fmt.Errorf("export line %d: %w", start+1, err)
		}
	}
	return d, nil
}

func isSection(l string) bool {
	m := sectionRe.FindStringSubmatch(l)
	return m != nil && m[1] == ""
}

func (d *Dump) add(head string, meta map[string][]string, body string) error {
	rest := strings.TrimPrefix(head, "## ")
	kind, rest, _ := strings.Cut(rest, " ")
	ref, title, ok := strings.Cut(rest, ": ")
	if !ok {
		ref, title = strings.TrimSuffix(rest, ":"), ""
	}
	one := func(k string) string {
		if v := meta[k]; len(v) > 0 {
			return v[len(v)-1]
		}
		return ""
	}
	// A key of no record of the kind is a mistake (depends_on for
	// depends-on) that would drop what it holds.
	if keys, ok := recordKeys[kind]; ok {
		for k := range meta {
			if !slices.Contains(keys, k) {
				return fmt.Errorf("%w key %q in a %s (its keys: %s)", ErrInvalid, k, strings.ToLower(kind), strings.Join(keys, ", "))
			}
		}
	}
	var err error
	times := func(keys ...string) []timeField {
		out := make([]timeField, len(keys))
		for j, k := range keys {
			out[j].key = k
			if t, perr := ParseTime(one(k)); perr != nil && err == nil {
				err = fmt.Errorf("%s: %w", k, perr)
			} else {
				out[j].t = t
			}
		}
		return out
	}
	switch kind {
	case "Project":
		n, perr := parseID('P', "project", ref)
		if perr != nil {
			return perr
		}
		ts := times("created", "updated")
		d.Projects = append(d.Projects, Project{ID: id('P', n), Name: title, Description: body, Status: one("status"),
			Created: ts[0].t, Updated: ts[1].t})
	case "Task":
		n, perr := parseID('T', "task", ref)
		if perr != nil {
			return perr
		}
		prio := 1 // normal when the key is left out
		if v := one("priority"); v != "" {
			if prio, perr = ParsePriority(v); perr != nil {
				return perr
			}
		}
		var deps []string
		for _, dep := range strings.Split(one("depends-on"), ",") {
			if dep = strings.TrimSpace(dep); dep != "" {
				deps = append(deps, dep)
			}
		}
		ts := times("created", "updated", "done")
		d.Tasks = append(d.Tasks, Task{ID: id('T', n), Project: one("project"), Title: title, Description: body,
			Status: one("status"), Priority: prio, Assignee: one("assignee"), DependsOn: deps,
			Created: ts[0].t, Updated: ts[1].t, Done: ts[2].t})
	case "Item":
		n, perr := parseID('K', "knowledge item", ref)
		if perr != nil {
			return perr
		}
		it := Item{ID: id('K', n), Kind: one("kind"), Title: title, Body: body, Agent: one("agent"), Project: one("project")}
		if it.Tags, perr = ParseTags(one("tags")); perr != nil {
			return perr
		}
		ts := times("created", "updated")
		it.Created, it.Updated = ts[0].t, ts[1].t
		if p := one("promotion"); p != "" {
			state, when, _ := strings.Cut(p, " ")
			it.Promotion = state
			if it.Promoted, perr = ParseTime(when); perr != nil {
				return fmt.Errorf("promotion: %w", perr)
			}
		}
		d.Items = append(d.Items, it)
		for _, line := range meta["observation"] {
			o, perr := parseObservation(line)
			if perr != nil {
				return perr
			}
			o.Item = it.ID
			d.Observations = append(d.Observations, o)
		}
	default:
		return fmt.Errorf("%w section %q", ErrInvalid, head)
	}
	return err
}

// recordKeys are the "- key: value" lines each kind of record has.
var recordKeys = map[string][]string{
	"Project": {"status", "created", "updated"},
	"Task":    {"project", "status", "priority", "assignee", "depends-on", "created", "updated", "done"},
	"Item":    {"kind", "project", "tags", "agent", "created", "updated", "promotion", "observation"},
}

type timeField struct {
	key string
	t   time.Time
}

func parseObservation(line string) (Observation, error) {
	f := strings.SplitN(line, " | ", 6)
	if len(f) < 5 {
		return Observation{}, fmt.Errorf("%w observation %q: want \"O1 | TIME | AGENT | success|failure | PROJECT | NOTE\"", ErrInvalid, line)
	}
	n, err := parseID('O', "observation", f[0])
	if err != nil {
		return Observation{}, err
	}
	o := Observation{ID: id('O', n), Agent: f[2], Project: f[4]}
	if o.Time, err = ParseTime(f[1]); err != nil {
		return Observation{}, err
	}
	switch f[3] {
	case "success":
		o.Success = true
	case "failure":
	default:
		return Observation{}, fmt.Errorf("%w observation %s: result %q is neither success nor failure", ErrInvalid, o.ID, f[3])
	}
	if o.Project == "-" {
		o.Project = ""
	}
	if len(f) == 6 {
		o.Note = f[5]
	}
	return o, nil
}
