package rag

import (
	"context"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/bench/gen"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/embed"
)

// BenchmarkSearch100K measures in-process hybrid top-10 queries on a
// generated 100,000-entry workspace. Set ARCHON_PERF_ROOT to reuse one.
func BenchmarkSearch100K(b *testing.B) {
	benchSearch(b, os.Getenv("ARCHON_PERF_ROOT"), 100_000)
}

// BenchmarkSearch6K measures the same on a LoCoMo-sized workspace (6,000
// entries), the size of archon serve's load test.
func BenchmarkSearch6K(b *testing.B) { benchSearch(b, "", 6000) }

func benchSearch(b *testing.B, root string, entries int) {
	ctx := context.Background()
	if root == "" {
		root = b.TempDir()
		if _, _, err := gen.WriteWorkspace(ctx, root, gen.Options{Entries: entries, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
	ws, err := memory.Open(root)
	if err != nil {
		b.Fatal(err)
	}
	builtin, err := embed.NewBuiltin(0)
	if err != nil {
		b.Fatal(err)
	}
	e, err := Open(ctx, ws, Options{Resident: os.Getenv("ARCHON_PERF_COLD") == "", Embedder: builtin})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Index(ctx, nil); err != nil {
		b.Fatal(err)
	}
	g := gen.New(gen.Options{Seed: 99})
	var lat []time.Duration
	for b.Loop() {
		q := strings.TrimSuffix(g.Sentence(3+len(lat)%8), ".")
		t := time.Now()
		if _, err := e.Search(ctx, Query{Text: q, TopK: 10}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
