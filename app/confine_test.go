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
	// Nothing that writes MEMORY.md or MEMORY_SUMMARY.md reads the outside
	// file in or replaces the link by a file.
	summary := filepath.Join(ws.Root(), memory.SummaryFile)
	os.Remove(summary)
	if err := os.Symlink(secret, summary); err != nil {
		t.Fatal(err)
	}
	conv := []byte(`[{"role": "user", "content": "We chose PostgreSQL for billing because we need transactions."}]`)
	writes := map[string]error{}
	_, writes["add section"] = l.AddSection(ctx, SectionRequest{Heading: "Rules", Text: "Run the tests."})
	_, writes["promote"] = l.Promote(ctx, PromoteRequest{})
	_, writes["summarize"] = l.Summarize(ctx, ConvRequest{Conversation: conv})
	for what, err := range writes {
		if !errors.Is(err, memory.ErrOutside) || !strings.Contains(err.Error(), secret) {
			t.Errorf("%s: %v, want ErrOutside naming %s", what, err, secret)
		}
	}
	for _, p := range []string{wisdom, summary} {
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer the link: %v", p, err)
		}
	}
	if b, _ := os.ReadFile(secret); string(b) != "- TOPSECRETKEYMATERIAL do not share\n" {
		t.Errorf("the outside file changed: %q", b)
	}
}
