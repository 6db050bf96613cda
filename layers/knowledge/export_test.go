package knowledge

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// fill writes a store with the awkward cases an export must survive.
func fill(t *testing.T, s *Store, c *clock) {
	t.Helper()
	ctx := context.Background()
	must[Project](t)(s.AddProject(ctx, Project{Name: "tessera", Description: "Invoicing SaaS.\n\n## Task T9: not a section\n\\## Item K1: escaped already"}))
	must[Project](t)(s.AddProject(ctx, Project{Name: "billing", Status: "paused"}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "Schema: invoices | lines", Project: "tessera", Priority: 2, Assignee: "planner"}))
	c.t = c.t.Add(-48 * time.Hour) // a clock jump must not matter
	must[Task](t)(s.AddTask(ctx, Task{Title: "API", Description: "    indented code\n- key: value looking line", Project: "tessera", Priority: 3, DependsOn: []string{"T1"}}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "Üñïcode ✓", DependsOn: []string{"T2", "T1"}}))
	must[Task](t)(s.DoneTask(ctx, "T1", false))
	must[Item](t)(s.AddItem(ctx, Item{Kind: "pattern", Title: "Deterministic idempotency keys", Body: "Use `invoice:<id>:checkout`.\n\n## Project P1: inside a body", Tags: []string{"stripe", "payments"}, Agent: "planner", Project: "tessera"}))
	must[Item](t)(s.AddItem(ctx, Item{Kind: "gotcha", Title: "Fly listens on :PORT"}))
	must[Observation](t)(s.Observe(ctx, Observation{Item: "K1", Agent: "executor", Success: true, Project: "billing", Note: "a | b | c"}))
	must[Observation](t)(s.Observe(ctx, Observation{Item: "K1", Agent: "planner", Success: false}))
	if err := s.SetPromotion(ctx, "K2", PromotionPromoted); err != nil {
		t.Fatal(err)
	}
}

func TestExportImportRoundTrip(t *testing.T) { eachBackend(t, testExportImportRoundTrip) }

func testExportImportRoundTrip(t *testing.T) {
	ctx := context.Background()
	src, c := newStore(t)
	fill(t, src, c)
	doc := must[string](t)(src.Export(ctx))
	for _, want := range []string{
		"## Project P1: tessera\n", "\\## Task T9: not a section\n", "\\\\## Item K1: escaped already\n",
		"## Task T3: Üñïcode ✓\n- status: todo\n- priority: low\n- depends-on: T1, T2\n",
		"- observation: O1 | 2026-11-18T14:03:00Z | executor | success | billing | a | b | c\n",
		"- observation: O2 | 2026-11-18T14:03:00Z | planner | failure | -\n",
		"- promotion: promoted 2026-11-18T14:03:00Z\n",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("export lacks %q", want)
		}
	}

	dst, _ := newStore(t)
	res := must[*ImportResult](t)(dst.Import(ctx, doc, false))
	if res.Added["project"] != 2 || res.Added["task"] != 3 || res.Added["item"] != 2 || res.Added["observation"] != 2 {
		t.Fatalf("first import: %+v", res)
	}
	again := must[string](t)(dst.Export(ctx))
	if again != doc {
		t.Fatalf("round trip differs:\n--- first\n%s\n--- second\n%s", doc, again)
	}
	for name, s := range map[string]*Store{"into the copy": dst, "into the source": src} {
		seq := must[int64](t)(s.Seq(ctx))
		res = must[*ImportResult](t)(s.Import(ctx, doc, false))
		if len(res.Added) != 0 || len(res.Replaced) != 0 || res.Unchanged["task"] != 3 || res.Unchanged["observation"] != 2 {
			t.Fatalf("re-import %s: %+v", name, res)
		}
		if docs := must[[]Document](t)(s.Documents(ctx)); docs[0].UpdatedSeq > seq {
			t.Fatalf("re-import %s touched records", name)
		}
	}
	// New records get fresh ids after an import.
	if n := must[Task](t)(dst.AddTask(ctx, Task{Title: "next"})); n.ID != "T4" {
		t.Fatalf("id after import: %s", n.ID)
	}
	// Body text survives exactly.
	k1 := must[Item](t)(dst.Item(ctx, "K1"))
	if k1.Body != "Use `invoice:<id>:checkout`.\n\n## Project P1: inside a body" {
		t.Fatalf("body: %q", k1.Body)
	}
	t2 := must[Task](t)(dst.Task(ctx, "T2"))
	if t2.Description != "    indented code\n- key: value looking line" {
		t.Fatalf("description: %q", t2.Description)
	}
}

func TestImportConflictsAndBadFiles(t *testing.T) { eachBackend(t, testImportConflictsAndBadFiles) }

func testImportConflictsAndBadFiles(t *testing.T) {
	ctx := context.Background()
	src, c := newStore(t)
	fill(t, src, c)
	doc := must[string](t)(src.Export(ctx))
	changed := strings.Replace(doc, "## Item K2: Fly listens on :PORT", "## Item K2: Fly listens on 0.0.0.0:PORT", 1)

	dst, _ := newStore(t)
	must[*ImportResult](t)(dst.Import(ctx, doc, false))
	before := must[string](t)(dst.Export(ctx))
	if _, err := dst.Import(ctx, changed, false); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "item K2 differs") {
		t.Fatalf("conflict: %v", err)
	}
	if after := must[string](t)(dst.Export(ctx)); after != before {
		t.Fatal("a failed import changed the store")
	}
	res := must[*ImportResult](t)(dst.Import(ctx, changed, true))
	if res.Replaced["item"] != 1 || res.Unchanged["item"] != 1 {
		t.Fatalf("overwrite: %+v", res)
	}
	if k2 := must[Item](t)(dst.Item(ctx, "K2")); k2.Title != "Fly listens on 0.0.0.0:PORT" {
		t.Fatalf("overwrite kept %q", k2.Title)
	}

	cyclic := strings.Replace(doc, "## Task T1: Schema: invoices | lines\n", "## Task T1: Schema: invoices | lines\n- depends-on: T3\n", 1)
	bad := []struct{ name, doc, want string }{
		{"cycle", cyclic, "dependency cycle T1 -> T3 -> T1"},
		{"not an export", "hello\nworld\n", "is this an archon export"},
		{"empty file", " \n", "the file is empty"},
		{"bad meta line", "# archon knowledge\n\n## Task T1: x\nstatus todo\n", "line 4"},
		{"bad time", "# archon knowledge\n\n## Project P1: x\n- created: yesterday\n", "created"},
		{"unknown dependency", "# archon knowledge\n\n## Task T1: x\n- depends-on: T8\n- created: 2026-01-01T00:00:00Z\n", "unknown task T8"},
		{"unknown project", "# archon knowledge\n\n## Item K1: x\n- kind: note\n- project: zzz\n", `unknown project "zzz"`},
		{"bad observation", "# archon knowledge\n\n## Item K1: x\n- kind: note\n- observation: O1 | nope\n", "observation"},
		{"unknown key", "# archon knowledge\n\n## Task T1: x\n- depends_on: T2\n", `key "depends_on" in a task`},
		{"id twice", "# archon knowledge\n\n## Task T1: First\n- status: todo\n\n## Task T1: Second\n- status: todo\n", "line 6: T1 is defined twice (first on line 3)"},
	}
	for _, b := range bad {
		t.Run(b.name, func(t *testing.T) {
			s, _ := newStore(t)
			if _, err := s.Import(ctx, b.doc, false); err == nil || !strings.Contains(err.Error(), b.want) {
				t.Fatalf("got %v, want %q", err, b.want)
			}
			if seq := must[int64](t)(s.Seq(ctx)); seq != 0 {
				t.Fatalf("a failed import wrote (seq %d)", seq)
			}
		})
	}
	empty, _ := newStore(t)
	if res := must[*ImportResult](t)(empty.Import(ctx, ExportHeader, false)); len(res.Added) != 0 {
		t.Fatalf("empty export: %+v", res)
	}
}

// TestOlderRecordsStayUsable: the rules of new input (a title of at most
// MaxLineBytes, tags by the log's rule) hold what is added or changed;
// a record an export brings back with what older rules allowed imports,
// takes edits of its other fields and exports again.
func TestOlderRecordsStayUsable(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	long := strings.Repeat("t", MaxLineBytes+1)
	doc := "# archon knowledge\n\n## Item K1: " + long + "\n- kind: note\n- tags: .net, -lead\n- created: 2026-01-01T00:00:00Z\n- updated: 2026-01-01T00:00:00Z\n\n" +
		"## Task T1: " + long + "\n- status: todo\n- created: 2026-01-01T00:00:00Z\n- updated: 2026-01-01T00:00:00Z\n"
	must[*ImportResult](t)(s.Import(ctx, doc, false))
	body := "edited"
	if _, err := s.UpdateItem(ctx, "K1", ItemUpdate{Body: &body}); err != nil {
		t.Fatalf("editing the body of an older item: %v", err)
	}
	if _, err := s.DoneTask(ctx, "T1", false); err != nil {
		t.Fatalf("finishing an older task: %v", err)
	}
	again, _ := newStore(t)
	must[*ImportResult](t)(again.Import(ctx, must[string](t)(s.Export(ctx)), false))

	bad := []string{".net"}
	for name, err := range map[string]error{
		"new tag":        second(s.AddItem(ctx, Item{Kind: "note", Title: "x", Tags: bad})),
		"changed tags":   second(s.UpdateItem(ctx, "K1", ItemUpdate{Tags: &bad})),
		"new title":      second(s.AddTask(ctx, Task{Title: long})),
		"changed title":  second(s.UpdateTask(ctx, "T1", TaskUpdate{Title: &long})),
		"new item title": second(s.AddItem(ctx, Item{Kind: "note", Title: long})),
	} {
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
}
