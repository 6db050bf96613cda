package client_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/client"
	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/server"
)

// open returns a workspace's local memory (a service) and a client of the
// same memory served over loopback.
func open(t *testing.T) (*app.Local, *client.Client) {
	t.Helper()
	ctx := context.Background()
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC")
	local, err := app.Open(ctx, ws, cfg, app.Options{Rescan: -1, IndexDelay: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(local, server.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		if err := local.Close(); err != nil {
			t.Error(err)
		}
	})
	return local, client.New(&client.Discovery{URL: hs.URL}, 10*time.Second)
}

// same fails unless local and remote answered alike: equal JSON, or
// errors of the same kind and message.
func same(t *testing.T, what string, lv any, lerr error, rv any, rerr error) {
	t.Helper()
	if (lerr == nil) != (rerr == nil) {
		t.Fatalf("%s: local error %v, remote error %v", what, lerr, rerr)
	}
	if lerr != nil {
		if app.KindOf(lerr) != app.KindOf(rerr) || lerr.Error() != rerr.Error() {
			t.Fatalf("%s: local error %q (%s), remote %q (%s)", what, lerr, app.KindOf(lerr), rerr, app.KindOf(rerr))
		}
		return
	}
	lj, _ := json.Marshal(lv)
	rj, _ := json.Marshal(rv)
	if string(lj) != string(rj) {
		t.Fatalf("%s differs:\nlocal  %s\nremote %s", what, lj, rj)
	}
}

// TestClientMatchesLocal calls every read operation of app.Memory on the
// local memory and through the client, and checks the answers agree; the
// writes go through the client and are seen by both.
func TestClientMatchesLocal(t *testing.T) {
	ctx := context.Background()
	l, c := open(t)
	var m app.Memory = c
	for _, r := range []app.LogRequest{
		{Date: "2026-11-18", Time: "14:03", Agent: "planner", Tags: []string{"db", "decision"}, Text: "Chose PostgreSQL: we need transactions."},
		{Date: "2026-11-18", Time: "14:10", Agent: "executor", Text: "ERROR: migration 0003 failed on the users table."},
	} {
		if _, err := m.Log(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	p, err := m.AddProject(ctx, app.ProjectInput{Name: "billing"})
	if err != nil {
		t.Fatal(err)
	}
	t1, err := m.AddTask(ctx, app.TaskInput{Title: "index users.email", Project: p.ID, Priority: new(app.Priority(2))})
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.AddItem(ctx, app.ItemInput{Kind: "gotcha", Title: "bleve waits on its lock", Tags: []string{"index"}})
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	if _, err := m.Observe(ctx, k.ID, app.ObserveInput{Agent: "a", Success: &yes}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Index(ctx, app.IndexRequest{}); err != nil {
		t.Fatal(err)
	}
	conv, _ := json.Marshal(`[{"role":"user","content":"Decided: use PostgreSQL."}]`)
	sr := app.SearchRequest{Query: "postgres transactions", TopK: 5}

	for _, tc := range []struct {
		what string
		call func(m app.Memory) (any, error)
	}{
		{"search", func(m app.Memory) (any, error) { return m.Search(ctx, sr) }},
		{"count", func(m app.Memory) (any, error) {
			return m.Count(ctx, app.SearchRequest{Query: "postgres", Tags: []string{"db"}})
		}},
		{"search with a bad date", func(m app.Memory) (any, error) { return m.Search(ctx, app.SearchRequest{Query: "x", Since: "soon"}) }},
		{"get unknown", func(m app.Memory) (any, error) { return m.Get(ctx, app.GetRequest{ID: "0123456789abcdef"}) }},
		{"file", func(m app.Memory) (any, error) { return m.File(ctx, memory.WisdomFile) }},
		{"file unknown", func(m app.Memory) (any, error) { return m.File(ctx, "SOUL.md") }},
		{"status", func(m app.Memory) (any, error) { return m.Status(ctx) }},
		{"l1", func(m app.Memory) (any, error) { return m.L1(ctx, 0) }},
		{"warmth", func(m app.Memory) (any, error) { return m.Warmth(ctx, 500) }},
		{"profile", func(m app.Memory) (any, error) { return m.Profile(ctx, "grid") }},
		{"profile unknown", func(m app.Memory) (any, error) { return m.Profile(ctx, "nope") }},
		{"model", func(m app.Memory) (any, error) { return m.Model(ctx) }},
		{"check dry", func(m app.Memory) (any, error) {
			return m.Prepare(ctx, app.PrepareRequest{ConvRequest: app.ConvRequest{Conversation: conv, Model: "gpt-4o"}, DryRun: true, AsText: true})
		}},
		{"gate dry", func(m app.Memory) (any, error) {
			return m.Gate(ctx, app.PrepareRequest{ConvRequest: app.ConvRequest{Conversation: conv, Model: "gpt-4o"}, DryRun: true})
		}},
		{"bad conversation", func(m app.Memory) (any, error) { return m.Check(ctx, app.ConvRequest{}) }},
		{"archive dry", func(m app.Memory) (any, error) { return m.Archive(ctx, app.ArchiveRequest{DryRun: true}) }},
		{"forget dry", func(m app.Memory) (any, error) {
			return m.Forget(ctx, app.ForgetRequest{Query: "PostgreSQL", DryRun: true})
		}},
		{"forget nothing", func(m app.Memory) (any, error) { return m.Forget(ctx, app.ForgetRequest{}) }},
		{"forget unknown id", func(m app.Memory) (any, error) { return m.Forget(ctx, app.ForgetRequest{IDs: []string{"nope"}}) }},
		{"memory tool view", func(m app.Memory) (any, error) {
			return m.MemoryTool(ctx, app.MemoryToolRequest{Command: "view", Path: "/memories/MEMORY.md"})
		}},
		{"memory tool bad path", func(m app.Memory) (any, error) {
			return m.MemoryTool(ctx, app.MemoryToolRequest{Command: "view", Path: "/etc/passwd"})
		}},
		{"archive bad age", func(m app.Memory) (any, error) { return m.Archive(ctx, app.ArchiveRequest{OlderThan: "soon"}) }},
		{"promote dry", func(m app.Memory) (any, error) { return m.Promote(ctx, app.PromoteRequest{DryRun: true}) }},
		{"projects", func(m app.Memory) (any, error) { return m.Projects(ctx, "") }},
		{"project", func(m app.Memory) (any, error) { return m.Project(ctx, "billing") }},
		{"project unknown", func(m app.Memory) (any, error) { return m.Project(ctx, "P99") }},
		{"tasks ready", func(m app.Memory) (any, error) { return m.Tasks(ctx, app.TaskFilter{Ready: true}) }},
		{"task", func(m app.Memory) (any, error) { return m.Task(ctx, t1.ID) }},
		{"items", func(m app.Memory) (any, error) { return m.Items(ctx, app.ItemFilter{Tag: "index"}) }},
		{"item", func(m app.Memory) (any, error) { return m.Item(ctx, k.ID) }},
		{"bad kind", func(m app.Memory) (any, error) { return m.AddItem(ctx, app.ItemInput{Kind: "rumour", Title: "x"}) }},
		{"export", func(m app.Memory) (any, error) { return m.Export(ctx) }},
		{"jobs", func(m app.Memory) (any, error) { return m.Jobs(ctx) }},
		{"job unknown", func(m app.Memory) (any, error) { return m.RunJob(ctx, "nope") }},
	} {
		lv, lerr := tc.call(l)
		rv, rerr := tc.call(c)
		same(t, tc.what, lv, lerr, rv, rerr)
	}

	// A write through the client is what the local memory reads back.
	doc, err := l.Export(ctx)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Import(ctx, app.ImportRequest{Document: doc.Document})
	if err != nil || len(res.Added) != 0 || len(res.Unchanged) == 0 {
		t.Fatalf("import of its own export: %+v %v", res, err)
	}
	done, err := c.DoneTask(ctx, t1.ID, false)
	if err != nil || done.Status != "done" {
		t.Fatalf("done: %+v %v", done, err)
	}
	if _, err := c.DoneTask(ctx, t1.ID, false); app.KindOf(err) != app.Conflict {
		t.Fatalf("done twice: %v (%s)", err, app.KindOf(err))
	}
	if got, err := l.Task(ctx, t1.ID); err != nil || got.Status != "done" {
		t.Fatalf("local after remote done: %+v %v", got, err)
	}
	if r, err := c.AddSection(ctx, app.SectionRequest{Heading: "From Claude Code: CLAUDE.md", Text: "Run make test before pushing."}); err != nil || !r.Added {
		t.Fatalf("add section: %+v %v", r, err)
	}
	if r, err := l.AddSection(ctx, app.SectionRequest{Heading: "From Claude Code: CLAUDE.md", Text: "again"}); err != nil || r.Added {
		t.Fatalf("the section twice: %+v %v", r, err)
	}
	_, lerr := l.AddSection(ctx, app.SectionRequest{Heading: "two\nlines", Text: "x"})
	_, rerr := c.AddSection(ctx, app.SectionRequest{Heading: "two\nlines", Text: "x"})
	same(t, "bad heading", nil, lerr, nil, rerr)
	name := "claude-sonnet-4"
	if mo, err := c.SetModel(ctx, &name); err != nil || mo.Model == nil || *mo.Model != name {
		t.Fatalf("set model: %+v %v", mo, err)
	}
	lm, _ := l.Model(ctx)
	if lm.Model == nil || *lm.Model != name {
		t.Fatalf("local model after remote set: %+v", lm)
	}
	h, err := c.Health(ctx)
	if err != nil || h.Status != "ok" || !reflect.DeepEqual(h.Root, l.Workspace().Root()) {
		t.Fatalf("health: %+v %v", h, err)
	}
	if _, err := c.Check(ctx, app.ConvRequest{Conversation: conv, Model: "gpt-4o"}); err != nil {
		t.Fatal(err)
	}
	rev, rerr := c.ContextLog(ctx, 10)
	lev, lerr := l.ContextLog(ctx, 10)
	same(t, "context log", lev, lerr, rev, rerr)
	if len(rev) != 1 || rev[0].Kind != "check" || rev[0].Model != name {
		t.Fatalf("context log: %+v", rev)
	}
}

// TestClientRefusesDotIDs: an id that is empty, "." or ".." is refused as
// a bad id by the client, not sent as a path that names another route.
func TestClientRefusesDotIDs(t *testing.T) {
	ctx := context.Background()
	_, c := open(t)
	for _, id := range []string{"", ".", ".."} {
		_, err := c.Get(ctx, app.GetRequest{ID: id})
		if app.KindOf(err) != app.Invalid || strings.Contains(err.Error(), "endpoint") {
			t.Errorf("get %q: %v (%s)", id, err, app.KindOf(err))
		}
		if _, err := c.UpdateTask(ctx, id, app.TaskPatch{}); app.KindOf(err) != app.Invalid {
			t.Errorf("update task %q: %v", id, err)
		}
	}
}

// TestClientRefusesBadUTF8: text that is not UTF-8 is refused through the
// service as by the workspace itself, not stored with U+FFFD in place of
// its bad bytes.
func TestClientRefusesBadUTF8(t *testing.T) {
	ctx := context.Background()
	local, c := open(t)
	_, lerr := local.Log(ctx, app.LogRequest{Text: "bad \xff byte"})
	_, rerr := c.Log(ctx, app.LogRequest{Text: "bad \xff byte"})
	if app.KindOf(lerr) != app.Invalid || app.KindOf(rerr) != app.Invalid || !strings.Contains(rerr.Error(), "text is not valid UTF-8 (first bad byte at offset 4)") {
		t.Fatalf("local %v, remote %v", lerr, rerr)
	}
	if _, err := c.AddItem(ctx, app.ItemInput{Kind: "note", Title: "t \xfe x"}); app.KindOf(err) != app.Invalid || !strings.Contains(err.Error(), "title") {
		t.Fatalf("add item: %v", err)
	}
	if _, err := c.AddTask(ctx, app.TaskInput{Title: "ok", DependsOn: []string{"T\xff"}}); app.KindOf(err) != app.Invalid || !strings.Contains(err.Error(), "depends_on[0]") {
		t.Fatalf("add task: %v", err)
	}
	st, err := local.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.L2.Entries > 0 || st.L3.Items > 0 || st.L3.Tasks > 0 {
		t.Fatalf("something was stored: L2 %+v, L3 %+v", st.L2, st.L3)
	}
}
