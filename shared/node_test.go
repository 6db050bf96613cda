package shared

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestOutbox(t *testing.T) {
	ctx := context.Background()
	ob, err := OpenOutbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := ob.Add(ctx, entry("acme", fmt.Sprint(i))); err != nil {
			t.Fatal(err)
		}
	}
	es, end, err := ob.Pending(ctx, 2)
	if err != nil || len(es) != 2 || es[0].Text != "0" {
		t.Fatalf("pending: %+v %v", es, err)
	}
	if err := ob.Done(ctx, end); err != nil {
		t.Fatal(err)
	}
	// A crash in the middle of an add leaves a torn line: never
	// acknowledged, so never sent.
	f, _ := os.OpenFile(filepath.Join(ob.dir, "outbox.jsonl"), os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"id":"torn","te`)
	f.Close()
	if es, _, _ := ob.Pending(ctx, 10); len(es) != 1 || es[0].Text != "2" {
		t.Fatalf("pending after a torn add: %+v", es)
	}
	// The next add follows the torn line; the garbled line is skipped.
	if err := ob.Add(ctx, entry("acme", "3")); err != nil {
		t.Fatal(err)
	}
	es, end, _ = ob.Pending(ctx, 10)
	if len(es) != 2 || es[0].Text != "2" || es[1].Text != "3" {
		t.Fatalf("pending after an add that follows a torn one: %+v", es)
	}
	if err := ob.Done(ctx, end); err != nil {
		t.Fatal(err)
	}
	if n, _ := ob.Len(ctx); n != 0 {
		t.Errorf("%d left after everything was sent", n)
	}
	if fi, _ := os.Stat(filepath.Join(ob.dir, "outbox.jsonl")); fi.Size() != 0 {
		t.Errorf("the outbox was not emptied: %d bytes", fi.Size())
	}
}

// collector is an ApplyFunc that keeps what it got.
type collector struct {
	mu   sync.Mutex
	got  []Entry
	seen chan struct{}
}

func (c *collector) apply(ctx context.Context, es []Entry, recheck bool) error {
	c.mu.Lock()
	c.got = append(c.got, es...)
	c.mu.Unlock()
	select {
	case c.seen <- struct{}{}:
	default:
	}
	return nil
}

func (c *collector) texts() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, e := range c.got {
		out = append(out, e.Text)
	}
	return out
}

func TestNodesReplicate(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, dsn := openStore(t)
	if err := s.AddTenant(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	start := func() (*Node, *collector) {
		c := &collector{seen: make(chan struct{}, 1)}
		n, err := NewNode(t.TempDir(), NodeOptions{URL: dsn, Tenant: "acme", Apply: c.apply, Poll: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		runNode(t, n)
		return n, c
	}
	a, ca := start()
	b, cb := start()
	for i := range 5 {
		e, err := a.Entry(Entry{Date: "2026-12-02", Time: "10:00", Agent: "planner", Text: fmt.Sprint("from a ", i)})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Write(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for b.Status(ctx).Applied < 5 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := cb.texts(); len(got) != 5 || got[0] != "from a 0" || got[4] != "from a 4" {
		t.Fatalf("b got %q", got)
	}
	if got := ca.texts(); len(got) != 0 {
		t.Errorf("a applied its own entries: %q", got)
	}
	if st := a.Status(ctx); st.Sent != 5 || st.Outbox != 0 || !st.Connected {
		t.Errorf("a: %+v", st)
	}
	if st := b.Status(ctx); st.Applied != 5 || st.Received != 5 || !st.Connected {
		t.Errorf("b: %+v", st)
	}
}

// TestRevocationReachesAnIdleNode: a running node reloads its keys on its
// own, so a key revoked while it had no request is refused at its next.
func TestRevocationReachesAnIdleNode(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, dsn, k, secret := acmeKey(t)
	n, err := NewNode(t.TempDir(), NodeOptions{URL: dsn, Tenant: "acme", Apply: (&collector{}).apply, KeyRefresh: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	runNode(t, n)
	if _, err := n.CheckKey(ctx, secret); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // the copy is stale now: its own reload is due
	if err := s.RevokeKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // idle: no request
	if _, err := n.CheckKey(ctx, secret); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a key revoked while the node was idle: %v", err)
	}
}

// TestRevokedWhileDown: a node started again on its saved copy of the
// keys does not accept, even once, a key revoked while it was down.
func TestRevokedWhileDown(t *testing.T) {
	ctx := context.Background()
	s, dsn, k, secret := acmeKey(t)
	dir := t.TempDir()
	opt := NodeOptions{URL: dsn, Tenant: "acme", Apply: (&collector{}).apply, KeyRefresh: 200 * time.Millisecond}
	n, err := NewNode(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := n.CheckKey(ctx, secret); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // down past two refreshes
	again, err := NewNode(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := again.CheckKey(ctx, secret); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a key revoked while the node was down: %v", err)
	}
}

// TestUnknownTenant: a node of a tenant the store does not know says so,
// in CheckTenant and in its status, though following the log succeeds.
func TestUnknownTenant(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, dsn := openStore(t)
	n, err := NewNode(t.TempDir(), NodeOptions{URL: dsn, Tenant: "nosuch", Apply: (&collector{}).apply, Poll: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.CheckTenant(ctx); !errors.Is(err, ErrUnknownTenant) {
		t.Fatalf("check: %v", err)
	}
	runNode(t, n)
	e, err := n.Entry(Entry{Date: "2026-12-02", Time: "10:00", Agent: "a", Text: "into the void"})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Write(ctx, e); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // several polls of the follower, and a failed send
	if st := n.Status(ctx); st.Connected || !strings.Contains(st.LastError, "unknown tenant") || st.Outbox != 1 {
		t.Fatalf("status: %+v", st)
	}
}

// acmeKey opens a store with the tenant acme and a read key of it.
func acmeKey(t *testing.T) (*Store, string, *Key, string) {
	t.Helper()
	s, dsn := openStore(t)
	if err := s.AddTenant(context.Background(), "acme"); err != nil {
		t.Fatal(err)
	}
	k, secret, err := s.AddKey(context.Background(), "acme", []string{ScopeRead}, "")
	if err != nil {
		t.Fatal(err)
	}
	return s, dsn, k, secret
}

// runNode runs n until the test ends.
func runNode(t *testing.T, n *Node) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); n.Run(ctx) }()
	t.Cleanup(func() { cancel(); wg.Wait() })
}

// recheckLog is an ApplyFunc that keeps how many entries came with and
// without recheck.
type recheckLog struct {
	mu          sync.Mutex
	with, plain int
}

func (r *recheckLog) apply(ctx context.Context, es []Entry, recheck bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if recheck {
		r.with += len(es)
	} else {
		r.plain += len(es)
	}
	return nil
}

// TestNewReplicaRechecksAll: a replica with no state (new, or its state
// deleted) rechecks everything it applies against its logs until it has
// caught up once, past the store's first batch of 1,000 and across a
// restart midway, so that what its logs hold already is not appended
// again; what comes after is applied plainly.
func TestNewReplicaRechecksAll(t *testing.T) {
	ctx := context.Background()
	s, dsn := openStore(t)
	if err := s.AddTenant(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	var es []Entry
	for i := range 1500 {
		es = append(es, entry("acme", fmt.Sprint("bulk ", i)))
	}
	if _, err := s.Append(ctx, "acme", es); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	r := &recheckLog{}
	n, err := NewNode(dir, NodeOptions{URL: dsn, Tenant: "acme", Apply: r.apply})
	if err != nil {
		t.Fatal(err)
	}
	st, err := n.loadState()
	if err != nil || !st.Recheck {
		t.Fatalf("a new replica's state: %+v %v", st, err)
	}
	// A restart after the first batch: the state saved then still says
	// to recheck.
	st.Applied = 1000
	if err := n.saveState(st); err != nil {
		t.Fatal(err)
	}
	if err := n.catchUp(ctx, s); err != nil {
		t.Fatal(err)
	}
	if r.with != 500 || r.plain != 0 {
		t.Fatalf("after the restart: %d rechecked, %d plain; want 500, 0", r.with, r.plain)
	}
	if _, err := s.Append(ctx, "acme", []Entry{entry("acme", "new")}); err != nil {
		t.Fatal(err)
	}
	if err := n.catchUp(ctx, s); err != nil {
		t.Fatal(err)
	}
	if r.plain != 1 {
		t.Fatalf("after catching up: %d plain, want 1", r.plain)
	}
}

// TestCopiedWorkspaceIsAnotherNode: a node's state copied elsewhere (a
// workspace copied with its .archon) gets an id of its own; the original
// keeps its id.
func TestCopiedWorkspaceIsAnotherNode(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "shared")
	id, err := Origin(dir)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := Origin(dir); again != id {
		t.Fatalf("the id changed: %s then %s", id, again)
	}
	copyDir := filepath.Join(t.TempDir(), "b", "shared")
	os.MkdirAll(copyDir, 0o755)
	for _, f := range []string{"node-id", "node-path"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(copyDir, f), b, 0o644)
	}
	os.WriteFile(filepath.Join(copyDir, "replica.json"), []byte(`{"tenant":"acme","applied":7}`), 0o644)
	other, err := Origin(copyDir)
	if err != nil || other == id {
		t.Fatalf("the copy's id %s (%v), the original's %s", other, err, id)
	}
	if b, _ := os.ReadFile(filepath.Join(copyDir, "replica.json")); !strings.Contains(string(b), `"recheck":true`) || !strings.Contains(string(b), `"applied":7`) {
		t.Fatalf("the copy's replica state: %s", b)
	}
	// Reached through a link, the original is still itself.
	link := filepath.Join(t.TempDir(), "via-link")
	if err := os.Symlink(filepath.Dir(dir), link); err != nil {
		t.Fatal(err)
	}
	if viaLink, _ := Origin(filepath.Join(link, "shared")); viaLink != id {
		t.Fatalf("through a link: %s, want %s", viaLink, id)
	}
	if again, _ := Origin(copyDir); again != other {
		t.Fatalf("the copy's id changed again: %s then %s", other, again)
	}
	if again, _ := Origin(dir); again != id {
		t.Fatalf("the original's id changed: %s then %s", id, again)
	}
}
