package summarize

import (
	"context"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

// A failing command fixed by edits is paired with the change: the line
// each edit added that says most, for each failure the edits dealt with.
func TestErrorPairedWithFix(t *testing.T) {
	in := `{"type":"user","message":{"role":"user","content":"Make the auth tests pass"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"go test ./auth/"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"--- FAIL: TestLoginRetry (0.02s)\n    login_test.go:41: expected 3 attempts, got 4"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"The retry counter starts at one."}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Edit","input":{"file_path":"/app/auth/retry.go","old_string":"\tattempts := 1\n\tfor attempts <= max {","new_string":"\t// count from zero\n\tattempts := 0\n\tfor attempts < max {"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"updated"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t3","name":"Bash","input":{"command":"go test ./auth/"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t3","is_error":true,"content":"--- FAIL: TestLogout (0.01s)\n    logout_test.go:12: session still valid"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t4","name":"MultiEdit","input":{"file_path":"/app/auth/session.go","edits":[{"old_string":"func (s *Store) Logout(id string) {\n}","new_string":"func (s *Store) Logout(id string) {\n\tdelete(s.sessions, id)\n}"}]}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t4","content":"updated"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t5","name":"Bash","input":{"command":"go test ./auth/"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t5","content":"ok  \tapp/auth\t0.03s"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t6","name":"Bash","input":{"command":"git push"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t6","is_error":true,"content":"fatal: The current branch has no upstream branch."}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t7","name":"Bash","input":{"command":"git push -u origin main"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t7","content":"pushed"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Now let me document the release process."}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t8","name":"Edit","input":{"file_path":"/app/README.md","old_string":"x","new_string":"document the release process"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t8","content":"updated"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t9","name":"Bash","input":{"command":"git push"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t9","content":"pushed"}]}}
`
	c, err := conv.ParseBytes([]byte(in), conv.FormatClaudeCode)
	if err != nil {
		t.Fatal(err)
	}
	s := readSession(c.SummaryInput())
	want := []string{
		"fixed in retry.go: `attempts := 0`", // the comment says nothing; "for attempts < max" brings no new word
		"fixed in session.go: `delete(s.sessions, id)`",
		"ran `git push -u origin main`", // run otherwise, nothing changed (a later edit and push are not its fix)
	}
	if len(s.errors) != len(want) {
		t.Fatalf("%d errors, want %d: %+v", len(s.errors), len(want), s.errors)
	}
	if e := s.errors[2]; e.explain != "" { // said once it was fixed: what comes next, not what it was
		t.Errorf("error 2 explained by %q", e.explain)
	}
	for i, e := range s.errors {
		if !e.resolved || e.fix != want[i] {
			t.Errorf("error %d (%s): resolved %v, fix %q, want %q", i, e.text, e.resolved, e.fix, want[i])
		}
	}
	sum, err := NewExtractive().Summarize(context.Background(), c.SummaryInput(), Options{TargetTokens: 600})
	if err != nil {
		t.Fatal(err)
	}
	if line := "go test ./auth/: The retry counter starts at one. → fixed in retry.go: `attempts := 0`"; !strings.Contains(sum.Markdown, line) {
		t.Errorf("summary lacks %q:\n%s", line, sum.Markdown)
	}
}

// The line of a fix comes from the last edit that says something, and its
// file is named first.
func TestFixNamesTheFileOfItsLine(t *testing.T) {
	s := &session{edits: []edit{{1, "/r/a.go", "alpha := 1"}, {2, "/r/b.go", ""}, {3, "/r/c.go", "zeta := 3"}}}
	if got, want := s.fixSince(0), "fixed in c.go, a.go: `zeta := 3`"; got != want {
		t.Errorf("fixSince = %q, want %q", got, want)
	}
}
