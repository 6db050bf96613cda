package rag

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/store"
)

// sessionEvery is the least time between two rewrites of the session
// document (its whole text, the source of session evidence in ranking) of a
// file of at least sessionLarge chunks. Such a log, appended to many times
// a second, would otherwise be analyzed and indexed whole on every index
// run; its entries are indexed at once either way, and only this ranking
// signal lags, by at most one rescan. Smaller files are rewritten at once.
const (
	sessionEvery = 2 * time.Second
	sessionLarge = 1000
)

// metaSessionsPending lists the files whose session document is out of date
// (comma-separated), so that a restart brings them up to date.
const metaSessionsPending = "sessions_pending"

// sessionWriter decides when a changed file's session document is written.
// Only Index uses it, under the engine's ixMu.
type sessionWriter struct {
	loaded  bool
	written map[string]time.Time // when this process last wrote each
	pending map[string]bool      // changed since
}

// load reads the files an earlier run left pending (once per engine).
func (w *sessionWriter) load(ctx context.Context, st *store.Store) error {
	if w.loaded {
		return nil
	}
	v, err := st.Meta(ctx, metaSessionsPending)
	if err != nil {
		return err
	}
	w.written, w.pending = map[string]time.Time{}, map[string]bool{}
	for _, p := range strings.Split(v, ",") {
		if p != "" {
			w.pending[p] = true // due at once: never written by this process
		}
	}
	w.loaded = true
	return nil
}

// write reports whether path, changed now and holding n chunks, has its
// session document written in this run; if not, it is pending.
func (w *sessionWriter) write(path string, n int, now time.Time) bool {
	if t, ok := w.written[path]; ok && n >= sessionLarge && now.Sub(t) < sessionEvery {
		w.pending[path] = true
		return false
	}
	w.written[path] = now
	delete(w.pending, path)
	return true
}

// due returns the pending files whose time has come, other than those this
// run handles already (skip); they count as written. Files gone from the
// workspace are dropped.
func (w *sessionWriter) due(now time.Time, present map[string]bool, skip map[string][]chunk.Chunk) []string {
	var out []string
	for p := range w.pending {
		switch {
		case !present[p]:
			delete(w.pending, p)
		case skip[p] != nil:
		case now.Sub(w.written[p]) >= sessionEvery:
			out = append(out, p)
			w.written[p] = now
			delete(w.pending, p)
		}
	}
	slices.Sort(out)
	return out
}

// list returns the pending files, for metaSessionsPending.
func (w *sessionWriter) list() string {
	out := make([]string, 0, len(w.pending))
	for p := range w.pending {
		out = append(out, p)
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}

// reset forgets every pending file (a rebuild wrote every session).
func (w *sessionWriter) reset() { clear(w.pending) }
