// Package convgen generates synthetic coding-agent conversations for
// benchmarks and evaluations: user requests, assistant narration, tool
// calls with bulky results (source files, logs, JSON, listings full of
// paths and identifiers), errors, and optionally planted facts (decisions,
// pending tasks, paths, identifiers) whose survival a summary can be scored
// on. Output is deterministic for a seed. It is test tooling: only tests
// and benchmarks import it (internal/deptest checks), nothing in archon's
// runtime depends on it.
//
// What it says is data, embedded from testdata/ (see testdata/README.md):
// the filler vocabulary and the fact sets, listed by Sets and returned by
// Set ("tuning", "held-out21", ...).
package convgen

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

// Options shape a generated conversation.
type Options struct {
	Seed   uint64
	Tokens int         // approximate size in o200k tokens, 20,000 when 0
	Format conv.Format // openai when empty
	// Facts are planted into messages spread over the conversation.
	Facts []Fact
}

// Generate returns a conversation of about opt.Tokens tokens, parsed from
// the document it renders in opt.Format (so it goes through the real
// parser), and the document itself.
func Generate(opt Options) (*conv.Conversation, []byte) {
	if opt.Tokens <= 0 {
		opt.Tokens = 20000
	}
	if opt.Format == "" {
		opt.Format = conv.FormatOpenAI
	}
	g := &gen{r: rand.New(rand.NewPCG(opt.Seed, 0x5eed)), format: opt.Format, w: mustWords()}
	g.system("You are a senior software engineer working in the repository /work/" + g.project() +
		". Use the tools to read and change files. Keep answers short.")
	size := 0
	round := 0
	// Facts go into rounds spread evenly; the size estimate decides how
	// many rounds there are, so facts are placed by fraction of the size.
	next := 0
	for size < opt.Tokens || next < len(opt.Facts) {
		frac := float64(size) / float64(opt.Tokens)
		var planted []Fact
		for next < len(opt.Facts) && float64(next)/float64(len(opt.Facts)) <= frac {
			planted = append(planted, opt.Facts[next])
			next++
		}
		size += g.round(round, planted)
		round++
		if round > 100000 {
			break
		}
	}
	doc := g.render()
	c, err := conv.ParseBytes(doc, opt.Format)
	if err != nil {
		panic(fmt.Sprintf("convgen: generated an unparsable %s document: %v", opt.Format, err))
	}
	return c, doc
}

type call struct {
	id, name string
	input    map[string]any
	result   string
	isErr    bool
}

type turn struct {
	role  string
	text  string
	calls []call
}

type gen struct {
	r      *rand.Rand
	w      *wordLists
	format conv.Format
	sys    string
	turns  []turn
	ids    int
}

func (g *gen) system(s string) { g.sys = s }

func (g *gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

func (g *gen) project() string { return g.pick(g.w.Projects) }

// round appends one user request, the assistant's tool work and its reply.
// It returns the estimated tokens added.
func (g *gen) round(n int, facts []Fact) int {
	size := 0
	add := func(t turn) {
		size += tokens.CountO200K(t.text) + 4
		for _, c := range t.calls {
			size += tokens.CountO200K(c.result) + 20
		}
		g.turns = append(g.turns, t)
	}
	user := g.userRequest()
	var assistantFacts []string
	var plantedCalls []call
	for _, f := range facts {
		switch f.Speaker {
		case SpeakerUser:
			user = joinText(user, f.Text)
		case SpeakerTool, SpeakerCode:
			plantedCalls = append(plantedCalls, g.plantedCall(f))
		case SpeakerTwoTurns:
			ask, answer, _ := strings.Cut(f.Text, TurnSep)
			user = joinText(user, ask)
			assistantFacts = append(assistantFacts, answer)
		default:
			assistantFacts = append(assistantFacts, f.Text)
		}
	}
	add(turn{role: "user", text: user})
	for k := range 1 + g.r.IntN(4) {
		t := turn{role: "assistant", text: g.narration()}
		if k == 0 && len(assistantFacts) > 0 {
			for _, a := range assistantFacts {
				t.text = joinText(t.text, a)
			}
			assistantFacts = nil
		}
		for range 1 + g.r.IntN(2) {
			t.calls = append(t.calls, g.toolCall())
		}
		if k == 0 {
			t.calls = append(t.calls, plantedCalls...)
		}
		add(t)
	}
	add(turn{role: "assistant", text: g.reply()})
	return size
}

// joinText appends a planted piece to a message as a person would write
// it: sentences run on after a space, but a block of lines (a checklist, a
// numbered list, a header and its items) starts on a line of its own, and
// what follows a block starts a new paragraph instead of running on into
// the block's last line (where it would read as part of that item). A
// piece after text that ends without punctuation (a chatty line with no
// full stop) starts a line of its own too: two thoughts typed that way
// are two lines, not one run-on sentence.
func joinText(text, piece string) string {
	switch {
	case text == "":
		return piece
	case endsInBlock(text):
		return text + "\n\n" + strings.TrimLeft(piece, "\n")
	case strings.HasPrefix(piece, "\n"):
		return text + piece
	case strings.Contains(piece, "\n") || !endsSentence(text):
		return text + "\n" + piece
	}
	return text + " " + piece
}

// endsSentence reports whether text ends with sentence punctuation (a
// closing quote or bracket may follow it).
func endsSentence(text string) bool {
	t := strings.TrimRight(text, " \"')]`*")
	return t != "" && strings.ContainsAny(t[len(t)-1:], ".!?:;")
}

// endsInBlock reports whether text's last paragraph has several lines.
func endsInBlock(text string) bool {
	if i := strings.LastIndex(text, "\n\n"); i >= 0 {
		text = text[i+2:]
	}
	return strings.Contains(text, "\n")
}

func (g *gen) userRequest() string {
	return fmt.Sprintf(g.pick(g.w.Requests), g.pick(g.w.Features), g.pick(g.w.Files))
}

func (g *gen) narration() string {
	return fmt.Sprintf(g.pick(g.w.Narrations), g.pick(g.w.Files))
}

func (g *gen) reply() string {
	s := fmt.Sprintf(g.pick(g.w.Replies), g.pick(g.w.Files), g.pick(g.w.Features))
	if g.r.IntN(3) == 0 {
		s += " " + fmt.Sprintf(g.pick(g.w.Replies), g.pick(g.w.Files), g.pick(g.w.Features))
	}
	return s
}

func (g *gen) toolCall() call {
	g.ids++
	id := fmt.Sprintf("call_%05d", g.ids)
	f := g.pick(g.w.Files)
	switch g.r.IntN(6) {
	case 0, 1:
		return call{id: id, name: "Read", input: map[string]any{"file_path": "/work/app/" + f}, result: g.sourceFile()}
	case 2:
		res, isErr := g.commandOutput()
		return call{id: id, name: "Bash", input: map[string]any{"command": g.pick(g.w.Commands)}, result: res, isErr: isErr}
	case 3:
		return call{id: id, name: "Grep", input: map[string]any{"pattern": g.pick(g.w.Identifiers)}, result: g.grepOutput()}
	case 4:
		return call{id: id, name: "WebFetch", input: map[string]any{"url": "https://api.internal.example/v2/" + g.pick(g.w.Identifiers)}, result: g.jsonOutput()}
	default:
		return call{id: id, name: "Edit", input: map[string]any{"file_path": "/work/app/" + f, "old_string": g.pick(g.w.Identifiers), "new_string": g.pick(g.w.Identifiers) + "V2"},
			result: "The file /work/app/" + f + " has been updated."}
	}
}

// plantedCall carries a fact in tool traffic: SpeakerTool facts come back
// in the result of reading a notes file, SpeakerCode facts are comments in
// code the assistant writes.
func (g *gen) plantedCall(f Fact) call {
	g.ids++
	id := fmt.Sprintf("call_%05d", g.ids)
	if f.Speaker == SpeakerTool {
		doc := g.pick(g.w.PlantDocs)
		return call{id: id, name: "Read", input: map[string]any{"file_path": "/work/app/" + doc},
			result: "# " + doc + "\n\n" + f.Text + "\n\n" + g.sourceComment()}
	}
	f2 := g.pick(g.w.Files)
	var b strings.Builder
	for _, line := range strings.Split(f.Text, "\n") {
		b.WriteString("// " + line + "\n")
	}
	fmt.Fprintf(&b, "func %s(ctx context.Context) error {\n\treturn %s(ctx)\n}\n", g.pick(g.w.Identifiers), g.pick(g.w.Identifiers))
	return call{id: id, name: "Edit", input: map[string]any{"file_path": "/work/app/" + f2, "old_string": g.pick(g.w.Identifiers), "new_string": b.String()},
		result: "The file /work/app/" + f2 + " has been updated."}
}

// sourceComment is a line of unremarkable prose that pads a planted note.
func (g *gen) sourceComment() string {
	return fmt.Sprintf("See %s for how %s %s the %s.", g.pick(g.w.Files), g.pick(g.w.Identifiers), g.pick(g.w.Verbs), g.pick(g.w.Features))
}

func (g *gen) sourceFile() string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n\t\"context\"\n\t\"fmt\"\n)\n\n", g.pick(g.w.Packages))
	for range 3 + g.r.IntN(12) {
		fn := g.pick(g.w.Identifiers)
		fmt.Fprintf(&b, "// %s %s the %s for the given request.\nfunc (s *%s) %s(ctx context.Context, id string) error {\n",
			fn, g.pick(g.w.Verbs), g.pick(g.w.Features), g.pick(g.w.Types), fn)
		for range 2 + g.r.IntN(8) {
			fmt.Fprintf(&b, "\tif err := s.%s(ctx, id); err != nil {\n\t\treturn fmt.Errorf(\"%s %%s: %%w\", id, err)\n\t}\n", g.pick(g.w.Identifiers), g.pick(g.w.Verbs))
		}
		b.WriteString("\treturn nil\n}\n\n")
	}
	return b.String()
}

func (g *gen) commandOutput() (string, bool) {
	var b strings.Builder
	isErr := g.r.IntN(8) == 0
	for i := range 5 + g.r.IntN(40) {
		fmt.Fprintf(&b, "2026-11-%02d 10:%02d:%02d INFO %s: %s %s in %dms\n", 1+g.r.IntN(28), g.r.IntN(60), i%60,
			g.pick(g.w.Packages), g.pick(g.w.Verbs), g.pick(g.w.Files), g.r.IntN(900))
	}
	if isErr {
		fmt.Fprintf(&b, "--- FAIL: Test%s (0.%02ds)\n    %s_test.go:%d: unexpected %s\nFAIL\nexit status 1\n",
			g.pick(g.w.Identifiers), g.r.IntN(99), g.pick(g.w.Packages), 10+g.r.IntN(300), g.pick(g.w.Features))
	}
	return b.String(), isErr
}

func (g *gen) grepOutput() string {
	var b strings.Builder
	for range 3 + g.r.IntN(30) {
		fmt.Fprintf(&b, "/work/app/%s:%d:\t%s := s.%s(ctx, %q)\n", g.pick(g.w.Files), 1+g.r.IntN(800), g.pick(g.w.Identifiers), g.pick(g.w.Identifiers), g.pick(g.w.Features))
	}
	return b.String()
}

func (g *gen) jsonOutput() string {
	var items []map[string]any
	for range 2 + g.r.IntN(15) {
		items = append(items, map[string]any{
			"id": fmt.Sprintf("%s-%d", strings.ToUpper(g.pick(g.w.Packages))[:3], 1000+g.r.IntN(9000)), "name": g.pick(g.w.Features),
			"owner": g.pick(g.w.People), "updated_at": fmt.Sprintf("2026-10-%02dT12:00:00Z", 1+g.r.IntN(30)),
			"path": "/srv/" + g.pick(g.w.Packages) + "/" + g.pick(g.w.Files), "score": g.r.Float64(), "tags": []string{g.pick(g.w.Packages), g.pick(g.w.Verbs)},
		})
	}
	b, _ := json.MarshalIndent(map[string]any{"items": items, "total": len(items), "next": nil}, "", "  ")
	return string(b)
}

// render writes the turns as a document in g.format.
func (g *gen) render() []byte {
	switch g.format {
	case conv.FormatAnthropic:
		return g.renderAnthropic()
	case conv.FormatClaudeCode:
		return g.renderClaudeCode()
	}
	return g.renderOpenAI()
}

func (g *gen) renderOpenAI() []byte {
	msgs := []any{map[string]any{"role": "system", "content": g.sys}}
	for _, t := range g.turns {
		m := map[string]any{"role": t.role, "content": t.text}
		if len(t.calls) > 0 {
			var tcs []any
			for _, c := range t.calls {
				args, _ := json.Marshal(c.input)
				tcs = append(tcs, map[string]any{"id": c.id, "type": "function", "function": map[string]any{"name": c.name, "arguments": string(args)}})
			}
			m["tool_calls"] = tcs
		}
		msgs = append(msgs, m)
		for _, c := range t.calls {
			msgs = append(msgs, map[string]any{"role": "tool", "tool_call_id": c.id, "content": c.result})
		}
	}
	b, _ := json.Marshal(map[string]any{"model": "gpt-4o", "messages": msgs})
	return b
}

func (g *gen) renderAnthropic() []byte {
	var msgs []any
	for _, t := range g.turns {
		blocks := []any{map[string]any{"type": "text", "text": t.text}}
		for _, c := range t.calls {
			blocks = append(blocks, map[string]any{"type": "tool_use", "id": c.id, "name": c.name, "input": c.input})
		}
		msgs = append(msgs, map[string]any{"role": t.role, "content": blocks})
		if len(t.calls) > 0 {
			var res []any
			for _, c := range t.calls {
				res = append(res, map[string]any{"type": "tool_result", "tool_use_id": c.id, "content": c.result, "is_error": c.isErr})
			}
			msgs = append(msgs, map[string]any{"role": "user", "content": res})
		}
	}
	b, _ := json.Marshal(map[string]any{"model": "claude-sonnet-4-5", "max_tokens": 8192, "system": g.sys, "messages": msgs})
	return b
}

func (g *gen) renderClaudeCode() []byte {
	var b strings.Builder
	line := func(v any) {
		out, _ := json.Marshal(v)
		b.Write(out)
		b.WriteByte('\n')
	}
	parent := any(nil)
	for i, t := range g.turns {
		uuid := fmt.Sprintf("00000000-0000-4000-8000-%012d", i)
		msgID := fmt.Sprintf("msg_%06d", i)
		content := []any{map[string]any{"type": "text", "text": t.text}}
		l := map[string]any{"parentUuid": parent, "isSidechain": false, "type": t.role, "uuid": uuid, "sessionId": "bench",
			"timestamp": fmt.Sprintf("2026-11-29T10:%02d:%02dZ", (i/60)%60, i%60)}
		if t.role == "user" {
			l["message"] = map[string]any{"role": "user", "content": t.text}
		} else {
			l["message"] = map[string]any{"id": msgID, "role": "assistant", "model": "claude-sonnet-4-5", "content": content}
			l["requestId"] = "req_" + msgID
		}
		line(l)
		parent = uuid
		for k, c := range t.calls {
			line(map[string]any{"parentUuid": parent, "isSidechain": false, "type": "assistant", "uuid": fmt.Sprintf("%s-c%d", uuid, k),
				"requestId": "req_" + msgID, "message": map[string]any{"id": msgID, "role": "assistant", "model": "claude-sonnet-4-5",
					"content": []any{map[string]any{"type": "tool_use", "id": c.id, "name": c.name, "input": c.input}}}})
			line(map[string]any{"parentUuid": parent, "isSidechain": false, "type": "user", "uuid": fmt.Sprintf("%s-r%d", uuid, k),
				"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": c.id, "content": c.result, "is_error": c.isErr}}}})
		}
	}
	return []byte(b.String())
}
