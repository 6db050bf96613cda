package knowledge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Document is one L3 record as the retrieval engine indexes it.
type Document struct {
	// ID is the record's id: P1, T12 or K7 (`archon get ID` shows it).
	ID string `json:"id"`
	// Kind is "project", "task", or the item's kind (pattern, decision ...).
	Kind string `json:"kind"`
	// Title is one line.
	Title string `json:"title"`
	// Text is what to index: the title, then the description or body, then
	// for tasks a status line (with the project's name), for items in a
	// project a line naming it.
	Text string `json:"text"`
	// Tags are the item's tags (none for projects and tasks).
	Tags []string `json:"tags"`
	// Project is the project's name ("" when none; a project's own name).
	Project string `json:"project"`
	// Agent is the item's source agent or the task's assignee.
	Agent string `json:"agent"`
	// Date is the creation day, YYYY-MM-DD in the store's time zone.
	Date string `json:"date"`
	// UpdatedSeq grows whenever the record (or its project's name) changes.
	UpdatedSeq int64 `json:"updated_seq"`
}

// Documents returns every project, task and item as a Document (projects,
// then tasks, then items, each in id order). It runs three queries; compare
// Seq with the last one seen to skip it when nothing changed.
func (s *Store) Documents(ctx context.Context) ([]Document, error) {
	projects, err := s.Projects(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("documents: %w", err)
	}
	tasks, err := s.tasksByID(ctx)
	if err != nil {
		return nil, fmt.Errorf("documents: %w", err)
	}
	items, err := s.Items(ctx, ItemFilter{})
	if err != nil {
		return nil, fmt.Errorf("documents: %w", err)
	}
	out := make([]Document, 0, len(projects)+len(tasks)+len(items))
	for _, p := range projects {
		out = append(out, Document{ID: p.ID, Kind: "project", Title: p.Name, Text: joinText(p.Name, p.Description),
			Tags: []string{}, Project: p.Name, Date: s.date(p.Created), UpdatedSeq: p.UpdatedSeq})
	}
	for _, t := range tasks {
		status := "status: " + t.Status + ", priority: " + PriorityName(t.Priority)
		if t.Project != "" { // "what's left on billing" names the project, not the task
			status += ", project: " + t.Project
		}
		if len(t.DependsOn) > 0 {
			status += ", depends on " + strings.Join(t.DependsOn, ", ")
		}
		// An open task is tagged as open work (with its status), a done
		// one as done: search weighs the tags a question asks for.
		tags := []string{"task", t.Status}
		if t.Status == StatusDone {
			tags = []string{StatusDone}
		}
		out = append(out, Document{ID: t.ID, Kind: "task", Title: t.Title, Text: joinText(t.Title, t.Description, status),
			Tags: tags, Project: t.Project, Agent: t.Assignee, Date: s.date(t.Created), UpdatedSeq: t.UpdatedSeq})
	}
	for _, it := range items {
		// The item's kind (decision, pattern, ...) is one of its tags.
		tags := it.Tags
		if it.Kind != "" && !slices.Contains(tags, it.Kind) {
			tags = append(slices.Clip(tags), it.Kind)
		}
		var project string
		if it.Project != "" {
			project = "project: " + it.Project
		}
		out = append(out, Document{ID: it.ID, Kind: it.Kind, Title: it.Title, Text: joinText(it.Title, it.Body, project),
			Tags: tags, Project: it.Project, Agent: it.Agent, Date: s.date(it.Created), UpdatedSeq: it.UpdatedSeq})
	}
	return out, nil
}

// tasksByID lists every task in id order.
func (s *Store) tasksByID(ctx context.Context) ([]Task, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT "+taskCols+taskFrom+" ORDER BY t.id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Task
	for rows.Next() {
		t, err := scanTask(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

func (s *Store) date(t time.Time) string { return t.In(s.opt.Location).Format(time.DateOnly) }

func joinText(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(p)
	}
	return b.String()
}
