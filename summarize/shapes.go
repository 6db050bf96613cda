package summarize

import "strings"

// shapes classifies what the cue phrases miss by the sentence's form: an
// answer to the user's question (a task if the question is about work
// left, else a decision), deferral, a deadline or a debt, a first-person
// commitment to act, a "purpose: Choice" label, a named thing with the
// modality of a settled plan, chosen on purpose, guarded by the next line
// or followed by its reason.
func shapes(s *sentence, hypo, question bool) (string, float64, string, bool) {
	t, lower := s.text, s.lower
	if question {
		return "", 0, "", false
	}
	if s.asked != "" && !hypo && !hasAny(strings.ToLower(s.asked), hypotheticals) && !rejects(strings.ToLower(s.asked)) {
		// The answer is what its question asks about: work left, or a choice.
		if asksWhyChosen(strings.ToLower(s.asked)) {
			return SecDecisions, 8, s.asked + " " + t, true
		}
		if asksIfDone(strings.ToLower(s.asked)) {
			// "Did you get a chance to X?" - "Not yet": still owed; "Yes,
			// done" is finished.
			if denies(lower) || hasAny(lower, []string{"not yet", "haven't", "have not", "not done", "next on", "still"}) {
				return SecTasks, 8, s.asked + " " + t, true
			}
			return "", 0, "", false
		}
		if sec, _, ok := classify(strings.ToLower(s.asked), ""); ok && sec == SecTasks {
			return SecTasks, 8, s.asked + " " + t, true
		}
		return SecDecisions, 8, s.asked + " " + t, true
	}
	if (hasAny(lower, deferrals) || hasDeadline(lower) || assigns(t) || onList(lower)) && !hypo && !onlyNegatedNeed(lower) {
		return SecTasks, 7, t, true
	}
	if commits(lower) {
		return SecTasks, 6, t, true
	}
	if hypo || rejects(lower) || othersChoice(lower) || !hasNamedThing(t) {
		return "", 0, "", false
	}
	if label, _, ok := strings.Cut(lower, ": "); ok && isOneOf(strings.TrimSpace(label), taskLabels) {
		return SecTasks, 9, t, true // "Action: Priya to migrate the webhooks."
	}
	if label, value, ok := strings.Cut(t, ": "); ok && s.hint != hintField && len(strings.Fields(label)) <= 5 && startsWithChoice(value) &&
		!isOneOf(strings.ToLower(strings.TrimSpace(label)), headerLabels) {
		return SecDecisions, 7, t, true
	}
	if hasAny(lower, settled) && !firstPersonSingular(lower) || hasAny(lower, intentional) || s.guarded {
		return SecDecisions, 6, t, true
	}
	if s.because {
		return SecDecisions, 7, t, true // a named thing, then why: "Wired X through Foo. Reasoning: ..."
	}
	return "", 0, "", false
}

// requestsAction reports a question that asks for something to be done
// ("Can you also ...?", "Could we ...?", "Can someone ...?").
func requestsAction(lower string) bool {
	for _, p := range []string{"can you", "could you", "would you", "will you", "can we", "could we", "please"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return asksSomeone(lower)
}

// asksSomeone reports a question that asks someone other than the
// listener to do something ("Can someone renew the cert?", "Could one of
// you ...?", "Who can ...?", "Open question: who is going to ...?"): a
// task waiting for an owner. A question to
// the listener ("Can you ...?") is answered by doing it.
func asksSomeone(lower string) bool {
	// The question may follow a lead-in: "Open question: who is going to ...?"
	if _, q, ok := strings.Cut(lower, ": "); ok && asksSomeone(q) {
		return true
	}
	lower = strings.TrimLeft(stripGreeting(lower), " ,—–-")
	f := strings.Fields(lower)
	if len(f) < 3 {
		return false
	}
	switch f[0] {
	case "can", "could", "would", "will":
		switch f[1] {
		case "someone", "somebody", "anyone", "anybody", "y'all":
			return true
		case "one":
			return f[2] == "of"
		case "your": // "could your team ...?": another party's work
			return isOneOf(strings.Trim(f[2], ",;:"), []string{"team", "folks", "side", "people", "group", "office", "crew", "department", "end"})
		case "you":
			return isOneOf(strings.Trim(f[2], ",;:"), []string{"all", "guys", "folks", "two", "both"})
		}
	case "who", "who's", "who'll":
		// Who will do it: an owner wanted. "Who wrote it?", "Who is on
		// call?" ask about the past or present.
		switch f[1] {
		case "can", "could", "will", "wants", "would", "should", "shall", "has", "volunteers":
			return f[1] != "has" || f[2] == "to"
		case "is", "are":
			return f[2] == "going" || f[2] == "gonna" || f[2] == "taking" || f[2] == "picking"
		case "going", "gonna", "taking", "picking":
			return f[0] == "who's"
		}
		return f[0] == "who'll"
	}
	return false
}

// hasDeadline reports a time something is due by: "by end of month",
// "by Friday", "by the 5th", "by 2026-12-01", "before Q3", "before
// Friday's cutoff", "due Friday", "due by", "due on the 5th" (not "the
// vaccine due dates").
func hasDeadline(lower string) bool {
	if hasAny(lower, []string{"can't slip", "cannot slip", "must not slip", "mustn't slip", "hard date", "hard deadline"}) ||
		timeToDo(lower) {
		return true
	}
	for off := 0; ; {
		i := strings.Index(lower[off:], "due ")
		if i < 0 {
			break
		}
		i += off
		off = i + 4
		if i > 0 && isWordByte(lower[i-1]) {
			continue
		}
		next, _, _ := strings.Cut(lower[off:], " ")
		next = strings.Trim(next, ".,;:!?()")
		if next != "" && (next[0] >= '0' && next[0] <= '9' || isOneOf(next, timeWords) ||
			isOneOf(next, []string{"by", "on", "in", "at", "today", "soon", "asap", "date:", "back"})) {
			return true
		}
	}
	for _, p := range []string{" by ", " before "} {
		for off := 0; ; {
			i := strings.Index(lower[off:], p)
			if i < 0 {
				break
			}
			off += i + len(p)
			next, _, _ := strings.Cut(strings.TrimPrefix(lower[off:], "the "), " ")
			next = strings.TrimSuffix(strings.Trim(next, ".,;:!?"), "'s") // "before Friday's cutoff"
			if next == "" {
				continue
			}
			if next[0] >= '0' && next[0] <= '9' || isOneOf(next, timeWords) {
				return true
			}
		}
	}
	return false
}

// timeWords start the time of a deadline.
var timeWords = []string{"end", "eod", "eow", "eom", "eoy", "cob", "close", "start", "middle", "mid", "next", "this",
	"tomorrow", "tonight", "noon", "midnight", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
	"sunday", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
	"november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
	"q1", "q2", "q3", "q4", "h1", "h2", "weekend", "morning", "afternoon", "evening"}

// causalSince reports whether "since" in lower gives a reason rather than
// a time ("since Tuesday", "since 2024", "since last week").
func causalSince(lower string) bool {
	_, after, _ := strings.Cut(lower, " since ")
	f := strings.Fields(after)
	if len(f) > 1 && isOneOf(f[0], []string{"the", "this", "that", "last", "early", "late"}) {
		f = f[1:] // "since the weekend", "since last week"
	}
	if len(f) == 0 {
		return false
	}
	next := strings.Trim(f[0], ".,;:!?")
	if next == "" {
		return false
	}
	return !(next[0] >= '0' && next[0] <= '9' || isOneOf(next, sinceTimes) || isOneOf(next, timeWords) ||
		isOneOf(next, []string{"week", "month", "year", "quarter", "sprint", "deploy", "upgrade", "migration", "outage", "incident", "update"}))
}

// sinceTimes start a time after "since".
var sinceTimes = []string{"yesterday", "today", "last", "then", "monday", "tuesday", "wednesday", "thursday", "friday",
	"saturday", "sunday", "january", "february", "march", "april", "may", "june", "july", "august", "september",
	"october", "november", "december", "forever", "ages", "early", "morning", "lunch", "launch", "release", "q1", "q2",
	"q3", "q4"}

// choiceShape matches the way technology choices are stated: a name (a
// capitalized word that does not start the sentence) followed by "for"
// and what it is for ("Kafka for the event bus", "use Caddy for TLS"), or
// the purpose put first and a name after it ("For the event bus we run
// Kafka").
//
// A rare name (see rareName) may be a few words from its purpose: "Foo
// gets the contract for X", "Foo takes over for X".
func choiceShape(s, rare string) bool {
	words := strings.Fields(s)
	if purposeFirst(words) {
		return true
	}
	// After a lead-in: "Writing this down: for X the answer is Foo."
	if _, after, ok := strings.Cut(s, ": "); ok && purposeFirst(strings.Fields(after)) {
		return true
	}
	if rare != "" && rareWins(words, rare) {
		return true
	}
	for i := 0; i+2 < len(words); i++ {
		w := strings.Trim(words[i], "(\"'`,:")
		if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' || strings.ContainsAny(w, "./\\") {
			continue // not a name, or a file ("README.md for")
		}
		if i == 0 && w != rare {
			continue // any sentence starts with a capital
		}
		if prev := strings.ToLower(words[max(i-1, 0)]); prev == "tests" || prev == "test" {
			continue
		}
		if words[i+1] == "for" {
			return true // "Foo for the queue"
		}
		if w == rare {
			j := i + 1
			for j < len(words)-1 && words[j][0] >= 'A' && words[j][0] <= 'Z' {
				j++ // a name of several words: "Foo Apex handling ..."
			}
			if isOneOf(strings.ToLower(strings.Trim(words[j], ",;:")), purposeVerbs) {
				return true // "Foo backs the telemetry", "Foo Apex handling the whiteboard"
			}
		}
		if w != rare || strings.ContainsAny(words[i][len(words[i])-1:], ",;:.!?") {
			continue
		}
		for j := i + 1; j < len(words) && j <= i+rareForWindow; j++ {
			if words[j] == "for" {
				return true
			}
			if strings.ContainsAny(words[j][len(words[j])-1:], ",;:.!?") {
				break // the clause ended
			}
		}
	}
	return false
}

// rareWins reports a rare name that won: "Foo won for X", "Foo wins on
// cost", "Foo Cloud prevailed".
func rareWins(words []string, rare string) bool {
	for i, w := range words {
		if strings.Trim(w, "(\"'`,:") != rare {
			continue
		}
		j := i + 1
		for j < len(words) && words[j][0] >= 'A' && words[j][0] <= 'Z' {
			j++ // a name of several words: "Foo Cloud"
		}
		if j < len(words) {
			switch strings.Trim(strings.ToLower(words[j]), ".,;:!") {
			case "won", "wins", "prevailed", "prevails", "triumphed":
				return true
			}
		}
	}
	return false
}

// purposeVerbs put a named thing to a use: "Foo backs telemetry", "Foo
// handling the whiteboard", "Foo powers search".
var purposeVerbs = []string{"backs", "backing", "handles", "handling", "powers", "powering", "runs", "running",
	"serves", "serving", "drives", "driving", "underpins", "hosts", "hosting", "stores", "storing", "covers",
	"covering", "owns", "owning"}

// rareForWindow is how many words after a rare name its purpose may
// follow: "Foo is the only thing wired up for X now".
const rareForWindow = 8

// concedes reports a short reply that settles on a rare name: "fine, Foo
// then.", "OK, Foo it is.", "Foo then.", "alright, let's do Foo".
func concedes(t, rare string) bool {
	if rare == "" {
		return false
	}
	if i := strings.IndexAny(t, ":;"); i > 0 {
		t = t[:i] // "Then it's Foo: it keeps working offline."
	}
	if i := strings.LastIndex(t, ", "); i > 0 && strings.Contains(t[i:], rare) {
		t = t[i+2:] // "My vote's Foo and nobody objected, so Foo it is."
	}
	if len(strings.Fields(t)) > 7 {
		return false
	}
	i := strings.Index(t, rare)
	if i < 0 {
		return false
	}
	// The name may run on in capitals: "fine, Dentrix Ascend then."
	rest := strings.Fields(t[i+len(rare):])
	for len(rest) > 0 && rest[0][0] >= 'A' && rest[0][0] <= 'Z' {
		rest = rest[1:]
	}
	after := strings.Trim(strings.ToLower(strings.Join(rest, " ")), " .,;:!")
	before := strings.Trim(strings.ToLower(t[:i]), " .,;:!-")
	switch after {
	case "then", "it is", "it is then", "it'll be", "wins", "it's", "then i guess", "then, i guess", "", "please":
	default:
		return false
	}
	switch before {
	case "then it's", "then it is", "it's", "it is", "it'll be", "it will be", "we'll go with", "going with",
		"let's do", "go with", "fine, let's do", "fine, go with", "ok, go with", "okay, go with", "so it's":
		return true // "Then it's Foo.", "go with Foo"
	case "fine", "ok", "okay", "alright", "all right", "sure", "right", "yes", "yep", "yeah", "agreed", "good",
		"fine then", "ok then", "okay then", "so", "then", "fine by me":
		return after != "" // "fine, Foo then."
	case "":
		return after == "then" || after == "it is" || after == "it is then" // "Foo then."
	}
	return false
}

// explainsChoice reports a sentence that gives the reason for the choice
// before it, pointing back at it: "It won on one point, really: ...",
// "That one came out ahead because ...".
func explainsChoice(s string) bool {
	if !refersBack(s) {
		return false
	}
	lower := strings.ToLower(s)
	if sec, _, ok := classify(lower, ""); ok && sec == SecDecisions {
		return true
	}
	return hasAny(lower, []string{"it won", "that won", "won on", "won because", "it beat", "that's why", "that is why",
		"which is why", "the reason"})
}

// rareName returns the first name in s (a capitalized word after the
// first, not a path) that occurs in at most rareNameDF sentences of the
// conversation: the specific things decisions are about are named once
// or twice, while narration repeats its names.
//
// The first word counts only if it is written like a name, with a capital
// or digit inside (FreeRTOS, Nav2): any sentence starts with a capital.
func (x *extractor) rareName(s string) string {
	for i, w := range strings.Fields(s) {
		w = strings.Trim(w, "([{\"'`,;:.!?)]}")
		if len(w) < 3 || w[0] < 'A' || w[0] > 'Z' || strings.ContainsAny(w, "./\\") ||
			i == 0 && !strings.ContainsAny(w[1:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") {
			continue
		}
		l := strings.ToLower(w)
		d, ok := x.df[l]
		if !ok && strings.ContainsAny(l, "*&+") {
			// A name with a sign in it (PC*MILER, AT&T) is counted by its
			// word parts: it is as rare as its most common part.
			forWords(l, func(p string) {
				if pd, pok := x.df[p]; pok && (!ok || pd > d) {
					d, ok = pd, true
				}
			})
		}
		if ok && d <= rareNameDF && !stopWords[l] {
			return w
		}
	}
	return ""
}

// intentional marks a choice made knowingly; a guard ("ask X before
// changing this") after a sentence marks it so too (sentence.guarded).
var intentional = []string{"on purpose", "deliberately", "intentionally", "by design", "purposely", "purposefully",
	"knowingly", "by choice", "for a reason"}

// isGuard reports a warning not to change what the sentence before says
// without asking: "Talk to ops before changing this.", "Do not remove."
func isGuard(lower string) bool {
	return hasAny(lower, []string{"before changing", "before you change", "before touching", "before removing",
		"don't change", "do not change", "don't remove", "do not remove", "don't touch", "do not touch",
		"don't revert", "do not revert", "keep this as is", "leave this as is"})
}

// rareNameDF is the most sentences a name may occur in and be rare.
const rareNameDF = 3

// purposeFirst reports a sentence that opens with what something is for
// and names it later: "For the event bus, we run Kafka". Discourse
// openers ("For example", "For now") are not purposes.
func purposeFirst(words []string) bool {
	if len(words) < 4 || !strings.EqualFold(words[0], "for") {
		return false
	}
	switch strings.ToLower(strings.Trim(words[1], ",;:")) {
	case "example", "instance", "now", "reference", "context", "some", "more", "what", "the record", "details",
		"this", "that", "these", "those", "it", "them", "me", "us", "you", "each", "every", "all", "once", "one":
		return false
	}
	return hasNamedThing(strings.Join(words[1:], " "))
}

// startsWithName reports whether s opens with a name: a capitalized word
// (not a pronoun or article) or a path or identifier.
func startsWithName(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	w := strings.Trim(f[0], "([{\"'`,;:.")
	if _, _, ok := classifyWord(w); ok {
		return true
	}
	switch strings.ToLower(w) {
	case "i", "we", "the", "a", "an", "it", "this", "that", "they", "you", "our", "no", "yes", "not":
		return false
	}
	return len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z'
}

// startsWithChoice reports a value that opens with a name that can be
// chosen (a product, a team, a method: "Valkey", "Foo Cloud"), not with a
// path, an identifier, a URL or a quote, which are facts, not choices.
func startsWithChoice(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 || strings.ContainsAny(f[0][:1], "\"'`([") {
		return false
	}
	if _, _, ok := classifyWord(f[0]); ok {
		return false
	}
	return startsWithName(s)
}

// taskLabels label work to do: "Action: ...", "Follow-up: ...".
var taskLabels = []string{"action", "actions", "action item", "action items", "ai", "follow-up", "follow up", "followup",
	"next step", "next steps", "todo", "to do", "to-do", "task", "owed", "open item", "outstanding"}

// headerLabels head lines of mail, tickets and minutes: what follows them
// is no choice ("Fwd: FYI", "Subject: Quick favour").
var headerLabels = []string{"from", "to", "cc", "bcc", "subject", "re", "fwd", "fw", "date", "sent", "attendees",
	"present", "absent", "agenda", "requester", "reporter", "priority", "severity", "labels", "tags", "owner",
	"assignee", "component", "environment", "reported by", "filed by", "author", "reviewers", "title", "issue"}

// hasNamedThing reports whether s names something: a capitalized word
// after the first, or a path or identifier.
func hasNamedThing(s string) bool {
	words := strings.Fields(s)
	for i, w := range words {
		w = strings.Trim(w, "([{\"'`,;:.")
		if i > 0 && len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z' && !(w[0] == 'I' && w[1] == '\'') {
			return true // a name, not "I'd", "I've"
		}
		if _, _, ok := classifyWord(w); ok {
			return true
		}
	}
	return false
}

// disclaimers say a choice is not the speakers' own to make.
var disclaimers = []string{"not a recommendation", "not our call", "not our decision", "not my call", "not my decision", "not up to us",
	"not up to me", "their call", "their decision", "on their side", "on their end", "out of our hands",
	"for their side", "their stack", "not ours", "not our stack", "not our system", "their system", "their own"}

// othersChoice reports a choice another party made: disclaimed ("not our
// call"), or with a qualified team ("the data team", "another team") or
// "they" as the subject of a choice ("the data team went with Foo",
// "they picked Bar") in a sentence where the speakers do not take it up
// (no we, us, our, let's). "The team" alone is the speakers' own.
func othersChoice(lower string) bool {
	if hasAny(lower, disclaimers) {
		return true
	}
	words := strings.Fields(lower)
	other := false
	for i, w := range words {
		w = strings.Trim(w, ",;:.!?()\"'")
		switch w {
		case "we", "we're", "we've", "we'll", "we'd", "us", "our", "let's", "i'll":
			return false
		case "they", "team", "teams", "department", "departments", "dept", "group", "division", "org", "vendor",
			"office", "firm", "company", "client", "customer", "agency", "branch", "competitor", "organization":
			prev := ""
			if i > 0 {
				prev = words[i-1]
			}
			othered := isOneOf(prev, []string{"different", "other", "another", "sister", "partner", "their"})
			if isOneOf(w, []string{"office", "firm", "company", "client", "customer", "agency", "branch", "competitor", "organization"}) && !othered {
				continue // "the docs site", "our office": only "a different firm" is another party
			}
			if w != "they" && !othered && (i == 0 || isOneOf(prev, []string{"the", "our", "my", "whole", "same", "a", "entire"}) ||
				strings.ContainsAny(prev[len(prev)-1:], ":;,.")) {
				continue // "the group", "...: group agreed on Foo" are the speakers themselves
			}
			rest := strings.Join(words[i+1:min(len(words), i+5)], " ")
			if sec, _, ok := classify(rest, ""); ok && sec == SecDecisions || movesOnto(strings.Join(words[i+1:], " ")) {
				other = true
			}
		}
	}
	return other
}

// onList reports work put on a list of things to do: "add this to your
// list", "on the list for Monday", "it's on our board", "put it in the
// backlog".
func onList(lower string) bool {
	lower = " " + lower
	for _, p := range []string{" on ", " to ", " onto ", " in ", " into ", " for "} {
		for off := 0; ; {
			i := strings.Index(lower[off:], p)
			if i < 0 {
				break
			}
			off += i + len(p)
			f := strings.Fields(lower[off:])
			if len(f) < 2 {
				break
			}
			switch f[0] {
			case "the", "my", "your", "our", "his", "her", "their", "team's", "today's", "tomorrow's", "monday's", "the team's":
			default:
				continue
			}
			// "the list", "the ops board": a word may name whose it is.
			for k := 1; k < len(f) && k <= 2; k++ {
				switch w := strings.Trim(f[k], ".,;:!?"); w {
				case "list", "todo", "to-do", "todos", "board", "backlog", "plate", "radar", "queue", "agenda", "punch", "tracker",
					"kanban", "sprint", "roadmap", "schedule":
					// "for their queue" is a purpose; "one more for the list" is work
					return p != " for " || isOneOf(w, []string{"list", "todo", "to-do", "backlog", "sprint", "agenda"})
				}
			}
		}
	}
	return false
}

// stripGreeting removes a greeting a message opens with ("hi —", "hey
// team,", "hello all -"), so what is asked can be read.
func stripGreeting(lower string) string {
	f := strings.Fields(lower)
	if len(f) < 2 {
		return lower
	}
	switch strings.Trim(f[0], ",;:!—–-") {
	case "hi", "hey", "hello", "morning", "afternoon", "evening", "folks", "all", "team", "yo", "dear":
	default:
		return lower
	}
	i := 1
	if i < len(f) && isOneOf(strings.Trim(f[i], ",;:!—–-"), []string{"all", "team", "folks", "everyone", "there", "both", "guys"}) {
		i++
	}
	return strings.Join(f[i:], " ")
}

// asksIfDone reports a question whether some work was done: "did you get
// a chance to X?", "have you X yet?", "has anyone X?", "is X done?".
func asksIfDone(lower string) bool {
	lower = stripGreeting(lower)
	for _, p := range []string{"did you ", "have you ", "has anyone ", "has someone ", "did anyone ", "did someone ",
		"did we ", "have we ", "were you able", "was anyone able", "any luck ", "any chance you "} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return strings.HasSuffix(lower, " done?") || strings.HasSuffix(lower, " done yet?") || strings.HasSuffix(lower, " yet?")
}

// timeToDo reports a span of time given to do something: "we have ten
// business days to refund them", "you have 48 hours to", "two weeks to".
func timeToDo(lower string) bool {
	for _, unit := range []string{" days to ", " hours to ", " weeks to ", " months to ", " day to ", " hour to ", " week to "} {
		i := strings.Index(lower, unit)
		if i < 0 {
			continue
		}
		f := strings.Fields(lower[:i])
		for k := len(f) - 1; k >= 0 && k >= len(f)-3; k-- {
			switch f[k] {
			case "have", "has", "had", "got", "within", "only", "just":
				return true
			}
		}
	}
	return false
}
