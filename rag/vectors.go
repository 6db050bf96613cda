package rag

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/embed"
	"github.com/archon-memory/archon/rag/vector"
)

// Meta keys for vectors.
const (
	// metaEmbedder records the embedder (provider/model/dimensions) the
	// cached vectors belong to; a change triggers a clean re-embed.
	metaEmbedder = "embedder"
	// metaVectorsMissing is "1" when some chunks could not be embedded
	// (provider unreachable); the next Index tries them again.
	metaVectorsMissing = "vectors_missing"
)

// embedBatch is how many texts go to the embedder at once.
const embedBatch = 256

// queryEmbedTimeout bounds embedding a query, so that an unreachable
// provider costs a search little before it falls back to BM25.
const queryEmbedTimeout = 2 * time.Second

// vectors is the engine's in-memory vector index, loaded from the database
// on first use.
type vectors struct {
	mu     sync.Mutex
	loaded bool
	ix     *vector.Index
}

// embedText is what the embedder sees of a chunk.
func embedText(c *chunk.Chunk) string {
	if c.Title != "" {
		return c.Title + "\n" + c.Text
	}
	return c.Text
}

// embedderID returns the embedder's id, learning a remote model's
// dimensions first when they are not configured.
func (e *Engine) embedderID(ctx context.Context) (string, error) {
	if e.emb.Dimensions() == 0 {
		if _, err := embed.Discover(ctx, e.emb); err != nil {
			return "", err
		}
	}
	return e.emb.ID(), nil
}

// updateVectors embeds the chunks that need it (cached vectors are reused by
// content hash), stores the vectors and updates the in-memory index. A
// failing embedder never fails indexing: the chunks stay searchable by BM25,
// a warning is returned, and the next call tries again.
func (e *Engine) updateVectors(ctx context.Context, changed []chunk.Chunk, deleted []string) (int, []string, error) {
	if e.emb == nil {
		return 0, nil, nil
	}
	id, err := e.embedderID(ctx)
	if err != nil {
		_ = e.st.SetMeta(ctx, metaVectorsMissing, "1")
		return 0, []string{fmt.Sprintf("embedding provider unavailable, search falls back to BM25 for new entries: %v", err)}, nil
	}
	prev, err := e.st.Meta(ctx, metaEmbedder)
	if err != nil {
		return 0, nil, err
	}
	missing, err := e.st.Meta(ctx, metaVectorsMissing)
	if err != nil {
		return 0, nil, err
	}
	if prev != id || missing == "1" {
		// A new embedder, or earlier failures: embed every chunk that has no
		// vector of this embedder (the cache keeps the ones that do).
		if prev != id {
			if err := e.st.DropVectors(ctx, id); err != nil {
				return 0, nil, err
			}
			if err := e.st.SetMeta(ctx, metaEmbedder, id); err != nil {
				return 0, nil, err
			}
		}
		changed = changed[:0]
		if err := e.st.EachUnembedded(ctx, id, func(c chunk.Chunk) error {
			changed = append(changed, c)
			return nil
		}); err != nil {
			return 0, nil, err
		}
		e.vec.mu.Lock()
		e.vec.loaded, e.vec.ix = false, nil // reload from the database
		e.vec.mu.Unlock()
		deleted = nil
	}
	hashes := make([]string, 0, len(changed))
	for i := range changed {
		hashes = append(hashes, changed[i].Hash)
	}
	cached, err := e.st.Vectors(ctx, id, hashes)
	if err != nil {
		return 0, nil, err
	}
	var todo []*chunk.Chunk
	seen := map[string]bool{}
	for i := range changed {
		if _, ok := cached[changed[i].Hash]; !ok && !seen[changed[i].Hash] {
			seen[changed[i].Hash] = true
			todo = append(todo, &changed[i])
		}
	}
	embedded := 0
	var warn []string
	for start := 0; start < len(todo); start += embedBatch {
		batch := todo[start:min(start+embedBatch, len(todo))]
		texts := make([]string, len(batch))
		for i, c := range batch {
			texts[i] = embedText(c)
		}
		vecs, err := e.emb.Embed(ctx, texts)
		if err != nil {
			_ = e.st.SetMeta(ctx, metaVectorsMissing, "1")
			warn = append(warn, fmt.Sprintf("embedding failed after %d of %d chunks, search falls back to BM25 for the rest until the next index: %v", embedded, len(todo), err))
			break
		}
		put := make(map[string][]float32, len(batch))
		for i, c := range batch {
			put[c.Hash] = vecs[i]
			cached[c.Hash] = vecs[i]
		}
		if err := e.st.PutVectors(ctx, id, put); err != nil {
			return embedded, warn, err
		}
		embedded += len(batch)
	}
	if len(warn) == 0 && missing == "1" {
		if err := e.st.SetMeta(ctx, metaVectorsMissing, "0"); err != nil {
			return embedded, warn, err
		}
	}
	// Keep a loaded index in step.
	e.vec.mu.Lock()
	defer e.vec.mu.Unlock()
	if e.vec.loaded {
		var ids []string
		var vecs [][]float32
		for i := range changed {
			if v, ok := cached[changed[i].Hash]; ok {
				ids = append(ids, changed[i].ID)
				vecs = append(vecs, v)
			}
		}
		if err := e.vec.ix.Delete(ctx, deleted...); err != nil {
			return embedded, warn, err
		}
		if len(ids) > 0 {
			if err := e.vec.ix.Add(ctx, ids, vecs); err != nil {
				return embedded, warn, err
			}
		}
	}
	return embedded, warn, nil
}

// vectorIndex returns the in-memory vector index, loading it on first use.
func (e *Engine) vectorIndex(ctx context.Context, id string) (*vector.Index, error) {
	e.vec.mu.Lock()
	defer e.vec.mu.Unlock()
	if e.vec.loaded {
		return e.vec.ix, nil
	}
	ix, err := vector.New(e.emb.Dimensions(), vector.Options{})
	if err != nil {
		return nil, err
	}
	var ids []string
	var vecs [][]float32
	flush := func() error {
		err := ix.Add(ctx, ids, vecs)
		ids, vecs = ids[:0], vecs[:0]
		return err
	}
	err = e.st.EachVector(ctx, id, func(cid string, v []float32) error {
		ids = append(ids, cid)
		vecs = append(vecs, v)
		if len(ids) == 4096 {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return nil, fmt.Errorf("load vectors: %w", err)
	}
	e.vec.ix, e.vec.loaded = ix, true
	return ix, nil
}

// vectorCandidates embeds the query and returns its vector and nearest
// chunks. On any failure it returns nothing and a warning: search then runs
// on BM25 alone.
func (e *Engine) vectorCandidates(ctx context.Context, q *Query, p RankParams) (*queryVector, []string, []string) {
	if e.emb == nil || p.Vector == 0 {
		return nil, nil, nil
	}
	ectx, cancel := context.WithTimeout(ctx, queryEmbedTimeout)
	defer cancel()
	id, err := e.embedderID(ectx)
	var qv [][]float32
	if err == nil {
		qv, err = e.emb.Embed(ectx, []string{q.Text})
	}
	if err != nil {
		return nil, nil, []string{fmt.Sprintf("embedding provider unavailable, BM25 only: %v", err)}
	}
	ix, err := e.vectorIndex(ctx, id)
	if err != nil {
		return nil, nil, []string{fmt.Sprintf("vector index unavailable, BM25 only: %v", err)}
	}
	if ix.Len() == 0 {
		return nil, nil, nil
	}
	hits, err := ix.Search(ctx, qv[0], p.VectorCandidates, nil)
	if err != nil {
		return nil, nil, []string{fmt.Sprintf("vector search failed, BM25 only: %v", err)}
	}
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return &queryVector{vec: qv[0], ix: ix}, ids, nil
}

// queryVector is an embedded query and the index to score it against.
type queryVector struct {
	vec []float32
	ix  *vector.Index
}
