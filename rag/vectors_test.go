package rag

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/archon-memory/archon/bench/gen"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/embed"
	"github.com/archon-memory/archon/rag/vector"
)

// vectorWorkspace generates a workspace large enough for the prefilter path.
func vectorWorkspace(t *testing.T, entries int) *memory.Workspace {
	t.Helper()
	root := t.TempDir()
	if _, _, err := gen.WriteWorkspace(context.Background(), root, gen.Options{Entries: entries, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	ws, err := memory.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// openVectors opens an engine with the builtin embedder and indexes.
func openVectors(t *testing.T, ws *memory.Workspace, resident bool) *Engine {
	t.Helper()
	emb, _ := embed.NewBuiltin(0)
	e, err := Open(context.Background(), ws, Options{Embedder: emb, Resident: resident})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if _, err := e.Index(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return e
}

var vectorQueries = []string{"database migration failed", "deploy rollback", "flaky test retry",
	"customer asked about invoices", "cache eviction latency", "weekly planning notes"}

// searchAll runs every query and returns the hits as "id score" lines,
// with the warnings.
func searchAll(t *testing.T, e *Engine) ([]string, []string) {
	t.Helper()
	var out, warn []string
	for _, q := range vectorQueries {
		resp, err := e.Search(context.Background(), Query{Text: q, TopK: 10})
		if err != nil {
			t.Fatal(err)
		}
		warn = append(warn, resp.Warnings...)
		for _, r := range resp.Results {
			out = append(out, q+" "+r.ID)
		}
	}
	return out, warn
}

// reference builds the vector index the plain way (embed every chunk in
// the database, Add) for comparison with the mapped snapshot.
func reference(t *testing.T, e *Engine) *vector.Index {
	t.Helper()
	ctx := context.Background()
	ix, _ := vector.New(e.emb.Dimensions(), vectorOptions())
	err := e.st.EachChunk(ctx, true, func(c chunk.Chunk) error {
		v, err := e.emb.Embed(ctx, []string{embedText(&c)})
		if err != nil {
			return err
		}
		return ix.Add(ctx, []string{c.ID}, v)
	})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// assertSameVectors checks that the engine's loaded index answers exactly
// like the reference.
func assertSameVectors(t *testing.T, e *Engine) {
	t.Helper()
	ctx := context.Background()
	ix, _, err := e.vectorIndex(ctx, e.emb.ID())
	if err != nil {
		t.Fatal(err)
	}
	ref := reference(t, e)
	if ix.Len() != ref.Len() {
		t.Fatalf("snapshot holds %d vectors, the chunks %d", ix.Len(), ref.Len())
	}
	for _, q := range vectorQueries {
		qv, _ := e.emb.Embed(ctx, []string{q})
		got, _ := ix.Search(ctx, qv[0], 50, nil)
		want, _ := ref.Search(ctx, qv[0], 50, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("%q: snapshot hits %v\nwant %v", q, got, want)
		}
	}
}

func TestVectorSnapshot(t *testing.T) {
	ctx := context.Background()
	ws := vectorWorkspace(t, 800)
	dir := IndexDir(ws)
	snap, delta := filepath.Join(dir, snapshotFile), filepath.Join(dir, deltaFile)
	e := openVectors(t, ws, true)
	if _, err := os.Stat(snap); err != nil {
		t.Fatalf("no snapshot after a full index: %v", err)
	}
	n, _ := e.st.Meta(ctx, metaVectorsGen)
	if n == "" {
		t.Fatal("no generation recorded")
	}
	var hashes []string
	e.st.EachChunk(ctx, false, func(c chunk.Chunk) error { hashes = append(hashes, c.Hash); return nil })
	if cached, err := e.st.Vectors(ctx, e.emb.ID(), hashes); err != nil || len(cached) != 0 {
		t.Fatalf("builtin vectors stored in SQLite: %d %v", len(cached), err)
	}
	assertSameVectors(t, e)
	base, warn := searchAll(t, e)
	if len(warn) > 0 || len(base) == 0 {
		t.Fatalf("warnings %v, %d hits", warn, len(base))
	}
	oldSnap, _ := os.ReadFile(snap)

	// An append goes to the delta file; the snapshot is not rewritten, and
	// the loaded index sees the new entry.
	fi0, _ := os.Stat(snap)
	if _, err := ws.Append(ctx, memory.Entry{Agent: "probe", Text: "zebra quokka migration of the narwhal cluster"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	fi1, _ := os.Stat(snap)
	if !os.SameFile(fi0, fi1) || fi1.ModTime() != fi0.ModTime() {
		t.Fatal("snapshot rewritten by an incremental update")
	}
	if _, err := os.Stat(delta); err != nil {
		t.Fatalf("no delta: %v", err)
	}
	assertSameVectors(t, e)

	// A fresh engine maps snapshot + delta and answers the same. (Whole
	// search results are compared only within one engine: bleve's BM25
	// drifts when segments merge.)
	e.Close()
	e2 := openVectors(t, ws, false)
	if _, warn := searchAll(t, e2); len(warn) > 0 {
		t.Fatalf("reopened: warnings %v", warn)
	}
	assertSameVectors(t, e2)

	// Deleting a file removes its chunks' vectors, in the loaded index and
	// in the files.
	logs, _ := ws.ListLogs(ctx)
	victim := logs[len(logs)/2].Path
	gone, _ := e2.st.ChunksByPath(ctx, victim)
	if len(gone) == 0 {
		t.Fatal("victim has no chunks")
	}
	abs, _ := ws.Path(victim)
	os.Remove(abs)
	if _, err := e2.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(gone))
	for i := range gone {
		ids[i] = gone[i].ID
	}
	check := func(e *Engine) {
		t.Helper()
		ix, _, err := e.vectorIndex(ctx, e.emb.ID())
		if err != nil {
			t.Fatal(err)
		}
		q, _ := e.emb.Embed(ctx, []string{"x"})
		s, _ := ix.Score(ctx, q[0], ids)
		for i := range s {
			if !math.IsNaN(float64(s[i])) {
				t.Fatalf("deleted chunk %s still has a vector: %v", ids[i], s[i])
			}
		}
	}
	check(e2)
	e2.Close()
	e3 := openVectors(t, ws, false)
	check(e3)
	assertSameVectors(t, e3)
	e3.Close()

	// A stale snapshot (an older generation, delta gone) is never used: it
	// is rebuilt, with a warning, and answers as before.
	os.WriteFile(snap, oldSnap, 0o644)
	os.Remove(delta)
	e4 := openVectors(t, ws, false)
	if _, warn := searchAll(t, e4); len(warn) == 0 || !strings.Contains(warn[0], "rebuilt") {
		t.Fatalf("stale: warnings %v", warn)
	}
	check(e4)
	assertSameVectors(t, e4)
	e4.Close()

	// A corrupt one is rebuilt too, with a warning that says so.
	b, _ := os.ReadFile(snap)
	b[len(b)-1] ^= 0xff
	os.WriteFile(snap, b, 0o644)
	e5 := openVectors(t, ws, false)
	if _, warn := searchAll(t, e5); len(warn) == 0 || !strings.Contains(warn[0], "corrupt") {
		t.Fatalf("corrupt: warnings %v", warn)
	}
	assertSameVectors(t, e5)
	e5.Close()

	// Deleting the files loses nothing: the next search rebuilds them
	// (silently when there were none to trust).
	os.Remove(snap)
	e6 := openVectors(t, ws, false)
	searchAll(t, e6)
	assertSameVectors(t, e6)
}

// TestVectorFullIndexRebuildsSnapshot checks that a full rebuild (the
// full-text index lost) writes a new snapshot and drops the delta.
func TestVectorFullIndexRebuildsSnapshot(t *testing.T) {
	ctx := context.Background()
	ws := vectorWorkspace(t, 300)
	e := openVectors(t, ws, false)
	if _, err := ws.Append(ctx, memory.Entry{Agent: "probe", Text: "first probe"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	delta := filepath.Join(IndexDir(ws), deltaFile)
	if _, err := os.Stat(delta); err != nil {
		t.Fatal(err)
	}
	if err := e.st.SetMeta(ctx, metaFulltextDirty, "1"); err != nil {
		t.Fatal(err)
	}
	st, err := e.Index(ctx, nil)
	if err != nil || !st.Rebuilt {
		t.Fatalf("rebuild: %+v %v", st, err)
	}
	if _, err := os.Stat(delta); !os.IsNotExist(err) {
		t.Fatalf("delta survived a full rebuild: %v", err)
	}
	assertSameVectors(t, e)
}
