package app

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archon-memory/archon/memory"
)

// TestSymlinkOutOfWorkspace: a MEMORY.md linked to a file outside the
// workspace is neither indexed nor served, and the refusal names it.
func TestSymlinkOutOfWorkspace(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	secret := filepath.Join(t.TempDir(), "id_rsa")
	if err := os.WriteFile(secret, []byte("- TOPSECRETKEYMATERIAL do not share\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	wisdom := filepath.Join(ws.Root(), memory.WisdomFile)
	if err := os.Remove(wisdom); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, wisdom); err != nil {
		t.Fatal(err)
	}
	l := oneShot(t, ws, cfg)
	st, err := l.Index(ctx, IndexRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Refused) != 1 || st.Refused[0] != memory.WisdomFile {
		t.Errorf("refused = %v, want [%s]", st.Refused, memory.WisdomFile)
	}
	res, err := l.Search(ctx, SearchRequest{Query: "TOPSECRETKEYMATERIAL"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) != 0 {
		t.Errorf("search found the linked file: %+v", res.Results)
	}
	_, err = l.File(ctx, memory.WisdomFile)
	if !errors.Is(err, memory.ErrOutside) || !strings.Contains(err.Error(), secret) {
		t.Errorf("File: %v, want ErrOutside naming %s", err, secret)
	}
}
