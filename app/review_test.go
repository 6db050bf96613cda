package app

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
)

// candidates adds n patterns that meet the default promotion rule.
func candidates(t *testing.T, l *Local, titles ...string) {
	t.Helper()
	ctx := context.Background()
	for _, p := range []string{"alpha", "beta"} {
		if _, err := l.AddProject(ctx, ProjectInput{Name: p}); err != nil {
			t.Fatal(err)
		}
	}
	yes := true
	for _, title := range titles {
		it, err := l.AddItem(ctx, ItemInput{Kind: "pattern", Title: title})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []ObserveInput{{Agent: "a1", Project: "alpha"}, {Agent: "a2", Project: "beta"}, {Agent: "a1", Project: "beta"}} {
			o.Success = &yes
			if _, err := l.Observe(ctx, it.ID, o); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPromotionReview approves one candidate, rejects another, and
// restores MEMORY.md from the backup the promotion kept.
func TestPromotionReview(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	candidates(t, l, "Retry with jitter", "Pin the toolchain", "Vendor nothing")
	before, err := os.ReadFile(ws.WisdomPath())
	if err != nil {
		t.Fatal(err)
	}

	dry, err := l.Promote(ctx, PromoteRequest{DryRun: true})
	if err != nil || len(dry.Added) != 3 || !strings.Contains(dry.Diff, "+### Retry with jitter") || !strings.HasPrefix(dry.Diff, "--- MEMORY.md") {
		t.Fatalf("dry run: %+v %v", dry, err)
	}
	tests := []struct {
		name    string
		req     PromoteRequest
		kind    Kind
		added   []string
		decided map[string]string // item: action after
	}{
		{"approve one", PromoteRequest{Items: []string{"K1"}}, "", []string{"K1"}, map[string]string{"K1": "already", "K2": "promote"}},
		{"approve again", PromoteRequest{Items: []string{"K1"}}, Conflict, nil, nil},
		{"unknown item", PromoteRequest{Reject: []string{"K9"}}, Conflict, nil, nil},
		{"reject one", PromoteRequest{Reject: []string{"K2"}}, "", []string{}, map[string]string{"K2": "rejected", "K3": "promote"}},
		{"rejected is not proposed", PromoteRequest{Items: []string{"K2"}}, Conflict, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := l.Promote(ctx, tt.req)
			if tt.kind != "" {
				if KindOf(err) != tt.kind {
					t.Fatalf("err %v (kind %v), want kind %v", err, KindOf(err), tt.kind)
				}
				return
			}
			if err != nil || strings.Join(res.Added, ",") != strings.Join(tt.added, ",") {
				t.Fatalf("added %v, err %v; want %v", res.Added, err, tt.added)
			}
			after, err := l.Promote(ctx, PromoteRequest{DryRun: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range after.Decisions {
				if want, ok := tt.decided[d.Item]; ok && d.Action != want {
					t.Errorf("%s: %s, want %s", d.Item, d.Action, want)
				}
			}
		})
	}

	// The promotion kept the version before it; restoring it undoes the
	// promotion, and is itself kept, so it can be undone in turn.
	bs, err := l.Backups(ctx)
	if err != nil || len(bs) != 1 || bs[0].File != memory.WisdomFile {
		t.Fatalf("backups: %+v %v", bs, err)
	}
	b, err := l.Backup(ctx, "", bs[0].ID)
	if err != nil || b.Text != string(before) || !strings.Contains(b.Diff, "-### Retry with jitter") {
		t.Fatalf("backup: %+v %v", b, err)
	}
	res, err := l.Restore(ctx, RestoreRequest{File: memory.WisdomFile, ID: bs[0].ID})
	if err != nil || res.Backup == "" {
		t.Fatalf("restore: %+v %v", res, err)
	}
	if now, _ := os.ReadFile(ws.WisdomPath()); string(now) != string(before) {
		t.Errorf("MEMORY.md after restore:\n%s", now)
	}
	if bs, _ := l.Backups(ctx); len(bs) != 2 || bs[0].ID != res.Backup {
		t.Errorf("backups after restore: %+v", bs)
	}
	for _, bad := range []RestoreRequest{{File: memory.WisdomFile, ID: "../MEMORY.md"}, {File: "archon.yaml", ID: bs[0].ID}, {ID: "MEMORY-000099-20260101T000000Z.md"}} {
		if _, err := l.Restore(ctx, bad); KindOf(err) != NotFound && KindOf(err) != Invalid {
			t.Errorf("restore %+v: %v", bad, err)
		}
	}
}

// TestReviewHoldsForEveryRun: with promote.review, a run without a verdict
// only proposes, whoever runs it; a verdict adds what it approves, and the
// candidates it did not name still wait.
func TestReviewHoldsForEveryRun(t *testing.T) {
	ctx := context.Background()
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC", "ARCHON_PROMOTE_REVIEW=true")
	l := oneShot(t, ws, cfg)
	candidates(t, l, "Retry with jitter", "Pin the toolchain")
	before, _ := os.ReadFile(ws.WisdomPath())
	res, err := l.Promote(ctx, PromoteRequest{})
	if now, _ := os.ReadFile(ws.WisdomPath()); err != nil || !res.Review || len(res.Added) != 2 || string(now) != string(before) {
		t.Fatalf("a run without a verdict: %+v %v", res, err)
	}
	res, err = l.Promote(ctx, PromoteRequest{Items: []string{"K1"}})
	if err != nil || res.Review || strings.Join(res.Added, ",") != "K1" || res.Decisions[1].Action != "waiting" {
		t.Fatalf("a verdict approving K1: %+v %v", res, err)
	}
}

// TestContextSessions keeps the latest check of each session, and the
// context log names session and agent.
func TestContextSessions(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	conv, _ := json.Marshal([]map[string]string{{"role": "user", "content": "Plan the export."}})
	for _, r := range []ConvRequest{{Session: "s1", Agent: "planner"}, {Agent: "executor"}, {Session: "s1", Agent: "planner"}, {}} {
		r.Conversation = conv
		if _, err := l.Check(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := l.ContextSessions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, s := range got {
		keys = append(keys, s.Key+":"+string(rune('0'+s.Checks)))
	}
	if strings.Join(keys, ",") != "default:1,s1:2,executor:1" {
		t.Errorf("sessions: %v", keys)
	}
	evs, err := l.ContextLog(ctx, 10)
	if err != nil || len(evs) != 4 || evs[0].Session != "s1" || evs[1].Agent != "executor" {
		t.Errorf("context log: %+v %v", evs, err)
	}
	if _, err := l.Check(ctx, ConvRequest{Conversation: conv, Session: "bad\nsession"}); KindOf(err) != Invalid {
		t.Errorf("a session id with a newline: %v", err)
	}
}

// TestTimelineAndExplain lists the logs, archived ones too, and explains
// a hit.
func TestTimelineAndExplain(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	for _, r := range []LogRequest{
		{Date: "2026-01-05", Agent: "planner", Text: "Chose PostgreSQL for billing."},
		{Agent: "planner", Text: "Wrote the invoices migration."},
		{Agent: "reviewer", Text: "Reviewed the invoices migration."},
	} {
		if _, err := l.Log(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.Archive(ctx, ArchiveRequest{}); err != nil {
		t.Fatal(err)
	}
	days, err := l.Logs(ctx)
	if err != nil || len(days) != 2 || !days[0].Archived || days[0].Entries != 1 || days[1].Entries != 2 ||
		strings.Join(days[1].Agents, ",") != "planner,reviewer" {
		t.Fatalf("logs: %+v %v", days, err)
	}
	res, err := l.Search(ctx, SearchRequest{Query: "postgresql billing", Explain: true, Refresh: true})
	if err != nil || len(res.Results) == 0 {
		t.Fatalf("search: %+v %v", res, err)
	}
	why := res.Results[0].Why
	if why == nil || strings.Join(why.Words, ",") != "postgresql,billing" || why.Text+why.Meaning < 0.99 {
		t.Errorf("why: %+v", why)
	}
	if plain, _ := l.Search(ctx, SearchRequest{Query: "postgresql billing"}); plain.Results[0].Why != nil {
		t.Error("a search that does not ask to explain says why")
	}
}

// TestPrepareCountsAsTheSessionsCheck: the check a prepare makes counts
// among its session's checks, and its context-log events are the
// session's caller's (no agent given: none, not "archon"), so that the
// inspector's count and its chart agree.
func TestPrepareCountsAsTheSessionsCheck(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	conv, _ := json.Marshal([]map[string]string{{"role": "user", "content": "Plan the export."}})
	r := ConvRequest{Conversation: conv, Session: "alpha", Model: "gpt-4o"}
	if _, err := l.Check(ctx, r); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Prepare(ctx, PrepareRequest{ConvRequest: r, Action: "compact"}); err != nil {
		t.Fatal(err)
	}
	got, err := l.ContextSessions(ctx)
	if err != nil || len(got) != 1 || got[0].Checks != 2 {
		t.Fatalf("sessions: %+v %v", got, err)
	}
	evs, err := l.ContextLog(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	checks := 0
	for _, e := range evs {
		if e.Agent != "" {
			t.Errorf("event of agent %q: %+v", e.Agent, e)
		}
		if e.Kind == "check" && e.Session == "alpha" {
			checks++
		}
	}
	if checks != got[0].Checks {
		t.Errorf("the log has %d checks of alpha, the session %d", checks, got[0].Checks)
	}
}
