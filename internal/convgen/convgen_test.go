package convgen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

func TestGenerateDeterministicWithFacts(t *testing.T) {
	for _, f := range []conv.Format{conv.FormatOpenAI, conv.FormatAnthropic, conv.FormatClaudeCode} {
		facts := mustSet(t, "tuning")(3, 2)
		c1, d1 := Generate(Options{Seed: 3, Tokens: 5000, Format: f, Facts: facts})
		_, d2 := Generate(Options{Seed: 3, Tokens: 5000, Format: f, Facts: facts})
		if !bytes.Equal(d1, d2) {
			t.Errorf("%s: not deterministic", f)
		}
		if c1.Format != f || len(c1.Messages) < 10 {
			t.Errorf("%s: %d messages", f, len(c1.Messages))
		}
		for _, fact := range facts {
			if !bytes.Contains(d1, []byte(fact.Key)) {
				t.Errorf("%s: fact %q not planted", f, fact.Key)
			}
		}
	}
}

// mustSet is Set for tests.
func mustSet(t testing.TB, name string) FactFunc {
	t.Helper()
	f, err := Set(name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFactSetsAreDistinct(t *testing.T) {
	infos, err := Sets()
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string][]Fact{}
	for _, info := range infos {
		sets[info.Name] = mustSet(t, info.Name)(1, 4)
	}
	seen := map[string]string{}
	for name, facts := range sets {
		scored := 0
		for _, f := range facts {
			if f.Kind != KindDistractor {
				scored++
			}
		}
		if scored != 16 {
			t.Errorf("%s: %d scored facts", name, scored)
		}
		for _, f := range facts {
			if other, ok := seen[f.Key]; ok && other != name {
				t.Errorf("key %q in %s and %s", f.Key, name, other)
			}
			seen[f.Key] = name
			if !f.Found(f.Text) {
				t.Errorf("%s: key %q not in its own text %q", name, f.Key, f.Text)
			}
		}
	}
}

func TestPlantedInToolTraffic(t *testing.T) {
	facts := []Fact{
		{Kind: KindDecision, Key: "Zanzibar", Text: "Outcome: Zanzibar", Speaker: SpeakerTool},
		{Kind: KindTask, Key: "water the ferns", Text: "TODO: water the ferns\nsoon", Speaker: SpeakerCode},
		{Kind: KindDecision, Key: "Quokka", Text: "Quokka or not?" + TurnSep + "Yes.", Speaker: SpeakerTwoTurns},
	}
	for _, f := range []conv.Format{conv.FormatOpenAI, conv.FormatAnthropic, conv.FormatClaudeCode} {
		c, _ := Generate(Options{Seed: 9, Tokens: 3000, Format: f, Facts: facts})
		where := map[string]string{}
		for _, m := range c.Messages {
			for _, p := range m.Parts {
				text := p.Text + string(p.Input)
				for _, fact := range facts {
					if strings.Contains(text, fact.Key) {
						where[fact.Key] += string(p.Kind) + " "
					}
				}
			}
		}
		if !strings.Contains(where["Zanzibar"], string(conv.PartToolResult)) ||
			!strings.Contains(where["water the ferns"], string(conv.PartToolCall)) ||
			!strings.Contains(where["Quokka"], string(conv.PartText)) {
			t.Errorf("%s: planted in %v", f, where)
		}
	}
}

func TestJoinText(t *testing.T) {
	for _, tc := range []struct{ text, piece, want string }{
		{"", "Hello.", "Hello."},
		{"Fix it.", "We chose X.", "Fix it. We chose X."},
		{"Fix it.", "\n- [x] done thing", "Fix it.\n- [x] done thing"},
		{"Fix it.", "Checklist\n- [ ] a", "Fix it.\nChecklist\n- [ ] a"},
		{"Fix it.\n- [x] done thing", "Final call: X.", "Fix it.\n- [x] done thing\n\nFinal call: X."},
		{"Fix it.\n- [x] done thing", "\n- [x] other", "Fix it.\n- [x] done thing\n\n- [x] other"},
		{"Fix it.\n- [x] a\n\nFinal call: X.", "Also Y.", "Fix it.\n- [x] a\n\nFinal call: X. Also Y."},
		{"no rush, it can wait", "did anyone renew it?", "no rush, it can wait\ndid anyone renew it?"},
		{"Fix it (soon).", "Also Y.", "Fix it (soon). Also Y."},
	} {
		if got := joinText(tc.text, tc.piece); got != tc.want {
			t.Errorf("joinText(%q, %q) = %q, want %q", tc.text, tc.piece, got, tc.want)
		}
	}
}
