package rag

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/embed"
)

// TestIndexBesideSearches checks that an incremental Index runs while
// searches go on: searches never fail, never see a half-applied change in
// a way that breaks a result, and every entry appended is found once its
// Index returns. Run with -race, it also checks the locking.
func TestIndexBesideSearches(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	builtin, err := embed.NewBuiltin(0)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(ctx, ws, Options{Resident: true, Embedder: builtin})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var searches atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			qs := []string{"why postgres", "stripe webhook retries", "deploy failed", "zqconcurrent entry"}
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := e.Search(ctx, Query{Text: qs[(i+w)%len(qs)]})
				if err != nil {
					errs <- err
					return
				}
				for _, r := range resp.Results {
					if r.Path == "" || r.LineStart < 1 || r.LineEnd < r.LineStart {
						errs <- fmt.Errorf("bad hit %+v", r)
						return
					}
				}
				searches.Add(1)
			}
		}()
	}
	for i := range 25 {
		marker := fmt.Sprintf("zqconcurrent%d", i)
		if _, err := ws.Append(ctx, memory.Entry{Agent: "alice", Text: "Concurrent entry " + marker + " about webhook retries."}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Index(ctx, nil); err != nil {
			t.Fatal(err)
		}
		resp, err := e.Search(ctx, Query{Text: marker, TopK: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) == 0 || !strings.Contains(resp.Results[0].Snippet, marker) {
			t.Fatalf("%s not found right after its Index: %+v", marker, resp.Results)
		}
		time.Sleep(2 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
	if searches.Load() == 0 {
		t.Fatal("no search ran beside indexing")
	}
	t.Logf("%d searches beside 25 index runs", searches.Load())
}

// TestFirstOpensAtOnce opens a workspace that has no index yet from
// several openers at once, as two `archon mcp` sessions started right
// after `archon init` do (flocks exclude each other between the files a
// process opens, as between processes): each creates, migrates and checks
// the index in turn, and none fails or sets the others' index aside, also
// while the first index run swaps a rebuilt full-text index in.
func TestFirstOpensAtOnce(t *testing.T) {
	ctx := context.Background()
	for round := range 5 {
		ws := demoWorkspace(t)
		var wg sync.WaitGroup
		errs := make(chan error, 3)
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e, err := Open(ctx, ws, Options{})
				if err != nil {
					errs <- err
					return
				}
				defer e.Close()
				if len(e.Repairs()) > 0 {
					errs <- fmt.Errorf("a first open repaired %v", e.Repairs())
				}
				// The first Index builds the full-text index afresh and
				// swaps it in while the others wait to open it.
				if _, err := e.Index(ctx, nil); err != nil {
					errs <- err
					return
				}
				resp, err := e.Search(ctx, Query{Text: "postgres"})
				if err != nil {
					errs <- err
				} else if len(resp.Results) == 0 {
					errs <- fmt.Errorf("no hits for postgres")
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
