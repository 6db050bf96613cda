package app

import (
	"context"
	"testing"
)

// TestTasksAnswerForTheirProject: a question that names a project ("what's
// left to do for billing") finds the project's open task first, though the
// task's own words do not name it; after a rename, the new name does.
func TestTasksAnswerForTheirProject(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	p, err := l.AddProject(ctx, ProjectInput{Name: "Billing"})
	if err != nil {
		t.Fatal(err)
	}
	done, err := l.AddTask(ctx, TaskInput{Title: "Add Stripe webhook handler", Project: "Billing", Status: "done"})
	if err != nil {
		t.Fatal(err)
	}
	open, err := l.AddTask(ctx, TaskInput{Title: "Send invoice emails", Project: "Billing", DependsOn: []string{done.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Log(ctx, LogRequest{Agent: "coder", Text: "Set up the CI pipeline; tests run on every push."}); err != nil {
		t.Fatal(err)
	}
	first := func(query string) string {
		t.Helper()
		if _, err := l.Index(ctx, IndexRequest{}); err != nil {
			t.Fatal(err)
		}
		res, err := l.Search(ctx, SearchRequest{Query: query})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) == 0 {
			t.Fatalf("%q: no hits", query)
		}
		return res.Results[0].Path
	}
	if got, want := first("what's left to do for billing"), "knowledge/"+open.ID; got != want {
		t.Errorf("first hit %s, want the open task %s", got, want)
	}
	name := "Invoicing"
	if _, err := l.UpdateProject(ctx, p.ID, ProjectPatch{Name: &name}); err != nil {
		t.Fatal(err)
	}
	if got, want := first("what's still open on invoicing"), "knowledge/"+open.ID; got != want {
		t.Errorf("after the rename, first hit %s, want the open task %s", got, want)
	}
}
