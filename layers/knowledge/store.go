// Package knowledge is archon's L3 layer: projects, tasks with dependencies
// and knowledge items (patterns, decisions, gotchas, best practices, notes)
// with the observations agents record about them, kept in SQLite under
// .archon/knowledge.db.
//
// Ids are short and stable: P1, P2 ... for projects, T1 ... for tasks, K1 ...
// for knowledge items and O1 ... for observations. They are allocated in
// increasing order and never reused, so id order is creation order.
//
// Times come from an injected clock and are for display only. Ordering never
// depends on them: every write takes the next value of a monotonic sequence
// (UpdatedSeq), so a clock that jumps backwards cannot reorder anything.
//
// The database is the only copy of L3 (deleting .archon loses it); Export and
// Import turn it into one markdown document and back.
package knowledge

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/mattn/go-sqlite3" // the SQLite driver, registered by importing it
)

// FileName is the database's name inside the workspace's .archon directory.
const FileName = "knowledge.db"

// ErrNotFound is wrapped by every error about an id that does not exist.
var ErrNotFound = errors.New("not found")

// ErrInvalid is wrapped by every error about a bad value.
var ErrInvalid = errors.New("invalid")

// ErrConflict is wrapped by errors about a state that forbids the change
// (a task done twice, a dependency cycle, an import that would overwrite).
var ErrConflict = errors.New("conflict")

// Unreachable reports whether err is the store not being reached (the
// shared PostgreSQL down, its network gone), not a fault of the request
// or damage of the data.
func Unreachable(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, driver.ErrBadConn)
}

// ErrNewer marks a knowledge database written by a newer archon, with a
// schema this one does not know. It is no damage: this archon leaves it
// as it is, and the newer one reads it.
var ErrNewer = errors.New("written by a newer archon; use that one (this one leaves it as it is)")

// Options tune a Store. The zero value is ready to use.
type Options struct {
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// Location is the time zone of Document dates; nil means time.Local.
	Location *time.Location
	// Notify, on PostgreSQL, is a channel every write notifies (with the
	// tenant as payload) when it commits, for the other nodes to reindex.
	Notify string
}

// Store is the L3 database. It is safe for concurrent use, also by several
// processes at once (WAL, busy timeout, immediate write transactions).
type Store struct {
	db  *db
	opt Options
	// tenant is the tenant of a store on PostgreSQL ("" on SQLite).
	tenant string
}

// migrations are applied in order; PRAGMA user_version counts how many ran.
var migrations = []string{
	`CREATE TABLE seq (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
	INSERT INTO seq(id, n) VALUES (1, 0);
	CREATE TABLE projects (
		id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,
		description TEXT NOT NULL, status TEXT NOT NULL,
		created TEXT NOT NULL, updated TEXT NOT NULL, updated_seq INTEGER NOT NULL);
	CREATE TABLE tasks (
		id INTEGER PRIMARY KEY AUTOINCREMENT, project INTEGER REFERENCES projects(id),
		title TEXT NOT NULL, description TEXT NOT NULL, status TEXT NOT NULL,
		priority INTEGER NOT NULL, assignee TEXT NOT NULL,
		created TEXT NOT NULL, updated TEXT NOT NULL, done TEXT NOT NULL, updated_seq INTEGER NOT NULL);
	CREATE INDEX tasks_project ON tasks(project);
	CREATE TABLE deps (
		task INTEGER NOT NULL REFERENCES tasks(id), dep INTEGER NOT NULL REFERENCES tasks(id),
		PRIMARY KEY (task, dep)) WITHOUT ROWID;
	CREATE TABLE items (
		id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, title TEXT NOT NULL,
		body TEXT NOT NULL, tags TEXT NOT NULL, agent TEXT NOT NULL,
		project INTEGER REFERENCES projects(id),
		created TEXT NOT NULL, updated TEXT NOT NULL,
		promotion TEXT NOT NULL, promoted TEXT NOT NULL, updated_seq INTEGER NOT NULL);
	CREATE INDEX items_project ON items(project);
	CREATE TABLE observations (
		id INTEGER PRIMARY KEY AUTOINCREMENT, item INTEGER NOT NULL REFERENCES items(id),
		agent TEXT NOT NULL, success INTEGER NOT NULL, project INTEGER REFERENCES projects(id),
		time TEXT NOT NULL, note TEXT NOT NULL, seq INTEGER NOT NULL);
	CREATE INDEX observations_item ON observations(item);`,
}

func (opt Options) withDefaults() Options {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Location == nil {
		opt.Location = time.Local
	}
	return opt
}

// DefaultPath returns the database path inside a workspace's state
// directory (.archon).
func DefaultPath(stateDir string) string { return filepath.Join(stateDir, FileName) }

// Open opens (creating or migrating) the database at path. Its directory is
// created when missing.
func Open(ctx context.Context, path string, opt Options) (*Store, error) {
	opt = opt.withDefaults()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("open knowledge database: %w", err)
	}
	dsn := "file:" + path + "?_journal_mode=WAL&_synchronous=NORMAL&_busy_timeout=10000&_foreign_keys=on&_txlock=immediate"
	sdb, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: &db{DB: sdb}, opt: opt}
	if err := s.migrateWaiting(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return s, nil
}

// migrateWaiting migrates, trying again while another process holds the
// database: the first connections to a new database switch it to WAL,
// which SQLite answers with "database is locked" at once, without waiting
// its busy timeout, when two processes do it together (two `archon mcp`
// sessions started right after `archon init`).
func (s *Store) migrateWaiting(ctx context.Context) error {
	deadline := time.Now().Add(busyWait)
	for delay := 5 * time.Millisecond; ; delay = min(2*delay, 200*time.Millisecond) {
		err := s.migrate(ctx)
		var se sqlite3.Error
		if !errors.As(err, &se) || (se.Code != sqlite3.ErrBusy && se.Code != sqlite3.ErrLocked) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
}

// busyWait is how long Open waits for other processes (SQLite's own
// busy timeout, set in the DSN).
const busyWait = 10 * time.Second

func (s *Store) migrate(ctx context.Context) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("knowledge schema version %d is newer than this archon understands (%d): %w", v, len(migrations), ErrNewer)
	}
	if v == len(migrations) {
		return nil
	}
	for ; v < len(migrations); v++ {
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v)); err != nil {
		return err
	}
	return tx.Commit()
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Seq returns the sequence number of the latest write: a cheap way for an
// index to tell whether anything changed since it last looked.
func (s *Store) Seq(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, "SELECT n FROM seq WHERE id = 1").Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("knowledge sequence: %w", err)
	}
	return n, nil
}

// write runs fn in one immediate write transaction with the next sequence
// number and the current time (UTC, whole seconds).
func (s *Store) write(ctx context.Context, fn func(tx *txn, seq int64, now string) error) error {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return fmt.Errorf("knowledge: begin: %w", err)
	}
	defer tx.Rollback()
	var seq int64
	if err := tx.QueryRowContext(ctx, "UPDATE seq SET n = n + 1 WHERE id = 1 RETURNING n").Scan(&seq); err != nil {
		return fmt.Errorf("knowledge: sequence: %w", err)
	}
	if err := fn(tx, seq, formatTime(s.opt.Now())); err != nil {
		return err
	}
	if s.tenant != "" && s.opt.Notify != "" {
		if _, err := tx.ExecContext(ctx, "SELECT pg_notify(?, ?)", s.opt.Notify, s.tenant); err != nil {
			return fmt.Errorf("knowledge: notify: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("knowledge: commit: %w", err)
	}
	return nil
}

// queryer is what reads need: the database or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// formatTime renders t as stored: RFC 3339 in UTC, whole seconds; "" for
// the zero time.
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Truncate(time.Second).Format(time.RFC3339)
}

// ParseTime parses a stored time ("" is the zero time).
func ParseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w time %q: want RFC 3339 like 2026-11-20T14:03:00Z", ErrInvalid, s)
	}
	return t, nil
}
