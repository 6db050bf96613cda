package summarize

import (
	"strings"

	"github.com/archon-memory/archon/conv"
)

// salienceWeight scales a sentence's score by how rare its words are in
// the conversation: by 1-salienceWeight/2 when all are common, by
// 1+salienceWeight/2 when all are rare. Planted facts, decisions and tasks
// are said once; narration repeats the same words.
const salienceWeight = 0.8

// rareEntityBonus is added to a path or identifier named at most rareDF
// times, at least once outside tool output.
const rareEntityBonus = 4

// rareDF is the most sentences a word may occur in and still count as rare.
const rareDF = 2

// judge decides which section a sentence belongs to, if any, and how
// strongly: cue phrases first, then features of its shape. Finished work,
// hypotheticals, rejected options and questions are not decisions; the
// item is the sentence, with its reason or the question it answers.
func judge(s *sentence) (sec string, base float64, item string, ok bool) {
	t, lower := s.text, s.lower
	item = t
	// A record's decision may be labelled "Resolved:"; finished items
	// under a heading are marked hintDone by splitUnits.
	if s.hint == hintDone || s.hint == hintHeading || isMailHeader(lower) {
		return "", 0, "", false
	}
	if s.hint != SecDecisions && isFinished(lower) {
		return judgeFinished(s)
	}
	if strings.HasPrefix(lower, "[ ]") {
		return SecTasks, 9, t, true
	}
	if k, _, ok := strings.Cut(lower, ":"); ok && isOneOf(k, reasonKeys) || onlyReason(lower) && s.asked == "" {
		return "", 0, "", false // "Why: ...", "The deciding factor was ..." go with the sentence before
	}
	hypo := hasAny(lower, hypotheticals)
	question := isQuestion(t)
	switch {
	case s.leftOpen && !hypo && (!question || asksIfDone(lower)):
		// "did anyone renew the cert yet? I don't think so, and it's due Friday"
		// "I filed a ticket to X. Nobody has picked it up yet."
		item = t + " " + s.reason
		if s.asked != "" && !strings.Contains(item, s.asked) && len(strings.Fields(t)) <= shortAnswerWords {
			item = s.asked + " " + item // "has anyone X?" "Not yet, nobody has. It's still open."
		}
		return SecTasks, 8, item, true
	case s.agreed && !hypo:
		// "proposal for X: Foo" ... "+1, ..."
		return SecDecisions, 8, t + " " + s.reason, true
	case (s.hint == SecTasks || s.hint == SecDecisions) && !hypo && !question:
		// The block says what it is: an item under a heading, a record.
		sec, base, ok = s.hint, 9, true
	case question && asksSomeone(lower) && !hypo:
		sec, base, ok = SecTasks, 8, true // "Can someone renew the cert?"
		if s.leftOpen {
			item = t + " " + s.reason // "... before the review? We're stuck until that happens."
		}
	case question && s.src == srcTool && asksIfDone(lower) && !hypo:
		sec, base, ok = SecTasks, 7, true // a mail or thread chasing: "has anyone been able to X?"
	case question && offersWork(lower) && !hypo:
		sec, base, ok = SecTasks, 7, true // "should I rotate the keys now or can that wait?"
	case question && requestsAction(stripGreeting(lower)) && (hasDeadline(lower) || hasAny(lower, deferrals) || s.leftOpen) && !hypo:
		sec, base, ok = SecTasks, 8, true // "Can you send the report before Friday?"
		if s.leftOpen {
			item = t + " " + s.reason // "Could you please X? We need it done before the fair."
		}
	case question && s.rare != "" && asksWhyChosen(lower):
		// "Why did we end up on Foo?" takes the choice as made.
		return SecDecisions, 7, t, true
	case agreedToDo(lower) && !hypo && !question:
		sec, base, ok = SecTasks, 8, true // "Back in April your team agreed to calibrate X, and ..."
	case onList(lower) && !hypo && !question && !onlyNegatedNeed(lower):
		sec, base, ok = SecTasks, 8, true // "Put X on the sprint.", "one more for the list: X"
	default:
		if sec, base, ok = classify(lower, s.role); !ok {
			sec, base, ok = fallback(s)
		}
		if _, after, cut := strings.Cut(lower, ": "); ok && sec == SecDecisions && cut &&
			hasPrefixAny(after, []string{"you'll ", "we'll ", "i'll ", "you will ", "we will ", "i will "}) {
			sec, base = SecTasks, 8 // "Just confirming what you agreed: you'll renew X by the 30th."
		}
		if ok && sec == SecProjects && s.because && hasNamedThing(t) {
			sec, base = SecDecisions, 7 // "Hands X off to Epic Cadence." "Picked over Y because ...": a choice
		}
	}
	switch {
	case ok && (sec == SecDecisions || sec == SecProjects) && (hypo || question || rejects(lower) || othersChoice(lower) || narrates(lower) || s.disclaimed):
		ok = false
	case ok && sec == SecTasks && question && !requestsAction(lower) && !offersWork(lower) && !(s.src == srcTool && asksIfDone(lower)):
		ok = false // "What should the exporter use?", "Anything left?" ask, they assign nothing
	case ok && sec == SecTasks && onlyNegatedNeed(lower):
		ok = false // "no need to answer now"
	case ok && sec == SecTasks && hypo:
		base -= 3
	case ok && sec == SecErrors && question:
		ok = false // "Which one failed last night?" asks; the error is in its answer or the output
	case ok && sec == SecContext && (hypo || rejects(lower) || othersChoice(lower)):
		ok = false // "Maybe one day we look at Foo", "We passed on Foo" state no fact of ours
	}
	if !ok || sec == SecContext {
		if s2, b2, it2, ok2 := shapes(s, hypo, question); ok2 {
			sec, base, item, ok = s2, b2, it2, true
		}
	}
	plain := false
	if !ok && !hypo && !rejects(lower) && !othersChoice(lower) && !narrates(lower) && (s.rare != "" || novel(s) && !pointsBack(t)) {
		switch {
		case !question:
			// A statement naming something the conversation seldom names,
			// or said in words it seldom uses, is worth keeping even when
			// no cue says what it is.
			sec, base, ok, plain = SecContext, 3, true, true
		case s.role == conv.RoleUser && requestsAction(stripGreeting(lower)) && novel(s):
			// A request in words of its own ("can you remind me Monday to
			// ...?") may be work still owed.
			sec, base, ok = SecTasks, 5, true
		}
	}
	if !ok || sec == SecDecisions && (narrates(lower) || s.disclaimed) {
		return "", 0, "", false // "Let me read a.go first." chooses nothing, whatever follows it
	}
	if (sec == SecTasks || plain) && s.asked == "" && !s.leftOpen && namesNothing(t) {
		return "", 0, "", false // "Everything else can wait.", "It misbehaves on empty input." name no work
	}
	if s.src != srcText && sec != SecDecisions && sec != SecTasks && !plain {
		return "", 0, "", false
	}
	if s.asked != "" && (sec == SecTasks || sec == SecDecisions) && !strings.Contains(item, s.asked) &&
		(len(strings.Fields(t)) <= shortAnswerWords || !hasNamedThing(t) || refersBack(t)) {
		item = s.asked + " " + item // a short answer says little without its question
	}
	return sec, base, withReason(s, sec, item), true
}

// onlyReason reports a sentence that only gives the reason for the one
// before it ("The deciding factor was ...", "Because it is cheaper."), as
// opposed to one that opens with a reason and goes on to say what was
// done ("Since you approved it, I moved X onto Foo.").
func onlyReason(lower string) bool {
	for _, p := range []string{"the deciding factor", "deciding factor", "the main reason", "main reason", "the reason",
		"the rationale", "rationale", "this is because", "that's because", "mainly because", "mostly because"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return strings.HasPrefix(lower, "because") && !strings.Contains(lower, ", ")
}

// noveltyMin is the share of rare words from which a sentence of
// noveltyWords or more is news by its words alone.
const (
	noveltyMin   = 0.5
	noveltyWords = 6
)

// novel reports a sentence made mostly of words the conversation seldom
// uses: narration and routine requests repeat their words, facts are said
// once.
func novel(s *sentence) bool {
	return s.novelty >= noveltyMin && len(strings.Fields(s.text)) >= noveltyWords
}

// Word classes for shapes and judge. They describe kinds of statement
// (finished, hypothetical, rejecting, assenting, deferring, settled), not
// particular conversations.
var (
	finished      = []string{"done:", "done -", "finished:", "completed:", "fixed:", "resolved:", "closed:", "shipped:", "merged:", "[x]", "✅", "✓"}
	hypotheticals = []string{"could maybe", "maybe we", "we could", "might ", "in theory", "if budget", "someday", "some day",
		"one day", "would be nice", "nothing decided", "not decided", "no decision", "undecided", "what if", "thinking about",
		"considering", "could try", "might try", "if we ever", "if it", "if we", "floated",
		// examples and placeholders choose nothing
		"example only", "for example", "e.g.", "as a placeholder", "placeholder for", "sample config", "sample values", "illustrative",
		"dummy value", "fake value",
		// what would have been
		"would have been", "would've been", "would have gone", "would've gone", "if the budget", "had we ", "if we had",
		"suppose ", "supposing", "imagine if", "say we had", "in hindsight",
		// thinking aloud
		"thinking out loud", "just curious", "purely curious", "not a proposal", "not suggesting"}
	rejections = []string{"ruled out", "rule out", "ruled it out", "ruled them out", "rule it out", "dropped them", "not using", "won't be using", "dropped it", "drop it", "rejected", "said no", "decided against",
		"not going with", "won't use", "will not use", "turned down", "passed on", "not an option", "vetoed", "too much", "too expensive",
		// withdrawing from something tried
		"pulled out", "pulled the plug", "backed out", "gave up on", "abandoned", "walked away", "scrapped", "shelved",
		"moved away from", "migrated off", "didn't work out", "did not work out", "never worked",
		"bailed", "ditched", "not going back",
		// losing a comparison
		"but it lost", "it lost on", "it lost to", "lost out", "lost the bake-off", "lost on price", "so it's out",
		"didn't make the cut", "did not make the cut", "runner-up", "came second", "was eliminated", "knocked out",
		"on the shortlist", "shortlisted", "but it's out", "it's out;", "it's out,", "it's out.", "and passed", "we passed",
		"killed it", "it's a no", "no-go", "nixed"}
	// completion stated in words: "that's done, Olu did it yesterday"
	doneStatements = []string{"that's done", "that is done", "it's done", "it is done", "already done", "all done",
		"has been done", "have been done", "was done", "were done", "got done", "is finished", "is complete",
		"was finished", "were finished", "was completed", "were completed", "is closed", "was closed",
		"one's finished", "that's finished", "nothing left to do", "went through cleanly",
		"did that on", "did it on", "did that yesterday", "did it yesterday", "did that last", "did it last",
		"is completed", "has been completed", "already finished", "already completed", "already merged",
		"already shipped", "already fixed", "took care of", "taken care of", "is merged", "is shipped",
		"was able to", "were able to", "one's closed", "that's closed", "it's closed", "is now closed",
		"verified it end to end", "is verified", "all set now", "wrapped up", "checked off", "ticked off",
		"off the list", "off my list", "off our list", "crossed off", "crossed it off", "managed to"}
	favours = []string{"in favour of", "in favor of", "instead of", "rather than", "over "}
	assents = []string{"yes", "yep", "agreed", "no objection", "sounds good", "go ahead", "that's what we", "that is what we", "let's do", "approved", "confirmed", "correct", "do it", "ship it", "works for me", "fine by me"}
	// deferrals, deadlines and debts (see also hasDeadline)
	deferrals = []string{"deferred", "defer ", "postponed", "put off", "on hold", "not started", "hasn't started", "deadline", "due:",
		"until ", "eta:", "tomorrow", "next week", "this week", "end of day", "eod", "owed ", "we owe", "overdue"}
	investigative = []string{"look", "check", "read", "search", "see ", "inspect", "investigate", "examine", "run the tests",
		"profile", "dig", "try", "start by", "first", "go through", "grep", "open "}
	settled = []string{" will ", " shall ", "going forward", "from now on", "as of ", "is to be", "are to be", "henceforth",
		"default", "standard", "official", "option", "primary", "instead", "our answer", "the choice", " goes on ", " goes to ",
		" runs on ", " lives on ", " is on ", " now "}
)

func hasAny(lower string, list []string) bool {
	for _, p := range list {
		if containsPhrase(lower, p) {
			return true
		}
	}
	return false
}

// isFinished reports work marked as done: a done label or checked box at
// the start, text struck through (~~...~~), completion stated in words
// ("that's done", "already merged"), or a completion word after a
// dash or in parentheses at the end ("renew the cert - done and
// verified", "renew the cert (shipped)").
func isFinished(lower string) bool {
	for _, p := range finished {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	if i := strings.Index(lower, "~~"); i >= 0 && strings.Contains(lower[i+2:], "~~") {
		return true
	}
	if statesDone(lower) {
		return true
	}
	tail := ""
	for _, sep := range []string{" - ", " – ", " — ", "("} {
		if i := strings.LastIndex(lower, sep); i >= 0 && len(lower)-i > len(tail) {
			tail = lower[i+len(sep):]
		}
	}
	first, _, _ := strings.Cut(strings.TrimLeft(tail, " "), " ")
	switch strings.Trim(first, ".,;:!)") {
	case "done", "completed", "complete", "finished", "fixed", "shipped", "merged", "closed", "resolved", "delivered":
		return true
	}
	return false
}

// rejects reports a sentence that turns an option down without naming the
// one taken instead.
func rejects(lower string) bool { return hasAny(lower, rejections) && !hasAny(lower, favours) }

// commits reports a first-person promise to act ("I'll take care of",
// "we will renew") that is not the speaker narrating what they look at next.
func commits(lower string) bool {
	for _, p := range []string{"i'll ", "i will ", "we'll ", "we will ", "i'm going to ", "we're going to ", "i can take ", "leave it with me"} {
		i := strings.Index(lower, p)
		if i < 0 || i > 0 && isWordByte(lower[i-1]) {
			continue
		}
		rest := lower[i+len(p):]
		for _, v := range investigative {
			if strings.HasPrefix(rest, v) {
				return false
			}
		}
		return true
	}
	return false
}

func firstPersonSingular(lower string) bool {
	for _, p := range []string{"i ", "i'll ", "i'm ", "i've ", "i'd ", "let me ", "my "} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return false
}

func classify(lower string, role conv.Role) (string, float64, bool) {
	// "picked up", "pick up" are no choice ("the wind picked up").
	choiceLower := pickUp.Replace(lower)
	for _, c := range cues {
		if c.roles != nil && !c.roles[role] {
			continue
		}
		l := lower
		if !cueEnabled(c.section) {
			continue
		}
		if c.section == SecDecisions {
			l = choiceLower
		}
		for _, p := range c.phrases {
			if containsPhrase(l, p) && !deniedCue(c.section, l, p) {
				return c.section, c.base, true
			}
		}
	}
	return "", 0, false
}

// pickUp hides the phrasal verb "pick up" from the choice cues.
var pickUp = strings.NewReplacer("picked up", "lifted", "pick up", "lift", "picks up", "lifts", "picking up", "lifting",
	"switched off", "turned off", "switched on", "turned on")

// fallback catches what the cue phrases miss, by sentence shape:
// an obligation whose subject is not the speaker narrating their next step
// ("somebody needs to", "the team must") or none ("Need to X before the
// flag goes on.") is a task; a statement giving a
// reason ("because", "since", "due to") about a named thing is a decision or
// its rationale.
func fallback(st *sentence) (string, float64, bool) {
	s, lower, role := st.text, st.lower, st.role
	if isQuestion(s) {
		return "", 0, false
	}
	for _, m := range []string{" needs to ", " need to ", " must ", " should ", " has to ", " have to ", " ought to "} {
		i := strings.Index(" "+lower+" ", m)
		if i < 0 {
			continue
		}
		subject := strings.Fields(lower[:max(i-1, 0)])
		if len(subject) == 0 {
			// No subject: a note of work to do ("Need to X before Y."),
			// as in a to-do comment or a checklist.
			if m != " should " {
				return SecTasks, 7, true
			}
			break
		}
		last := subject[len(subject)-1]
		if last == "i" || last == "i'll" || last == "me" || (len(subject) > 1 && subject[len(subject)-2] == "let") {
			break
		}
		return SecTasks, 7, true
	}
	if hasDeadline(lower) || onList(lower) {
		// Work with a date or on a list is owed, whatever it names:
		// "I told them we'd reconcile the Foo claims by end of week."
		return SecTasks, 7, true
	}
	for _, c := range []string{" because ", " since ", " due to ", " so that ", " given that ", "the reason", "why:", "rationale"} {
		if strings.Contains(lower, c) && hasNamedThing(s) && (c != " since " || causalSince(lower)) {
			return SecDecisions, 7, true
		}
	}
	if choiceShape(s, st.rare) || movesOnto(lower) && hasNamedThing(s) || movesTo(lower, st.rare) || concedes(s, st.rare) ||
		fillsRole(s, st.rare) || routesThrough(lower, st.rare) || arrowTo(s, st.rare) {
		return SecDecisions, 7, true
	}
	// What the user states (not asks) is context worth keeping, when it
	// says something of its own ("I closed the tab", "It misbehaves on
	// empty input." say nothing a summary needs).
	if role == conv.RoleUser && !isRequest(lower) && len(strings.Fields(s)) >= 4 && !pointsBack(s) && substantiveWords(lower) >= 3 {
		return SecContext, 3, true
	}
	return "", 0, false
}

// isRequest reports whether a sentence asks for something rather than
// stating it.
func isRequest(lower string) bool {
	for _, p := range []string{"please ", "can you", "could you", "would you", "let's ", "why ", "how ", "what ",
		"where ", "when ", "thanks", "thank you", "ok", "okay", "hmm", "i think"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return strings.HasSuffix(lower, "?")
}

// deniedCue reports a cue phrase p that the two words before it deny:
// "blank cells no longer crash the parser", "we can't sign off". For an
// error cue, words of a fix deny it too ("fixed the crash on launch").
func deniedCue(sec, lower, p string) bool {
	var denials []string
	switch sec {
	case SecErrors:
		denials = []string{"longer", "not", "never", "fixed", "fix", "fixes", "without", "no"}
	case SecDecisions:
		denials = []string{"not", "never", "nobody", "no-one"}
	default:
		return false
	}
	i := strings.Index(lower, p)
	if i < 0 {
		return false
	}
	f := strings.Fields(lower[:i])
	for k := len(f) - 1; k >= 0 && k >= len(f)-2; k-- {
		w := strings.Trim(f[k], ",;:()")
		if isOneOf(w, denials) || strings.HasSuffix(w, "n't") {
			return true
		}
	}
	return false
}
