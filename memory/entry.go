package memory

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// Entry is one daily-log entry.
type Entry struct {
	// Date is the entry's day, YYYY-MM-DD.
	Date string `json:"date"`
	// Time is HH:MM or HH:MM:SS, 24-hour clock.
	Time string `json:"time"`
	// Agent names who wrote the entry; it may be empty.
	Agent string `json:"agent,omitempty"`
	// Tags are the entry's tags, lower-case, without the leading '#'.
	Tags []string `json:"tags,omitempty"`
	// Title holds any further words of the heading after the agent.
	Title string `json:"title,omitempty"`
	// Text is the entry body with surrounding blank lines removed.
	Text string `json:"text"`
	// Path is the log file relative to the workspace root, with forward
	// slashes (memory/2026-11-29.md).
	Path string `json:"path"`
	// LineStart is the 1-based line of the entry heading.
	LineStart int `json:"line_start"`
	// LineEnd is the 1-based line of the entry's last non-blank line.
	LineEnd int `json:"line_end"`
	// Ordinal, set by Append, counts the entries before it in its log
	// that were logged alike but for their tags (time, agent, title and
	// text): ids number such an entry apart ("-2" for the second).
	Ordinal int `json:"-"`
	// IfNew, given to Append, skips the entry when its log already holds
	// one logged alike (its Ordinal would be above 0): an import run again
	// after its record was lost adds nothing twice. Existed, set by
	// Append, says it was skipped so; its line range is then unknown (0).
	IfNew   bool `json:"-"`
	Existed bool `json:"existed,omitempty"`
}

// Validation errors callers can test for with errors.Is.
var (
	ErrInvalidDate  = errors.New("invalid date")
	ErrInvalidTime  = errors.New("invalid time")
	ErrInvalidAgent = errors.New("invalid agent name")
	ErrInvalidTag   = errors.New("invalid tag")
	ErrInvalidText  = errors.New("invalid entry text")
	ErrTooLarge     = errors.New("entry too large")
)

var (
	// boundaryRe matches any line that ends the previous entry: a level-2
	// heading whose first word starts like a clock time. Torn writes of a
	// heading ("## 14:0") are boundaries too, so they never merge into the
	// previous entry's text.
	boundaryRe = regexp.MustCompile(`^##[ \t]+[0-9]{1,2}(:|[ \t]*$)`)
	// escapedRe matches body lines stored with escaping backslashes.
	escapedRe = regexp.MustCompile(`^\\+##[ \t]+[0-9]{1,2}(:|[ \t]*$)`)
	// needsEscapeRe matches body lines that must gain one backslash.
	needsEscapeRe = regexp.MustCompile(`^\\*##[ \t]+[0-9]{1,2}(:|[ \t]*$)`)
	headingRe     = regexp.MustCompile(`^##[ \t]+([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?(?:[ \t]+(.*?))?[ \t]*$`)
	agentRe       = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N}._-]{0,63}$`)
	tagRe         = regexp.MustCompile(`^[\p{L}\p{N}_][\p{L}\p{N}_/.-]{0,63}$`)
	timeRe        = regexp.MustCompile(`^([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?$`)
)

// FutureDays is how far past the workspace's today a log's date may lie:
// another time zone's today is up to two days ahead.
const FutureDays = 2

// EarliestYear is the first year a log entry may be dated.
const EarliestYear = 1970

// CheckLogDate refuses a date a new entry may not carry, whoever writes
// it (archon log, the memory tool, an import): further ahead of the
// workspace's today than FutureDays (a typo, "2027" for "2026", that would
// head every session start's digest until the day came), or before
// EarliestYear (year 1 or 0200, a zero value, that would start the logs'
// range there on every status and timeline). "" (today) is fine.
func (w *Workspace) CheckLogDate(date string) error {
	if date == "" {
		return nil
	}
	today := w.Now()
	d, err := time.ParseInLocation(time.DateOnly, date, today.Location())
	if err != nil {
		return nil // ValidateDate says what is wrong with it
	}
	if d.After(today.AddDate(0, 0, FutureDays)) {
		return fmt.Errorf("%w: %s is in the future (today is %s; a date up to %d days ahead is taken, another time zone's today): a log records what happened",
			ErrInvalidDate, date, today.Format(time.DateOnly), FutureDays)
	}
	if d.Year() < EarliestYear {
		return fmt.Errorf("%w: %s is before %d: a log records an agent's work", ErrInvalidDate, date, EarliestYear)
	}
	return nil
}

// ValidateDate reports whether s is a real calendar date in YYYY-MM-DD form.
func ValidateDate(s string) error {
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return fmt.Errorf("%w %q: want a real calendar date as YYYY-MM-DD", ErrInvalidDate, s)
	}
	return nil
}

// ValidateTime reports whether s is HH:MM or HH:MM:SS on a 24-hour clock.
func ValidateTime(s string) error {
	m := timeRe.FindStringSubmatch(s)
	if m == nil || atoi(m[1]) > 23 || atoi(m[2]) > 59 || (m[3] != "" && atoi(m[3]) > 59) {
		return fmt.Errorf("%w %q: want HH:MM or HH:MM:SS (24-hour clock)", ErrInvalidTime, s)
	}
	return nil
}

// ValidateAgent reports whether s can be used as an agent name: one word of
// letters, digits, '.', '_' or '-', at most 64 characters.
func ValidateAgent(s string) error {
	if !agentRe.MatchString(s) {
		return fmt.Errorf("%w %q: use one word of letters, digits, '.', '_' or '-' (at most 64)", ErrInvalidAgent, s)
	}
	return nil
}

// NormalizeTag lower-cases a tag, drops one leading '#', and validates it.
func NormalizeTag(s string) (string, error) {
	t := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(s), "#"))
	if !tagRe.MatchString(t) {
		return "", fmt.Errorf("%w %q: a letter, digit or '_' first, then letters, digits, '_', '-', '.' or '/', no spaces, at most 64", ErrInvalidTag, s)
	}
	return t, nil
}

// NormalizeText validates entry text and returns it in the form it reads back
// as: line endings are LF, surrounding blank lines and trailing white space
// are removed. Text must be non-empty, valid UTF-8, free of NUL bytes, and at
// most maxBytes long (no limit when maxBytes <= 0).
func NormalizeText(text string, maxBytes int) (string, error) {
	if maxBytes > 0 && len(text) > maxBytes {
		return "", fmt.Errorf("%w: %d bytes, the limit is %d (log.max_entry_bytes)", ErrTooLarge, len(text), maxBytes)
	}
	if !utf8.ValidString(text) {
		off := 0
		for off < len(text) {
			r, n := utf8.DecodeRuneInString(text[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		return "", fmt.Errorf("%w: not valid UTF-8 (first bad byte at offset %d)", ErrInvalidText, off)
	}
	if i := strings.IndexByte(text, 0); i >= 0 {
		return "", fmt.Errorf("%w: contains a NUL byte at offset %d", ErrInvalidText, i)
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return "", fmt.Errorf("%w: empty text", ErrInvalidText)
	}
	return strings.Join(lines, "\n"), nil
}

// escapeBody adds one backslash to every line that would otherwise be read as
// an entry heading.
func escapeBody(text string) string {
	if !strings.Contains(text, "##") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if needsEscapeRe.MatchString(l) {
			lines[i] = `\` + l
		}
	}
	return strings.Join(lines, "\n")
}

// UnescapeLine reverses the escape of heading-like lines in entry text: a
// stored "\\## 14:03" reads as "## 14:03". Other lines are returned as they are.
func UnescapeLine(l string) string {
	if len(l) > 0 && l[0] == '\\' && escapedRe.MatchString(l) {
		return l[1:]
	}
	return l
}

// Stored is the entry as an append writes it after the file's last line:
// a blank line, its heading and its body, heading-like lines escaped.
func (e Entry) Stored() string {
	return "\n" + e.heading() + "\n" + escapeBody(e.Text) + "\n"
}

// heading renders the entry heading line without a trailing newline.
func (e Entry) heading() string {
	var b strings.Builder
	b.WriteString("## ")
	b.WriteString(e.Time)
	if e.Agent != "" {
		b.WriteByte(' ')
		b.WriteString(e.Agent)
	}
	if e.Title != "" {
		b.WriteByte(' ')
		b.WriteString(e.Title)
	}
	for _, t := range e.Tags {
		b.WriteString(" #")
		b.WriteString(t)
	}
	return b.String()
}

// parseHeading parses an entry heading line. ok is false when the line is an
// entry boundary that is not a valid heading (for example a torn write).
func parseHeading(line string) (e Entry, ok bool) {
	m := headingRe.FindStringSubmatch(line)
	if m == nil {
		return Entry{}, false
	}
	hh, mm := atoi(m[1]), atoi(m[2])
	if hh > 23 || mm > 59 || (m[3] != "" && atoi(m[3]) > 59) {
		return Entry{}, false
	}
	e.Time = fmt.Sprintf("%02d:%02d", hh, mm)
	if m[3] != "" {
		e.Time += ":" + m[3]
	}
	var title []string
	for i, w := range strings.Fields(m[4]) {
		switch {
		case strings.HasPrefix(w, "#") && len(w) > 1:
			if t, err := NormalizeTag(w); err == nil {
				e.Tags = append(e.Tags, t)
			} else {
				title = append(title, w)
			}
		case i == 0 && agentRe.MatchString(w):
			e.Agent = w
		default:
			title = append(title, w)
		}
	}
	e.Title = strings.Join(title, " ")
	return e, true
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
