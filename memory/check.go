package memory

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// CheckMarkdown reports what is wrong with a markdown file of the
// workspace, its contents data stored at rel (relative to the root), each
// problem as "path:line: what":
//
//   - NUL bytes and invalid UTF-8 (read as U+FFFD), with the first line and
//     column that holds them and how many lines do;
//   - a missing title: the first non-blank line must be a "# " heading.
//
// It is for MEMORY.md, MEMORY_SUMMARY.md and the identity files. For a
// daily log (memory/YYYY-MM-DD.md, archived or not) it returns what
// ParseLog warns about instead: its title line is "# YYYY-MM-DD", and a
// log without one is free-form, not wrong. A file that does not exist is
// no problem of CheckMarkdown's: callers skip it, as L1 skips a missing
// identity file.
func CheckMarkdown(rel string, data []byte) []string {
	if checkLogPath(rel) == nil {
		return ParseLog(rel, data).Warnings
	}
	warn := byteWarnings(rel, data)
	line := 1
	rest := bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF")) // a byte-order mark some editors write
	for {
		l, more, ok := bytes.Cut(rest, []byte{'\n'})
		l = bytes.TrimSuffix(l, []byte{'\r'})
		if len(bytes.TrimSpace(l)) > 0 {
			if !bytes.HasPrefix(l, []byte("# ")) && !bytes.HasPrefix(l, []byte("#\t")) {
				warn = append(warn, fmt.Sprintf("%s: no title: the first line is %q, want a \"# \" heading", at(rel, line), clip(l)))
			}
			break
		}
		if !ok {
			what := "the file is empty"
			if len(data) > 0 {
				what = "the file holds only blank lines"
			}
			warn = append(warn, fmt.Sprintf("%s: no title: %s, want a \"# \" heading first", at(rel, 1), what))
			break
		}
		rest, line = more, line+1
	}
	return warn
}

// byteWarnings reports NUL bytes and invalid UTF-8 in data: for each, the
// first line and column (1-based, in bytes) and how many lines hold one.
func byteWarnings(rel string, data []byte) []string {
	hasNUL := bytes.IndexByte(data, 0) >= 0
	if !hasNUL && utf8.Valid(data) {
		return nil
	}
	var nulLine, nulCol, nulLines, badLine, badCol, badLines int
	for n, rest := 1, data; len(rest) > 0; n++ {
		l, more, _ := bytes.Cut(rest, []byte{'\n'})
		if i := bytes.IndexByte(l, 0); i >= 0 {
			if nulLines == 0 {
				nulLine, nulCol = n, i+1
			}
			nulLines++
		}
		if !utf8.Valid(l) {
			if badLines == 0 {
				badLine, badCol = n, firstInvalid(l)+1
			}
			badLines++
		}
		rest = more
	}
	var warn []string
	if nulLines > 0 {
		warn = append(warn, fmt.Sprintf("%s: NUL byte at column %d%s", at(rel, nulLine), nulCol, manyLines(nulLines)))
	}
	if badLines > 0 {
		warn = append(warn, fmt.Sprintf("%s: invalid UTF-8 at column %d%s; invalid bytes read as U+FFFD", at(rel, badLine), badCol, manyLines(badLines)))
	}
	return warn
}

// firstInvalid returns the offset of the first byte of b that is not
// valid UTF-8.
func firstInvalid(b []byte) int {
	off := 0
	for off < len(b) {
		r, n := utf8.DecodeRune(b[off:])
		if r == utf8.RuneError && n <= 1 {
			return off
		}
		off += n
	}
	return off
}

// manyLines says how many lines in all hold a problem, when more than one.
func manyLines(lines int) string {
	if lines < 2 {
		return ""
	}
	return fmt.Sprintf(" (%d lines hold one)", lines)
}

// at names a line of a file as "path:line", or "line N" without a path.
func at(rel string, line int) string {
	if rel == "" {
		return fmt.Sprintf("line %d", line)
	}
	return fmt.Sprintf("%s:%d", rel, line)
}

// clip shortens a line quoted in a warning.
func clip(l []byte) string {
	s := string(l)
	if len(s) > 60 {
		s = s[:60]
		for !utf8.ValidString(s) && len(s) > 0 {
			s = s[:len(s)-1]
		}
		s += "..."
	}
	return s
}

// HeadingLevel returns the level of a markdown ATX heading line ("##
// Decisions": 2), or 0 when l is not one.
func HeadingLevel(l string) int {
	n := 0
	for n < len(l) && n < 7 && l[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(l) && l[n] != ' ' && l[n] != '\t') {
		return 0
	}
	return n
}
