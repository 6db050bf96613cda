package shared

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed schema.sql
var schema string

// SchemaVersion is the version of schema.sql.
const SchemaVersion = "1"

// Channel is the NOTIFY channel a write signals; the payload is the
// tenant.
const Channel = "archon_entries"

// L3Channel is the NOTIFY channel a write of a tenant's shared L3 signals
// (knowledge.Options.Notify); the payload is the tenant.
const L3Channel = "archon_l3"

// Errors of the store.
var (
	ErrUnknownTenant = errors.New("unknown tenant")
	ErrInvalid       = errors.New("invalid")
	ErrNotFound      = errors.New("not found")
)

// Store is the shared PostgreSQL store of a team's nodes. It is safe for
// concurrent use.
type Store struct {
	pool *pgxpool.Pool
}

// Open connects to the PostgreSQL at url (the password may come from
// PGPASSWORD) and brings its schema up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("shared.postgres_url: %w", err)
	}
	cfg.MaxConns = 8
	cfg.ConnConfig.ConnectTimeout = 5 * time.Second
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("shared store: %w", err)
	}
	s := &Store{pool: pool}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the store's connections.
func (s *Store) Close() { s.pool.Close() }

// migrate creates the tables, once, under a lock every node takes.
func (s *Store) migrate(ctx context.Context) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended('archon:schema', 0))"); err != nil {
			return fmt.Errorf("shared store: %w", err)
		}
		if _, err := tx.Exec(ctx, schema); err != nil {
			return fmt.Errorf("shared store: schema: %w", err)
		}
		var v string
		err := tx.QueryRow(ctx, "SELECT value FROM archon_meta WHERE key = 'schema'").Scan(&v)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			_, err = tx.Exec(ctx, "INSERT INTO archon_meta (key, value) VALUES ('schema', $1)", SchemaVersion)
			return err
		case err != nil:
			return fmt.Errorf("shared store: %w", err)
		case v != SchemaVersion:
			return fmt.Errorf("shared store: schema version %s, this archon knows %s: upgrade archon", v, SchemaVersion)
		}
		return nil
	})
}

var tenantRe = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,62}$`)

// ValidateTenant checks a tenant name: 1-63 of a-z, 0-9, '.', '_', '-',
// starting with a letter or digit.
func ValidateTenant(name string) error {
	if !tenantRe.MatchString(name) {
		return fmt.Errorf("%w tenant %q: 1-63 characters of a-z, 0-9, '.', '_', '-', starting with a letter or digit", ErrInvalid, name)
	}
	return nil
}

// Tenant is a tenant with the size of its log.
type Tenant struct {
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Entries int64     `json:"entries"`
}

// AddTenant creates a tenant; adding one that exists is not an error.
func (s *Store) AddTenant(ctx context.Context, name string) error {
	if err := ValidateTenant(name); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, "INSERT INTO archon_tenants (name) VALUES ($1) ON CONFLICT DO NOTHING", name)
	return wrapErr("add tenant", err)
}

// Tenants lists the tenants by name.
func (s *Store) Tenants(ctx context.Context) ([]Tenant, error) {
	rows, err := s.pool.Query(ctx, `SELECT t.name, t.created, coalesce(max(e.seq), 0)
		FROM archon_tenants t LEFT JOIN archon_entries e ON e.tenant = t.name GROUP BY t.name, t.created ORDER BY t.name`)
	if err != nil {
		return nil, wrapErr("tenants", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Tenant, error) {
		var t Tenant
		err := r.Scan(&t.Name, &t.Created, &t.Entries)
		return t, err
	})
}

// Head returns the position of a tenant's last entry (0 when none).
func (s *Store) Head(ctx context.Context, tenant string) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, "SELECT coalesce(max(seq), 0) FROM archon_entries WHERE tenant = $1", tenant).Scan(&n)
	return n, wrapErr("head", err)
}

// wrapErr names what failed; a foreign-key violation on the tenant is
// ErrUnknownTenant.
func wrapErr(what string, err error) error {
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23503" {
		return fmt.Errorf("%s: %w (create it with archon tenant add)", what, ErrUnknownTenant)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// TableBytes returns the bytes archon's tables and their indexes take in
// the current schema.
func (s *Store) TableBytes(ctx context.Context) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c
		JOIN pg_namespace ns ON ns.oid = c.relnamespace
		WHERE c.relkind = 'r' AND c.relname LIKE 'archon_%' AND ns.nspname = current_schema()`).Scan(&n)
	return n, wrapErr("table sizes", err)
}
