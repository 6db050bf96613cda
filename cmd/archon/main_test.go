package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

// archon runs the command in-process and returns its exit code and output.
func archon(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := []string{"HOME=" + t.TempDir(), "ARCHON_WORKSPACE_TIMEZONE=UTC"}
	code := run(context.Background(), append([]string{"archon"}, args...), strings.NewReader(stdin), &out, &errOut, env)
	return code, out.String(), errOut.String()
}

func TestInitIdempotentAndKeepsUserFiles(t *testing.T) {
	root := filepath.Join(t.TempDir(), "ws")
	code, out, errOut := archon(t, "", "--root", root, "init")
	if code != 0 {
		t.Fatalf("init: %d %s", code, errOut)
	}
	for _, f := range []string{"archon.yaml", "MEMORY.md", "MEMORY_SUMMARY.md", "memory/"} {
		if !strings.Contains(out, "created "+f) {
			t.Errorf("init output lacks %q:\n%s", f, out)
		}
	}
	mine := []byte("# my own wisdom\n- keep it\n")
	os.WriteFile(filepath.Join(root, "MEMORY.md"), mine, 0o644)
	code, out, _ = archon(t, "", "init", "--root", root, "--json")
	if code != 0 {
		t.Fatal(out)
	}
	var res struct{ Created, Kept []string }
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Created) != 0 || len(res.Kept) != 3 {
		t.Fatalf("second init: %s %v", out, err)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "MEMORY.md")); !bytes.Equal(got, mine) {
		t.Fatalf("init overwrote MEMORY.md: %q", got)
	}
}

func TestLogAndStatus(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	steps := []struct {
		name  string
		stdin string
		args  []string
		want  memory.Entry
	}{
		{"args with flags after text", "", []string{"log", "Decided", "on", "PostgreSQL", "--agent", "planner", "--tags", "db,Decision", "--date", "2026-11-20", "--time", "14:03", "--root", root, "--json"},
			memory.Entry{Date: "2026-11-20", Time: "14:03", Agent: "planner", Tags: []string{"db", "decision"}, Text: "Decided on PostgreSQL", Path: "memory/2026-11-20.md", LineStart: 3, LineEnd: 4}},
		{"stdin", "ERROR: migration failed\n## 14:10 not an entry\n", []string{"--root", root, "log", "--json", "-a", "executor", "--date", "2026-11-20", "--time", "14:10:52"},
			memory.Entry{Date: "2026-11-20", Time: "14:10:52", Agent: "executor", Text: "ERROR: migration failed\n## 14:10 not an entry", Path: "memory/2026-11-20.md", LineStart: 6, LineEnd: 8}},
		{"dash reads stdin", "from a pipe", []string{"--root", root, "log", "-", "--json", "--date", "2026-11-21", "--time", "09:00"},
			memory.Entry{Date: "2026-11-21", Time: "09:00", Text: "from a pipe", Path: "memory/2026-11-21.md", LineStart: 3, LineEnd: 4}},
		{"text after --", "", []string{"--root", root, "log", "--json", "--date", "2026-11-21", "--time", "09:01", "--", "--not-a-flag"},
			memory.Entry{Date: "2026-11-21", Time: "09:01", Text: "--not-a-flag", Path: "memory/2026-11-21.md", LineStart: 6, LineEnd: 7}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			code, out, errOut := archon(t, s.stdin, s.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var got struct {
				memory.Entry
				ID string
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Entry, s.want) {
				t.Fatalf("got %+v\nwant %+v", got, s.want)
			}
			// The id is the item's: get finds it at once (DESIGN's
			// contract for log --json).
			code, out, errOut = archon(t, "", "--root", root, "get", got.ID)
			if code != 0 || !strings.Contains(out, strings.Split(s.want.Text, "\n")[0]) {
				t.Fatalf("get %q: exit %d: %s%s", got.ID, code, out, errOut)
			}
		})
	}
	code, out, errOut := archon(t, "", "status", "--json", "--root", root)
	if code != 0 {
		t.Fatal(errOut)
	}
	var st struct {
		L2 struct {
			Files, Entries int
			First          string `json:"first_date"`
			Last           string `json:"last_date"`
		}
		L4 struct{ Exists bool }
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	if st.L2.Files != 2 || st.L2.Entries != 4 || st.L2.First != "2026-11-20" || st.L2.Last != "2026-11-21" || !st.L4.Exists {
		t.Fatalf("status: %s", out)
	}
}

func TestErrors(t *testing.T) {
	root := t.TempDir()
	archon(t, "", "--root", root, "init")
	file := filepath.Join(root, "MEMORY.md")
	memFile := t.TempDir() // a workspace whose memory/ is a file
	os.WriteFile(filepath.Join(memFile, "memory"), []byte("x\n"), 0o644)
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"bad date", []string{"--root", root, "log", "--date", "2026-13-01", "x"}, 2, "invalid date"},
		{"date in the future", []string{"--root", root, "log", "--date", "2999-01-01", "x"}, 2, "is in the future"},
		{"bad time", []string{"--root", root, "log", "--time", "7pm", "x"}, 2, "invalid time"},
		{"bad agent", []string{"--root", root, "log", "--agent", "a b", "x"}, 2, "invalid agent"},
		{"empty text", []string{"--root", root, "log", " "}, 2, "empty text"},
		{"text over the limit", []string{"--root", root, "log", strings.Repeat("x", 4<<20+1)}, 2, "entry too large"},
		// A refused value exits 2 in every command, a failure 1.
		{"bad priority", []string{"--root", root, "task", "add", "t", "--priority", "9"}, 2, "invalid priority"},
		{"bad layer", []string{"--root", root, "search", "--layer", "L9", "x"}, 2, "unknown layer"},
		{"unknown task", []string{"--root", root, "task", "show", "T99"}, 1, "unknown task"},
		{"unknown id", []string{"--root", root, "get", "0123456789abcdef"}, 1, "no such item"},
		{"unknown flag", []string{"--root", root, "log", "--bogus", "x"}, 2, "flag provided but not defined"},
		{"unknown command", []string{"--root", root, "frobnicate"}, 2, "unknown command"},
		{"unknown subcommand", []string{"--root", root, "context", "frobnicate"}, 2, "unknown command \"frobnicate\"; run `archon context --help`"},
		{"conversation from a flag, not an argument", []string{"--root", root, "summarize", "x.json"}, 2, "summarize takes no arguments"},
		{"check takes no args", []string{"--root", root, "context", "check", "x.json"}, 2, "context check takes no arguments"},
		{"a hint names the whole command", []string{"--root", root, "task", "show"}, 2, "see `archon task show --help`"},
		{"root is a file", []string{"--root", file, "status"}, 1, "is a file, not a directory"},
		{"root is missing", []string{"--root", filepath.Join(root, "nope"), "log", "x"}, 1, "does not exist"},
		{"init on a file", []string{"--root", file, "init"}, 1, "is a file"},
		{"init where memory/ is a file", []string{"--root", memFile, "init"}, 1, "is a file where the daily logs' folder goes"},
		{"status takes no args", []string{"--root", root, "status", "extra"}, 2, "takes no arguments"},
		{"bad log level", []string{"--log-level", "loud", "--root", root, "status"}, 2, "--log-level"},
		{"empty root", []string{"--root", "", "status"}, 2, "--root is empty"},
		{"mcp takes no args", []string{"--root", root, "mcp", "extra"}, 2, "takes no arguments"},
		{"serve elsewhere needs a token", []string{"--root", root, "serve", "--addr", "0.0.0.0:0"}, 1, "needs a bearer token"},
		{"bad archive age", []string{"--root", root, "archive", "--older-than", "soon"}, 2, "--older-than"},
		{"missing input file", []string{"--root", root, "context", "check", "--input", "x.json"}, 1, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := archon(t, "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d containing %q", code, errOut, tt.code, tt.want)
			}
		})
	}
	l, _ := os.ReadDir(filepath.Join(root, "memory"))
	if len(l) != 0 {
		t.Fatalf("failed commands wrote logs: %v", l)
	}
}

func TestConfigErrorsNameFileAndKey(t *testing.T) {
	root := t.TempDir()
	archon(t, "", "--root", root, "init")
	os.WriteFile(filepath.Join(root, "archon.yaml"), []byte("log:\n  agnt: x\n"), 0o644)
	code, _, errOut := archon(t, "", "--root", root, "log", "hello")
	if code != 1 || !strings.Contains(errOut, "archon.yaml:2:") || !strings.Contains(errOut, `"log.agnt"`) {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	os.WriteFile(filepath.Join(root, "archon.yaml"), []byte("log:\n  agent: fromfile\n"), 0o644)
	var out bytes.Buffer
	code = run(context.Background(), []string{"archon", "--root", root, "config", "--json"}, strings.NewReader(""), &out, &out,
		[]string{"ARCHON_LOG_AGENT=fromenv", "ARCHON_WORKSPACE_TIMEZONE=UTC"})
	if code != 0 || !strings.Contains(out.String(), `"value": "fromenv"`) || !strings.Contains(out.String(), `"source": "env"`) {
		t.Fatalf("config: %d %s", code, out.String())
	}
	// What only the monitor or the workspace can judge is checked when the
	// configuration loads too, for every command, naming where it was set.
	os.WriteFile(filepath.Join(root, "archon.yaml"), []byte("context:\n  profile: nosuch\n"), 0o644)
	for _, cmd := range [][]string{{"config"}, {"status"}, {"log", "hello"}} {
		code, _, errOut := archon(t, "", append([]string{"--root", root}, cmd...)...)
		if code == 0 || !strings.Contains(errOut, filepath.Join(root, "archon.yaml")+`: context.profile: unknown profile "nosuch"`) {
			t.Fatalf("%v: exit %d: %s", cmd, code, errOut)
		}
	}
	os.WriteFile(filepath.Join(root, "archon.yaml"), []byte("context:\n  profile: archon\n"), 0o644)
	for env, want := range map[string]string{
		"ARCHON_CONTEXT_PROFILE=nosuch":  `environment ARCHON_CONTEXT_PROFILE: context.profile: unknown profile "nosuch"`,
		"ARCHON_PRIVACY_PATTERNS=bad=([": "environment ARCHON_PRIVACY_PATTERNS: privacy.patterns[0]",
		"ARCHON_RERANK_PROVIDER=llm":     `environment ARCHON_RERANK_PROVIDER: rerank.provider "llm"`,
	} {
		out.Reset()
		code = run(context.Background(), []string{"archon", "--root", root, "config"}, strings.NewReader(""), &out, &out, []string{env})
		if code == 0 || !strings.Contains(out.String(), want) {
			t.Fatalf("%s: exit %d: %s", env, code, out.String())
		}
	}
}

func TestReorderArgs(t *testing.T) {
	var a app
	cli := a.cliApp()
	tests := []struct{ in, want string }{
		{"archon search foo --top-k 3", "archon search --top-k 3 -- foo"},
		{"archon --root /r search foo bar -k 3 --format=json", "archon --root /r search -k 3 --format=json -- foo bar"},
		{"archon search foo --root /r", "archon --root /r search -- foo"},
		{"archon log hello --json --agent x", "archon log --json --agent x -- hello"},
		{"archon log -- --json", "archon log -- --json"},
		{"archon log -", "archon log -- -"},
		{"archon context check --input f --json", "archon context check --input f --json"},
		{"archon search --help", "archon search --help"},
		{"archon log x --bogus", "archon log --bogus -- x"},
		// A value flag with no value ends the line, where cli reports it.
		{"archon search hello --agent", "archon search --agent"},
		{"archon search hello --agent x --top-k", "archon search --agent x --top-k"},
		{"archon search hello --agent --top-k", "archon search --agent --top-k -- hello"},
		{"archon status --root", "archon --root"},
		{"archon log hello --root", "archon --root"},
		{"archon help search", "archon help search"},
		{"archon", "archon"},
		{"archon --root /r", "archon --root /r"},
	}
	for _, tt := range tests {
		got := strings.Join(reorderArgs(cli, strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("reorderArgs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestQuickstartFindsTheDecision: the README's quickstart, a fresh
// workspace with one decision, answers its own question with that entry
// first, not with the templates' headings.
func TestQuickstartFindsTheDecision(t *testing.T) {
	root := t.TempDir()
	archon(t, "", "--root", root, "init")
	if code, _, e := archon(t, "", "--root", root, "log", "--agent", "planner", "--tags", "db,decision", "Chose PostgreSQL: we need transactions."); code != 0 {
		t.Fatal(e)
	}
	code, out, e := archon(t, "", "--root", root, "search", "what did we decide about the database", "--format", "json")
	var resp struct {
		Results []struct{ Snippet, Path string }
	}
	if code != 0 || json.Unmarshal([]byte(out), &resp) != nil || len(resp.Results) == 0 ||
		!strings.Contains(resp.Results[0].Snippet, "PostgreSQL") {
		t.Fatalf("quickstart search: %d %s %s", code, out, e)
	}
	for _, r := range resp.Results {
		if r.Path == "MEMORY_SUMMARY.md" || r.Path == "MEMORY.md" {
			t.Errorf("a template heading is a hit: %+v", r)
		}
	}
	// A second agent's record: each search finds its own entry only, and
	// --explain says why.
	if code, _, e := archon(t, "", "--root", root, "log", "--agent", "coder", "Set up the CI pipeline; tests run on every push."); code != 0 {
		t.Fatal(e)
	}
	code, out, e = archon(t, "", "--root", root, "search", "--explain", "CI")
	if code != 0 || strings.Count(out, "id ") != 1 || !strings.Contains(out, "why: words ci; text ") {
		t.Errorf("search --explain CI: %d\n%s%s", code, out, e)
	}
}

func TestReachable(t *testing.T) {
	for _, tc := range []struct {
		ip   net.IP
		want string
	}{
		{net.IPv4zero, "127.0.0.1:7420"}, {net.IPv6unspecified, "127.0.0.1:7420"},
		{net.IPv4(127, 0, 0, 1), "127.0.0.1:7420"}, {net.IPv4(10, 1, 2, 3), "10.1.2.3:7420"}, {net.IPv6loopback, "[::1]:7420"},
	} {
		if got := reachable(&net.TCPAddr{IP: tc.ip, Port: 7420}); got != tc.want {
			t.Errorf("reachable(%s) = %s, want %s", tc.ip, got, tc.want)
		}
	}
}

// TestTimesInTheWorkspaceZone: a task's times, the summary's "Updated"
// line and the context log's chart are in workspace.timezone, as the
// logs are, not in the machine's zone.
func TestTimesInTheWorkspaceZone(t *testing.T) {
	root := t.TempDir()
	env := []string{"ARCHON_WORKSPACE_TIMEZONE=Pacific/Pago_Pago", "ARCHON_NO_SERVE=1"}
	loc, _ := time.LoadLocation("Pacific/Pago_Pago")
	do := func(stdin string, args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(context.Background(), append([]string{"archon", "--root", root}, args...), strings.NewReader(stdin), &out, &errb, env); code != 0 {
			t.Fatalf("%v: %d %s", args, code, errb.String())
		}
		return out.String()
	}
	do("", "init")
	do("", "task", "add", "ship it")
	now := time.Now().In(loc)
	if out := do("", "task", "show", "T1"); !strings.Contains(out, "created "+now.Format("2006-01-02 15")) {
		t.Errorf("task show, now %s there:\n%s", now.Format("2006-01-02 15:04"), out)
	}
	conv := `[{"role": "user", "content": "Decision: use PostgreSQL for billing."}]`
	do(conv, "summarize", "--input", "-", "--format", "openai")
	if b, _ := os.ReadFile(filepath.Join(root, "MEMORY_SUMMARY.md")); !strings.Contains(string(b), "_Updated "+now.Format("2006-01-02 15")) {
		t.Errorf("summary, now %s there:\n%s", now.Format("2006-01-02 15:04"), b)
	}
	do(conv, "context", "check", "--input", "-", "--format", "openai")
	if out := do("", "context", "log"); !strings.Contains(out, "events from "+now.Format("2006-01-02 15")) {
		t.Errorf("context log, now %s there:\n%s", now.Format("2006-01-02 15:04"), out)
	}
}
