package knowledge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// Check runs SQLite's quick_check on the database and says what it found
// (nil: nothing wrong); on PostgreSQL it checks that the store answers.
func (s *Store) Check(ctx context.Context) error {
	if s.db.d.pg { // PostgreSQL checks its own pages
		return s.db.QueryRowContext(ctx, "SELECT 1").Scan(new(int))
	}
	rows, err := s.db.QueryContext(ctx, "PRAGMA quick_check(5)")
	if err != nil {
		return err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var msg string
		if err := rows.Scan(&msg); err != nil {
			return err
		}
		if msg != "ok" {
			found = append(found, msg)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(found) > 0 {
		return errors.New(strings.Join(found, "; "))
	}
	return nil
}

// Salvage replaces a damaged knowledge database at path by what SQLite
// can still read of it (VACUUM INTO a new file), or, when it can read
// nothing, by an empty one. The damaged file is kept beside it as
// path.damaged-TIME either way; aside names it, and lost says whether the
// new database had to start empty. The store must not be open.
func Salvage(ctx context.Context, path string, opt Options) (aside string, lost bool, err error) {
	aside = path + ".damaged-" + time.Now().UTC().Format("20060102T150405")
	fresh := path + ".salvage"
	os.Remove(fresh)
	if err := os.Rename(path, aside); err != nil {
		return "", false, fmt.Errorf("salvage %s: %w", path, err)
	}
	for _, ext := range []string{"-wal", "-shm"} {
		os.Rename(path+ext, aside+ext)
	}
	lost = true
	if old, err := Open(ctx, aside, opt); err == nil {
		_, verr := old.db.ExecContext(ctx, "VACUUM INTO ?", fresh)
		old.Close()
		if verr == nil {
			if s, err := Open(ctx, fresh, opt); err == nil {
				cerr := s.Check(ctx)
				s.Close()
				if cerr == nil {
					lost = os.Rename(fresh, path) != nil
				}
			}
		}
	}
	os.Remove(fresh)
	s, err := Open(ctx, path, opt) // the salvaged copy, or a new empty one
	if err != nil {
		return aside, lost, fmt.Errorf("salvage %s: %w", path, err)
	}
	return aside, lost, s.Close()
}
