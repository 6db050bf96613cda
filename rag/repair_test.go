package rag

import (
	"context"
	"os"
	"path/filepath"
	"testing"
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
