package vector

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	chromem "github.com/philippgille/chromem-go"
)

// errNoEmbedding is what the collection's embedding function returns: every
// document and query arrives with its vector, so chromem-go must never embed
// anything itself (without a function it would silently call OpenAI).
var errNoEmbedding = errors.New("vector: chromem-go asked to embed text; archon passes precomputed vectors only")

func refuseEmbedding(context.Context, string) ([]float32, error) { return nil, errNoEmbedding }

// newCollection returns an in-memory chromem-go collection whose embedding
// function always fails.
func newCollection() (*chromem.Collection, error) {
	col, err := chromem.NewDB().CreateCollection("archon", nil, refuseEmbedding)
	if err != nil {
		return nil, fmt.Errorf("vector: chromem-go collection: %w", err)
	}
	return col, nil
}

// collection returns the chromem-go collection holding every vector,
// building it on first use after a change. It is used for small
// collections only, so building costs little. The caller holds the read
// lock; changes reset ix.col under the write lock.
//
// Each document gets its own copy of its vector: the index moves vectors
// between slots on delete, and chromem-go keeps the slices it is given.
// AddDocument is called in a loop instead of AddDocuments because the
// latter starts one goroutine per document.
func (ix *Index) collection(ctx context.Context) (*chromem.Collection, error) {
	ix.colMu.Lock()
	defer ix.colMu.Unlock()
	if ix.col != nil {
		return ix.col, nil
	}
	col, err := newCollection()
	if err != nil {
		return nil, err
	}
	for i, id := range ix.ids {
		v := append([]float32(nil), ix.vec(int32(i))...)
		if err := col.AddDocument(ctx, chromem.Document{ID: id, Embedding: v}); err != nil {
			return nil, fmt.Errorf("chromem-go add %q: %w", id, err)
		}
	}
	ix.col = col
	return col, nil
}

// queryCollection asks chromem-go for the k nearest of its n documents. With
// allow it asks for more results until k allowed ones are found or the
// collection is exhausted, since chromem-go filters by metadata only.
func queryCollection(ctx context.Context, col *chromem.Collection, q []float32, k, n int, allow func(string) bool) ([]Hit, error) {
	want := min(k, n)
	if allow != nil {
		want = min(max(4*k, 64), n)
	}
	for {
		res, err := col.QueryEmbedding(ctx, q, want, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("chromem-go query: %w", err)
		}
		hits := make([]Hit, 0, min(k, len(res)))
		for _, r := range res {
			if allow == nil || allow(r.ID) {
				hits = append(hits, Hit{ID: r.ID, Score: r.Similarity})
			}
		}
		if len(hits) >= k || want >= n {
			sortHits(hits)
			if len(hits) > k {
				hits = hits[:k]
			}
			return hits, nil
		}
		want = min(want*4, n)
	}
}

// sortHits orders hits best first, ties by id.
func sortHits(hits []Hit) {
	slices.SortFunc(hits, func(a, b Hit) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
}
