package rag

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/archon-memory/archon/bench/gen"
)

// TestIdenticalAcrossBuilds: the same files give the same results, in the
// same order, from one fresh index build to the next, and after an
// incremental index that changed nothing. Ties in score are ordered by a
// stable key at every cut, the full-text seeds included, and BM25's
// statistics do not depend on how the index is split into segments.
func TestIdenticalAcrossBuilds(t *testing.T) {
	ws := vectorWorkspace(t, 3000)
	g := gen.New(gen.Options{Seed: 9})
	queries := []string{"postgres", "deploy", "the", "error", "meeting notes"}
	for range 60 {
		queries = append(queries, g.Sentence(3))
	}
	answers := func() []string {
		e := openVectors(t, ws, true)
		defer e.Close()
		var out []string
		for _, q := range queries {
			var b strings.Builder
			for _, r := range search(t, e, Query{Text: q, TopK: 10}) {
				fmt.Fprintf(&b, "%s %.6f\n", r.ID, r.Score)
			}
			out = append(out, b.String())
		}
		return out
	}
	first := answers()
	for build := 1; build <= 3; build++ {
		if err := os.RemoveAll(IndexDir(ws)); err != nil {
			t.Fatal(err)
		}
		again := answers()
		for i, q := range queries {
			if again[i] != first[i] {
				t.Fatalf("build %d, query %q:\nfirst:\n%s\nnow:\n%s", build, q, first[i], again[i])
			}
		}
	}
	// Built in two runs (two segments, as a service that indexed while
	// the logs were written has), then in one.
	if err := os.RemoveAll(IndexDir(ws)); err != nil {
		t.Fatal(err)
	}
	logs, err := ws.ListLogs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	aside := t.TempDir()
	moved := logs[len(logs)/2:]
	for _, l := range moved {
		p, _ := ws.Path(l.Path)
		if err := os.Rename(p, aside+"/"+l.Date); err != nil {
			t.Fatal(err)
		}
	}
	openVectors(t, ws, true).Close()
	for _, l := range moved {
		p, _ := ws.Path(l.Path)
		if err := os.Rename(aside+"/"+l.Date, p); err != nil {
			t.Fatal(err)
		}
	}
	again := answers()
	for i, q := range queries {
		if again[i] != first[i] {
			t.Fatalf("built in two runs, query %q:\nfresh:\n%s\ntwo runs:\n%s", q, first[i], again[i])
		}
	}
}
