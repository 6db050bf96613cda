package fulltext

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"
)

// TestTopQueryIsTheDisjunction: on an index of several segments, with
// words of very different frequencies, repeated documents (equal scores)
// and weighted terms, topQuery's best k are bleve's disjunction's best k,
// with the same scores, for entries and sessions alike, and under a filter
// its best k are those of bleve's disjunction under the same filter.
func TestTopQueryIsTheDisjunction(t *testing.T) {
	ctx := context.Background()
	ix, err := Open(filepath.Join(t.TempDir(), "ft"))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string { // Zipf-like: w0 in most documents, w400 in few
		return fmt.Sprintf("w%d", int(math.Exp(rng.Float64()*6))-1)
	}
	var texts []string
	for batch := range 4 { // a batch is a segment
		var docs []Doc
		var sessions []Session
		for i := range 500 {
			n := 1 + rng.IntN(30)
			text := ""
			if i%50 == 7 && len(texts) > 0 { // a repeat: ties
				text = texts[rng.IntN(len(texts))]
			} else {
				for range n {
					text += word() + " "
				}
			}
			texts = append(texts, text)
			id := fmt.Sprintf("d%d-%03d", batch, i)
			docs = append(docs, Doc{ID: id, Text: text, Layer: "L2",
				Agent: fmt.Sprintf("a%d", rng.IntN(3)), Date: fmt.Sprintf("2026-11-%02d", 1+rng.IntN(30))})
			if i%10 == 0 {
				sessions = append(sessions, Session{ID: "s" + id, Text: text + texts[rng.IntN(len(texts))]})
			}
		}
		if err := ix.Apply(ctx, docs, nil, sessions, nil); err != nil {
			t.Fatal(err)
		}
	}
	var visited, filtered [2]uint64 // documents scored: by topQuery, by the disjunction
	for q := range 300 {
		var terms []Term
		for range 1 + rng.IntN(12) {
			w := 1.0
			if rng.IntN(3) == 0 {
				w = 0.2 + 3*rng.Float64()
			}
			terms = append(terms, Term{Text: word(), Weight: w})
		}
		if q%7 == 0 {
			terms = append(terms, Term{Text: "absentword", Weight: 1})
		}
		k := []int{1, 5, 20, 70, 400}[q%5]
		for _, idx := range []bleve.Index{ix.entries, ix.sessions} {
			st := ix.entryStats.Load()
			if idx == ix.sessions {
				st = ix.sessionStats.Load()
			}
			got, seen := hitsOf(t, idx, &topQuery{terms: termQueries(terms), k: k}, k, withStats(ctx, st))
			want, all := hitsOf(t, idx, anyTerm(termQueries(terms)), k, withStats(ctx, st))
			visited[0] += seen
			visited[1] += all
			// collect, which searches do, finds what bleve's search does.
			mine, n, err := collect(withStats(ctx, st), &ix.matches, idx, &topQuery{terms: termQueries(terms), k: k}, k)
			if err != nil || uint64(n) != seen {
				t.Fatalf("collect: %d documents, bleve %d: %v", n, seen, err)
			}
			sameBest(t, byScoreAndID(mine), slices.Clone(want), k, fmt.Sprintf("collect, query %d (%v, k %d)", q, terms, k))
			sameBest(t, got, want, k, fmt.Sprintf("query %d (%v, k %d)", q, terms, k))
		}
		// Under a filter: a range of days, an agent, or both.
		var f Filter
		if q%3 != 1 {
			from := 1 + rng.IntN(30)
			f.Since, f.Until = fmt.Sprintf("2026-11-%02d", from), fmt.Sprintf("2026-11-%02d", min(30, from+rng.IntN(10)))
		}
		if q%3 != 0 {
			f.Agents = []string{fmt.Sprintf("a%d", rng.IntN(4))} // a3: nobody
		}
		fq := filterQuery(f)
		bq := query.NewBooleanQuery([]query.Query{anyTerm(termQueries(terms))}, nil, nil)
		bq.AddFilter(fq)
		ctx := withStats(ctx, ix.entryStats.Load())
		got, seen := hitsOf(t, ix.entries, &topQuery{terms: termQueries(terms), filter: fq, k: k}, k, ctx)
		want, all := hitsOf(t, ix.entries, bq, k, ctx)
		filtered[0] += seen
		filtered[1] += all
		mine, n, err := collect(ctx, &ix.matches, ix.entries, &topQuery{terms: termQueries(terms), filter: fq, k: k}, k)
		if err != nil || uint64(n) != seen {
			t.Fatalf("collect under a filter: %d documents, bleve %d: %v", n, seen, err)
		}
		sameBest(t, byScoreAndID(mine), slices.Clone(want), k, fmt.Sprintf("collect, query %d (%v, k %d, filter %+v)", q, terms, k, f))
		sameBest(t, got, want, k, fmt.Sprintf("query %d (%v, k %d, filter %+v)", q, terms, k, f))
	}
	t.Logf("under a filter, documents scored: %d, the disjunction %d", filtered[0], filtered[1])
	// What it is for: it skips most of the documents.
	t.Logf("documents scored: %d, the disjunction %d", visited[0], visited[1])
	if visited[0]*2 > visited[1] {
		t.Errorf("topQuery scored %d documents, the disjunction %d: it should skip most", visited[0], visited[1])
	}
}

// sameBest fails unless got and want are the same hits with the same
// scores. The hits tied with want's kth (to rounding) are not a stable
// choice: those above it are compared.
func sameBest(t *testing.T, got, want []Hit, k int, what string) {
	t.Helper()
	if len(want) == k {
		last := want[k-1].Score * (1 + 1e-12)
		above := func(hs []Hit) []Hit { return slices.DeleteFunc(hs, func(h Hit) bool { return h.Score <= last }) }
		got, want = above(got), above(want)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d hits, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i].ID != want[i].ID || math.Abs(got[i].Score-want[i].Score) > 1e-12*want[i].Score {
			t.Fatalf("%s: hit %d is %v, want %v", what, i, got[i], want[i])
		}
	}
}

// hitsOf runs q for its best k, equal scores (to rounding) in id order,
// and returns the number of documents scored.
func hitsOf(t *testing.T, idx bleve.Index, q query.Query, k int, ctx context.Context) ([]Hit, uint64) {
	t.Helper()
	res, err := idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, k, 0, false))
	if err != nil {
		t.Fatal(err)
	}
	var hits []Hit
	for _, h := range res.Hits {
		hits = append(hits, Hit{ID: h.ID, Score: h.Score})
	}
	return byScoreAndID(hits), res.Total
}

// byScoreAndID sorts hits best first, equal scores (to rounding) in id
// order.
func byScoreAndID(hits []Hit) []Hit {
	slices.SortStableFunc(hits, func(a, b Hit) int {
		if math.Abs(a.Score-b.Score) > 1e-12*b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		if a.ID < b.ID {
			return -1
		}
		return 1
	})
	return hits
}

// anyTerm is bleve's disjunction of queries.
func anyTerm(qs []*query.TermQuery) query.Query {
	ds := make([]query.Query, len(qs))
	for i, q := range qs {
		ds[i] = q
	}
	return query.NewDisjunctionQuery(ds)
}

// TestLargeTieGroup: when more documents than asked for score alike (80
// entries holding one word the same way), the hits are the first by id,
// the same whatever the segments, and never none.
func TestLargeTieGroup(t *testing.T) {
	ctx := context.Background()
	for _, batches := range []int{1, 4} {
		ix, err := Open(filepath.Join(t.TempDir(), "ft"))
		if err != nil {
			t.Fatal(err)
		}
		for b := range batches {
			var docs []Doc
			for i := b; i < 80; i += batches {
				docs = append(docs, Doc{ID: fmt.Sprintf("e%03d", i), Text: "the writer said something", Layer: "L2"})
			}
			if err := ix.Apply(ctx, docs, nil, nil, nil); err != nil {
				t.Fatal(err)
			}
		}
		for _, n := range []int{1, 10, 50, 79, 80, 200} {
			hits, err := ix.Search(ctx, ix.QueryTerms("writer"), Filter{}, n)
			if err != nil || len(hits) != min(n, 80) {
				t.Fatalf("%d segments, %d asked: %d hits, %v", batches, n, len(hits), err)
			}
			for i, h := range hits {
				if h.ID != fmt.Sprintf("e%03d", i) {
					t.Fatalf("%d segments, %d asked: hit %d is %s", batches, n, i, h.ID)
				}
			}
		}
		ix.Close()
	}
}
