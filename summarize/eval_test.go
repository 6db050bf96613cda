package summarize

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/internal/convgen"
	"github.com/archon-memory/archon/tokens"
)

// evalTarget is the summary budget the retention target is measured at.
const evalTarget = 500

// retention scores planted facts kept by 500-token extractive summaries of
// generated conversations.
type retention struct {
	kept, total map[string]int
	reasons     [2]int // decisions whose reason word was kept / decisions kept
	worst       float64
}

// evalSet scores one fact set. Unless blind, every lost fact is logged
// (with -v); a blind set reports only its totals, so that its failures can
// not steer the summarizer.
func evalSet(t testing.TB, name string, facts convgen.FactFunc, seeds []uint64, sizes []int, blind bool) retention {
	t.Helper()
	ctx := context.Background()
	res := retention{kept: map[string]int{}, total: map[string]int{}, worst: 1}
	formats := []conv.Format{conv.FormatOpenAI, conv.FormatAnthropic, conv.FormatClaudeCode}
	for i, seed := range seeds {
		for _, size := range sizes {
			fs := facts(seed, 4)
			c, _ := convgen.Generate(convgen.Options{Seed: seed, Tokens: size, Format: formats[i%3], Facts: fs})
			sum, err := NewExtractive().Summarize(ctx, c.Messages, Options{TargetTokens: evalTarget, Counter: tokens.ForModel("gpt-4o")})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Tokens > evalTarget {
				t.Errorf("%s seed %d: summary has %d tokens, over 500", name, seed, sum.Tokens)
			}
			kept, scored := 0, 0
			for _, f := range fs {
				res.total[f.Kind]++
				if f.Kind == convgen.KindDistractor {
					if f.Found(sum.Markdown) {
						res.kept[f.Kind]++
					}
					continue
				}
				scored++
				if f.Found(sum.Markdown) {
					res.kept[f.Kind]++
					kept++
					if f.Kind == convgen.KindDecision {
						res.reasons[1]++
						if strings.Contains(strings.ToLower(sum.Markdown), strings.ToLower(f.Reason)) {
							res.reasons[0]++
						}
					}
				} else if testing.Verbose() && !blind {
					t.Logf("%s seed %d size %d: lost %s %q (%s)", name, seed, size, f.Kind, f.Key, f.Text)
				}
			}
			res.worst = min(res.worst, float64(kept)/float64(scored))
		}
	}
	return res
}

func (r retention) overall() float64 {
	k, n := 0, 0
	for kind := range r.total {
		if kind == convgen.KindDistractor {
			continue
		}
		k += r.kept[kind]
		n += r.total[kind]
	}
	return float64(k) / float64(n)
}

func (r retention) String() string {
	var parts []string
	for _, kind := range []string{convgen.KindDecision, convgen.KindTask, convgen.KindPath, convgen.KindID} {
		parts = append(parts, fmt.Sprintf("%s %d/%d", kind, r.kept[kind], r.total[kind]))
	}
	if n := r.total[convgen.KindDistractor]; n > 0 {
		parts = append(parts, fmt.Sprintf("distractors surfaced %d/%d", r.kept[convgen.KindDistractor], n))
	}
	return fmt.Sprintf("%.1f%% kept (%s; decision reasons %d/%d; worst conversation %.0f%%)",
		100*r.overall(), strings.Join(parts, ", "), r.reasons[0], r.reasons[1], 100*r.worst)
}

// TestPlantedFactRetention is the retention evaluation of issue #4: 16
// planted facts per conversation (4 decisions, 4 pending tasks, 4 paths, 4
// identifiers) in conversations of 20K and 60K tokens, in all three
// formats, summarized to 500 tokens. The floor sets (the tuning sets
// marked "floor" in internal/convgen/testdata/sets) must keep floorKept;
// the others, held-out sets each written with its own templates and
// values, are reported on request against issue 12's target, heldOutTarget.
//
// The summarizer was rewritten for real sessions and meetings (issue 12);
// the generated sets are a regression floor, not what it is tuned on. It
// keeps 63-76% of the floor sets' facts (tasks phrased in ways no general
// cue marks are what it loses), so the assertion guards that level, and
// the 85% target is reported as missed until a general method reaches it.
const (
	floorKept     = 0.60
	heldOutTarget = 0.85
)

func TestPlantedFactRetention(t *testing.T) {
	seeds := []uint64{1, 2, 3, 4, 5, 6}
	sizes := []int{20000, 60000}
	if testing.Short() {
		seeds, sizes = seeds[:3], sizes[:1]
	}
	sets, err := convgen.Sets()
	if err != nil {
		t.Fatal(err)
	}
	eval := func(s convgen.SetInfo) retention {
		facts, err := convgen.Set(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		r := evalSet(t, s.Name, facts, seeds, sizes, s.Blind)
		t.Logf("%-10s %s", s.Name+":", r)
		return r
	}
	for _, s := range sets {
		if !s.Floor {
			continue
		}
		if r := eval(s); r.overall() < floorKept {
			t.Errorf("%s retention %.1f%% < %.0f%%", s.Name, 100*r.overall(), 100*floorKept)
		}
	}
	// The other sets are reported, not asserted: see the scores recorded
	// in internal/convgen/testdata/HISTORY.md. ARCHON_EVAL_HELDOUT=1 (or
	// "all") scores them all, or name them: ARCHON_EVAL_HELDOUT=held-out7.
	// A set marked "blind" in its file (never studied) logs no individual
	// losses.
	want := os.Getenv("ARCHON_EVAL_HELDOUT")
	if want == "" {
		return
	}
	for _, s := range sets {
		if s.Floor || want != "1" && want != "all" && !strings.Contains(","+want+",", ","+s.Name+",") {
			continue
		}
		if r := eval(s); r.overall() < heldOutTarget {
			t.Logf("%s retention %.1f%% is below the %.0f%% target", s.Name, 100*r.overall(), 100*heldOutTarget)
		}
	}
}
