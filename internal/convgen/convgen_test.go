package convgen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

func TestGenerateDeterministicWithFacts(t *testing.T) {
	for _, f := range []conv.Format{conv.FormatOpenAI, conv.FormatAnthropic, conv.FormatClaudeCode} {
		facts := Tuning(3, 2)
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

func TestFactSetsAreDistinct(t *testing.T) {
	sets := map[string][]Fact{"tuning": Tuning(1, 4), "tuning2": Tuning2(1, 4), "tuning3": Tuning3(1, 4),
		"tuning4": Tuning4(1, 4), "tuning5": Tuning5(1, 4), "tuning6": Tuning6(1, 4), "held-out": HeldOut(1, 4),
		"held-out7": HeldOut7(1, 4), "held-out8": HeldOut8(1, 4), "held-out9": HeldOut9(1, 4),
		"held-out10": HeldOut10(1, 4), "held-out11": HeldOut11(1, 4), "held-out12": HeldOut12(1, 4),
		"held-out13": HeldOut13(1, 4), "held-out14": HeldOut14(1, 4), "held-out15": HeldOut15(1, 4),
		"held-out16": HeldOut16(1, 4), "held-out17": HeldOut17(1, 4), "held-out18": HeldOut18(1, 4),
		"held-out19": HeldOut19(1, 4), "held-out20": HeldOut20(1, 4), "held-out21": HeldOut21(1, 4),
		"held-out22": HeldOut22(1, 4), "held-out23": HeldOut23(1, 4), "held-out24": HeldOut24(1, 4), "held-out25": HeldOut25(1, 4),
		"held-out26": HeldOut26(1, 4), "held-out27": HeldOut27(1, 4), "held-out28": HeldOut28(1, 4), "held-out29": HeldOut29(1, 4),
		"held-out30": HeldOut30(1, 4), "held-out31": HeldOut31(1, 4), "held-out32": HeldOut32(1, 4), "held-out33": HeldOut33(1, 4),
		"held-out34": HeldOut34(1, 4), "held-out35": HeldOut35(1, 4), "held-out36": HeldOut36(1, 4), "held-out37": HeldOut37(1, 4),
		"held-out38": HeldOut38(1, 4), "held-out39": HeldOut39(1, 4), "held-out40": HeldOut40(1, 4), "held-out41": HeldOut41(1, 4),
		"tuning7": Tuning7(1, 4), "tuning8": Tuning8(1, 4), "tuning9": Tuning9(1, 4), "tuning10": Tuning10(1, 4),
		"tuning11": Tuning11(1, 4), "tuning12": Tuning12(1, 4), "tuning13": Tuning13(1, 4), "tuning14": Tuning14(1, 4),
		"tuning15": Tuning15(1, 4), "tuning16": Tuning16(1, 4), "tuning17": Tuning17(1, 4), "tuning18": Tuning18(1, 4),
		"tuning19": Tuning19(1, 4), "tuning20": Tuning20(1, 4),
		"tuning21": Tuning21(1, 4), "tuning22": Tuning22(1, 4)}
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
