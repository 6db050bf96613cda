package convgen

import (
	"math/rand/v2"
	"strings"
)

// Fact kinds.
const (
	KindDecision = "decision"
	KindTask     = "task"
	KindPath     = "path"
	KindID       = "identifier"
	// KindDistractor is planted but should not be mistaken for a decision
	// or a pending task: a rejected or hypothetical option, a finished
	// task. It is reported, not scored as retention.
	KindDistractor = "distractor"
)

// Where a fact is planted (Fact.Speaker).
const (
	SpeakerUser      = "user"
	SpeakerAssistant = "assistant"
	// SpeakerTool facts are in a tool result: a notes file the assistant
	// reads.
	SpeakerTool = "tool"
	// SpeakerCode facts are comments in code the assistant writes (a tool
	// call's input).
	SpeakerCode = "code"
	// SpeakerTwoTurns facts span two turns: Text is the user's part, TurnSep,
	// then the assistant's answer.
	SpeakerTwoTurns = "user>assistant"
)

// TurnSep separates the two turns of a SpeakerTwoTurns fact's Text.
const TurnSep = " || "

// Fact is a planted piece of information a summary should keep.
type Fact struct {
	Kind string
	// Key must appear in the summary (case-insensitive) for the fact to
	// count as kept.
	Key string
	// Reason, for decisions, is a word of the reason that should come along.
	Reason string
	// Text is the sentence planted in the conversation.
	Text string
	// Speaker says where it is planted: SpeakerUser, SpeakerAssistant,
	// SpeakerTool, SpeakerCode or SpeakerTwoTurns.
	Speaker string
}

// Found reports whether the fact survives in text: its key is there.
func (f Fact) Found(text string) bool {
	return strings.Contains(strings.ToLower(text), strings.ToLower(f.Key))
}

// template is a sentence with slots: {X} the key, {P} the purpose, {R} the
// reason.
type template struct {
	text    string
	speaker string
}

// factSet is a decoded testdata/sets/<name>.json (see data.go).
type factSet struct {
	decisionTpl, taskTpl, pathTpl, idTpl []template
	choices, purposes, reasons           []string
	tasks, paths                         []string
	ids                                  idGen
	// distractorTpl, when set, plants n distractors too: {X} is filled from
	// rejected (an option not taken), {T} from done (a finished task), {P}
	// and {R} as for decisions. The key is the {X} or {T} value.
	distractorTpl  []template
	rejected, done []string
}

// FactFunc returns the facts of one set for a seed: n of each kind
// (decision, task, path, identifier), and n distractors if the set has
// them, in a shuffled order. The same seed gives the same facts.
type FactFunc func(seed uint64, n int) []Fact

func (s *factSet) facts(seed uint64, n int) []Fact {
	r := rand.New(rand.NewPCG(seed, 0xfac7))
	var out []Fact
	used := map[string]bool{}
	uniq := func(pool []string) string {
		for range 100 {
			v := pool[r.IntN(len(pool))]
			if !used[v] {
				used[v] = true
				return v
			}
		}
		return pool[r.IntN(len(pool))]
	}
	fill := func(t template, x, p, reason string) Fact {
		text := strings.NewReplacer("{X}", x, "{P}", p, "{R}", reason).Replace(t.text)
		return Fact{Key: x, Text: text, Speaker: t.speaker}
	}
	for range n {
		x, p, why := uniq(s.choices), uniq(s.purposes), uniq(s.reasons)
		f := fill(s.decisionTpl[r.IntN(len(s.decisionTpl))], x, p, why)
		f.Kind, f.Reason = KindDecision, strings.Fields(why)[len(strings.Fields(why))-1]
		out = append(out, f)
		t := uniq(s.tasks)
		f = fill(s.taskTpl[r.IntN(len(s.taskTpl))], t, "", "")
		f.Kind = KindTask
		out = append(out, f)
		path := uniq(s.paths)
		f = fill(s.pathTpl[r.IntN(len(s.pathTpl))], path, "", "")
		f.Kind = KindPath
		out = append(out, f)
		id := s.ids.generate(r)
		f = fill(s.idTpl[r.IntN(len(s.idTpl))], id, "", "")
		f.Kind = KindID
		out = append(out, f)
	}
	for i := range n {
		if len(s.distractorTpl) == 0 {
			break
		}
		t := s.distractorTpl[(i+r.IntN(len(s.distractorTpl)))%len(s.distractorTpl)]
		x, done, p, why := uniq(s.rejected), uniq(s.done), uniq(s.purposes), uniq(s.reasons)
		f := fill(t, x, p, why)
		f.Text = strings.ReplaceAll(f.Text, "{T}", done)
		f.Kind = KindDistractor
		if !strings.Contains(t.text, "{X}") {
			f.Key = done
		}
		out = append(out, f)
	}
	// Interleave kinds in a shuffled order, as real sessions do.
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
