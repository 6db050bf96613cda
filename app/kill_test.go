package app

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/bench/gen"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
)

// The test binary doubles as an indexing process: with
// ARCHON_TEST_INDEX_ROOT set it indexes that workspace as archon index
// does, saying "indexing" first, and exits.
func TestMain(m *testing.M) {
	if root := os.Getenv("ARCHON_TEST_INDEX_ROOT"); root != "" {
		os.Exit(runIndexer(root))
	}
	os.Exit(m.Run())
}

func runIndexer(root string) int {
	ctx := context.Background()
	ws, cfg, err := testws.Open(root)
	if err == nil {
		var l *Local
		if l, err = Open(ctx, ws, cfg, Options{OneShot: true}); err == nil {
			fmt.Println("indexing")
			_, err = l.Index(ctx, IndexRequest{})
			l.Close()
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestKilledIndexer kills an index run at several moments (SIGKILL:
// nothing is flushed, no lock is released but by the kernel) and checks
// that the next command indexes and answers as a clean build does, in a
// one-shot command and in the service.
func TestKilledIndexer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts index processes")
	}
	ctx := context.Background()
	src := t.TempDir()
	if _, err := memory.Init(ctx, src, map[string][]byte{memory.ConfigFile: config.Template()}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := gen.WriteWorkspace(ctx, src, gen.Options{Entries: 6000, Days: 60, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	open := func(root string, oneShot bool) *Local {
		t.Helper()
		ws, cfg, err := testws.Open(root, "ARCHON_WORKSPACE_TIMEZONE=UTC")
		if err != nil {
			t.Fatal(err)
		}
		l, err := Open(ctx, ws, cfg, Options{OneShot: oneShot, Rescan: -1})
		if err != nil {
			t.Fatalf("open after the kill: %v", err)
		}
		return l
	}
	clean := copyTree(t, src)
	lc := open(clean, true)
	want := answers(t, lc)
	lc.Close()
	for i, delay := range []time.Duration{30 * time.Millisecond, 150 * time.Millisecond, 400 * time.Millisecond, 900 * time.Millisecond} {
		for _, oneShot := range []bool{true, false} {
			t.Run(fmt.Sprintf("after %v/one-shot=%v", delay, oneShot), func(t *testing.T) {
				root := copyTree(t, src)
				if i%2 == 1 {
					// Indexed before without its last 20 days, which came
					// back since: the killed run is an incremental one.
					logs, _ := filepath.Glob(filepath.Join(root, memory.LogDirName, "*.md"))
					aside := t.TempDir()
					moved := logs[len(logs)-20:]
					for _, p := range moved {
						os.Rename(p, filepath.Join(aside, filepath.Base(p)))
					}
					l := open(root, true)
					if _, err := l.Index(ctx, IndexRequest{}); err != nil {
						t.Fatal(err)
					}
					l.Close()
					for _, p := range moved {
						os.Rename(filepath.Join(aside, filepath.Base(p)), p)
					}
				}
				cmd := exec.Command(os.Args[0], "-test.run=^$")
				cmd.Env = append(os.Environ(), "ARCHON_TEST_INDEX_ROOT="+root)
				out, err := cmd.StdoutPipe()
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				if line, _ := bufio.NewReader(out).ReadString('\n'); strings.TrimSpace(line) != "indexing" {
					t.Fatalf("indexer said %q", line)
				}
				time.Sleep(delay)
				cmd.Process.Kill()
				cmd.Wait()
				l := open(root, oneShot)
				defer l.Close()
				if got := answers(t, l); fmt.Sprint(got) != fmt.Sprint(want) {
					for _, q := range damageQueries {
						if got[q] != want[q] {
							t.Errorf("search %q after the kill:\n%s\nclean:\n%s", q, got[q], want[q])
						}
					}
				}
			})
		}
	}
}

// copyTree copies the workspace at src (files only) into a new directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
