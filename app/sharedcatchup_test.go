package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/shared"
	"github.com/archon-memory/archon/shared/sharedtest"
)

// acmeStore opens a shared store on the test PostgreSQL with the tenant
// acme, closed when the test ends, and returns it with its DSN.
func acmeStore(t *testing.T) (*shared.Store, string) {
	t.Helper()
	dsn := sharedtest.DSN(t)
	st, err := shared.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.AddTenant(context.Background(), "acme"); err != nil {
		t.Fatal(err)
	}
	return st, dsn
}

// TestSearchSaysWhileReceiving: a new node of a tenant whose log already
// holds entries answers searches at once, and every answer that misses
// some of those entries says the node is still receiving them.
func TestSearchSaysWhileReceiving(t *testing.T) {
	ctx := context.Background()
	st, dsn := acmeStore(t)
	// Another node wrote 3,000 entries with one word in common.
	var es []shared.Entry
	for i := range 3000 {
		e := shared.Entry{Tenant: "acme", Origin: "elsewhere", Layer: "L2", Date: "2026-12-01", Time: "10:00",
			Agent: "w", Text: fmt.Sprintf("zebrafinch note %d", i), Written: time.Now().UTC()}
		e.ID = shared.EntryID(&e, fmt.Sprint(i))
		es = append(es, e)
	}
	if _, err := st.Append(ctx, "acme", es); err != nil {
		t.Fatal(err)
	}
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC", "ARCHON_SHARED_POSTGRES_URL="+dsn, "ARCHON_SHARED_TENANT=acme")
	l, err := Open(ctx, ws, cfg, Options{Rescan: -1, IndexDelay: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := l.Search(ctx, SearchRequest{Query: "zebrafinch", TopK: 10})
		if err != nil {
			t.Fatal(err)
		}
		warned := slices.Contains(res.Warnings, receiving)
		if !warned && len(res.Results) < 10 {
			t.Fatalf("a search found %d of 3,000 entries without saying the node is still receiving: %q", len(res.Results), res.Warnings)
		}
		if !warned {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the node never caught up")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Once it no longer says so, everything is there.
	if c, err := l.Count(ctx, SearchRequest{Query: "zebrafinch"}); err != nil || c.Total != 3000 {
		t.Fatalf("count once caught up: %+v %v", c, err)
	}
}

// TestForgetSaysWhatTheTeamKeeps: forgetting an entry no copy in the shared
// store reads as (written before shared mode) warns that the other nodes
// keep theirs; one the node shared (or queued) does not.
func TestForgetSaysWhatTheTeamKeeps(t *testing.T) {
	ctx := context.Background()
	_, dsn := acmeStore(t)
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC")
	before := oneShot(t, ws, cfg)
	old, err := before.Log(ctx, LogRequest{Text: "door code 4471, from before the team", Agent: "ops"})
	if err != nil {
		t.Fatal(err)
	}
	before.Close()
	_, scfg, err := testws.Open(ws.Root(), "ARCHON_WORKSPACE_TIMEZONE=UTC", "ARCHON_SHARED_POSTGRES_URL="+dsn, "ARCHON_SHARED_TENANT=acme")
	if err != nil {
		t.Fatal(err)
	}
	l := oneShot(t, ws, scfg)
	now, err := l.Log(ctx, LogRequest{Text: "door code 9932, shared", Agent: "ops"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := l.Forget(ctx, ForgetRequest{IDs: []string{now.ID}})
	if err != nil || len(res.Forgotten) != 1 || len(res.Warnings) != 0 {
		t.Fatalf("forget of a queued entry: %+v %v", res, err)
	}
	res, err = l.Forget(ctx, ForgetRequest{IDs: []string{old.ID}})
	if err != nil || len(res.Forgotten) != 1 || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "other nodes keep theirs") {
		t.Fatalf("forget of an entry the team never had: %+v %v", res, err)
	}
}

// TestForgetOneTwinShared: a node that forgets one of two identical
// entries it shared tells the store to keep one: the store erases only the
// other copy's text.
func TestForgetOneTwinShared(t *testing.T) {
	ctx := context.Background()
	st, dsn := acmeStore(t)
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC", "ARCHON_SHARED_POSTGRES_URL="+dsn, "ARCHON_SHARED_TENANT=acme")
	l, err := Open(ctx, ws, cfg, Options{Rescan: -1, IndexDelay: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var twin *Entry
	for range 2 {
		if twin, err = l.Log(ctx, LogRequest{Text: "tests pass", Agent: "ci", Date: "2026-12-01", Time: "10:00"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.Forget(ctx, ForgetRequest{IDs: []string{twin.ID}}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		es, err := st.Since(ctx, "acme", 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		var keep []int
		for _, e := range es {
			texts = append(texts, e.Text)
			if ts, _ := e.Targets(); len(ts) > 0 {
				keep = append(keep, ts[0].Keep)
			}
		}
		if len(es) == 3 {
			if texts[0] != "tests pass" || texts[1] != "" || len(keep) != 1 || keep[0] != 1 {
				t.Fatalf("store after forgetting one twin: %q, keep %v", texts[:2], keep)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the store holds %d rows", len(es))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
