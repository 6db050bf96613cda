package summarize

import "strings"

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
		case "someone", "somebody", "anyone", "anybody", "y'all", "whoever", "whoever's":
			return true
		case "one":
			return f[2] == "of"
		case "your": // "could your team ...?": another party's work
			return isOneOf(strings.Trim(f[2], ",;:"), []string{"team", "folks", "side", "people", "group", "office", "crew", "department", "end"})
		case "you":
			return isOneOf(strings.Trim(f[2], ",;:"), []string{"all", "guys", "folks", "two", "both"})
		}
	case "has", "have":
		// "Has anyone volunteered to ...?": an owner wanted.
		return isOneOf(f[1], []string{"someone", "somebody", "anyone", "anybody"}) && isOneOf(f[2], []string{"volunteered", "offered"})
	case "is", "are":
		// "Is anyone actually going to ...?": an owner wanted.
		if isOneOf(f[1], []string{"someone", "somebody", "anyone", "anybody"}) {
			for _, w := range f[2:min(len(f), 5)] {
				if w == "going" || w == "gonna" || w == "able" {
					return true
				}
			}
		}
	case "who", "who's", "who'll":
		// Who will do it: an owner wanted. "Who wrote it?", "Who is on
		// call?" ask about the past or present.
		switch f[1] {
		case "said", "offered", "promised", "volunteered", "agreed":
			return true // "who said they'd send the list?": whose it is
		case "can", "could", "will", "wants", "would", "should", "shall", "has", "volunteers":
			return f[1] != "has" || f[2] == "to"
		case "is", "are":
			return f[2] == "going" || f[2] == "gonna" || f[2] == "taking" || f[2] == "picking" || f[2] == "able"
		case "going", "gonna", "taking", "picking", "able":
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
var timeWords = []string{"end", "eod", "eow", "eom", "eoy", "cob", "close", "start", "middle", "mid", "next", "this", "then",
	"tomorrow", "tonight", "noon", "midnight", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
	"sunday", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
	"november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
	"q1", "q2", "q3", "q4", "h1", "h2", "weekend", "morning", "afternoon", "evening"}

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
	if _, q, ok := strings.Cut(lower, ": "); ok && len(q) > 8 && asksIfDone(q) {
		return true // "Gwen is asking for status: has anyone ...?"
	}
	lower = stripGreeting(lower)
	for _, p := range []string{"did you ", "have you ", "has anyone ", "has someone ", "did anyone ", "did someone ",
		"has anybody ", "did anybody ", "has somebody ", "did somebody ",
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

// offersWork reports a question in which the speaker offers to do some
// work or asks whether to ("should I rotate the keys now?", "do you want
// me to backfill it?", "want me to send the letters?"): the work is still
// to be done.
func offersWork(lower string) bool {
	for _, p := range []string{"should i ", "shall i ", "do you want me to ", "want me to ",
		"would you like me to ", "do you need me to ", "need me to "} {
		if strings.HasPrefix(lower, p) && len(strings.Fields(lower)) >= len(strings.Fields(p))+3 {
			return true
		}
	}
	return false
}

// agreedToDo reports agreement to do some work ("your team agreed to
// calibrate the refractometer"), as opposed to agreeing on a choice
// ("we agreed to use Foo", "agreed to go with Foo").
func agreedToDo(lower string) bool {
	for _, p := range []string{"agreed to ", "promised to ", "committed to "} {
		i := strings.Index(lower, p)
		if i < 0 || i > 0 && isWordByte(lower[i-1]) {
			continue
		}
		next, _, _ := strings.Cut(lower[i+len(p):], " ")
		return next != "" && !isOneOf(next, agreedChoiceWords) && !conditionOrDenial(lower[:i])
	}
	return false
}

// agreedChoiceWords after "agreed to" make it a choice, not work.
var agreedChoiceWords = []string{"use", "go", "adopt", "switch", "move", "standardize", "standardise", "stick", "keep",
	"pick", "choose", "try", "pilot", "run", "host", "buy", "license", "sign", "proceed", "it", "that", "this", "the",
	"a", "an", "our", "your", "their", "disagree", "differ", "the", "terms"}
