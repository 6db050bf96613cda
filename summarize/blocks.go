package summarize

import "strings"

// Hints a block of lines gives its sentences (sentence.hint), besides a
// section name (SecTasks, SecDecisions).
const (
	hintDone    = "done"    // finished work: under a "Done" heading, a closed tracker record
	hintHeading = "heading" // the heading of a list: its words count, it is no item itself
	hintField   = "field"   // a field of a record that is neither task nor decision
)

// unit is one sentence of a text, with what the block it sits in says
// about it.
type unit struct {
	text string
	hint string
}

// splitUnits splits text into lines, lines into sentences at ". ", "? "
// and "! ", and reads the structure of the lines:
//
//   - the items of a list under a heading that names tasks or decisions
//     ("Open items", "Next steps:", "## Decisions") are tasks or decisions,
//     and under a heading of finished work ("Done:") are finished;
//   - a record of "key: value" lines (YAML, tracker exports, minutes) is
//     read as a whole: one with an open state, a due date or an assignee
//     is a task named by its title; one with a closed state is finished
//     work; one that resolves or decides something names a decision, with
//     the reason its "why" field gives;
//   - a table (markdown pipes, or columns aligned under a header line as
//     trackers and CLIs print them) is a record per row, its header naming
//     the fields.
//
// Code fences are skipped, but for the TODO and FIXME comments in them.
func splitUnits(text string) []unit {
	lines := strings.Split(text, "\n")
	var out []unit
	inFence := false
	listHint := ""
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			// A TODO left in pasted code is work still to do; a diff's
			// removed lines ("-") are gone.
			if todo, ok := fencedTodo(lines[i]); ok {
				out = append(out, unit{text: todo})
			}
			listHint = ""
			continue
		}
		if t == "" {
			listHint = ""
			continue
		}
		if fs, ok := jsonRecord(t); ok {
			out = append(out, readRecord(fs, false)...)
			listHint = ""
			continue
		}
		if n, units := table(lines[i:]); n > 0 {
			out = append(out, units...)
			i += n - 1
			listHint = ""
			continue
		}
		if u, ok := statusLine(t); ok {
			// A tracker may print the title indented under its status line:
			// "OPEN   owner: ana   due: Fri" / "  move the waitlist".
			if i+1 < len(lines) && indented(lines[i+1]) {
				if _, next := statusLine(strings.TrimSpace(lines[i+1])); !next {
					label, _, _ := strings.Cut(u.text, ": ")
					u.text = label + ": " + strings.TrimSpace(lines[i+1]) + " (" + strings.TrimSpace(strings.TrimPrefix(u.text, label+":")) + ")"
					i++
				}
			}
			out = append(out, u)
			listHint = ""
			continue
		}
		if n, units := record(lines[i:]); n > 0 {
			out = append(out, units...)
			i += n - 1
			listHint = ""
			continue
		}
		if item, ok := listItem(t); ok {
			h := listHint
			if h != "" && isFinished(strings.ToLower(item)) {
				h = hintDone
			}
			out = appendSentences(out, item, h)
			continue
		}
		listHint = ""
		if i+1 < len(lines) {
			if _, ok := listItem(strings.TrimSpace(lines[i+1])); ok || isCheckbox(strings.TrimSpace(lines[i+1])) {
				if h := headingHint(t); h != "" {
					listHint = h
					out = append(out, unit{text: t, hint: hintHeading})
					continue
				}
			}
		}
		out = appendSentences(out, strings.TrimLeft(t, "#>*- "), "")
	}
	return out
}

// appendSentences splits one line into sentences at ". ", "? " and "! ".
func appendSentences(out []unit, t, hint string) []unit {
	for len(t) > 0 {
		cut := sentenceEnd(t)
		if s := strings.TrimSpace(t[:cut]); len(s) > 3 {
			out = append(out, unit{text: s, hint: hint})
		}
		t = t[cut:]
	}
	return out
}

func sentenceEnd(t string) int {
	for i := 0; i+1 < len(t); i++ {
		switch t[i] {
		case '.', '?', '!':
			// Not after "..", nor after an initial ("J. Smith") or a dotted
			// abbreviation ("2 p.m. tracking", "e.g. Foo"); after a number
			// it does end ("MoveIt 2. Then ...").
			if t[i+1] == ' ' && i > 0 && t[i-1] != '.' && (i < 2 || t[i-2] != ' ' || t[i-1] >= '0' && t[i-1] <= '9') &&
				(i < 2 || t[i-2] != '.' || t[i] != '.') {
				return i + 1
			}
		}
	}
	return len(t)
}

// listItem returns the text of a bulleted or numbered list item ("- x",
// "* x", "• x", "3. x", "3) x"); a checkbox ("- [ ] x") is kept on it.
func listItem(t string) (string, bool) {
	for _, b := range []string{"- ", "* ", "+ ", "• "} {
		if strings.HasPrefix(t, b) {
			return strings.TrimSpace(t[len(b):]), true
		}
	}
	n := 0
	for n < len(t) && n < 3 && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(t) && (t[n] == '.' || t[n] == ')') && t[n+1] == ' ' {
		return strings.TrimSpace(t[n+2:]), true
	}
	return "", false
}

// headingHint is what a short line heading a list says of its items:
// SecTasks or SecDecisions when its words name them, hintDone when it
// names finished work, "" otherwise.
func headingHint(t string) string {
	t = strings.TrimSpace(strings.TrimLeft(t, "#"))
	if len(strings.Fields(t)) > 8 || strings.HasSuffix(t, ".") || strings.HasSuffix(t, "?") || strings.HasSuffix(t, "!") {
		return ""
	}
	lower := strings.ToLower(strings.TrimSuffix(t, ":"))
	if isFinished(lower + ":") {
		return hintDone
	}
	if lower == "changed" || lower == "breaking changes" {
		return SecDecisions // a changelog's "### Changed": what now runs on what
	}
	if sec, _, ok := classify(lower, ""); ok && (sec == SecTasks || sec == SecDecisions) && !hasAny(lower, hypotheticals) {
		return sec
	}
	if isOneOf(lower, taskLabels) || isOneOf(lower, []string{"tasks", "todos", "open items", "follow-ups", "followups"}) ||
		strings.HasPrefix(lower, "plan for") || strings.HasPrefix(lower, "plan:") || strings.HasPrefix(lower, "todo") {
		return SecTasks // "Actions", "Follow-ups"
	}
	return ""
}

// field splits a "key: value" line: a key of one to three words, the
// first a letter; a leading "- " (a YAML list entry) is allowed.
func field(line string) (key, value string, ok bool) {
	t := strings.TrimSpace(line)
	t = strings.TrimPrefix(t, "- ")
	k, v, found := strings.Cut(t, ":")
	if !found || k == "" || len(strings.Fields(k)) > 3 || !(k[0]|0x20 >= 'a' && k[0]|0x20 <= 'z') {
		return "", "", false
	}
	if v != "" && v[0] != ' ' {
		return "", "", false // a URL, a time, a ratio
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; !(c == ' ' || c == '_' || c == '-' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z') {
			return "", "", false
		}
	}
	return strings.ToLower(k), strings.TrimSpace(v), true
}

// Field names of records, by role. They are the vocabulary of trackers,
// ADRs and minutes, not of any one conversation.
var (
	stateKeys    = []string{"state", "status"}
	titleKeys    = []string{"title", "summary", "name", "task", "subject", "item", "action", "description", "what"}
	dueKeys      = []string{"due", "due date", "deadline", "assignee", "owner", "assigned to", "eta"}
	decisionKeys = []string{"decision", "decided", "resolved", "resolution", "outcome", "agreed", "conclusion", "verdict", "chosen", "choice",
		"vendor", "supplier"}
	reasonKeys = []string{"why", "reason", "reasoning", "rationale", "because", "motivation", "justification",
		"justification on file", "reason given", "grounds"}
	openStates = []string{"open", "todo", "to do", "pending", "in progress", "in-progress", "blocked", "not started", "new",
		"backlog", "waiting", "reopened", "assigned", "unassigned", "ready"}
	closedStates = []string{"done", "closed", "resolved", "complete", "completed", "merged", "shipped", "fixed", "cancelled",
		"canceled", "wontfix", "won't fix", "finished", "released", "deployed", "verified"}
	rejectedStates = []string{"rejected", "declined", "dropped", "superseded", "vetoed", "wontfix", "won't fix", "cancelled",
		"canceled", "withdrawn"}
)

// kv is one "key: value" field of a record; line is how it was written.
type kv struct{ key, value, line string }

// record reads a run of two or more "key: value" lines at the start of
// lines. It returns how many lines it read (0 if they are no record) and
// the units they make (see splitUnits).
func record(lines []string) (int, []unit) {
	var fs []kv
	for i, l := range lines {
		k, v, ok := field(l)
		if !ok || i > 0 && strings.HasPrefix(strings.TrimSpace(l), "- ") {
			break
		}
		if v == "" && i+1 < len(lines) {
			if _, item := listItem(strings.TrimSpace(lines[i+1])); item {
				break // "Action items:" heads the list under it, it is no field
			}
		}
		fs = append(fs, kv{k, v, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "- "))})
	}
	if len(fs) < 2 {
		return 0, nil
	}
	return len(fs), readRecord(fs, false)
}

// readRecord reads the fields of one record (see splitUnits). A row of a
// table (row) says its decision with all its cells, since its columns
// (area, choice, why) only mean something together.
func readRecord(fs []kv, row bool) []unit {
	get := func(keys []string) (string, int) {
		for i, f := range fs {
			for _, k := range keys {
				if f.key == k {
					return f.value, i
				}
			}
		}
		return "", -1
	}
	state, _ := get(stateKeys)
	state = strings.ToLower(strings.Trim(state, "\"'`*_[]() "))
	title, ti := get(titleKeys)
	due, di := get(dueKeys)
	var out []unit
	used := map[int]bool{}
	switch {
	case title != "" && isOneOf(state, closedStates):
		// Closed work is done; a closed record that resolves a choice
		// ("Resolution: Foo selected") still says what was chosen.
		if v, i := get(decisionKeys); i < 0 || !hasNamedThing(v) {
			return []unit{{text: title, hint: hintDone}}
		}
		out = append(out, unit{text: title, hint: hintDone})
		used[ti] = true
	case title != "" && (isOneOf(state, openStates) || state == "" && di >= 0 && isSet(due)):
		item := title
		if d, _ := get([]string{"due", "due date", "deadline"}); isSet(d) {
			item += " (due " + d + ")"
		}
		out = append(out, unit{text: item, hint: SecTasks})
		used[ti] = true
	}
	if _, ai := get([]string{"approved by", "approver", "authorised by", "authorized by", "signed off by"}); ai >= 0 {
		// A requisition or order someone approved chose what it names:
		// "Item: Foo / For: the rota / Justification: ...".
		if v, i := get([]string{"item", "product", "vendor", "supplier", "tool", "system"}); i >= 0 && v != "" && len(strings.Fields(v)) <= 5 {
			item := fs[i].line
			if p, pi := get([]string{"for", "purpose", "use"}); pi >= 0 && p != "" {
				item += " (for " + p + ")"
				used[pi] = true
			}
			if r, ri := get(reasonKeys); ri >= 0 && r != "" {
				item += ". " + fs[ri].line
				used[ri] = true
			}
			out = append(out, unit{text: item, hint: SecDecisions})
			used[i], used[ai] = true, true
		}
	}
	if v, i := get(decisionKeys); i >= 0 && !isOneOf(state, rejectedStates) && !used[i] &&
		(startsWithName(v) || hasNamedThing(v) || strings.Contains(v, "->") || strings.Contains(v, "→")) {
		item := fs[i].line
		if r, ri := get(reasonKeys); ri >= 0 && r != "" {
			item += ". " + fs[ri].line
			used[ri] = true
		}
		if row {
			var cells []string
			for _, f := range fs {
				if isSet(f.value) {
					cells = append(cells, f.line)
				}
			}
			item = strings.Join(cells, "; ")
			return append(out, unit{text: item, hint: SecDecisions})
		}
		out = append(out, unit{text: item, hint: SecDecisions})
		used[i] = true
	}
	for i, f := range fs {
		if !used[i] {
			out = appendSentences(out, f.line, hintField)
		}
	}
	return out
}

// statusLine reads a line that opens with a state label and a separator,
// as boards, trackers and checklists print their items ("TO DO | renew
// the cert", "[BLOCKED] migrate the wiki", "Done: ...", "WIP - ..."): an
// open state makes the rest a task, a closed one finished work.
func statusLine(t string) (unit, bool) {
	label, rest := "", ""
	if strings.HasPrefix(t, "[") {
		if j := strings.IndexByte(t, ']'); j > 1 {
			label, rest = t[1:j], t[j+1:]
		}
	} else if j := strings.Index(t, "  "); j > 0 && j < 16 && !strings.ContainsAny(t[:j], "|:") {
		label, rest = t[:j], t[j+2:] // "OPEN  add the labels  (due Friday)": columns
	} else if j := strings.IndexAny(t, "|:\t"); j > 0 {
		label, rest = t[:j], t[j+1:]
	} else if j := strings.Index(t, " - "); j > 0 {
		label, rest = t[:j], t[j+3:]
	}
	label = strings.Trim(label, " *_`")
	rest = strings.TrimSpace(strings.TrimLeft(rest, "|:- "))
	if label == "" || !isSet(rest) || strings.Trim(rest, "()") == "nothing" || len(strings.Fields(rest)) < 2 {
		return unit{}, false
	}
	item := label + ": " + rest
	switch l := strings.ToLower(label); {
	case isOneOf(l, openStates) || isOneOf(l, []string{"doing", "wip", "next", "up next", "to-do", "todo"}):
		return unit{text: item, hint: SecTasks}, true
	case isOneOf(l, closedStates):
		return unit{text: item, hint: hintDone}, true
	}
	return unit{}, false
}

// isSet reports a field value that says something (not "null", "none",
// "-", "n/a" or empty).
func isSet(v string) bool {
	switch strings.ToLower(strings.Trim(v, "\"'` ")) {
	case "", "null", "none", "nil", "-", "n/a", "tbd", "~":
		return false
	}
	return true
}

func isOneOf(v string, list []string) bool {
	for _, s := range list {
		if v == s {
			return true
		}
	}
	return false
}

// startsWithReason reports a sentence that gives the reason for the one
// before it: "Because ...", "(...)", "Why: ...", "Reasoning: ...".
func startsWithReason(s string) bool {
	l := strings.ToLower(s)
	for _, p := range []string{"because", "since ", "(", "the reason", "this is because", "that's because", "as it ", "so that",
		"the deciding factor", "deciding factor", "the main reason", "main reason", "mainly because", "mostly because",
		"the rationale", "rationale", "clincher", "the clincher", "what tipped it", "what won", "picked over", "chosen over",
		"picked because", "chosen because", "preferred over", "preferred because"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	if k, _, ok := strings.Cut(l, ":"); ok {
		k = strings.TrimSpace(k)
		// "Why: ...", "The short version of why: ...", "Reasons: ..."
		return isOneOf(k, reasonKeys) || len(strings.Fields(k)) <= 6 && (strings.HasSuffix(k, " why") || strings.HasSuffix(k, " reason"))
	}
	return false
}

// continues reports a short plain clause that starts in lower case,
// written as a continuation of the sentence before ("Foo for the cache.
// cheaper at our volume, apparently."): no question, label, finished
// work, path or identifier of its own.
func continues(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' || len(strings.Fields(s)) > 15 || strings.ContainsAny(s, ":?") ||
		isFinished(strings.ToLower(s)) {
		return false
	}
	for _, w := range strings.Fields(s) {
		if _, _, ok := classifyWord(w); ok {
			return false
		}
	}
	return true
}

// fencedTodo returns a TODO or FIXME comment of a line of fenced code
// ("+    // TODO: rotate the keys" in a diff, "# FIXME drop this"), as
// "TODO: ...". A diff's removed line ("-...") is not code any more.
func fencedTodo(line string) (string, bool) {
	if strings.HasPrefix(line, "-") {
		return "", false
	}
	t := strings.TrimSpace(strings.TrimPrefix(line, "+"))
	marked := false
	for _, m := range []string{"//", "#", "--", "/*", "*", ";", "<!--"} {
		if strings.HasPrefix(t, m) {
			t, marked = strings.TrimSpace(strings.TrimLeft(t, "/#-*;<! ")), true
			break
		}
	}
	if !marked {
		return "", false
	}
	t = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(t, "*/"), "-->"))
	l := strings.ToLower(t)
	for _, k := range []string{"todo", "fixme"} {
		if strings.HasPrefix(l, k) && len(l) > len(k)+3 && !isWordByte(l[len(k)]) {
			rest := t[len(k):]
			if strings.HasPrefix(rest, "(") { // TODO(owner): ...
				if j := strings.Index(rest, ")"); j > 0 {
					rest = rest[j+1:]
				}
			}
			rest = strings.TrimSpace(strings.TrimLeft(rest, ":-@ "))
			if len(strings.Fields(rest)) >= 2 {
				return "TODO: " + rest, true
			}
		}
	}
	return "", false
}

// indented reports a line that opens with white space and says something.
func indented(line string) bool {
	return len(line) > 2 && (line[0] == ' ' || line[0] == '\t') && strings.TrimSpace(line) != ""
}
