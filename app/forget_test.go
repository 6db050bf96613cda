package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archon-memory/archon/memory"
)

// TestForgetRemovesFromFilesAndIndex: a forgotten entry is gone from its
// log and from search, its neighbours stay, and the audit names it
// without its text.
func TestForgetRemovesFromFilesAndIndex(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	for _, text := range []string{"the staging door code is 4471", "we chose NATS for the event bus"} {
		if _, err := l.Log(ctx, LogRequest{Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	dry, err := l.Forget(ctx, ForgetRequest{Query: "door code", DryRun: true})
	if err != nil || len(dry.Forgotten) != 1 {
		t.Fatalf("dry run: %v %+v", err, dry)
	}
	res, err := l.Forget(ctx, ForgetRequest{Query: "door code"})
	if err != nil || len(res.Forgotten) != 1 {
		t.Fatalf("forget: %v %+v", err, res)
	}
	hits, err := l.Search(ctx, SearchRequest{Query: "door code 4471"})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits.Results {
		if strings.Contains(h.Snippet, "4471") {
			t.Errorf("forgotten entry still found: %+v", h)
		}
	}
	nats, _ := l.Search(ctx, SearchRequest{Query: "NATS event bus"})
	if len(nats.Results) == 0 {
		t.Error("the neighbouring entry was lost")
	}
	audit, err := os.ReadFile(filepath.Join(ws.StateDir(), memory.ForgetLog))
	if err != nil || strings.Contains(string(audit), "4471") || !strings.Contains(string(audit), res.Forgotten[0].SHA256) {
		t.Errorf("audit: %v %s", err, audit)
	}
	if _, err := l.Forget(ctx, ForgetRequest{}); KindOf(err) != Invalid {
		t.Errorf("empty request: %v", err)
	}
}
