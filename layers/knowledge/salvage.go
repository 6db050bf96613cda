package knowledge

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"
)

// Salvage replaces a damaged knowledge database at path by what SQLite
// can still read of it, or, when it can read nothing, by an empty one.
// It first copies the whole database (VACUUM INTO a new file); when a
// damaged page stops that, it copies table by table and, in a table that
// cannot be read through, row by row, so one bad page costs the rows on
// it and not all of L3. The damaged file is kept beside it as
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
	if vacuumInto(ctx, aside, fresh, opt) == nil || copyRows(ctx, aside, fresh, opt) > 0 {
		if s, err := Open(ctx, fresh, opt); err == nil {
			cerr := s.Check(ctx)
			s.Close()
			if cerr == nil {
				lost = os.Rename(fresh, path) != nil
			}
		}
	}
	for _, ext := range []string{"", "-wal", "-shm"} {
		os.Remove(fresh + ext)
	}
	s, err := Open(ctx, path, opt) // the salvaged copy, or a new empty one
	if err != nil {
		return aside, lost, fmt.Errorf("salvage %s: %w", path, err)
	}
	return aside, lost, s.Close()
}

// vacuumInto copies the damaged database whole into fresh.
func vacuumInto(ctx context.Context, damaged, fresh string, opt Options) error {
	old, err := Open(ctx, damaged, opt)
	if err != nil {
		return err
	}
	defer old.Close()
	_, err = old.db.ExecContext(ctx, "VACUUM INTO ?", fresh)
	return err
}

// copyRows makes a new database at fresh and copies into it every row of
// the damaged one that SQLite can read, and returns how many. References
// to rows that were lost are dropped: a task keeps no project, an item no
// project, a dependency or an observation of a lost task or item goes.
func copyRows(ctx context.Context, damaged, fresh string, opt Options) int {
	os.Remove(fresh)
	s, err := Open(ctx, fresh, opt)
	if err != nil {
		return 0
	}
	defer s.Close()
	conn, err := s.db.Conn(ctx) // ATTACH and PRAGMA hold for one connection
	if err != nil {
		return 0
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		return 0
	}
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS old", "file:"+damaged+"?mode=ro"); err != nil {
		return 0
	}
	// Every table of the schema (foreign keys are off: in any order); the
	// write sequence's one row is no record.
	copied := 0
	for _, t := range names(ctx, conn, "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
		if n := copyTable(ctx, conn, t); t != "seq" {
			copied += n
		}
	}
	for _, q := range []string{
		"UPDATE tasks SET project = NULL WHERE project NOT IN (SELECT id FROM projects)",
		"UPDATE items SET project = NULL WHERE project NOT IN (SELECT id FROM projects)",
		"UPDATE observations SET project = NULL WHERE project NOT IN (SELECT id FROM projects)",
		"DELETE FROM deps WHERE task NOT IN (SELECT id FROM tasks) OR dep NOT IN (SELECT id FROM tasks)",
		"DELETE FROM observations WHERE item NOT IN (SELECT id FROM items)",
		// The write sequence only grows: at least every row's.
		`UPDATE seq SET n = max(n, (SELECT coalesce(max(updated_seq), 0) FROM projects),
			(SELECT coalesce(max(updated_seq), 0) FROM tasks), (SELECT coalesce(max(updated_seq), 0) FROM items),
			(SELECT coalesce(max(seq), 0) FROM observations)) WHERE id = 1`,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return 0
		}
	}
	// Ids given out stay given out (best effort: the damaged file's
	// sqlite_sequence may be unreadable too).
	_, _ = conn.ExecContext(ctx, `UPDATE main.sqlite_sequence SET seq = max(seq,
		coalesce((SELECT o.seq FROM old.sqlite_sequence o WHERE o.name = main.sqlite_sequence.name), 0))`)
	_, _ = conn.ExecContext(ctx, `INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq
		FROM old.sqlite_sequence WHERE name NOT IN (SELECT name FROM main.sqlite_sequence)`)
	if _, err := conn.ExecContext(ctx, "DETACH DATABASE old"); err != nil {
		return 0
	}
	return copied
}

// copyTable copies what can be read of the damaged database's table t
// (the columns both have), whole or else row by row, and returns the
// rows copied.
func copyTable(ctx context.Context, conn *sql.Conn, t string) int {
	const columns = "SELECT name FROM pragma_table_info(?, ?)"
	cols, old := names(ctx, conn, columns, t, "main"), names(ctx, conn, columns, t, "old")
	cols = slices.DeleteFunc(cols, func(c string) bool { return !slices.Contains(old, c) })
	if len(cols) == 0 {
		return 0
	}
	list := strings.Join(cols, ", ")
	insert := "INSERT OR REPLACE INTO main." + t + " (" + list + ") SELECT " + list + " FROM old." + t
	if res, err := conn.ExecContext(ctx, insert); err == nil {
		n, _ := res.RowsAffected()
		return int(n)
	}
	// A page of the table is unreadable: one row at a time, up to the
	// largest id given out (sqlite_sequence, of AUTOINCREMENT tables) or
	// the table's last page holds (none for WITHOUT ROWID).
	var given, last sql.NullInt64
	_ = conn.QueryRowContext(ctx, "SELECT seq FROM old.sqlite_sequence WHERE name = ?", t).Scan(&given)
	_ = conn.QueryRowContext(ctx, "SELECT max(rowid) FROM old."+t).Scan(&last)
	last.Int64 = max(last.Int64, given.Int64)
	n := 0
	for id := int64(1); id <= last.Int64 && ctx.Err() == nil; id++ {
		if res, err := conn.ExecContext(ctx, insert+" WHERE rowid = ?", id); err == nil {
			k, _ := res.RowsAffected()
			n += int(k)
		}
	}
	return n
}

// names returns the first column of what query q gives, or nil.
func names(ctx context.Context, conn *sql.Conn, q string, args ...any) []string {
	rows, err := conn.QueryContext(ctx, q, args...)
	if err != nil {
		return nil
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if rows.Scan(&c) != nil {
			return nil
		}
		out = append(out, c)
	}
	if rows.Err() != nil {
		return nil
	}
	return out
}
