package rag

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/archon-memory/archon/rag/embed"
)

type demoQuestion struct {
	QID      string `json:"qid"`
	Question string `json:"question"`
	Locs     []struct {
		Path      string `json:"path"`
		LineStart int    `json:"line_start"`
		LineEnd   int    `json:"line_end"`
	} `json:"evidence_locs"`
}

// demoRecall returns the mean fraction of evidence entries in the top k.
func demoRecall(t *testing.T, e *Engine, qs []demoQuestion, k int) float64 {
	t.Helper()
	sum := 0.0
	for _, q := range qs {
		rs := search(t, e, Query{Text: q.Question, TopK: k})
		hit := 0
		for _, l := range q.Locs {
			for _, r := range rs {
				if r.Path == l.Path && r.LineStart <= l.LineEnd && l.LineStart <= r.LineEnd {
					hit++
					break
				}
			}
		}
		sum += float64(hit) / float64(len(q.Locs))
	}
	return sum / float64(len(qs))
}

// TestDemoQuality checks the paraphrased demo questions, with and without
// the builtin embedder: hybrid must not be worse than BM25 alone.
func TestDemoQuality(t *testing.T) {
	f, err := os.Open("../fixtures/demo-qrels.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs []demoQuestion
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var q demoQuestion
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	ctx := context.Background()
	recall := func(opt Options) (r5, r10 float64) {
		ws := demoWorkspace(t)
		e, err := Open(ctx, ws, opt)
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		if _, err := e.Index(ctx, nil); err != nil {
			t.Fatal(err)
		}
		return demoRecall(t, e, qs, 5), demoRecall(t, e, qs, 10)
	}
	b5, b10 := recall(Options{})
	builtin, err := embed.NewBuiltin(0)
	if err != nil {
		t.Fatal(err)
	}
	h5, h10 := recall(Options{Embedder: builtin})
	t.Logf("demo questions: BM25 R@5 %.3f R@10 %.3f; hybrid (builtin) R@5 %.3f R@10 %.3f", b5, b10, h5, h10)
	if h5+0.02 < b5 || h10+0.02 < b10 {
		t.Errorf("hybrid worse than BM25")
	}
}
