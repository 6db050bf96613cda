package knowledge

import (
	"context"
	"fmt"
	"strings"
)

// Delete removes the record ref names (a project P1, a task T3 or an item
// K7, any case) and returns it as it was indexed. What links to it keeps
// it: a task other tasks depend on, and a project that tasks, items or
// observations name, are refused (ErrConflict, naming them) until those
// links are changed. An item goes with its observations. Nothing else is
// touched; an export taken before still holds the record.
func (s *Store) Delete(ctx context.Context, ref string) (Document, error) {
	return s.remove(ctx, ref, false)
}

// CheckDelete is Delete without deleting: the record, or why Delete
// would refuse it.
func (s *Store) CheckDelete(ctx context.Context, ref string) (Document, error) {
	return s.remove(ctx, ref, true)
}

func (s *Store) remove(ctx context.Context, ref string, check bool) (Document, error) {
	ref = strings.ToUpper(strings.TrimSpace(ref))
	doc, err := s.Document(ctx, ref)
	if err != nil {
		return Document{}, err
	}
	n, err := parseID(ref[0], "record", ref)
	if err != nil {
		return Document{}, err
	}
	var links, stmts []string
	refuse := func(q queryer) error {
		var err error
		switch ref[0] {
		case 'T':
			links, err = linked(ctx, q, "SELECT 'T' || task FROM deps WHERE dep = ? ORDER BY task", n)
			stmts = []string{"DELETE FROM deps WHERE task = ?", "DELETE FROM tasks WHERE id = ?"}
		case 'K':
			stmts = []string{"DELETE FROM observations WHERE item = ?", "DELETE FROM items WHERE id = ?"}
		case 'P':
			links, err = linked(ctx, q, `SELECT 'T' || id FROM tasks WHERE project = ? UNION ALL
				SELECT 'K' || id FROM items WHERE project = ? UNION ALL
				SELECT 'K' || item FROM observations WHERE project = ?`, n, n, n)
			stmts = []string{"DELETE FROM projects WHERE id = ?"}
		}
		if err == nil && len(links) > 0 {
			err = fmt.Errorf("%w: %s is named by %s; change or delete those first", ErrConflict, ref, strings.Join(links, ", "))
		}
		return err
	}
	if check {
		if err := refuse(s.db); err != nil {
			return Document{}, fmt.Errorf("delete %s: %w", ref, err)
		}
		return doc, nil
	}
	err = s.write(ctx, func(tx *txn, _ int64, _ string) error {
		if err := refuse(tx); err != nil {
			return err
		}
		for _, q := range stmts {
			if _, err := tx.ExecContext(ctx, q, n); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Document{}, fmt.Errorf("delete %s: %w", ref, err)
	}
	return doc, nil
}

// Document returns the record ref names (P1, T3, K7, any case) as it is
// indexed.
func (s *Store) Document(ctx context.Context, ref string) (Document, error) {
	ref = strings.ToUpper(strings.TrimSpace(ref))
	docs, err := s.Documents(ctx)
	if err != nil {
		return Document{}, err
	}
	for _, d := range docs {
		if d.ID == ref {
			return d, nil
		}
	}
	return Document{}, fmt.Errorf("unknown record %s (list them with `archon project|task|knowledge list`): %w", ref, ErrNotFound)
}

// linked returns the ids a query lists, each once.
func linked(ctx context.Context, q queryer, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1] != id {
			out = append(out, id)
		}
	}
	return out, rows.Err()
}
