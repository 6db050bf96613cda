package service

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/layers/promote"
)

// Priority is a task priority given as 0-3 or low, normal, high, urgent.
type Priority int

// UnmarshalJSON accepts a number or a name.
func (p *Priority) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		var n int
		if err := json.Unmarshal(b, &n); err != nil {
			return Invalidf("priority: want 0-3 or low, normal, high, urgent")
		}
		s = strconv.Itoa(n)
	}
	n, err := knowledge.ParsePriority(s)
	if err != nil {
		return err
	}
	*p = Priority(n)
	return nil
}

// ProjectInput creates a project.
type ProjectInput struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Status      string `json:"status,omitempty"`
}

// ProjectPatch changes the fields given.
type ProjectPatch struct {
	Name        *string `json:"name,omitempty"`
	Description *string `json:"description,omitempty"`
	Status      *string `json:"status,omitempty"`
}

// TaskInput creates a task.
type TaskInput struct {
	Title       string   `json:"title"`
	Description string   `json:"description,omitempty"`
	Project     string   `json:"project,omitempty"`
	Status      string   `json:"status,omitempty"`
	Priority    Priority `json:"priority,omitempty"`
	Assignee    string   `json:"assignee,omitempty"`
	DependsOn   []string `json:"depends_on,omitempty"`
}

// TaskPatch changes the fields given.
type TaskPatch struct {
	Title       *string   `json:"title,omitempty"`
	Description *string   `json:"description,omitempty"`
	Project     *string   `json:"project,omitempty"`
	Status      *string   `json:"status,omitempty"`
	Priority    *Priority `json:"priority,omitempty"`
	Assignee    *string   `json:"assignee,omitempty"`
	DependsOn   *[]string `json:"depends_on,omitempty"`
}

// ItemInput creates a knowledge item.
type ItemInput struct {
	Kind    string   `json:"kind"`
	Title   string   `json:"title"`
	Body    string   `json:"body,omitempty"`
	Tags    []string `json:"tags,omitempty"`
	Agent   string   `json:"agent,omitempty"`
	Project string   `json:"project,omitempty"`
}

// ItemPatch changes the fields given.
type ItemPatch struct {
	Kind    *string   `json:"kind,omitempty"`
	Title   *string   `json:"title,omitempty"`
	Body    *string   `json:"body,omitempty"`
	Tags    *[]string `json:"tags,omitempty"`
	Agent   *string   `json:"agent,omitempty"`
	Project *string   `json:"project,omitempty"`
}

// ObserveInput records how an item went.
type ObserveInput struct {
	Agent   string `json:"agent"`
	Success *bool  `json:"success"`
	Project string `json:"project,omitempty"`
	Note    string `json:"note,omitempty"`
}

// AddProject creates a project.
func (s *Service) AddProject(ctx context.Context, in ProjectInput) (knowledge.Project, error) {
	return s.kn.AddProject(ctx, knowledge.Project{Name: in.Name, Description: in.Description, Status: in.Status})
}

// UpdateProject changes a project.
func (s *Service) UpdateProject(ctx context.Context, id string, p ProjectPatch) (knowledge.Project, error) {
	return s.kn.UpdateProject(ctx, id, knowledge.ProjectUpdate{Name: p.Name, Description: p.Description, Status: p.Status})
}

// AddTask creates a task.
func (s *Service) AddTask(ctx context.Context, in TaskInput) (knowledge.Task, error) {
	tags := in.DependsOn
	if tags == nil {
		tags = []string{}
	}
	return s.kn.AddTask(ctx, knowledge.Task{Title: in.Title, Description: in.Description, Project: in.Project,
		Status: in.Status, Priority: int(in.Priority), Assignee: in.Assignee, DependsOn: tags})
}

// UpdateTask changes a task.
func (s *Service) UpdateTask(ctx context.Context, id string, p TaskPatch) (knowledge.Task, error) {
	u := knowledge.TaskUpdate{Title: p.Title, Description: p.Description, Project: p.Project, Status: p.Status,
		Assignee: p.Assignee, DependsOn: p.DependsOn}
	if p.Priority != nil {
		n := int(*p.Priority)
		u.Priority = &n
	}
	return s.kn.UpdateTask(ctx, id, u)
}

// AddItem creates a knowledge item.
func (s *Service) AddItem(ctx context.Context, in ItemInput) (knowledge.Item, error) {
	kind, err := knowledge.ParseKind(in.Kind)
	if err != nil {
		return knowledge.Item{}, err
	}
	return s.kn.AddItem(ctx, knowledge.Item{Kind: kind, Title: in.Title, Body: in.Body, Tags: in.Tags,
		Agent: in.Agent, Project: in.Project})
}

// UpdateItem changes a knowledge item.
func (s *Service) UpdateItem(ctx context.Context, id string, p ItemPatch) (knowledge.Item, error) {
	return s.kn.UpdateItem(ctx, id, knowledge.ItemUpdate{Kind: p.Kind, Title: p.Title, Body: p.Body, Tags: p.Tags,
		Agent: p.Agent, Project: p.Project})
}

// Observe records how item id went for an agent.
func (s *Service) Observe(ctx context.Context, id string, in ObserveInput) (knowledge.Observation, error) {
	if in.Success == nil {
		return knowledge.Observation{}, Invalidf("success: missing (true or false)")
	}
	return s.kn.Observe(ctx, knowledge.Observation{Item: id, Agent: in.Agent, Success: *in.Success,
		Project: in.Project, Note: in.Note})
}

// Promote runs L4 promotion (archon promote).
func (s *Service) Promote(ctx context.Context, dryRun bool) (*promote.Result, error) {
	res, err := promote.Run(ctx, s.kn, promote.Options{
		Rule: promote.RuleFrom(s.cfg.Promote), WisdomPath: s.ws.WisdomPath(), DryRun: dryRun, Now: s.ws.Now,
		BackupDir: s.ws.StateDir() + "/" + promote.BackupDirName,
	})
	if err == nil && !dryRun && len(res.Added) > 0 {
		s.Changed()
	}
	return res, err
}
