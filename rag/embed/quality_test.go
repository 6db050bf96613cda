package embed

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// demoEntry is one "## " entry of the demo workspace's daily logs.
type demoEntry struct {
	path       string
	start, end int // 1-based inclusive lines
	text       string
}

func loadDemo(t *testing.T) []demoEntry {
	t.Helper()
	files, _ := filepath.Glob("../../fixtures/demo/memory/*.md")
	if len(files) == 0 {
		t.Skip("demo workspace not found")
	}
	var out []demoEntry
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		cur := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "## ") {
				out = append(out, demoEntry{path: "memory/" + filepath.Base(f), start: i + 1, end: i + 1})
				cur = len(out) - 1
			}
			if cur >= 0 && strings.TrimSpace(l) != "" {
				out[cur].end = i + 1
				out[cur].text += l + "\n"
			}
		}
	}
	return out
}

// TestBuiltinDemoRecall embeds the demo workspace's entries and checks that
// the builtin embedder alone finds the evidence of its questions: a smoke
// test of retrieval quality (the real score is the hybrid engine's).
func TestBuiltinDemoRecall(t *testing.T) {
	entries := loadDemo(t)
	f, err := os.Open("../../fixtures/demo-qrels.jsonl")
	if err != nil {
		t.Skip("qrels not found")
	}
	defer f.Close()
	b, _ := NewBuiltin(256)
	ctx := context.Background()
	texts := make([]string, len(entries))
	for i, e := range entries {
		texts[i] = e.text
	}
	vecs, err := b.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	var nq, hit1, hit5, hit10 int
	var mrr float64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var q struct {
			QID      string `json:"qid"`
			Question string `json:"question"`
			Evidence []struct {
				Path      string `json:"path"`
				LineStart int    `json:"line_start"`
				LineEnd   int    `json:"line_end"`
			} `json:"evidence_locs"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		qv := embedOne(t, b, q.Question)
		order := make([]int, len(entries))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(i, j int) bool { return cosine(qv, vecs[order[i]]) > cosine(qv, vecs[order[j]]) })
		rank := 0
		for r, i := range order {
			e := entries[i]
			for _, ev := range q.Evidence {
				if ev.Path == e.path && ev.LineStart <= e.end && ev.LineEnd >= e.start {
					rank = r + 1
					break
				}
			}
			if rank > 0 {
				break
			}
		}
		nq++
		if rank == 1 {
			hit1++
		}
		if rank > 0 && rank <= 5 {
			hit5++
		}
		if rank > 0 && rank <= 10 {
			hit10++
		}
		if rank > 0 {
			mrr += 1 / float64(rank)
		}
		if testing.Verbose() {
			t.Logf("%s rank %d", q.QID, rank)
		}
	}
	t.Logf("%d entries, %d questions: hit@1 %d, hit@5 %d, hit@10 %d, MRR %.3f", len(entries), nq, hit1, hit5, hit10, mrr/float64(nq))
	if float64(hit10) < 0.5*float64(nq) {
		t.Errorf("builtin finds the evidence in the top 10 for only %d of %d questions", hit10, nq)
	}
}
