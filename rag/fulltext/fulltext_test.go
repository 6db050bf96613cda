package fulltext

import (
	"context"
	"path/filepath"
	"testing"
)

// TestBuildEmpty: a workspace with nothing to index yet (a fresh one:
// its templates say nothing) builds an empty index that opens.
func TestBuildEmpty(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ft")
	if err := Build(context.Background(), dir, nil, nil); err != nil {
		t.Fatal(err)
	}
	idx, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.Close(); err != nil {
		t.Fatal(err)
	}
}
