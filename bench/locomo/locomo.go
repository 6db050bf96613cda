// Package locomo runs archon's retrieval engine on the LoCoMo benchmark
// workspaces kept outside the repository (../shared/bench/locomo; its
// license forbids shipping the data) and scores it the way
// ../shared/bench/score.py does.
package locomo

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
)

// DefaultDir is where the benchmark lives relative to the repository root.
const DefaultDir = "../shared/bench/locomo"

// ErrNoData is returned when the benchmark data is absent.
var ErrNoData = errors.New("LoCoMo benchmark data not found (expected ../shared/bench/locomo beside the repository; set ARCHON_LOCOMO_DIR)")

// FindDir locates the benchmark: $ARCHON_LOCOMO_DIR, else DefaultDir
// relative to the repository root found above start.
func FindDir(start string) (string, error) {
	if d := os.Getenv("ARCHON_LOCOMO_DIR"); d != "" {
		return d, nil
	}
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, DefaultDir)
			if _, err := os.Stat(d); err != nil {
				return "", ErrNoData
			}
			return d, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrNoData
		}
		dir = parent
	}
}

// Run is the outcome of a benchmark run.
type Run struct {
	Questions []Question
	Results   map[string][]Loc
	// Full holds the complete results, for writing results.jsonl.
	Full         map[string][]rag.Result
	IndexTime    time.Duration
	QueryTimes   []time.Duration
	Workspaces   int
	IndexedChunk int
}

// Evaluate copies each conv-*/memory workspace under dir into scratch,
// indexes it, and runs every question as a top-k query.
func Evaluate(ctx context.Context, dir, scratch string, k int, opt rag.Options) (*Run, error) {
	return evaluate(ctx, dir, "conv-*", nil, scratch, k, opt)
}

// EvaluateWorkspaces does the same for a benchmark of whole workspaces
// (ws-*/ holding memory/ and MEMORY.md, as ../shared/bench/agentlogs):
// the files are copied, the questions read from each qrels.jsonl.
func EvaluateWorkspaces(ctx context.Context, dir, scratch string, k int, opt rag.Options) (*Run, error) {
	return evaluate(ctx, dir, "ws-*", []string{memory.WisdomFile}, scratch, k, opt)
}

func evaluate(ctx context.Context, dir, pattern string, files []string, scratch string, k int, opt rag.Options) (*Run, error) {
	convs, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil || len(convs) == 0 {
		return nil, ErrNoData
	}
	sort.Strings(convs)
	run := &Run{Results: map[string][]Loc{}, Full: map[string][]rag.Result{}}
	for _, conv := range convs {
		qs, err := readQuestions(filepath.Join(conv, "qrels.jsonl"))
		if err != nil {
			return nil, err
		}
		root := filepath.Join(scratch, filepath.Base(conv))
		if err := copyTree(filepath.Join(conv, "memory"), filepath.Join(root, "memory")); err != nil {
			return nil, err
		}
		for _, f := range files {
			data, err := os.ReadFile(filepath.Join(conv, f))
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, err
			}
			if err := os.WriteFile(filepath.Join(root, f), data, 0o644); err != nil {
				return nil, err
			}
		}
		ws, err := memory.Open(root)
		if err != nil {
			return nil, err
		}
		eng, err := rag.Open(ctx, ws, opt)
		if err != nil {
			return nil, err
		}
		start := time.Now()
		st, err := eng.Index(ctx, nil)
		if err != nil {
			eng.Close()
			return nil, err
		}
		run.IndexTime += time.Since(start)
		run.IndexedChunk += st.Chunks
		for _, q := range qs {
			t := time.Now()
			resp, err := eng.Search(ctx, rag.Query{Text: q.Question, TopK: k})
			run.QueryTimes = append(run.QueryTimes, time.Since(t))
			if err != nil {
				eng.Close()
				return nil, fmt.Errorf("%s: %w", q.QID, err)
			}
			locs := make([]Loc, len(resp.Results))
			for i, r := range resp.Results {
				locs[i] = Loc{Path: r.Path, LineStart: r.LineStart, LineEnd: r.LineEnd}
			}
			run.Results[q.QID] = locs
			run.Full[q.QID] = resp.Results
		}
		run.Questions = append(run.Questions, qs...)
		run.Workspaces++
		if err := eng.Close(); err != nil {
			return nil, err
		}
	}
	return run, nil
}

func readQuestions(path string) ([]Question, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var qs []Question
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var q Question
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		qs = append(qs, q)
	}
	return qs, sc.Err()
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
}
