package compact

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/archon-memory/archon/conv"
)

// turn is a format-neutral piece of a random conversation.
type turn struct {
	role  string // user, assistant
	text  string
	calls []call // assistant tool calls, answered right after
}

type call struct {
	id, name, input, result string
	isErr                   bool
}

var words = strings.Fields(`alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima
mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu`)

func sentence(r *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = words[r.IntN(len(words))]
	}
	return strings.Join(w, " ")
}

func randomTurns(r *rand.Rand) []turn {
	n := 2 + r.IntN(40)
	out := []turn{{role: "user", text: sentence(r, 8)}}
	id := 0
	for i := 0; i < n; i++ {
		switch k := r.IntN(10); {
		case k < 3:
			text := sentence(r, 3+r.IntN(30))
			switch r.IntN(8) {
			case 0:
				text = "We decided to use " + text
			case 1:
				text = "CHECKPOINT: " + text
			}
			out = append(out, turn{role: "user", text: text})
		case k < 5:
			out = append(out, turn{role: "assistant", text: sentence(r, 3+r.IntN(60))})
		default:
			t := turn{role: "assistant"}
			if r.IntN(2) == 0 {
				t.text = sentence(r, 5)
			}
			for range 1 + r.IntN(3) {
				id++
				names := []string{"Read", "Edit", "Bash", "Grep"}
				t.calls = append(t.calls, call{
					id: fmt.Sprintf("call_%d", id), name: names[r.IntN(len(names))],
					input:  fmt.Sprintf(`{"path":"/src/%s.go"}`, words[r.IntN(len(words))]),
					result: sentence(r, 5+r.IntN(200)), isErr: r.IntN(10) == 0,
				})
			}
			out = append(out, t)
		}
	}
	return out
}

// render writes turns as a document in format f.
func render(turns []turn, f conv.Format, system string) string {
	var msgs []any
	var lines []string
	line := func(v any) {
		b, _ := json.Marshal(v)
		lines = append(lines, string(b))
	}
	if f == conv.FormatOpenAI && system != "" {
		msgs = append(msgs, map[string]any{"role": "system", "content": system})
	}
	for i, t := range turns {
		switch f {
		case conv.FormatOpenAI:
			m := map[string]any{"role": t.role, "content": t.text}
			if len(t.calls) > 0 {
				var tcs []any
				for _, c := range t.calls {
					tcs = append(tcs, map[string]any{"id": c.id, "type": "function", "function": map[string]any{"name": c.name, "arguments": c.input}})
				}
				m["tool_calls"] = tcs
				if t.text == "" {
					m["content"] = nil
				}
			}
			msgs = append(msgs, m)
			for _, c := range t.calls {
				msgs = append(msgs, map[string]any{"role": "tool", "tool_call_id": c.id, "content": c.result})
			}
		case conv.FormatAnthropic:
			var blocks []any
			if t.text != "" {
				blocks = append(blocks, map[string]any{"type": "text", "text": t.text})
			}
			for _, c := range t.calls {
				blocks = append(blocks, map[string]any{"type": "tool_use", "id": c.id, "name": c.name, "input": json.RawMessage(c.input)})
			}
			msgs = append(msgs, map[string]any{"role": t.role, "content": blocks})
			if len(t.calls) > 0 {
				var res []any
				for _, c := range t.calls {
					res = append(res, map[string]any{"type": "tool_result", "tool_use_id": c.id, "content": c.result, "is_error": c.isErr})
				}
				msgs = append(msgs, map[string]any{"role": "user", "content": res})
			}
		case conv.FormatClaudeCode:
			mid := fmt.Sprintf("msg_%d", i)
			if t.text != "" || len(t.calls) == 0 {
				line(map[string]any{"type": t.role, "isSidechain": false, "uuid": fmt.Sprintf("u%d", i),
					"message": map[string]any{"id": mid, "role": t.role, "content": t.text}})
			}
			for _, c := range t.calls {
				line(map[string]any{"type": "assistant", "isSidechain": false, "message": map[string]any{"id": mid, "role": "assistant",
					"content": []any{map[string]any{"type": "tool_use", "id": c.id, "name": c.name, "input": json.RawMessage(c.input)}}}})
				line(map[string]any{"type": "user", "isSidechain": false, "message": map[string]any{"role": "user",
					"content": []any{map[string]any{"type": "tool_result", "tool_use_id": c.id, "content": c.result}}}})
			}
			if i%7 == 3 {
				line(map[string]any{"type": "assistant", "isSidechain": true, "message": map[string]any{"role": "assistant", "content": "side"}})
			}
			if i%11 == 5 {
				line(map[string]any{"type": "file-history-snapshot", "snapshot": map[string]any{}})
			}
		}
	}
	switch f {
	case conv.FormatAnthropic:
		doc := map[string]any{"messages": msgs}
		if system != "" {
			doc["system"] = system
		}
		b, _ := json.Marshal(doc)
		return string(b)
	case conv.FormatClaudeCode:
		return strings.Join(lines, "\n") + "\n"
	}
	b, _ := json.Marshal(msgs)
	return string(b)
}
