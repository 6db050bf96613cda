package rag

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/store"
)

// A daily log grows by appends. Re-reading and re-chunking the whole day
// for each one made an append cost the size of its day: a day holding a
// gigabyte of pasted logs cost a gigabyte of memory and reading on every
// index run. When a log only grew, an index run reads and chunks what was
// appended instead, recognising the old content by its line count and the
// fingerprint of its last bytes, and falls back to the whole file for
// anything else (an edit, a repair that cut bytes, text added to the last
// entry, a chunk equal to an old one).

// tailBytes is how much of a log's end its fingerprint covers.
const tailBytes = 4096

// tailFingerprint hashes the last tailBytes of a log's content.
func tailFingerprint(data []byte) string {
	sum := sha256.Sum256(data[max(0, len(data)-tailBytes):])
	return hex.EncodeToString(sum[:])
}

// appendedChunks is what appended found: the new chunks and the file's
// record after them.
type appendedChunks struct {
	cs  []chunk.Chunk
	rec store.File
}

// appended returns the chunks of what was appended to the log src since
// it was indexed as old, or nil when the log did not only grow by whole
// entries (the caller then chunks the whole file).
func (e *Engine) appended(ctx context.Context, src source, old store.File, prev map[string]store.ChunkState) (*appendedChunks, error) {
	if old.Lines == 0 || len(prev) == 0 {
		return nil, nil
	}
	root, err := os.OpenRoot(e.ws.Root())
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(filepath.FromSlash(src.rel))
	if err != nil {
		return nil, nil // gone or refused: the whole-file path says why
	}
	defer f.Close()
	// Under the appends' lock, so that no append is half written: every
	// append ends with a whole entry.
	if err := memory.LockFile(ctx, f); err != nil {
		return nil, fmt.Errorf("index %s: %w", src.rel, err)
	}
	defer memory.UnlockFile(f)
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", src.rel, err)
	}
	if fi.Size() <= old.Size {
		return nil, nil
	}
	src.size, src.mtime = fi.Size(), fi.ModTime().UnixNano()
	start := max(0, old.Size-tailBytes)
	buf := make([]byte, src.size-start)
	if _, err := f.ReadAt(buf, start); err != nil && err != io.EOF {
		return nil, fmt.Errorf("index %s: %w", src.rel, err)
	}
	cut := int(old.Size - start)
	if tailFingerprint(buf[:cut]) != old.Tail || buf[cut-1] != '\n' || buf[len(buf)-1] != '\n' {
		return nil, nil
	}
	add := buf[cut:]
	lines := memory.SplitLines(add)
	l := memory.ParseLogLines(src.rel, add, lines)
	if l.FreeForm || len(l.Entries) == 0 || len(l.Warnings) > 0 {
		return nil, nil
	}
	// Before the first new heading only blank lines: nothing was added to
	// the last old entry.
	for _, line := range lines[:l.Entries[0].LineStart-1] {
		if len(bytes.TrimSpace([]byte(line))) > 0 {
			return nil, nil
		}
	}
	next := 0
	for _, st := range prev {
		next = max(next, st.Seq+1)
	}
	cs := chunk.Log(l, lines, src.layer, e.opt.Chunk)
	e.written.mark(cs)
	for i := range cs {
		if _, dup := prev[cs[i].ID]; dup {
			return nil, nil // the whole file would number it apart
		}
		cs[i].LineStart += old.Lines
		cs[i].LineEnd += old.Lines
		cs[i].Seq += next
	}
	if len(cs) == 0 {
		return nil, nil
	}
	// The content hash of the whole file is not known without reading it:
	// left empty, so a later change of mtime alone re-reads the file once.
	rec := store.File{Path: src.rel, Size: src.size, MtimeNs: src.mtime, Layer: src.layer,
		Lines: old.Lines + len(lines), Tail: tailFingerprint(buf)}
	return &appendedChunks{cs: cs, rec: rec}, nil
}
