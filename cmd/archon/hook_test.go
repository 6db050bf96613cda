package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookCommandNeverFails: bad events, unknown events and a missing
// workspace exit 0 with at most one line on stderr and write nothing; a
// good SessionStart prints the L1 payload as Claude Code reads it.
func TestHookCommandNeverFails(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	for _, tc := range []struct{ name, root, stdin, stderr string }{
		{"not json", root, "hello", "not a JSON object"},
		{"no session", root, `{"hook_event_name":"Stop"}`, "session_id"},
		{"unknown event", root, `{"session_id":"s1","hook_event_name":"Notification"}`, ""},
		{"missing transcript", root, `{"session_id":"s1","hook_event_name":"PreCompact","transcript_path":"/nonexistent.jsonl"}`, "transcript"},
		{"no workspace", filepath.Join(root, "nope"), `{"session_id":"s1","hook_event_name":"SessionStart","source":"startup"}`, "does not exist"},
	} {
		code, out, errOut := archon(t, tc.stdin, "--root", tc.root, "hook", "claude-code")
		if code != 0 || out != "" || strings.Count(errOut, "\n") > 1 || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tc.name, code, out, errOut)
		}
	}
	if logs, _ := os.ReadDir(filepath.Join(root, "memory")); len(logs) != 0 {
		t.Fatalf("bad events wrote logs: %v", logs)
	}
	archon(t, "", "--root", root, "log", "--agent", "planner", "--tags", "decision", "Chose PostgreSQL: we need transactions.")
	code, out, errOut := archon(t, `{"session_id":"s1","transcript_path":"","cwd":"/","hook_event_name":"SessionStart","source":"startup"}`, "--root", root, "hook", "claude-code")
	var got struct {
		HookSpecificOutput struct {
			HookEventName     string `json:"hookEventName"`
			AdditionalContext string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.HookSpecificOutput.HookEventName != "SessionStart" ||
		!strings.Contains(got.HookSpecificOutput.AdditionalContext, "PostgreSQL") {
		t.Fatalf("session start: %d %q %q", code, out, errOut)
	}
}

// TestHookPanicIsOneLine: a panic in a hook's work is one line on stderr,
// like any failure (a Go panic would exit 2, a verdict to Claude Code).
func TestHookPanicIsOneLine(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func() error
		want string
	}{
		{"ok", func() error { return nil }, ""},
		{"error", func() error { return errors.New("no transcript") }, "hook: no transcript\n"},
		{"panic", func() error { var s []int; return fmt.Errorf("%d", s[1]) }, "hook: internal error: runtime error: index out of range [1] with length 0\n"},
	} {
		var b bytes.Buffer
		neverFails(&b, "hook", tc.run)
		if b.String() != tc.want {
			t.Errorf("%s: stderr %q, want %q", tc.name, b.String(), tc.want)
		}
	}
}

// TestInstallUninstallCLI: install into a project prints a diff and is
// idempotent; uninstall gives the settings file back byte for byte.
func TestInstallUninstallCLI(t *testing.T) {
	root, proj := t.TempDir(), t.TempDir()
	archon(t, "", "--root", root, "init")
	orig := []byte("{\n  \"permissions\": {\"allow\": [\"Read\"]}\n}\n")
	os.MkdirAll(filepath.Join(proj, ".claude"), 0o755)
	os.WriteFile(filepath.Join(proj, ".claude", "settings.json"), orig, 0o644)
	if code, out, e := archon(t, "", "--root", root, "install", "claude-code", "--project", proj, "--dry-run"); code != 0 || !strings.Contains(out, "+ ") || !strings.Contains(out, "dry run") {
		t.Fatalf("dry run: %d %s %s", code, out, e)
	}
	if b, _ := os.ReadFile(filepath.Join(proj, ".claude", "settings.json")); !bytes.Equal(b, orig) {
		t.Fatal("the dry run wrote")
	}
	if code, out, e := archon(t, "", "--root", root, "install", "claude-code", "--project", proj); code != 0 || !strings.Contains(out, "installed into 2 files") {
		t.Fatalf("install: %d %s %s", code, out, e)
	}
	if code, out, _ := archon(t, "", "--root", root, "install", "claude-code", "--project", proj); code != 0 || !strings.Contains(out, "nothing to change") {
		t.Fatalf("second install: %d %s", code, out)
	}
	if code, out, e := archon(t, "", "--root", root, "uninstall", "claude-code", "--project", proj); code != 0 || !strings.Contains(out, "removed from 2 files") {
		t.Fatalf("uninstall: %d %s %s", code, out, e)
	}
	if b, _ := os.ReadFile(filepath.Join(proj, ".claude", "settings.json")); !bytes.Equal(b, orig) {
		t.Fatalf("not byte-identical:\n%s", b)
	}
	if code, _, e := archon(t, "", "--root", root, "install", "claude-code", "--user", "--plugin", proj); code != 2 || !strings.Contains(e, "one of") {
		t.Fatalf("two targets: %d %s", code, e)
	}
}

// TestHooksKeepNoSecrets: a secret and a <private> span in the transcript
// reach no file of the workspace through the hooks (the continuation note
// in their state, the summary's item dates), and the recovery after the
// compaction does not say them again.
func TestHooksKeepNoSecrets(t *testing.T) {
	root, dir := t.TempDir(), t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	transcript := filepath.Join(dir, "t.jsonl")
	os.WriteFile(transcript, []byte(`{"type":"user","uuid":"u1","sessionId":"s1","timestamp":"2026-12-08T00:00:00Z","message":{"role":"user","content":"Deploy with key AKIAIOSFODNN7EXAMPLE, my note: <private>hunter2</private>"}}
{"type":"assistant","uuid":"a1","sessionId":"s1","timestamp":"2026-12-08T00:00:05Z","message":{"role":"assistant","content":[{"type":"text","text":"Deploying."}]}}
`), 0o644)
	event := func(name, extra string) string {
		return fmt.Sprintf(`{"session_id":"s1","transcript_path":%q,"cwd":%q,"hook_event_name":%q%s}`, transcript, dir, name, extra)
	}
	if code, _, e := archon(t, event("PreCompact", `,"trigger":"auto"`), "--root", root, "hook", "claude-code"); code != 0 || e != "" {
		t.Fatalf("PreCompact: %d %s", code, e)
	}
	_, out, _ := archon(t, event("SessionStart", `,"source":"compact"`), "--root", root, "hook", "claude-code")
	if strings.Contains(out, "AKIAIOSFODNN7EXAMPLE") || strings.Contains(out, "hunter2") || !strings.Contains(out, "Continuation note") {
		t.Fatalf("recovery:\n%s", out)
	}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		if s := strings.ToLower(string(b)); strings.Contains(s, "akiaiosfodnn7example") || strings.Contains(s, "hunter2") {
			t.Errorf("%s holds the secret", p)
		}
		return nil
	})
}

// TestRecoveryWithNothingKnown: after a compaction of a session archon
// knows nothing of (no transcript, no working tree), the recovery has no
// heading with nothing under it.
func TestRecoveryWithNothingKnown(t *testing.T) {
	root := t.TempDir()
	archon(t, "", "--root", root, "init")
	_, out, _ := archon(t, `{"session_id":"z","transcript_path":"/nonexistent/t.jsonl","cwd":"/nonexistent","hook_event_name":"SessionStart","source":"compact"}`, "--root", root, "hook", "claude-code")
	if strings.Contains(out, "Where this session stands") {
		t.Fatalf("an empty heading:\n%s", out)
	}
}

// TestCheckpointDatesTurns: a checkpoint files each turn on the day and at
// the time it was said (in the workspace's zone), as an import does, not
// at the hook's own time: a session past midnight keeps yesterday's turns
// in yesterday's log.
func TestCheckpointDatesTurns(t *testing.T) {
	root, dir := t.TempDir(), t.TempDir()
	env := []string{"ARCHON_WORKSPACE_TIMEZONE=Asia/Kathmandu", "ARCHON_NO_SERVE=1"}
	do := func(stdin string, args ...string) {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(t.Context(), append([]string{"archon", "--root", root}, args...), strings.NewReader(stdin), &out, &errb, env); code != 0 || errb.Len() > 0 {
			t.Fatalf("%v: %d %s", args, code, errb.String())
		}
	}
	do("", "init")
	transcript := filepath.Join(dir, "s1.jsonl")
	os.WriteFile(transcript, []byte(`{"type":"user","uuid":"u1","sessionId":"s1","timestamp":"2026-11-20T20:00:00.000Z","message":{"role":"user","content":"Refactor the zulu parser."}}
{"type":"assistant","uuid":"a1","sessionId":"s1","timestamp":"2026-11-20T20:01:00.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]}}
`), 0o644)
	do(fmt.Sprintf(`{"session_id":"s1","transcript_path":%q,"cwd":%q,"hook_event_name":"PreCompact","trigger":"auto"}`, transcript, dir), "hook", "claude-code")
	// 20:00 UTC is 01:45 the next day in Kathmandu (UTC+5:45).
	b, err := os.ReadFile(filepath.Join(root, "memory", "2026-11-21.md"))
	if err != nil || !strings.Contains(string(b), "## 01:45:00") || !strings.Contains(string(b), "zulu parser") {
		t.Fatalf("the turn's day: %v\n%s", err, b)
	}
}
