package summarize

import "strings"

// maxOpenQuestions bounds the user's questions an assistant reply may
// answer.
const maxOpenQuestions = 4

// shortAnswerWords is the length up to which an answer brings the next
// sentence along (a bare "Valkey." or "No objections." says why after).
const shortAnswerWords = 8

// opensQuestion reports whether a user sentence is a question the
// assistant's reply may settle: a yes/no question about something named
// ("Did anyone object to Foo?") or one that asks which or what ("What
// should the cache use?"). Requests for action ("can you look at ...?")
// are not: the reply to them is work, not an answer.
func opensQuestion(s string) bool {
	if !strings.HasSuffix(s, "?") {
		return asksForChoice(strings.ToLower(s))
	}
	if !isQuestion(s) {
		// A question run on at the end of a statement ("I ruled out the
		// obvious stuff did anyone post X yet?") is asked all the same.
		if tail := runOnQuestion(s); tail != "" {
			return opensQuestion(tail)
		}
	}
	lower := strings.ToLower(s)
	if asksWhyChosen(lower) && hasNamedThing(s) || asksIfDone(lower) {
		return true
	}
	if hasAny(lower, []string{"can you", "could you", "would you", "will you", "please"}) {
		return false
	}
	if isWhQuestion(lower) {
		return true
	}
	if !isYesNoQuestion(lower) {
		return false
	}
	// A yes/no question about something named, or about work left.
	if sec, _, ok := classify(lower, ""); ok && sec == SecTasks {
		return true
	}
	return hasNamedThing(s)
}

// isWhQuestion reports a question that asks what, which or who, or offers
// alternatives ("Foo or Bar?").
func isWhQuestion(lower string) bool {
	for _, lead := range []string{"remind me ", "quick one, ", "sorry, ", "so "} {
		lower = strings.TrimPrefix(lower, lead) // "remind me what we landed on for X?"
	}
	for _, w := range []string{"what ", "what's ", "whats ", "which ", "who ", "whom "} {
		if strings.HasPrefix(lower, w) {
			return true
		}
		for _, lead := range []string{", ", ": ", " — ", " – ", " - ", "; "} {
			if strings.Contains(lower, lead+w) {
				return true // "sorry, I lost track — what did we land on?"
			}
		}
	}
	return strings.Contains(lower, " or ") || asksForChoice(lower)
}

// asksForChoice reports a line that asks for a choice to be named, with a
// question mark or not: "the tenor bell pour, final answer?", "can we just
// decide what we're using for X", "need an answer on X before we load out".
func asksForChoice(lower string) bool {
	return strings.HasSuffix(lower, "final answer?") || strings.HasSuffix(lower, "which one?") ||
		hasAny(lower, []string{"decide what we're using", "decide what we use", "decide which", "need an answer on",
			"need a decision on", "need a call on", "what are we doing", "what are we going with", "what's the call"})
}

// isYesNoQuestion reports a question that opens with an auxiliary verb
// ("Did anyone object ...?", "Is Foo still the plan?") or ends with a tag
// ("..., right?").
func isYesNoQuestion(lower string) bool {
	if _, q, ok := strings.Cut(lower, ": "); ok && len(q) > 8 && isYesNoQuestion(q) {
		return true // "Quick sanity check before I email them: you're fine with Foo?"
	}
	lower = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(lower, "so "), "and "), "ok "), " ,")
	for _, p := range []string{"you're fine with", "you are fine with", "you ok with", "you okay with", "are you ok with",
		"fine with", "ok with", "okay with", "happy with", "good with", "we're good with", "we good with"} {
		if strings.HasPrefix(lower, p) {
			return true // a confirmation asked: "you're fine with Foo for X?"
		}
	}
	first, _, _ := strings.Cut(lower, " ")
	switch first {
	case "do", "does", "did", "is", "are", "was", "were", "am", "can", "could", "should", "shall", "will", "would",
		"has", "have", "had", "may", "might", "must", "don't", "doesn't", "didn't", "isn't", "aren't", "any",
		"anyone", "anybody", "anything":
		return true
	}
	for _, tag := range []string{", right?", ", ok?", ", okay?", ", yes?", ", correct?", ", agreed?"} {
		if strings.HasSuffix(lower, tag) {
			return true
		}
	}
	return false
}

// answerTo returns the question in qs that an assistant sentence answers,
// if any: an assent or a denial answers a yes/no question, a terse reply that starts
// with a name ("Valkey.", "Weights & Biases, for now.") answers a question
// asking which or what. Questions are answered in order: the first not
// yet answered (done) that fits, else the last that fits.
func answerTo(s, lower string, qs []string, done []bool) int {
	if strings.HasSuffix(s, "?") {
		return -1
	}
	var fits func(q string) bool
	switch {
	case givesReason(lower) && firstOpen(qs, done, func(q string) bool { return asksWhyChosen(strings.ToLower(q)) }):
		// "Why did we end up on Foo?" - "That was for X: ...".
		fits = func(q string) bool { return asksWhyChosen(strings.ToLower(q)) }
	case opensWithAssent(lower) || denies(lower) || isOneOf(strings.TrimRight(lower, ".!"), []string{"it is", "it does", "we are", "we do", "it will", "that's it", "that's the one"}):
		fits = func(q string) bool { return isYesNoQuestion(strings.ToLower(q)) }
	case terseName(s) || hasPrefixAny(lower, []string{"just one", "one thing", "only one", "that we'd", "that we would",
		"that i'd", "that i would", "that you'd", "that you would", "that they'd", "probably that", "probably the", "only the", "just the"}):
		// "Just one item: send X.", "That we'd calibrate X by Friday."
		fits = func(q string) bool { return isWhQuestion(strings.ToLower(q)) }
	case len(strings.Fields(lower)) >= 4:
		// "What did we say we'd do?" - "We said we'd ...": an answer
		// that opens in the question's own words.
		fits = func(q string) bool { q = strings.ToLower(q); return isWhQuestion(q) && echoes(lower, q) }
	default:
		return -1
	}
	last := -1
	for i, q := range qs {
		if fits(q) {
			if !done[i] {
				return i
			}
			last = i
		}
	}
	return last
}

// terseName reports a sentence of a few words that opens with a name
// rather than with a word of conversation ("Sure.", "Done.", "Let me").
func terseName(s string) bool {
	f := strings.Fields(s)
	if len(f) == 1 && len(strings.Trim(f[0], ".,;:!")) >= 3 && !stopWords[strings.ToLower(strings.Trim(f[0], ".,;:!"))] {
		// a one-word answer names the choice, in any case ("vintrace.")
		return !isOneOf(strings.ToLower(strings.Trim(f[0], ".,;:!")), remarkWords)
	}
	if len(f) == 0 || len(f) > 5 || !startsWithName(s) {
		return false
	}
	switch strings.ToLower(strings.Trim(f[0], ".,;:!")) {
	case "sure", "done", "ok", "okay", "thanks", "fixed", "right", "great", "good", "agreed", "perfect", "noted",
		"correct", "hmm", "well", "let", "looking", "checking", "next", "now", "then", "here", "there", "also",
		"still", "maybe", "probably", "perhaps", "both", "neither", "either", "none", "nothing", "all":
		return false
	}
	return true
}

// denials open an answer that says no.
var denials = []string{"no", "nope", "not yet", "not really", "not at all", "i don't think so", "i do not think so", "i doubt it",
	"hardly", "not necessarily", "definitely not", "absolutely not", "no way"}

// denies reports a sentence that opens by saying no ("No, ...", "I don't
// think so - ..."): with its yes/no question it says what was settled
// ("Would Foo be overkill for X? I don't think so - ...").
func denies(lower string) bool {
	for _, d := range denials {
		if strings.HasPrefix(lower, d) && (len(lower) == len(d) || !isWordByte(lower[len(d)]) || lower[len(d)] == '.') {
			return true
		}
	}
	return false
}

// refersBack reports a sentence that names nothing and points back with a
// pronoun ("I'd go with it.", "Let's do that."): it means something only
// with the sentence before it.
func refersBack(s string) bool {
	if hasNamedThing(withoutTimeNames(s)) {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(s)) {
		switch strings.Trim(w, ".,;:!?") {
		case "it", "it's", "that", "that's", "this", "them", "those", "these":
			return true
		}
	}
	return false
}

// echoes reports whether an answer opens in the words of the
// question: two of its first three words are the question's ("What did we
// say we'd do?" - "We said we'd ...", "Which port does it use?" - "It
// uses 8443").
func echoes(lower, q string) bool {
	words := map[string]bool{}
	for _, w := range strings.Fields(q) {
		words[strings.Trim(w, ".,;:!?\"'()")] = true
	}
	n := 0
	for i, w := range strings.Fields(lower) {
		if i == 3 {
			break
		}
		if w = strings.Trim(w, ".,;:!?\"'()"); len(w) >= 2 && words[w] {
			n++
		}
	}
	return n >= 2
}

// asksWhyChosen reports a question asking why the speakers did or do
// something ("Remind me, why did we end up on Foo?", "Why are we using
// Bar for X?"): it takes the choice as made, and its answer says why. "Why
// does X fail?" asks about a fault, not a choice.
func asksWhyChosen(lower string) bool {
	i := strings.Index(lower, "why ")
	if i < 0 || i > 0 && isWordByte(lower[i-1]) || !strings.HasSuffix(strings.TrimSpace(lower), "?") {
		return false
	}
	f := strings.Fields(lower[i+4:])
	if len(f) < 3 {
		return false
	}
	switch f[0] {
	case "did", "do", "are", "were", "have", "had", "would":
	default:
		return false
	}
	switch f[1] {
	case "we", "you", "they", "i", "y'all":
		return true
	}
	return false
}

// givesReason reports a sentence that opens the way an answer to "why"
// does: "Because ...", "That was for ...", "It was the only ...",
// "Mostly cost.", "We needed ...".
func givesReason(lower string) bool {
	if startsWithReason(lower) {
		return true
	}
	for _, p := range []string{"that was ", "that's ", "that is ", "it was ", "it's ", "it is ", "mostly ", "mainly ",
		"largely ", "partly ", "we needed ", "we wanted ", "we had ", "we picked ", "we chose ", "we went ", "we got ",
		"to ", "so ", "for ", "cost", "price", "the main ", "the big ", "the deciding ", "the short answer", "short answer"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return false
}

// narrates reports a sentence in which the speaker says what they do or
// look at next ("Let me check ...", "I should read ...", "Next I need to
// ...", "Looking at ..."): an agent's running commentary, no answer.
func narrates(lower string) bool {
	for _, p := range []string{"let me ", "i'll ", "i will ", "i should ", "i need to ", "i'm going to ", "i am going to ",
		"i'm not done", "next i ", "now i ", "first i ", "then i ", "looking ", "checking ", "reading "} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return false
}

// firstOpen reports whether some question of qs not yet answered fits.
func firstOpen(qs []string, done []bool, fits func(string) bool) bool {
	for i, q := range qs {
		if !done[i] && fits(q) {
			return true
		}
	}
	return false
}

// proposes reports a sentence that puts an option forward ("proposal for
// X: Foo", "I suggest Foo", "how about Foo for X?", "I vote for Foo").
func proposes(lower string) bool {
	return hasAny(lower, []string{"propos", "suggest", "how about", "what about", "i vote", "my vote", "i'd go with",
		"i would go with", "i'd pick", "i'd recommend", "recommendation:", "pitch:"}) ||
		strings.HasSuffix(lower, " then?") || // "fine by me, Foo then?"
		strings.HasSuffix(lower, "yes or no?") // "Foo for the rota, yes or no?"
}

// assentsTo reports a line that agrees to what was put forward, after any
// speaker label ("dana: +1, ...", "LGTM", "Agreed.", "locking that in").
func assentsTo(s string) bool {
	lower := strings.ToLower(strings.TrimSpace(s))
	if label, rest, ok := strings.Cut(lower, ": "); ok && len(strings.Fields(label)) <= 2 && !strings.ContainsAny(label, ".,") {
		lower = rest
	}
	for _, p := range []string{"+1", "👍", "lgtm", "agreed", "agree", "sounds good", "yes", "yep", "yeah", "approved",
		"ship it", "works for me", "fine by me", "locking that in", "locking it in", "lock it in", "let's do it",
		"let's do that", "deal", "sold", "makes sense", "same here", "no objection", "go for it", "do it", "take it", "confirmed",
		"ok going with", "going with that", "noted"} {
		if strings.HasPrefix(lower, p) && (len(lower) == len(p) || !isAlnum(lower[len(p)])) {
			return true
		}
	}
	return false
}

// isAlnum reports an ASCII letter or digit.
func isAlnum(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' }

// withoutTimeNames drops the capitalized names of days and months, which
// name no thing ("before the auditors show up in January").
func withoutTimeNames(s string) string {
	f := strings.Fields(s)
	out := f[:0:0]
	for _, w := range f {
		if isOneOf(strings.ToLower(strings.Trim(w, ".,;:!?()")), timeWords) && len(w) > 0 && w[0] >= 'A' && w[0] <= 'Z' {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// runOnQuestion returns the question run on at the end of a long
// statement, from the last word that opens one ("... stuff did anyone X
// yet?" gives "did anyone X yet?"), or "".
func runOnQuestion(s string) string {
	f := strings.Fields(s)
	for i := len(f) - 4; i > 0; i-- {
		switch strings.ToLower(f[i]) {
		case "did", "do", "does", "is", "are", "can", "could", "have", "has", "what", "why", "how", "where", "which",
			"who", "should", "would", "will", "anyone", "any":
			return strings.Join(f[i:], " ")
		}
	}
	return ""
}

// agreedReason returns the index of the sentence that gives the reason
// for a proposal agreed to at assent: right after the assent, or after a
// bare restatement of the choice ("fine by me, Foo then?" "yes. Foo.
// because ..."); 0 if there is none.
func agreedReason(sents []unit, assent int, proposal string) int {
	k := assent + 1
	if k < len(sents) && restates(sents[k].text, proposal) {
		k++
	}
	if k < len(sents) && k <= assent+2 && startsWithReason(sents[k].text) {
		return k
	}
	return 0
}

// restates reports a short sentence made only of words of the proposal:
// the choice said again.
func restates(s, proposal string) bool {
	words := strings.Fields(strings.ToLower(s))
	if len(words) == 0 || len(words) > 5 {
		return false
	}
	for _, w := range words {
		if !strings.Contains(proposal, strings.Trim(w, ".,;:!?")) {
			return false
		}
	}
	return true
}

// opensWithAssent reports a sentence that opens by saying yes, perhaps
// after a word of lead-in ("Yes, that's right: ...", "OK, go ahead."),
// not one that merely contains "do it" ("I'll do it once the import
// finishes").
func opensWithAssent(lower string) bool {
	heads := []string{lower}
	if first, rest, ok := strings.Cut(lower, " "); ok && (strings.HasSuffix(first, ",") ||
		isOneOf(first, []string{"ok", "okay", "sure", "well", "so", "then", "and", "oh"})) {
		heads = append(heads, rest)
	}
	for _, h := range heads {
		for _, a := range assents {
			if strings.HasPrefix(h, a) && (len(h) == len(a) || !isAlnum(h[len(a)])) {
				return true
			}
		}
	}
	return false
}

// bareName reports a sentence of one to three words that could only be a
// name, written in any case ("kizeo forms.", "hot hide glue."): no word of
// conversation in it.
func bareName(s string) bool {
	t := strings.TrimSpace(s)
	if !strings.HasSuffix(t, ".") || strings.HasSuffix(t, "..") {
		return false
	}
	f := strings.Fields(strings.TrimSuffix(t, "."))
	if len(f) == 0 || len(f) > 3 {
		return false
	}
	for _, w := range f {
		l := strings.ToLower(w)
		if stopWords[l] || isOneOf(l, conversationWords) || strings.ContainsAny(w, ",;:!?'") {
			return false
		}
	}
	return true
}

// remarkWords are one-word replies that name nothing ("Sure.", "Done.").
var remarkWords = []string{"sure", "done", "ok", "okay", "thanks", "fixed", "right", "great", "good", "agreed",
	"perfect", "noted", "correct", "hmm", "well", "yes", "yeah", "yep", "nope", "maybe", "probably", "both", "neither",
	"either", "none", "nothing", "all"}

// conversationWords make a short sentence a remark, not a name: the
// remarkWords and the words of short replies ("Makes sense.").
var conversationWords = append(remarkWords[:len(remarkWords):len(remarkWords)], "makes", "sense", "sounds", "fine",
	"cool", "nice", "same", "thank", "got", "see", "will", "do", "works", "true", "exactly", "indeed", "absolutely",
	"definitely", "later", "soon", "now")

// openWhQuestion returns the first wh-question not yet answered, or -1.
func openWhQuestion(qs []string, done []bool) int {
	for i, q := range qs {
		if !done[i] && isWhQuestion(strings.ToLower(q)) {
			return i
		}
	}
	return -1
}

// saysWhyChosen reports a sentence that gives the reason for the choice
// named before it, pointing at it or not ("The group picked it because
// ...", "Because ...", "It won on price").
func saysWhyChosen(s string) bool {
	return explainsChoice(s) || startsWithReason(s) || hasAny(strings.ToLower(s), []string{"picked it because",
		"chose it because", "went with it because", "picked it over", "chose it over", "went with it over"})
}

// hasPrefixAny reports whether s opens with one of ps.
func hasPrefixAny(s string, ps []string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
