package knowledge

import (
	"context"
	"errors"
	"strings"
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
