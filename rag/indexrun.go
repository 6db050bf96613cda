package rag

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/store"
)

// indexRun is one Index run's work: the files' changes read into the
// database transaction, and what the full-text index, the positions and
// the vectors are to take from them once it commits.
type indexRun struct {
	e       *Engine
	tx      *store.Tx
	stats   *IndexStats
	rebuild bool // the full-text index is written afresh from the store

	upserts        []fulltext.Doc // full-text documents to write, unless rebuilding
	deletes        []string       // chunk ids to remove
	sessions       []fulltext.Session
	sessionDeletes []string
	touched        []string        // files whose chunks changed
	changed        []chunk.Chunk   // chunks added or changed, for the vectors
	upserted       map[string]bool // ids of changed
	present        map[string]bool // files still in the workspace
	// fresh holds the positions of changed files, when searches hold
	// positions in memory (keepPos).
	keepPos bool
	fresh   map[string][]store.Position
}

func (e *Engine) index(ctx context.Context, progress Progress) (*IndexStats, error) {
	if e.st == nil {
		return nil, ErrClosed
	}
	excl := &exclusive{mu: &e.mu}
	defer excl.release()
	start := time.Now()
	stats := &IndexStats{}
	if !e.repairsTold { // the first run after Open says what it repaired
		e.repairsTold = true
		for _, r := range e.repairs {
			stats.Warnings = append(stats.Warnings, fmt.Sprintf("%s: %s; %s", r.File, r.Problem, r.Action))
		}
	}
	srcs, err := e.sources(ctx)
	l3Failed := err != nil && srcs != nil
	if l3Failed {
		e.log.Warn("L3 not indexed", "err", err)
		stats.Warnings = append(stats.Warnings, fmt.Sprintf("L3 knowledge not indexed (its earlier chunks stay searchable): %v", err))
	} else if err != nil {
		return nil, err
	}
	stats.Files = len(srcs)
	known, err := e.st.Files(ctx)
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	rebuild, err := e.needsRebuild(ctx, len(known))
	if err != nil {
		return nil, err
	}
	if rebuild {
		excl.lock() // the full-text index is replaced
	}
	tx, err := e.st.Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	defer tx.Rollback()
	r := &indexRun{e: e, tx: tx, stats: stats, rebuild: rebuild, keepPos: e.pos.isLoaded(),
		fresh: map[string][]store.Position{}, upserted: map[string]bool{}, present: make(map[string]bool, len(srcs))}
	e.states.begin()
	for i, src := range srcs {
		if progress != nil && i%64 == 0 {
			progress(i, len(srcs))
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := r.file(ctx, src, known); err != nil {
			return nil, err
		}
	}
	for path := range known {
		if r.present[path] || (l3Failed && strings.HasPrefix(path, KnowledgePrefix)) {
			continue
		}
		if err := r.remove(ctx, path); err != nil {
			return nil, err
		}
	}
	// An id deleted from one file and added by another (an archived log)
	// must end up indexed.
	kept := r.deletes[:0]
	for _, id := range r.deletes {
		if !r.upserted[id] {
			kept = append(kept, id)
		}
	}
	r.deletes = kept
	stats.Added, stats.Deleted = len(r.upserted), len(r.deletes)
	if progress != nil {
		progress(len(srcs), len(srcs))
	}
	if err := r.publish(ctx, excl, len(known) == 0); err != nil {
		return nil, err
	}
	stats.Duration = time.Since(start)
	return stats, nil
}

// needsRebuild reports whether the full-text index must be written afresh:
// a run broke off while changing it, its layout is not this version's, or
// it is empty while the database is not (or there is no database yet).
func (e *Engine) needsRebuild(ctx context.Context, known int) (bool, error) {
	dirty, err := e.st.Meta(ctx, metaFulltextDirty)
	if err != nil {
		return false, err
	}
	layout, err := e.st.Meta(ctx, metaFulltextLayout)
	if err != nil {
		return false, err
	}
	count, _ := e.ft.Count()
	return dirty == "1" || layout != fulltextLayout || (count == 0 && known > 0) || known == 0, nil
}

// file reads one source file's changes into the run: nothing when its
// size and mtime are as indexed, the appended part of a log that only
// grew, else its chunks afresh (of which only those that changed are
// written).
func (r *indexRun) file(ctx context.Context, src source, known map[string]store.File) error {
	e := r.e
	old, had := known[src.rel]
	if had && old.Size == src.size && old.MtimeNs == src.mtime && old.Layer == src.layer {
		r.present[src.rel] = true
		return nil
	}
	if !r.rebuild && had && src.log && old.Layer == src.layer && old.Tail != "" && src.size > old.Size {
		done, err := r.appendedLog(ctx, src, old)
		if errors.Is(err, fs.ErrNotExist) {
			return nil // see below
		}
		if done || err != nil {
			return err
		}
	}
	cs, ff, err := e.chunkFile(src)
	if errors.Is(err, fs.ErrNotExist) {
		// Gone since the files were listed (an archive run moved it): it
		// leaves the index, and the next run finds it where it went.
		return nil
	}
	if errors.Is(err, memory.ErrOutside) {
		// A file linked out of the workspace is not indexed (and leaves
		// the index if it was): say which and why.
		e.log.Warn("not indexed", "file", src.rel, "err", err)
		r.stats.Refused = append(r.stats.Refused, src.rel)
		return nil
	}
	if err != nil {
		return err
	}
	r.present[src.rel] = true
	rec := store.File{Path: src.rel, Size: src.size, MtimeNs: src.mtime, Hash: ff.hash, Layer: src.layer, Lines: ff.lines, Tail: ff.tail}
	if had && old.Hash == ff.hash && old.Layer == src.layer {
		return r.tx.TouchFile(ctx, rec)
	}
	r.stats.Changed++
	prev, err := e.states.get(ctx, r.tx, src.rel)
	if err != nil {
		return err
	}
	ids := make(map[string]bool, len(cs))
	for i := range cs {
		ids[cs[i].ID] = true
		if p, ok := prev[cs[i].ID]; !ok || p.Hash != cs[i].Hash || r.rebuild {
			if !r.rebuild { // a rebuild writes the index afresh from the store
				r.upserts = append(r.upserts, ftDoc(cs, i))
			}
			r.upserted[cs[i].ID] = true
			r.changed = append(r.changed, cs[i])
		}
	}
	for id := range prev {
		if !ids[id] {
			r.deletes = append(r.deletes, id)
		}
	}
	if err := r.tx.PutFile(ctx, rec, cs, prev); err != nil {
		return err
	}
	// Session documents: only the blocks whose text changed.
	if !r.rebuild {
		blocks := sessions(src.rel, cs, appendDocs(nil, cs))
		r.sessions = e.changedBlocks(r.sessions, blocks)
		for b := len(blocks); b < sessionBlocks(prev); b++ {
			r.sessionDeletes = append(r.sessionDeletes, sessionID(src.rel, b))
			delete(e.blocks, sessionID(src.rel, b))
		}
	}
	r.touched = append(r.touched, src.rel)
	if r.keepPos {
		r.fresh[src.rel] = positionsOf(cs)
	}
	e.states.stage(src.rel, cs)
	return nil
}

// appendedLog reads what was appended to a log that only grew; done is
// false when the file must be read whole after all.
func (r *indexRun) appendedLog(ctx context.Context, src source, old store.File) (done bool, err error) {
	e := r.e
	prev, err := e.states.get(ctx, r.tx, src.rel)
	if err != nil {
		return false, err
	}
	ap, err := e.appended(ctx, src, old, prev)
	if err != nil || ap == nil {
		return false, err
	}
	r.present[src.rel] = true
	r.stats.Changed++
	r.stats.Appended++
	for i := range ap.cs {
		r.upserts = append(r.upserts, ftDoc(ap.cs, i))
		r.upserted[ap.cs[i].ID] = true
	}
	r.changed = append(r.changed, ap.cs...)
	if err := r.tx.AppendChunks(ctx, ap.rec, ap.cs); err != nil {
		return false, err
	}
	// Session documents from the block the new chunks join.
	from := ap.cs[0].Seq / sessionBlock * sessionBlock
	olds, err := r.tx.ChunksFrom(ctx, src.rel, from)
	if err != nil {
		return false, err
	}
	r.sessions = e.changedBlocks(r.sessions, sessions(src.rel, olds, appendDocs(nil, olds))) // olds holds the new chunks too
	r.touched = append(r.touched, src.rel)
	if r.keepPos {
		r.fresh[src.rel] = append(e.pos.file(src.rel), positionsOf(ap.cs)...)
	}
	e.states.stageStates(src.rel, prev, ap.cs)
	return true, nil
}

// remove takes a file gone from the workspace out of the index.
func (r *indexRun) remove(ctx context.Context, path string) error {
	olds, err := r.tx.ChunkStates(ctx, path)
	if err != nil {
		return err
	}
	for id := range olds {
		r.deletes = append(r.deletes, id)
	}
	if err := r.tx.DeleteFile(ctx, path); err != nil {
		return err
	}
	for b := range sessionBlocks(olds) {
		r.sessionDeletes = append(r.sessionDeletes, sessionID(path, b))
		delete(r.e.blocks, sessionID(path, b))
	}
	r.touched = append(r.touched, path)
	if r.keepPos {
		r.fresh[path] = nil
	}
	r.stats.Removed++
	return nil
}

// publish commits the run and brings the full-text index, the caches,
// the positions and the vectors in step with it; first says the
// workspace had never been indexed.
func (r *indexRun) publish(ctx context.Context, excl *exclusive, first bool) error {
	e, stats := r.e, r.stats
	if !r.rebuild && len(r.upserts) == 0 && len(r.deletes) == 0 && len(r.sessions) == 0 && len(r.sessionDeletes) == 0 {
		if err := r.tx.Commit(); err != nil {
			return err
		}
		// Nothing changed, but vectors may be owed (a new embedder, or a
		// provider that was down last time).
		n, warn, err := e.updateVectors(ctx, excl, nil, nil, false, false)
		if err != nil {
			return err
		}
		stats.Embedded, stats.Warnings = n, append(stats.Warnings, warn...)
		if err := e.saveStamps(ctx); err != nil {
			return err
		}
		stats.Chunks = e.chunkCount(ctx)
		return nil
	}
	if err := r.tx.SetMeta(ctx, metaFulltextDirty, "1"); err != nil {
		return err
	}
	if err := r.tx.Commit(); err != nil {
		return fmt.Errorf("index: commit: %w", err)
	}
	e.cache.invalidate(r.touched, r.deletes)
	e.states.committed(r.touched)
	if r.rebuild {
		e.cache.clear()
		stats.Rebuilt = true
		if err := e.rebuildFulltext(ctx); err != nil {
			return err
		}
		if err := e.st.SetMeta(ctx, metaFulltextLayout, fulltextLayout); err != nil {
			return err
		}
		e.layoutAhead.Store(0)
	} else if err := e.ft.Apply(ctx, r.upserts, r.deletes, r.sessions, r.sessionDeletes); err != nil {
		clear(e.blocks) // the next run rebuilds (the dirty mark stays)
		return err
	}
	agents, err := e.st.Agents(ctx)
	if err != nil {
		return err
	}
	if err := e.st.SetMeta(ctx, metaAgents, strings.Join(agents, ",")); err != nil {
		return err
	}
	if err := e.loadAgents(ctx); err != nil {
		return err
	}
	e.pos.refresh(r.fresh, r.keepPos)
	n, warn, err := e.updateVectors(ctx, excl, r.changed, r.deletes, r.rebuild, r.rebuild && first)
	if err != nil {
		return err
	}
	stats.Embedded, stats.Warnings = n, append(stats.Warnings, warn...)
	if err := e.saveStats(ctx); err != nil {
		return err
	}
	if err := e.saveStamps(ctx); err != nil {
		return err
	}
	if err := e.st.SetMeta(ctx, metaFulltextDirty, "0"); err != nil {
		return err
	}
	stats.Chunks, _ = e.st.CountChunks(ctx)
	return e.st.SetMeta(ctx, metaChunks, strconv.Itoa(stats.Chunks))
}
