package locomo

import (
	"context"
	"errors"
	"testing"

	"github.com/archon-memory/archon/rag"
)

// TestLoCoMoQuality runs the whole dev split and guards against regressions
// well below the current figures (see the README for the measured ones). It
// skips when the data is absent, which is how the repository ships.
func TestLoCoMoQuality(t *testing.T) {
	dir, err := FindDir(".")
	if errors.Is(err, ErrNoData) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	run, err := Evaluate(context.Background(), dir, t.TempDir(), 10, rag.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := Score(run.Questions, run.Results)
	all := g["overall"]
	t.Logf("R@5 %.3f R@10 %.3f nDCG@10 %.3f span %.2f over %d questions", all.R5, all.R10, all.NDCG, all.Span, all.N)
	if all.N < 700 || all.R5 < 0.68 || all.R10 < 0.76 || all.Span > 3 {
		t.Errorf("quality regressed: %+v", all)
	}
}

func TestScoreQuestion(t *testing.T) {
	locs := []Loc{{"memory/a.md", 3, 4}, {"memory/a.md", 9, 10}}
	tests := []struct {
		name    string
		results []Loc
		r10     float64
		ndcg    float64
	}{
		{"none", nil, 0, 0},
		{"first at rank 1", []Loc{{"memory/a.md", 3, 4}}, 0.5, 1 / (1 + 1/1.584962500721156)},
		{"both", []Loc{{"x/memory/a.md", 4, 4}, {"memory/a.md", 10, 12}}, 1, 1},
		{"wrong path", []Loc{{"memory/b.md", 3, 4}}, 0, 0},
	}
	for _, tt := range tests {
		r, _, n := scoreQuestion(locs, tt.results)
		if r[3] != tt.r10 || n-tt.ndcg > 1e-9 || tt.ndcg-n > 1e-9 {
			t.Errorf("%s: R@10 %v nDCG %v, want %v %v", tt.name, r[3], n, tt.r10, tt.ndcg)
		}
	}
}
