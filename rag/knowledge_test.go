package rag

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
)

// TestKnowledgeIndexed checks that L3 records are searchable with project
// and tag filters, re-indexed when they change, and shown by Get.
func TestKnowledgeIndexed(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	ks, err := knowledge.Open(ctx, knowledge.DefaultPath(ws.StateDir()), knowledge.Options{Now: ws.Now, Location: ws.Location()})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"billing", "web"} {
		if _, err := ks.AddProject(ctx, knowledge.Project{Name: name}); err != nil {
			t.Fatal(err)
		}
	}
	k1, err := ks.AddItem(ctx, knowledge.Item{Kind: "gotcha", Title: "Quokka webhooks arrive twice", Body: "Deduplicate quokka events by id before applying them.", Tags: []string{"payments"}, Agent: "reviewer", Project: "billing"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ks.AddItem(ctx, knowledge.Item{Kind: "pattern", Title: "Quokka forms keep focus", Body: "Return focus to the first quokka field after an error.", Tags: []string{"frontend"}, Project: "web"}); err != nil {
		t.Fatal(err)
	}
	ks.Close()

	e, err := Open(ctx, ws, Options{Records: storeRecords{ws}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	rs := search(t, e, Query{Text: "quokka", TopK: 10})
	if len(rs) != 2 || rs[0].Layer != "L3" || !strings.HasPrefix(rs[0].Path, KnowledgePrefix) {
		t.Fatalf("L3 hits: %+v", rs)
	}
	for _, f := range []Filter{{Projects: []string{"billing"}}, {Tags: []string{"payments"}}, {Layers: []string{"L3"}, Agents: []string{"reviewer"}}} {
		got := search(t, e, Query{Text: "quokka", Filter: f})
		if len(got) != 1 || got[0].Path != KnowledgePrefix+k1.ID || got[0].Project != "billing" {
			t.Fatalf("filter %+v: %+v", f, got)
		}
	}
	item, err := e.Get(ctx, rs[0].ID, 0)
	if err != nil || item.Stale || !strings.Contains(item.Text, "quokka") {
		t.Fatalf("get: %+v %v", item, err)
	}
	// The record also by its own id and by its hits' path.
	for _, ref := range []string{k1.ID, strings.ToLower(k1.ID), KnowledgePrefix + k1.ID} {
		if got, err := e.Get(ctx, ref, 0); err != nil || got.Path != KnowledgePrefix+k1.ID {
			t.Fatalf("get %s: %+v %v", ref, got, err)
		}
	}
	if _, err := e.Get(ctx, "K99", 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("get K99: %v", err)
	}

	// An update re-indexes that record only, under the same id.
	ks, err = knowledge.Open(ctx, knowledge.DefaultPath(ws.StateDir()), knowledge.Options{Now: ws.Now, Location: ws.Location()})
	if err != nil {
		t.Fatal(err)
	}
	body := "Deduplicate narwhal events by id before applying them."
	if _, err := ks.UpdateItem(ctx, k1.ID, knowledge.ItemUpdate{Body: &body}); err != nil {
		t.Fatal(err)
	}
	ks.Close()
	st, err := e.Index(ctx, nil)
	if err != nil || st.Changed != 1 || st.Added != 1 || st.Deleted != 0 {
		t.Fatalf("after update: %+v %v", st, err)
	}
	if got := search(t, e, Query{Text: "narwhal"}); len(got) != 1 || got[0].Path != KnowledgePrefix+k1.ID {
		t.Fatalf("updated record: %+v", got)
	}
}

// storeRecords lists the records of the workspace's knowledge store, as
// the application layer does.
type storeRecords struct{ ws *memory.Workspace }

func (r storeRecords) Records(ctx context.Context) ([]Record, error) {
	ks, err := knowledge.Open(ctx, knowledge.DefaultPath(r.ws.StateDir()), knowledge.Options{Now: r.ws.Now, Location: r.ws.Location()})
	if err != nil {
		return nil, err
	}
	defer ks.Close()
	docs, err := ks.Documents(ctx)
	out := make([]Record, len(docs))
	for i, d := range docs {
		out[i] = Record{ID: d.ID, Kind: d.Kind, Title: d.Title, Text: d.Text, Tags: d.Tags, Project: d.Project, Agent: d.Agent, Date: d.Date, Seq: d.UpdatedSeq}
	}
	return out, err
}

// TestOpenTasksAnswerOpenWork checks that an open L3 task is evidence for a
// question about work still to do, and a done one is not: tasks carry
// their status as tags, and the question's intent weighs them.
func TestOpenTasksAnswerOpenWork(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	ks, err := knowledge.Open(ctx, knowledge.DefaultPath(ws.StateDir()), knowledge.Options{Now: ws.Now, Location: ws.Location()})
	if err != nil {
		t.Fatal(err)
	}
	done, err := ks.AddTask(ctx, knowledge.Task{Title: "Wire the okapi exporter to the billing queue", Status: knowledge.StatusDone})
	if err != nil {
		t.Fatal(err)
	}
	open, err := ks.AddTask(ctx, knowledge.Task{Title: "Wire the okapi exporter to the audit queue", Status: knowledge.StatusTodo})
	if err != nil {
		t.Fatal(err)
	}
	ks.Close()
	e, err := Open(ctx, ws, Options{Records: storeRecords{ws}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	rs := search(t, e, Query{Text: "what is still left on the okapi exporter queue", TopK: 5})
	if len(rs) < 2 || rs[0].Path != KnowledgePrefix+open.ID {
		t.Fatalf("open task %s not first: %+v", open.ID, rs)
	}
	for _, r := range rs {
		if r.Path == KnowledgePrefix+done.ID && !slices.Contains(r.Tags, "done") {
			t.Errorf("done task tags %v", r.Tags)
		}
		if r.Path == KnowledgePrefix+open.ID && !slices.Contains(r.Tags, "task") {
			t.Errorf("open task tags %v", r.Tags)
		}
	}
}

// TestRecordKeepsItsID: an L3 record's hit keeps its id when the record
// changes (a task moved to done), and Get finds it by that id.
func TestRecordKeepsItsID(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	ks := openKnowledge(t, ws)
	task := addTasks(t, ks, knowledge.Task{Title: "Wire the okapi exporter to the audit queue", Status: knowledge.StatusTodo})[0]
	e := openIndexedWith(t, ws, Options{Records: storeRecords{ws}})
	hit := func() Result {
		t.Helper()
		rs := search(t, e, Query{Text: "okapi exporter", TopK: 1})
		if len(rs) != 1 || rs[0].Path != KnowledgePrefix+task.ID {
			t.Fatalf("hits %+v", rs)
		}
		return rs[0]
	}
	before := hit()
	done := knowledge.StatusDone
	if _, err := ks.UpdateTask(ctx, task.ID, knowledge.TaskUpdate{Status: &done}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	after := hit()
	if after.ID != before.ID || !slices.Contains(after.Tags, "done") {
		t.Fatalf("before %+v, after %+v", before, after)
	}
	it, err := e.Get(ctx, before.ID, 0)
	if err != nil || !strings.Contains(it.Text, "okapi") {
		t.Fatalf("get %s: %+v, %v", before.ID, it, err)
	}
}

// TestDoneTasksAreNotWorkLeft: on a question about open work, an L3 task
// done is discounted as a list all checked is, so it ranks below an open
// one that shares fewer of the question's words.
func TestDoneTasksAreNotWorkLeft(t *testing.T) {
	ws := demoWorkspace(t)
	tasks := addTasks(t, openKnowledge(t, ws),
		knowledge.Task{Title: "Okapi exporter: retry the audit queue", Status: knowledge.StatusDone},
		knowledge.Task{Title: "Okapi exporter: backfill", Status: knowledge.StatusTodo})
	done, open := tasks[0], tasks[1]
	e := openIndexedWith(t, ws, Options{Records: storeRecords{ws}})
	rs := search(t, e, Query{Text: "what is left on the okapi exporter audit queue", TopK: 5})
	first := map[string]int{}
	for i, r := range rs {
		if _, ok := first[r.Path]; !ok {
			first[r.Path] = i
		}
	}
	o, ok1 := first[KnowledgePrefix+open.ID]
	d, ok2 := first[KnowledgePrefix+done.ID]
	if !ok1 || ok2 && d < o {
		t.Fatalf("open task at %d, done task at %d: %+v", o, d, rs)
	}
}

// TestRecordIDsAfterAnUpgrade: records indexed before their ids were
// named by the record (format 2: content ids) are chunked again, not only
// stamped anew, so upgraded and fresh workspaces give the same ids.
func TestRecordIDsAfterAnUpgrade(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	task := addTasks(t, openKnowledge(t, ws), knowledge.Task{Title: "Wire the okapi exporter to the audit queue"})[0]
	e, err := Open(ctx, ws, Options{Records: storeRecords{ws}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	want := search(t, e, Query{Text: "okapi exporter", TopK: 1})[0].ID
	e.Close()
	// As format 2 left it: a content id, the source hashed without the
	// format, stamped with format 2.
	db, err := sql.Open("sqlite3", filepath.Join(IndexDir(ws), "rag.db"))
	if err != nil {
		t.Fatal(err)
	}
	rel := KnowledgePrefix + task.ID
	var hash string
	var stamp int64
	if err := db.QueryRow("SELECT c.hash, f.mtime_ns FROM chunks c JOIN files f ON f.path = c.path WHERE c.path = ?", rel).Scan(&hash, &stamp); err != nil {
		t.Fatal(err)
	}
	old := sha256.Sum256([]byte(hash + rel))
	for _, q := range []string{
		"UPDATE chunks SET id = 'c0ffeec0ffeec0ff' WHERE path = ?",
		fmt.Sprintf("UPDATE files SET hash = '%s', mtime_ns = %d WHERE path = ?", hex.EncodeToString(old[:]), stamp&^0xff|2),
	} {
		if _, err := db.Exec(q, rel); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	e = openIndexedWith(t, ws, Options{Records: storeRecords{ws}})
	if got := search(t, e, Query{Text: "okapi exporter", TopK: 1})[0].ID; got != want {
		t.Fatalf("after the upgrade the record's id is %s, want %s", got, want)
	}
}

// TestOldLayoutSaysSo: a search on a full-text index an older (or a
// newer) archon wrote, before an index run rebuilds it, says so.
func TestOldLayoutSaysSo(t *testing.T) {
	ctx := context.Background()
	for layout, note := range map[string]string{"7": oldLayoutNote, "99": newerLayoutNote} {
		ws := demoWorkspace(t)
		e := openIndexed(t, ws)
		e.Close()
		db, err := sql.Open("sqlite3", filepath.Join(IndexDir(ws), "rag.db"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec("UPDATE meta SET value = ? WHERE key = ?", layout, metaFulltextLayout); err != nil {
			t.Fatal(err)
		}
		db.Close()
		e, err = Open(ctx, ws, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		resp, err := e.Search(ctx, Query{Text: "postgres", TopK: 3})
		if err != nil || !slices.Contains(resp.Warnings, note) {
			t.Fatalf("layout %s, before the index run: %v, warnings %q", layout, err, resp.Warnings)
		}
		if _, err := e.Index(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if resp, err = e.Search(ctx, Query{Text: "postgres", TopK: 3}); err != nil || slices.Contains(resp.Warnings, note) {
			t.Fatalf("layout %s, after it: %v, warnings %q", layout, err, resp.Warnings)
		}
	}
}

// openKnowledge opens ws's knowledge store; it is closed when the test
// ends.
func openKnowledge(t *testing.T, ws *memory.Workspace) *knowledge.Store {
	t.Helper()
	ks, err := knowledge.Open(context.Background(), knowledge.DefaultPath(ws.StateDir()), knowledge.Options{Now: ws.Now, Location: ws.Location()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ks.Close() })
	return ks
}

// addTasks adds tasks to ks and returns them as stored.
func addTasks(t *testing.T, ks *knowledge.Store, tasks ...knowledge.Task) []knowledge.Task {
	t.Helper()
	out := make([]knowledge.Task, len(tasks))
	for i, tk := range tasks {
		var err error
		if out[i], err = ks.AddTask(context.Background(), tk); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
