package fulltext

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/archon-memory/archon/bench/gen"
)

func genDocs(n int) []Doc {
	g := gen.New(gen.Options{Seed: 1})
	docs := make([]Doc, n)
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range docs {
		agent, tags, text := g.Entry()
		docs[i] = Doc{ID: fmt.Sprintf("c%07d", i), Text: text, Agent: agent, Tags: tags, Layer: "L2",
			Date: day.AddDate(0, 0, i*365/n).Format(time.DateOnly)}
	}
	return docs
}

// BenchmarkBuild100K measures a full offline build of 100,000 entries.
func BenchmarkBuild100K(b *testing.B) {
	docs := genDocs(100_000)
	for b.Loop() {
		dir := filepath.Join(b.TempDir(), "ft")
		start := time.Now()
		if err := Build(context.Background(), dir, docs, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(docs))/time.Since(start).Seconds(), "docs/s")
	}
}

// BenchmarkBatch100K measures indexing 100,000 entries in batches of 5,000.
func BenchmarkBatch100K(b *testing.B) {
	docs := genDocs(100_000)
	for b.Loop() {
		ix, err := Open(filepath.Join(b.TempDir(), "ft"))
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		for i := 0; i < len(docs); i += 5000 {
			if err := ix.Apply(context.Background(), docs[i:min(i+5000, len(docs))], nil, nil, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(docs))/time.Since(start).Seconds(), "docs/s")
		ix.Close()
	}
}

// BenchmarkQuery100K measures a top-100 OR query on 100,000 entries.
func BenchmarkQuery100K(b *testing.B) {
	docs := genDocs(100_000)
	dir := filepath.Join(b.TempDir(), "ft")
	if err := Build(context.Background(), dir, docs, nil); err != nil {
		b.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	g := gen.New(gen.Options{Seed: 2})
	var lat []time.Duration
	for b.Loop() {
		q := g.Sentence(8)
		start := time.Now()
		if _, err := ix.Search(context.Background(), ix.QueryTerms(q), Filter{}, 100); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
