package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/shared"
)

// SharedStatus is how a node in shared mode stands.
type SharedStatus = shared.NodeStatus

// Caller identifies who a request comes from (an API key, the request
// id), for the shared store's audit rows.
type Caller struct {
	KeyID     string
	RequestID string
	// Tenant is the tenant of the caller's key ("" without one).
	Tenant string
}

type callerKey struct{}

// WithCaller returns ctx carrying c: front ends set it for each request.
func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

func callerOf(ctx context.Context) Caller {
	c, _ := ctx.Value(callerKey{}).(Caller)
	return c
}

// sharedDir holds a node's outbox, replica position and id.
func (l *Local) sharedDir() string { return filepath.Join(l.ws.StateDir(), "shared") }

// openShared makes the workspace's node when shared.postgres_url is set
// (nil otherwise). It does not connect: a service runs it (startShared);
// a one-shot command only queues its entries in the outbox.
func (l *Local) openShared() error {
	c := l.cfg.Shared
	if c.PostgresURL == "" {
		if c.Tenant != "" {
			// The URL kept in the environment, as the README advises, and
			// a command run without it: what it writes stays here.
			l.log.Warn("shared.tenant is set but shared.postgres_url is empty (is ARCHON_SHARED_POSTGRES_URL missing from this environment?): what this command writes is not shared", "tenant", c.Tenant)
		}
		return nil
	}
	if c.Tenant == "" {
		return Invalidf("shared.tenant: required with shared.postgres_url (the tenant this workspace replicates)")
	}
	n, err := shared.NewNode(l.sharedDir(), shared.NodeOptions{URL: c.PostgresURL, Tenant: c.Tenant, Project: c.Project,
		AnyTenant: c.AnyTenant, Apply: l.applyShared, L3Changed: l.Changed, Logger: l.log})
	if err != nil {
		return wrap(Invalid, err)
	}
	l.node = n
	return nil
}

// startShared runs the node in the background until Close.
func (l *Local) startShared() {
	if l.node == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		l.node.Run(ctx)
	}()
	l.stopNode = func() {
		cancel()
		<-done
	}
}

// share queues an entry just written to the local log for the shared
// store.
func (l *Local) share(ctx context.Context, e *memory.Entry) error {
	if l.node == nil {
		return nil
	}
	c := callerOf(ctx)
	se, err := l.node.Entry(shared.Entry{Agent: e.Agent, Date: e.Date, Time: e.Time, Tags: e.Tags, Text: e.Text,
		Writer: shared.Writer{KeyID: c.KeyID, RequestID: c.RequestID}})
	if err == nil {
		err = l.node.Write(ctx, se)
	}
	if err != nil {
		return fmt.Errorf("the entry is in %s but not queued for the shared store: %w", e.Path, err)
	}
	return nil
}

// dayEntries calls fn with each entry of date's log, live or archived,
// and the log's path.
func (l *Local) dayEntries(ctx context.Context, date string, fn func(path string, e *memory.Entry)) error {
	for _, p := range l.ws.DayLogs(ctx, date) {
		lg, err := l.ws.ReadLog(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		for i := range lg.Entries {
			fn(p, &lg.Entries[i])
		}
	}
	return nil
}

// shareForget queues a forget record for the entries just forgotten here,
// and says which of them no copy in the shared store reads as (edited here
// since, or never shared): the forget erases none elsewhere.
func (l *Local) shareForget(ctx context.Context, fs []memory.Forgotten) ([]string, error) {
	if l.node == nil || len(fs) == 0 {
		return nil, nil
	}
	// One target per kind of entry forgotten, with how many copies of it
	// this node still holds.
	ts := make([]shared.ForgetTarget, 0, len(fs))
	for _, f := range fs {
		t := shared.ForgetTarget{Date: f.Date, Time: f.At, Agent: f.Agent, Hash: f.SHA256}
		if slices.Contains(ts, t) {
			continue
		}
		err := l.dayEntries(ctx, t.Date, func(_ string, x *memory.Entry) {
			if x.Time == t.Time && x.Agent == t.Agent && shared.TextHash(x.Text) == t.Hash {
				t.Keep++
			}
		})
		if err != nil {
			return nil, fmt.Errorf("forgotten here but not queued for the shared store: %w", err)
		}
		ts = append(ts, t)
	}
	now := l.ws.Now()
	rec, err := shared.ForgetRecord(now.Format(time.DateOnly), now.Format("15:04"), ts)
	if err == nil {
		c := callerOf(ctx)
		rec.Writer = shared.Writer{KeyID: c.KeyID, RequestID: c.RequestID}
		rec, err = l.node.Entry(rec)
	}
	if err != nil {
		return nil, fmt.Errorf("forgotten here but not queued for the shared store: %w", err)
	}
	// Which entries the store holds no copy of, asked before the forget
	// is queued: once sent, it has erased the copies it names.
	cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	odd, oddErr := l.node.Unmatched(cctx, ts)
	cancel()
	if err := l.node.Write(ctx, rec); err != nil {
		return nil, fmt.Errorf("forgotten here but not queued for the shared store: %w", err)
	}
	if oddErr != nil {
		l.log.Warn("forget: the shared store was not asked whether it holds the entries", "err", oddErr)
		return nil, nil
	}
	var warn []string
	for _, f := range fs {
		if slices.ContainsFunc(odd, func(t shared.ForgetTarget) bool {
			return t.Date == f.Date && t.Time == f.At && t.Agent == f.Agent && t.Hash == f.SHA256
		}) {
			warn = append(warn, fmt.Sprintf("%s:%d: no copy in the shared store reads as this entry does now (edited here since it was shared, or written before shared mode): other nodes keep theirs; forget it there too",
				f.Path, f.LineStart))
		}
	}
	return warn, nil
}

// applyForgets forgets, from this node's daily logs, the entries that
// forget records of other nodes name: of the copies a target names, all
// but the first Keep.
func (l *Local) applyForgets(ctx context.Context, recs []shared.Entry) error {
	starts := map[string][]int{}
	for i := range recs {
		ts, err := recs[i].Targets()
		if err != nil {
			l.log.Warn("shared: skipped a forget record", "err", err)
			continue
		}
		for _, t := range ts {
			kept := 0
			err := l.dayEntries(ctx, t.Date, func(p string, x *memory.Entry) {
				if x.Time != t.Time || x.Agent != t.Agent || shared.TextHash(x.Text) != t.Hash || slices.Contains(starts[p], x.LineStart) {
					return
				}
				if kept < t.Keep {
					kept++
					return
				}
				starts[p] = append(starts[p], x.LineStart)
			})
			if err != nil {
				return err
			}
		}
	}
	got, err := l.forgetAt(ctx, starts, false)
	if len(got) > 0 {
		l.changed(UpdateLogs)
	}
	if err != nil {
		return fmt.Errorf("apply a shared forget: %w", err)
	}
	return nil
}

// applyShared appends entries other nodes wrote to the daily logs, and
// applies their forget records. With recheck, an entry already in its
// day's log (same time, agent and text) is skipped.
func (l *Local) applyShared(ctx context.Context, es []shared.Entry, recheck bool) error {
	var forgets []shared.Entry
	kept := es[:0:0]
	for _, e := range es {
		switch {
		case e.Layer == shared.LayerForget:
			forgets = append(forgets, e)
		case strings.TrimSpace(e.Text) == "":
			// erased by a forget record
		default:
			kept = append(kept, e)
		}
	}
	if err := l.appendShared(ctx, kept, recheck); err != nil {
		return err
	}
	return l.applyForgets(ctx, forgets)
}

// appendShared appends entries other nodes wrote to the daily logs.
func (l *Local) appendShared(ctx context.Context, es []shared.Entry, recheck bool) error {
	var have map[string]bool
	if recheck {
		have = map[string]bool{}
		seen := map[string]bool{}
		for _, e := range es {
			if seen[e.Date] {
				continue
			}
			seen[e.Date] = true
			err := l.dayEntries(ctx, e.Date, func(_ string, x *memory.Entry) {
				have[entryKey(e.Date, x.Time, x.Agent, x.Text)] = true
			})
			if err != nil {
				return err
			}
		}
	}
	batch := make([]memory.Entry, 0, len(es))
	for _, e := range es {
		if have[entryKey(e.Date, e.Time, e.Agent, e.Text)] {
			continue
		}
		batch = append(batch, memory.Entry{Date: e.Date, Time: e.Time, Agent: e.Agent, Tags: e.Tags, Text: e.Text})
	}
	// One write per day's log: entries keep their order within a day,
	// which is all a daily log orders.
	slices.SortStableFunc(batch, func(a, b memory.Entry) int { return strings.Compare(a.Date, b.Date) })
	done, err := l.ws.AppendAll(ctx, batch)
	if len(done) > 0 {
		l.Changed()
		if l.opt.Observer != nil {
			for i := range done {
				l.opt.Observer.Logged(newEntry(done[i]))
			}
		}
	}
	return err
}

func entryKey(date, t, agent, text string) string {
	return date + "\x00" + t + "\x00" + agent + "\x00" + strings.TrimSpace(text)
}

// sharedStatus reports the node's state; nil when shared mode is off.
func (l *Local) sharedStatus(ctx context.Context) *SharedStatus {
	if l.node == nil {
		return nil
	}
	st := l.node.Status(ctx)
	return &st
}

// The errors of CheckKey.
var (
	// ErrUnknownKey: no live key has this secret.
	ErrUnknownKey = shared.ErrNotFound
	// ErrOtherTenant: the key belongs to a tenant this workspace does not
	// replicate.
	ErrOtherTenant = shared.ErrOtherTenant
)

// Key is an API key of the shared store.
type Key = shared.Key

// ScopesAllow reports whether a key with scopes may do what needs scope
// (admin includes write, write includes read).
func ScopesAllow(scopes []string, scope string) bool { return (&Key{Scopes: scopes}).Allows(scope) }

// The scopes of a Key (Key.Allows ranks them: admin covers write, write
// covers read).
const (
	ScopeRead  = shared.ScopeRead
	ScopeWrite = shared.ScopeWrite
	ScopeAdmin = shared.ScopeAdmin
)

// CheckKey returns the live API key whose secret this is (shared mode):
// shared.ErrNotFound for none, shared.ErrOtherTenant for a key of a
// tenant this workspace does not replicate.
func (l *Local) CheckKey(ctx context.Context, secret string) (*Key, error) {
	if l.node == nil {
		return nil, shared.ErrNotFound
	}
	return l.node.CheckKey(ctx, secret)
}
