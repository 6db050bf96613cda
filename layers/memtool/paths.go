package memtool

import (
	"strings"
	"unicode/utf8"

	"github.com/archon-memory/archon/memory"
)

// Root is the directory the tool sees.
const Root = "/memories"

// dailyDir is the virtual folder of the daily logs, under Root.
const dailyDir = "daily"

// kind says what a tool path maps to.
type kind int

const (
	kindRoot     kind = iota // /memories itself
	kindFixed                // MEMORY.md or MEMORY_SUMMARY.md
	kindDailyDir             // /memories/daily
	kindDaily                // /memories/daily/YYYY-MM-DD.md
	kindFolder               // a file or directory of memories/
)

// target is a parsed tool path.
type target struct {
	path string // the tool path, cleaned (/memories/notes/a.md)
	kind kind
	rel  string // the workspace path: MEMORY.md, memories/notes/a.md ("" for virtual ones)
	name string // the path inside memories/ (notes/a.md), for kindFolder
	date string // for kindDaily
}

// Path limits: far above any real name, low enough that a hostile one
// costs nothing. A name leaves room for the suffix of the temporary file
// an atomic write makes beside it (file systems take 255 bytes).
const (
	maxPathBytes    = 1024
	maxSegmentBytes = 200
)

// parse maps a tool path to what it names. A path must be /memories or
// start with /memories/, and may not hold "." or ".." segments, empty
// segments (but for one trailing slash), backslashes, control characters
// or hidden names: nothing it names can be outside the workspace, and no
// two spellings name one file.
func parse(p string) (target, error) {
	if p == "" {
		return target{}, refuse("missing path: every path starts with %s", Root)
	}
	if len(p) > maxPathBytes || !utf8.ValidString(p) {
		return target{}, refuse("invalid path %.80q: at most %d bytes of UTF-8", p, maxPathBytes)
	}
	if p != Root && !strings.HasPrefix(p, Root+"/") {
		return target{}, refuse("the path %s is outside %s: every path starts with %s", p, Root, Root)
	}
	rest := strings.TrimSuffix(strings.TrimPrefix(p, Root), "/")
	rest = strings.TrimPrefix(rest, "/")
	if rest == "" {
		return target{path: Root, kind: kindRoot}, nil
	}
	segs := strings.Split(rest, "/")
	for _, s := range segs {
		switch {
		case s == "" || s == "." || s == "..":
			return target{}, refuse("invalid path %s: no empty, \".\" or \"..\" segments", p)
		case len(s) > maxSegmentBytes:
			return target{}, refuse("invalid path %s: a name is at most %d bytes", p, maxSegmentBytes)
		case strings.ContainsAny(s, "\\"):
			return target{}, refuse("invalid path %s: use / between names", p)
		case strings.IndexFunc(s, isControl) >= 0:
			return target{}, refuse("invalid path %q: control characters", p)
		case memory.Hidden(s):
			return target{}, refuse("invalid path %s: names starting with \".\" and node_modules are reserved", p)
		}
	}
	t := target{path: Root + "/" + rest}
	switch {
	case len(segs) == 1 && (segs[0] == memory.WisdomFile || segs[0] == memory.SummaryFile):
		t.kind, t.rel = kindFixed, segs[0]
	case segs[0] == dailyDir && len(segs) == 1:
		t.kind = kindDailyDir
	case segs[0] == dailyDir:
		date, ok := memory.LogDate(segs[len(segs)-1])
		if len(segs) != 2 || !ok {
			return target{}, refuse("invalid path %s: daily logs are %s/%s/YYYY-MM-DD.md", p, Root, dailyDir)
		}
		t.kind, t.date = kindDaily, date
	default:
		t.kind, t.name, t.rel = kindFolder, rest, memory.MemoriesDir+"/"+rest
	}
	return t, nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
