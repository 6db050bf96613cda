package memory

import (
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Log is a parsed daily log.
type Log struct {
	// Path is the file relative to the workspace root, with forward slashes.
	Path string `json:"path"`
	// Date is the day the file covers, taken from its name (YYYY-MM-DD), or
	// from its title line when the name holds no date.
	Date string `json:"date"`
	// Entries are the entries in file order.
	Entries []Entry `json:"entries"`
	// FreeForm is true when the file has no entry headings at all. Such a
	// file is still indexed, chunked by its markdown headings.
	FreeForm bool `json:"free_form"`
	// Lines is the number of lines in the file.
	Lines int `json:"lines"`
	// Warnings describe what was odd about the file (bad headings, invalid
	// UTF-8, NUL bytes, a title that disagrees with the file name), each
	// as "path:line: what" (memory/2026-11-29.md:14: malformed entry
	// heading ...). Parsing never fails.
	Warnings []string `json:"warnings,omitempty"`
}

var (
	logNameRe = regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})\.md$`)
	titleRe   = regexp.MustCompile(`^#[ \t]+([0-9]{4}-[0-9]{2}-[0-9]{2})[ \t]*$`)
)

// LogDate returns the date a daily-log file name stands for, and whether the
// name is a daily-log name (YYYY-MM-DD.md with a real date).
func LogDate(name string) (string, bool) {
	m := logNameRe.FindStringSubmatch(path.Base(name))
	if m == nil || ValidateDate(m[1]) != nil {
		return "", false
	}
	return m[1], true
}

// ParseLog parses the daily log data stored at rel (a path relative to the
// workspace root). It never fails: whatever is odd is reported in Warnings,
// and invalid UTF-8 is replaced by U+FFFD.
func ParseLog(rel string, data []byte) *Log {
	return ParseLogLines(rel, data, SplitLines(data))
}

// ParseLogLines is ParseLog for a caller that already split data with
// SplitLines (a big log is then held in memory once, not twice).
func ParseLogLines(rel string, data []byte, lines []string) *Log {
	l := &Log{Path: rel}
	l.Date, _ = LogDate(rel)
	l.Warnings = byteWarnings(rel, data)
	if len(lines) == 0 {
		l.FreeForm = true
		return l
	}
	l.Lines = len(lines)

	var cur *Entry
	var body []string
	flush := func() {
		if cur == nil {
			return
		}
		end := len(body)
		for end > 0 && strings.TrimSpace(body[end-1]) == "" {
			end--
		}
		start := 0
		for start < end && strings.TrimSpace(body[start]) == "" {
			start++
		}
		if end > 0 {
			cur.LineEnd = cur.LineStart + end
		} else {
			cur.LineEnd = cur.LineStart
		}
		out := make([]string, 0, end-start)
		for _, b := range body[start:end] {
			out = append(out, UnescapeLine(strings.TrimRight(b, " \t")))
		}
		cur.Text = strings.Join(out, "\n")
		l.Entries = append(l.Entries, *cur)
		cur, body = nil, body[:0]
	}
	for i, line := range lines {
		if cur == nil && len(l.Entries) == 0 {
			if m := titleRe.FindStringSubmatch(line); m != nil {
				if l.Date == "" && ValidateDate(m[1]) == nil {
					l.Date = m[1]
				} else if l.Date == "" {
					l.Warnings = append(l.Warnings, fmt.Sprintf("%s: title date %s is not a real calendar date", at(rel, i+1), m[1]))
				} else if m[1] != l.Date {
					l.Warnings = append(l.Warnings, fmt.Sprintf("%s: title date %s differs from the file name's date %s", at(rel, i+1), m[1], l.Date))
				}
				continue
			}
		}
		if !boundaryRe.MatchString(line) {
			if cur != nil {
				body = append(body, line)
			}
			continue
		}
		flush()
		e, ok := parseHeading(line)
		if !ok {
			l.Warnings = append(l.Warnings, fmt.Sprintf("%s: malformed entry heading %q (want ## HH:MM[:SS] [agent] [#tag ...])", at(rel, i+1), line))
			e = Entry{Title: strings.TrimSpace(strings.TrimPrefix(line, "##"))}
		}
		e.Date, e.Path, e.LineStart = l.Date, rel, i+1
		cur = &e
	}
	flush()
	l.FreeForm = len(l.Entries) == 0
	return l
}

// SplitLines splits file data into lines the way ParseLog numbers them:
// line i+1 of the file is element i, without its line ending ("\n" or
// "\r\n") and, on the first line, a byte-order mark. Invalid UTF-8 is
// replaced by U+FFFD.
func SplitLines(data []byte) []string {
	text := string(data)
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, "\uFFFD")
	}
	text = strings.TrimSuffix(strings.TrimPrefix(text, "\uFEFF"), "\n") // a byte-order mark is no text
	if text == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
