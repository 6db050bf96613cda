package knowledge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/archon-memory/archon/shared/sharedtest"
)

// TestConcurrentWriters opens the database twice, as two processes would,
// and writes from both at once: every task gets a distinct id and the
// sequence counts every write.
func TestConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	var stores []*Store
	for range 2 {
		s, err := Open(ctx, path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores = append(stores, s)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := stores[i%2].AddTask(ctx, Task{Title: "t"})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	ts := must[[]Task](t)(stores[0].Tasks(ctx, TaskFilter{}))
	seen := map[string]bool{}
	for _, x := range ts {
		seen[x.ID] = true
	}
	if len(ts) != 40 || len(seen) != 40 {
		t.Fatalf("%d tasks, %d ids", len(ts), len(seen))
	}
	if seq := must[int64](t)(stores[1].Seq(ctx)); seq != 40 {
		t.Fatalf("seq %d", seq)
	}
	docs := must[[]Document](t)(stores[1].Documents(ctx))
	if len(docs) != 40 || docs[0].Kind != "task" || docs[0].ID != "T1" || docs[0].Text != "t\n\nstatus: todo, priority: low" {
		t.Fatalf("documents: %+v", docs[0])
	}
}

// TestSharedStoreAcrossNodes opens one tenant's L3 on PostgreSQL twice, as
// two nodes would: writes from both get distinct ids, a task both mark
// done at once is done once (the other gets ErrConflict), and a task
// whose dependency one node has not finished is not ready on the other.
func TestSharedStoreAcrossNodes(t *testing.T) {
	ctx := context.Background()
	a := openPG(t, Options{})
	b, err := OpenPostgres(ctx, os.Getenv(sharedtest.EnvDSN), strings.TrimPrefix(a.tenantSchema(t), "archon_l3_"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	stores := []*Store{a, b}
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := stores[i%2].AddTask(ctx, Task{Title: "t"})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	ts := must[[]Task](t)(b.Tasks(ctx, TaskFilter{}))
	seen := map[string]bool{}
	for _, x := range ts {
		seen[x.ID] = true
	}
	if len(ts) != 40 || len(seen) != 40 {
		t.Fatalf("%d tasks, %d ids", len(ts), len(seen))
	}
	if seq := must[int64](t)(a.Seq(ctx)); seq != 40 {
		t.Fatalf("seq %d", seq)
	}
	// Both nodes finish T1 at once: one wins.
	var conflicts, done int
	var mu sync.Mutex
	for _, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.DoneTask(ctx, "T1", false)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				done++
			case errors.Is(err, ErrConflict):
				conflicts++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if done != 1 || conflicts != 1 {
		t.Errorf("done twice at once: %d done, %d conflicts", done, conflicts)
	}
	// A dependency written on one node rules on the other.
	dep := must[Task](t)(a.AddTask(ctx, Task{Title: "migrate"}))
	after := must[Task](t)(a.AddTask(ctx, Task{Title: "switch over", DependsOn: []string{dep.ID}}))
	for _, x := range must[[]Task](t)(b.Tasks(ctx, TaskFilter{Ready: true})) {
		if x.ID == after.ID {
			t.Errorf("%s is ready on the other node before %s is done", after.ID, dep.ID)
		}
	}
}

// TestFirstOpensAtOnce opens a new database from several processes at
// once, as two `archon mcp` sessions started right after `archon init` do:
// each waits for the others' switch to WAL and migration instead of
// failing with "database is locked". The processes are this test binary
// again, running TestOpenInProcess.
func TestFirstOpensAtOnce(t *testing.T) {
	for round := range 40 {
		path := filepath.Join(t.TempDir(), FileName)
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cmd := exec.Command(os.Args[0], "-test.run=^TestOpenInProcess$")
				cmd.Env = append(os.Environ(), "ARCHON_TEST_KNOWLEDGE_OPEN="+path)
				if out, err := cmd.CombinedOutput(); err != nil {
					errs <- fmt.Errorf("%v: %s", err, out)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("round %d: %v", round, err)
		}
	}
}

// TestOpenInProcess opens the database ARCHON_TEST_KNOWLEDGE_OPEN names
// and reads from it (a process of TestFirstOpensAtOnce).
func TestOpenInProcess(t *testing.T) {
	path := os.Getenv("ARCHON_TEST_KNOWLEDGE_OPEN")
	if path == "" {
		t.Skip("run by TestFirstOpensAtOnce")
	}
	ctx := context.Background()
	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Seq(ctx); err != nil {
		t.Fatal(err)
	}
}
