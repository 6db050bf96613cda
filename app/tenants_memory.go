package app

import "context"

// The methods of Memory, each on the Memory of the caller's tenant.

// Health implements Memory for the caller's tenant.
func (t *Tenants) Health(ctx context.Context) (*Health, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	h, err := m.Health(ctx)
	if err == nil && m != Memory(t.home) {
		// Another tenant's copy lives in the node's own state directory:
		// where, and the node's process, are the operator's to know.
		h.Root, h.PID = "", 0
	}
	return h, err
}

// Status implements Memory for the caller's tenant.
func (t *Tenants) Status(ctx context.Context) (*Status, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Status(ctx)
}

// Log implements Memory for the caller's tenant.
func (t *Tenants) Log(ctx context.Context, r LogRequest) (*Entry, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Log(ctx, r)
}

// Index implements Memory for the caller's tenant.
func (t *Tenants) Index(ctx context.Context, r IndexRequest) (*IndexStats, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Index(ctx, r)
}

// Search implements Memory for the caller's tenant.
func (t *Tenants) Search(ctx context.Context, r SearchRequest) (*SearchResponse, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Search(ctx, r)
}

// Count implements Memory for the caller's tenant.
func (t *Tenants) Count(ctx context.Context, r SearchRequest) (*Counts, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Count(ctx, r)
}

// Get implements Memory for the caller's tenant.
func (t *Tenants) Get(ctx context.Context, r GetRequest) (*Hit, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Get(ctx, r)
}

// File implements Memory for the caller's tenant.
func (t *Tenants) File(ctx context.Context, name string) (*File, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.File(ctx, name)
}

// Check implements Memory for the caller's tenant.
func (t *Tenants) Check(ctx context.Context, r ConvRequest) (*Report, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Check(ctx, r)
}

// Stats implements Memory for the caller's tenant.
func (t *Tenants) Stats(ctx context.Context, r ConvRequest) (*Stats, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Stats(ctx, r)
}

// Prepare implements Memory for the caller's tenant.
func (t *Tenants) Prepare(ctx context.Context, r PrepareRequest) (*Prepared, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Prepare(ctx, r)
}

// Gate implements Memory for the caller's tenant.
func (t *Tenants) Gate(ctx context.Context, r PrepareRequest) (*Gated, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Gate(ctx, r)
}

// Summarize implements Memory for the caller's tenant.
func (t *Tenants) Summarize(ctx context.Context, r ConvRequest) (*Summary, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Summarize(ctx, r)
}

// ContextLog implements Memory for the caller's tenant.
func (t *Tenants) ContextLog(ctx context.Context, n int) ([]ContextEvent, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.ContextLog(ctx, n)
}

// ContextSessions implements Memory for the caller's tenant.
func (t *Tenants) ContextSessions(ctx context.Context) ([]ContextSession, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.ContextSessions(ctx)
}

// Models implements Memory for the caller's tenant.
func (t *Tenants) Models(ctx context.Context) ([]ModelInfo, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Models(ctx)
}

// Profile implements Memory for the caller's tenant.
func (t *Tenants) Profile(ctx context.Context, name string) (*Profile, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Profile(ctx, name)
}

// Model implements Memory for the caller's tenant.
func (t *Tenants) Model(ctx context.Context) (*ModelOverride, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Model(ctx)
}

// SetModel implements Memory for the caller's tenant.
func (t *Tenants) SetModel(ctx context.Context, model *string) (*ModelOverride, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.SetModel(ctx, model)
}

// L1 implements Memory for the caller's tenant.
func (t *Tenants) L1(ctx context.Context, budget int) (*Payload, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.L1(ctx, budget)
}

// Warmth implements Memory for the caller's tenant.
func (t *Tenants) Warmth(ctx context.Context, budget int) (*Warmth, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Warmth(ctx, budget)
}

// Forget implements Memory for the caller's tenant.
func (t *Tenants) Forget(ctx context.Context, r ForgetRequest) (*ForgetResult, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Forget(ctx, r)
}

// MemoryTool implements Memory for the caller's tenant.
func (t *Tenants) MemoryTool(ctx context.Context, r MemoryToolRequest) (*MemoryToolResult, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.MemoryTool(ctx, r)
}

// Doctor implements Memory for the caller's tenant.
func (t *Tenants) Doctor(ctx context.Context, r DoctorRequest) (*DoctorReport, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Doctor(ctx, r)
}

// Logs implements Memory for the caller's tenant.
func (t *Tenants) Logs(ctx context.Context) ([]LogDay, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Logs(ctx)
}

// Backups implements Memory for the caller's tenant.
func (t *Tenants) Backups(ctx context.Context) ([]Backup, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Backups(ctx)
}

// Backup implements Memory for the caller's tenant.
func (t *Tenants) Backup(ctx context.Context, file, id string) (*Backup, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Backup(ctx, file, id)
}

// Restore implements Memory for the caller's tenant.
func (t *Tenants) Restore(ctx context.Context, r RestoreRequest) (*RestoreResult, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Restore(ctx, r)
}

// Archive implements Memory for the caller's tenant.
func (t *Tenants) Archive(ctx context.Context, r ArchiveRequest) (*ArchiveResult, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Archive(ctx, r)
}

// Promote implements Memory for the caller's tenant.
func (t *Tenants) Promote(ctx context.Context, r PromoteRequest) (*PromoteResult, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Promote(ctx, r)
}

// AddSection implements Memory for the caller's tenant.
func (t *Tenants) AddSection(ctx context.Context, r SectionRequest) (*SectionResult, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.AddSection(ctx, r)
}

// Projects implements Memory for the caller's tenant.
func (t *Tenants) Projects(ctx context.Context, status string) ([]Project, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Projects(ctx, status)
}

// Project implements Memory for the caller's tenant.
func (t *Tenants) Project(ctx context.Context, ref string) (*Project, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Project(ctx, ref)
}

// AddProject implements Memory for the caller's tenant.
func (t *Tenants) AddProject(ctx context.Context, in ProjectInput) (*Project, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.AddProject(ctx, in)
}

// UpdateProject implements Memory for the caller's tenant.
func (t *Tenants) UpdateProject(ctx context.Context, ref string, p ProjectPatch) (*Project, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.UpdateProject(ctx, ref, p)
}

// Tasks implements Memory for the caller's tenant.
func (t *Tenants) Tasks(ctx context.Context, f TaskFilter) ([]Task, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Tasks(ctx, f)
}

// Task implements Memory for the caller's tenant.
func (t *Tenants) Task(ctx context.Context, id string) (*Task, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Task(ctx, id)
}

// AddTask implements Memory for the caller's tenant.
func (t *Tenants) AddTask(ctx context.Context, in TaskInput) (*Task, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.AddTask(ctx, in)
}

// UpdateTask implements Memory for the caller's tenant.
func (t *Tenants) UpdateTask(ctx context.Context, id string, p TaskPatch) (*Task, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.UpdateTask(ctx, id, p)
}

// DoneTask implements Memory for the caller's tenant.
func (t *Tenants) DoneTask(ctx context.Context, id string, force bool) (*Task, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.DoneTask(ctx, id, force)
}

// Items implements Memory for the caller's tenant.
func (t *Tenants) Items(ctx context.Context, f ItemFilter) ([]KnowledgeItem, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Items(ctx, f)
}

// Item implements Memory for the caller's tenant.
func (t *Tenants) Item(ctx context.Context, id string) (*ItemDetail, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Item(ctx, id)
}

// AddItem implements Memory for the caller's tenant.
func (t *Tenants) AddItem(ctx context.Context, in ItemInput) (*KnowledgeItem, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.AddItem(ctx, in)
}

// UpdateItem implements Memory for the caller's tenant.
func (t *Tenants) UpdateItem(ctx context.Context, id string, p ItemPatch) (*KnowledgeItem, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.UpdateItem(ctx, id, p)
}

// Observe implements Memory for the caller's tenant.
func (t *Tenants) Observe(ctx context.Context, id string, in ObserveInput) (*Observation, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Observe(ctx, id, in)
}

// Export implements Memory for the caller's tenant.
func (t *Tenants) Export(ctx context.Context) (*Export, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Export(ctx)
}

// Import implements Memory for the caller's tenant.
func (t *Tenants) Import(ctx context.Context, r ImportRequest) (*ImportResult, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.Import(ctx, r)
}

// Jobs implements Memory for the caller's tenant.
func (t *Tenants) Jobs(ctx context.Context) ([]JobStatus, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	list, err := m.Jobs(ctx)
	if err == nil && m != Memory(t.home) {
		// This node runs no jobs on schedule for another tenant's copy
		// (its home nodes do): none is due here.
		for i := range list {
			list[i].NextRun = nil
		}
	}
	return list, err
}

// RunJob implements Memory for the caller's tenant.
func (t *Tenants) RunJob(ctx context.Context, name string) (*JobStatus, error) {
	m, err := t.pick(ctx)
	if err != nil {
		return nil, err
	}
	return m.RunJob(ctx, name)
}
