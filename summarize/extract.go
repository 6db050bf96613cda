package summarize

import (
	"math"
	"strings"

	"github.com/archon-memory/archon/monitor/conv"
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
}

// cue is a phrase that marks a sentence for a section.
type cue struct {
	section string
	phrases []string
	roles   map[conv.Role]bool // nil: any role
	base    float64
}

// cues are tried in order; a sentence goes to the first section it matches.
var cues = []cue{
	{SecDecisions, []string{"decided", "decision", "we'll use", "we will use", "let's use", "let's go with",
		"going with", "go with ", "we chose", "i chose", "chosen", "opted", "settled on", "agreed", "final call",
		"standardiz", "we picked", "we selected", "switching to", "switch to ", "we'll go", "approved",
		"resolution:", "conclusion:", "verdict", "committed to", "sticking with",
		"stick with", "went with", "go for ", "adopt", "migrate to", "moving to", "move to", "moves to",
		"will use", "picked", "selected", "in favor of", "in favour of", "voted", "landed on", "settle on",
		"will run on", "replaced by", "replace it with", "is the pick", "our pick", "consensus", "recommend",
		"signed off", "sign-off", "green light", "go-ahead", "chose ", "choose ", "we use ", "outcome:",
		"the plan is to use", "keep using", "keep it on", "is now on", "switches", "swap to", "deciding factor",
		"our answer for", "standing up"}, nil, 10},
	{SecPreferences, []string{"i prefer", "i'd prefer", "i like", "i want", "i don't want", "i do not want",
		"please always", "please never", "please don't", "please do not", "please use", "always ", "never ",
		"don't ever", "my preference", "from now on", "make sure to", "i'd rather", "i hate", "i dislike",
		"preferred", "prefer "}, map[conv.Role]bool{conv.RoleUser: true}, 8},
	{SecTasks, []string{"todo", "to-do", "fixme", "pending", "next step", "next up", "still need", "still have to",
		"remaining", "follow up", "follow-up", "remember to", "don't forget", "not yet", "haven't", "blocked on",
		"action item", "- [ ]", "open question", "open item", "left to do", "left for", "outstanding",
		"waiting on", "waiting for", "backlog", "at some point", "later on", "for tomorrow",
		"when you get a chance", "we need to", "we still", "we should", "we must", "we'll need", "we will need",
		"on my list", "to-do list", "todo list", "not done", "isn't done", "is not done", "not finished",
		"unfinished", "incomplete", "blocker", "carry-over", "carry over", "leftover", "still open",
		"someone needs", "somebody needs", "someone has to", "somebody has to", "someone gets around",
		"gets around to", "please own", "needs an owner", "pick this up", "picks this up", "reminder",
		"handover", "hand-off", "before we ship", "before release", "before ga", "can't ship", "cannot ship",
		"ran out of time", "didn't get to", "did not get to", "can't forget", "cannot forget", "first job",
		"parking", "parked", "next session", "hand over", "hand off"}, nil, 8},
	// Weaker signals count when the user says them.
	{SecDecisions, []string{"instead of", "rather than"}, map[conv.Role]bool{conv.RoleUser: true}, 8},
	{SecTasks, []string{"need to", "needs to", "have to", "has to", "must ", "should ", "will need", "can you also"},
		map[conv.Role]bool{conv.RoleUser: true}, 7},
	{SecErrors, []string{"error:", "errored", "an error ", "the error ", "error when", "error while", "failed",
		"failing", "exception", "panic", "traceback", "fatal", "timed out", "segfault", "crash", "regression",
		"broken"}, nil, 5},
	{SecProjects, []string{"working on", "project", "we're building", "we are building", "epic", "milestone",
		"initiative", "the goal is", "our goal", "objective", "roadmap", "launch", "rollout", "sprint"}, nil, 6},
}

// markers at the start of a sentence are explicit and earn a bonus.
var markers = []string{"decision:", "decided:", "todo:", "todo ", "pending:", "task:", "next:", "preference:",
	"note:", "important:", "error:", "project:", "fixme:", "action item:", "blocker:", "constraint:"}

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

// toolScanBytes bounds how much of each tool result is read for entities
// and errors: tool output is bulky and rarely where decisions live.
const toolScanBytes = 1500

// extractor collects candidates from messages.
type extractor struct {
	cands    []candidate
	entities map[string]*entityTally
	seq      int
}

type entityTally struct {
	kind  EntityKind
	best  float64 // weight of the strongest mention
	count int
	last  int
	rec   float64 // recency of the last mention
}

func newExtractor() *extractor { return &extractor{entities: map[string]*entityTally{}} }

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
				x.addText(p.Text, m.Role, recency)
			case conv.PartToolCall:
				w := 0.8
				if isEditTool(p.ToolName) {
					w = 1.5
				}
				x.addEntities(string(p.Input), w, recency)
			case conv.PartToolResult:
				x.addToolResult(p, recency)
			}
		}
	}
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

func (x *extractor) addText(text string, role conv.Role, recency float64) {
	if role == conv.RoleSystem {
		return
	}
	rw := roleWeight(role)
	sents := splitSentences(text)
	for si, s := range sents {
		x.seq++
		lower := strings.ToLower(s)
		sec, base, ok := classify(lower, role)
		if !ok {
			sec, base, ok = fallback(s, lower, role)
		}
		if ok {
			item := s
			// A decision's reason often follows in its own sentence.
			if sec == SecDecisions && si+1 < len(sents) && startsWithReason(sents[si+1]) {
				item += " " + sents[si+1]
			}
			score := base*rw + 2*recency
			for _, mk := range markers {
				if strings.HasPrefix(lower, mk) {
					score += 3
					break
				}
			}
			x.cands = append(x.cands, candidate{section: sec, text: clip(item), score: score, seq: x.seq, sentence: sec == SecContext})
			x.addEntities(s, 3*rw, recency)
			continue
		}
		x.addEntities(s, 2*rw, recency)
	}
}

func (x *extractor) addToolResult(p conv.Part, recency float64) {
	text := p.Text
	if len(text) > toolScanBytes {
		text = text[:toolScanBytes]
	}
	x.addEntities(text, 0.3, recency)
	if !p.IsError && !hasErrorLine(text) {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && hasErrorLine(line) || p.IsError && line != "" && !hasErrorLine(text) {
			x.seq++
			item := line
			if p.ToolName != "" {
				item = p.ToolName + ": " + line
			}
			x.cands = append(x.cands, candidate{section: SecErrors, text: clip(item), score: 4 + 2*recency, seq: x.seq})
			return
		}
	}
}

// hasErrorLine reports whether tool output reports an error, as opposed to
// merely mentioning the word (source code is full of "error").
func hasErrorLine(s string) bool {
	l := strings.ToLower(s)
	for _, m := range []string{"error:", "--- fail", "\nfail", "panic:", "fatal:", "fatal error", "exception:",
		"traceback (most recent", "exit status", "command not found", "no such file", "permission denied"} {
		if strings.Contains(l, m) {
			return true
		}
	}
	return strings.HasPrefix(l, "fail")
}

func (x *extractor) addEntities(s string, w, recency float64) {
	var buf [16]entity
	for _, e := range findEntities(s, buf[:0]) {
		t := x.entities[e.text]
		if t == nil {
			t = &entityTally{kind: e.kind}
			x.entities[e.text] = t
		}
		t.best = max(t.best, w)
		t.count++
		t.rec = recency
		x.seq++
		t.last = x.seq
	}
}

// entityCandidates turns the tallies into SecContext candidates. An
// entity scores by its strongest mention (the user's words weigh most, tool
// output least) and recency. Entities mentioned again and again score a
// little lower: they live in the recent turns that compaction keeps and in
// the files themselves, while a path or ticket named once is what a summary
// must not lose.
func (x *extractor) entityCandidates() []candidate {
	out := make([]candidate, 0, len(x.entities))
	for text, t := range x.entities {
		score := 2.5 * (t.best + 0.5*t.rec - 0.3*math.Log2(float64(t.count)))
		out = append(out, candidate{section: SecContext, text: text, score: score, seq: t.last, kind: t.kind})
	}
	return out
}

func classify(lower string, role conv.Role) (string, float64, bool) {
	for _, c := range cues {
		if c.roles != nil && !c.roles[role] {
			continue
		}
		for _, p := range c.phrases {
			if containsPhrase(lower, p) {
				return c.section, c.base, true
			}
		}
	}
	return "", 0, false
}

// containsPhrase reports whether p occurs in s starting at a word: not
// right after a letter, digit or one of "./_-" (so "go for " does not match
// "main.go for ").
func containsPhrase(s, p string) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], p)
		if i < 0 {
			return false
		}
		i += off
		if i == 0 || !isWordByte(s[i-1]) || !isWordByte(p[0]) {
			return true
		}
		off = i + 1
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '/' || c == '_' || c == '-'
}

func startsWithReason(s string) bool {
	l := strings.ToLower(s)
	for _, p := range []string{"because", "since ", "the reason", "reason:", "rationale", "this is because", "that's because", "why:", "as it ", "so that"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// splitSentences splits text into lines, then lines into sentences at ". ",
// "? " and "! ". Code fences are skipped.
func splitSentences(text string) []string {
	var out []string
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			inFence = !inFence
			continue
		}
		if inFence || t == "" {
			continue
		}
		t = strings.TrimLeft(t, "#>*- ")
		for len(t) > 0 {
			cut := sentenceEnd(t)
			s := strings.TrimSpace(t[:cut])
			if len(s) > 3 {
				out = append(out, s)
			}
			t = t[cut:]
		}
	}
	return out
}

func sentenceEnd(t string) int {
	for i := 0; i+1 < len(t); i++ {
		switch t[i] {
		case '.', '?', '!':
			if t[i+1] == ' ' && i > 0 && t[i-1] != '.' && (i < 2 || t[i-2] != ' ') {
				return i + 1
			}
		}
	}
	return len(t)
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

// fallback catches what the cue phrases miss, by sentence shape:
// an obligation whose subject is not the speaker narrating their next step
// ("somebody needs to", "the team must") is a task; a statement giving a
// reason ("because", "since", "due to") about a named thing is a decision or
// its rationale.
func fallback(s, lower string, role conv.Role) (string, float64, bool) {
	if strings.HasSuffix(s, "?") {
		return "", 0, false
	}
	for _, m := range []string{" needs to ", " need to ", " must ", " should ", " has to ", " have to ", " ought to "} {
		i := strings.Index(" "+lower+" ", m)
		if i < 0 {
			continue
		}
		subject := strings.Fields(lower[:max(i-1, 0)])
		if len(subject) == 0 {
			break
		}
		last := subject[len(subject)-1]
		if last == "i" || last == "i'll" || last == "me" || (len(subject) > 1 && subject[len(subject)-2] == "let") {
			break
		}
		return SecTasks, 7, true
	}
	for _, c := range []string{" because ", " since ", " due to ", " so that ", " given that ", "the reason", "why:", "rationale"} {
		if strings.Contains(lower, c) && hasNamedThing(s) {
			return SecDecisions, 7, true
		}
	}
	if choiceShape(s) {
		return SecDecisions, 7, true
	}
	// What the user states (not asks) is context worth keeping.
	if role == conv.RoleUser && !isRequest(lower) && len(strings.Fields(s)) >= 4 {
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

// choiceShape matches the way technology choices are stated: a name (a
// capitalized word that does not start the sentence) followed by "for"
// and what it is for ("Kafka for the event bus", "use Caddy for TLS").
func choiceShape(s string) bool {
	words := strings.Fields(s)
	for i := 1; i+2 < len(words); i++ {
		w := strings.Trim(words[i], "(\"'`,:")
		if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' || words[i+1] != "for" {
			continue
		}
		if prev := strings.ToLower(words[i-1]); prev == "tests" || prev == "test" {
			continue
		}
		return true
	}
	return false
}

// hasNamedThing reports whether s names something: a capitalized word
// after the first, or a path or identifier.
func hasNamedThing(s string) bool {
	words := strings.Fields(s)
	for i, w := range words {
		w = strings.Trim(w, "([{\"'`,;:.")
		if i > 0 && len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z' {
			return true
		}
		if _, _, ok := classifyWord(w); ok {
			return true
		}
	}
	return false
}
