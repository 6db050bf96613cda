package summarize

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/archon-memory/archon/conv"
)

// trackerUpdates reads status changes of tracker items from a shell
// command: a --status flag given to a command naming items, or a close
// subcommand.
func (s *session) trackerUpdates(cmd string, at int) {
	for _, part := range commandSep.Split(quoted.ReplaceAllString(cmd, `""`), -1) {
		f := strings.Fields(part)
		status := ""
		var ids []string
		for i, w := range f {
			switch {
			case w == "--status" && i+1 < len(f):
				status = f[i+1]
			case i > 0 && f[i-1] == "--status":
				// the status itself, not an item
			case strings.HasPrefix(w, "--status="):
				status = strings.TrimPrefix(w, "--status=")
			case i >= 1 && i <= 2 && w == "close":
				status = "closed"
			case !strings.HasPrefix(w, "-") && i >= 2 && codeShaped(w) && !strings.ContainsAny(w, "/=\"'"):
				ids = append(ids, w)
			}
		}
		if status == "" || len(ids) == 0 || (len(f) > 1 && f[1] == "list") {
			continue
		}
		if !slices.Contains(s.trackerProgs, f[0]) {
			s.trackerProgs = append(s.trackerProgs, f[0])
		}
		for _, id := range ids {
			if _, ok := s.tracked[id]; !ok {
				s.trackOrd = append(s.trackOrd, id)
			}
			s.tracked[id] = strings.Trim(status, "\"'")
		}
	}
}

// Bounds on the outputs kept per program, to read tracker listings.
const (
	keptOutputs     = 6
	keptOutputBytes = 16 << 10
)

// keepOutput keeps a shell command's output under the program it ran.
func (s *session) keepOutput(call conv.Part, out string) {
	if out == "" {
		return
	}
	var in map[string]any
	_ = json.Unmarshal(call.Input, &in)
	cmd, _ := in[shellTools[call.ToolName]].(string)
	out = out[:min(len(out), keptOutputBytes)]
	var progs []string
	for _, part := range commandSep.Split(cmd, -1) {
		f := strings.Fields(part)
		if len(f) == 0 || slices.Contains(progs, f[0]) {
			continue
		}
		progs = append(progs, f[0])
		o := append(s.outputs[f[0]], out)
		s.outputs[f[0]] = o[max(0, len(o)-keptOutputs):]
	}
}

// doneMark matches a check mark or a checked box.
var doneMark = regexp.MustCompile(`[✓✔☑✅]|\[[xX]\]`)

// trackerOpen returns the items a tracker listed that the session did not
// close or take up itself, with their titles, as its latest listing
// showed them: the work still ahead. A tracker is a program whose
// commands changed an item's status; its items are the ids of the same
// family as those (sharing what precedes their last . or -).
func (s *session) trackerOpen() []string {
	var families []string
	for _, id := range s.trackOrd {
		if k := strings.LastIndexAny(id, ".-"); k > 0 {
			families = append(families, id[:k])
		}
	}
	inFamily := func(w string) bool {
		return codeShaped(w) && slices.ContainsFunc(families, func(f string) bool { return strings.HasPrefix(w, f) })
	}
	seen := map[string]bool{}
	var out []string
	for _, prog := range s.trackerProgs {
		for _, o := range slices.Backward(s.outputs[prog]) {
			for _, line := range strings.Split(o, "\n") {
				id, title := listedItem(line, inFamily)
				if id == "" || seen[id] {
					continue
				}
				seen[id] = true
				if _, mine := s.tracked[id]; mine || doneMark.MatchString(line) {
					continue
				}
				out = append(out, strings.TrimSpace(id+" "+title))
			}
		}
	}
	return out
}

// listedItem reads a tracker listing's line: the item id among its first
// words (after numbering, marks and bracketed labels) and the title after
// it, up to a parenthesis or a mark.
func listedItem(line string, isID func(string) bool) (id, title string) {
	f := strings.Fields(line)
	for i, w := range f[:min(len(f), 7)] {
		w = strings.TrimRight(w, ":")
		if !isID(w) {
			if strings.IndexFunc(w, unicode.IsLetter) >= 0 && !strings.HasPrefix(w, "[") && !strings.HasSuffix(w, "]") {
				return "", "" // words before any id: prose, not a listing
			}
			continue
		}
		rest := strings.Join(f[i+1:], " ")
		rest = bracketed.ReplaceAllString(rest, "")
		rest = strings.TrimLeft(rest, " :-–—")
		if k := strings.IndexFunc(rest, func(r rune) bool { return r == '(' || unicode.Is(unicode.So, r) }); k >= 0 {
			rest = rest[:k]
		}
		return w, strings.TrimSpace(rest)
	}
	return "", ""
}

var bracketed = regexp.MustCompile(`\[[^\]]*\]`)
