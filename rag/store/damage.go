package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mattn/go-sqlite3"
)

// ErrDamaged marks a database that is not a usable SQLite file: garbage,
// cut short, or failing SQLite's own checks. The engine sets such a file
// aside and builds a new one from the workspace files.
var ErrDamaged = errors.New("index database damaged")

// ErrNewer marks a database written by a newer archon, with a schema this
// one does not know. It is not damaged: the newer archon reads it.
var ErrNewer = errors.New("written by a newer archon")

// Damaged reports whether err says that the database file itself is
// damaged (as opposed to busy, locked, or a disk that is full).
func Damaged(err error) bool {
	if errors.Is(err, ErrDamaged) {
		return true
	}
	var se sqlite3.Error
	if errors.As(err, &se) {
		switch se.Code {
		case sqlite3.ErrCorrupt, sqlite3.ErrNotADB:
			return true
		}
	}
	return false
}

// mark wraps err in ErrDamaged when it says the file is damaged.
func mark(err error) error {
	if err != nil && Damaged(err) && !errors.Is(err, ErrDamaged) {
		return fmt.Errorf("%w: %w", ErrDamaged, err)
	}
	return err
}

// Check runs SQLite's quick_check (every page and b-tree, without
// matching indexes to tables: about 1 s for 1 GB) and returns an error
// wrapping ErrDamaged with SQLite's first findings when it fails.
func (s *Store) Check(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, "PRAGMA quick_check(5)")
	if err != nil {
		return mark(err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var msg string
		if err := rows.Scan(&msg); err != nil {
			return mark(err)
		}
		if msg != "ok" {
			found = append(found, msg)
		}
	}
	if err := rows.Err(); err != nil {
		return mark(err)
	}
	if len(found) > 0 {
		return fmt.Errorf("%w: %s", ErrDamaged, strings.Join(found, "; "))
	}
	return nil
}
