// Package memorybank imports a Cline or Roo Code memory bank (a folder of
// markdown files the agent keeps: projectbrief.md, productContext.md,
// activeContext.md, systemPatterns.md, techContext.md, progress.md,
// decisionLog.md) into an archon workspace: the dated items of the log
// files (decisionLog.md, progress.md) become entries on their dates, the
// rest becomes sections of MEMORY.md.
package memorybank

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/archon-memory/archon/internal/keyset"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/memory"
)

// Agent is the agent name of imported entries.
const Agent = "memory-bank"

// logFiles are the files whose dated items are entries, with the tag
// each item gets.
var logFiles = map[string]string{"decisionlog.md": "decision", "progress.md": "progress"}

// dated finds a date (and maybe a time) near the start of a line: "[2025-03-04 10:15:22] - ...",
// "## 2025-02-26: ...", "- 2025-02-26 - ...", "**2025-02-26**", "- [x] 2025-02-26: ...",
// "2025/02/26 - ...".
var dated = regexp.MustCompile(`^\s*(#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+\.\s+)?[\[(*_]*\s*(\d{4}[-/]\d{2}[-/]\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?`)

// dateOf returns the ISO date a dated match names, "" when none.
func dateOf(m []string) string {
	if m == nil {
		return ""
	}
	d := strings.ReplaceAll(m[2], "/", "-")
	if !validDate(d) {
		return ""
	}
	return d
}

var heading = regexp.MustCompile(`^(#{1,6})\s`)

// Import is what importing a memory bank adds.
type Import struct {
	Entries  []app.LogRequest
	Keys     []string // a key per entry, for the import record
	Sections []app.SectionRequest
	// Known counts the items an earlier import had taken.
	Known int
}

// Plan reads the memory bank in dir, skipping items whose keys are in
// known.
func Plan(dir string, known map[string]bool) (*Import, error) {
	// The folder's name is no pattern (a project named proj[v2]).
	files, err := filepath.Glob(filepath.Join(globEscape(dir), "*.md"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s holds no markdown files (a memory bank is a folder such as memory-bank/)", dir)
	}
	sort.Strings(files)
	im := &Import{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(f)
		text := strings.ReplaceAll(string(data), "\r\n", "\n")
		rest := text
		if tag, ok := logFiles[strings.ToLower(name)]; ok {
			var items []item
			items, rest = split(text)
			for _, it := range items {
				key := hash(name + "\x00" + it.date + "\x00" + it.text)
				if known[key] {
					im.Known++
					continue
				}
				tm := it.time
				if tm == "" {
					tm = "00:00"
				}
				im.Entries = append(im.Entries, app.LogRequest{Text: it.text, Agent: Agent, Date: it.date, Time: tm,
					Tags: []string{tag, "memory-bank", "imported"}, IfNew: true})
				im.Keys = append(im.Keys, key)
			}
		}
		if body := strings.TrimSpace(rest); hasContent(body) {
			// Named with the project: one workspace takes several
			// projects' banks, each file a section of its own.
			im.Sections = append(im.Sections, app.SectionRequest{Heading: "From the memory bank: " + project(dir) + "/" + name, Text: body})
		}
	}
	return im, nil
}

// item is one dated item of a log file.
type item struct {
	date, time, text string
}

// split cuts the dated items out of a log file: an item starts at a line
// that opens with a date and runs until the next such line, or until a
// heading of its own level or higher (a dated heading), or a bullet at its
// indentation or less (a dated bullet). What is left is returned as rest.
func split(text string) ([]item, string) {
	lines := strings.Split(text, "\n")
	var items []item
	var rest []string
	for i := 0; i < len(lines); {
		m := dated.FindStringSubmatch(lines[i])
		date := dateOf(m)
		if date == "" {
			rest = append(rest, lines[i])
			i++
			continue
		}
		level, indent := headingLevel(lines[i]), indentOf(lines[i])
		j := i + 1
		for ; j < len(lines); j++ {
			l := lines[j]
			if dateOf(dated.FindStringSubmatch(l)) != "" {
				break
			}
			if h := headingLevel(l); h > 0 && (level == 0 || h <= level) {
				break
			}
			if level == 0 && strings.TrimSpace(l) != "" && indentOf(l) <= indent && isBullet(l) {
				break
			}
		}
		body := strings.TrimSpace(strings.Join(lines[i:j], "\n"))
		body = strings.TrimLeft(body, "#-*+ ")
		// The emphasis that closed around the date ("**2025-02-26**").
		for _, mark := range []string{"**", "__", "*", "_"} {
			if strings.Contains(body, m[2]+mark) {
				body = strings.Replace(body, m[2]+mark, m[2], 1)
				break
			}
		}
		items = append(items, item{date: date, time: m[3], text: body})
		i = j
	}
	return items, strings.Join(rest, "\n")
}

func validDate(d string) bool { return memory.ValidateDate(d) == nil }

func headingLevel(l string) int {
	if m := heading.FindStringSubmatch(l); m != nil {
		return len(m[1])
	}
	return 0
}

func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }

func isBullet(l string) bool {
	t := strings.TrimLeft(l, " \t")
	return strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+ ")
}

// hasContent reports whether s holds more than headings and separators.
func hasContent(s string) bool {
	for _, l := range strings.Split(s, "\n") {
		t := strings.TrimSpace(l)
		if t != "" && headingLevel(t) == 0 && strings.Trim(t, "-*_=") != "" {
			return true
		}
	}
	return false
}

func hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:12])
}

// Record is the set of keys imported so far.
type Record = keyset.Set

// LoadRecord reads an import record (missing: empty).
func LoadRecord(path string) (Record, error) { return keyset.Load(path) }

// project names a memory bank's project: the folder that holds
// memory-bank/ (or the bank's own folder, named otherwise).
func project(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	if b := filepath.Base(abs); !strings.EqualFold(b, "memory-bank") && !strings.EqualFold(b, ".memory-bank") {
		return b
	}
	return filepath.Base(filepath.Dir(abs))
}

// globEscape escapes the characters filepath.Glob reads as a pattern.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
