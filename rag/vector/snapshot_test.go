package vector

import (
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestSnapshotRoundTrip writes an index both ways (streamed and from an
// index), opens it and checks searches and scores are identical to the
// index it came from, then mutates the opened index against a model.
func TestSnapshotRoundTrip(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	const n, dims = 700, 24
	vecs, ids := randomVecs(rng, n, dims), makeIDs(n)
	opts := Options{ExactBelow: -1, Candidates: 1 << 20}
	ref, _ := New(dims, opts)
	if err := ref.Add(ctx, ids, vecs); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	streamed := filepath.Join(dir, "a.snap")
	sw, err := NewSnapshotWriter(streamed, dims, opts, SnapshotInfo{Tag: "t/1", Gen: 42})
	if err != nil {
		t.Fatal(err)
	}
	for lo := 0; lo < n; lo += 100 {
		if err := sw.Add(ids[lo:lo+100], vecs[lo:lo+100]); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Commit(); err != nil {
		t.Fatal(err)
	}
	fromIndex := filepath.Join(dir, "b.snap")
	if err := ref.WriteSnapshot(fromIndex, SnapshotInfo{Tag: "t/1", Gen: 43}); err != nil {
		t.Fatal(err)
	}
	qs := randomVecs(rng, 10, dims)
	for _, p := range []string{streamed, fromIndex} {
		ix, info, err := OpenSnapshot(p, opts)
		if err != nil {
			t.Fatal(err)
		}
		if info.Tag != "t/1" || ix.Len() != n {
			t.Fatalf("%s: info %+v len %d", p, info, ix.Len())
		}
		for qi, q := range qs {
			got, _ := ix.Search(ctx, q, 20, nil)
			want, _ := ref.Search(ctx, q, 20, nil)
			assertIdentical(t, qi, got, want)
			gs, _ := ix.Score(ctx, q, ids[:50])
			ws, _ := ref.Score(ctx, q, ids[:50])
			for i, s := range ws {
				if gs[i] != s {
					t.Fatalf("score %s: %v want %v", ids[i], gs[i], s)
				}
			}
		}
		// Mutate the mapped index: deletes from the mapped part, upserts
		// and adds, checked against brute force.
		model := map[string][]float32{}
		for i, id := range ids {
			model[id] = vecs[i]
		}
		for step := range 30 {
			var del []string
			for range 10 {
				del = append(del, ids[rng.IntN(n)])
			}
			if err := ix.Delete(ctx, del...); err != nil {
				t.Fatal(err)
			}
			for _, id := range del {
				delete(model, id)
			}
			add := []string{ids[rng.IntN(n)], "new-" + string(rune('a'+step))}
			av := randomVecs(rng, 2, dims)
			if err := ix.Add(ctx, add, av); err != nil {
				t.Fatal(err)
			}
			model[add[0]], model[add[1]] = av[0], av[1]
			if ix.Len() != len(model) {
				t.Fatalf("step %d: len %d want %d", step, ix.Len(), len(model))
			}
		}
		mids, mvecs := make([]string, 0, len(model)), make([][]float32, 0, len(model))
		for id, v := range model {
			mids, mvecs = append(mids, id), append(mvecs, v)
		}
		for qi, q := range qs {
			got, _ := ix.Search(ctx, q, 30, nil)
			assertSameHits(t, "mutated", qi, 30, got, exactTop(mids, mvecs, q, 30, nil))
		}
		// Every slot's signature, in the snapshot's part or added after,
		// is its vector's (a fresh index encodes the same).
		fresh, _ := New(dims, opts)
		if err := fresh.Add(ctx, mids, mvecs); err != nil {
			t.Fatal(err)
		}
		for _, id := range mids {
			if got, want := ix.sig(ix.slot[id]), fresh.sig(fresh.slot[id]); !slices.Equal(got, want) {
				t.Fatalf("signature of %s: %v, want %v", id, got, want)
			}
		}
		if err := ix.Close(); err != nil {
			t.Fatal(err)
		}
		if ix.Len() != 0 {
			t.Fatal("closed index not empty")
		}
	}
	// The file itself is unchanged by the mutations.
	ix, _, err := OpenSnapshot(fromIndex, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	got, _ := ix.Search(ctx, qs[0], 20, nil)
	want, _ := ref.Search(ctx, qs[0], 20, nil)
	assertIdentical(t, 0, got, want)
}

func assertIdentical(t *testing.T, qi int, got, want []Hit) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("q%d: %d hits, want %d", qi, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("q%d hit %d: %+v, want %+v", qi, i, got[i], want[i])
		}
	}
}

// TestSnapshotCorrupt checks that damaged files are refused with
// ErrCorrupt, and a missing one with fs.ErrNotExist.
func TestSnapshotCorrupt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	dir := t.TempDir()
	p := filepath.Join(dir, "v.snap")
	ix, _ := New(8, Options{})
	_ = ix.Add(context.Background(), makeIDs(300), randomVecs(rng, 300, 8))
	if err := ix.WriteSnapshot(p, SnapshotInfo{Tag: "x", Gen: 1}); err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(p)
	damage := map[string]func([]byte) []byte{
		"truncated":   func(b []byte) []byte { return b[:len(b)-3] },
		"short":       func(b []byte) []byte { return b[:100] },
		"bad magic":   func(b []byte) []byte { b[0] = 'X'; return b },
		"flipped id":  func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"flipped sig": func(b []byte) []byte { b[headerSize+300*8*4+8] ^= 1; return b },
		"bad tag":     func(b []byte) []byte { b[hTag] ^= 1; return b },
	}
	for name, f := range damage {
		if err := os.WriteFile(p, f(append([]byte(nil), good...)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := OpenSnapshot(p, Options{}); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: got %v, want ErrCorrupt", name, err)
		}
	}
	if _, _, err := OpenSnapshot(filepath.Join(dir, "none"), Options{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if err := os.WriteFile(p, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := OpenSnapshot(p, Options{Bits: 128}); err == nil || errors.Is(err, ErrCorrupt) {
		t.Errorf("other options: %v", err)
	}
}

// TestDelta appends records, reads them back, and checks a delta for
// another base is ignored and a torn one reported.
func TestDelta(t *testing.T) {
	ctx := context.Background()
	p := filepath.Join(t.TempDir(), "v.delta")
	if recs, err := ReadDelta(p, 2, 7); err != nil || recs != nil {
		t.Fatalf("missing: %v %v", recs, err)
	}
	r1 := DeltaRecord{Gen: 8, IDs: []string{"a", "b"}, Vecs: [][]float32{{1, 0}, {0, 2}}}
	r2 := DeltaRecord{Gen: 9, Deleted: []string{"a"}, IDs: []string{"c"}, Vecs: [][]float32{{3, 4}}}
	for _, r := range []DeltaRecord{r1, r2} {
		if _, err := AppendDelta(p, 2, 7, r); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := ReadDelta(p, 2, 7)
	if err != nil || len(recs) != 2 || recs[1].Gen != 9 || recs[1].Deleted[0] != "a" || recs[0].Vecs[1][1] != 2 {
		t.Fatalf("read %+v %v", recs, err)
	}
	ix, _ := New(2, Options{})
	for _, r := range recs {
		if err := r.Apply(ctx, ix); err != nil {
			t.Fatal(err)
		}
	}
	if hits, _ := ix.Search(ctx, []float32{0.6, 0.8}, 5, nil); len(hits) != 2 || hits[0].ID != "c" {
		t.Fatalf("hits %v", hits)
	}
	if recs, err := ReadDelta(p, 2, 6); err != nil || recs != nil {
		t.Fatalf("other base: %v %v", recs, err)
	}
	b, _ := os.ReadFile(p)
	os.WriteFile(p, b[:len(b)-2], 0o644)
	if _, err := ReadDelta(p, 2, 7); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("torn: %v", err)
	}
	// Appending for a new base starts the file afresh.
	if _, err := AppendDelta(p, 2, 10, r2); err != nil {
		t.Fatal(err)
	}
	if recs, err := ReadDelta(p, 2, 10); err != nil || len(recs) != 1 {
		t.Fatalf("fresh: %v %v", recs, err)
	}
}

// TestDeltaHead checks that the head of a delta file tells what ReadDelta
// would, without reading every record, for each state a file can be in.
func TestDeltaHead(t *testing.T) {
	r1 := DeltaRecord{Gen: 8, IDs: []string{"a", "b"}, Vecs: [][]float32{{1, 0}, {0, 2}}}
	r2 := DeltaRecord{Gen: 9, Deleted: []string{"a"}, IDs: []string{"c"}, Vecs: [][]float32{{3, 4}}}
	write := func(t *testing.T, p string, recs ...DeltaRecord) []byte {
		for _, r := range recs {
			if _, err := AppendDelta(p, 2, 7, r); err != nil {
				t.Fatal(err)
			}
		}
		b, _ := os.ReadFile(p)
		return b
	}
	tests := []struct {
		name    string
		setup   func(t *testing.T, p string)
		base    uint64
		gen     uint64
		ok      bool
		corrupt bool
	}{
		{name: "missing", setup: func(*testing.T, string) {}, base: 7},
		{name: "two records", setup: func(t *testing.T, p string) { write(t, p, r1, r2) }, base: 7, gen: 9, ok: true},
		{name: "other base", setup: func(t *testing.T, p string) { write(t, p, r1) }, base: 6},
		{name: "header only", setup: func(t *testing.T, p string) {
			b := write(t, p, r1)
			os.WriteFile(p, b[:deltaHeaderSize], 0o644)
		}, base: 7},
		{name: "torn last record", setup: func(t *testing.T, p string) {
			b := write(t, p, r1, r2)
			os.WriteFile(p, b[:len(b)-2], 0o644)
		}, base: 7, corrupt: true},
		{name: "torn record header", setup: func(t *testing.T, p string) {
			b := write(t, p, r1)
			os.WriteFile(p, append(b, 1, 2, 3), 0o644)
		}, base: 7, corrupt: true},
		{name: "garbled last record", setup: func(t *testing.T, p string) {
			b := write(t, p, r1, r2)
			b[len(b)-1] ^= 0xff
			os.WriteFile(p, b, 0o644)
		}, base: 7, corrupt: true},
		{name: "bad magic", setup: func(t *testing.T, p string) { os.WriteFile(p, []byte("not a delta file at all!"), 0o644) }, base: 7, corrupt: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "v.delta")
			tt.setup(t, p)
			gen, size, ok, err := DeltaHead(p, 2, tt.base)
			if got := errors.Is(err, ErrCorrupt); got != tt.corrupt {
				t.Fatalf("err %v, want corrupt %v", err, tt.corrupt)
			}
			if tt.corrupt {
				return
			}
			if err != nil || ok != tt.ok || gen != tt.gen {
				t.Fatalf("got gen %d ok %v err %v, want gen %d ok %v", gen, ok, err, tt.gen, tt.ok)
			}
			if recs, _ := ReadDelta(p, 2, tt.base); ok && recs[len(recs)-1].Gen != gen {
				t.Fatalf("ReadDelta's last generation %d, head %d", recs[len(recs)-1].Gen, gen)
			}
			if fi, err := os.Stat(p); err == nil && fi.Size() != size {
				t.Fatalf("size %d, file %d", size, fi.Size())
			}
		})
	}
}
