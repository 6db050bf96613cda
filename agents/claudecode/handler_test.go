package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
)

// fixture is a workspace, its one-shot memory and a handler over it.
type fixture struct {
	ws *memory.Workspace
	m  *app.Local
	h  *Handler
}

func newFixture(t *testing.T, env ...string) *fixture {
	t.Helper()
	ws, cfg := testws.New(t, append([]string{"ARCHON_WORKSPACE_TIMEZONE=UTC"}, env...)...)
	m, err := app.Open(context.Background(), ws, cfg, app.Options{OneShot: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return &fixture{ws: ws, m: m, h: &Handler{Memory: m, StateDir: filepath.Join(ws.StateDir(), StateDir)}}
}

// entries returns every daily-log entry of the workspace.
func (f *fixture) entries(t *testing.T) []memory.Entry {
	t.Helper()
	logs, err := f.ws.ListLogs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []memory.Entry
	for _, lf := range logs {
		lg, err := f.ws.ReadLog(lf.Path)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, lg.Entries...)
	}
	return out
}

func tagged(es []memory.Entry, tag string) []memory.Entry {
	var out []memory.Entry
	for _, e := range es {
		for _, t := range e.Tags {
			if t == tag {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// copyTranscript copies a transcript to a temporary file the test may grow.
func copyTranscript(t *testing.T, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "transcript.jsonl")
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

func event(name, transcript string) Event {
	return Event{SessionID: "s-1", TranscriptPath: transcript, Cwd: "", HookEventName: name}
}

func TestReadEvent(t *testing.T) {
	for _, tc := range []struct {
		in, err string
	}{
		{`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/","hook_event_name":"SessionStart","source":"startup","future_field":1}`, ""},
		{`not json`, "not a JSON object"},
		{`{"session_id":"abc"}`, "no hook_event_name"},
		{`{"session_id":"../../etc","hook_event_name":"Stop"}`, "not an id"},
		{`{"hook_event_name":"Stop"}`, "not an id"},
	} {
		_, err := ReadEvent(strings.NewReader(tc.in))
		if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: %v, want %q", tc.in, err, tc.err)
		}
	}
}

// TestSessionLifecycle runs a session's events on a small transcript: the
// prompt is logged and measured, PreCompact archives every turn with
// bounded tool output and tells the compaction what to keep, the
// recovery after compaction names the branch, the last commit, the todo
// list, the open error and the continuation note, and a second
// checkpoint archives nothing twice.
func TestSessionLifecycle(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	tr := copyTranscript(t, "testdata/session.jsonl")
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q", "-b", "feat/email-index"}, {"config", "user.email", "t@example.com"}, {"config", "user.name", "t"},
		{"commit", "-q", "--allow-empty", "-m", "Add the users table"}} {
		if out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput(); err != nil {
			t.Skipf("git %v: %v %s", args, err, out)
		}
	}
	os.WriteFile(filepath.Join(repo, "schema.sql"), []byte("x"), 0o644)

	ev := event(UserPromptSubmit, tr)
	ev.Prompt = "Make the migration idempotent."
	out, err := f.h.Handle(ctx, ev)
	if err != nil || out.Context != "" {
		t.Fatalf("prompt at a low level: %+v %v", out, err)
	}
	if ps := tagged(f.entries(t), "prompt"); len(ps) != 1 || ps[0].Text != ev.Prompt || len(tagged(ps, "session/s-1")) != 1 {
		t.Fatalf("prompt entries: %+v", ps)
	}
	evs, err := f.m.ContextLog(ctx, 10)
	if err != nil || len(evs) != 1 || evs[0].Tokens != 1600+1000 {
		t.Fatalf("the measure reads the last usage (2600 tokens): %+v %v", evs, err)
	}

	pre := event(PreCompact, tr)
	pre.Cwd = repo
	out, err = f.h.Handle(ctx, pre)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Write migration 0007_users_email_idx (in_progress)", "db/migrations/0007_users_email_idx.sql", "Add an index on users.email"} {
		if !strings.Contains(out.Instructions, want) {
			t.Errorf("instructions lack %q:\n%s", want, out.Instructions)
		}
	}
	cps := tagged(f.entries(t), "checkpoint")
	all := ""
	for _, e := range cps {
		all += e.Text + "\n"
	}
	for _, want := range []string{"Add an index on users.email", "**user (queued):** also keep the old index", `"command":"make migrate"`,
		`**result Bash (error):** ERROR: relation "users_email_idx" already exists`, "make the migration idempotent with IF NOT EXISTS"} {
		if !strings.Contains(all, want) {
			t.Errorf("checkpoint lacks %q:\n%s", want, all)
		}
	}
	if sum, _ := os.ReadFile(f.ws.SummaryPath()); !strings.Contains(string(sum), "TES-142") {
		t.Errorf("MEMORY_SUMMARY.md was not refreshed from the transcript:\n%s", sum)
	}

	start := event(SessionStart, tr)
	start.Source, start.Cwd = "compact", repo
	out, err = f.h.Handle(ctx, start)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Branch: feat/email-index", "Add the users table", "1 untracked (schema.sql)",
		"Run the login benchmark (pending)", "Open error: Bash: ERROR", "Continuation note", "Current task: Add an index"} {
		if !strings.Contains(out.Context, want) {
			t.Errorf("recovery lacks %q:\n%s", want, out.Context)
		}
	}
	var buf bytes.Buffer
	if err := out.Write(&buf, SessionStart); err != nil {
		t.Fatal(err)
	}
	var decoded struct {
		HookSpecificOutput struct{ HookEventName, AdditionalContext string }
	}
	if json.Unmarshal(buf.Bytes(), &decoded) != nil || decoded.HookSpecificOutput.HookEventName != SessionStart || decoded.HookSpecificOutput.AdditionalContext == "" {
		t.Fatalf("output: %s", buf.String())
	}

	// Nothing new: a second checkpoint writes nothing; a new turn is
	// archived alone.
	before := len(tagged(f.entries(t), "checkpoint"))
	if _, err := f.h.Handle(ctx, event(SessionEnd, tr)); err != nil {
		t.Fatal(err)
	}
	if n := len(tagged(f.entries(t), "checkpoint")); n != before {
		t.Fatalf("SessionEnd re-archived: %d -> %d checkpoints", before, n)
	}
	line := `{"parentUuid":"a4","isSidechain":false,"type":"user","message":{"role":"user","content":"Ship it after the benchmark."},"uuid":"u5","timestamp":"2026-11-30T09:01:00.000Z"}` + "\n"
	fh, _ := os.OpenFile(tr, os.O_APPEND|os.O_WRONLY, 0)
	fh.WriteString(line)
	fh.Close()
	if _, err := f.h.Handle(ctx, event(SessionEnd, tr)); err != nil {
		t.Fatal(err)
	}
	cps = tagged(f.entries(t), "checkpoint")
	if len(cps) != before+1 || !strings.Contains(cps[len(cps)-1].Text, "Ship it after the benchmark.") || strings.Contains(cps[len(cps)-1].Text, "users.email") {
		t.Fatalf("the new turn alone: %+v", cps[len(cps)-1])
	}
}

// TestLevelsAndProtocol: a context above a level gets its notice once per
// prompt; at the critical level the protocol runs once (summary written,
// the session archived).
func TestLevelsAndProtocol(t *testing.T) {
	ctx := context.Background()
	// A 10,000-token window: the transcript's 2,600 tokens are 32% of the
	// usable 8,000; with the 'window' profile... use a small custom model.
	f := newFixture(t, `ARCHON_CONTEXT_MODELS=[{"name":"tiny-model","window":4000}]`)
	tr := copyTranscript(t, "testdata/session.jsonl")
	ev := event(UserPromptSubmit, tr)
	ev.Prompt, ev.Model = "go on", "tiny-model"
	out, err := f.h.Handle(ctx, ev) // 2600 of 3200 usable: 81%, critical
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.Context, "Context at 81%") || !strings.Contains(out.Context, "archon wrote MEMORY_SUMMARY.md") {
		t.Fatalf("critical notice: %q", out.Context)
	}
	if n := len(tagged(f.entries(t), "checkpoint")); n == 0 {
		t.Fatal("the protocol archived nothing")
	}
	out, err = f.h.Handle(ctx, ev)
	if err != nil || !strings.Contains(out.Context, "compact now") || strings.Contains(out.Context, "archon wrote") {
		t.Fatalf("second prompt at the same level: %q %v", out.Context, err)
	}
}

// TestBadInputWritesNothing: unknown events and missing transcripts leave
// the workspace as it was.
func TestBadInputWritesNothing(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if out, err := f.h.Handle(ctx, event("Notification", "")); err != nil || out != (Output{}) {
		t.Fatalf("unknown event: %+v %v", out, err)
	}
	if _, err := f.h.Handle(ctx, event(PreCompact, filepath.Join(t.TempDir(), "missing.jsonl"))); err == nil {
		t.Fatal("a missing transcript is an error (the command prints it and exits 0)")
	}
	if es := f.entries(t); len(es) != 0 {
		t.Fatalf("bad input wrote entries: %+v", es)
	}
}

// TestPostCompactKeepsStructure: the host's compaction summary fills the
// summary's sections by its numbered headings (current work, pending
// tasks ...), beside the session's structure; it is no run of key points.
func TestPostCompactKeepsStructure(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	tr := copyTranscript(t, "testdata/session.jsonl")
	if _, err := f.h.Handle(ctx, event(PreCompact, tr)); err != nil {
		t.Fatal(err)
	}
	post := event(PostCompact, tr)
	post.CompactSummary = "Summary:\n1. Primary Request and Intent:\n   The user asked for an index on users.email (TES-142).\n\n" +
		"7. Pending Tasks:\n   - Run the login benchmark\n\n8. Current Work:\n   Writing migration 0007_users_email_idx with IF NOT EXISTS.\n\n" +
		"9. Optional Next Step:\n   Run make migrate again.\n"
	if _, err := f.h.Handle(ctx, post); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(f.ws.SummaryPath())
	if err != nil {
		t.Fatal(err)
	}
	text := string(sum)
	for _, want := range []string{"## Current work", "Writing migration 0007_users_email_idx with IF NOT EXISTS.", "Run make migrate again.",
		"## Pending tasks", "Run the login benchmark", "TES-142"} {
		if !strings.Contains(text, want) {
			t.Errorf("summary after PostCompact lacks %q:\n%s", want, text)
		}
	}
	for _, junk := range []string{"Primary Request and Intent:", "Pending Tasks:"} {
		if strings.Contains(text, junk) {
			t.Errorf("summary after PostCompact holds the heading %q:\n%s", junk, text)
		}
	}
	if len(tagged(f.entries(t), "compact-summary")) != 1 {
		t.Errorf("the host's summary is not kept as an entry")
	}
}

// failingLog is a memory whose logging fails after a number of entries:
// a checkpoint cut short (its deadline, the service gone).
type failingLog struct {
	app.Memory
	left int
}

func (m *failingLog) Log(ctx context.Context, r app.LogRequest) (*app.Entry, error) {
	if m.left == 0 {
		return nil, context.DeadlineExceeded
	}
	m.left--
	return m.Memory.Log(ctx, r)
}

// TestCheckpointResumes: a checkpoint cut short keeps what it logged, and
// the next one logs the rest: every turn once.
func TestCheckpointResumes(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	var b strings.Builder
	const turns = 60
	for i := range turns {
		fmt.Fprintf(&b, `{"type":"user","uuid":"u%d","message":{"role":"user","content":"prompt marker%dz"}}`+"\n", i, i)
		fmt.Fprintf(&b, `{"type":"assistant","uuid":"a%d","message":{"id":"m%d","role":"assistant","content":[{"type":"text","text":"answer %d"}]}}`+"\n", i, i, i)
	}
	tr := filepath.Join(t.TempDir(), "transcript.jsonl")
	if err := os.WriteFile(tr, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cut := &Handler{Memory: &failingLog{Memory: f.m, left: 40}, StateDir: f.h.StateDir}
	if _, err := cut.Handle(ctx, event(SessionEnd, tr)); err == nil {
		t.Fatal("the cut checkpoint did not fail")
	}
	if _, err := f.h.Handle(ctx, event(SessionEnd, tr)); err != nil {
		t.Fatal(err)
	}
	all := ""
	for _, e := range tagged(f.entries(t), "checkpoint") {
		all += e.Text + "\n"
	}
	for i := range turns {
		if n := strings.Count(all, fmt.Sprintf("marker%dz", i)); n != 1 {
			t.Errorf("turn %d logged %d times", i, n)
		}
	}
}

// TestHugePromptIsKeptCut: a prompt over the log's entry limit is logged
// cut, saying where the whole is, and the hook goes on.
func TestHugePromptIsKeptCut(t *testing.T) {
	f := newFixture(t, "ARCHON_LOG_MAX_ENTRY_BYTES=65536")
	tr := copyTranscript(t, "testdata/session.jsonl")
	ev := event(UserPromptSubmit, tr)
	ev.Prompt = "Please review this file:\n" + strings.Repeat("0123456789abcdef\n", 6000) // 100 KB
	if _, err := f.h.Handle(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	ps := tagged(f.entries(t), "prompt")
	if len(ps) != 1 || !strings.HasPrefix(ps[0].Text, "Please review this file:") || !strings.Contains(ps[0].Text, "more bytes in the transcript "+tr) {
		t.Fatalf("prompt entries: %d %.300v", len(ps), ps)
	}
	if evs, err := f.m.ContextLog(context.Background(), 10); err != nil || len(evs) != 1 {
		t.Fatalf("the context was not measured after the prompt: %+v %v", evs, err)
	}
}

// TestPromptWithNULIsLogged: a prompt holding what a log cannot hold (a
// NUL byte pasted from a binary, bytes that are no UTF-8) is logged with
// U+FFFD in their place, not dropped.
func TestPromptWithNULIsLogged(t *testing.T) {
	f := newFixture(t)
	ev := event(UserPromptSubmit, copyTranscript(t, "testdata/session.jsonl"))
	ev.Prompt = "why does the parser stop at \x00 here and at \xff there?"
	if _, err := f.h.Handle(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	if ps := tagged(f.entries(t), "prompt"); len(ps) != 1 || ps[0].Text != "why does the parser stop at \uFFFD here and at \uFFFD there?" {
		t.Fatalf("prompt entries: %+v", ps)
	}
}

// TestForkedSessionArchivesOnlyItsOwnTurns: a resumed or forked session's
// transcript holds its parent's records again (same uuids); its
// checkpoint archives only the turns no checkpoint or import archived.
func TestForkedSessionArchivesOnlyItsOwnTurns(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.h.Archived = filepath.Join(t.TempDir(), "imports", "claude-code.json")
	var parent strings.Builder
	for i := range 3 {
		fmt.Fprintf(&parent, `{"type":"user","uuid":"u%d","message":{"role":"user","content":"prompt marker%dz"}}`+"\n", i, i)
		fmt.Fprintf(&parent, `{"type":"assistant","uuid":"a%d","message":{"id":"m%d","role":"assistant","content":[{"type":"text","text":"answer %d"}]}}`+"\n", i, i, i)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	fork := parent.String() + `{"type":"user","uuid":"u9","message":{"role":"user","content":"prompt marker9z"}}` + "\n"
	if os.WriteFile(a, []byte(parent.String()), 0o644) != nil || os.WriteFile(b, []byte(fork), 0o644) != nil {
		t.Fatal("write transcripts")
	}
	if _, err := f.h.Handle(ctx, Event{SessionID: "a", TranscriptPath: a, HookEventName: SessionEnd}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.h.Handle(ctx, Event{SessionID: "b", TranscriptPath: b, HookEventName: SessionEnd}); err != nil {
		t.Fatal(err)
	}
	all := ""
	for _, e := range tagged(f.entries(t), "checkpoint") {
		all += e.Text + "\n"
	}
	for _, m := range []string{"marker0z", "marker1z", "marker2z", "marker9z"} {
		if n := strings.Count(all, m); n != 1 {
			t.Errorf("%s archived %d times", m, n)
		}
	}
	// An import of the same transcripts adds nothing either.
	rec, err := LoadImportRecord(f.h.Archived)
	if err != nil {
		t.Fatal(err)
	}
	im, err := PlanImport(t.TempDir(), dir, time.UTC, rec)
	if err != nil || len(im.Entries) != 0 {
		t.Errorf("import after the hooks: %d entries (%v)", len(im.Entries), err)
	}
}

// TestEventDeliveredTwice delivers each event that logs twice, one after
// the other and at the same time (the hooks installed in both the user's
// and the project's settings): each is logged once, and a checkpoint's
// turns are archived once. The same prompt sent again after the
// transcript grew is a new prompt.
func TestEventDeliveredTwice(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	tr := copyTranscript(t, "testdata/session.jsonl")
	prompt := event(UserPromptSubmit, tr)
	prompt.Prompt = "Make the migration idempotent."
	stop := event(Stop, tr)
	stop.LastAssistantMessage = "The migration now checks for the index first."
	post := event(PostCompact, tr)
	post.CompactSummary = "1. Primary Request and Intent:\n   Make the migration idempotent.\n"
	for _, ev := range []Event{prompt, stop, post, event(PreCompact, tr)} {
		errs := make(chan error, 2)
		for range 2 {
			go func() { _, err := f.h.Handle(ctx, ev); errs <- err }()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatalf("%s: %v", ev.HookEventName, err)
			}
		}
		if _, err := f.h.Handle(ctx, ev); err != nil {
			t.Fatalf("%s, third delivery: %v", ev.HookEventName, err)
		}
	}
	es := f.entries(t)
	for tag, want := range map[string]int{"prompt": 1, "progress": 1, "compact-summary": 1, "continuation": 1} {
		if got := len(tagged(es, tag)); got != want {
			t.Errorf("%d #%s entries, want %d", got, tag, want)
		}
	}
	// As many turns archived as one delivery of PreCompact archives.
	once := newFixture(t)
	if _, err := once.h.Handle(ctx, event(PreCompact, copyTranscript(t, "testdata/session.jsonl"))); err != nil {
		t.Fatal(err)
	}
	want := len(tagged(once.entries(t), "checkpoint"))
	if got := len(tagged(es, "checkpoint")); want == 0 || got != want {
		t.Errorf("%d #checkpoint entries, one delivery archives %d", got, want)
	}
	// The transcript grows: the same words are a new prompt.
	fh, err := os.OpenFile(tr, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fh.WriteString(`{"type":"user","uuid":"u-again","message":{"role":"user","content":"Make the migration idempotent."}}` + "\n")
	fh.Close()
	if _, err := f.h.Handle(ctx, prompt); err != nil {
		t.Fatal(err)
	}
	if got := len(tagged(f.entries(t), "prompt")); got != 2 {
		t.Errorf("%d #prompt entries after the prompt was sent again, want 2", got)
	}
}

// TestFailedDeliveryIsNotHandled: an event whose log failed is logged
// when it comes again, not taken for a delivery already handled.
func TestFailedDeliveryIsNotHandled(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	tr := copyTranscript(t, "testdata/session.jsonl")
	stop := event(Stop, tr)
	stop.LastAssistantMessage = "The migration now checks for the index first."
	failing := &Handler{Memory: &failingLog{Memory: f.m}, StateDir: f.h.StateDir}
	if _, err := failing.Handle(ctx, stop); err == nil {
		t.Fatal("a failed log reported no error")
	}
	if _, err := f.h.Handle(ctx, stop); err != nil {
		t.Fatal(err)
	}
	if got := len(tagged(f.entries(t), "progress")); got != 1 {
		t.Errorf("%d #progress entries after a failed delivery and a good one, want 1", got)
	}
}

// TestCurrentTaskIsTheUsersPrompt: the continuation note's current task
// is the user's latest prompt, not a harness note sent beside tool
// results ("Tool loaded.") nor a queued notification (from a black-box
// review on real sessions).
func TestCurrentTaskIsTheUsersPrompt(t *testing.T) {
	f := newFixture(t)
	tr := copyTranscript(t, "testdata/session.jsonl")
	fh, err := os.OpenFile(tr, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{
		`{"parentUuid":"a4","isSidechain":false,"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"toolu_9","name":"ToolSearch","input":{"query":"select:Write"}}]},"uuid":"a9","timestamp":"2026-11-30T09:01:00.000Z"}`,
		`{"parentUuid":"a9","isSidechain":false,"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_9","content":[{"type":"tool_reference","tool_name":"Write"}]},{"type":"text","text":"Tool loaded."}]},"uuid":"u9","timestamp":"2026-11-30T09:01:01.000Z"}`,
		`{"parentUuid":"u9","isSidechain":false,"type":"user","message":{"role":"user","content":"<task-notification> <task-id>b0be39e</task-id> done"},"uuid":"u10","timestamp":"2026-11-30T09:01:02.000Z"}`,
	} {
		fmt.Fprintln(fh, l)
	}
	fh.Close()
	out, err := f.h.Handle(context.Background(), event(PreCompact, tr))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.Instructions, "The current task: Add an index on users.email") {
		t.Fatalf("instructions:\n%s", out.Instructions)
	}
}

// TestSessionEndRefreshesTheSummary: a session that ends without ever
// compacting leaves its summary for the next one's start (the archive of
// its turns is searchable, never digested into L1); with no time left, the
// summary stays as it was and the end still succeeds.
func TestSessionEndRefreshesTheSummary(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	tr := copyTranscript(t, "testdata/session.jsonl")
	short, cancel := context.WithTimeout(ctx, endSummaryTime/4)
	defer cancel()
	if _, err := f.h.Handle(short, event(SessionEnd, tr)); err != nil {
		t.Fatal(err)
	}
	if sum, _ := os.ReadFile(f.ws.SummaryPath()); strings.Contains(string(sum), "TES-142") {
		t.Fatalf("summarized with no time left:\n%s", sum)
	}
	f = newFixture(t)
	if _, err := f.h.Handle(ctx, event(SessionEnd, tr)); err != nil {
		t.Fatal(err)
	}
	if sum, _ := os.ReadFile(f.ws.SummaryPath()); !strings.Contains(string(sum), "TES-142") {
		t.Fatalf("MEMORY_SUMMARY.md was not refreshed at the session's end:\n%s", sum)
	}
	out, err := f.h.Handle(ctx, Event{SessionID: "s-2", HookEventName: SessionStart, Source: "startup"})
	if err != nil || !strings.Contains(out.Context, "TES-142") {
		t.Fatalf("the next session starts with: %+v %v", out, err)
	}
}
