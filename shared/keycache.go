package shared

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/archon-memory/archon/memory"
)

// ErrOtherTenant is returned for an API key of a tenant this node does
// not replicate.
var ErrOtherTenant = errors.New("the key belongs to another tenant")

// keyRefresh is how often a node reloads its tenant's keys from the
// store (a new key or a revocation takes at most that long to reach every
// node); a secret it does not know makes it look again, at most every
// keyMissRefresh.
const (
	keyRefresh     = 30 * time.Second
	keyMissRefresh = 2 * time.Second
)

// keyCache is a node's copy of its tenant's live keys, by secret hash,
// kept on disk too: a node checks keys while the store is unreachable,
// after a restart as well.
type keyCache struct {
	mu     sync.Mutex
	path   string
	byHash map[string]Key
	synced time.Time // last reload from the store
	tried  time.Time // last attempt
}

// keyFile is the cache on disk (hashes, never secrets).
type keyFile struct {
	Synced time.Time      `json:"synced"`
	Keys   map[string]Key `json:"keys"` // hex of the secret's SHA-256
}

func (c *keyCache) load(path string) {
	c.path, c.byHash = path, map[string]Key{}
	b, err := os.ReadFile(path)
	if err != nil {
		return
	}
	var f keyFile
	if json.Unmarshal(b, &f) == nil && f.Keys != nil {
		c.byHash, c.synced = f.Keys, f.Synced
	}
}

// CheckKey returns the live key whose secret this is, if it is one of
// this node's tenant: ErrNotFound for none, ErrOtherTenant for another
// tenant's. It answers from the node's copy of the tenant's keys: a copy
// older than KeyRefresh is reloaded in the background, one older than two
// of them first; an unknown secret
// reloads it at once (at most every keyMissRefresh, for up to 2 s).
// While the store is unreachable the copy answers alone.
func (n *Node) CheckKey(ctx context.Context, secret string) (*Key, error) {
	h := fmt.Sprintf("%x", hashSecret(secret))
	c := &n.keys
	c.mu.Lock()
	k, ok := c.byHash[h]
	due := time.Since(c.tried) > keyMissRefresh && (!ok || time.Since(c.synced) > n.opt.KeyRefresh)
	if due {
		c.tried = time.Now()
	}
	c.mu.Unlock()
	// A copy stale past two refreshes (a node just restarted on its saved
	// copy, or whose reloads failed) is reloaded before it answers.
	stale := ok && time.Since(c.synced) > 2*n.opt.KeyRefresh
	switch {
	case due && ok && !stale:
		go n.reloadKeys(context.WithoutCancel(ctx))
	case due:
		rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		n.reloadKeys(rctx)
		cancel()
		c.mu.Lock()
		k, ok = c.byHash[h]
		c.mu.Unlock()
	}
	if ok {
		return &k, nil
	}
	// Not in the copy: a key made since it was loaded (another request
	// is reloading it), another tenant's, or none. The store decides
	// when it answers.
	rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	s, err := n.connect(rctx)
	if err != nil {
		return nil, fmt.Errorf("check key: the shared store is unreachable and the node does not know this key: %w", err)
	}
	found, err := s.CheckKey(rctx, secret)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil, ErrNotFound
	case err != nil:
		return nil, fmt.Errorf("check key: %w", err)
	case found.Tenant != n.opt.Tenant && !n.opt.AnyTenant:
		return nil, fmt.Errorf("%w %q; this node replicates %q", ErrOtherTenant, found.Tenant, n.opt.Tenant)
	}
	return found, nil
}

// keepKeys reloads the node's copy of its tenant's keys every KeyRefresh
// while the node runs: requests reload a stale copy only after answering
// from it, so an idle node would otherwise answer its next request with a
// key revoked long before.
func (n *Node) keepKeys(ctx context.Context) {
	tick := time.NewTicker(n.opt.KeyRefresh)
	defer tick.Stop()
	for {
		rctx, cancel := context.WithTimeout(ctx, n.opt.KeyRefresh)
		n.reloadKeys(rctx)
		cancel()
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// reloadKeys replaces the node's copy of its tenant's keys with the live
// ones in the store, and saves it; on failure the copy stays.
func (n *Node) reloadKeys(ctx context.Context) {
	if err := n.loadKeys(ctx); err != nil {
		n.opt.Logger.Warn("shared store: keys not reloaded; the node's copy answers", "err", err)
	}
}

func (n *Node) loadKeys(ctx context.Context) error {
	s, err := n.connect(ctx)
	if err != nil {
		return err
	}
	rows, err := s.pool.Query(ctx, "SELECT encode(hash, 'hex'), id, tenant, scopes, note, created FROM archon_keys WHERE (tenant = $1 OR $2) AND revoked IS NULL", n.opt.Tenant, n.opt.AnyTenant)
	if err != nil {
		return wrapErr("keys", err)
	}
	defer rows.Close()
	next := map[string]Key{}
	for rows.Next() {
		var h string
		var k Key
		if err := rows.Scan(&h, &k.ID, &k.Tenant, &k.Scopes, &k.Note, &k.Created); err != nil {
			return wrapErr("keys", err)
		}
		next[h] = k
	}
	if err := rows.Err(); err != nil {
		return wrapErr("keys", err)
	}
	c := &n.keys
	c.mu.Lock()
	defer c.mu.Unlock()
	c.byHash, c.synced = next, time.Now()
	b, _ := json.Marshal(keyFile{Synced: c.synced, Keys: next})
	return memory.WriteFileAtomic(c.path, b, 0o600)
}
