package shared

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Scopes of an API key. Admin implies write, write implies read.
const (
	ScopeRead  = "read"
	ScopeWrite = "write"
	ScopeAdmin = "admin"
)

// KeyPrefix starts every key's secret, so a leaked one is easy to find.
const KeyPrefix = "archon_"

// Key is an API key of a tenant (never its secret: only the secret's
// hash is stored).
type Key struct {
	ID      string     `json:"id"`
	Tenant  string     `json:"tenant"`
	Scopes  []string   `json:"scopes"`
	Note    string     `json:"note,omitempty"`
	Created time.Time  `json:"created"`
	Revoked *time.Time `json:"revoked,omitempty"`
}

// Allows reports whether the key has scope (admin covers write and read,
// write covers read).
func (k *Key) Allows(scope string) bool {
	rank := map[string]int{ScopeRead: 1, ScopeWrite: 2, ScopeAdmin: 3}
	for _, s := range k.Scopes {
		if rank[s] >= rank[scope] {
			return true
		}
	}
	return false
}

// ParseScopes checks a comma-separated list of scopes.
func ParseScopes(list string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if s != ScopeRead && s != ScopeWrite && s != ScopeAdmin {
			return nil, fmt.Errorf("%w scope %q: use read, write or admin", ErrInvalid, s)
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w scopes: name at least one of read, write, admin", ErrInvalid)
	}
	return out, nil
}

func hashSecret(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

// AddKey creates a key for tenant and returns it with its secret, which
// is shown this once.
func (s *Store) AddKey(ctx context.Context, tenant string, scopes []string, note string) (*Key, string, error) {
	var raw [24]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return nil, "", err
	}
	secret := KeyPrefix + hex.EncodeToString(raw[:])
	k := &Key{ID: "key_" + hex.EncodeToString(raw[:4]), Tenant: tenant, Scopes: scopes, Note: note}
	err := s.pool.QueryRow(ctx, "INSERT INTO archon_keys (id, tenant, hash, scopes, note) VALUES ($1, $2, $3, $4, $5) RETURNING created",
		k.ID, tenant, hashSecret(secret), scopes, note).Scan(&k.Created)
	if err != nil {
		return nil, "", wrapErr("add key", err)
	}
	return k, secret, nil
}

// Keys lists a tenant's keys ("" every tenant's), newest first.
func (s *Store) Keys(ctx context.Context, tenant string) ([]Key, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, tenant, scopes, note, created, revoked FROM archon_keys
		WHERE $1 = '' OR tenant = $1 ORDER BY created DESC, id`, tenant)
	if err != nil {
		return nil, wrapErr("keys", err)
	}
	return pgx.CollectRows(rows, scanKey)
}

func scanKey(r pgx.CollectableRow) (Key, error) {
	var k Key
	err := r.Scan(&k.ID, &k.Tenant, &k.Scopes, &k.Note, &k.Created, &k.Revoked)
	return k, err
}

// RevokeKey revokes a key: it no longer authenticates anything.
func (s *Store) RevokeKey(ctx context.Context, id string) error {
	tag, err := s.pool.Exec(ctx, "UPDATE archon_keys SET revoked = now() WHERE id = $1 AND revoked IS NULL", id)
	if err != nil {
		return wrapErr("revoke key", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("revoke key %s: %w (or revoked already)", id, ErrNotFound)
	}
	return nil
}

// CheckKey returns the live key whose secret this is, or ErrNotFound.
func (s *Store) CheckKey(ctx context.Context, secret string) (*Key, error) {
	if !strings.HasPrefix(secret, KeyPrefix) {
		return nil, ErrNotFound
	}
	rows, err := s.pool.Query(ctx, "SELECT id, tenant, scopes, note, created, revoked FROM archon_keys WHERE hash = $1 AND revoked IS NULL",
		hashSecret(secret))
	if err != nil {
		return nil, wrapErr("check key", err)
	}
	k, err := pgx.CollectExactlyOneRow(rows, scanKey)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, wrapErr("check key", err)
	}
	return &k, nil
}
