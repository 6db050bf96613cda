package app

import (
	"context"
	"errors"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/shared"
)

// Tenant is a tenant of the shared store, with the size of its log.
type Tenant = shared.Tenant

// SharedAdmin manages the shared store's tenants and API keys (archon
// tenant, archon key): an operator's tool, talking to PostgreSQL
// directly, with or without a service running.
type SharedAdmin struct {
	store *shared.Store
}

// OpenSharedAdmin connects to cfg's shared.postgres_url.
func OpenSharedAdmin(ctx context.Context, cfg *config.Loaded) (*SharedAdmin, error) {
	if cfg.Shared.PostgresURL == "" {
		return nil, Invalidf("shared.postgres_url is empty: shared mode is off (set it in archon.yaml or ARCHON_SHARED_POSTGRES_URL)")
	}
	s, err := shared.Open(ctx, cfg.Shared.PostgresURL)
	if err != nil {
		return nil, err
	}
	return &SharedAdmin{store: s}, nil
}

// Close closes the connections.
func (a *SharedAdmin) Close() { a.store.Close() }

// AddTenant creates a tenant (an existing one is kept).
func (a *SharedAdmin) AddTenant(ctx context.Context, name string) error {
	return sharedErr(a.store.AddTenant(ctx, name))
}

// Tenants lists the tenants.
func (a *SharedAdmin) Tenants(ctx context.Context) ([]Tenant, error) {
	return list(a.store.Tenants(ctx))
}

// AddKey creates an API key of tenant with scopes (a comma-separated
// list of read, write, admin) and returns it with its secret, shown once.
func (a *SharedAdmin) AddKey(ctx context.Context, tenant, scopes, note string) (*Key, string, error) {
	sc, err := shared.ParseScopes(scopes)
	if err != nil {
		return nil, "", wrap(Invalid, err)
	}
	k, secret, err := a.store.AddKey(ctx, tenant, sc, note)
	return k, secret, sharedErr(err)
}

// Keys lists the keys of a tenant ("" all), never their secrets.
func (a *SharedAdmin) Keys(ctx context.Context, tenant string) ([]Key, error) {
	return list(a.store.Keys(ctx, tenant))
}

// RevokeKey revokes a key.
func (a *SharedAdmin) RevokeKey(ctx context.Context, id string) error {
	return sharedErr(a.store.RevokeKey(ctx, id))
}

// sharedErr gives the shared store's errors their kind.
func sharedErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, shared.ErrInvalid):
		return wrap(Invalid, err)
	case errors.Is(err, shared.ErrNotFound), errors.Is(err, shared.ErrUnknownTenant):
		return wrap(NotFound, err)
	}
	return err
}
