package knowledge

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ProjectUpdate holds the fields to change; nil leaves a field as it is.
type ProjectUpdate struct {
	Name, Description, Status *string
}

const projectCols = "id, name, description, status, created, updated, updated_seq"

func scanProject(sc interface{ Scan(...any) error }) (Project, error) {
	var p Project
	var n int64
	var created, updated string
	if err := sc.Scan(&n, &p.Name, &p.Description, &p.Status, &created, &updated, &p.UpdatedSeq); err != nil {
		return p, err
	}
	p.ID = id('P', n)
	p.Created, _ = ParseTime(created)
	p.Updated, _ = ParseTime(updated)
	return p, nil
}

func validateProject(p *Project) error {
	if err := checkName("project name", p.Name, false); err != nil {
		return err
	}
	if _, err := parseID('P', "", p.Name); err == nil {
		return fmt.Errorf("%w project name %q: it looks like a project id; pick a word", ErrInvalid, p.Name)
	}
	if p.Name == "-" {
		return fmt.Errorf("%w project name %q: an export writes it for no project; pick a word", ErrInvalid, p.Name)
	}
	if p.Status == "" {
		p.Status = "active"
	}
	if err := checkOneOf("project status", p.Status, ProjectStatuses()); err != nil {
		return err
	}
	p.Description = NormalizeText(p.Description)
	return checkText("description", p.Description)
}

// AddProject creates a project. Its name must be new.
func (s *Store) AddProject(ctx context.Context, p Project) (Project, error) {
	if err := validateProject(&p); err != nil {
		return Project{}, err
	}
	var n int64
	err := s.write(ctx, func(tx *txn, seq int64, now string) error {
		if m, err := projectByName(ctx, tx, p.Name); err == nil || !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: project %q exists already%s", ErrConflict, p.Name, named(m))
		}
		return tx.QueryRowContext(ctx, `INSERT INTO projects(name, description, status, created, updated, updated_seq)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, p.Name, p.Description, p.Status, now, now, seq).Scan(&n)
	})
	if err != nil {
		return Project{}, fmt.Errorf("add project: %w", err)
	}
	return s.Project(ctx, id('P', n))
}

// resolveProject finds a project by id (P1) or name and returns its number.
// A name matches in any case, as a log's #project/NAME tag does (tags are
// lower case); of names alike but for case (possible before names were
// unique so), the one written exactly wins, else the reference is
// ambiguous.
func resolveProject(ctx context.Context, q queryer, ref string) (int64, error) {
	var n int64
	var err error
	if num, perr := parseID('P', "project", ref); perr == nil {
		err = q.QueryRowContext(ctx, "SELECT id FROM projects WHERE id = ?", num).Scan(&n)
	} else {
		n, err = projectByName(ctx, q, ref)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("unknown project %q (list them with `archon project list`, create one with `archon project add NAME`): %w", ref, ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("project %q: %w", ref, err)
	}
	return n, nil
}

// projectByName is the number of the project named name in any case.
func projectByName(ctx context.Context, q queryer, name string) (int64, error) {
	// Compared in Go: SQLite's lower() folds ASCII only (Équipe, Straße).
	rows, err := q.QueryContext(ctx, "SELECT id, name FROM projects ORDER BY id")
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var ids []string
	var n int64
	for rows.Next() {
		var m int64
		var got string
		if err := rows.Scan(&m, &got); err != nil {
			return 0, err
		}
		if got == name {
			return m, nil
		}
		if !strings.EqualFold(got, name) {
			continue
		}
		n = m
		ids = append(ids, id('P', m)+" "+got)
	}
	switch {
	case rows.Err() != nil:
		return 0, rows.Err()
	case len(ids) == 0:
		return 0, sql.ErrNoRows
	case len(ids) > 1:
		return 0, fmt.Errorf("%w: project %q is ambiguous (%s): name it by its id", ErrInvalid, name, strings.Join(ids, ", "))
	}
	return n, nil
}

// optionalProject resolves ref, where "" means no project (NULL).
func optionalProject(ctx context.Context, q queryer, ref string) (sql.NullInt64, error) {
	if ref == "" {
		return sql.NullInt64{}, nil
	}
	n, err := resolveProject(ctx, q, ref)
	return sql.NullInt64{Int64: n, Valid: err == nil}, err
}

// Project returns the project with id (P1) or name ref.
func (s *Store) Project(ctx context.Context, ref string) (Project, error) {
	n, err := resolveProject(ctx, s.db, ref)
	if err != nil {
		return Project{}, err
	}
	p, err := scanProject(s.db.QueryRowContext(ctx, "SELECT "+projectCols+" FROM projects WHERE id = ?", n))
	if err != nil {
		return Project{}, fmt.Errorf("project %s: %w", ref, err)
	}
	return p, nil
}

// Projects lists projects in creation order, only those with status when it
// is not "".
func (s *Store) Projects(ctx context.Context, status string) ([]Project, error) {
	q := "SELECT " + projectCols + " FROM projects"
	var args []any
	if status != "" {
		if err := checkOneOf("project status", status, ProjectStatuses()); err != nil {
			return nil, err
		}
		q += " WHERE status = ?"
		args = append(args, status)
	}
	rows, err := s.db.QueryContext(ctx, q+" ORDER BY id", args...)
	if err != nil {
		return nil, fmt.Errorf("list projects: %w", err)
	}
	defer rows.Close()
	var out []Project
	for rows.Next() {
		p, err := scanProject(rows)
		if err != nil {
			return nil, fmt.Errorf("list projects: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// UpdateProject changes the fields u sets. Renaming a project renames it
// everywhere (tasks and items refer to it by id).
func (s *Store) UpdateProject(ctx context.Context, ref string, u ProjectUpdate) (Project, error) {
	if u == (ProjectUpdate{}) { // nothing to change: neither updated nor replicated
		return s.Project(ctx, ref)
	}
	var n int64
	err := s.write(ctx, func(tx *txn, seq int64, now string) error {
		var err error
		if n, err = resolveProject(ctx, tx, ref); err != nil {
			return err
		}
		p, err := scanProject(tx.QueryRowContext(ctx, "SELECT "+projectCols+" FROM projects WHERE id = ?", n))
		if err != nil {
			return err
		}
		old := p.Name
		setIf(&p.Name, u.Name)
		setIf(&p.Description, u.Description)
		setIf(&p.Status, u.Status)
		if err := validateProject(&p); err != nil {
			return err
		}
		if !strings.EqualFold(p.Name, old) {
			if m, err := projectByName(ctx, tx, p.Name); err == nil || !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: project %q exists already%s", ErrConflict, p.Name, named(m))
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE projects SET name = ?, description = ?, status = ?, updated = ?, updated_seq = ?
			WHERE id = ?`, p.Name, p.Description, p.Status, now, seq, n)
		return err
	})
	if err != nil {
		return Project{}, fmt.Errorf("update project %s: %w", ref, err)
	}
	return s.Project(ctx, id('P', n))
}

// named says which project a conflicting name is, when known.
func named(n int64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" as %s (project names are the same in any case)", id('P', n))
}

func setIf(dst *string, v *string) {
	if v != nil {
		*dst = strings.Clone(*v)
	}
}
