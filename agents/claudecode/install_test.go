package claudecode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archon-memory/archon/internal/jsonedit"
)

// settings is a project's settings file that already holds permissions,
// env and a hook of its own, in its own layout.
const settings = `{
    "permissions": {
        "allow": ["Bash(go test:*)", "Read(~/.zshrc)"],
        "deny": []
    },
    "env": {"GOFLAGS": "-mod=mod"},
    "hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "say done"}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./check.sh"}]}]
    }
}
`

func setupIn(t *testing.T) (Setup, string, string) {
	t.Helper()
	dir := t.TempDir()
	s := Setup{Exe: "/usr/local/bin/archon", Root: "/home/me/.archon",
		Settings: filepath.Join(dir, ".claude", "settings.json"), MCP: filepath.Join(dir, ".mcp.json")}
	os.MkdirAll(filepath.Dir(s.Settings), 0o755)
	if err := os.WriteFile(s.Settings, []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	return s, filepath.Join(dir, "state", "installs", "claude-code.json"), filepath.Join(dir, "state", "backups")
}

func install(t *testing.T, s Setup, record, backups string) {
	t.Helper()
	cs, err := PlanInstall(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := Apply(cs, record, backups, "t0"); err != nil {
		t.Fatal(err)
	}
}

func uninstall(t *testing.T, s Setup, record string) {
	t.Helper()
	rec, err := LoadRecord(record)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := PlanUninstall(s, rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := Apply(cs, record, "", "t1"); err != nil {
		t.Fatal(err)
	}
}

// TestInstallRoundTrip: install merges archon's hooks beside the others
// and is idempotent; uninstall gives back the very bytes, and removes the
// MCP file it created.
func TestInstallRoundTrip(t *testing.T) {
	s, record, backups := setupIn(t)
	install(t, s, record, backups)
	got, _ := os.ReadFile(s.Settings)
	var doc struct {
		Permissions map[string][]string `json:"permissions"`
		Env         map[string]string   `json:"env"`
		Hooks       map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type, Command string
				Args          []string
				Timeout       int
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(got, &doc); err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if len(doc.Permissions["allow"]) != 2 || doc.Env["GOFLAGS"] != "-mod=mod" || len(doc.Hooks["PreToolUse"]) != 1 {
		t.Fatalf("other keys lost:\n%s", got)
	}
	for _, ev := range []string{SessionStart, UserPromptSubmit, PreCompact, PostCompact, Stop, SubagentStop, SessionEnd} {
		gs := doc.Hooks[ev]
		last := gs[len(gs)-1].Hooks[0]
		if last.Command != s.Exe || strings.Join(last.Args, " ") != "--root /home/me/.archon hook claude-code" || last.Timeout == 0 {
			t.Errorf("%s: %+v", ev, gs)
		}
	}
	if len(doc.Hooks[Stop]) != 2 || doc.Hooks[Stop][0].Hooks[0].Command != "say done" {
		t.Fatalf("the user's Stop hook: %+v", doc.Hooks[Stop])
	}
	if fi, _ := os.Stat(s.Settings); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v: a private file stays private", fi.Mode())
	}
	mcp, _ := os.ReadFile(s.MCP)
	if !strings.Contains(string(mcp), `"archon"`) || !strings.Contains(string(mcp), `"mcp"`) {
		t.Fatalf(".mcp.json:\n%s", mcp)
	}
	// Idempotent.
	cs, err := PlanInstall(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Changed() {
			t.Fatalf("a second install changes %s:\n%s", c.Path, c.Diff())
		}
	}
	uninstall(t, s, record)
	if back, _ := os.ReadFile(s.Settings); !bytes.Equal(back, []byte(settings)) {
		t.Fatalf("not byte-identical after uninstall:\n%s", back)
	}
	if _, err := os.Stat(s.MCP); !os.IsNotExist(err) {
		t.Fatalf(".mcp.json install created is still there: %v", err)
	}
}

// TestUninstallAfterEdits: when a person edited the files since install,
// uninstall removes only archon's hooks and server.
func TestUninstallAfterEdits(t *testing.T) {
	s, record, backups := setupIn(t)
	os.WriteFile(s.MCP, []byte(`{"mcpServers": {"github": {"command": "gh-mcp"}}}`), 0o644)
	install(t, s, record, backups)
	got, _ := os.ReadFile(s.Settings)
	edited := strings.Replace(string(got), `"deny": []`, `"deny": ["Bash(rm:*)"]`, 1)
	os.WriteFile(s.Settings, []byte(edited), 0o600)
	uninstall(t, s, record)
	back, _ := os.ReadFile(s.Settings)
	if strings.Contains(string(back), "claude-code") || !strings.Contains(string(back), `"Bash(rm:*)"`) ||
		!strings.Contains(string(back), `"say done"`) || !strings.Contains(string(back), "./check.sh") {
		t.Fatalf("after edits:\n%s", back)
	}
	if mcp, _ := os.ReadFile(s.MCP); string(mcp) != `{"mcpServers": {"github": {"command": "gh-mcp"}}}` {
		t.Fatalf(".mcp.json (untouched since install) is not as it was:\n%s", mcp)
	}
}

// TestInstallRefusesAForeignServerAndBadJSON: another "archon" MCP
// server, or a settings file that is not JSON, stops install unchanged.
func TestInstallRefusesAForeignServerAndBadJSON(t *testing.T) {
	s, _, _ := setupIn(t)
	os.WriteFile(s.MCP, []byte(`{"mcpServers": {"archon": {"command": "/opt/other/tool"}}}`), 0o644)
	if _, err := PlanInstall(s); err == nil || !strings.Contains(err.Error(), "not archon's") {
		t.Fatalf("foreign server: %v", err)
	}
	os.WriteFile(s.Settings, []byte(`{"hooks": `), 0o644)
	if _, err := PlanInstall(s); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
		t.Fatalf("bad JSON: %v", err)
	}
	// Hooks of another shape are the user's to fix: replacing them would
	// drop the user's hook (from a black-box review).
	os.Remove(s.MCP)
	for doc, want := range map[string]string{
		`{"hooks":{"SessionStart":{"matcher":"startup","hooks":[{"type":"command","command":"echo mine"}]}}}`: `"hooks.SessionStart" is not a list`,
		`{"hooks":[{"type":"command","command":"echo mine"}]}`:                                                `"hooks" is not an object`,
		`{"mcpServers":["x"]}`: `"mcpServers" is not an object`,
	} {
		if doc == `{"mcpServers":["x"]}` {
			os.WriteFile(s.Settings, []byte(`{}`), 0o644)
			os.WriteFile(s.MCP, []byte(doc), 0o644)
		} else {
			os.WriteFile(s.Settings, []byte(doc), 0o644)
		}
		if _, err := PlanInstall(s); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "fix it by hand") {
			t.Errorf("%s: %v, want %q", doc, err, want)
		}
	}
	os.Remove(s.MCP)
	os.WriteFile(s.Settings, []byte(`{"hooks":null}`), 0o644)
	if _, err := PlanInstall(s); err != nil {
		t.Errorf("hooks null: %v", err)
	}
}

// TestInstallKeepsLineEndings: a settings file written with CRLF line
// endings keeps them; only archon's lines are new.
func TestInstallKeepsLineEndings(t *testing.T) {
	s, record, backups := setupIn(t)
	crlf := strings.ReplaceAll(settings, "\n", "\r\n")
	if err := os.WriteFile(s.Settings, []byte(crlf), 0o600); err != nil {
		t.Fatal(err)
	}
	install(t, s, record, backups)
	got, err := os.ReadFile(s.Settings)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(got, []byte("\n")); n == 0 || bytes.Count(got, []byte("\r\n")) != n || bytes.Contains(got, []byte("\r\r")) {
		t.Errorf("line endings after install:\n%q", got)
	}
	if !bytes.Contains(got, []byte("\"permissions\": {\r\n        \"allow\": [\"Bash(go test:*)\", \"Read(~/.zshrc)\"],")) {
		t.Errorf("an untouched part changed:\n%s", got)
	}
	uninstall(t, s, record)
	if back, _ := os.ReadFile(s.Settings); !bytes.Equal(back, []byte(crlf)) {
		t.Errorf("uninstall:\n%q", back)
	}
}

// TestPluginInstall writes a plugin directory and takes it away again.
func TestPluginInstall(t *testing.T) {
	dir := t.TempDir()
	s := Setup{Exe: "/usr/local/bin/archon", Root: "/home/me/.archon", Plugin: dir, Version: "1.2.3",
		Settings: filepath.Join(dir, "hooks", "hooks.json"), MCP: filepath.Join(dir, ".mcp.json")}
	record := filepath.Join(t.TempDir(), "rec.json")
	install(t, s, record, filepath.Join(t.TempDir(), "b"))
	for _, f := range []string{".claude-plugin/plugin.json", "hooks/hooks.json", ".mcp.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	man, _ := os.ReadFile(filepath.Join(dir, ".claude-plugin", "plugin.json"))
	if !strings.Contains(string(man), `"name": "archon"`) || !strings.Contains(string(man), "1.2.3") {
		t.Fatalf("manifest:\n%s", man)
	}
	uninstall(t, s, record)
	for _, f := range []string{".claude-plugin/plugin.json", "hooks/hooks.json", ".mcp.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); !os.IsNotExist(err) {
			t.Fatalf("%s left: %v", f, err)
		}
	}
}

// TestUninstallKeepsEditsBetweenInstalls: a file edited after one install
// and installed into again (a new binary path) loses only archon's parts
// on uninstall; the first install's backup lacks the edits.
func TestUninstallKeepsEditsBetweenInstalls(t *testing.T) {
	s, record, backups := setupIn(t)
	install(t, s, record, backups)
	data, err := os.ReadFile(s.Settings)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte(`"env": {"GOFLAGS": "-mod=mod"}`), []byte(`"env": {"GOFLAGS": "-mod=mod", "EDITED": "1"}`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("the edit did not apply")
	}
	if err := os.WriteFile(s.Settings, edited, 0o600); err != nil {
		t.Fatal(err)
	}
	s.Exe = "/opt/archon/bin/archon" // a new binary: install rewrites the hooks
	install(t, s, record, backups)
	uninstall(t, s, record)
	got, err := os.ReadFile(s.Settings)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(got, []byte(`"EDITED": "1"`)) {
		t.Fatalf("the edit made between installs is gone:\n%s", got)
	}
	if bytes.Contains(got, []byte("archon")) {
		t.Fatalf("archon's hooks are still there:\n%s", got)
	}
}

// TestInstallThroughLink: a settings file linked from a dotfiles folder
// is written where the link points and stays a link.
func TestInstallThroughLink(t *testing.T) {
	s, record, backups := setupIn(t)
	target := filepath.Join(t.TempDir(), "dotfiles", "settings.json")
	os.MkdirAll(filepath.Dir(target), 0o755)
	if err := os.Rename(s.Settings, target); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, s.Settings); err != nil {
		t.Fatal(err)
	}
	install(t, s, record, backups)
	if fi, err := os.Lstat(s.Settings); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the settings file is no longer a link: %v %v", fi, err)
	}
	if data, _ := os.ReadFile(target); !bytes.Contains(data, []byte(s.Exe)) {
		t.Fatalf("the link's target has no hooks:\n%s", data)
	}
	uninstall(t, s, record)
	if data, _ := os.ReadFile(target); string(data) != settings {
		t.Fatalf("uninstall through the link:\n%s", data)
	}
}

// TestInstallRefusesReadOnly: a read-only settings file is refused before
// anything is written, .mcp.json included.
func TestInstallRefusesReadOnly(t *testing.T) {
	s, record, backups := setupIn(t)
	if err := os.Chmod(s.Settings, 0o444); err != nil {
		t.Fatal(err)
	}
	cs, err := PlanInstall(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := Apply(cs, record, backups, "t0"); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("install into a read-only file: %v", err)
	}
	if data, _ := os.ReadFile(s.Settings); string(data) != settings {
		t.Fatalf("the read-only file changed:\n%s", data)
	}
	if _, err := os.Stat(s.MCP); err == nil {
		t.Fatal(".mcp.json was written")
	}
}

// TestDiffShowsTheChange: the diff of a big file shows the lines that
// change and a few around them, not the whole file.
func TestDiffShowsTheChange(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n")
	for i := range 500 {
		fmt.Fprintf(&b, "  \"history%d\": \"a prompt someone typed\",\n", i)
	}
	b.WriteString("  \"last\": 1\n}\n")
	before := b.String()
	after := strings.Replace(before, "  \"last\": 1\n", "  \"last\": 1,\n  \"mcpServers\": {}\n", 1)
	d := Change{Path: "x.json", Before: []byte(before), After: []byte(after)}.Diff()
	if n := strings.Count(d, "\n"); n > 15 || !strings.Contains(d, "+  \"mcpServers\": {}") || strings.Contains(d, "history100") {
		t.Fatalf("diff of %d lines:\n%s", n, d)
	}
}

// TestReinstallKeepsEdits: a matcher a person gave archon's hook and a
// timeout raised past archon's stay when install runs again (an upgrade);
// a timeout lowered under archon's is raised back.
func TestReinstallKeepsEdits(t *testing.T) {
	s, record, backups := setupIn(t)
	install(t, s, record, backups)
	got, _ := os.ReadFile(s.Settings)
	var doc struct {
		Hooks map[string][]struct {
			Matcher string
			Hooks   []struct{ Timeout int }
		}
	}
	parsed, err := jsonedit.Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(event string, fn func(group, hook *jsonedit.Value)) {
		for _, g := range parsed.Get("hooks").Get(event).Items() {
			if h := g.Get("hooks").Items()[0]; isArchonHook(h) {
				fn(g, h)
			}
		}
	}
	edit(SessionStart, func(g, h *jsonedit.Value) { g.With("matcher", "startup"); h.With("timeout", 30) })
	edit(PreCompact, func(_, h *jsonedit.Value) { h.With("timeout", 2) })
	os.WriteFile(s.Settings, parsed.Marshal("  "), 0o600)
	install(t, s, record, backups)
	after, _ := os.ReadFile(s.Settings)
	if err := json.Unmarshal(after, &doc); err != nil {
		t.Fatal(err)
	}
	find := func(event string) (string, int) { // archon's group is the last
		gs := doc.Hooks[event]
		g := gs[len(gs)-1]
		return g.Matcher, g.Hooks[0].Timeout
	}
	if m, to := find(SessionStart); m != "startup" || to != 30 {
		t.Errorf("SessionStart after reinstall: matcher %q timeout %d, want startup 30:\n%s", m, to, after)
	}
	if _, to := find(PreCompact); to != 60 {
		t.Errorf("PreCompact's lowered timeout after reinstall: %d, want 60", to)
	}
}

// TestOtherRoots: archon's hooks that name another workspace are found
// (install warns that it repoints them); its own workspace and other
// hooks are not.
func TestOtherRoots(t *testing.T) {
	s, record, backups := setupIn(t)
	if got := OtherRoots(s); len(got) != 0 {
		t.Fatalf("before install: %v", got)
	}
	install(t, s, record, backups)
	if got := OtherRoots(s); len(got) != 0 {
		t.Fatalf("its own workspace: %v", got)
	}
	other := s
	other.Root = "/home/me/other"
	if got := OtherRoots(other); len(got) != 1 || got[0] != s.Root {
		t.Fatalf("another workspace: %v, want [%s]", got, s.Root)
	}
}
