package summarize

import "strings"

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
		if len(w) < 2 || (w[0] < 'A' || w[0] > 'Z') && w != rare || strings.ContainsAny(w, "./\\") {
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
	for _, sep := range []string{":", ";", " - ", " — ", " – "} {
		if i := strings.Index(t, sep); i > 0 {
			t = t[:i] // "Then it's Foo: it keeps working offline.", "Foo it is - it ships with the image."
		}
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
	for len(rest) > 0 && strings.ContainsAny(rest[0], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		rest = rest[1:] // "Dentrix Ascend", "Sunbird dcTrack"
	}
	after := strings.Trim(strings.ToLower(strings.Join(rest, " ")), " .,;:!")
	before := strings.Trim(strings.ToLower(t[:i]), " .,;:!-")
	switch after {
	case "then", "it is", "it is then", "it'll be", "wins", "it's", "then i guess", "then, i guess", "", "please",
		"from here on", "from now on", "going forward", "for now", "for good", "it is, then", "end of story",
		"end of discussion", "final answer", "period", "full stop", "done deal":
	default:
		return false
	}
	switch before {
	case "then it's", "then it is", "it's", "it is", "it'll be", "it will be", "we'll go with", "going with",
		"let's do", "go with", "fine, let's do", "fine, go with", "ok, go with", "okay, go with", "so it's":
		return true // "Then it's Foo.", "go with Foo"
	case "fine", "ok", "okay", "alright", "all right", "sure", "right", "yes", "yep", "yeah", "agreed", "good",
		"fine then", "ok then", "okay then", "so", "then", "fine by me":
		// "fine, Foo then."; "yep, Bluelab Guardian." when the name is a
		// product's (several words or capitals inside), not a person's.
		return after != "" || strings.Contains(strings.TrimSpace(t[i:]), " ") || strings.ContainsAny(rare[1:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
	case "":
		return after == "then" || after == "it is" || after == "it is then" // "Foo then."
	}
	return false
}

// explainsChoice reports a sentence that gives the reason for the choice
// before it, pointing back at it: "It won on one point, really: ...",
// "That one came out ahead because ...".
func explainsChoice(s string) bool {
	lower := strings.ToLower(s)
	first, _, _ := strings.Cut(lower, " ")
	if !refersBack(s) && !isOneOf(strings.Trim(first, ",;:"), []string{"it", "it's", "that", "that's", "this", "which", "they", "i", "we", "we're", "we've", "we'd"}) {
		return false // it names its own subject
	}
	if sec, _, ok := classify(lower, ""); ok && sec == SecDecisions {
		return true
	}
	return hasAny(lower, []string{"it won", "that won", "won on", "won because", "it beat", "that's why", "that is why", "going that way",
		"go that way", "gone that way", "going this way", "went this way",
		"which is why", "the reason", "went that way", "picked it because", "picked it over", "chose it", "went with it", "it over the",
		"this one because", "that one because", "the argument", "the point that", "the gist", "what tipped", "what won"})
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
		camel := len(w) >= 3 && w[0] >= 'a' && w[0] <= 'z' && strings.ContainsAny(w[1:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
		if len(w) < 3 || (w[0] < 'A' || w[0] > 'Z') && !camel || strings.ContainsAny(w, "./\\") ||
			i == 0 && !camel && !strings.ContainsAny(w[1:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") {
			continue // a capitalized word after the first, or a name like memoQ, iPad
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
		"before swapping", "before replacing", "before you swap", "before you replace", "before ripping",
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

// movesTo reports a sentence that moves something to a name the
// conversation seldom repeats (rare, see rareName), the verb and its
// target apart: "I'm moving rate distribution to Foo", "we'll shift the
// queue to Bar". A rare name is a specific choice; a common one is what
// the work is about.
func movesTo(lower, rare string) bool {
	if rare == "" {
		return false
	}
	target := " to " + strings.ToLower(rare)
	for _, v := range moveVerbs {
		i := strings.Index(lower, v)
		if i < 0 || i > 0 && isWordByte(lower[i-1]) {
			continue
		}
		if j := strings.Index(lower[i+len(v):], target); j >= 0 {
			// Something is moved: "moving on to Foo" only goes on.
			between := strings.Fields(lower[i+len(v) : i+len(v)+j])
			if len(between) <= 6 && !(len(between) == 1 && between[0] == "on") {
				return true
			}
		}
	}
	return false
}

// moveVerbs carry something over from one thing to another.
var moveVerbs = []string{"move ", "moves ", "moving ", "moved ", "migrate ", "migrates ", "migrating ", "migrated ",
	"switch ", "switches ", "switching ", "switched ", "port ", "ports ", "porting ", "ported ", "shift ", "shifts ",
	"shifting ", "shifted ", "transition ", "transitioning ", "transitioned ", "cut over ", "cutting over ", "cut ",
	// connecting something to what serves it
	"wire ", "wires ", "wired ", "wiring ", "point ", "points ", "pointed ", "pointing ", "repoint ", "repointed ",
	"route ", "routes ", "routed ", "routing ", "connect ", "connected ", "hook ", "hooked ", "plug ", "plugged ",
	"roll ", "rolled ", "rolling ", "flip ", "flipped ", "flipping "}

// movesOnto reports a sentence that moves something onto another thing,
// with the verb and its target apart ("Moves the billing jobs over to
// Foo.", "we're migrating the cache onto Bar").
func movesOnto(lower string) bool {
	for _, v := range moveVerbs {
		i := strings.Index(lower, v)
		if i < 0 || i > 0 && isWordByte(lower[i-1]) {
			continue
		}
		rest := lower[i+len(v):]
		return strings.Contains(rest, " over to ") || strings.Contains(rest, " onto ")
	}
	return false
}

// roleNouns name the role a chosen thing fills: "the backend for X is Foo".
var roleNouns = []string{"backend", "frontend", "provider", "vendor", "tool", "tooling", "platform", "system", "engine",
	"database", "db", "store", "queue", "library", "framework", "service", "default", "choice", "pick", "standard",
	"host", "registry", "broker", "processor", "gateway", "solution", "source of truth"}

// fillsRole reports a sentence that says which named thing fills a role:
// "The backend for the refill queue is Foo", "Backend for X is Foo.", "Our
// provider for SMS will be Bar".
func fillsRole(t, rare string) bool {
	if rare == "" {
		return false
	}
	lower := strings.ToLower(t)
	lower = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(lower, "the "), "our "), "our new ")
	for _, r := range roleNouns {
		if !strings.HasPrefix(lower, r+" for ") && !strings.HasPrefix(lower, r+" of ") {
			continue
		}
		for _, v := range []string{" is ", " will be ", " stays ", " remains ", " = ", ": "} {
			if i := strings.Index(lower, v); i > 0 && strings.Contains(t[len(t)-len(lower)+i:], rare) {
				return true
			}
		}
	}
	return false
}

// routesThrough reports work sent through a rare name: "Everything for X
// goes through Foo", "it's handled by Bar now".
func routesThrough(lower, rare string) bool {
	if rare == "" {
		return false
	}
	r := strings.ToLower(rare)
	for _, p := range []string{"goes through ", "go through ", "runs through ", "routed through ", "handled by ",
		"served by ", "owned by ", "lives in ", "sits on ", "hosted on ", "hosted by "} {
		if strings.Contains(lower, p+r) {
			return true
		}
	}
	return false
}

// arrowTo reports a purpose and its choice joined by an arrow: "the
// offline downloads -> Kotlin Multiplatform", "search → Typesense".
func arrowTo(t, rare string) bool {
	for _, a := range []string{" -> ", " → ", " => "} {
		if i := strings.Index(t, a); i > 0 {
			after := strings.TrimSpace(t[i+len(a):])
			return after != "" && (rare != "" && strings.HasPrefix(after, rare) || startsWithChoice(after))
		}
	}
	return false
}
