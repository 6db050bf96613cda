package rag

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/store"
)

// IndexStats reports what an Index call did.
type IndexStats struct {
	Files int `json:"files"` // source files seen
	// Refused lists files not indexed because they resolve outside the
	// workspace (a symlink out of it).
	Refused []string `json:"refused,omitempty"`
	Changed int      `json:"changed"` // files re-chunked
	// Appended counts the changed logs of which only the appended part
	// was read (they count in Changed too).
	Appended int           `json:"appended,omitempty"`
	Removed  int           `json:"removed"`  // files gone from the workspace
	Added    int           `json:"added"`    // chunks added or changed
	Deleted  int           `json:"deleted"`  // chunks removed
	Chunks   int           `json:"chunks"`   // chunks in the index afterwards
	Rebuilt  bool          `json:"rebuilt"`  // the full-text index was rebuilt from scratch
	Embedded int           `json:"embedded"` // vectors computed (not from the cache)
	Duration time.Duration `json:"duration"` // wall time
	Warnings []string      `json:"warnings,omitempty"`
}

// Progress is told how far indexing has come: done of total files.
type Progress func(done, total int)

// source is one file to index.
type source struct {
	rel   string
	layer string
	log   bool // a daily log (else free-form markdown)
	size  int64
	mtime int64
	l3    *Record // an L3 record (no file)
}

// sources lists every file the engine indexes, with its layer.
func (e *Engine) sources(ctx context.Context) ([]source, error) {
	var out []source
	add := func(rel, layer string, isLog bool) error {
		abs, err := e.ws.Path(rel)
		if err != nil {
			return err
		}
		fi, err := os.Stat(abs)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("index: %w", err)
		}
		if !fi.Mode().IsRegular() {
			return nil
		}
		out = append(out, source{rel: rel, layer: layer, log: isLog, size: fi.Size(), mtime: fi.ModTime().UnixNano()})
		return nil
	}
	if err := add(memory.SummaryFile, chunk.L1, false); err != nil {
		return nil, err
	}
	for _, p := range e.ws.IdentityPaths() {
		if err := add(p, chunk.L1, false); err != nil {
			return nil, err
		}
	}
	if err := add(memory.WisdomFile, chunk.L4, false); err != nil {
		return nil, err
	}
	logs, err := e.ws.ListLogs(ctx)
	if err != nil {
		return nil, err
	}
	for _, l := range logs {
		if err := add(l.Path, chunk.L2, true); err != nil {
			return nil, err
		}
	}
	// The memory tool's folder: free-form notes, searchable with L3.
	notes, err := e.ws.ListMemories(ctx)
	if err != nil {
		return nil, err
	}
	for _, rel := range notes {
		if err := add(rel, chunk.L3, false); err != nil {
			return nil, err
		}
	}
	ks, err := e.knowledgeSources(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		// L3 lives in its own database: when that fails, the other layers
		// are indexed all the same and L3 keeps what it had.
		return append([]source{}, out...), err
	}
	return append(out, ks...), nil
}

// changedBlocks appends to out the session documents of blocks whose text
// differs from what was indexed, and notes their new text. The caller
// holds ixMu.
func (e *Engine) changedBlocks(out, blocks []fulltext.Session) []fulltext.Session {
	for _, b := range blocks {
		if h := sha256.Sum256([]byte(b.Text)); e.blocks[b.ID] != h {
			out = append(out, b)
			e.blocks[b.ID] = h
		}
	}
	return out
}

// facts is what the index records of a file besides its chunks.
type facts struct {
	hash  string // SHA-256 of the content
	lines int    // a daily log's line count (0 otherwise)
	tail  string // a daily log's tail fingerprint (see appended)
}

// chunkFile reads and chunks one source file, its chunks marked with
// what their text is written as.
func (e *Engine) chunkFile(src source) ([]chunk.Chunk, facts, error) {
	cs, f, err := e.readChunks(src)
	e.written.mark(cs)
	return cs, f, err
}

// readChunks reads and chunks one source file.
func (e *Engine) readChunks(src source) ([]chunk.Chunk, facts, error) {
	if src.l3 != nil {
		cs, hash := knowledgeChunk(src.rel, *src.l3)
		return cs, facts{hash: hash}, nil
	}
	data, err := e.ws.ReadFile(src.rel)
	if err != nil {
		return nil, facts{}, fmt.Errorf("index %s: %w", src.rel, err)
	}
	sum := sha256.Sum256(data)
	f := facts{hash: hex.EncodeToString(sum[:])}
	if memory.IsMemoriesPath(src.rel) && !utf8.Valid(data) {
		return nil, f, nil // not text: nothing to search
	}
	lines := memory.SplitLines(data)
	if src.log {
		f.lines, f.tail = len(lines), tailFingerprint(data)
		return chunk.Log(memory.ParseLogLines(src.rel, data, lines), lines, src.layer, e.opt.Chunk), f, nil
	}
	return chunk.Markdown(src.rel, lines, src.layer, e.opt.Chunk), f, nil
}

// Index brings every index up to date with the workspace files. Only files
// whose size, mtime or content changed are re-chunked, and only changed
// chunks are re-indexed; files that disappeared leave the index. When the
// full-text index is missing or out of step it is rebuilt from scratch.
func (e *Engine) Index(ctx context.Context, progress Progress) (*IndexStats, error) {
	e.ixMu.Lock()
	defer e.ixMu.Unlock()
	stats, err := e.index(ctx, progress)
	if err != nil && store.Damaged(err) && ctx.Err() == nil {
		// The database broke under the run (a page that opened cleanly
		// but reads garbage): set it aside and build a new one.
		if rerr := e.recoverDamage(ctx, err); rerr != nil {
			return nil, rerr
		}
		return e.index(ctx, progress)
	}
	return stats, err
}

// appendDocs appends the full-text views of a file's chunks.
func appendDocs(docs []fulltext.Doc, cs []chunk.Chunk) []fulltext.Doc {
	for i := range cs {
		docs = append(docs, ftDoc(cs, i))
	}
	return docs
}

// appendFile appends the full-text documents of a file's chunks cs to
// docs and its session documents, made of them, to all.
func appendFile(docs []fulltext.Doc, all []fulltext.Session, cs []chunk.Chunk) ([]fulltext.Doc, []fulltext.Session) {
	base := len(docs)
	docs = appendDocs(docs, cs)
	for _, s := range sessions(cs[0].Path, cs, docs[base:]) {
		for i := range s.Docs {
			s.Docs[i] += base
		}
		all = append(all, s)
	}
	return docs, all
}

// rebuildFulltext writes a fresh full-text index from the database with
// bleve's offline builder and swaps it in.
func (e *Engine) rebuildFulltext(ctx context.Context) error {
	var docs []fulltext.Doc
	var all []fulltext.Session
	var file []chunk.Chunk
	err := e.st.EachChunk(ctx, true, func(c chunk.Chunk) error {
		if len(file) > 0 && file[0].Path != c.Path {
			docs, all = appendFile(docs, all, file)
			file = file[:0]
		}
		file = append(file, c)
		return nil
	})
	if err != nil {
		return fmt.Errorf("rebuild full-text index: %w", err)
	}
	if len(file) > 0 {
		docs, all = appendFile(docs, all, file)
	}
	clear(e.blocks)
	for i := range all {
		e.blocks[all[i].ID] = sha256.Sum256([]byte(all[i].Text))
	}
	tmp := e.ftDir() + ".new"
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := fulltext.Build(ctx, tmp, docs, all); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	// No other process opens the index before this one closes it (see
	// holdFulltext): the swap is one step for them.
	if err := e.ft.Close(); err != nil {
		return err
	}
	old := e.ftDir() + ".old"
	os.RemoveAll(old)
	if err := os.Rename(e.ftDir(), old); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Rename(tmp, e.ftDir()); err != nil {
		return err
	}
	os.RemoveAll(old)
	ft, err := fulltext.Open(e.ftDir())
	if err != nil {
		return err
	}
	e.ft = ft
	return ft.RefreshStats()
}

// chunkCount is the number of chunks as the last run that changed any
// recorded it, counted when it did not.
func (e *Engine) chunkCount(ctx context.Context) int {
	if v, err := e.st.Meta(ctx, metaChunks); err == nil {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	n, _ := e.st.CountChunks(ctx)
	return n
}
