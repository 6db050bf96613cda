package knowledge

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// TaskUpdate holds the fields to change; nil leaves a field as it is.
// DependsOn replaces the whole list (an empty slice clears it).
type TaskUpdate struct {
	Project, Title, Description, Status, Assignee *string
	Priority                                      *int
	DependsOn                                     *[]string
}

// TaskFilter selects tasks; empty fields match everything.
type TaskFilter struct {
	// Project is a project id or name.
	Project, Status, Assignee string
	// Ready keeps only tasks to do whose dependencies are all done, of no
	// project or an active one.
	Ready bool
}

const taskCols = `t.id, coalesce(p.name, ''), t.title, t.description, t.status, t.priority, t.assignee,
	t.created, t.updated, t.done, max(t.updated_seq, coalesce(p.updated_seq, 0)),
	coalesce((SELECT group_concat(dep) FROM deps WHERE task = t.id), '')`

const taskFrom = " FROM tasks t LEFT JOIN projects p ON p.id = t.project"

func scanTask(sc interface{ Scan(...any) error }) (Task, error) {
	var t Task
	var n int64
	var created, updated, done, deps string
	if err := sc.Scan(&n, &t.Project, &t.Title, &t.Description, &t.Status, &t.Priority, &t.Assignee,
		&created, &updated, &done, &t.UpdatedSeq, &deps); err != nil {
		return t, err
	}
	t.ID = id('T', n)
	t.Created, _ = ParseTime(created)
	t.Updated, _ = ParseTime(updated)
	t.Done, _ = ParseTime(done)
	var nums []int64
	for _, d := range strings.Split(deps, ",") {
		if v, err := strconv.ParseInt(d, 10, 64); err == nil {
			nums = append(nums, v)
		}
	}
	slices.Sort(nums)
	t.DependsOn = []string{}
	for _, v := range nums {
		t.DependsOn = append(t.DependsOn, id('T', v))
	}
	return t, nil
}

func validateTask(t *Task) error {
	t.Title = strings.TrimSpace(t.Title)
	if err := checkLine("task title", t.Title); err != nil {
		return err
	}
	t.Description = NormalizeText(t.Description)
	if err := checkText("description", t.Description); err != nil {
		return err
	}
	if t.Status == "" {
		t.Status = StatusTodo
	}
	if err := checkOneOf("task status", t.Status, TaskStatuses()); err != nil {
		return err
	}
	if t.Priority < 0 || t.Priority >= len(PriorityNames()) {
		return fmt.Errorf("%w priority %d: use 0-3", ErrInvalid, t.Priority)
	}
	return checkName("assignee", t.Assignee, true)
}

// AddTask creates a task. Its project and dependencies must exist. A task
// created as done needs its dependencies done.
func (s *Store) AddTask(ctx context.Context, t Task) (Task, error) {
	if err := checkNew("task title", t.Title, nil); err != nil {
		return Task{}, fmt.Errorf("add task: %w", err)
	}
	if err := validateTask(&t); err != nil {
		return Task{}, fmt.Errorf("add task: %w", err)
	}
	var n int64
	err := s.write(ctx, func(tx *txn, seq int64, now string) error {
		proj, err := optionalProject(ctx, tx, t.Project)
		if err != nil {
			return err
		}
		deps, err := resolveTasks(ctx, tx, t.DependsOn)
		if err != nil {
			return err
		}
		done := ""
		if t.Status == StatusDone {
			if err := checkDepsDone(ctx, tx, "new task", deps); err != nil {
				return err
			}
			done = now
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO tasks(project, title, description, status, priority, assignee,
			created, updated, done, updated_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			proj, t.Title, t.Description, t.Status, t.Priority, t.Assignee, now, now, done, seq).Scan(&n); err != nil {
			return err
		}
		return setDeps(ctx, tx, n, deps)
	})
	if err != nil {
		return Task{}, fmt.Errorf("add task: %w", err)
	}
	return s.Task(ctx, id('T', n))
}

// resolveTasks checks that every id names a task and returns their numbers,
// sorted and without duplicates.
func resolveTasks(ctx context.Context, q queryer, ids []string) ([]int64, error) {
	var out []int64
	for _, s := range ids {
		n, err := parseID('T', "task", s)
		if err != nil {
			return nil, err
		}
		if err := taskExists(ctx, q, n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

func taskExists(ctx context.Context, q queryer, n int64) error {
	var one int
	err := q.QueryRowContext(ctx, "SELECT 1 FROM tasks WHERE id = ?", n).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("unknown task %s (list them with `archon task list`): %w", id('T', n), ErrNotFound)
	}
	return err
}

func setDeps(ctx context.Context, tx *txn, task int64, deps []int64) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM deps WHERE task = ?", task); err != nil {
		return err
	}
	for _, d := range deps {
		if _, err := tx.ExecContext(ctx, "INSERT INTO deps(task, dep) VALUES (?, ?)", task, d); err != nil {
			return err
		}
	}
	return nil
}

// checkDepsDone fails when one of deps is not done.
func checkDepsDone(ctx context.Context, q queryer, what string, deps []int64) error {
	var open []string
	for _, d := range deps {
		var st string
		if err := q.QueryRowContext(ctx, "SELECT status FROM tasks WHERE id = ?", d).Scan(&st); err != nil {
			return err
		}
		if st != StatusDone {
			open = append(open, id('T', d)+" ("+st+")")
		}
	}
	if len(open) > 0 {
		return fmt.Errorf("%w: %s depends on %s, not done yet; finish it first (or force it)", ErrConflict, what, strings.Join(open, ", "))
	}
	return nil
}

// Task returns the task with id ref (T12).
func (s *Store) Task(ctx context.Context, ref string) (Task, error) {
	n, err := parseID('T', "task", ref)
	if err != nil {
		return Task{}, err
	}
	return getTask(ctx, s.db, n)
}

func getTask(ctx context.Context, q queryer, n int64) (Task, error) {
	t, err := scanTask(q.QueryRowContext(ctx, "SELECT "+taskCols+taskFrom+" WHERE t.id = ?", n))
	if errors.Is(err, sql.ErrNoRows) {
		return Task{}, fmt.Errorf("unknown task %s (list them with `archon task list`): %w", id('T', n), ErrNotFound)
	}
	if err != nil {
		return Task{}, fmt.Errorf("task %s: %w", id('T', n), err)
	}
	return t, nil
}

// Tasks lists the tasks f selects: open tasks first, then by priority
// (urgent first), then in creation order.
func (s *Store) Tasks(ctx context.Context, f TaskFilter) ([]Task, error) {
	var where []string
	var args []any
	if f.Project != "" {
		n, err := resolveProject(ctx, s.db, f.Project)
		if err != nil {
			return nil, err
		}
		where, args = append(where, "t.project = ?"), append(args, n)
	}
	if f.Status != "" {
		if err := checkOneOf("task status", f.Status, TaskStatuses()); err != nil {
			return nil, err
		}
		where, args = append(where, "t.status = ?"), append(args, f.Status)
	}
	if f.Assignee != "" {
		where, args = append(where, "t.assignee = ?"), append(args, f.Assignee)
	}
	if f.Ready {
		// Work to take up now: not in a project set aside (paused, done,
		// archived).
		where = append(where, "t.status = 'todo'", `NOT EXISTS (SELECT 1 FROM deps d JOIN tasks x ON x.id = d.dep
			WHERE d.task = t.id AND x.status != 'done')`, "(p.id IS NULL OR p.status = 'active')")
	}
	q := "SELECT " + taskCols + taskFrom
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	rows, err := s.db.QueryContext(ctx, q+" ORDER BY t.status = 'done', t.priority DESC, t.id", args...)
	if err != nil {
		return nil, fmt.Errorf("list tasks: %w", err)
	}
	defer rows.Close()
	out := []Task{}
	for rows.Next() {
		t, err := scanTask(rows)
		if err != nil {
			return nil, fmt.Errorf("list tasks: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
