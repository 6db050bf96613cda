package memtool

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

func newTool(t *testing.T) (*Tool, *memory.Workspace) {
	t.Helper()
	root := t.TempDir()
	if _, err := memory.Init(context.Background(), root, nil); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 2, 9, 30, 0, 0, time.UTC)
	ws, err := memory.OpenWith(root, memory.Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return New(ws, Options{Tags: []string{"memory-tool"}}), ws
}

func str(s string) *string { return &s }
func num(n int) *int       { return &n }

// step is one command and what its answer must hold.
type step struct {
	cmd     Command
	isError bool
	want    string // a substring of the answer
}

func run(t *testing.T, tool *Tool, steps []step) {
	t.Helper()
	for i, s := range steps {
		res, err := tool.Run(context.Background(), s.cmd)
		if err != nil {
			t.Fatalf("step %d %+v: %v", i, s.cmd, err)
		}
		if res.IsError != s.isError || !strings.Contains(res.Content, s.want) {
			t.Fatalf("step %d %s %s: is_error=%v %q; want is_error=%v and %q", i, s.cmd.Command, s.cmd.Path, res.IsError, res.Content, s.isError, s.want)
		}
	}
}

func read(t *testing.T, ws *memory.Workspace, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(ws.Root(), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFolderRoundTrip runs every command on a file of the memories/
// folder, with the answers Claude expects.
func TestFolderRoundTrip(t *testing.T) {
	tool, ws := newTool(t)
	const p = "/memories/projects/billing.md"
	run(t, tool, []step{
		{Command{Command: View, Path: p}, true, "does not exist"},
		{Command{Command: Create, Path: p, FileText: str("# Billing\nUse Stripe webhooks.\nRetry 3 times.\n")}, false, "File created successfully at: " + p},
		{Command{Command: View, Path: p}, false, "     2\tUse Stripe webhooks."},
		{Command{Command: View, Path: p, ViewRange: []int{3, -1}}, false, "     3\tRetry 3 times."},
		{Command{Command: View, Path: p, ViewRange: []int{9, 10}}, true, "has 3 lines"},
		{Command{Command: StrReplace, Path: p, OldStr: str("3 times"), NewStr: str("5 times")}, false, "     3\tRetry 5 times."},
		{Command{Command: StrReplace, Path: p, OldStr: str("nowhere"), NewStr: str("x")}, true, "did not appear verbatim"},
		{Command{Command: Insert, Path: p, InsertLine: num(1), InsertText: str("Owner: Dana.\n")}, false, "     2\tOwner: Dana."},
		{Command{Command: Insert, Path: p, InsertLine: num(9), InsertText: str("x")}, true, "[0, 4]"},
		{Command{Command: StrReplace, Path: p, OldStr: str("e"), NewStr: str("E")}, true, "Multiple occurrences"},
		{Command{Command: View, Path: "/memories"}, false, "/memories/projects/billing.md"},
		{Command{Command: Rename, OldPath: p, NewPath: "/memories/archive/billing.md"}, false, "Successfully renamed"},
		{Command{Command: View, Path: p}, true, "does not exist"},
		{Command{Command: Create, Path: "/memories/other.md", FileText: str("x")}, false, "created"},
		{Command{Command: Rename, OldPath: "/memories/other.md", NewPath: "/memories/archive/billing.md"}, true, "already exists"},
		{Command{Command: Delete, Path: "/memories/archive"}, false, "Successfully deleted /memories/archive"},
		{Command{Command: Delete, Path: "/memories/archive"}, true, "does not exist"},
		{Command{Command: Create, Path: "/memories/other.md", FileText: str("y\n")}, false, "overwritten"},
	})
	if got := read(t, ws, "memories/other.md"); got != "y\n" {
		t.Fatalf("other.md = %q", got)
	}
	if _, err := os.Stat(filepath.Join(ws.Root(), "memories", "archive")); !os.IsNotExist(err) {
		t.Fatalf("deleted folder still there: %v", err)
	}
}

// TestCuratedFiles: MEMORY.md and MEMORY_SUMMARY.md are archon's own files:
// read and edited in place, never replaced whole, deleted or renamed.
func TestCuratedFiles(t *testing.T) {
	tool, ws := newTool(t)
	run(t, tool, []step{
		{Command{Command: Create, Path: "/memories/MEMORY.md", FileText: str("# Memory\n- user likes tea\n")}, true, "already exists"},
		{Command{Command: Insert, Path: "/memories/MEMORY.md", InsertLine: num(0), InsertText: str("- Run migrations before deploys.")}, false, "Run migrations"},
		{Command{Command: StrReplace, Path: "/memories/MEMORY.md", OldStr: str("before deploys"), NewStr: str("before every deploy")}, false, "edited"},
		{Command{Command: Insert, Path: "/memories/MEMORY_SUMMARY.md", InsertLine: num(0), InsertText: str("Current focus: billing.")}, false, "     1\tCurrent focus: billing."},
		{Command{Command: Delete, Path: "/memories/MEMORY.md"}, true, "not deleted"},
		{Command{Command: Rename, OldPath: "/memories/MEMORY.md", NewPath: "/memories/x.md"}, true, "keeps its name"},
		{Command{Command: Rename, OldPath: "/memories/x.md", NewPath: "/memories/MEMORY_SUMMARY.md"}, true, "keeps its name"},
	})
	if got := read(t, ws, memory.WisdomFile); !strings.Contains(got, "before every deploy") || strings.Contains(got, "likes tea") {
		t.Fatalf("MEMORY.md = %q", got)
	}
	if got := read(t, ws, memory.SummaryFile); !strings.HasPrefix(got, "Current focus: billing.\n") {
		t.Fatalf("MEMORY_SUMMARY.md = %q", got)
	}
}

// TestDailyLogs: create and insert append an entry; nothing is replaced,
// renamed or deleted.
func TestDailyLogs(t *testing.T) {
	tool, ws := newTool(t)
	const p = "/memories/daily/2026-12-02.md"
	run(t, tool, []step{
		{Command{Command: Create, Path: p, FileText: str("Chose NATS over Kafka for events.")}, false, "File created successfully at: " + p},
		{Command{Command: Insert, Path: p, InsertLine: num(0), InsertText: str("Deploy is blocked on the TLS cert.")}, false, "entries go at the end"},
		{Command{Command: View, Path: p}, false, "Deploy is blocked"},
		{Command{Command: View, Path: "/memories/daily"}, false, p},
		{Command{Command: StrReplace, Path: p, OldStr: str("NATS"), NewStr: str("Kafka")}, true, "append-only"},
		{Command{Command: Delete, Path: p}, true, "append-only"},
		{Command{Command: Rename, OldPath: p, NewPath: "/memories/x.md"}, true, "append-only"},
		{Command{Command: Create, Path: "/memories/daily/2027-01-01.md", FileText: str("x")}, true, "is in the future"},
		{Command{Command: Create, Path: "/memories/daily/0001-01-01.md", FileText: str("x")}, true, "before 1970"}, // as archon log refuses them
		{Command{Command: Create, Path: "/memories/daily/notes.md", FileText: str("x")}, true, "YYYY-MM-DD.md"},
	})
	log, err := ws.ReadLog("memory/2026-12-02.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Entries) != 2 || log.Entries[0].Text != "Chose NATS over Kafka for events." || log.Entries[1].Tags[0] != "memory-tool" {
		t.Fatalf("entries: %+v", log.Entries)
	}
}

// TestRefusedPaths: every path outside /memories, or that could be
// spelled two ways, is refused and nothing is written.
func TestRefusedPaths(t *testing.T) {
	tool, ws := newTool(t)
	outside := t.TempDir()
	if err := os.MkdirAll(filepath.Join(ws.Root(), "memories"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(ws.Root(), "memories", "link")); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(outside, "secret.md")
	if err := os.WriteFile(secret, []byte("ssh key"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		cmd  Command
		want string
	}{
		{"relative", Command{Command: View, Path: "memories/a.md"}, "every path starts with /memories"},
		{"other root", Command{Command: View, Path: "/etc/passwd"}, "outside /memories"},
		{"prefix only", Command{Command: View, Path: "/memoriesX/a.md"}, "outside /memories"},
		{"dot dot", Command{Command: Create, Path: "/memories/../archon.yaml", FileText: str("x")}, `".."`},
		{"dot dot deep", Command{Command: Create, Path: "/memories/a/../../x", FileText: str("x")}, `".."`},
		{"double slash", Command{Command: View, Path: "/memories//a.md"}, "empty"},
		{"hidden", Command{Command: Create, Path: "/memories/.archon/x", FileText: str("x")}, "reserved"},
		{"backslash", Command{Command: Create, Path: `/memories/..\x`, FileText: str("x")}, "use /"},
		{"nul", Command{Command: Create, Path: "/memories/a\x00b", FileText: str("x")}, "control"},
		{"symlink view", Command{Command: View, Path: "/memories/link/secret.md"}, "outside"},
		{"symlink create", Command{Command: Create, Path: "/memories/link/planted.md", FileText: str("x")}, "outside"},
		{"symlink rename", Command{Command: Rename, OldPath: "/memories/link/secret.md", NewPath: "/memories/stolen.md"}, "outside"},
		{"delete root", Command{Command: Delete, Path: "/memories"}, "itself"},
		{"no command", Command{Path: "/memories"}, "missing command"},
		{"bad command", Command{Command: "chmod", Path: "/memories"}, "unknown command"},
		{"no text", Command{Command: Create, Path: "/memories/a.md"}, "file_text"},
		{"nul text", Command{Command: Create, Path: "/memories/a.md", FileText: str("a\x00b")}, "NUL"},
		{"bad utf8", Command{Command: Create, Path: "/memories/a.md", FileText: str("a\xffb")}, "UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tool.Run(context.Background(), tc.cmd)
			if err != nil {
				t.Fatal(err)
			}
			if !res.IsError || !strings.Contains(res.Content, tc.want) {
				t.Fatalf("is_error=%v %q; want an error with %q", res.IsError, res.Content, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(outside, "planted.md")); !os.IsNotExist(err) {
		t.Fatalf("a file was planted outside the workspace: %v", err)
	}
	if _, err := os.Stat(secret); err != nil {
		t.Fatalf("the outside file moved: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(ws.Root(), memory.ConfigFile)); string(got) == "x" {
		t.Fatal("archon.yaml was overwritten")
	}
}

// TestSymlinkedCuratedFile: a MEMORY.md linked out of the workspace is
// neither read nor replaced.
func TestSymlinkedCuratedFile(t *testing.T) {
	tool, ws := newTool(t)
	outside := filepath.Join(t.TempDir(), "id_rsa")
	if err := os.WriteFile(outside, []byte("PRIVATE"), 0o600); err != nil {
		t.Fatal(err)
	}
	wisdom := filepath.Join(ws.Root(), memory.WisdomFile)
	os.Remove(wisdom)
	if err := os.Symlink(outside, wisdom); err != nil {
		t.Fatal(err)
	}
	run(t, tool, []step{
		{Command{Command: View, Path: "/memories/MEMORY.md"}, true, "outside the workspace"},
		{Command{Command: Create, Path: "/memories/MEMORY.md", FileText: str("x")}, true, "outside the workspace"},
		{Command{Command: StrReplace, Path: "/memories/MEMORY.md", OldStr: str("PRIVATE"), NewStr: str("x")}, true, "outside the workspace"},
	})
	if got, _ := os.ReadFile(outside); string(got) != "PRIVATE" {
		t.Fatalf("outside file changed: %q", got)
	}
}

// TestRedacted: secrets in what the tool writes never reach the disk.
func TestRedacted(t *testing.T) {
	tool, ws := newTool(t)
	key := "AKIA" + "IOSFODNN7EXAMPLE"
	run(t, tool, []step{
		{Command{Command: Create, Path: "/memories/aws.md", FileText: str("deploy key " + key + "\n")}, false, "created"},
		{Command{Command: Insert, Path: "/memories/aws.md", InsertLine: num(1), InsertText: str("backup " + key)}, false, "edited"},
		{Command{Command: Create, Path: "/memories/daily/2026-12-02.md", FileText: str("used " + key)}, false, "created"},
	})
	for _, rel := range []string{"memories/aws.md", "memory/2026-12-02.md"} {
		if got := read(t, ws, rel); strings.Contains(got, key) || !strings.Contains(got, "[redacted:") {
			t.Fatalf("%s = %q", rel, got)
		}
	}
}

// TestViewCut: a long file is cut at a line, and the answer says how to
// read on.
func TestViewCut(t *testing.T) {
	tool, _ := newTool(t)
	tool.opt.MaxViewBytes = 200
	text := strings.Repeat("a line of the long file\n", 40)
	run(t, tool, []step{
		{Command{Command: Create, Path: "/memories/long.md", FileText: &text}, false, "created"},
		{Command{Command: View, Path: "/memories/long.md"}, false, "view_range ["},
	})
	res, _ := tool.Run(context.Background(), Command{Command: View, Path: "/memories/long.md"})
	if len(res.Content) > 400 {
		t.Fatalf("view not cut: %d bytes", len(res.Content))
	}
}

// TestPathsThroughAFile: a path that uses a file as a folder, or a name
// the file system cannot hold, is the tool's error, not an internal one.
func TestPathsThroughAFile(t *testing.T) {
	tool, _ := newTool(t)
	long := "/memories/" + strings.Repeat("n", 200) + ".md"
	run(t, tool, []step{
		{Command{Command: Create, Path: "/memories/conc.md", FileText: str("x\n")}, false, "created"},
		{Command{Command: View, Path: "/memories/conc.md/x"}, true, "does not exist"},
		{Command{Command: Create, Path: "/memories/conc.md/x", FileText: str("y\n")}, true, "does not exist"},
		{Command{Command: Create, Path: long, FileText: str("y\n")}, true, "at most 200 bytes"},
	})
}

// TestViewStaysShort: a file of one line longer than an answer, and a
// folder of thousands of files, are cut to MaxViewBytes with a word on
// what was left out.
func TestViewStaysShort(t *testing.T) {
	tool, ws := newTool(t)
	dir := filepath.Join(ws.Root(), "memories", "many")
	os.MkdirAll(dir, 0o755)
	for i := range 3000 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("note-%04d.md", i)), []byte("x\n"), 0o644)
	}
	os.WriteFile(filepath.Join(ws.Root(), "memories", "long.md"), []byte(strings.Repeat("y", 3<<20)+"\n"), 0o644)
	for _, c := range []struct{ path, want string }{
		{"/memories/long.md", "cut after"},
		{"/memories/many", "more entries left out"},
	} {
		res, err := tool.Run(context.Background(), Command{Command: View, Path: c.path})
		if err != nil || res.IsError || len(res.Content) > DefaultMaxViewBytes+200 || !strings.Contains(res.Content, c.want) {
			n := 0
			if res != nil {
				n = len(res.Content)
			}
			t.Errorf("view %s: %d bytes, %v", c.path, n, err)
		}
	}
}

// TestEditsAreRedactedWhole: a secret an edit completes is redacted in
// the file it makes, not only in the edit's own text.
func TestEditsAreRedactedWhole(t *testing.T) {
	tool, ws := newTool(t)
	run(t, tool, []step{
		{Command{Command: Create, Path: "/memories/keys.md", FileText: str("token: sk-ant-api03-AbCd\n")}, false, "created"},
		{Command{Command: StrReplace, Path: "/memories/keys.md", OldStr: str("AbCd"), NewStr: str("AbCdEfGhIjKlMnOpQrStUvWx")}, false, "redacted"},
	})
	if got := read(t, ws, "memories/keys.md"); strings.Contains(got, "EfGhIjKl") || !strings.Contains(got, "[redacted:anthropic-key]") {
		t.Fatalf("keys.md = %q", got)
	}
}

// TestSecretNamesRefused: a file name that holds a secret is refused by
// create and rename (a name is not redacted).
func TestSecretNamesRefused(t *testing.T) {
	tool, _ := newTool(t)
	key := "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx"
	run(t, tool, []step{
		{Command{Command: Create, Path: "/memories/" + key + ".md", FileText: str("x\n")}, true, "looks like a secret"},
		{Command{Command: Create, Path: "/memories/plain.md", FileText: str("x\n")}, false, "created"},
		{Command{Command: Rename, OldPath: "/memories/plain.md", NewPath: "/memories/" + key + ".md"}, true, "looks like a secret"},
	})
}

// TestRootViewListsEachPathOnce: files put by hand in memories/ under the
// tool's own names (MEMORY.md, daily/) are shadowed by them: the view of
// /memories lists each path once.
func TestRootViewListsEachPathOnce(t *testing.T) {
	tool, ws := newTool(t)
	os.MkdirAll(filepath.Join(ws.Root(), "memories", "daily"), 0o755)
	os.WriteFile(filepath.Join(ws.Root(), "memories", "MEMORY.md"), []byte("x\n"), 0o644)
	os.WriteFile(filepath.Join(ws.Root(), "memories", "daily", "notes.md"), []byte("x\n"), 0o644)
	os.WriteFile(filepath.Join(ws.Root(), "memories", "own.md"), []byte("x\n"), 0o644)
	res, err := tool.Run(context.Background(), Command{Command: View, Path: "/memories"})
	if err != nil || res.IsError {
		t.Fatalf("view: %+v %v", res, err)
	}
	if strings.Count(res.Content, "/memories/MEMORY.md") != 1 || strings.Contains(res.Content, "notes.md") || !strings.Contains(res.Content, "/memories/own.md") {
		t.Fatalf("view: %s", res.Content)
	}
}
