package knowledge

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func ids(ts []Task) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return strings.Join(out, ",")
}

func TestDependencyCycles(t *testing.T) { eachBackend(t, testDependencyCycles) }

func testDependencyCycles(t *testing.T) {
	cases := []struct {
		name string
		deps map[string][]string // set in order before the checked update
		task string
		set  []string
		want string // "" = accepted
	}{
		{"self", nil, "T1", []string{"T1"}, "dependency cycle T1 -> T1"},
		{"direct", map[string][]string{"T2": {"T1"}}, "T1", []string{"T2"}, "dependency cycle T1 -> T2 -> T1"},
		{"indirect", map[string][]string{"T2": {"T1"}, "T3": {"T2"}}, "T1", []string{"T3"}, "dependency cycle T1 -> T3 -> T2 -> T1"},
		{"diamond is fine", map[string][]string{"T2": {"T1"}, "T3": {"T1"}}, "T4", []string{"T2", "T3"}, ""},
		{"replacing deps removes old edges", map[string][]string{"T2": {"T1"}}, "T2", []string{"T3"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := newStore(t)
			for _, title := range []string{"a", "b", "c", "d"} {
				must[Task](t)(s.AddTask(ctx, Task{Title: title}))
			}
			for _, k := range []string{"T1", "T2", "T3", "T4"} {
				if d, ok := c.deps[k]; ok {
					must[Task](t)(s.UpdateTask(ctx, k, TaskUpdate{DependsOn: &d}))
				}
			}
			before := must[Task](t)(s.Task(ctx, c.task))
			_, err := s.UpdateTask(ctx, c.task, TaskUpdate{DependsOn: &c.set})
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
			after := must[Task](t)(s.Task(ctx, c.task))
			if strings.Join(after.DependsOn, ",") != strings.Join(before.DependsOn, ",") || after.UpdatedSeq != before.UpdatedSeq {
				t.Fatalf("a rejected update changed the task: %+v -> %+v", before, after)
			}
		})
	}
}

func TestDoneTwiceAndDependencies(t *testing.T) { eachBackend(t, testDoneTwiceAndDependencies) }

func testDoneTwiceAndDependencies(t *testing.T) {
	ctx := context.Background()
	s, c := newStore(t)
	t1 := must[Task](t)(s.AddTask(ctx, Task{Title: "schema", Priority: 1}))
	t2 := must[Task](t)(s.AddTask(ctx, Task{Title: "api", Priority: 3, DependsOn: []string{"t1"}}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "docs", Priority: 0}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "deploy", Priority: 2, DependsOn: []string{t2.ID, t1.ID}}))
	if got := ids(must[[]Task](t)(s.Tasks(ctx, TaskFilter{Ready: true}))); got != "T1,T3" {
		t.Fatalf("ready at start: %s", got)
	}
	if _, err := s.DoneTask(ctx, t2.ID, false); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "T1 (todo)") {
		t.Fatalf("done before its dependency: %v", err)
	}
	done := must[Task](t)(s.DoneTask(ctx, "T1", false))
	if done.Status != StatusDone || done.Done != c.t {
		t.Fatalf("done: %+v", done)
	}
	if got := ids(must[[]Task](t)(s.Tasks(ctx, TaskFilter{Ready: true}))); got != "T2,T3" {
		t.Fatalf("ready after T1: %s (urgent T2 first)", got)
	}
	_, err := s.DoneTask(ctx, "T1", false)
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "already done (since 2026-11-20T14:03:00Z)") {
		t.Fatalf("done twice: %v", err)
	}
	if again := must[Task](t)(s.Task(ctx, "T1")); again.UpdatedSeq != done.UpdatedSeq {
		t.Fatal("done twice changed the task")
	}
	must[Task](t)(s.DoneTask(ctx, "T4", true)) // forced past open T2
	if got := ids(must[[]Task](t)(s.Tasks(ctx, TaskFilter{}))); got != "T2,T3,T4,T1" {
		t.Fatalf("list order (open by priority, then done): %s", got)
	}
	todo := StatusTodo
	re := must[Task](t)(s.UpdateTask(ctx, "T1", TaskUpdate{Status: &todo}))
	if !re.Done.IsZero() {
		t.Fatalf("reopened task keeps its done time: %+v", re)
	}
	if _, err := s.UpdateTask(ctx, "T2", TaskUpdate{Status: ptr(StatusDone)}); !errors.Is(err, ErrConflict) {
		t.Fatalf("update to done with an open dependency: %v", err)
	}
	if got := ids(must[[]Task](t)(s.Tasks(ctx, TaskFilter{Status: "done"}))); got != "T4" {
		t.Fatalf("status filter: %s", got)
	}
}

func ptr[T any](v T) *T { return &v }

func TestTaskFilters(t *testing.T) { eachBackend(t, testTaskFilters) }

func testTaskFilters(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	must[Project](t)(s.AddProject(ctx, Project{Name: "tessera"}))
	must[Project](t)(s.AddProject(ctx, Project{Name: "billing"}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "a", Project: "tessera", Assignee: "planner"}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "b", Project: "P2", Assignee: "executor", Status: StatusBlocked}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "c", Assignee: "planner", Status: StatusDoing}))
	cases := []struct {
		f    TaskFilter
		want string
	}{
		{TaskFilter{Project: "tessera"}, "T1"},
		{TaskFilter{Project: "billing"}, "T2"},
		{TaskFilter{Assignee: "planner"}, "T1,T3"},
		{TaskFilter{Status: StatusBlocked}, "T2"},
		{TaskFilter{Ready: true}, "T1"},
	}
	for _, c := range cases {
		if got := ids(must[[]Task](t)(s.Tasks(ctx, c.f))); got != c.want {
			t.Errorf("%+v: %s, want %s", c.f, got, c.want)
		}
	}
	if _, err := s.Tasks(ctx, TaskFilter{Project: "nope"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown project filter: %v", err)
	}
}

// TestReadySkipsProjectsSetAside: a task of a paused, done or archived
// project is no work to take up now; of an active project or none, it is.
func TestReadySkipsProjectsSetAside(t *testing.T) { eachBackend(t, testReadySkipsProjectsSetAside) }

func testReadySkipsProjectsSetAside(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	must[Project](t)(s.AddProject(ctx, Project{Name: "live"}))
	must[Project](t)(s.AddProject(ctx, Project{Name: "shelved"}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "a", Project: "live"}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "b", Project: "shelved"}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "c"}))
	for _, status := range []string{"paused", "done", "archived"} {
		st := status
		must[Project](t)(s.UpdateProject(ctx, "shelved", ProjectUpdate{Status: &st}))
		if got := ids(must[[]Task](t)(s.Tasks(ctx, TaskFilter{Ready: true}))); got != "T1,T3" {
			t.Fatalf("ready with a %s project: %s", status, got)
		}
	}
	active := "active"
	must[Project](t)(s.UpdateProject(ctx, "shelved", ProjectUpdate{Status: &active}))
	if got := ids(must[[]Task](t)(s.Tasks(ctx, TaskFilter{Ready: true}))); got != "T1,T2,T3" {
		t.Fatalf("ready once active again: %s", got)
	}
	if _, err := s.AddProject(ctx, Project{Name: "-"}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("a project named -: %v", err)
	}
}
