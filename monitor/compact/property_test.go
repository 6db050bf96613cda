package compact

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

func counter() func(*conv.Message) int {
	c := tokens.NewCache(tokens.ForModel("claude-sonnet-4-5"), 0) // the estimate: fast, and exactness does not matter here
	return func(m *conv.Message) int { return c.Count(conv.Flatten(m)) + 4 }
}

type pipelineCase struct {
	name string
	p    Pipeline
}

func pipelines() []pipelineCase {
	return []pipelineCase{
		{"clear", Pipeline{ClearToolResults{}}},
		{"slide20", Pipeline{SlidingWindow{}}},
		{"slide10", Pipeline{SlidingWindow{Keep: EmergencyWindow}}},
		{"summarize", Pipeline{SummarizeOldest{}}},
		{"prioritize", Pipeline{Prioritize{}}},
		{"truncate", Pipeline{Truncate{}}},
		{"standard", Standard()},
		{"slide-preset", Slide(20)},
		{"summarize-slide", SummarizeSlide(20)},
		{"emergency", Emergency()},
	}
}

// TestInvariants runs every step and preset over random conversations in
// every format and checks the invariants of the package doc.
func TestInvariants(t *testing.T) {
	ctx := context.Background()
	formats := []conv.Format{conv.FormatOpenAI, conv.FormatAnthropic, conv.FormatClaudeCode}
	for seed := range uint64(seeds()) {
		r := rand.New(rand.NewPCG(seed, 7))
		turns := randomTurns(r)
		for _, f := range formats {
			system := ""
			if r.IntN(4) != 0 {
				system = "You are a careful agent. " + sentence(r, 20)
			}
			doc := render(turns, f, system)
			orig, err := conv.ParseBytes([]byte(doc), f)
			if err != nil {
				t.Fatalf("seed %d %s: parse: %v", seed, f, err)
			}
			for _, pc := range pipelines() {
				name := fmt.Sprintf("seed%d/%s/%s", seed, f, pc.name)
				count := counter()
				st := &State{Conv: orig.Clone(), Count: count}
				total := st.Total()
				st.Budget = total * (10 + r.IntN(80)) / 100
				if err := pc.p.Run(ctx, st); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				checkInvariants(t, name, orig, st)
			}
		}
	}
}

func checkInvariants(t *testing.T, name string, orig *conv.Conversation, st *State) {
	t.Helper()
	out := st.Conv.Messages
	// System messages kept, unchanged.
	var origSys, outSys []string
	for _, m := range orig.Messages {
		if m.Role == conv.RoleSystem {
			origSys = append(origSys, m.Text())
		}
	}
	for _, m := range out {
		if m.Role == conv.RoleSystem {
			outSys = append(outSys, m.Text())
		}
	}
	if strings.Join(origSys, "|") != strings.Join(outSys, "|") {
		t.Errorf("%s: system messages changed", name)
	}
	// First non-system, non-sidechain message is a user turn.
	for i := range out {
		m := &out[i]
		if m.Role == conv.RoleSystem || m.Sidechain {
			continue
		}
		if m.Role != conv.RoleUser || m.HasToolResults() {
			t.Errorf("%s: starts on %s message (tool results %v): %.60q", name, m.Role, m.HasToolResults(), m.Text())
		}
		break
	}
	// Tool calls and results paired.
	calls, results := map[string]bool{}, map[string]bool{}
	for _, m := range out {
		if m.Sidechain {
			continue
		}
		for _, p := range m.Parts {
			switch p.Kind {
			case conv.PartToolCall:
				calls[p.ToolID] = true
			case conv.PartToolResult:
				if !calls[p.ToolID] {
					t.Errorf("%s: result %s before or without its call", name, p.ToolID)
				}
				results[p.ToolID] = true
			}
		}
	}
	for id := range calls {
		if !results[id] {
			t.Errorf("%s: call %s without its result", name, id)
		}
	}
	// Order kept, content kept unless stubbed, nothing lost.
	origBySeq := map[int]*conv.Message{}
	for i := range orig.Messages {
		origBySeq[orig.Messages[i].Seq] = &orig.Messages[i]
	}
	seen := map[int]bool{}
	last := -1
	for i := range out {
		m := &out[i]
		if m.Seq < 0 {
			continue
		}
		if m.Seq <= last {
			t.Errorf("%s: order changed at seq %d", name, m.Seq)
		}
		last = m.Seq
		seen[m.Seq] = true
		o := origBySeq[m.Seq]
		if !m.Modified && conv.Flatten(m) != conv.Flatten(o) {
			t.Errorf("%s: message %d changed without being marked", name, m.Seq)
		}
	}
	for _, m := range st.Cut {
		if o := origBySeq[m.Seq]; o == nil || conv.Flatten(&m) != conv.Flatten(o) {
			t.Errorf("%s: cut message %d is not the original", name, m.Seq)
		}
		seen[m.Seq] = true
	}
	for seq := range origBySeq {
		if !seen[seq] {
			t.Errorf("%s: message %d neither kept nor archived", name, seq)
		}
	}
	// The result writes and reads back.
	b, err := conv.Marshal(st.Conv)
	if err != nil {
		t.Fatalf("%s: write: %v", name, err)
	}
	back, err := conv.ParseBytes(b, st.Conv.Format)
	if err != nil {
		t.Fatalf("%s: re-parse: %v\n%s", name, err, b)
	}
	if len(back.Messages) != len(out) {
		t.Errorf("%s: re-parse has %d messages, want %d", name, len(back.Messages), len(out))
	}
}

func seeds() int {
	if testing.Short() {
		return 8
	}
	return 30
}
