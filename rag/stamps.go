package rag

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Checking every byte of the index (segment and vector CRCs) costs a read
// of the whole index: about 70 ms for 100,000 entries' segments and 250 ms
// for their vectors on a slow disk. The service does it when it opens,
// and archon doctor always; a one-shot command checks only the files whose
// size or modification time differ from what the last index run saw
// (stamps), which is what any overwrite, cut or copy changes.

// metaStamps holds the stamps of the index files, as JSON.
const metaStamps = "file_stamps"

// stamp is a file's size and modification time.
type stamp struct {
	Size  int64 `json:"size"`
	Mtime int64 `json:"mtime_ns"`
}

// indexFiles lists the files the stamps cover: full-text segments and
// the vector snapshot.
func (e *Engine) indexFiles() []string {
	segs, _ := filepath.Glob(filepath.Join(e.ftDir(), "*", "store", "*.zap"))
	sort.Strings(segs)
	return append(segs, e.vectorFiles().Snapshot)
}

func stampOf(path string) (stamp, bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}, false
	}
	return stamp{Size: fi.Size(), Mtime: fi.ModTime().UnixNano()}, true
}

// unchanged reports whether every file stamped by the last index run is
// as it was then (no stamps: nothing is known to be unchanged).
func (e *Engine) unchanged(ctx context.Context) (map[string]bool, error) {
	raw, err := e.st.Meta(ctx, metaStamps)
	if err != nil || raw == "" {
		return map[string]bool{}, err
	}
	var saved map[string]stamp
	if json.Unmarshal([]byte(raw), &saved) != nil {
		return map[string]bool{}, nil
	}
	out := map[string]bool{}
	for _, p := range e.indexFiles() {
		rel := e.ws.Rel(p)
		if now, ok := stampOf(p); ok && saved[rel] == now {
			out[p] = true
		}
	}
	return out, nil
}

// saveStamps records the index files as they are now.
func (e *Engine) saveStamps(ctx context.Context) error {
	m := map[string]stamp{}
	for _, p := range e.indexFiles() {
		if s, ok := stampOf(p); ok {
			m[e.ws.Rel(p)] = s
		}
	}
	b, err := json.Marshal(m) // sorted keys: equal stamps, equal text
	if err != nil {
		return err
	}
	if old, err := e.st.Meta(ctx, metaStamps); err == nil && old == string(b) {
		return nil
	}
	if err := e.st.SetMeta(ctx, metaStamps, string(b)); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	return nil
}
