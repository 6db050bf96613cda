package summarize

import "strings"

// assigns reports work handed to someone by name: "Assigning this one to
// Priya: ...", "reassigned to @okafor", "delegating the renewal to Sam",
// "handing this over to Lee". The verb comes within a few words of "to"
// and a name (a capitalized word or an @handle).
func assigns(t string) bool {
	words := strings.Fields(t)
	for i, w := range words {
		l := strings.ToLower(strings.Trim(w, ",;:.!?\"'()"))
		if !(strings.HasPrefix(l, "assign") || strings.HasPrefix(l, "reassign") || strings.HasPrefix(l, "delegat") ||
			l == "hand" || l == "handing" || l == "handed") {
			continue
		}
		for j := i + 1; j+1 < len(words) && j <= i+5; j++ {
			if !strings.EqualFold(words[j], "to") {
				continue
			}
			n := strings.Trim(words[j+1], ",;:.!?\"'()")
			return len(n) > 1 && (n[0] == '@' || personName(n))
		}
	}
	return false
}

// personName reports a word written like a person's name: a capital, then
// lower-case letters only (Priya, Okafor; not Handler.go, HTTPServer).
func personName(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || c == '-' || c == '\'') {
			return false
		}
	}
	switch w {
	case "The", "This", "That", "It", "All", "Any", "Everyone", "Nobody", "Production", "Prod", "Staging", "Main":
		return false
	}
	return true
}

// negatedNeeds say that something need not be done.
var negatedNeeds = []string{"no need to", "don't need to", "do not need to", "doesn't need to", "does not need to",
	"needn't", "no longer need to", "not necessary to", "don't have to", "do not have to", "doesn't have to",
	"does not have to", "nothing to do", "no action needed", "no action required"}

// onlyNegatedNeed reports a sentence whose obligation is denied ("Just
// curious, no need to answer now."): without the denial it would not
// read as a task.
func onlyNegatedNeed(lower string) bool {
	found := false
	for _, p := range negatedNeeds {
		if strings.Contains(lower, p) {
			lower = strings.ReplaceAll(lower, p, " ")
			found = true
		}
	}
	if !found {
		return false
	}
	sec, _, ok := classify(lower, "")
	return !ok || sec != SecTasks
}

// openStatuses say that work has not been started or taken.
var openStatuses = []string{"nobody has picked", "nobody's picked", "no one has picked", "nobody picked",
	"no one picked", "nobody has taken", "no one has taken", "nobody has started", "no one has started",
	"nobody owns", "no one owns", "no owner", "not started", "hasn't started", "has not started",
	"hasn't been started", "has not been started", "haven't started", "have not started", "untouched",
	"still open", "still pending", "still outstanding", "not done yet", "isn't done yet", "not yet done",
	"hasn't been done", "has not been done", "nobody has done", "no one has done", "sitting in the backlog"}

// saysLeftOpen reports a sentence that only says the work of the sentence
// before it is still open or still owed, pointing back at it ("Nobody has
// picked it up yet.", "It hasn't been started.", "we haven't done it,
// right?", "No rush, but it has to happen before the season starts.",
// "it needs to happen this week"): with the sentence before it, it is a
// task.
func saysLeftOpen(s string) bool {
	if len(strings.Fields(s)) > 14 || !refersBack(s) {
		return false
	}
	lower := strings.ToLower(s)
	if hasAny(lower, openStatuses) {
		return true
	}
	if statesDone(lower) || onlyNegatedNeed(lower) || hasAny(lower, hypotheticals) {
		return false
	}
	return hasAny(lower, pendingBack) || hasDeadline(lower)
}

// pendingBack say of something pointed back at that it is still owed.
var pendingBack = []string{"haven't done it", "have not done it", "haven't done that", "haven't done this",
	"hasn't been done", "not done yet", "haven't gotten to it", "haven't got to it", "didn't get to it",
	"it has to happen", "it needs to happen", "it must happen", "it has to be done", "it needs to be done",
	"it must be done", "it needs doing", "it still needs", "that still needs", "this still needs",
	"has to happen", "needs to happen", "must happen", "needs to get done", "has to get done",
	"still on the list", "still on my list", "still on our list", "still owed", "we still owe",
	"stuck until", "blocked until", "blocked on that", "blocked on it", "waiting on that", "waiting on it",
	"can't move until", "cannot move until", "can't proceed until", "held up until", "need it done", "needs it done",
	"need that done", "haven't seen anything", "haven't seen it", "getting pushed back", "keeps slipping",
	"been sitting there", "sitting there since", "keeps getting put off"}
