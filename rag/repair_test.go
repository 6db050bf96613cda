package rag

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/store"
)

// TestLeftoverSegmentIsNoDamage: a segment file no snapshot uses (what a
// merge interrupted by a kill leaves) is not read as damage; a live one
// that fails its CRC is.
func TestLeftoverSegmentIsNoDamage(t *testing.T) {
	ws := vectorWorkspace(t, 300)
	e := openIndexed(t, ws)
	e.Close()
	store := filepath.Join(IndexDir(ws), "fulltext", "entries", "store")
	if err := os.WriteFile(filepath.Join(store, "0000000fffff.zap"), []byte("half a merge"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, resident := range []bool{false, true} {
		e, err := Open(context.Background(), ws, Options{Resident: resident})
		if err != nil {
			t.Fatal(err)
		}
		if r := e.Repairs(); len(r) != 0 {
			t.Fatalf("resident=%v: a leftover file was taken for damage: %+v", resident, r)
		}
		e.Close()
	}
}

// TestPanickyDamageIsRebuilt: damage that makes bleve panic while opening
// (root.bolt's pages zeroed) is damage like any other: the index is
// rebuilt and answers as before; a directory where a lock file goes is
// cleared.
func TestPanickyDamageIsRebuilt(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	want := search(t, e, Query{Text: "stripe webhook"})
	e.Close()
	bolt := filepath.Join(IndexDir(ws), "fulltext", "entries", "store", "root.bolt")
	f, err := os.OpenFile(bolt, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt(make([]byte, 8192), 8192)
	f.Close()
	for _, lock := range []string{"fulltext.lock", "index.lock"} {
		p := filepath.Join(ws.StateDir(), lock)
		os.Remove(p)
		os.MkdirAll(filepath.Join(p, "x"), 0o755)
	}
	e2, err := Open(ctx, ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	if _, err := e2.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if got := search(t, e2, Query{Text: "stripe webhook"}); len(got) != len(want) || got[0].ID != want[0].ID {
		t.Fatalf("after the damage %+v, want %+v", got, want)
	}
}

// TestLeftoverSnapshotRemoved: a temporary vector snapshot a killed run
// left is removed by the next engine that owns the index.
func TestLeftoverSnapshotRemoved(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	left := e.vectorFiles().Snapshot + ".tmp-123456"
	e.Close()
	if err := os.WriteFile(left, make([]byte, 1<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	e2, err := Open(context.Background(), ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Fatalf("the leftover snapshot is still there: %v", err)
	}
}

// TestRepairAfterAnotherSetAside: when another process has already set a
// damaged index aside and made a new one, a repair uses that one instead
// of setting the sound new index aside too.
func TestRepairAfterAnotherSetAside(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	// Another process: the old index set aside, a new database made.
	dir := IndexDir(ws)
	if err := os.Rename(dir, dir+".damaged-20261207T000000.000000000"); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(dir, 0o755)
	st, err := store.Open(ctx, filepath.Join(dir, "rag.db"))
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := e.Repair(ctx, fmt.Errorf("%w: simulated", ErrDamagedIndex)); err != nil {
		t.Fatal(err)
	}
	aside, _ := filepath.Glob(dir + ".damaged-*")
	if len(aside) != 1 {
		t.Fatalf("%d indexes set aside, want only the damaged one: %v", len(aside), aside)
	}
	if got := search(t, e, Query{Text: "stripe webhook"}); len(got) == 0 {
		t.Fatal("no hits after the repair")
	}
}

// TestNewerIndex: an index database a newer archon wrote (a schema
// version past this one's) is refused, not taken for damage; with
// ReplaceNewer it is set aside and rebuilt from the files, and answers as
// before.
func TestNewerIndex(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	want := search(t, e, Query{Text: "stripe webhook"})
	e.Close()
	db, err := sql.Open("sqlite3", filepath.Join(IndexDir(ws), "rag.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA user_version = 999"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, resident := range []bool{false, true} {
		if _, err := Open(ctx, ws, Options{Resident: resident}); !errors.Is(err, ErrNewerIndex) || Damaged(err) {
			t.Fatalf("resident=%v: opening a newer index: %v, want ErrNewerIndex and no damage", resident, err)
		}
	}
	// In use by the archon that wrote it (a process holding the index's
	// lock): left where it is.
	f, err := os.OpenFile(filepath.Join(ws.StateDir(), "fulltext.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := memory.LockFile(ctx, f); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, ws, Options{ReplaceNewer: true}); !errors.Is(err, fulltext.ErrLocked) {
		t.Fatalf("replacing an index in use: %v, want it left in use", err)
	}
	if aside, _ := filepath.Glob(IndexDir(ws) + ".newer-*"); len(aside) != 0 {
		t.Fatalf("an index in use was set aside: %v", aside)
	}
	memory.UnlockFile(f)
	f.Close()
	for _, resident := range []bool{false, true} {
		if _, err := Open(ctx, ws, Options{Resident: resident}); !errors.Is(err, ErrNewerIndex) {
			t.Fatalf("resident=%v: the newer index is gone: %v", resident, err)
		}
	}
	e, err = Open(ctx, ws, Options{Resident: true, ReplaceNewer: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if r := e.Repairs(); len(r) != 1 || !strings.Contains(r[0].Problem, "newer archon") {
		t.Fatalf("repairs %+v, want the newer index set aside", r)
	}
	if aside, _ := filepath.Glob(IndexDir(ws) + ".newer-*"); len(aside) != 1 {
		t.Fatalf("set aside: %v, want one copy", aside)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	got := search(t, e, Query{Text: "stripe webhook"})
	if len(got) != len(want) {
		t.Fatalf("after the rebuild %d hits, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].ID != want[i].ID {
			t.Fatalf("after the rebuild hit %d is %s, want %s", i, got[i].ID, want[i].ID)
		}
	}
}
