package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/shared"
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

// TestSharedForgetOfOneTwin: a forget record another node wrote for one of
// two identical entries removes one of them here, not both.
func TestSharedForgetOfOneTwin(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	var twin *Entry
	for range 2 {
		e, err := l.Log(ctx, LogRequest{Text: "tests pass", Agent: "ci", Date: "2026-12-01", Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		twin = e
	}
	target := shared.ForgetTarget{Date: twin.Date, Time: twin.Time, Agent: twin.Agent, Hash: shared.TextHash(twin.Text)}
	for left := 1; left >= 0; left-- {
		rec, err := shared.ForgetRecord("2026-12-02", "09:00", []shared.ForgetTarget{target})
		if err != nil {
			t.Fatal(err)
		}
		if err := l.applyForgets(ctx, []shared.Entry{rec}); err != nil {
			t.Fatal(err)
		}
		lg, err := ws.ReadLog(twin.Path)
		if err != nil || len(lg.Entries) != left {
			t.Fatalf("after a forget: %d entries left (want %d), %v", len(lg.Entries), left, err)
		}
	}
}
