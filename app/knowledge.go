package app

import (
	"context"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/shared"
)

// kn returns the knowledge store, creating the database on first use.
func (l *Local) kn(ctx context.Context) (*knowledge.Store, error) { return l.store(ctx, true) }

// ptr returns a pointer to v, or the error.
func ptr[T any](v T, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// list returns vs, never nil, or the error.
func list[T any](vs []T, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	if vs == nil {
		vs = []T{}
	}
	return vs, nil
}

// Projects lists the projects, optionally of one status.
func (l *Local) Projects(ctx context.Context, status string) ([]Project, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	return list(s.Projects(ctx, status))
}

// Project returns a project by id or name.
func (l *Local) Project(ctx context.Context, ref string) (*Project, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	return ptr(s.Project(ctx, ref))
}

// AddProject creates a project.
func (l *Local) AddProject(ctx context.Context, in ProjectInput) (*Project, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	defer l.changed(UpdateKnowledge) // the record is searchable after the next index run
	p, err := ptr(s.AddProject(ctx, knowledge.Project{Name: l.redact(in.Name), Description: l.redact(in.Description), Status: in.Status}))
	return p, l.audit(ctx, "project_add", p, err)
}

// UpdateProject changes a project.
func (l *Local) UpdateProject(ctx context.Context, ref string, p ProjectPatch) (*Project, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	defer l.changed(UpdateKnowledge) // the record is searchable after the next index run
	up, err := ptr(s.UpdateProject(ctx, ref, knowledge.ProjectUpdate{Name: l.redactp(p.Name), Description: l.redactp(p.Description), Status: p.Status}))
	return up, l.audit(ctx, "project_update", up, err)
}

// Tasks lists tasks.
func (l *Local) Tasks(ctx context.Context, f TaskFilter) ([]Task, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	return list(s.Tasks(ctx, f))
}

// Task returns one task.
func (l *Local) Task(ctx context.Context, id string) (*Task, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	return ptr(s.Task(ctx, id))
}

// AddTask creates a task.
func (l *Local) AddTask(ctx context.Context, in TaskInput) (*Task, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	defer l.changed(UpdateKnowledge) // the record is searchable after the next index run
	deps := in.DependsOn
	if deps == nil {
		deps = []string{}
	}
	pri := DefaultPriority
	if in.Priority != nil {
		pri = *in.Priority
	}
	t, err := ptr(s.AddTask(ctx, knowledge.Task{Title: l.redact(in.Title), Description: l.redact(in.Description), Project: in.Project,
		Status: in.Status, Priority: int(pri), Assignee: in.Assignee, DependsOn: deps}))
	return t, l.audit(ctx, "task_add", t, err)
}

// UpdateTask changes a task.
func (l *Local) UpdateTask(ctx context.Context, id string, p TaskPatch) (*Task, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	defer l.changed(UpdateKnowledge) // the record is searchable after the next index run
	u := knowledge.TaskUpdate{Title: l.redactp(p.Title), Description: l.redactp(p.Description), Project: p.Project, Status: p.Status,
		Assignee: p.Assignee, DependsOn: p.DependsOn}
	if p.Priority != nil {
		n := int(*p.Priority)
		u.Priority = &n
	}
	t, err := ptr(s.UpdateTask(ctx, id, u))
	return t, l.audit(ctx, "task_update", t, err)
}

// DoneTask marks a task done; done twice is a conflict.
func (l *Local) DoneTask(ctx context.Context, id string, force bool) (*Task, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	defer l.changed(UpdateKnowledge) // the record is searchable after the next index run
	t, err := ptr(s.DoneTask(ctx, id, force))
	return t, l.audit(ctx, "task_done", t, err)
}

// Items lists knowledge items.
func (l *Local) Items(ctx context.Context, f ItemFilter) ([]KnowledgeItem, error) {
	if f.Tag != "" { // as search filters by tags: a tag no entry can carry is a mistake
		t, err := memory.NormalizeTag(f.Tag)
		if err != nil {
			return nil, wrap(Invalid, err)
		}
		f.Tag = t
	}
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	return list(s.Items(ctx, f))
}

// Item returns a knowledge item with its observations.
func (l *Local) Item(ctx context.Context, id string) (*ItemDetail, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	it, err := s.Item(ctx, id)
	if err != nil {
		return nil, err
	}
	obs, err := list(s.Observations(ctx, it.ID))
	if err != nil {
		return nil, err
	}
	return &ItemDetail{Item: it, Observations: obs}, nil
}

// AddItem creates a knowledge item; the agent defaults to log.agent.
func (l *Local) AddItem(ctx context.Context, in ItemInput) (*KnowledgeItem, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	defer l.changed(UpdateKnowledge) // the record is searchable after the next index run
	kind, err := knowledge.ParseKind(in.Kind)
	if err != nil {
		return nil, err
	}
	if in.Agent == "" {
		in.Agent = l.cfg.Log.Agent
	}
	it, err := ptr(s.AddItem(ctx, knowledge.Item{Kind: kind, Title: l.redact(in.Title), Body: l.redact(in.Body), Tags: in.Tags,
		Agent: in.Agent, Project: in.Project}))
	return it, l.audit(ctx, "item_add", it, err)
}

// UpdateItem changes a knowledge item.
func (l *Local) UpdateItem(ctx context.Context, id string, p ItemPatch) (*KnowledgeItem, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	defer l.changed(UpdateKnowledge) // the record is searchable after the next index run
	it, err := ptr(s.UpdateItem(ctx, id, knowledge.ItemUpdate{Kind: p.Kind, Title: l.redactp(p.Title), Body: l.redactp(p.Body), Tags: p.Tags,
		Agent: p.Agent, Project: p.Project, Promotion: p.Promotion}))
	return it, l.audit(ctx, "item_update", it, err)
}

// Observe records how item id went for an agent (default log.agent).
func (l *Local) Observe(ctx context.Context, id string, in ObserveInput) (*Observation, error) {
	if in.Success == nil {
		return nil, Invalidf("success: missing (true or false)")
	}
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	if in.Agent == "" {
		in.Agent = l.cfg.Log.Agent
	}
	defer l.updated(UpdateKnowledge) // promotion candidates may change
	o, err := ptr(s.Observe(ctx, knowledge.Observation{Item: id, Agent: in.Agent, Success: *in.Success,
		Project: in.Project, Note: in.Note}))
	return o, l.audit(ctx, "observe", o, err)
}

// Export writes every project, task, item and observation as one
// markdown document (the backup of the knowledge database).
func (l *Local) Export(ctx context.Context) (*Export, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	doc, err := s.Export(ctx)
	if err != nil {
		return nil, err
	}
	return &Export{Document: doc}, nil
}

// Import loads an export: idempotent, all or nothing; a record that
// differs is a conflict unless r.Overwrite.
func (l *Local) Import(ctx context.Context, r ImportRequest) (*ImportResult, error) {
	s, err := l.kn(ctx)
	if err != nil {
		return nil, err
	}
	res, err := s.Import(ctx, l.redact(r.Document), r.Overwrite)
	if err == nil {
		l.changed(UpdateKnowledge)
	}
	return res, l.audit(ctx, "import", res, err)
}

// audit records an L3 write in shared mode's audit, as a log entry's is
// (L3 writes go to PostgreSQL directly, not through the log). The write is
// done: an audit that fails is a warning, err is returned as it came.
func (l *Local) audit(ctx context.Context, action string, rec any, err error) error {
	if err != nil || l.node == nil {
		return err
	}
	var id, agent string
	switch r := rec.(type) {
	case *Project:
		id = r.ID
	case *Task:
		id, agent = r.ID, r.Assignee
	case *KnowledgeItem:
		id, agent = r.ID, r.Agent
	case *Observation:
		id, agent = r.Item, r.Agent
	}
	c := callerOf(ctx)
	if aerr := l.node.Audit(ctx, shared.Writer{KeyID: c.KeyID, RequestID: c.RequestID}, agent, action, id); aerr != nil {
		l.log.Warn("shared store: an L3 write was not audited", "action", action, "id", id, "err", aerr)
	}
	return nil
}

// redact removes secrets from a field before it is stored, as every
// write to the workspace does.
func (l *Local) redact(s string) string {
	r, _ := l.ws.Redact(s)
	return r
}

// redactp is redact for a patch field (nil: unchanged).
func (l *Local) redactp(s *string) *string {
	if s == nil {
		return nil
	}
	r := l.redact(*s)
	return &r
}
