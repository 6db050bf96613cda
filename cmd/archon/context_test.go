package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bigConversation returns an OpenAI conversation of about n tokens with a
// planted decision.
func bigConversation(n int) string {
	var msgs []map[string]string
	msgs = append(msgs, map[string]string{"role": "system", "content": "You are a coding agent."})
	msgs = append(msgs, map[string]string{"role": "user", "content": "We decided to use PostgreSQL because we need transactions."})
	for i := 0; i*40 < n; i++ {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs = append(msgs, map[string]string{"role": role, "content": fmt.Sprintf("Turn %d: reviewed the billing module and the invoice totals, nothing else changed in this step of the work.", i)})
	}
	b, _ := json.Marshal(msgs)
	return string(b)
}

func TestContextCommands(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	small := `[{"role":"system","content":"sys"},{"role":"user","content":"Decided: use PostgreSQL. Pending: index users.email (TES-142)."}]`
	big := bigConversation(9000)
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"check text", small, []string{"context", "check", "--model", "gpt-4o"}, 0, "Level", ""},
		{"check json", small, []string{"context", "check", "--json", "--model", "gpt-4o"}, 0, `"percent"`, ""},
		{"unknown model said plainly", small, []string{"context", "check", "--json", "--model", "zz-unknown-9"}, 0, `"notes"`, ""},
		{"malformed json", `[{"role":`, []string{"context", "check"}, 2, "", "archon:"},
		{"bad format", small, []string{"context", "check", "--format", "xml"}, 2, "", "--format"},
		{"gate proceeds", small, []string{"context", "gate", "--model", "gpt-4o"}, 0, `"proceed"`, ""},
		{"gate compresses at overflow", big, []string{"context", "gate", "--model", "gpt-4", "--profile", "grid", "--dry-run"}, 3, `"exit_code": 3`, "compressed"},
		{"prepare dry run", big, []string{"context", "prepare", "--model", "gpt-4", "--dry-run"}, 0, `[{"`, ""},
		{"bad action", small, []string{"context", "prepare", "--action", "explode"}, 2, "", "--action"},
		{"gate unknown profile: must not spawn", small, []string{"context", "gate", "--profile", "nope"}, 2, "", `unknown profile "nope"`},
		{"prepare unknown profile", small, []string{"context", "prepare", "--profile", "nope"}, 2, "", `unknown profile "nope"`},
		// An --output that cannot be written is refused before anything is archived (checked below).
		{"gate output unwritable", big, []string{"context", "gate", "--model", "gpt-4", "--profile", "grid", "--output", "/nonexistent/out.json"}, 2, "", "--output /nonexistent/out.json"},
		{"prepare output a directory", big, []string{"context", "prepare", "--model", "gpt-4", "--action", "summarize", "--output", root}, 2, "", "a directory"},
		{"summarize", small, []string{"summarize", "--json"}, 0, `"path": "MEMORY_SUMMARY.md"`, ""},
		// Nothing to summarize leaves the summary above as it is (checked below).
		{"summarize nothing", "[]", []string{"summarize"}, 2, "", "no messages to summarize"},
		{"summarize only a system message", `[{"role":"system","content":"sys"}]`, []string{"summarize"}, 2, "", "no messages to summarize"},
		{"unknown model said when set", "", []string{"context", "model", "set", "zz-unknown-9"}, 0, "", "unknown model"},
		{"model override", "", []string{"context", "model", "set", "claude-sonnet-4"}, 0, "", ""},
		{"blank model refused", "", []string{"context", "model", "set", " "}, 2, "", `"auto"`},
		{"model shows override", "", []string{"context", "model"}, 0, "claude-sonnet-4", ""},
		{"model clear", "", []string{"context", "model", "set", "auto"}, 0, "", ""},
		{"log chart", "", []string{"context", "log"}, 0, "events from", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := archon(t, tt.stdin, append([]string{"--root", root}, tt.args...)...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errOut, tt.stderr) {
				t.Fatalf("exit %d (want %d)\nstdout: %.600s\nstderr: %.600s", code, tt.code, out, errOut)
			}
		})
	}
	sum, _ := os.ReadFile(filepath.Join(root, "MEMORY_SUMMARY.md"))
	if !strings.Contains(string(sum), "PostgreSQL") || !strings.Contains(string(sum), "TES-142") {
		t.Fatalf("summary lost planted facts:\n%s", sum)
	}
	if logs, _ := os.ReadDir(filepath.Join(root, "memory")); len(logs) != 0 {
		t.Fatalf("dry runs and refused runs wrote daily logs: %v", logs)
	}
}

// TestCompactionLosesNothing runs the protocol for real and checks that the
// cut messages are found again by search.
func TestCompactionLosesNothing(t *testing.T) {
	root := t.TempDir()
	archon(t, "", "--root", root, "init")
	big := bigConversation(9000)
	code, _, errOut := archon(t, big, "--root", root, "context", "prepare", "--model", "gpt-4", "--action", "summarize")
	if code != 0 {
		t.Fatal(errOut)
	}
	code, out, errOut := archon(t, "", "--root", root, "search", "why PostgreSQL transactions", "--format", "json")
	if code != 0 || !strings.Contains(out, "PostgreSQL") {
		t.Fatalf("search after compaction: %d %s %s", code, out, errOut)
	}
}
