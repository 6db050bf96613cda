package summarize

import (
	"encoding/json"
	"math"
	"sort"
	"strings"

	"github.com/archon-memory/archon/conv"
)

// noteDisclaimers say of a whole note (a forwarded mail, a users' group
// digest) that nothing in it is ours to act on.
var noteDisclaimers = []string{"not a recommendation", "fyi only", "for your information only", "for reference only",
	"just sharing", "no action needed", "no action required", "nothing here depends on", "for context only"}

// isLogLevel reports a log record (after its time stamp) whose level is
// one of levels: "WARN reconcile: ...", "[ERROR] ...", "level=warn ...".
func isLogLevel(line string, levels ...string) bool {
	t := strings.ToLower(strings.TrimSpace(stripStamp(line)))
	first, _, _ := strings.Cut(t, " ")
	first = strings.Trim(first, "[]():|")
	first = strings.TrimPrefix(first, "level=")
	for _, l := range levels {
		if first == l {
			return true
		}
	}
	return false
}

// toolInputWeight is what a path or identifier in a tool call's
// arguments weighs: below the words of the conversation and of notes.
const toolInputWeight = 0.5

type entityTally struct {
	kind  EntityKind
	best  float64 // weight of the strongest mention
	count int
	last  int
	rec   float64 // recency of the last mention
}

func (x *extractor) addToolResult(p conv.Part, recency float64) {
	text := p.Text
	if len(text) > toolScanBytes {
		text = text[:toolScanBytes]
	}
	x.seq++
	// Machine output names things by the hundred; a line reporting an
	// error or a warning names what failed, and output that names only a
	// few things at all (a log of one run, a config section) is about them.
	lines := strings.Split(text, "\n")
	found := make([][]entity, len(lines))
	distinct := map[string]bool{}
	for i, line := range lines {
		found[i] = findEntities(line, nil)
		for _, e := range found[i] {
			distinct[e.text] = true
		}
	}
	few := len(distinct) <= fewOutputEntities
	for i, line := range lines {
		w := machineEntityWeight
		if few || setsPath(line) || hasErrorLine(line) || isLogLevel(line, "warn", "warning", "error", "err", "fatal", "crit", "critical") {
			w = errorEntityWeight
		}
		x.tally(found[i], w, recency, x.seq, x.echo)
	}
	x.addNotes(text, recency)
	if !p.IsError && !hasErrorLine(text) {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && hasErrorLine(line) || p.IsError && line != "" && !hasErrorLine(text) {
			x.seq++
			item := line
			if p.ToolName != "" {
				item = p.ToolName + ": " + line
			}
			x.cands = append(x.cands, candidate{section: SecErrors, text: clip(item), score: 4 + 2*recency, seq: x.seq})
			return
		}
	}
}

// hasErrorLine reports whether tool output reports an error, as opposed to
// merely mentioning the word (source code is full of "error").
func hasErrorLine(s string) bool {
	l := strings.ToLower(s)
	for _, m := range []string{"error:", "--- fail", "\nfail", "panic:", "fatal:", "fatal error", "exception:",
		"traceback (most recent", "exit status", "command not found", "no such file", "permission denied",
		"segmentation fault", "core dumped", "oomkilled", "out of memory", "connection refused", "crash log", "crashes on",
		"crashed ", "stack trace"} {
		if strings.Contains(l, m) {
			return true
		}
	}
	return strings.HasPrefix(l, "fail")
}

// addEntities tallies the entities s names, but those the tool call
// input except already gave.
func (x *extractor) addEntities(s string, w, recency float64, seq int, except string) {
	var buf [16]entity
	x.tally(findEntities(s, buf[:0]), w, recency, seq, except)
}

// tally counts entities found in one place, weighing each mention w.
func (x *extractor) tally(ents []entity, w, recency float64, seq int, except string) {
	for _, e := range ents {
		if except != "" && strings.Contains(except, e.text) {
			continue
		}
		t := x.entities[e.text]
		if t == nil {
			t = &entityTally{kind: e.kind}
			x.entities[e.text] = t
		}
		t.best = max(t.best, w)
		t.count++
		t.rec = max(t.rec, recency)
		t.last = max(t.last, seq)
	}
}

// entityCandidates turns the tallies into SecContext candidates. An
// entity scores by its strongest mention (the user's words weigh most, tool
// output least) and recency. Entities mentioned again and again score a
// little lower: they live in the recent turns that compaction keeps and in
// the files themselves, while a path or ticket named once is what a summary
// must not lose.
func (x *extractor) entityCandidates() []candidate {
	out := make([]candidate, 0, len(x.entities))
	same := x.samePathCounts()
	for text, t := range x.entities {
		count := t.count + same[text]
		score := 2.5 * (t.best + 0.5*t.rec - 0.4*math.Log2(float64(count)))
		if count <= rareDF && t.best >= 1 {
			score += rareEntityBonus
		}
		out = append(out, candidate{section: SecContext, text: text, score: score, seq: t.last, kind: t.kind})
	}
	return out
}

// samePathCounts counts, for each path, the mentions of the same file
// written another way: "cmd/server/main.go" in a sentence and
// "/work/app/cmd/server/main.go" in a tool call are one file, and one the
// session keeps going back to.
func (x *extractor) samePathCounts() map[string]int {
	byBase := map[string][]string{}
	for text, t := range x.entities {
		if t.kind == EntPath {
			b := text[strings.LastIndexAny(text, "/\\")+1:]
			byBase[b] = append(byBase[b], text)
		}
	}
	out := map[string]int{}
	for _, paths := range byBase {
		if len(paths) < 2 {
			continue
		}
		for _, p := range paths {
			for _, q := range paths {
				if p != q && (strings.HasSuffix(q, "/"+p) || strings.HasSuffix(p, "/"+q)) {
					out[p] += x.entities[q].count
				}
			}
		}
	}
	return out
}

// inputText is a tool call's input as text: its string values, decoded,
// one per line (a JSON-escaped path, "C:\\\\x", is read as written, C:\\x),
// or the raw input if it is no JSON object.
func inputText(input []byte) string {
	var args map[string]any
	if json.Unmarshal(input, &args) != nil {
		return string(input)
	}
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			b.WriteString(v)
			b.WriteByte('\n')
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(v[k])
			}
		}
	}
	walk(args)
	return b.String()
}

// fewOutputEntities is the most distinct paths and identifiers a tool's
// output may name and still be taken as about each of them (addToolResult).
const fewOutputEntities = 2

// setsPath reports a line of configuration or a command that points a
// setting at something: "output_dir = /srv/x", "source: s3://b/k",
// "sync-run --source C:\\data\\x.csv". What a system is told to read or
// write from is worth knowing, unlike the paths a listing prints.
func setsPath(line string) bool {
	t := strings.TrimSpace(line)
	if i := strings.Index(t, " --"); i >= 0 && strings.ContainsAny(t[i+3:], " =") {
		return true
	}
	key, _, ok := strings.Cut(t, "=")
	if !ok {
		key, _, ok = strings.Cut(t, ": ")
	}
	key = strings.TrimSpace(key)
	if !ok || key == "" || strings.ContainsAny(key, " \t/\\\"'") {
		return false
	}
	k := strings.ToLower(key)
	for _, suffix := range []string{"dir", "path", "file", "root", "source", "src", "input", "location", "url", "uri",
		"bucket", "share", "folder", "import"} {
		if strings.HasSuffix(k, suffix) {
			return true
		}
	}
	// anywhere in the key: export_to, output_path_prefix, target_bucket_name
	return hasAny(k, []string{"export", "output", "dest", "target", "upload", "download", "archive", "backup"})
}
