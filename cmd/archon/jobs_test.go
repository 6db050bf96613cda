package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/jobs"
)

// archonJobs runs archon in-process like run, with the jobs command in
// the tree whether or not app.go registers it yet.
func archonJobs(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env = append([]string{"HOME=" + t.TempDir(), "ARCHON_WORKSPACE_TIMEZONE=UTC"}, env...)
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, environ: env}
	ca := a.cliApp()
	registered := false
	for _, c := range ca.Commands {
		registered = registered || c.Name == "jobs"
	}
	if !registered {
		ca.Commands = append(ca.Commands, a.jobsCommand())
	}
	err := ca.RunContext(context.Background(), reorderArgs(ca, append([]string{"archon"}, args...)))
	var ue usageError
	switch {
	case err == nil:
		return 0, out.String(), errOut.String()
	case errors.As(err, &ue), core.KindOf(err) == core.Invalid:
		return 2, out.String(), errOut.String() + err.Error()
	}
	return 1, out.String(), errOut.String() + err.Error()
}

func jobsByName(t *testing.T, out string) map[string]jobs.Status {
	t.Helper()
	var list []jobs.Status
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("jobs --json: %v\n%s", err, out)
	}
	m := map[string]jobs.Status{}
	for _, j := range list {
		m[j.Name] = j
	}
	return m
}

// archon jobs lists and runs jobs without a service (state file) and
// through a running archon serve.
func TestJobsCommandWithAndWithoutService(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	if code, _, e := archon(t, "", "--root", root, "log", "--agent", "planner", "--tags", "db,decision", "Went with PostgreSQL: we need transactions."); code != 0 {
		t.Fatal(e)
	}
	code, out, e := archonJobs(t, nil, "--root", root, "jobs")
	if code != 0 {
		t.Fatal(e)
	}
	for _, want := range []string{"NAME", "archive  0 3 * * *", "reindex", "summary", "promote  0 4 * * *"} {
		if !strings.Contains(out, want) {
			t.Errorf("jobs output lacks %q:\n%s", want, out)
		}
	}
	// Run directly: the summary is written and the run recorded.
	code, out, e = archonJobs(t, nil, "--root", root, "jobs", "run", "summary")
	if code != 0 || !strings.Contains(out, "summary") || !strings.Contains(out, "ok: summarized 1 entries") {
		t.Fatalf("jobs run summary: %d\n%s\n%s", code, out, e)
	}
	// The entry's tag files it, not its wording.
	if b, _ := os.ReadFile(filepath.Join(root, "MEMORY_SUMMARY.md")); !strings.Contains(string(b), "## Decisions\n- Went with PostgreSQL") {
		t.Errorf("MEMORY_SUMMARY.md:\n%s", b)
	}
	code, out, e = archonJobs(t, nil, "--root", root, "jobs", "--json")
	if code != 0 {
		t.Fatal(e)
	}
	if s := jobsByName(t, out)["summary"]; s.Runs != 1 || s.LastResult != jobs.ResultOK || s.NextRun == nil || s.LastStart == nil {
		t.Errorf("offline summary: %+v", s)
	}
	if code, _, e := archonJobs(t, nil, "--root", root, "jobs", "run", "nope"); code != 1 || !strings.Contains(e, `no job "nope" (jobs: archive, reindex, summary, promote)`) {
		t.Errorf("jobs run nope: %d %s", code, e)
	}
	if code, _, e := archonJobs(t, []string{"ARCHON_JOBS_REINDEX=every day"}, "--root", root, "jobs"); code != 1 || !strings.Contains(e, "ARCHON_JOBS_REINDEX") {
		t.Errorf("bad schedule: %d %s", code, e)
	}
	if code, _, e := archonJobs(t, []string{"ARCHON_JOBS_ENABLED=false"}, "--root", root, "jobs"); code != 0 || strings.Contains(e, "run on schedule") || !strings.Contains(e, "no job is scheduled") {
		t.Errorf("jobs off: %d %s", code, e)
	}

	// Through the service, which runs with promotion off: the listing
	// shows its schedules and the state it read.
	_, stop := startServe(t, root, "ARCHON_JOBS_PROMOTE=off")
	defer stop()
	code, out, e = archonJobs(t, nil, "--root", root, "jobs", "--json")
	if code != 0 {
		t.Fatal(e)
	}
	byName := jobsByName(t, out)
	if p := byName["promote"]; p.Schedule != jobs.Off || p.NextRun != nil {
		t.Errorf("promote through the service: %+v", p)
	}
	if s := byName["summary"]; s.Runs != 1 || s.LastResult != jobs.ResultOK {
		t.Errorf("summary through the service: %+v", s)
	}
	code, out, e = archonJobs(t, nil, "--root", root, "jobs", "run", "archive", "--json")
	if code != 0 {
		t.Fatalf("jobs run archive: %s", e)
	}
	var st jobs.Status
	if err := json.Unmarshal([]byte(out), &st); err != nil || st.LastResult != jobs.ResultOK || !strings.Contains(st.Message, "indexed") {
		t.Errorf("archive through the service: %+v %v", st, err)
	}
	if code, _, e := archonJobs(t, nil, "--root", root, "jobs", "run", "nope"); code != 1 || !strings.Contains(e, `no job "nope" (jobs: archive, reindex, summary, promote)`) {
		t.Errorf("jobs run nope through the service (as without it): %d %s", code, e)
	}
	code, out, _ = archonJobs(t, nil, "--root", root, "jobs")
	if code != 0 || !strings.Contains(out, "archive") || !strings.Contains(out, "ok: archived 0 logs") {
		t.Errorf("jobs through the service:\n%s", out)
	}
}
