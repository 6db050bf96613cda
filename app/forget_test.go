package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
	if _, err := l.Forget(ctx, ForgetRequest{IDs: []string{""}}); KindOf(err) != Invalid || !strings.Contains(err.Error(), "bad item id") {
		t.Errorf("forget of an empty id: %v, want invalid as get says", err)
	}
	if _, err := l.Forget(ctx, ForgetRequest{}); KindOf(err) != Invalid {
		t.Errorf("empty request: %v", err)
	}
}

// TestSharedForgetOfOneTwin: a forget record another node wrote for one of
// two identical entries, keeping the other, leaves one here, however often
// it is applied; a node that caught up after the store erased the one (it
// received only the other) keeps that; a record that keeps none (or from
// before Keep) forgets both.
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
	target := shared.ForgetTarget{Date: twin.Date, Time: twin.Time, Agent: twin.Agent, Hash: shared.TextHash(twin.Text), Keep: 1}
	apply := func(tg shared.ForgetTarget, left int) {
		t.Helper()
		rec, err := shared.ForgetRecord("2026-12-02", "09:00", []shared.ForgetTarget{tg})
		if err != nil {
			t.Fatal(err)
		}
		if err := l.applyForgets(ctx, []shared.Entry{rec}); err != nil {
			t.Fatal(err)
		}
		lg, err := ws.ReadLog(twin.Path)
		if left == 0 && errors.Is(err, fs.ErrNotExist) {
			return // the day's last entry forgotten, its file goes
		}
		if err != nil || len(lg.Entries) != left {
			t.Fatalf("after a forget keeping %d: %v entries left (want %d), %v", tg.Keep, lg, left, err)
		}
	}
	apply(target, 1) // the node had both
	apply(target, 1) // applied again (a batch replayed after a crash)
	target.Keep = 0
	apply(target, 0)
}

// TestForgetL3Record: forget takes an L3 record by its own id or a hit's,
// deletes it from the knowledge store and the index, and records it in the
// audit without its text; a dry run keeps it; a record others link to is
// refused.
func TestForgetL3Record(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	it, err := l.AddItem(ctx, ItemInput{Kind: "gotcha", Title: "the staging key is hunter2quokka"})
	if err != nil {
		t.Fatal(err)
	}
	t1, err := l.AddTask(ctx, TaskInput{Title: "rotate the quokka key"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddTask(ctx, TaskInput{Title: "ship", DependsOn: []string{t1.ID}}); err != nil {
		t.Fatal(err)
	}
	dry, err := l.Forget(ctx, ForgetRequest{IDs: []string{it.ID}, DryRun: true})
	if err != nil || len(dry.Forgotten) != 1 || dry.Forgotten[0].Path != "knowledge/"+it.ID {
		t.Fatalf("dry run: %+v %v", dry, err)
	}
	hits, err := l.Search(ctx, SearchRequest{Query: "hunter2quokka", Refresh: true})
	if err != nil || len(hits.Results) != 1 {
		t.Fatalf("before: %+v %v", hits, err)
	}
	res, err := l.Forget(ctx, ForgetRequest{IDs: []string{hits.Results[0].ID}})
	if err != nil || len(res.Forgotten) != 1 {
		t.Fatalf("forget: %+v %v", res, err)
	}
	if hits, _ := l.Search(ctx, SearchRequest{Query: "hunter2quokka"}); len(hits.Results) != 0 {
		t.Fatalf("still found: %+v", hits.Results)
	}
	audit, _ := os.ReadFile(filepath.Join(ws.StateDir(), memory.ForgetLog))
	if strings.Contains(string(audit), "hunter2") || !strings.Contains(string(audit), `"path":"knowledge/`+it.ID+`"`) {
		t.Fatalf("audit: %s", audit)
	}
	// A record forget may not delete is refused before any log is
	// touched, in a dry run too.
	e, err := l.Log(ctx, LogRequest{Text: "rotated the staging key"})
	if err != nil {
		t.Fatal(err)
	}
	for _, dry := range []bool{true, false} {
		if _, err := l.Forget(ctx, ForgetRequest{IDs: []string{e.ID, t1.ID}, DryRun: dry}); KindOf(err) != Conflict {
			t.Fatalf("a task another depends on (dry run %v): %v", dry, err)
		}
	}
	if lg, err := ws.ReadLog(e.Path); err != nil || len(lg.Entries) != 1 {
		t.Fatalf("the entry was forgotten though the forget was refused: %+v %v", lg, err)
	}
}

// TestForgetPromotedItemWarns: forgetting an item promoted into MEMORY.md
// says that the file still holds it.
func TestForgetPromotedItemWarns(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	candidates(t, l, "Retry with jitter")
	if res, err := l.Promote(ctx, PromoteRequest{}); err != nil || len(res.Added) != 1 {
		t.Fatalf("promote: %+v %v", res, err)
	}
	res, err := l.Forget(ctx, ForgetRequest{IDs: []string{"K1"}})
	if err != nil || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "MEMORY.md, which still holds it") {
		t.Fatalf("forget: %+v %v", res, err)
	}
}

// TestForgetLeavesHandWrittenText: text above a log's first entry is
// searchable but no entry: forget --query passes over it and forgets the
// entry, and forgetting it by its id says to edit the file by hand.
func TestForgetLeavesHandWrittenText(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	rel := "memory/2026-12-01.md"
	if err := os.WriteFile(filepath.Join(ws.Root(), rel), []byte("# 2026-12-01\n\nNotes: the capybara door code changed.\n\n## 10:00 ops\nthe capybara door code is 1234\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := oneShot(t, ws, cfg)
	res, err := l.Forget(ctx, ForgetRequest{Query: "capybara door code", DryRun: true})
	if err != nil || len(res.Forgotten) != 1 || res.Forgotten[0].LineStart != 5 {
		t.Fatalf("forget --query: %+v %v", res, err)
	}
	hits, err := l.Search(ctx, SearchRequest{Query: "capybara notes changed"})
	if err != nil || len(hits.Results) == 0 || hits.Results[0].Kind != "section" {
		t.Fatalf("search: %+v %v", hits, err)
	}
	if _, err := l.Forget(ctx, ForgetRequest{IDs: []string{hits.Results[0].ID}}); KindOf(err) != Invalid || !strings.Contains(err.Error(), "edit that file by hand") {
		t.Fatalf("forget of the hand-written text: %v", err)
	}
}

// TestSharedForgetInHandFiledLog: a forget record from the team reaches an
// entry of a day filed by hand under memory/archive/ in another layout.
func TestSharedForgetInHandFiledLog(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	rel := "memory/archive/2025-01-03.md"
	if err := os.MkdirAll(filepath.Join(ws.Root(), "memory/archive"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws.Root(), rel), []byte("# 2025-01-03\n\n## 10:00 ops\nthe old door code\n\n## 11:00 ops\nkept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := oneShot(t, ws, cfg)
	rec, err := shared.ForgetRecord("2026-12-02", "09:00", []shared.ForgetTarget{{Date: "2025-01-03", Time: "10:00", Agent: "ops", Hash: shared.TextHash("the old door code")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.applyForgets(ctx, []shared.Entry{rec}); err != nil {
		t.Fatal(err)
	}
	if lg, err := ws.ReadLog(rel); err != nil || len(lg.Entries) != 1 || lg.Entries[0].Text != "kept" {
		t.Fatalf("after the forget: %+v %v", lg, err)
	}
}

// TestLogIDOfARepeat: an entry logged alike but for its tags after
// another (a retry that added a tag) gets the id the index gives it, not
// the first one's, so that get and forget with it reach it, in the process
// that logged both and in another one that logs a third.
func TestLogIDOfARepeat(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	req := LogRequest{Date: "2026-12-03", Time: "10:00", Agent: "bot", Text: "password rotated"}
	first, err := l.Log(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	req.Tags = []string{"mistake"}
	second, err := l.Log(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if second.ID != first.ID+"-2" {
		t.Fatalf("ids %s and %s: want the second numbered apart", first.ID, second.ID)
	}
	// Another process (a cold cache) logs a third alike.
	ws2, err := memory.Open(ws.Root())
	if err != nil {
		t.Fatal(err)
	}
	third, err := oneShot(t, ws2, cfg).Log(ctx, LogRequest{Date: "2026-12-03", Time: "10:00", Agent: "bot", Text: "password rotated", Tags: []string{"later"}})
	if err != nil {
		t.Fatal(err)
	}
	if third.ID != first.ID+"-3" {
		t.Fatalf("third id %s: want %s-3", third.ID, first.ID)
	}
	got, err := l.Get(ctx, GetRequest{ID: second.ID})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(got.Tags, "mistake") {
		t.Errorf("get %s: %+v, want the entry tagged mistake", second.ID, got)
	}
	if _, err := l.Forget(ctx, ForgetRequest{IDs: []string{second.ID}}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(ws.Root(), "memory", "2026-12-03.md"))
	if err != nil {
		t.Fatal(err)
	}
	if s := string(data); strings.Contains(s, "#mistake") || !strings.Contains(s, "#later") || strings.Count(s, "password rotated") != 2 {
		t.Errorf("after forgetting the second:\n%s", s)
	}
}

// TestForgetSaysWhatIsLeft: a forget by query forgets its top k, and says
// how many more entries hold every word of the query.
func TestForgetSaysWhatIsLeft(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	for i := range 15 {
		if _, err := l.Log(ctx, LogRequest{Text: fmt.Sprintf("staging password rotated, ticket %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := l.Forget(ctx, ForgetRequest{Query: "staging password"})
	if err != nil || len(res.Forgotten) != 10 || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], `5 more entries hold every word of "staging password" beyond the top 10`) {
		t.Fatalf("forget: %v %d %v", err, len(res.Forgotten), res.Warnings)
	}
	res, err = l.Forget(ctx, ForgetRequest{Query: "staging password"})
	if err != nil || len(res.Forgotten) != 5 || len(res.Warnings) != 0 {
		t.Fatalf("again: %v %d %v", err, len(res.Forgotten), res.Warnings)
	}
}
