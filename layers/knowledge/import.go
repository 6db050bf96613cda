package knowledge

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ImportResult counts what an import did, per record type.
type ImportResult struct {
	// Added were new, Unchanged were already there as in the file, Replaced
	// differed and were overwritten (only with overwrite).
	Added     map[string]int `json:"added"`
	Unchanged map[string]int `json:"unchanged"`
	Replaced  map[string]int `json:"replaced"`
}

// Import loads a document written by Export, keeping ids and times. It is
// idempotent: records already stored as in the file are left alone. A
// record whose id exists with different content is a conflict: the import
// fails and changes nothing, unless overwrite is set, in which case the file
// wins. Records not in the file are never deleted. The whole import is one
// transaction, and the resulting dependency graph must have no cycle.
func (s *Store) Import(ctx context.Context, doc string, overwrite bool) (*ImportResult, error) {
	d, err := ParseExport(doc)
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	res := &ImportResult{Added: map[string]int{}, Unchanged: map[string]int{}, Replaced: map[string]int{}}
	im := &importer{ctx: ctx, res: res, overwrite: overwrite}
	err = s.write(ctx, func(tx *txn, seq int64, _ string) error {
		im.tx, im.seq = tx, seq
		for _, p := range d.Projects {
			if err := im.project(p); err != nil {
				return fmt.Errorf("%s: %w", p.ID, err)
			}
		}
		for _, t := range d.Tasks {
			if err := im.task(t); err != nil {
				return fmt.Errorf("%s: %w", t.ID, err)
			}
		}
		for _, t := range d.Tasks {
			if err := im.deps(t); err != nil {
				return fmt.Errorf("%s: %w", t.ID, err)
			}
		}
		g, err := loadGraph(ctx, tx)
		if err != nil {
			return err
		}
		if c := findAnyCycle(g); c != nil {
			return cycleError(c)
		}
		for _, it := range d.Items {
			if err := im.item(it); err != nil {
				return fmt.Errorf("%s: %w", it.ID, err)
			}
		}
		for _, o := range d.Observations {
			if err := im.observation(o); err != nil {
				return fmt.Errorf("%s: %w", o.ID, err)
			}
		}
		return moveSequences(ctx, tx)
	})
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	return res, nil
}

type importer struct {
	ctx       context.Context
	tx        *txn
	seq       int64
	overwrite bool
	res       *ImportResult
}

// decide compares the stored rendering with the file's: it returns whether
// to write, or a conflict error.
func (im *importer) decide(what, ref string, found bool, stored, incoming string) (bool, error) {
	switch {
	case !found:
		im.res.Added[what]++
		return true, nil
	case stored == incoming:
		im.res.Unchanged[what]++
		return false, nil
	case im.overwrite:
		im.res.Replaced[what]++
		return true, nil
	}
	return false, fmt.Errorf("%w: %s %s differs from the stored one; nothing imported (pass --overwrite to let the file win, or export first to keep a copy)", ErrConflict, what, ref)
}

func (im *importer) project(p Project) error {
	if err := validateProject(&p); err != nil {
		return err
	}
	n, _ := parseID('P', "project", p.ID)
	old, err := scanProject(im.tx.QueryRowContext(im.ctx, "SELECT "+projectCols+" FROM projects WHERE id = ?", n))
	found := err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	// The name as written: an export of a store from before names were
	// unique in any case (Billing and billing) is restored as it was.
	var other int64
	if err := im.tx.QueryRowContext(im.ctx, "SELECT id FROM projects WHERE name = ?", p.Name).Scan(&other); err == nil && other != n {
		return fmt.Errorf("%w: the name %q belongs to %s here", ErrConflict, p.Name, id('P', other))
	}
	write, err := im.decide("project", p.ID, found, renderProject(old), renderProject(p))
	if !write || err != nil {
		return err
	}
	_, err = im.tx.ExecContext(im.ctx, `INSERT INTO projects(id, name, description, status, created, updated, updated_seq)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description,
		status = excluded.status, created = excluded.created, updated = excluded.updated, updated_seq = excluded.updated_seq`,
		n, p.Name, p.Description, p.Status, formatTime(p.Created), formatTime(p.Updated), im.seq)
	return err
}

func (im *importer) task(t Task) error {
	if err := validateTask(&t); err != nil {
		return err
	}
	n, _ := parseID('T', "task", t.ID)
	old, err := getTask(im.ctx, im.tx, n)
	found := err == nil
	if err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	proj, err := optionalProject(im.ctx, im.tx, t.Project)
	if err != nil {
		return err
	}
	t.DependsOn = normalizeIDs(t.DependsOn)
	write, err := im.decide("task", t.ID, found, renderTask(old), renderTask(t))
	if !write || err != nil {
		return err
	}
	done := ""
	if !t.Done.IsZero() {
		done = formatTime(t.Done)
	}
	_, err = im.tx.ExecContext(im.ctx, `INSERT INTO tasks(id, project, title, description, status, priority, assignee,
		created, updated, done, updated_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET
		project = excluded.project, title = excluded.title, description = excluded.description, status = excluded.status,
		priority = excluded.priority, assignee = excluded.assignee, created = excluded.created, updated = excluded.updated,
		done = excluded.done, updated_seq = excluded.updated_seq`,
		n, proj, t.Title, t.Description, t.Status, t.Priority, t.Assignee, formatTime(t.Created), formatTime(t.Updated), done, im.seq)
	return err
}

// deps sets a task's dependencies once every task of the file exists.
func (im *importer) deps(t Task) error {
	n, _ := parseID('T', "task", t.ID)
	cur, err := getTask(im.ctx, im.tx, n)
	if err != nil {
		return err
	}
	want := normalizeIDs(t.DependsOn)
	if strings.Join(cur.DependsOn, ",") == strings.Join(want, ",") {
		return nil
	}
	// Only a task the file wrote gets here with different dependencies.
	nums, err := resolveTasks(im.ctx, im.tx, want)
	if err != nil {
		return err
	}
	return setDeps(im.ctx, im.tx, n, nums)
}

func normalizeIDs(ids []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, s := range ids {
		n, err := parseID('T', "task", s)
		if err != nil {
			out = append(out, s) // reported by resolveTasks
			continue
		}
		if r := id('T', n); !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	sortIDs(out)
	return out
}
