package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/layers/promote"
)

// l3Workspace is an initialised workspace and a helper that runs archon in
// it and fails the test unless the exit code is want.
func l3Workspace(t *testing.T) (string, func(want int, stdin string, args ...string) string) {
	t.Helper()
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	return root, func(want int, stdin string, args ...string) string {
		t.Helper()
		code, out, errOut := archon(t, stdin, append([]string{"--root", root}, args...)...)
		if code != want {
			t.Fatalf("archon %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, want, out, errOut)
		}
		if want != 0 {
			return errOut
		}
		return out
	}
}

func TestProjectsAndTasks(t *testing.T) {
	_, run := l3Workspace(t)
	run(0, "", "project", "add", "tessera", "--description", "Invoicing SaaS")
	var p knowledge.Project
	json.Unmarshal([]byte(run(0, "", "project", "show", "tessera", "--json")), &p)
	if p.ID != "P1" || p.Description != "Invoicing SaaS" || p.Status != "active" {
		t.Fatalf("project: %+v", p)
	}
	run(0, "", "task", "add", "Design", "the", "schema", "--project", "tessera", "--priority", "high", "--assignee", "planner")
	run(0, "", "task", "add", "Build the API", "--depends-on", "T1", "--priority", "3", "--project", "P1")
	out := run(0, "body from stdin\n", "task", "add", "Write docs", "--description", "-", "--json", "--priority", "low")
	var t3 knowledge.Task
	if err := json.Unmarshal([]byte(out), &t3); err != nil || t3.ID != "T3" || t3.Description != "body from stdin" || t3.Priority != 0 {
		t.Fatalf("task add --json: %s %v", out, err)
	}
	if out := run(0, "", "task", "list", "--ready"); !strings.HasPrefix(out, "T1   todo    high   Design the schema  (project tessera; @planner)\nT3 ") {
		t.Fatalf("ready list:\n%s", out)
	}
	if e := run(1, "", "task", "update", "T1", "--depends-on", "T2"); !strings.Contains(e, "dependency cycle T1 -> T2 -> T1") {
		t.Fatalf("cycle: %s", e)
	}
	if e := run(1, "", "task", "done", "T2"); !strings.Contains(e, "T1 (todo), not done yet") {
		t.Fatalf("done before dependency: %s", e)
	}
	run(0, "", "task", "done", "T1")
	if e := run(1, "", "task", "done", "T1"); !strings.Contains(e, "task T1 is already done") {
		t.Fatalf("done twice: %s", e)
	}
	var ready []knowledge.Task
	json.Unmarshal([]byte(run(0, "", "task", "list", "--ready", "--json")), &ready)
	if len(ready) != 2 || ready[0].ID != "T2" || ready[1].ID != "T3" {
		t.Fatalf("ready after T1: %+v", ready)
	}
	if out := run(0, "", "task", "show", "T1"); !strings.Contains(out, "done 2") {
		t.Fatalf("show: %s", out)
	}
	run(0, "", "task", "update", "T3", "--status", "doing", "--assignee", "writer", "--title", "Write the docs")
	if out := run(0, "", "task", "list", "--assignee", "writer"); !strings.Contains(out, "T3   doing   low    Write the docs") {
		t.Fatalf("updated: %s", out)
	}
	if out := run(0, "", "project", "show", "P1"); !strings.Contains(out, "T1   done") || !strings.Contains(out, "Invoicing SaaS") {
		t.Fatalf("project show: %s", out)
	}
	run(0, "", "project", "update", "tessera", "--status", "paused", "--name", "tessera-app")
	if out := run(0, "", "project", "list"); out != "P1   tessera-app          [paused]  Invoicing SaaS\n" {
		t.Fatalf("project list: %q", out)
	}
	for _, bad := range []struct {
		code int
		args []string
		want string
	}{
		{1, []string{"task", "show", "T42"}, "unknown task T42"},
		{1, []string{"task", "add", "x", "--depends-on", "T1,T9"}, "unknown task T9"},
		{1, []string{"task", "add", "x", "--project", "nope"}, `unknown project "nope"`},
		{2, []string{"task", "add", "x", "--priority", "whenever"}, "priority"},
		{2, []string{"task", "show"}, "takes one task ID"},
		{2, []string{"task", "show", "K1"}, "want T and a number"},
		{1, []string{"project", "add", "tessera-app"}, "exists already"},
	} {
		if e := run(bad.code, "", bad.args...); !strings.Contains(e, bad.want) {
			t.Errorf("%v: %s, want %q", bad.args, e, bad.want)
		}
	}
}

func TestKnowledgeObservePromote(t *testing.T) {
	root, run := l3Workspace(t)
	run(0, "", "project", "add", "tessera")
	run(0, "", "project", "add", "billing")
	run(0, "Keys come from the operation, never uuid.New().", "knowledge", "add", "Deterministic", "idempotency", "keys",
		"--kind", "pattern", "--tags", "stripe,payments", "--agent", "planner", "--project", "tessera", "--body", "-")
	run(0, "", "knowledge", "add", "Use Prisma", "--kind", "decision")
	if out := run(0, "", "knowledge", "list", "--tag", "stripe"); !strings.HasPrefix(out, "K1   pattern       Deterministic idempotency keys  (#payments #stripe; project tessera; by planner)") {
		t.Fatalf("list: %q", out)
	}
	// Flags after the id, before it, and mixed.
	run(0, "", "knowledge", "observe", "K1", "--agent", "planner", "--success", "--project", "tessera")
	run(0, "", "knowledge", "observe", "--agent", "executor", "--success", "K1", "--project", "billing", "--note", "worked")
	run(0, "", "knowledge", "observe", "--agent", "executor", "K1", "--success")
	if e := run(2, "", "knowledge", "observe", "K1", "--agent", "x"); !strings.Contains(e, "exactly one of --success and --failure") {
		t.Fatalf("observe without result: %s", e)
	}
	if e := run(1, "", "knowledge", "observe", "K9", "--agent", "x", "--failure"); !strings.Contains(e, "unknown knowledge item K9") {
		t.Fatalf("observe unknown: %s", e)
	}
	mine := "# MEMORY\n\nMy own words.\n"
	os.WriteFile(filepath.Join(root, "MEMORY.md"), []byte(mine), 0o644)
	out := run(0, "", "promote", "--dry-run")
	if !strings.Contains(out, "K1   promote  Deterministic idempotency keys") || !strings.Contains(out, "would add 1 entries to MEMORY.md") {
		t.Fatalf("dry run: %s", out)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "MEMORY.md")); string(b) != mine {
		t.Fatal("dry run wrote")
	}
	var res promote.Result
	if err := json.Unmarshal([]byte(run(0, "", "promote", "--json")), &res); err != nil || len(res.Added) != 1 || res.Backup == "" {
		t.Fatalf("promote: %+v %v", res, err)
	}
	b, _ := os.ReadFile(filepath.Join(root, "MEMORY.md"))
	if !strings.HasPrefix(string(b), mine) || !strings.Contains(string(b), "<!-- archon:item K1 -->") {
		t.Fatalf("MEMORY.md:\n%s", b)
	}
	if out := run(0, "", "promote"); !strings.Contains(out, "already in MEMORY.md") || !strings.Contains(out, "added 0 entries") {
		t.Fatalf("second promote: %s", out)
	}
	var shown struct {
		knowledge.Item
		Observations []knowledge.Observation `json:"observations"`
	}
	json.Unmarshal([]byte(run(0, "", "knowledge", "show", "K1", "--json")), &shown)
	if shown.Promotion != "promoted" || len(shown.Observations) != 3 || shown.Observations[1].Note != "worked" {
		t.Fatalf("show: %+v", shown)
	}
	run(0, "", "knowledge", "update", "K2", "--kind", "gotcha", "--tags", "db", "--title", "Prisma migrations lock")
	if out := run(0, "", "knowledge", "list", "--kind", "gotcha"); !strings.Contains(out, "K2   gotcha        Prisma migrations lock  (#db)") {
		t.Fatalf("update: %s", out)
	}
}

func TestKnowledgeExportImport(t *testing.T) {
	root, run := l3Workspace(t)
	run(0, "", "project", "add", "tessera")
	run(0, "", "task", "add", "Schema", "--project", "tessera")
	run(0, "", "task", "add", "API", "--depends-on", "T1")
	run(0, "", "knowledge", "add", "Keys", "--kind", "pattern", "--body", "## Task T1: inside a body")
	run(0, "", "knowledge", "observe", "K1", "--agent", "a", "--failure")
	doc := run(0, "", "knowledge", "export")
	file := filepath.Join(t.TempDir(), "l3.md")
	if out := run(0, "", "knowledge", "export", "--output", file); !strings.Contains(out, "exported to") {
		t.Fatal(out)
	}
	if b, _ := os.ReadFile(file); string(b) != doc {
		t.Fatal("--output differs from stdout")
	}
	var asJSON struct{ Document string }
	if err := json.Unmarshal([]byte(run(0, "", "knowledge", "export", "--json")), &asJSON); err != nil || asJSON.Document != doc {
		t.Fatalf("export --json: %v", err)
	}
	// Losing .archon loses L3; the export brings it back exactly.
	os.RemoveAll(filepath.Join(root, ".archon"))
	if out := run(0, "", "task", "list"); out != "" {
		t.Fatalf("after deleting .archon: %q", out)
	}
	var res knowledge.ImportResult
	json.Unmarshal([]byte(run(0, "", "knowledge", "import", file, "--json")), &res)
	if res.Added["task"] != 2 || res.Added["observation"] != 1 {
		t.Fatalf("import: %+v", res)
	}
	if again := run(0, "", "knowledge", "export"); again != doc {
		t.Fatalf("round trip:\n%s\n---\n%s", doc, again)
	}
	if out := run(0, "", "knowledge", "import", file); !strings.Contains(out, "added nothing; unchanged 1 item, 1 observation, 1 project, 2 tasks; replaced nothing") {
		t.Fatalf("re-import: %s", out)
	}
	changed := strings.Replace(doc, "## Task T2: API", "## Task T2: API v2", 1)
	if e := run(1, changed, "knowledge", "import", "-"); !strings.Contains(e, "task T2 differs") {
		t.Fatalf("conflict: %s", e)
	}
	run(0, changed, "knowledge", "import", "-", "--overwrite")
	if out := run(0, "", "task", "show", "T2"); !strings.Contains(out, "API v2") {
		t.Fatal(out)
	}
}
