package knowledge

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// UpdateTask changes the fields u sets. New dependencies must exist and must
// not close a cycle (the error names it: T1 -> T3 -> T2 -> T1). Setting the
// status to done needs every dependency done and records the done time;
// leaving done clears it.
func (s *Store) UpdateTask(ctx context.Context, ref string, u TaskUpdate) (Task, error) {
	if u == (TaskUpdate{}) { // nothing to change: neither updated nor replicated
		return s.Task(ctx, ref)
	}
	n, err := parseID('T', "task", ref)
	if err != nil {
		return Task{}, err
	}
	var title string // what the update sets
	setIf(&title, u.Title)
	if err := checkNew("task title", title, nil); err != nil {
		return Task{}, err
	}
	err = s.write(ctx, func(tx *txn, seq int64, now string) error {
		t, err := getTask(ctx, tx, n)
		if err != nil {
			return err
		}
		wasDone, orig := t.Status == StatusDone, t
		setIf(&t.Project, u.Project)
		setIf(&t.Title, u.Title)
		setIf(&t.Description, u.Description)
		setIf(&t.Status, u.Status)
		setIf(&t.Assignee, u.Assignee)
		if u.Priority != nil {
			t.Priority = *u.Priority
		}
		if err := validateTask(&t); err != nil {
			return err
		}
		proj, err := optionalProject(ctx, tx, t.Project)
		if err != nil {
			return err
		}
		deps, err := resolveTasks(ctx, tx, t.DependsOn)
		if err != nil {
			return err
		}
		if u.DependsOn != nil {
			was := slices.Sorted(slices.Values(deps))
			if deps, err = resolveTasks(ctx, tx, *u.DependsOn); err != nil {
				return err
			}
			if slices.Equal(was, slices.Sorted(slices.Values(deps))) {
				u.DependsOn = nil // the same dependencies: no change
			}
		}
		if u.DependsOn == nil && sameTask(orig, t) {
			return errUnchanged // neither updated nor replicated
		}
		if u.DependsOn != nil {
			if err := checkCycle(ctx, tx, n, deps); err != nil {
				return err
			}
			if err := setDeps(ctx, tx, n, deps); err != nil {
				return err
			}
		}
		done := formatTime(t.Done)
		switch {
		case t.Status == StatusDone && !wasDone:
			if err := checkDepsDone(ctx, tx, t.ID, deps); err != nil {
				return err
			}
			done = now
		case t.Status != StatusDone:
			done = ""
		}
		_, err = tx.ExecContext(ctx, `UPDATE tasks SET project = ?, title = ?, description = ?, status = ?, priority = ?,
			assignee = ?, updated = ?, done = ?, updated_seq = ? WHERE id = ?`,
			proj, t.Title, t.Description, t.Status, t.Priority, t.Assignee, now, done, seq, n)
		return err
	})
	if err != nil && !errors.Is(err, errUnchanged) {
		return Task{}, fmt.Errorf("update task %s: %w", id('T', n), err)
	}
	return s.Task(ctx, id('T', n))
}

// errUnchanged rolls back an update that would change nothing.
var errUnchanged = errors.New("unchanged")

// sameTask reports whether a and b hold the same fields an update sets
// (dependencies apart).
func sameTask(a, b Task) bool {
	return a.Project == b.Project && a.Title == b.Title && a.Description == b.Description &&
		a.Status == b.Status && a.Priority == b.Priority && a.Assignee == b.Assignee
}

// DoneTask marks a task done. A task already done is an error (ErrConflict,
// naming when it was done), so that two agents finishing the same task
// notice. Unless force is set, every dependency must be done first.
func (s *Store) DoneTask(ctx context.Context, ref string, force bool) (Task, error) {
	n, err := parseID('T', "task", ref)
	if err != nil {
		return Task{}, err
	}
	err = s.write(ctx, func(tx *txn, seq int64, now string) error {
		t, err := getTask(ctx, tx, n)
		if err != nil {
			return err
		}
		if t.Status == StatusDone {
			return fmt.Errorf("%w: task %s is already done (since %s); nothing changed", ErrConflict, t.ID, formatTime(t.Done))
		}
		if !force {
			deps, err := resolveTasks(ctx, tx, t.DependsOn)
			if err != nil {
				return err
			}
			if err := checkDepsDone(ctx, tx, t.ID, deps); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, "UPDATE tasks SET status = 'done', done = ?, updated = ?, updated_seq = ? WHERE id = ?",
			now, now, seq, n)
		return err
	})
	if err != nil {
		return Task{}, fmt.Errorf("done %s: %w", id('T', n), err)
	}
	return s.Task(ctx, id('T', n))
}

// loadGraph returns every task's dependencies.
func loadGraph(ctx context.Context, q queryer) (map[int64][]int64, error) {
	rows, err := q.QueryContext(ctx, "SELECT task, dep FROM deps ORDER BY task, dep")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	g := map[int64][]int64{}
	for rows.Next() {
		var t, d int64
		if err := rows.Scan(&t, &d); err != nil {
			return nil, err
		}
		g[t] = append(g[t], d)
	}
	return g, rows.Err()
}

// checkCycle fails when task depending on deps would close a cycle.
func checkCycle(ctx context.Context, q queryer, task int64, deps []int64) error {
	g, err := loadGraph(ctx, q)
	if err != nil {
		return err
	}
	g[task] = deps
	if path := findCycleFrom(g, task); path != nil {
		return cycleError(path)
	}
	return nil
}

func cycleError(path []int64) error {
	names := make([]string, len(path))
	for i, n := range path {
		names[i] = id('T', n)
	}
	return fmt.Errorf("%w: dependency cycle %s; nothing changed", ErrConflict, strings.Join(names, " -> "))
}

// findCycleFrom returns a path start -> ... -> start in g, or nil.
func findCycleFrom(g map[int64][]int64, start int64) []int64 {
	seen := map[int64]bool{}
	var path []int64
	var visit func(n int64) bool
	visit = func(n int64) bool {
		path = append(path, n)
		for _, d := range g[n] {
			if d == start {
				path = append(path, start)
				return true
			}
			if !seen[d] {
				seen[d] = true
				if visit(d) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if visit(start) {
		return path
	}
	return nil
}

// findAnyCycle returns a cycle anywhere in g (a -> ... -> a), or nil. It
// is one depth-first pass with three colours.
func findAnyCycle(g map[int64][]int64) []int64 {
	keys := make([]int64, 0, len(g))
	for k := range g {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	const (
		white = iota
		grey
		black
	)
	colour := map[int64]int{}
	var stack []int64
	var cycle []int64
	var visit func(n int64) bool
	visit = func(n int64) bool {
		colour[n] = grey
		stack = append(stack, n)
		for _, d := range g[n] {
			switch colour[d] {
			case grey:
				i := slices.Index(stack, d)
				cycle = append(append([]int64{}, stack[i:]...), d)
				return true
			case white:
				if visit(d) {
					return true
				}
			}
		}
		stack = stack[:len(stack)-1]
		colour[n] = black
		return false
	}
	for _, k := range keys {
		if colour[k] == white && visit(k) {
			return cycle
		}
	}
	return nil
}
