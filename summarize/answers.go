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
		return false
	}
	lower := strings.ToLower(s)
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
	for _, w := range []string{"what ", "which ", "who ", "whom "} {
		if strings.HasPrefix(lower, w) || strings.Contains(lower, ", "+w) {
			return true
		}
	}
	return strings.Contains(lower, " or ")
}

// isYesNoQuestion reports a question that opens with an auxiliary verb
// ("Did anyone object ...?", "Is Foo still the plan?") or ends with a tag
// ("..., right?").
func isYesNoQuestion(lower string) bool {
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
	case hasAny(lower, assents) || denies(lower):
		fits = func(q string) bool { return isYesNoQuestion(strings.ToLower(q)) }
	case terseName(s):
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
var denials = []string{"no", "nope", "not really", "not at all", "i don't think so", "i do not think so", "i doubt it",
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
	if hasNamedThing(s) {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(s)) {
		switch strings.Trim(w, ".,;:!?") {
		case "it", "that", "this", "them", "those", "these":
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
