package summarize

import (
	"strings"

	"github.com/archon-memory/archon/conv"
)

// candidate is one item that may go into a summary.
type candidate struct {
	section string
	text    string
	score   float64
	seq     int // order of appearance
	key     string
	kind    EntityKind // for SecContext entities
	// sentence marks a SecContext item that is a sentence, not an entity.
	sentence bool
	// short is the item without what it can do without (the reason it
	// carries, the tail of a long sentence), taken when only that fits;
	// "" when the item has no shorter form.
	short string
}

func roleWeight(r conv.Role) float64 {
	switch r {
	case conv.RoleUser:
		return 1.5
	case conv.RoleAssistant:
		return 1.0
	}
	return 0.5
}

// maxItemChars bounds one item; longer sentences are cut at a word.
const maxItemChars = 240

// machineEntityWeight is what a path or identifier in a tool's output
// weighs; errorEntityWeight the same in a line that reports an error or a
// warning, as much as in a note.
const (
	machineEntityWeight = 0.3
	errorEntityWeight   = 1.0
)

// rareNameRarity is the least rarity a sentence naming a rare name counts.
const rareNameRarity = 0.5

// minItemBase is the least base score of a sentence judged by a cue or a
// shape; below it are the fallbacks that keep a sentence for its words.
const minItemBase = 6

// unnamedChoiceFactor scales a decision that names nothing chosen.
const unnamedChoiceFactor = 0.5

// toolScanBytes bounds how much of each tool result is read for entities
// and errors: tool output is bulky and rarely where decisions live.
const toolScanBytes = 1500

// source says where a sentence was read.
type source uint8

const (
	srcText source = iota // a message's text
	srcTool               // prose in a tool result (notes, tracker output)
	srcCode               // a comment in code the assistant wrote
)

// sentence is one sentence of the conversation, kept from the first pass
// (which also counts words) to the second (which scores).
type sentence struct {
	text, lower string
	role        conv.Role
	src         source
	recency     float64
	seq         int
	// reason is the next sentence when it gives a reason (because is
	// set) or carries on this one in lower case (see continues).
	reason  string
	because bool
	// asked is the user's open question an assistant sentence may answer.
	asked string
	// hint is what the sentence's block says of it (see splitUnits).
	hint string
	// rare is a name the sentence gives that the conversation seldom
	// repeats (see rareName), "" if none.
	rare string
	// guarded marks a sentence the next one warns not to change (isGuard).
	guarded bool
	// leftOpen marks a sentence the next one says is still open, pointing
	// back at it ("Nobody has picked it up yet."); reason holds that one.
	leftOpen bool
	// agreed marks a proposal a later line assents to; reason holds it.
	agreed bool
	// absorbed marks a sentence an agreed proposal before it took as
	// part of its item: the assent, a restatement of the choice, the reason.
	absorbed bool
	// echo is the input of the tool call whose result the sentence is in.
	echo string
	// novelty is the share of its words the conversation seldom uses.
	novelty float64
	// disclaimed marks a sentence of a text that disclaims what it says
	// as anyone's choice of ours ("FYI only, not a recommendation").
	disclaimed bool
}

// extractor collects candidates from messages.
type extractor struct {
	cands    []candidate
	entities map[string]*entityTally
	seq      int
	sents    []sentence
	// df counts, per content word, the sentences it occurs in.
	df map[string]int
	// openQs are the questions of the user's last message that the
	// assistant's next text may answer, in order.
	openQs []string
	// calls holds each tool call's input by its id; echo is the input of
	// the call whose result is being read: a result that repeats its
	// call's arguments ("The file a.go has been updated.") names nothing
	// new.
	calls map[string]string
	echo  string
}

func newExtractor() *extractor {
	return &extractor{entities: map[string]*entityTally{}, df: map[string]int{}, calls: map[string]string{}}
}

// addMessages reads the messages in two passes: the first collects the
// sentences (of text, notes read by tools and comments in written code)
// and counts their words, the second scores each sentence, knowing how
// common its words are in the conversation.
func (x *extractor) addMessages(msgs []conv.Message) {
	n := len(msgs)
	for i := range msgs {
		m := &msgs[i]
		if !m.Live() {
			continue
		}
		recency := 0.0
		if n > 1 {
			recency = float64(i) / float64(n-1)
		}
		for _, p := range m.Parts {
			switch p.Kind {
			case conv.PartText:
				x.addText(p.Text, m.Role, recency, srcText)
			case conv.PartToolCall:
				// A call's arguments name the files it reads and edits,
				// call after call: they count, but as machine words.
				// What code an edit writes is read by addCode.
				if isEditTool(p.ToolName) {
					x.addCode(p.Input, recency)
				}
				x.seq++
				x.addEntities(inputText(p.Input), toolInputWeight, recency, x.seq, "")
				if p.ToolID != "" {
					x.calls[p.ToolID] = string(p.Input)
				}
			case conv.PartToolResult:
				x.echo = x.calls[p.ToolID]
				x.addToolResult(p, recency)
				x.echo = ""
			}
		}
	}
	x.scoreSentences()
}

func isEditTool(name string) bool {
	l := strings.ToLower(name)
	for _, s := range []string{"edit", "write", "patch", "create", "str_replace", "insert", "replace"} {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// addText collects the sentences of one piece of text.
func (x *extractor) addText(text string, role conv.Role, recency float64, src source) {
	if role == conv.RoleSystem {
		return
	}
	sents := splitUnits(text)
	var asked []string
	if src == srcText {
		switch role {
		case conv.RoleAssistant:
			asked, x.openQs = x.openQs, nil
		case conv.RoleUser:
			x.openQs = nil
		}
	}
	done := make([]bool, len(asked))
	absorbed := make([]bool, len(sents))
	// A note that disclaims itself ("FYI only, not a recommendation for
	// us") makes no choice of ours anywhere in it.
	disclaimed := false
	for _, u := range sents {
		if src == srcTool && hasAny(strings.ToLower(u.text), noteDisclaimers) {
			disclaimed = true
			break
		}
	}
	if src == srcTool {
		// A chat export or thread in a note: who said each line matters
		// less than what was said, and a question there is answered by
		// the lines after it.
		for i := range sents {
			sents[i].text = stripSpeaker(sents[i].text)
		}
	}
	for si, u := range sents {
		s := u.text
		x.seq++
		st := sentence{text: s, lower: strings.ToLower(s), role: role, src: src, recency: recency, seq: x.seq, hint: u.hint}
		if src == srcTool {
			st.echo = x.echo
		}
		st.disclaimed = disclaimed
		st.absorbed = absorbed[si]
		if si+1 < len(sents) {
			next := sents[si+1].text
			if saysLeftOpen(next) && !narrates(st.lower) && !(len(asked) > 0 && answerTo(next, strings.ToLower(next), asked, done) >= 0) {
				st.reason, st.leftOpen = next, true
			} else {
				st.because = startsWithReason(next) && !hasMainClause(next) || explainsChoice(next)
				if st.because || continues(next) {
					st.reason = next
				}
			}
		}
		st.guarded = si+1 < len(sents) && isGuard(strings.ToLower(sents[si+1].text))
		if proposes(st.lower) && hasNamedThing(s) {
			// A proposal others agree to a few lines on is settled.
			for k := si + 1; k < len(sents) && k <= si+3; k++ {
				if assentsTo(sents[k].text) {
					st.reason, st.agreed = sents[k].text, true
					if r := agreedReason(sents, k, st.lower); r > 0 {
						st.reason += " " + sents[r].text
						for j := k; j <= r; j++ {
							absorbed[j] = true
						}
					}
					break
				}
			}
		}
		// The assistant's answers take the user's questions in order; a
		// short answer brings the sentence after it, which says why.
		if len(asked) > 0 {
			q := answerTo(s, st.lower, asked, done)
			if q < 0 && si+1 < len(sents) && bareName(s) && saysWhyChosen(sents[si+1].text) {
				q = openWhQuestion(asked, done) // "kizeo forms." "The group picked it because ..."
			}
			if q >= 0 {
				st.asked, done[q] = asked[q], true
				if si+1 < len(sents) && (len(strings.Fields(s)) <= shortAnswerWords || refersBack(sents[si+1].text)) {
					st.reason = sents[si+1].text
				}
			}
		}
		if src == srcText && role == conv.RoleUser && opensQuestion(s) && len(x.openQs) < maxOpenQuestions {
			x.openQs = append(x.openQs, s)
		}
		if src == srcTool && len(asked) == 0 && opensQuestion(s) {
			asked, done = []string{s}, []bool{false} // answered further down the note
		}
		x.countWords(st.lower)
		x.sents = append(x.sents, st)
	}
}

// scoreSentences turns the collected sentences into candidates and tallies
// the entities they name. A sentence a decision before it took whole as
// its reason is no item of its own.
func (x *extractor) scoreSentences() {
	carried := ""
	asks := map[string]int{} // the rare name a user's request asks about -> its task candidate
	for i := range x.sents {
		s := &x.sents[i]
		if carried != "" && s.text == carried {
			carried = ""
			x.addEntities(s.text, 2, s.recency, s.seq, s.echo)
			continue
		}
		carried = ""
		if s.absorbed {
			x.addEntities(s.text, 2, s.recency, s.seq, s.echo)
			continue
		}
		rw := roleWeight(s.role)
		switch s.src {
		case srcTool:
			rw = 0.85
		case srcCode:
			rw = 1
		}
		s.rare = x.rareName(s.text)
		s.novelty = x.rarity(s.lower)
		sec, base, item, ok := judge(s)
		// A sentence made of words said once carries news; one in the words
		// of many others (a routine request about yet another file) less.
		rarity := x.rarity(s.lower)
		if s.asked != "" {
			rarity = max(rarity, x.rarity(strings.ToLower(s.asked))) // an answer's news may be in its question
		}
		if s.rare != "" {
			rarity = max(rarity, rareNameRarity) // a name said once is news, in however common words
		}
		salience := 1 - salienceWeight/2 + salienceWeight*rarity
		// Only a sentence judged by what it says (not one kept for its
		// words alone) lends its names the weight of an item.
		ew := entityWeight(s, rw, ok && base >= minItemBase) * salience
		if !ok {
			x.addEntities(s.text, ew, s.recency, s.seq, s.echo)
			continue
		}
		score := base*rw*salience + 2*s.recency
		for _, mk := range markers {
			if strings.HasPrefix(s.lower, mk) {
				score += 3
				break
			}
		}
		if (sec == SecDecisions || sec == SecPreferences && s.because || s.leftOpen) && s.reason != "" && (strings.HasSuffix(item, s.reason) || strings.HasSuffix(item, reasonText(s.reason))) {
			carried = s.reason
		}
		if sec == SecDecisions && !hasNamedThing(item) || (sec == SecTasks || sec == SecDecisions) && namesNothing(item) {
			score *= unnamedChoiceFactor // "Use whatever we agreed on.", "Everything else can wait." name nothing
		}
		text := clip(trimLeadIn(item))
		short := ""
		if r := reasonText(s.reason); s.reason != "" && (strings.HasSuffix(item, " "+s.reason) || strings.HasSuffix(item, " "+r)) {
			short = clip(trimLeadIn(strings.TrimSuffix(strings.TrimSuffix(item, " "+s.reason), " "+r)))
		} else if len(text) > shortItemChars {
			short = clipAt(text, shortItemChars)
		}
		if k, ok := asks[s.rare]; ok && s.rare != "" && sec == SecDecisions && s.role == conv.RoleAssistant && assentsTo(s.text) {
			// "can you double-check we're on Foo for X?" "Yes, that's right: Foo for X." settles it
			x.cands[k].score *= unnamedChoiceFactor
			delete(asks, s.rare)
		}
		if sec == SecTasks && s.role == conv.RoleUser && s.src == srcText && s.rare != "" && strings.HasSuffix(s.text, "?") {
			asks[s.rare] = len(x.cands)
		}
		x.cands = append(x.cands, candidate{section: sec, text: text, score: score, seq: s.seq, sentence: sec == SecContext, short: short})
		x.addEntities(s.text, ew, s.recency, s.seq, s.echo)
	}
}

// containsPhrase reports whether p occurs in s starting at a word: not
// right after a letter, digit or one of "./_-" (so "go for " does not match
// "main.go for "), nor inside a URL or path ("?status=pending" is no
// pending work; "status=todo" in a logfmt record is).
func containsPhrase(s, p string) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], p)
		if i < 0 {
			return false
		}
		i += off
		if i == 0 || !isWordByte(s[i-1]) && !inLocation(s, i) || !isWordByte(p[0]) {
			return true
		}
		off = i + 1
	}
}

// inLocation reports whether s[i] is inside a URL or path: the word it
// is in has "://", a slash or a backslash before it.
func inLocation(s string, i int) bool {
	start := strings.LastIndexAny(s[:i], " \t\n") + 1
	return strings.Contains(s[start:i], "://") || strings.ContainsAny(s[start:i], "/\\")
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '/' || c == '_' || c == '-'
}

// shortItemChars is the size of an item's short form.
const shortItemChars = 140

// clipAt shortens s to about n bytes at a word boundary.
func clipAt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], ' ')
	if cut < n/2 {
		cut = n
	}
	return strings.TrimRight(s[:cut], ",;:") + "…"
}

// clip shortens s to maxItemChars at a word boundary.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= maxItemChars {
		return s
	}
	cut := strings.LastIndexByte(s[:maxItemChars], ' ')
	if cut < maxItemChars/2 {
		cut = maxItemChars
	}
	return s[:cut] + "…"
}

// stripSpeaker drops a chat handle ("marco: ", "j.doe: ") from the start
// of a line of a thread, so that what follows is read as said. Only
// lower-case handles count: "Today: ...", "Watch item: ..." and the labels
// of records say what the value is.
func stripSpeaker(t string) string {
	label, rest, ok := strings.Cut(t, ": ")
	if !ok || rest == "" || len(label) < 2 || len(label) > 20 {
		return t
	}
	for i := 0; i < len(label); i++ {
		if c := label[i]; !(c >= 'a' && c <= 'z' || c == '.' || c == '-' || c == '_' || c >= '0' && c <= '9') {
			return t
		}
	}
	if isRecordLabel(label) {
		return t
	}
	return rest
}

// isRecordLabel reports a label ("status", "owner", "decision", "today")
// that says what a value is, not who said it.
func isRecordLabel(label string) bool {
	return isOneOf(label, headerLabels) || isOneOf(label, taskLabels) || isOneOf(label, stateKeys) || isOneOf(label, titleKeys) ||
		isOneOf(label, dueKeys) || isOneOf(label, decisionKeys) || isOneOf(label, reasonKeys) || isOneOf(label, openStates) ||
		isOneOf(label, closedStates) || isOneOf(label, logLevels) || isOneOf(label, timeWords) || stopWords[label]
}
