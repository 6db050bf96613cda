package shared

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/archon-memory/archon/shared/sharedtest"
)

func openStore(t *testing.T) (*Store, string) {
	t.Helper()
	dsn := sharedtest.DSN(t)
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, dsn
}

func entry(tenant, text string) Entry {
	e := Entry{Tenant: tenant, Origin: "node-test", Date: "2026-12-02", Time: "10:00", Layer: "L2", Text: text, Written: time.Now()}
	e.ID = EntryID(&e, text)
	return e
}

func TestAppendIsOrderedAndIdempotent(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t)
	if err := s.AddTenant(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "nobody", []Entry{entry("nobody", "x")}); !errors.Is(err, ErrUnknownTenant) {
		t.Errorf("unknown tenant: %v", err)
	}
	a, b, c := entry("acme", "a"), entry("acme", "b"), entry("acme", "c")
	if n, err := s.Append(ctx, "acme", []Entry{a, b}); n != 2 || err != nil {
		t.Fatalf("append: %d %v", n, err)
	}
	// A retry after a lost answer, with one new entry: only that is new.
	if n, err := s.Append(ctx, "acme", []Entry{a, b, c}); n != 1 || err != nil {
		t.Fatalf("append again: %d %v", n, err)
	}
	// Writers at once: every position is taken once, in commit order.
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				if _, err := s.Append(ctx, "acme", []Entry{entry("acme", fmt.Sprintf("w%d-%d", w, i))}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	es, err := s.Since(ctx, "acme", 0, 1000)
	if err != nil || len(es) != 103 {
		t.Fatalf("since: %d %v", len(es), err)
	}
	for i, e := range es {
		if e.Seq != int64(i+1) {
			t.Fatalf("entry %d has position %d", i, e.Seq)
		}
	}
	if es[0].Text != "a" || es[2].Text != "c" {
		t.Errorf("order: %q %q %q", es[0].Text, es[1].Text, es[2].Text)
	}
	if tail, _ := s.Since(ctx, "acme", 101, 10); len(tail) != 2 || tail[0].Seq != 102 {
		t.Errorf("since 101: %+v", tail)
	}
	var audits int
	if err := s.pool.QueryRow(ctx, "SELECT count(*) FROM archon_audit WHERE tenant = 'acme'").Scan(&audits); err != nil || audits != 103 {
		t.Errorf("audit rows: %d %v", audits, err)
	}
}

func TestKeys(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t)
	for _, name := range []string{"acme", "globex"} {
		if err := s.AddTenant(ctx, name); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddTenant(ctx, "Bad Name"); !errors.Is(err, ErrInvalid) {
		t.Errorf("bad tenant name: %v", err)
	}
	k, secret, err := s.AddKey(ctx, "acme", []string{ScopeRead}, "ci")
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.CheckKey(ctx, secret)
	if err != nil || got.ID != k.ID || got.Tenant != "acme" || !got.Allows(ScopeRead) || got.Allows(ScopeWrite) {
		t.Fatalf("check: %+v %v", got, err)
	}
	if _, err := s.CheckKey(ctx, secret+"x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("wrong secret: %v", err)
	}
	if _, _, err := s.AddKey(ctx, "nobody", []string{ScopeRead}, ""); !errors.Is(err, ErrUnknownTenant) {
		t.Errorf("key of an unknown tenant: %v", err)
	}
	if err := s.RevokeKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CheckKey(ctx, secret); !errors.Is(err, ErrNotFound) {
		t.Errorf("revoked key: %v", err)
	}
	if ks, _ := s.Keys(ctx, "acme"); len(ks) != 1 || ks[0].Revoked == nil {
		t.Errorf("keys: %+v", ks)
	}
}

// TestForgetErasesText: a forget record takes the text of the entries it
// names out of the store; the rows keep their place, other entries stay.
func TestForgetErasesText(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t)
	if err := s.AddTenant(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	// The second secret ends in a no-break space, which the store's hash
	// keeps as TextHash does.
	secret, kept, nbsp := entry("acme", "door code 4471 "), entry("acme", "the deploy is green"), entry("acme", "\u00a0safe code 9913\u00a0")
	if _, err := s.Append(ctx, "acme", []Entry{secret, kept, nbsp}); err != nil {
		t.Fatal(err)
	}
	rec, err := ForgetRecord("2026-12-02", "11:00", []ForgetTarget{{Date: secret.Date, Time: secret.Time, Hash: TextHash(secret.Text)}, {Date: nbsp.Date, Time: nbsp.Time, Hash: TextHash(nbsp.Text)}})
	if err != nil {
		t.Fatal(err)
	}
	rec.Tenant, rec.Origin, rec.Written = "acme", "node-test", time.Now()
	rec.ID = EntryID(&rec, "forget")
	if n, err := s.Append(ctx, "acme", []Entry{rec}); n != 1 || err != nil {
		t.Fatalf("append the forget: %d %v", n, err)
	}
	es, err := s.Since(ctx, "acme", 0, 10)
	if err != nil || len(es) != 4 {
		t.Fatalf("log: %+v %v", es, err)
	}
	if es[0].Text != "" || es[1].Text != kept.Text || es[2].Text != "" || es[3].Layer != LayerForget {
		t.Errorf("after the forget: %q %q %q %q", es[0].Text, es[1].Text, es[2].Text, es[3].Layer)
	}
	if ts, err := es[3].Targets(); err != nil || len(ts) != 2 || ts[0].Hash != TextHash(secret.Text) {
		t.Errorf("targets: %+v %v", ts, err)
	}
	if _, err := ForgetRecord("2026-12-02", "11:00", nil); err == nil {
		t.Error("a forget of nothing is an error")
	}
}

// TestForgetOneOfTwins: of two identical entries, a forget record that
// keeps one erases the other, again and again alike; one that keeps none
// erases both.
func TestForgetOneOfTwins(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t)
	if err := s.AddTenant(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	a, b := entry("acme", "tests pass"), entry("acme", "tests pass")
	b.ID = EntryID(&b, "twin")
	if _, err := s.Append(ctx, "acme", []Entry{a, b}); err != nil {
		t.Fatal(err)
	}
	keep1 := ForgetTarget{Date: a.Date, Time: a.Time, Hash: TextHash(a.Text), Keep: 1}
	keep0 := keep1
	keep0.Keep = 0
	for i, step := range []struct {
		target ForgetTarget
		want   []string
	}{{keep1, []string{"tests pass", ""}}, {keep1, []string{"tests pass", ""}}, {keep0, []string{"", ""}}} {
		target, want := step.target, step.want
		rec, err := ForgetRecord("2026-12-02", "11:00", []ForgetTarget{target})
		if err != nil {
			t.Fatal(err)
		}
		rec.Tenant, rec.Origin, rec.Written = "acme", "node-test", time.Now()
		rec.ID = EntryID(&rec, fmt.Sprint("forget", i))
		if _, err := s.Append(ctx, "acme", []Entry{rec}); err != nil {
			t.Fatal(err)
		}
		es, err := s.Since(ctx, "acme", 0, 10)
		if err != nil || es[0].Text != want[0] || es[1].Text != want[1] {
			t.Fatalf("after forget %d: %+v %v", i+1, es, err)
		}
	}
}
