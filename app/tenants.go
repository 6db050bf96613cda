package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/shared"
)

// Tenants is the Memory of a node that answers every tenant
// (shared.any_tenant), behind a load balancer that sends any request to
// any node. A request of the node's own tenant, or without an API key,
// goes to the node's workspace; one with another tenant's key goes to
// that tenant's replica, a workspace of its own under
// .archon/tenants/NAME with its own indexes, following that tenant's log,
// made and caught up on its first request. Ranking is the same everywhere,
// so any node gives a tenant the same results.
type Tenants struct {
	home *Local
	mu   sync.Mutex
	open map[string]*replica
}

// replica is one other tenant's workspace, opened once.
type replica struct {
	once sync.Once
	l    *Local
	err  error
}

var _ Memory = (*Tenants)(nil)

// NewTenants serves every tenant from home's node.
func NewTenants(home *Local) *Tenants { return &Tenants{home: home, open: map[string]*replica{}} }

// Home is the node's own workspace.
func (t *Tenants) Home() *Local { return t.home }

// TenantsDir is where a node keeps the replicas of other tenants.
func TenantsDir(stateDir string) string { return filepath.Join(stateDir, "tenants") }

// pick returns the Memory of the caller's tenant.
func (t *Tenants) pick(ctx context.Context) (Memory, error) {
	c := callerOf(ctx)
	if c.Tenant == "" || c.Tenant == t.home.cfg.Shared.Tenant {
		return t.home, nil
	}
	if err := shared.ValidateTenant(c.Tenant); err != nil {
		return nil, wrap(Invalid, err)
	}
	t.mu.Lock()
	r := t.open[c.Tenant]
	if r == nil {
		r = &replica{}
		t.open[c.Tenant] = r
	}
	t.mu.Unlock()
	r.once.Do(func() { r.l, r.err = t.openReplica(context.WithoutCancel(ctx), c.Tenant) })
	if r.err != nil {
		t.mu.Lock()
		delete(t.open, c.Tenant) // the next request tries again
		t.mu.Unlock()
		return nil, fmt.Errorf("the replica of tenant %s: %w", c.Tenant, r.err)
	}
	return r.l, nil
}

// openReplica opens (making it on first use) the workspace of tenant: the
// node's configuration with that tenant's log and L3; it catches up in
// the background and says so in its answers meanwhile.
func (t *Tenants) openReplica(ctx context.Context, tenant string) (*Local, error) {
	h := t.home
	root := filepath.Join(TenantsDir(h.ws.StateDir()), tenant)
	if _, err := os.Stat(filepath.Join(root, memory.StateName)); errors.Is(err, os.ErrNotExist) {
		if _, err := memory.Init(ctx, root, nil); err != nil {
			return nil, err
		}
	}
	ws, err := memory.OpenWith(root, h.ws.Options())
	if err != nil {
		return nil, err
	}
	cfg := *h.cfg
	cfg.Shared.Tenant, cfg.Shared.AnyTenant = tenant, false
	opt := h.opt
	// The node's observers (its dashboard's event stream) are the home
	// tenant's: another tenant's writes are not shown there.
	opt.CatchUp, opt.Observer = true, nil
	l, err := Open(ctx, ws, &cfg, opt)
	if err != nil {
		return nil, err
	}
	h.log.Info("shared: serving another tenant from its replica", "tenant", tenant, "root", root)
	return l, nil
}

// CheckKey checks a key of any tenant (the node's key copy holds them all).
func (t *Tenants) CheckKey(ctx context.Context, secret string) (*Key, error) {
	return t.home.CheckKey(ctx, secret)
}

// CloseReplicas closes the replicas of other tenants (the node's own
// workspace stays open, for its owner to close).
func (t *Tenants) CloseReplicas() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var errs []error
	for _, r := range t.open {
		if r.l != nil {
			errs = append(errs, r.l.Close())
		}
	}
	t.open = map[string]*replica{}
	return errors.Join(errs...)
}

// Close closes every replica, then the node's workspace.
func (t *Tenants) Close() error {
	return errors.Join(t.CloseReplicas(), t.home.Close())
}
