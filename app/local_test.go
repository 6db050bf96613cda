package app

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
)

// workspace creates an initialised workspace in a temporary directory.
func workspace(t *testing.T) (*memory.Workspace, *config.Loaded) {
	return testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC")
}

// oneShot opens ws as the CLI does (engines on first use), closed when
// the test ends.
func oneShot(t *testing.T, ws *memory.Workspace, cfg *config.Loaded) *Local {
	t.Helper()
	l, err := Open(context.Background(), ws, cfg, Options{OneShot: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// TestOneShotOpensEnginesOnFirstUse: a log opens no engine, reading the
// status creates no knowledge database, and a search opens the retrieval
// engine once, with the L3 records of the one store.
func TestOneShotOpensEnginesOnFirstUse(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	if _, err := l.Log(ctx, LogRequest{Agent: "planner", Text: "Chose PostgreSQL for the ledger."}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Status(ctx); err != nil {
		t.Fatal(err)
	}
	for name, opened := range map[string]bool{"retrieval": peeked(&l.rag), "monitor": peeked(&l.mon), "knowledge": peeked(&l.l3)} {
		if opened {
			t.Errorf("log and status opened the %s engine", name)
		}
	}
	if exists(rag.IndexDir(ws)) || exists(knowledge.DefaultPath(ws.StateDir())) {
		t.Fatalf("log and status created an index or the knowledge database")
	}
	if _, err := l.AddItem(ctx, ItemInput{Kind: "decision", Title: "Ledger on PostgreSQL", Body: "transactions"}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Index(ctx, IndexRequest{}); err != nil {
		t.Fatal(err)
	}
	resp, err := l.Search(ctx, SearchRequest{Query: "ledger postgresql"})
	if err != nil {
		t.Fatal(err)
	}
	layers := map[string]bool{}
	for _, r := range resp.Results {
		layers[r.Layer] = true
	}
	if !layers["L2"] || !layers["L3"] {
		t.Fatalf("want the entry (L2) and the item (L3): %+v", resp.Results)
	}
	first, _ := l.rag.peek()
	if _, err := l.Search(ctx, SearchRequest{Query: "ledger"}); err != nil {
		t.Fatal(err)
	}
	if again, _ := l.rag.peek(); again != first {
		t.Fatal("the retrieval engine was opened twice")
	}
}

func peeked[T any](z *lazy[T]) bool {
	_, ok := z.peek()
	return ok
}

// TestJobsRunOnTheMemory: a job runs on demand without a service; an
// unknown job is NotFound; the list comes from the state file.
func TestJobsRunOnTheMemory(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	st, err := l.RunJob(ctx, "reindex")
	if err != nil || st.LastResult != "ok" {
		t.Fatalf("reindex: %+v %v", st, err)
	}
	if _, err := l.RunJob(ctx, "nope"); KindOf(err) != NotFound {
		t.Fatalf("unknown job: %v (%s)", err, KindOf(err))
	}
	list, err := l.Jobs(ctx)
	if err != nil || len(list) != len(JobNames()) {
		t.Fatalf("jobs: %+v %v", list, err)
	}
}

// TestErrorKinds: bad input is Invalid, unknown ids NotFound, a second
// done a Conflict, whatever engine reports it.
func TestErrorKinds(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	task, err := l.AddTask(ctx, TaskInput{Title: "write the migration"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.DoneTask(ctx, task.ID, false); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		err  error
		want Kind
	}{
		{"bad date", func() error { _, err := l.Log(ctx, LogRequest{Date: "2026-13-01", Text: "x"}); return err }(), Invalid},
		{"bad age", func() error { _, err := l.Archive(ctx, ArchiveRequest{OlderThan: "soon"}); return err }(), Invalid},
		{"bad budget", func() error { _, err := l.L1(ctx, -1); return err }(), Invalid},
		{"no conversation", func() error { _, err := l.Check(ctx, ConvRequest{}); return err }(), Invalid},
		{"unknown task", func() error { _, err := l.Task(ctx, "T99"); return err }(), NotFound},
		{"unknown file", func() error { _, err := l.File(ctx, "../archon.yaml"); return err }(), NotFound},
		{"done twice", func() error { _, err := l.DoneTask(ctx, task.ID, false); return err }(), Conflict},
	} {
		if got := KindOf(tc.err); got != tc.want {
			t.Errorf("%s: %v is %s, want %s", tc.name, tc.err, got, tc.want)
		}
	}
}

// TestProjectFilter: a search's project names its project whatever the
// case, or by its L3 id, in L3 records (the name as written) and in log
// entries (the #project/ tag, lower case) alike.
func TestProjectFilter(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	p, err := l.AddProject(ctx, ProjectInput{Name: "Billing"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddItem(ctx, ItemInput{Title: "Invoices round half up", Kind: "gotcha", Project: "Billing"}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Log(ctx, LogRequest{Text: "Invoices are numbered per year.", Tags: []string{"project/Billing"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Log(ctx, LogRequest{Text: "Invoices of another project.", Tags: []string{"project/shop"}}); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"Billing", "billing", "BILLING", p.ID} {
		res, err := l.Search(ctx, SearchRequest{Query: "invoices", Projects: []string{ref}, Refresh: true})
		if err != nil {
			t.Fatal(err)
		}
		var layers []string
		for _, r := range res.Results {
			layers = append(layers, r.Layer)
		}
		if len(res.Results) != 2 || !slices.Contains(layers, "L2") || !slices.Contains(layers, "L3") {
			t.Errorf("--project %s: %d hits %v, want the L2 entry and the L3 item", ref, len(res.Results), layers)
		}
		if len(res.Warnings) > 0 {
			t.Errorf("--project %s: warnings %q", ref, res.Warnings)
		}
	}
	// A project nothing belongs to finds nothing, and says so.
	res, err := l.Search(ctx, SearchRequest{Query: "invoices", Projects: []string{"biling"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) != 0 || !slices.ContainsFunc(res.Warnings, func(w string) bool {
		return strings.HasPrefix(w, `no project named "biling"`) && strings.Contains(w, "billing")
	}) {
		t.Errorf("--project biling: %d hits, warnings %q", len(res.Results), res.Warnings)
	}
	c, err := l.Count(ctx, SearchRequest{Query: "invoices", Projects: []string{"biling"}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Total != 0 || len(c.Warnings) != 1 || !strings.HasPrefix(c.Warnings[0], `no project named "biling"`) {
		t.Errorf("count --project biling: %+v", c)
	}
}

// TestStatusSaysConfigChanged: a service goes on with the configuration
// it loaded; once the file changes, its status says a restart applies it.
func TestStatusSaysConfigChanged(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l, err := Open(ctx, ws, cfg, Options{Rescan: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	st, err := l.Status(ctx)
	if err != nil || len(st.Notes) != 0 {
		t.Fatalf("status before: %v %q", err, st.Notes)
	}
	b, _ := os.ReadFile(cfg.File)
	if err := os.WriteFile(cfg.File, append(b, "# edited\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err = l.Status(ctx)
	if err != nil || len(st.Notes) != 1 || !strings.Contains(st.Notes[0], "restart archon serve") {
		t.Fatalf("status after the edit: %v %q", err, st.Notes)
	}
	// A one-shot command reads the file afresh: nothing to say.
	if st, err := oneShot(t, ws, cfg).Status(ctx); err != nil || len(st.Notes) != 0 {
		t.Fatalf("one-shot status: %v %q", err, st.Notes)
	}
	// An edit that breaks the file: a restart would fail, and the note
	// says so first.
	if err := os.WriteFile(cfg.File, append(b, "jobs:\n  archive: 0 5 * *\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err = l.Status(ctx)
	if err != nil || len(st.Notes) != 1 || !strings.Contains(st.Notes[0], "no longer loads") || !strings.Contains(st.Notes[0], "fix it before restarting") {
		t.Fatalf("status after a breaking edit: %v %q", err, st.Notes)
	}
}

// TestStatusSaysConfigMade: a service started with no archon.yaml says
// so once one is written.
func TestStatusSaysConfigMade(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	b, _ := os.ReadFile(cfg.File)
	os.Remove(cfg.File)
	cfg.File = ""
	l, err := Open(ctx, ws, cfg, Options{Rescan: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if st, err := l.Status(ctx); err != nil || len(st.Notes) != 0 {
		t.Fatalf("status before: %v %q", err, st.Notes)
	}
	os.WriteFile(filepath.Join(ws.Root(), memory.ConfigFile), b, 0o644)
	if st, err := l.Status(ctx); err != nil || len(st.Notes) != 1 {
		t.Fatalf("status after the file was made: %v %q", err, st.Notes)
	}
}

// TestRecentMessagesTags: the summary job's messages carry their entries'
// tags, but for a verbatim archive of a conversation (#checkpoint), whose
// #context tag says where it came from, not what it is; a prompt a person
// wrote (#prompt) is the user's message, filed under User requests.
func TestRecentMessagesTags(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	for _, e := range []memory.Entry{
		{Agent: "p", Tags: []string{"db", "decision"}, Text: "Chose PostgreSQL."},
		{Agent: "p", Tags: []string{"checkpoint", "context"}, Text: "Context checkpoint: auto-summarize at level critical"},
		{Agent: "claude", Tags: []string{PromptTag, "claude-code"}, Text: "Move the invoice export to a background worker."},
	} {
		if _, err := ws.Append(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	msgs, _, err := RecentMessages(ctx, ws, ws.Now(), SummaryDays)
	if err != nil || len(msgs) != 3 || !slices.Equal(msgs[0].Tags, []string{"db", "decision"}) || len(msgs[1].Tags) != 0 {
		t.Fatalf("messages: %v %+v", err, msgs)
	}
	if m := msgs[2]; m.Role != conv.RoleUser || !slices.Equal(m.Tags, []string{requestTag}) {
		t.Fatalf("the prompt: %+v", m)
	}
	l := oneShot(t, ws, cfg)
	if _, err := l.RunJob(ctx, "summary"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(ws.Root(), memory.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	req := regexp.MustCompile(`(?s)## User requests\n[^#]*invoice export`)
	dec := regexp.MustCompile(`(?s)## Decisions\n[^#]*Chose PostgreSQL`)
	if !req.Match(b) || !dec.Match(b) {
		t.Fatalf("summary:\n%s", b)
	}
}

// TestStatusInSharedMode: status says what waits in the outbox of a
// shared workspace (here with no store to send it to).
func TestStatusInSharedMode(t *testing.T) {
	ctx := context.Background()
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC", "ARCHON_SHARED_POSTGRES_URL=postgres://archon@127.0.0.1:1/archon", "ARCHON_SHARED_TENANT=acme")
	l := oneShot(t, ws, cfg)
	if _, err := l.Log(ctx, LogRequest{Text: "queued for the team"}); err != nil {
		t.Fatal(err)
	}
	st, err := l.Status(ctx)
	if err != nil || len(st.Notes) != 1 || !strings.Contains(st.Notes[0], "shared: tenant acme, 1 entries waiting to be sent") {
		t.Fatalf("status: %v %q", err, st.Notes)
	}
}

// TestSharedProjectTags: a node of a project writes its entries under it,
// so a search of that project finds them (here without a store).
func TestSharedProjectTags(t *testing.T) {
	ctx := context.Background()
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC", "ARCHON_SHARED_POSTGRES_URL=postgres://archon@127.0.0.1:1/archon",
		"ARCHON_SHARED_TENANT=acme", "ARCHON_SHARED_PROJECT=billing")
	l := oneShot(t, ws, cfg)
	e, err := l.Log(ctx, LogRequest{Text: "Invoices are rounded half even.", Tags: []string{"decision"}})
	if err != nil || !slices.Equal(e.Tags, []string{"decision", "project/billing"}) {
		t.Fatalf("logged: %+v %v", e, err)
	}
	if e, err := l.Log(ctx, LogRequest{Text: "Payroll runs monthly.", Tags: []string{"project/payroll"}}); err != nil || !slices.Equal(e.Tags, []string{"project/payroll"}) {
		t.Fatalf("an entry of another project: %+v %v", e, err)
	}
	res, err := l.Search(ctx, SearchRequest{Query: "invoices rounded", Projects: []string{"billing"}, Refresh: true})
	if err != nil || len(res.Results) != 1 {
		t.Fatalf("search of the project: %+v %v", res, err)
	}
}

// TestWarmthWithoutL3: with the shared L3 out of reach, warmth gives
// MEMORY.md's learnings and says L3 is left out, instead of failing.
func TestWarmthWithoutL3(t *testing.T) {
	ctx := context.Background()
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC", "ARCHON_SHARED_POSTGRES_URL=postgres://archon@127.0.0.1:1/archon", "ARCHON_SHARED_TENANT=acme")
	md := "# MEMORY\n\n## Gotchas\n\n- The staging database resets every Sunday night.\n"
	if err := os.WriteFile(ws.WisdomPath(), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	l := oneShot(t, ws, cfg)
	w, err := l.Warmth(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Kept) == 0 || !strings.Contains(w.Kept[0].Text, "staging database") || len(w.Warnings) != 1 || !strings.Contains(w.Warnings[0], "L3") {
		t.Fatalf("warmth: %+v", w)
	}
}

// TestSearchRightAfterItsWrite: a service batches index runs after
// writes (IndexDelay), but a search that asks for an up-to-date index
// (memory_search, archon search) right after a write does not wait out
// the delay: the run starts at once and the entry is found.
func TestSearchRightAfterItsWrite(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l, err := Open(ctx, ws, cfg, Options{Rescan: -1, IndexDelay: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, err := l.Search(ctx, SearchRequest{Query: "warmup", Refresh: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Log(ctx, LogRequest{Text: "Chose zqokapi for the queue."}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := l.Search(ctx, SearchRequest{Query: "zqokapi", Refresh: true})
	if err != nil || len(res.Results) != 1 {
		t.Fatalf("search: %+v %v", res, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("the search waited %v for the index run", d)
	}
}

// TestSearchRequestsRefused: what a search or a count cannot do is said,
// not ignored: a count with what shapes a list of hits, an agent filter
// no entry can match (an empty name, two words), alike for Search and
// Count (from a black-box review: HTTP's agents [""] found nothing while
// the CLI's --agent "" was no filter).
func TestSearchRequestsRefused(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	if _, err := l.Log(ctx, LogRequest{Text: "billing export fixed", Agent: "planner"}); err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]SearchRequest{
		"top_k":     {Query: "billing", TopK: 3},
		"threshold": {Query: "billing", Threshold: 0.5},
		"explain":   {Query: "billing", Explain: true},
	} {
		if _, err := l.Count(ctx, r); KindOf(err) != Invalid || !strings.Contains(err.Error(), name) {
			t.Errorf("count with %s: %v", name, err)
		}
	}
	for _, agent := range []string{"", "bad name"} {
		r := SearchRequest{Query: "billing", Agents: []string{agent}}
		if _, err := l.Search(ctx, r); KindOf(err) != Invalid || !strings.Contains(err.Error(), "agent") {
			t.Errorf("search, agent %q: %v", agent, err)
		}
		if _, err := l.Count(ctx, r); KindOf(err) != Invalid || !strings.Contains(err.Error(), "agent") {
			t.Errorf("count, agent %q: %v", agent, err)
		}
	}
	if c, err := l.Count(ctx, SearchRequest{Query: "billing", Agents: []string{"Planner"}, Refresh: true}); err != nil || c.Total != 1 {
		t.Errorf("count by agent in another case: %+v, %v", c, err)
	}
}
