package rag

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/vector"
)

// rebuildVectors writes a new snapshot of every chunk's vector: from all
// (when it holds every chunk; it is cleared on the way) or from the
// database. Vectors come from the cache or, when embedOK, from the
// embedder. The caller holds e.vec.mu with nothing loaded.
func (e *Engine) rebuildVectors(ctx context.Context, id string, all []chunk.Chunk, embedOK bool) (int, []string, error) {
	files := e.vectorFiles()
	gen := newGeneration()
	sw, err := vector.NewSnapshotWriter(files.Snapshot, e.emb.Dimensions(), files.Opts, vector.SnapshotInfo{Tag: id, Gen: gen})
	if err != nil {
		return 0, nil, err
	}
	if !cachesVectors(id) {
		// Vectors an older archon cached for this embedder.
		if err := e.st.DropVectors(ctx, ""); err != nil {
			sw.Abort()
			return 0, nil, err
		}
	}
	embedded, lacking := 0, false
	var warn []string
	batch := make([]chunk.Chunk, 0, buildBatch)
	flush := func() error {
		vecs, n, w, err := e.chunkVectors(ctx, id, batch, embedOK && warn == nil)
		if err != nil {
			return err
		}
		embedded, warn = embedded+n, append(warn, w...)
		ids := make([]string, 0, len(batch))
		got := vecs[:0]
		for i, v := range vecs {
			if v == nil {
				lacking = true
				continue
			}
			ids, got = append(ids, batch[i].ID), append(got, v)
		}
		batch = batch[:0]
		return sw.Add(ids, got)
	}
	add := func(c chunk.Chunk) error {
		batch = append(batch, c)
		if len(batch) == buildBatch {
			return flush()
		}
		return nil
	}
	if all != nil {
		for i := range all {
			err = add(all[i])
			all[i] = chunk.Chunk{} // its text can go as soon as it is embedded
			if err != nil {
				break
			}
		}
	} else {
		err = e.st.EachChunk(ctx, true, add)
	}
	if err == nil {
		err = flush()
	}
	if err == nil {
		err = sw.Commit()
	} else {
		sw.Abort()
	}
	if err != nil {
		return embedded, warn, fmt.Errorf("vector snapshot: %w", err)
	}
	os.Remove(files.Delta)
	return embedded, warn, e.setVectorsState(ctx, gen, lacking)
}

// chunkVectors returns the vector of each chunk (nil where there is none):
// from the cache when the embedder's vectors are cached, else (when embedOK)
// from the embedder, caching the new ones. An embedder failure is a warning.
func (e *Engine) chunkVectors(ctx context.Context, id string, cs []chunk.Chunk, embedOK bool) ([][]float32, int, []string, error) {
	out := make([][]float32, len(cs))
	caching := cachesVectors(id)
	var cached map[string][]float32
	if caching {
		hashes := make([]string, len(cs))
		for i := range cs {
			hashes[i] = cs[i].Hash
		}
		var err error
		if cached, err = e.st.Vectors(ctx, id, hashes); err != nil {
			return nil, 0, nil, err
		}
	}
	var texts []string
	first := map[string]int{} // hash -> index in texts
	for i := range cs {
		if v, ok := cached[cs[i].Hash]; ok {
			out[i] = v
		} else if _, ok := first[cs[i].Hash]; !ok {
			first[cs[i].Hash] = len(texts)
			texts = append(texts, embedText(&cs[i]))
		}
	}
	if len(texts) == 0 || !embedOK {
		return out, 0, nil, nil
	}
	vecs, err := e.embedAll(ctx, texts)
	if err != nil {
		return out, 0, []string{fmt.Sprintf("embedding failed for %d chunks, search falls back to BM25 for them until the next index: %v", len(texts), err)}, nil
	}
	for i := range cs {
		if out[i] == nil {
			out[i] = vecs[first[cs[i].Hash]]
		}
	}
	if caching {
		put := make(map[string][]float32, len(first))
		for h, j := range first {
			put[h] = vecs[j]
		}
		if err := e.st.PutVectors(ctx, id, put); err != nil {
			return out, len(texts), nil, err
		}
	}
	return out, len(texts), nil, nil
}

// embedAll embeds texts in batches of embedBatch; the builtin embedder's
// batches run on every core.
func (e *Engine) embedAll(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	workers := 1
	if !cachesVectors(e.emb.ID()) {
		workers = runtime.GOMAXPROCS(0)
	}
	sem := make(chan struct{}, workers)
	errs := make([]error, (len(texts)+embedBatch-1)/embedBatch)
	var wg sync.WaitGroup
	for lo := 0; lo < len(texts); lo += embedBatch {
		hi := min(lo+embedBatch, len(texts))
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			vecs, err := e.emb.Embed(ctx, texts[lo:hi])
			if err == nil && len(vecs) != hi-lo {
				err = fmt.Errorf("embedder returned %d vectors for %d texts", len(vecs), hi-lo)
			}
			copy(out[lo:hi], vecs)
			errs[lo/embedBatch] = err
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}
