package knowledge

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgreSQL keeps each tenant's L3 in a schema of its own (SchemaFor), so
// every statement of one tenant's store sees only that tenant's rows; the
// tables, rules and transactions are those of the SQLite store. A write
// takes the schema's sequence row first, so writes of every node are
// serialized as SQLite's immediate transactions are on one host.

// pgMigrations are the PostgreSQL forms of migrations, applied in order;
// the meta table counts how many ran.
var pgMigrations = []string{
	`CREATE TABLE seq (id integer PRIMARY KEY CHECK (id = 1), n bigint NOT NULL);
	INSERT INTO seq(id, n) VALUES (1, 0);
	CREATE TABLE projects (
		id bigserial PRIMARY KEY, name text NOT NULL UNIQUE,
		description text NOT NULL, status text NOT NULL,
		created text NOT NULL, updated text NOT NULL, updated_seq bigint NOT NULL);
	CREATE TABLE tasks (
		id bigserial PRIMARY KEY, project bigint REFERENCES projects(id),
		title text NOT NULL, description text NOT NULL, status text NOT NULL,
		priority integer NOT NULL, assignee text NOT NULL,
		created text NOT NULL, updated text NOT NULL, done text NOT NULL, updated_seq bigint NOT NULL);
	CREATE INDEX tasks_project ON tasks(project);
	CREATE TABLE deps (
		task bigint NOT NULL REFERENCES tasks(id), dep bigint NOT NULL REFERENCES tasks(id),
		PRIMARY KEY (task, dep));
	CREATE TABLE items (
		id bigserial PRIMARY KEY, kind text NOT NULL, title text NOT NULL,
		body text NOT NULL, tags text NOT NULL, agent text NOT NULL,
		project bigint REFERENCES projects(id),
		created text NOT NULL, updated text NOT NULL,
		promotion text NOT NULL, promoted text NOT NULL, updated_seq bigint NOT NULL);
	CREATE INDEX items_project ON items(project);
	CREATE TABLE observations (
		id bigserial PRIMARY KEY, item bigint NOT NULL REFERENCES items(id),
		agent text NOT NULL, success boolean NOT NULL, project bigint REFERENCES projects(id),
		time text NOT NULL, note text NOT NULL, seq bigint NOT NULL);
	CREATE INDEX observations_item ON observations(item);`,
}

// pgTables are the tables with a serial id, whose sequences an import
// that writes ids must move past them.
var pgTables = []string{"projects", "tasks", "items", "observations"}

var schemaName = regexp.MustCompile(`^[a-z0-9._-]{1,63}$`)

// connectTimeout bounds a connection attempt: when PostgreSQL is away, L3
// answers with an error soon and the other layers go on.
const connectTimeout = 2 * time.Second

// answerTimeout bounds how long a statement waits for PostgreSQL to say
// anything: a server that stopped answering (frozen, or behind a network
// that drops packets) fails the statement instead of holding L3, and the
// index runs that read it, for good. L3's statements take milliseconds.
const answerTimeout = 5 * time.Second

// answerConn is a connection whose reads fail after wait without a byte.
// A deadline pgx sets (to cancel a statement) is kept when it is earlier.
type answerConn struct {
	net.Conn
	wait time.Duration
	mu   sync.Mutex
	set  time.Time // the read deadline pgx set; zero: none
}

func (c *answerConn) Read(b []byte) (int, error) {
	c.mu.Lock()
	d := time.Now().Add(c.wait)
	if !c.set.IsZero() && c.set.Before(d) {
		d = c.set
	}
	err := c.Conn.SetReadDeadline(d)
	c.mu.Unlock()
	if err != nil {
		return 0, err
	}
	return c.Conn.Read(b)
}

func (c *answerConn) SetDeadline(t time.Time) error {
	c.mu.Lock()
	c.set = t
	c.mu.Unlock()
	return c.Conn.SetDeadline(t)
}

func (c *answerConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	c.set = t
	c.mu.Unlock()
	return c.Conn.SetReadDeadline(t)
}

// SchemaFor is the PostgreSQL schema of a tenant's L3: archon_l3_TENANT,
// or, when archon's shared tables live in a schema of their own (the
// search_path of the connection string), SCHEMA_l3_TENANT beside it.
func SchemaFor(base, tenant string) string {
	name := base + "_l3_" + tenant
	if base == "" || base == "public" {
		name = "archon_l3_" + tenant
	}
	// PostgreSQL cuts names at 63 bytes: a long one keeps its start and
	// a hash of the whole, so two tenants never share a schema.
	if len(name) > maxSchemaName {
		sum := sha256.Sum256([]byte(name))
		name = name[:maxSchemaName-13] + "_" + hex.EncodeToString(sum[:6])
	}
	return name
}

// maxConns bounds a node's connections to its tenant's L3.
const maxConns = 4

// maxSchemaName is PostgreSQL's longest identifier, in bytes.
const maxSchemaName = 63

// OpenPostgres opens (creating or migrating) the L3 store of tenant in the
// PostgreSQL database at url.
func OpenPostgres(ctx context.Context, url, tenant string, opt Options) (*Store, error) {
	if !schemaName.MatchString(tenant) {
		return nil, fmt.Errorf("%w tenant %q for the L3 schema", ErrInvalid, tenant)
	}
	opt = opt.withDefaults()
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open the shared L3: %w", err)
	}
	base, _, _ := strings.Cut(cfg.RuntimeParams["search_path"], ",")
	name := SchemaFor(strings.Trim(strings.TrimSpace(base), `"`), tenant)
	schema := pgx.Identifier{name}.Sanitize()
	cfg.RuntimeParams["search_path"] = name
	if cfg.ConnectTimeout == 0 || cfg.ConnectTimeout > connectTimeout {
		cfg.ConnectTimeout = connectTimeout
	}
	dial := cfg.DialFunc
	cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &answerConn{Conn: c, wait: answerTimeout}, nil
	}
	sdb := stdlib.OpenDB(*cfg)
	// Writes take turns on the sequence row anyway: a few connections
	// serve a node, and 100 nodes stay well inside max_connections.
	sdb.SetMaxOpenConns(maxConns)
	sdb.SetMaxIdleConns(maxConns)
	s := &Store{db: &db{DB: sdb, d: dialect{pg: true, cache: &sync.Map{}}}, opt: opt, tenant: tenant}
	if err := s.migratePG(ctx, schema); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open the shared L3 of %s: %w", tenant, err)
	}
	return s, nil
}

// migratePG creates the schema and brings its tables up to date, under a
// lock so that nodes starting together migrate once.
func (s *Store) migratePG(ctx context.Context, schema string) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, q := range []string{
		"SELECT pg_advisory_xact_lock(hashtextextended('archon:l3:' || current_setting('search_path'), 0))",
		"CREATE SCHEMA IF NOT EXISTS " + schema,
		"CREATE TABLE IF NOT EXISTS meta (key text PRIMARY KEY, value text NOT NULL)",
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	var v int
	err = tx.QueryRowContext(ctx, "SELECT value::integer FROM meta WHERE key = 'version'").Scan(&v)
	if err != nil && err != sql.ErrNoRows {
		return err
	}
	if v > len(pgMigrations) {
		return fmt.Errorf("knowledge schema version %d is newer than this archon understands (%d): %w", v, len(pgMigrations), ErrNewer)
	}
	if v == len(pgMigrations) {
		return nil
	}
	for ; v < len(pgMigrations); v++ {
		if _, err := tx.ExecContext(ctx, pgMigrations[v]); err != nil {
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO meta(key, value) VALUES ('version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", fmt.Sprint(v)); err != nil {
		return err
	}
	return tx.Commit()
}

// moveSequences sets each serial sequence past the largest id stored (an
// import writes ids itself).
func moveSequences(ctx context.Context, tx *txn) error {
	if !tx.d.pg {
		return nil
	}
	for _, t := range pgTables {
		q := fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', 'id'), coalesce(max(id), 0) + 1, false) FROM %s", t, t)
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("move the id sequence of %s: %w", t, err)
		}
	}
	return nil
}
