package summarize

import "strings"

// contrasts join two clauses of which the second carries the point: "the
// checklist is mostly ticked off, but we haven't managed to X yet".
var contrasts = []string{", but ", "; but ", " - but ", " but ", ", however, ", "; however, ", ", although ",
	", though ", ", yet ", ", except "}

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
// the next sentence gives.
func withReason(s *sentence, sec, item string) string {
	if sec == SecDecisions && s.reason != "" {
		return item + " " + s.reason
	}
	return item
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
		if !isStamp(strings.Trim(tok, "[]()")) {
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
// 11/03) or a timestamp joining them (2026-11-03T10:02:11Z).
func isStamp(tok string) bool {
	tok = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(tok), "am"), "pm")
	tok = strings.TrimSuffix(tok, "z")
	if len(tok) < 4 || !isDigitByte(tok[0]) {
		return false
	}
	digits, seps := 0, 0
	for i := 0; i < len(tok); i++ {
		switch c := tok[i]; {
		case isDigitByte(c):
			digits++
		case c == ':' || c == '-' || c == '/' || c == 't' || c == '.' || c == '+':
			seps++
		default:
			return false
		}
	}
	return seps >= 1 && digits >= 3
}
