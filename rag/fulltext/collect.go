package fulltext

import (
	"cmp"
	"container/heap"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// matchPools recycles the document matches of searches (bleve's own
// search allocates a pool of them for every request, the largest
// allocation of a query, and loads every hit's stored fields, which
// archon never asks for). Its zero value is ready to use.
type matchPools struct{ p sync.Pool }

func (mp *matchPools) get() *search.DocumentMatchPool {
	if p, ok := mp.p.Get().(*search.DocumentMatchPool); ok {
		return p
	}
	return search.NewDocumentMatchPool(64, 0)
}

// collect runs q on a snapshot of idx and returns its best size hits and
// every other hit tied with the last of them (a cut inside a tie group
// would depend on the order the segments return documents in), best
// first, and how many documents its searcher returned. It does what
// bleve's SearchInContext does for a plain scored query (BM25, no sort,
// fields, facets or highlights), without the per-request allocations.
func collect(ctx context.Context, mp *matchPools, idx bleve.Index, q query.Query, size int) ([]Hit, int, error) {
	ai, err := idx.Advanced()
	if err != nil {
		return nil, 0, err
	}
	r, err := ai.Reader()
	if err != nil {
		return nil, 0, fmt.Errorf("index reader: %w", err)
	}
	defer r.Close()
	ctx = context.WithValue(ctx, search.GetScoringModelCallbackKey,
		search.GetScoringModelCallbackFn(func() string { return index.BM25Scoring }))
	s, err := q.Searcher(ctx, r, idx.Mapping(), search.SearcherOptions{})
	if err != nil {
		return nil, 0, err
	}
	defer s.Close()
	pool := mp.get()
	sc := &search.SearchContext{DocumentMatchPool: pool}
	best := make(matchHeap, 0, size+1)
	var ties []*search.DocumentMatch // scored as best's worst, outside it
	defer func() {
		for _, m := range slices.Concat(best, ties) {
			pool.Put(m)
		}
		mp.p.Put(pool)
	}()
	total := 0
	var m *search.DocumentMatch
	for m, err = s.Next(sc); m != nil && err == nil; m, err = s.Next(sc) {
		m.HitNumber = uint64(total)
		if total++; total%1024 == 0 {
			if err = ctx.Err(); err != nil {
				break
			}
		}
		switch {
		case len(best) < size:
			heap.Push(&best, m)
		case m.Score < best[0].Score:
			pool.Put(m)
		case m.Score == best[0].Score:
			ties = append(ties, m)
		default:
			heap.Push(&best, m)
			out := heap.Pop(&best).(*search.DocumentMatch)
			if out.Score == best[0].Score {
				ties = append(ties, out)
				break
			}
			for _, t := range append(ties, out) { // below the cut now
				pool.Put(t)
			}
			ties = ties[:0]
		}
	}
	if err != nil {
		return nil, 0, err
	}
	all := slices.Concat(best, ties)
	slices.SortFunc(all, func(a, b *search.DocumentMatch) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.HitNumber, b.HitNumber)
	})
	hits := make([]Hit, len(all))
	for i, m := range all {
		id, err := r.ExternalID(m.IndexInternalID)
		if err != nil {
			return nil, 0, err
		}
		hits[i] = Hit{ID: id, Score: m.Score}
	}
	return hits, total, nil
}

// matchHeap is a min-heap of matches by score (the worst at the root).
type matchHeap []*search.DocumentMatch

func (h matchHeap) Len() int { return len(h) }
func (h matchHeap) Less(i, j int) bool {
	if h[i].Score != h[j].Score {
		return h[i].Score < h[j].Score
	}
	return h[i].HitNumber > h[j].HitNumber // the later seen is worse
}
func (h matchHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *matchHeap) Push(x any)   { *h = append(*h, x.(*search.DocumentMatch)) }
func (h *matchHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
