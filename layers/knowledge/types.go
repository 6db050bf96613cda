package knowledge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/archon-memory/archon/memory"
)

// Project groups tasks and knowledge items.
type Project struct {
	// ID is "P" and a number, e.g. P1.
	ID string `json:"id"`
	// Name is a unique slug (letters, digits, '.', '_', '-'), e.g. tessera.
	Name string `json:"name"`
	// Description is free markdown.
	Description string `json:"description"`
	// Status is active, paused, done or archived.
	Status string `json:"status"`
	// Created and Updated are for display; order by UpdatedSeq.
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// UpdatedSeq is the store sequence number of the latest change.
	UpdatedSeq int64 `json:"updated_seq"`
}

// Task is a unit of work, possibly waiting on other tasks.
type Task struct {
	// ID is "T" and a number, e.g. T12.
	ID string `json:"id"`
	// Project is the project's name, or "".
	Project string `json:"project"`
	// Title is one line.
	Title string `json:"title"`
	// Description is free markdown.
	Description string `json:"description"`
	// Status is todo, doing, blocked or done.
	Status string `json:"status"`
	// Priority is 0 (low), 1 (normal), 2 (high) or 3 (urgent).
	Priority int `json:"priority"`
	// Assignee is an agent or person name, or "".
	Assignee string `json:"assignee"`
	// DependsOn lists the ids of the tasks this one waits for, sorted.
	DependsOn []string `json:"depends_on"`
	// Created, Updated and Done (zero unless done) are for display.
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	Done    time.Time `json:"done,omitzero"`
	// UpdatedSeq is the store sequence number of the latest change.
	UpdatedSeq int64 `json:"updated_seq"`
}

// Item is a piece of knowledge: a pattern, decision, gotcha, best practice
// or note.
type Item struct {
	// ID is "K" and a number, e.g. K7.
	ID string `json:"id"`
	// Kind is one of Kinds().
	Kind string `json:"kind"`
	// Title is one line.
	Title string `json:"title"`
	// Body is free markdown.
	Body string `json:"body"`
	// Tags are lower-case words, sorted, without duplicates.
	Tags []string `json:"tags"`
	// Agent is the source agent, or "".
	Agent string `json:"agent"`
	// Project is the project's name, or "".
	Project string `json:"project"`
	// Created and Updated are for display.
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// Promotion is "" (never promoted), "promoted" (in MEMORY.md) or
	// "removed" (a person deleted it from MEMORY.md; not re-added).
	Promotion string `json:"promotion,omitempty"`
	// Promoted is when the item was promoted to MEMORY.md.
	Promoted time.Time `json:"promoted,omitzero"`
	// UpdatedSeq is the store sequence number of the latest change.
	UpdatedSeq int64 `json:"updated_seq"`
}

// Observation records how an item went for an agent.
type Observation struct {
	// ID is "O" and a number.
	ID string `json:"id"`
	// Item is the item's id.
	Item string `json:"item"`
	// Agent is who used the item.
	Agent string `json:"agent"`
	// Success tells whether it worked.
	Success bool `json:"success"`
	// Project is where it was used, or "".
	Project string `json:"project"`
	// Time is for display.
	Time time.Time `json:"time"`
	// Note is one line of free text.
	Note string `json:"note"`
}

// Task statuses.
const (
	StatusTodo    = "todo"
	StatusDoing   = "doing"
	StatusBlocked = "blocked"
	StatusDone    = "done"
)

// TaskStatuses lists the valid task statuses.
func TaskStatuses() []string { return []string{StatusTodo, StatusDoing, StatusBlocked, StatusDone} }

// ProjectStatuses lists the valid project statuses.
func ProjectStatuses() []string { return []string{"active", "paused", "done", "archived"} }

// Kinds lists the valid item kinds.
func Kinds() []string { return []string{"pattern", "best-practice", "gotcha", "decision", "note"} }

// Promotion states of an item.
const (
	PromotionNone     = ""
	PromotionPromoted = "promoted"
	PromotionRemoved  = "removed"
	// PromotionRejected: a person turned the promotion down in review.
	PromotionRejected = "rejected"
)

// PriorityNames names priorities 0..3.
func PriorityNames() []string { return []string{"low", "normal", "high", "urgent"} }

// PriorityName returns the name of priority p.
func PriorityName(p int) string {
	if p >= 0 && p < len(PriorityNames()) {
		return PriorityNames()[p]
	}
	return strconv.Itoa(p)
}

// ParsePriority accepts 0-3 or low, normal, high, urgent.
func ParsePriority(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := slices.Index(PriorityNames(), s); i >= 0 {
		return i, nil
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 0 && n < len(PriorityNames()) {
		return n, nil
	}
	return 0, fmt.Errorf("%w priority %q: use 0-3 or low, normal, high, urgent", ErrInvalid, s)
}

// ParseKind normalizes an item kind ("best_practice" -> "best-practice").
func ParseKind(s string) (string, error) {
	k := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "_", "-")
	if k == "bestpractice" {
		k = "best-practice"
	}
	if !slices.Contains(Kinds(), k) {
		return "", fmt.Errorf("%w kind %q: use one of %s", ErrInvalid, s, strings.Join(Kinds(), ", "))
	}
	return k, nil
}

func checkOneOf(what, v string, allowed []string) error {
	if !slices.Contains(allowed, v) {
		return fmt.Errorf("%w %s %q: use one of %s", ErrInvalid, what, v, strings.Join(allowed, ", "))
	}
	return nil
}

// checkName validates a one-word name (project, agent, assignee); empty is
// allowed when optional.
func checkName(what, s string, optional bool) error {
	if s == "" {
		if optional {
			return nil
		}
		return fmt.Errorf("%w %s: empty", ErrInvalid, what)
	}
	if len(s) > 100 {
		return fmt.Errorf("%w %s %q: longer than 100 bytes", ErrInvalid, what, s[:20]+"...")
	}
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' || r == '-') {
			return fmt.Errorf("%w %s %q: use one word of letters, digits, '.', '_', '-'", ErrInvalid, what, s)
		}
	}
	return nil
}

// checkLine validates a one-line text (titles, notes).
func checkLine(what, s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("%w %s: empty", ErrInvalid, what)
	}
	if strings.ContainsAny(s, "\r\n") {
		return fmt.Errorf("%w %s: must be one line", ErrInvalid, what)
	}
	return checkText(what, s)
}

// MaxLineBytes bounds a new title of a task or an item.
const MaxLineBytes = 1000

// checkNew holds what is new in a record (added, or a field changed) to
// the rules of new input: a title of at most MaxLineBytes, tags by the
// log's rule. What a record already had, or an export brings back, keeps
// the older, looser rules: it stays readable, editable and restorable.
func checkNew(what, title string, tags []string) error {
	if n := len(strings.TrimSpace(title)); n > MaxLineBytes {
		return fmt.Errorf("%w %s: %d bytes, at most %d (the rest belongs in the description or body)", ErrInvalid, what, n, MaxLineBytes)
	}
	for _, t := range tags {
		for _, one := range strings.Split(t, ",") {
			// The rules of a log entry's tags: one tag means one thing
			// in every layer.
			if _, err := memory.NormalizeTag(one); err != nil && strings.TrimSpace(one) != "" {
				return invalid{err}
			}
		}
	}
	return nil
}

func checkText(what, s string) error {
	if strings.ContainsRune(s, 0) || !utf8Valid(s) {
		return fmt.Errorf("%w %s: must be valid UTF-8 without NUL bytes", ErrInvalid, what)
	}
	return nil
}

// NormalizeText trims trailing white space and leading blank lines, the form
// in which descriptions and bodies are stored (and exported).
func NormalizeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.TrimRight(s, " \t\r\n")
	for {
		line, rest, ok := strings.Cut(s, "\n")
		if !ok || strings.TrimSpace(line) != "" {
			break
		}
		s = rest
	}
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return s
}

// ParseTags splits "a, B,c" into sorted, lower-cased, unique tags; a
// leading '#' is dropped. It reads tags as stored and exported (see
// checkNew for new ones).
func ParseTags(s string) ([]string, error) {
	var out []string
	for _, t := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		t = strings.ToLower(strings.TrimPrefix(t, "#"))
		if t == "" {
			continue
		}
		for _, r := range t {
			if !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("._-/", r)) {
				return nil, fmt.Errorf("%w tag %q: use letters, digits, '.', '_', '-', '/'", ErrInvalid, t)
			}
		}
		out = append(out, t)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// invalid is a validation error of another package (it says what is
// wrong) that is also ErrInvalid.
type invalid struct{ error }

func (e invalid) Is(target error) bool { return target == ErrInvalid }
func (e invalid) Unwrap() error        { return e.error }

// id renders a numeric id with its prefix.
func id(prefix byte, n int64) string { return string(prefix) + strconv.FormatInt(n, 10) }

// parseID parses "T12" (or "t12", or "12") for prefix 'T'.
func parseID(prefix byte, what, s string) (int64, error) {
	t := strings.TrimSpace(s)
	if len(t) > 0 && (t[0] == prefix || t[0] == prefix+'a'-'A') {
		t = t[1:]
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%w %s id %q: want %c and a number, e.g. %c1", ErrInvalid, what, s, prefix, prefix)
	}
	return n, nil
}

func utf8Valid(s string) bool { return utf8.ValidString(s) }

// Summary is the task on one line: id, status, priority, title, then
// project, assignee and dependencies.
func (t Task) Summary() string {
	var extra []string
	if t.Project != "" {
		extra = append(extra, "project "+t.Project)
	}
	if t.Assignee != "" {
		extra = append(extra, "@"+t.Assignee)
	}
	if len(t.DependsOn) > 0 {
		extra = append(extra, "after "+strings.Join(t.DependsOn, ", "))
	}
	return fmt.Sprintf("%-4s %-7s %-6s %s", t.ID, t.Status, PriorityName(t.Priority), t.Title) + paren(extra)
}

// Summary is the item on one line: id, kind, title, then tags, project,
// agent and promotion state.
func (it Item) Summary() string {
	var extra []string
	if len(it.Tags) > 0 {
		extra = append(extra, "#"+strings.Join(it.Tags, " #"))
	}
	if it.Project != "" {
		extra = append(extra, "project "+it.Project)
	}
	if it.Agent != "" {
		extra = append(extra, "by "+it.Agent)
	}
	if it.Promotion != "" {
		extra = append(extra, it.Promotion)
	}
	return fmt.Sprintf("%-4s %-13s %s", it.ID, it.Kind, it.Title) + paren(extra)
}

func paren(parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	return "  (" + strings.Join(parts, "; ") + ")"
}

// Summary is the observation on one line.
func (o Observation) Summary() string {
	res := "failure"
	if o.Success {
		res = "success"
	}
	s := fmt.Sprintf("%s %s %s by %s", o.ID, o.Time.Format("2006-01-02 15:04"), res, o.Agent)
	if o.Project != "" {
		s += " in " + o.Project
	}
	if o.Note != "" {
		s += ": " + o.Note
	}
	return s
}

// Details is the task as a person reads it: its summary, times (in loc,
// the workspace's time zone, as its logs are written; UTC when nil) and
// description.
func (t Task) Details(loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	at := func(x time.Time) string { return x.In(loc).Format("2006-01-02 15:04") }
	s := t.Summary() + fmt.Sprintf("\n     created %s, updated %s", at(t.Created), at(t.Updated))
	if !t.Done.IsZero() {
		s += ", done " + at(t.Done)
	}
	if t.Description != "" {
		s += "\n\n" + t.Description + "\n"
	}
	return s
}

// Summary is the project on one line: id, name, status and the first line
// of its description.
func (p Project) Summary() string {
	first, _, _ := strings.Cut(p.Description, "\n")
	return strings.TrimRight(fmt.Sprintf("%-4s %-20s [%s]  %s", p.ID, p.Name, p.Status, first), " ")
}
