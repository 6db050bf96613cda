package summarize

import "strings"

// contrasts join two clauses of which the second carries the point: "the
// checklist is mostly ticked off, but we haven't managed to X yet".
var contrasts = []string{", but ", "; but ", " - but ", " but ", ", however, ", "; however, ", ", although ",
	", though ", ", yet ", ", except ", " except ", " apart from ", " other than "}

// afterContrast returns the clause after the last contrast in lower.
func afterContrast(lower string) (string, bool) {
	at, n := -1, 0
	for _, c := range contrasts {
		if i := strings.LastIndex(lower, c); i > at {
			at, n = i, len(c)
		}
	}
	if at < 0 {
		return "", false
	}
	tail := strings.TrimSpace(lower[at+n:])
	return tail, len(strings.Fields(tail)) >= 3
}

// finishedLabel returns what follows a label of finished work at the start
// of lower ("done - ", "done: ", "finished: "), or "" if it opens with none.
func finishedLabel(lower string) string {
	for _, p := range finished {
		if strings.HasPrefix(lower, p) && len(p) > 1 && p[len(p)-1] != ']' {
			return strings.TrimSpace(lower[len(p):])
		}
	}
	return ""
}

// judgeFinished judges a sentence that says some work is finished. The
// completion covers only its own clause and only work: after a contrast
// the rest may still be open ("mostly ticked off, but we haven't managed
// to X yet"), and what a finished change put in place is a choice that
// holds ("Done - the front desk now runs on Mews.").
func judgeFinished(s *sentence) (string, float64, string, bool) {
	t, lower := s.text, s.lower
	if len(t) != len(lower) {
		return "", 0, "", false // offsets of lower would not fit t
	}
	if tail, ok := afterContrast(lower); ok && !isFinished(tail) {
		if sec, base, ok := judgeClause(s, t[len(t)-len(tail):]); ok && (sec == SecTasks || sec == SecDecisions) {
			return sec, base, withReason(s, sec, t), true
		}
	}
	if body := finishedLabel(lower); body != "" && !isFinished(body) {
		if sec, base, ok := judgeClause(s, t[len(t)-len(body):]); ok && sec == SecDecisions {
			return sec, base, withReason(s, sec, t), true
		}
	}
	return "", 0, "", false
}

// judgeClause judges part of a sentence as if it were the sentence.
func judgeClause(s *sentence, clause string) (string, float64, bool) {
	sub := *s
	sub.text, sub.lower = clause, strings.ToLower(clause)
	sub.reason, sub.because = "", false
	sec, base, _, ok := judge(&sub)
	return sec, base, ok
}

// withReason is a sentence as a decision item carries it: with the reason
// the next sentence gives. A preference takes a reason the next sentence
// opens as one ("Why: ...").
func withReason(s *sentence, sec, item string) string {
	if (sec == SecDecisions || sec == SecPreferences && s.because) && s.reason != "" {
		return item + " " + reasonText(s.reason)
	}
	return item
}

// reasonText is a reason as an item carries it: up to a semicolon that
// goes on to something else ("I went with it because R; the adapter is in
// and the old calls are gone").
func reasonText(r string) string {
	if i := strings.Index(r, "; "); i > 0 && len(strings.Fields(r[:i])) >= 4 {
		return r[:i] + "."
	}
	return r
}

// stripStamp removes the time or date a log, chat export or minutes line
// opens with ("06:40 ", "[09:14] ", "2026-11-03 10:02:11 ", "Tue 14:05 - "),
// so the words after it can be read as prose.
func stripStamp(line string) string {
	t := strings.TrimSpace(line)
	cut := 0
	for range 3 {
		rest := t[cut:]
		tok, _, _ := strings.Cut(rest, " ")
		if tok == "" {
			break
		}
		if !isStamp(strings.Trim(tok, "[](),")) {
			break
		}
		cut += len(tok)
		for cut < len(t) && strings.IndexByte(" -|:", t[cut]) >= 0 {
			cut++
		}
	}
	if cut == 0 || cut >= len(t) {
		return line
	}
	return t[cut:]
}

// isStamp reports a time (06:40, 10:02:11, 9:05am), a date (2026-11-03,
// 11/03, 03.11.2026) or a timestamp joining them (2026-11-03T10:02:11Z,
// with an optional offset).
func isStamp(tok string) bool {
	tok = strings.ToLower(tok)
	if len(tok) < 4 || !isDigitByte(tok[0]) {
		return false
	}
	if d, t, ok := strings.Cut(tok, "t"); ok {
		return isDate(d) && isTime(t)
	}
	return isDate(tok) || isTime(tok)
}

// isDate reports 2026-11-03, 2026/11/03, 11/03, 11/03/26, 03.11.2026.
func isDate(s string) bool {
	for _, sep := range []string{"-", "/", "."} {
		p := strings.Split(s, sep)
		if len(p) < 2 || len(p) > 3 {
			continue
		}
		ok := true
		for i, x := range p {
			n := len(x)
			switch {
			case !allDigits(x):
				ok = false
			case i == 0 && n == 4 && len(p) == 3: // year first
			case n > 2 && !(i == 2 && (n == 4 || n == 2)):
				ok = false
			}
		}
		if ok && (len(p) == 3 || sep == "/") {
			return true
		}
	}
	return false
}

// isTime reports 06:40, 10:02:11, 10:02:11.123, 9:05am, with an optional
// zone (z, +02:00).
func isTime(s string) bool {
	s = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(s, "z"), "am"), "pm")
	if i := strings.IndexAny(s, "+"); i > 0 {
		s = s[:i]
	}
	p := strings.Split(s, ":")
	if len(p) < 2 || len(p) > 3 {
		return false
	}
	for i, x := range p {
		if i == 2 {
			x, _, _ = strings.Cut(x, ".")
		}
		if !allDigits(x) || len(x) > 2 || i > 0 && len(x) != 2 {
			return false
		}
	}
	return true
}

// statesDone reports completion stated in words ("that's done", "already
// merged", "Meg was able to ..."), but not completion that is only a
// condition ("hold until that's done", "once it's done") or an ability
// denied ("nobody has been able to ...", "we weren't able to ...").
func statesDone(lower string) bool {
	if strings.HasSuffix(strings.TrimSpace(lower), "?") && !hasAny(lower, []string{", right?", ", correct?", ", yes?"}) {
		return false // "has anyone managed to X?" asks
	}
	for _, p := range doneStatements {
		for off := 0; ; {
			i := strings.Index(lower[off:], p)
			if i < 0 {
				break
			}
			i += off
			off = i + 1
			if i > 0 && isWordByte(lower[i-1]) && isWordByte(p[0]) || inLocation(lower, i) {
				continue
			}
			if !conditionOrDenial(lower[:i]) && !settlesQuestion(lower[:i]) {
				return true
			}
		}
	}
	return false
}

// conditionOrDenial reports whether the words just before a completion
// make it a condition ("until", "once", "as soon as") or deny it
// ("nobody has been", "we weren't", "never").
func conditionOrDenial(before string) bool {
	f := strings.Fields(before)
	for k := len(f) - 1; k >= 0 && k >= len(f)-3; k-- {
		switch w := strings.Trim(f[k], ",;:()"); w {
		case "until", "till", "til", "once", "when", "whenever", "after", "before", "if", "unless", "soon", "whether",
			"nobody", "no-one", "never", "not", "none", "neither":
			return true
		default:
			if strings.HasSuffix(w, "n't") || w == "one" && k > 0 && f[k-1] == "no" {
				return true
			}
		}
	}
	return false
}

// settlesQuestion reports whether what is closed or done just before is a
// question or debate ("so that question is closed"): a choice was made,
// no work finished.
func settlesQuestion(before string) bool {
	f := strings.Fields(before)
	for k := len(f) - 1; k >= 0 && k >= len(f)-2; k-- {
		switch strings.Trim(f[k], ",;:()") {
		case "question", "debate", "discussion", "argument", "decision", "topic":
			return true
		}
	}
	return false
}

// leadIns open a sentence with how the speaker came to it, not what it
// says: "After a lot of back and forth, ...", "Based on the numbers you
// sent, ...", "Per your thumbs-up, ...".
var leadIns = []string{"after ", "based on ", "per ", "following ", "as discussed", "as agreed", "as mentioned",
	"given ", "in the end", "long story short", "fyi", "for the record", "for what it's worth", "to be clear",
	"just so you know", "quick update", "heads up", "heads-up", "in short", "ultimately", "anyway", "so ", "ok so",
	"okay so", "all right", "alright", "well", "honestly", "frankly", "to recap", "recap", "update"}

// trimLeadIn drops a lead-in clause from the start of an item when what
// follows it says the thing on its own: a summary has no room for how the
// speaker got there. A lead-in that names something is kept.
func trimLeadIn(item string) string {
	head, rest, ok := strings.Cut(item, ", ")
	if !ok || len(strings.Fields(rest)) < 5 || len(strings.Fields(head)) > 12 {
		return item
	}
	lower := strings.ToLower(head)
	lead := false
	for _, p := range leadIns {
		if strings.HasPrefix(lower, p) {
			lead = true
			break
		}
	}
	if !lead || hasNamedThing(head) || strings.ContainsAny(head, "0123456789:") {
		return item
	}
	return strings.ToUpper(rest[:1]) + rest[1:]
}

// isQuestion reports a sentence that asks: it ends with "?" and is short,
// opens as a question does, or ends in a tag ("..., right?"). A long
// statement with a question run on at its end ("still waiting on you to
// X, the rest is blocked which one was it again?") states first.
func isQuestion(t string) bool {
	if !strings.HasSuffix(t, "?") {
		return false
	}
	f := strings.Fields(strings.ToLower(t))
	if len(f) <= questionWords {
		return true
	}
	lower := strings.ToLower(t)
	if isYesNoQuestion(lower) || isWhQuestion(lower) && !strings.Contains(lower, " or ") || requestsAction(stripGreeting(lower)) {
		return true
	}
	switch strings.Trim(f[0], ",;:") {
	case "why", "how", "where", "when", "whose", "which", "what", "who", "remind", "quick", "so", "and", "but", "also", "hey", "hi":
		return true
	}
	return false
}

// questionWords is the length up to which any sentence ending in "?" asks.
const questionWords = 12

// codeLine reports a line of a tool result that reads as code rather
// than prose: braces, a statement's semicolon at its end, an assignment.
func codeLine(t string) bool {
	return strings.ContainsAny(t, "{}") || strings.HasSuffix(t, ";") || strings.Contains(t, ":=") ||
		strings.Contains(t, " = ") && !strings.Contains(t, ". ") ||
		(strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*")) && !hasTodo(t)
}

// hasTodo reports a TODO or FIXME mark in a line of code.
func hasTodo(t string) bool {
	l := strings.ToLower(t)
	return strings.Contains(l, "todo") || strings.Contains(l, "fixme")
}

// namesNothing reports an item that says something of work or a choice
// without naming it: it points back ("I haven't touched it yet.", "It's
// first on my list tomorrow."), speaks of everything or nothing
// ("Everything else on my list can wait."), or is a bare field of a
// record ("Due: Friday", "Status: In progress", "Subject: before Friday").
func namesNothing(item string) bool {
	lower := strings.ToLower(item)
	if pointsBack(item) && substantiveWords(lower) <= 2 || !hasNamedThing(item) && substantiveWords(lower) <= 1 {
		return true
	}
	if pronounSubject(lower) && !hasNamedThing(withoutTimeNames(item)) && substantiveWords(lower) <= 5 {
		return true // "It's blocked on the export, so I'll pick it up after.": about the work named before it
	}
	for _, m := range []string{"fixme:", "todo:", "fixme ", "todo "} {
		if rest, ok := strings.CutPrefix(lower, m); ok && len(strings.Fields(rest)) <= 3 {
			return true // "FIXME: stopgap only."
		}
	}
	for _, p := range []string{"everything ", "nothing ", "anything ", "all else", "the rest "} {
		if strings.HasPrefix(lower, p) && !hasNamedThing(item) {
			return true
		}
	}
	if label, value, ok := strings.Cut(lower, ": "); ok && len(strings.Fields(value)) <= 3 &&
		(isOneOf(label, headerLabels) || isOneOf(label, stateKeys) || isOneOf(label, dueKeys)) {
		return true
	}
	return false
}

// substantiveWords counts the content words of lower that say what
// something is, not when or how far along it is: "It's first on my list
// tomorrow." has none, "Parking this: re-running the failed export." four.
func substantiveWords(lower string) int {
	n := 0
	forWords(lower, func(w string) {
		if !isOneOf(w, genericWords) && !isOneOf(w, timeWords) {
			n++
		}
	})
	return n
}

// genericWords speak of the state of work, not of the work.
var genericWords = []string{"list", "board", "plate", "first", "next", "last", "still", "yet", "later", "soon", "done",
	"need", "needs", "needed", "happen", "happens", "wait", "touched", "started", "finished", "open", "pending",
	"haven't", "hasn't", "isn't", "it's", "that's", "this", "that", "those", "these", "them", "thing", "things",
	"one", "ones", "sure", "right", "after", "right", "test", "run", "finishes", "sorry", "week", "today", "really"}

// pointsBack reports a sentence that names nothing of its own and speaks
// of something through a pronoun ("it", "it's", "that one").
func pointsBack(s string) bool {
	if hasNamedThing(withoutTimeNames(s)) {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(s)) {
		switch strings.Trim(w, ".,;:!?") {
		case "it", "it's", "its", "that", "that's", "this", "them", "those", "these":
			return true
		}
	}
	return false
}

// hasMainClause reports a sentence that opens with a reason clause and
// goes on to a main clause of its own ("Since you signed off on it, I've
// routed X through Foo."): it says what was done, it is no reason for the
// sentence before it.
func hasMainClause(s string) bool {
	lower := strings.ToLower(s)
	i := strings.Index(lower, ", ")
	if i < 0 {
		return false
	}
	f := strings.Fields(lower[i+2:])
	if len(f) < 3 {
		return false
	}
	switch strings.Trim(f[0], ",;:") {
	case "i", "i've", "i'll", "i'm", "we", "we've", "we'll", "we're", "you", "they", "it", "it's", "that's", "so", "the", "our":
		return true
	}
	return false
}

// pronounSubject reports a sentence whose subject points back at what was
// said before it: "It's blocked on ...", "That can wait", "I'll come back
// to it once ...".
func pronounSubject(lower string) bool {
	f := strings.Fields(lower)
	if len(f) == 0 {
		return false
	}
	switch strings.Trim(f[0], ",;:") {
	case "it", "it's", "its", "that", "that's", "this", "they", "they're", "those", "these":
		return true
	case "i'll", "we'll":
		// "I'll circle back to it once CI is green.", "I'll do it after."
		for _, w := range f[2:min(len(f), 5)] {
			if isOneOf(strings.Trim(w, ",.;:"), []string{"it", "them"}) {
				return true
			}
		}
	}
	return false
}
