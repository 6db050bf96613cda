package rag

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
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
	// metaVectorsGen is the generation of the vectors: a random number
	// replaced on every change and recorded in the vector files too.
	metaVectorsGen = "vectors_gen"
)

// embedBatch is how many texts go to the embedder at once; buildBatch, how
// many chunks a snapshot rebuild reads at once; queryEmbedTimeout bounds
// embedding a query, so an unreachable provider costs a search little
// before it falls back to BM25.
const (
	embedBatch, buildBatch = 256, 1024
	queryEmbedTimeout      = 2 * time.Second
)

// vectors is the engine's in-memory vector index, mapped from the vector
// files on first use.
type vectors struct {
	mu sync.Mutex // taken to load, change or drop the index
	// ix is the loaded index (nil: none), read by searches without mu,
	// which an index run holds while it writes the delta file.
	ix atomic.Pointer[vector.Index]
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

// Vector files under the index directory: a snapshot of every vector and
// the changes since (see vector.Files), derived state whose generation must
// match the database's (metaVectorsGen) to be used. Past compactDeltaBytes
// (about 16,000 vectors of 256 dimensions) the delta is folded into a new
// snapshot.
const (
	snapshotFile      = "vectors.snap"
	deltaFile         = "vectors.delta"
	compactDeltaBytes = 16 << 20
)

func (e *Engine) vectorFiles() vector.Files {
	return vector.Files{Snapshot: filepath.Join(e.dir, snapshotFile), Delta: filepath.Join(e.dir, deltaFile), Opts: vectorOptions(),
		SkipVectorCheck: e.vecTrusted}
}

// vectorOptions tune the in-memory vector index: search asks it for few
// neighbours (RankParams.VectorCandidates, 20) as one channel of several, so
// 256 rescored prefilter candidates do: recall@10 against brute force at
// 100K builtin-like vectors 0.96 (0.99 with 512, at 1.3x the time; see
// vector.BenchmarkRecall), and LoCoMo and demo results are unchanged.
func vectorOptions() vector.Options { return vector.Options{Candidates: 256} }

// newGeneration returns a fresh random generation (odd: 0 means none).
func newGeneration() uint64 { return rand.Uint64() | 1 }

// vectorsGen returns the current generation from the database (0: none).
func (e *Engine) vectorsGen(ctx context.Context) (uint64, error) {
	v, err := e.st.Meta(ctx, metaVectorsGen)
	if err != nil || v == "" {
		return 0, err
	}
	g, _ := strconv.ParseUint(v, 10, 64) // garbled: 0, so the files get rebuilt
	return g, nil
}

// cachesVectors reports whether the embedder's vectors are cached in SQLite
// by content hash: a remote provider's are; the builtin's are not (it is
// deterministic and fast, and storing 100 MB of blobs took 8 s per index).
func cachesVectors(id string) bool { return !strings.HasPrefix(id, embed.ProviderBuiltin+"/") }

// reset forgets the loaded index; the caller holds v.mu, and the engine's
// search lock for writing (no search may be using the index it unmaps).
func (v *vectors) reset() {
	if ix := v.ix.Swap(nil); ix != nil {
		ix.Close()
	}
}

// updateVectors brings the vectors in step with the chunks: changed chunks
// are embedded (or found in the cache by content hash), deleted ones
// dropped, and the change appended to the delta file. full (the full-text
// index was rebuilt), a new embedder, earlier failures or unusable files
// rebuild the snapshot from every chunk instead; complete says changed
// holds every chunk then. A failing embedder never fails indexing: the
// chunks stay searchable by BM25, a warning is returned, and the next call
// tries again.
func (e *Engine) updateVectors(ctx context.Context, excl *exclusive, changed []chunk.Chunk, deleted []string, full, complete bool) (int, []string, error) {
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
	if !full && prev == id && missing != "1" && len(changed) == 0 && len(deleted) == 0 {
		return 0, nil, nil
	}
	var warn []string
	if !full && prev == id && missing != "1" {
		n, w, ok, err := e.appendVectors(ctx, excl, id, changed, deleted)
		if err != nil || ok {
			return n, w, err
		}
		warn = append(warn, "vector snapshot missing or out of date: rebuilt")
	}
	if prev != id {
		// A new embedder: drop the old one's cached vectors.
		if err := e.st.DropVectors(ctx, id); err != nil {
			return 0, nil, err
		}
		if err := e.st.SetMeta(ctx, metaEmbedder, id); err != nil {
			return 0, nil, err
		}
	}
	if changed = lastByID(changed); !complete {
		changed = nil // read every chunk from the database
	}
	excl.lock() // searches may hold the index that reset unmaps
	e.vec.mu.Lock()
	defer e.vec.mu.Unlock()
	e.vec.reset() // the next search maps the new snapshot
	// Return the full-text build's garbage before embedding, and the
	// embedding's after (peak RSS 425 -> 380 MB at 100K chunks).
	debug.FreeOSMemory()
	n, w, err := e.rebuildVectors(ctx, id, changed, true)
	debug.FreeOSMemory()
	return n, append(warn, w...), err
}

// lastByID returns the last version of each chunk (an id can come from two
// files: an archived log), in order; cs itself when ids are unique.
func lastByID(cs []chunk.Chunk) []chunk.Chunk {
	last := make(map[string]int, len(cs))
	for i := range cs {
		last[cs[i].ID] = i
	}
	if len(last) == len(cs) {
		return cs
	}
	out := make([]chunk.Chunk, 0, len(last))
	for i := range cs {
		if last[cs[i].ID] == i {
			out = append(out, cs[i])
		}
	}
	return out
}

// appendVectors records an incremental change in the delta file (and the
// loaded index). ok is false when the files on disk are not at the current
// generation, and a full rebuild is due.
func (e *Engine) appendVectors(ctx context.Context, excl *exclusive, id string, changed []chunk.Chunk, deleted []string) (int, []string, bool, error) {
	gen, err := e.vectorsGen(ctx)
	if err != nil {
		return 0, nil, false, err
	}
	files := e.vectorFiles()
	base, _, ok, err := files.Head(id, e.emb.Dimensions(), gen)
	if err != nil || !ok || gen == 0 {
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			e.log.Warn("vector snapshot unusable; rebuilding it", "err", err)
		}
		return 0, nil, false, nil
	}
	batch := lastByID(changed)
	vecs, n, warn, err := e.chunkVectors(ctx, id, batch, true)
	if err != nil {
		return 0, nil, false, err
	}
	rec := vector.DeltaRecord{Gen: newGeneration(), Deleted: deleted}
	for i := range batch {
		if vecs[i] == nil { // not embedded: its old vector must not stay
			rec.Deleted = append(rec.Deleted, batch[i].ID)
			continue
		}
		rec.IDs, rec.Vecs = append(rec.IDs, batch[i].ID), append(rec.Vecs, vecs[i])
	}
	e.vec.mu.Lock()
	size, err := vector.AppendDelta(files.Delta, e.emb.Dimensions(), base, rec)
	if err == nil {
		err = e.setVectorsState(ctx, rec.Gen, warn != nil)
	}
	var applyErr error
	if ix := e.vec.ix.Load(); err == nil && ix != nil {
		applyErr = rec.Apply(ctx, ix)
	}
	if err == nil && applyErr == nil && size > compactDeltaBytes {
		err = e.compactVectors(ctx, id, files)
	}
	e.vec.mu.Unlock()
	if applyErr != nil {
		// Searches may be using the index: wait for them (the search lock
		// comes before e.vec.mu) and drop it; the next search reloads.
		excl.lock()
		e.vec.mu.Lock()
		e.vec.reset()
		e.vec.mu.Unlock()
		return n, warn, true, applyErr
	}
	return n, warn, true, err
}

// compactVectors folds the delta file into a new snapshot. The caller holds
// e.vec.mu.
func (e *Engine) compactVectors(ctx context.Context, id string, files vector.Files) error {
	ix, _, err := e.loadVectors(ctx, id)
	if err != nil {
		return err
	}
	g := newGeneration()
	if err := ix.WriteSnapshot(files.Snapshot, vector.SnapshotInfo{Tag: id, Gen: g}); err != nil {
		return err
	}
	os.Remove(files.Delta)
	return e.st.SetMeta(ctx, metaVectorsGen, strconv.FormatUint(g, 10))
}

// setVectorsState records the generation and whether vectors are missing.
func (e *Engine) setVectorsState(ctx context.Context, gen uint64, missing bool) error {
	if err := e.st.SetMeta(ctx, metaVectorsGen, strconv.FormatUint(gen, 10)); err != nil {
		return err
	}
	return e.st.SetMeta(ctx, metaVectorsMissing, map[bool]string{false: "0", true: "1"}[missing])
}

// vectorIndex returns the vector index, loaded on first use (with a warning
// when the files had to be rebuilt).
func (e *Engine) vectorIndex(ctx context.Context, id string) (*vector.Index, []string, error) {
	if ix := e.vec.ix.Load(); ix != nil {
		return ix, nil, nil
	}
	e.vec.mu.Lock()
	defer e.vec.mu.Unlock()
	ix, rebuilt, err := e.loadVectors(ctx, id)
	if rebuilt != nil {
		e.log.Warn("vector snapshot unusable; rebuilt it from the database", "err", rebuilt)
		return ix, []string{fmt.Sprintf("vector snapshot unusable (%v): rebuilt from the database", rebuilt)}, err
	}
	return ix, nil, err
}

// loadVectors maps the snapshot and applies the delta. Files that are
// missing, stale or corrupt are rebuilt from the database (re-embedding with
// the builtin embedder, from the cache otherwise), with a warning. The
// caller holds e.vec.mu. rebuilt is why the files were rebuilt, if they
// were (a missing snapshot before any generation is no news).
func (e *Engine) loadVectors(ctx context.Context, id string) (ix *vector.Index, rebuilt, err error) {
	if ix := e.vec.ix.Load(); ix != nil {
		return ix, nil, nil
	}
	prev, err := e.st.Meta(ctx, metaEmbedder)
	var gen uint64
	if err == nil {
		gen, err = e.vectorsGen(ctx)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("load vectors: %w", err)
	}
	if prev != id { // nothing indexed with this embedder yet
		ix, err = vector.New(e.emb.Dimensions(), vectorOptions())
	} else if ix, err = e.openVectorFiles(ctx, id, gen); err != nil {
		if !errors.Is(err, fs.ErrNotExist) || gen != 0 {
			rebuilt = err
		}
		if _, _, err = e.rebuildVectors(ctx, id, nil, !cachesVectors(id)); err == nil {
			if gen, err = e.vectorsGen(ctx); err == nil {
				ix, err = e.vectorFiles().Open(ctx, id, gen)
			}
		}
	}
	if err != nil {
		return nil, rebuilt, fmt.Errorf("load vectors: %w", err)
	}
	e.vec.ix.Store(ix)
	return ix, rebuilt, nil
}

// openVectorFiles opens the snapshot and delta at gen (Files.Open checks
// the snapshot's vectors: damage there would change every vector score
// silently).
func (e *Engine) openVectorFiles(ctx context.Context, id string, gen uint64) (*vector.Index, error) {
	return e.vectorFiles().Open(ctx, id, gen)
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
	ix, warn, err := e.vectorIndex(ctx, id)
	if err != nil {
		return nil, nil, append(warn, fmt.Sprintf("vector index unavailable, BM25 only: %v", err))
	}
	if ix.Len() == 0 {
		return nil, nil, warn
	}
	hits, err := ix.Search(ctx, qv[0], p.VectorCandidates, nil)
	if err != nil {
		return nil, nil, append(warn, fmt.Sprintf("vector search failed, BM25 only: %v", err))
	}
	// The nearest vectors are candidates only when they are near: in a
	// small workspace every entry is among the nearest, and one with
	// nothing in common with the query (cosine 0 or below), or far less
	// than the nearest one has, brings no evidence of its own. The share
	// of the best cosine holds for any embedder's scale.
	ids := make([]string, 0, len(hits))
	for _, h := range hits { // nearest first
		if h.Score > 0 && float64(h.Score) >= p.VectorNear*float64(hits[0].Score) {
			ids = append(ids, h.ID)
		}
	}
	return &queryVector{vec: qv[0], ix: ix}, ids, warn
}

// noWordMatches is the warning of a search no entry holds a word of.
const noWordMatches = "no entry holds a word of the query"

// noWordMatchesFiltered is noWordMatches for a search with filters.
const noWordMatchesFiltered = "no entry within the filters holds a word of the query"

// semanticVectors reports whether the engine's vectors place texts by
// meaning: any embedder's but the builtin feature hashing's.
func (e *Engine) semanticVectors(ctx context.Context) bool {
	id, err := e.embedderID(ctx)
	return err == nil && !strings.HasPrefix(id, embed.ProviderBuiltin+"/")
}

// queryVector is an embedded query and the index to score it against.
type queryVector struct {
	vec []float32
	ix  *vector.Index
}
