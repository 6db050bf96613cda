package main

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/archon-memory/archon/summarize/acts"
)

// synthetic builds rows with the intercept and one lexicon feature (column
// len(controlNames)) set in the first n1 rows, of which pos1 are positive;
// of the n0 other rows pos0 are positive.
func synthetic(n1, pos1, n0, pos0 int) ([]sparseRow, []float64) {
	nc := int32(len(controlNames))
	var rows []sparseRow
	var y []float64
	for i := range n1 + n0 {
		r := sparseRow{idx: []int32{0}, val: []float64{1}}
		pos := i >= n1 && i-n1 < pos0
		if i < n1 {
			r.idx = append(r.idx, nc)
			r.val = append(r.val, 1)
			pos = i < pos1
		}
		rows = append(rows, r)
		y = append(y, b2f(pos))
	}
	return rows, y
}

func TestFitLogistic(t *testing.T) {
	nc := len(controlNames)
	dim := nc + 2 // the last entry never occurs
	tests := []struct {
		name                    string
		n1, pos1, n0, pos0      int
		lambda                  float64
		wantSign                float64
		wantExact               float64 // unpenalised log odds ratio; 0: not checked
		wantIntercept           float64 // 0: not checked
		shrinksBelowUnpenalised bool
	}{
		{"cue predicts relevance", 100, 80, 100, 20, 0, 1, math.Log(16), math.Log(0.25), false},
		{"cue predicts against", 100, 10, 300, 150, 0, -1, math.Log(1.0 / 9), 0, false},
		{"L2 shrinks but keeps the sign", 100, 80, 100, 20, 50, 1, 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, y := synthetic(tt.n1, tt.pos1, tt.n0, tt.pos0)
			beta := fitLogistic(rows, y, dim, penalties(dim, tt.lambda))
			w := beta[nc]
			if math.Signbit(w) != math.Signbit(tt.wantSign) || w == 0 {
				t.Fatalf("weight %v, want sign of %v", w, tt.wantSign)
			}
			if tt.wantExact != 0 && math.Abs(w-tt.wantExact) > 1e-5 {
				t.Errorf("weight %v, want %v", w, tt.wantExact)
			}
			if tt.wantIntercept != 0 && math.Abs(beta[0]-tt.wantIntercept) > 1e-5 {
				t.Errorf("intercept %v, want %v", beta[0], tt.wantIntercept)
			}
			if tt.shrinksBelowUnpenalised && w >= math.Log(16)-0.1 {
				t.Errorf("weight %v not shrunk below %v", w, math.Log(16))
			}
			if beta[nc+1] != 0 {
				t.Errorf("never-occurring entry got weight %v", beta[nc+1])
			}
			again := fitLogistic(rows, y, dim, penalties(dim, tt.lambda))
			if !reflect.DeepEqual(beta, again) {
				t.Errorf("not deterministic: %v then %v", beta, again)
			}
		})
	}
}

func TestInSpans(t *testing.T) {
	spans := [][2]int{{3, 5}, {10, 10}}
	tests := []struct {
		i    int
		want bool
	}{{2, false}, {3, true}, {4, true}, {5, true}, {6, false}, {9, false}, {10, true}, {11, false}}
	for _, tt := range tests {
		if got := inSpans(spans, tt.i); got != tt.want {
			t.Errorf("inSpans(%v, %d) = %v, want %v", spans, tt.i, got, tt.want)
		}
	}
	if inSpans(nil, 0) {
		t.Error("inSpans(nil, 0) = true")
	}
}

func TestAUC(t *testing.T) {
	tests := []struct {
		name string
		s, y []float64
		want float64
	}{
		{"perfect", []float64{0.1, 0.2, 0.8, 0.9}, []float64{0, 0, 1, 1}, 1},
		{"reversed", []float64{0.9, 0.8, 0.2, 0.1}, []float64{0, 0, 1, 1}, 0},
		{"all tied", []float64{0.5, 0.5, 0.5, 0.5}, []float64{0, 1, 0, 1}, 0.5},
		{"one swap", []float64{0.1, 0.3, 0.2, 0.4}, []float64{0, 0, 1, 1}, 0.75},
	}
	for _, tt := range tests {
		if got := auc(tt.s, tt.y); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: auc = %v, want %v", tt.name, got, tt.want)
		}
	}
	if !math.IsNaN(auc([]float64{1, 2}, []float64{1, 1})) {
		t.Error("auc with one class is not NaN")
	}
}

func TestOracleTurns(t *testing.T) {
	turns := [][]string{
		acts.Words("Uh-huh."),
		acts.Words("We decided on the blue logo and a short name."),
		acts.Words("The short name, yes."),
		acts.Words("And the logo is a blue logo."),
	}
	tests := []struct {
		answer  string
		minGain int
		want    []int
	}{
		{"They decided on a blue logo and a short name.", 2, []int{1}},
		{"They decided on a blue logo and a short name.", 20, nil},
		{"The logo is blue. They decide on a short name.", 1, []int{1, 3}},
	}
	for _, tt := range tests {
		if got := oracleTurns(turns, acts.Words(tt.answer), tt.minGain); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("oracleTurns(%q, %d) = %v, want %v", tt.answer, tt.minGain, got, tt.want)
		}
	}
}

func TestRewriteLexicon(t *testing.T) {
	path := filepath.Join(t.TempDir(), "acts.tsv")
	orig := fitMark + "old header\n# decision: a comment\nwe decided\tdecision\t1\nLet's go with\tdecision\t0\n\n# backchannel\nmm-hmm\tbackchannel\t0.5\n"
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	weights := map[string]float64{"we decided": 0.1234, "mm hmm": -0.00001}
	for range 2 { // a second rewrite replaces the header, it does not add one
		raw, _ := os.ReadFile(path)
		if err := rewriteLexicon(path, raw, []string{fitMark + "new header"}, weights); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := os.ReadFile(path)
	want := fitMark + "new header\n# decision: a comment\nwe decided\tdecision\t0.123\nLet's go with\tdecision\t0\n\n# backchannel\nmm-hmm\tbackchannel\t0\n"
	if string(got) != want {
		t.Errorf("rewritten:\n%s\nwant:\n%s", got, want)
	}
	if lx, err := acts.Parse(string(got)); err != nil || len(lx.Match(acts.Words("we decided; let's go with; mm-hmm"))) != 3 {
		t.Errorf("rewritten lexicon: %v", err)
	}
	if e := lexiconOrder(string(got)); len(e) != 3 || e[1].Words != "let's go with" || e[2].Words != "mm hmm" {
		t.Errorf("lexiconOrder = %v", e)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".acts-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestFitActsSkipsWithoutData(t *testing.T) {
	dir := t.TempDir()
	lex := filepath.Join(dir, "acts.tsv")
	os.WriteFile(lex, []byte("we decided\tdecision\t1\n"), 0o644)
	if err := runFitActs([]string{"-qmsum", filepath.Join(dir, "absent"), "-lexicon", lex}); err != nil {
		t.Fatalf("runFitActs without data: %v", err)
	}
	if b, _ := os.ReadFile(lex); !strings.Contains(string(b), "\t1\n") {
		t.Errorf("lexicon changed: %q", b)
	}
}
