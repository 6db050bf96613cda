package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportClaudeCodeSkipsWhatTheLogRefuses: a turn the log refuses (a
// date in the future) is skipped and said, the turns around it are
// imported, and a second run adds nothing; two projects' CLAUDE.md are
// two sections; a --from that is no folder is an error, not an empty
// import.
func TestImportClaudeCodeSkipsWhatTheLogRefuses(t *testing.T) {
	root := filepath.Join(t.TempDir(), "ws")
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	turn := func(uuid, at, text string) string {
		return `{"type":"user","uuid":"` + uuid + `","timestamp":"` + at + `","message":{"role":"user","content":"` + text + `"}}` + "\n" +
			`{"type":"assistant","uuid":"` + uuid + `-a","timestamp":"` + at + `","message":{"role":"assistant","content":[{"type":"text","text":"Done: ` + text + `"}]}}` + "\n"
	}
	from := t.TempDir()
	session := turn("u1", "2026-11-30T09:00:00.000Z", "first zqalpha") +
		turn("u2", "2099-01-01T09:00:00.000Z", "from the future zqbeta") +
		turn("u3", "2026-11-30T10:00:00.000Z", "third zqgamma")
	os.WriteFile(filepath.Join(from, "s-1.jsonl"), []byte(session), 0o644)
	projA, projB := filepath.Join(t.TempDir(), "alpha"), filepath.Join(t.TempDir(), "beta")
	for p, rule := range map[string]string{projA: "Use Go.", projB: "Use Rust, never Go."} {
		os.MkdirAll(p, 0o755)
		os.WriteFile(filepath.Join(p, "CLAUDE.md"), []byte(rule+"\n"), 0o644)
	}
	code, out, errOut := archon(t, "", "--root", root, "import", "claude-code", projA, "--from", from)
	if code != 0 || !strings.Contains(out, "imported 2 entries") || !strings.Contains(out, "skipped 1 ") || !strings.Contains(errOut, "u2") {
		t.Fatalf("import: %d\n%s\n%s", code, out, errOut)
	}
	log, _ := os.ReadFile(filepath.Join(root, "memory", "2026-11-30.md"))
	if !strings.Contains(string(log), "zqalpha") || !strings.Contains(string(log), "zqgamma") {
		t.Fatalf("the log lacks the turns around the refused one:\n%s", log)
	}
	if code, out, _ := archon(t, "", "--root", root, "import", "claude-code", projA, "--from", from); code != 0 || !strings.Contains(out, "imported 0 entries") {
		t.Fatalf("second import: %d %s", code, out)
	}
	// The record of what was imported is lost with .archon: the log itself
	// says what it holds, and nothing is logged twice.
	os.RemoveAll(filepath.Join(root, ".archon"))
	if code, out, _ := archon(t, "", "--root", root, "import", "claude-code", projA, "--from", from); code != 0 || !strings.Contains(out, "imported 0 entries") {
		t.Fatalf("import after .archon was deleted: %d %s", code, out)
	}
	if again, _ := os.ReadFile(filepath.Join(root, "memory", "2026-11-30.md")); string(again) != string(log) {
		t.Fatalf("the log changed:\n%s", again)
	}
	if code, _, e := archon(t, "", "--root", root, "import", "claude-code", projB, "--from", from); code != 0 {
		t.Fatal(e)
	}
	// A CLAUDE.md changed since: its section is left as it is, and said so.
	os.WriteFile(filepath.Join(projA, "CLAUDE.md"), []byte("Use Go 1.26.\n"), 0o644)
	if code, _, e := archon(t, "", "--root", root, "import", "claude-code", projA, "--from", from); code != 0 || !strings.Contains(e, `the section "From Claude Code: alpha/CLAUDE.md" of MEMORY.md differs`) {
		t.Fatalf("changed CLAUDE.md: %d %s", code, e)
	}
	md, _ := os.ReadFile(filepath.Join(root, "MEMORY.md"))
	if !strings.Contains(string(md), "## From Claude Code: alpha/CLAUDE.md\n\nUse Go.") || !strings.Contains(string(md), "## From Claude Code: beta/CLAUDE.md\n\nUse Rust, never Go.") {
		t.Fatalf("MEMORY.md:\n%s", md)
	}
	if code, _, e := archon(t, "", "--root", root, "import", "claude-code", projA, "--from", filepath.Join(projA, "CLAUDE.md")); code != 1 || !strings.Contains(e, "no folder") {
		t.Fatalf("--from a file: %d %s", code, e)
	}
	if code, _, e := archon(t, "", "--root", root, "import", "claude-code", "/nonexistent/project", "--from", from); code != 1 || !strings.Contains(e, "no project folder") {
		t.Fatalf("a project that is not there: %d %s", code, e)
	}
}

// TestImportMemoryBanks: two projects' banks give two sections per
// context file; an item the log refuses (a date in the future) and a file
// that is no UTF-8 are skipped and named, the rest imported; a folder
// name with pattern characters is a folder name.
func TestImportMemoryBanks(t *testing.T) {
	root := filepath.Join(t.TempDir(), "ws")
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	bank := func(project, focus string) string {
		dir := filepath.Join(t.TempDir(), project, "memory-bank")
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "activeContext.md"), []byte("# Active Context\n\n## Current Focus\n"+focus+"\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "decisionLog.md"), []byte("# Decision Log\n\n[2026-11-02 10:00:00] - Chose SQLite for "+project+".\n\n[2099-01-05 10:00:00] - A typo from the future.\n\n[2026-11-03 10:00:00] - Kept the CLI thin in "+project+".\n"), 0o644)
		return dir
	}
	a, b := bank("alpha[v2]", "Alpha: the importer."), bank("beta", "Beta: Jetpack Compose.")
	os.WriteFile(filepath.Join(b, "techContext.md"), []byte("caf\xe9 latin-1\n"), 0o644)
	code, out, e := archon(t, "", "--root", root, "import", "memory-bank", a)
	if code != 0 || !strings.Contains(out, "imported 2 entries") || !strings.Contains(e, "2099-01-05") {
		t.Fatalf("alpha: %d\n%s\n%s", code, out, e)
	}
	code, out, e = archon(t, "", "--root", root, "import", "memory-bank", b)
	if code != 0 || !strings.Contains(out, "imported 2 entries") || !strings.Contains(e, "skipped the section") {
		t.Fatalf("beta: %d\n%s\n%s", code, out, e)
	}
	md, _ := os.ReadFile(filepath.Join(root, "MEMORY.md"))
	if !strings.Contains(string(md), "## From the memory bank: alpha[v2]/activeContext.md") || !strings.Contains(string(md), "Beta: Jetpack Compose.") {
		t.Fatalf("MEMORY.md:\n%s", md)
	}
	if code, out, _ := archon(t, "", "--root", root, "import", "memory-bank", a); code != 0 || !strings.Contains(out, "imported 0 entries") {
		t.Fatalf("again: %d %s", code, out)
	}
}
