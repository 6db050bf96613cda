package vector

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// Heavy measurements live here, behind -bench; run them with a modest
// -benchtime, e.g.:
//
//	go test -run XXX -bench . -benchtime 300x ./rag/vector/

// benchIndex builds an index of n clustered vectors with the given options
// and returns it with 256 queries from the same distribution.
func benchIndex(b *testing.B, n, dims int, opts Options) (*Index, [][]float32) {
	b.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	data := clusteredVecs(rng, n+256, dims, max(1, n/10), 1.5)
	return buildIndex(b, data[:n], opts), data[n:]
}

func buildIndex(b *testing.B, docs [][]float32, opts Options) *Index {
	b.Helper()
	ix, err := New(len(docs[0]), opts)
	if err != nil {
		b.Fatal(err)
	}
	if err := ix.Add(context.Background(), makeIDs(len(docs)), docs); err != nil {
		b.Fatal(err)
	}
	return ix
}

// searchLatency runs b.N searches and reports p50 and p99 in ms.
func searchLatency(b *testing.B, ix *Index, qs [][]float32, k int) {
	b.Helper()
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := time.Now()
		if _, err := ix.Search(ctx, qs[i%len(qs)], k, nil); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(st))
	}
	b.StopTimer()
	reportLatency(b, lat)
}

func reportLatency(b *testing.B, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkSearch is top-10 latency at 10K and 100K x 256 on clustered data,
// chromem-go direct against the prefilter.
func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		for _, m := range modes {
			b.Run(fmt.Sprintf("%dK/%s", n/1000, m.name), func(b *testing.B) {
				ix, qs := benchIndex(b, n, 256, m.opts)
				searchLatency(b, ix, qs, 10)
			})
		}
	}
}

// BenchmarkSearchFiltered is top-10 latency at 100K with filters that
// allow one vector in ten and one in a hundred (as a project or date filter
// might), with the recall of the filtered result against brute force.
func BenchmarkSearchFiltered(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 100000
	data := clusteredVecs(rng, n+256, 256, n/10, 1.5)
	docs, qs, ids := data[:n], data[n:], makeIDs(n)
	units := make([][]float32, n)
	for i, v := range docs {
		units[i], _ = normalized(v)
	}
	ix := buildIndex(b, docs, Options{})
	for _, f := range []struct {
		name  string
		allow func(string) bool
	}{
		{"1in10", func(id string) bool { return id[len(id)-1] == '7' }},
		{"1in100", func(id string) bool { return strings.HasSuffix(id, "42") }},
	} {
		b.Run(f.name, func(b *testing.B) {
			ctx := context.Background()
			lat := make([]time.Duration, 0, b.N)
			var sum float64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				q := qs[i%len(qs)]
				st := time.Now()
				got, err := ix.Search(ctx, q, 10, f.allow)
				lat = append(lat, time.Since(st))
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				sum += recall(got, exactTopUnits(ids, units, q, 10, f.allow))
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(sum/float64(b.N), "recall@10")
			reportLatency(b, lat)
		})
	}
}

// BenchmarkCrossover compares chromem-go with the prefilter on small
// collections, to place DefaultExactBelow.
func BenchmarkCrossover(b *testing.B) {
	for _, n := range []int{100, 250, 500, 1000, 2000, 8000} {
		for _, m := range modes {
			b.Run(fmt.Sprintf("%d/%s", n, m.name), func(b *testing.B) {
				ix, qs := benchIndex(b, n, 256, m.opts)
				searchLatency(b, ix, qs, 10)
			})
		}
	}
}

// BenchmarkRecall reports recall@10 of the prefilter against brute force and
// its latency, at 100K x 256, per dataset and candidate count.
func BenchmarkRecall(b *testing.B) {
	const n, nq = 100000, 200
	for _, d := range datasets(b, n, nq, 256) {
		ids := makeIDs(n)
		units := make([][]float32, n)
		for i, v := range d.docs {
			units[i], _ = normalized(v)
		}
		want := make([][]Hit, nq)
		for i, q := range d.query {
			want[i] = exactTopUnits(ids, units, q, 10, nil)
		}
		for _, m := range []int{256, 512, 1024} {
			b.Run(fmt.Sprintf("%s/M=%d", d.name, m), func(b *testing.B) {
				ix := buildIndex(b, d.docs, Options{Candidates: m, ExactBelow: -1})
				ctx := context.Background()
				var sum float64
				lat := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					qi := i % nq
					st := time.Now()
					got, err := ix.Search(ctx, d.query[qi], 10, nil)
					lat = append(lat, time.Since(st))
					if err != nil {
						b.Fatal(err)
					}
					sum += recall(got, want[qi])
				}
				b.StopTimer()
				b.ReportMetric(sum/float64(b.N), "recall@10")
				reportLatency(b, lat)
			})
		}
	}
}

// BenchmarkAdd reports insert throughput into an index that grows to 100K.
func BenchmarkAdd(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 100000
	docs, ids := randomVecs(rng, n, 256), makeIDs(n)
	for _, batch := range []int{1, 1000} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			ctx := context.Background()
			added := 0
			for i := 0; i < b.N; i++ {
				ix, _ := New(256, Options{})
				for lo := 0; lo < n; lo += batch {
					if err := ix.Add(ctx, ids[lo:lo+batch], docs[lo:lo+batch]); err != nil {
						b.Fatal(err)
					}
				}
				added += n
			}
			b.ReportMetric(float64(added)/b.Elapsed().Seconds(), "vectors/s")
		})
	}
}

// BenchmarkMemory reports heap bytes per vector of a 100K x 256 index
// (float vectors shared with chromem-go, signatures, ids, maps).
func BenchmarkMemory(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 100000
	docs, ids := randomVecs(rng, n, 256), makeIDs(n)
	var perVec float64
	for i := 0; i < b.N; i++ {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ix, _ := New(256, Options{})
		if err := ix.Add(context.Background(), ids, docs); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		perVec = float64(after.HeapAlloc-before.HeapAlloc) / n
		runtime.KeepAlive(ix)
	}
	b.ReportMetric(perVec, "bytes/vector")
	b.ReportMetric(perVec*n/1e6, "MB/100K")
}
