package knowledge

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
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
