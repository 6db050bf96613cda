package client

import (
	"context"
	"net/http"
	"strconv"

	"github.com/archon-memory/archon/app"
)

// The methods of app.Memory, one route each (see the route table of
// package server and /v1/openapi.json).

// Health implements app.Memory.
func (c *Client) Health(ctx context.Context) (*app.Health, error) {
	return get[app.Health](ctx, c, "/v1/health")
}

// Status implements app.Memory.
func (c *Client) Status(ctx context.Context) (*app.Status, error) {
	return get[app.Status](ctx, c, "/v1/status")
}

// Log implements app.Memory.
func (c *Client) Log(ctx context.Context, r app.LogRequest) (*app.Entry, error) {
	return send[app.Entry](ctx, c, http.MethodPost, "/v1/log", r)
}

// Index implements app.Memory (r.Progress is not reported).
func (c *Client) Index(ctx context.Context, r app.IndexRequest) (*app.IndexStats, error) {
	return send[app.IndexStats](ctx, c, http.MethodPost, "/v1/index", nil)
}

// Search implements app.Memory.
func (c *Client) Search(ctx context.Context, r app.SearchRequest) (*app.SearchResponse, error) {
	return send[app.SearchResponse](ctx, c, http.MethodPost, "/v1/search", r)
}

// Count implements app.Memory.
func (c *Client) Count(ctx context.Context, r app.SearchRequest) (*app.Counts, error) {
	return send[app.Counts](ctx, c, http.MethodPost, "/v1/search/count", r)
}

// Get implements app.Memory.
func (c *Client) Get(ctx context.Context, r app.GetRequest) (*app.Hit, error) {
	return get[app.Hit](ctx, c, "/v1/items/"+id(r.ID)+query("context", strconv.Itoa(r.Context)))
}

// File implements app.Memory.
func (c *Client) File(ctx context.Context, name string) (*app.File, error) {
	return get[app.File](ctx, c, "/v1/files/"+id(name))
}

// Check implements app.Memory.
func (c *Client) Check(ctx context.Context, r app.ConvRequest) (*app.Report, error) {
	return send[app.Report](ctx, c, http.MethodPost, "/v1/context/check", r)
}

// Stats implements app.Memory.
func (c *Client) Stats(ctx context.Context, r app.ConvRequest) (*app.Stats, error) {
	return send[app.Stats](ctx, c, http.MethodPost, "/v1/context/stats", r)
}

// Prepare implements app.Memory.
func (c *Client) Prepare(ctx context.Context, r app.PrepareRequest) (*app.Prepared, error) {
	return send[app.Prepared](ctx, c, http.MethodPost, "/v1/context/prepare", r)
}

// Gate implements app.Memory.
func (c *Client) Gate(ctx context.Context, r app.PrepareRequest) (*app.Gated, error) {
	return send[app.Gated](ctx, c, http.MethodPost, "/v1/context/gate", r)
}

// Summarize implements app.Memory.
func (c *Client) Summarize(ctx context.Context, r app.ConvRequest) (*app.Summary, error) {
	return send[app.Summary](ctx, c, http.MethodPost, "/v1/summarize", r)
}

// ContextLog implements app.Memory.
func (c *Client) ContextLog(ctx context.Context, n int) ([]app.ContextEvent, error) {
	v, err := get[[]app.ContextEvent](ctx, c, "/v1/context/log"+query("n", strconv.Itoa(n)))
	if err != nil {
		return nil, err
	}
	return *v, nil
}

// ContextSessions implements app.Memory.
func (c *Client) ContextSessions(ctx context.Context) ([]app.ContextSession, error) {
	return many[app.ContextSession](ctx, c, "/v1/context/sessions")
}

// Models implements app.Memory.
func (c *Client) Models(ctx context.Context) ([]app.ModelInfo, error) {
	return many[app.ModelInfo](ctx, c, "/v1/models")
}

// Logs implements app.Memory.
func (c *Client) Logs(ctx context.Context) ([]app.LogDay, error) {
	return many[app.LogDay](ctx, c, "/v1/logs")
}

// Backups implements app.Memory.
func (c *Client) Backups(ctx context.Context) ([]app.Backup, error) {
	return many[app.Backup](ctx, c, "/v1/backups")
}

// Backup implements app.Memory.
func (c *Client) Backup(ctx context.Context, file, backup string) (*app.Backup, error) {
	return get[app.Backup](ctx, c, "/v1/backups/"+id(backup)+query("file", file))
}

// Restore implements app.Memory.
func (c *Client) Restore(ctx context.Context, r app.RestoreRequest) (*app.RestoreResult, error) {
	return send[app.RestoreResult](ctx, c, http.MethodPost, "/v1/backups/restore", r)
}

// Profile implements app.Memory.
func (c *Client) Profile(ctx context.Context, name string) (*app.Profile, error) {
	return get[app.Profile](ctx, c, "/v1/context/profile"+query("name", name))
}

// Model implements app.Memory.
func (c *Client) Model(ctx context.Context) (*app.ModelOverride, error) {
	return get[app.ModelOverride](ctx, c, "/v1/model")
}

// SetModel implements app.Memory.
func (c *Client) SetModel(ctx context.Context, model *string) (*app.ModelOverride, error) {
	return send[app.ModelOverride](ctx, c, http.MethodPut, "/v1/model", app.ModelOverride{Model: model})
}

// L1 implements app.Memory.
func (c *Client) L1(ctx context.Context, budget int) (*app.Payload, error) {
	return get[app.Payload](ctx, c, "/v1/l1"+query("budget", strconv.Itoa(budget)))
}

// Warmth implements app.Memory.
func (c *Client) Warmth(ctx context.Context, budget int) (*app.Warmth, error) {
	return get[app.Warmth](ctx, c, "/v1/warmth"+query("budget", strconv.Itoa(budget)))
}

// Forget implements app.Memory.
func (c *Client) Forget(ctx context.Context, r app.ForgetRequest) (*app.ForgetResult, error) {
	return send[app.ForgetResult](ctx, c, http.MethodPost, "/v1/forget", r)
}

// MemoryTool implements app.Memory.
func (c *Client) MemoryTool(ctx context.Context, r app.MemoryToolRequest) (*app.MemoryToolResult, error) {
	return send[app.MemoryToolResult](ctx, c, http.MethodPost, "/v1/memory-tool", r)
}

// Doctor implements app.Memory.
func (c *Client) Doctor(ctx context.Context, r app.DoctorRequest) (*app.DoctorReport, error) {
	return send[app.DoctorReport](ctx, c, http.MethodPost, "/v1/doctor", r)
}

// Archive implements app.Memory.
func (c *Client) Archive(ctx context.Context, r app.ArchiveRequest) (*app.ArchiveResult, error) {
	return send[app.ArchiveResult](ctx, c, http.MethodPost, "/v1/archive", r)
}

// Promote implements app.Memory.
func (c *Client) Promote(ctx context.Context, r app.PromoteRequest) (*app.PromoteResult, error) {
	return send[app.PromoteResult](ctx, c, http.MethodPost, "/v1/promote", r)
}

// AddSection implements app.Memory.
func (c *Client) AddSection(ctx context.Context, r app.SectionRequest) (*app.SectionResult, error) {
	return send[app.SectionResult](ctx, c, http.MethodPost, "/v1/wisdom/sections", r)
}

// Projects implements app.Memory.
func (c *Client) Projects(ctx context.Context, status string) ([]app.Project, error) {
	return many[app.Project](ctx, c, "/v1/projects"+query("status", status))
}

// Project implements app.Memory.
func (c *Client) Project(ctx context.Context, ref string) (*app.Project, error) {
	return get[app.Project](ctx, c, "/v1/projects/"+id(ref))
}

// AddProject implements app.Memory.
func (c *Client) AddProject(ctx context.Context, in app.ProjectInput) (*app.Project, error) {
	return send[app.Project](ctx, c, http.MethodPost, "/v1/projects", in)
}

// UpdateProject implements app.Memory.
func (c *Client) UpdateProject(ctx context.Context, ref string, p app.ProjectPatch) (*app.Project, error) {
	return send[app.Project](ctx, c, http.MethodPatch, "/v1/projects/"+id(ref), p)
}

// Tasks implements app.Memory.
func (c *Client) Tasks(ctx context.Context, f app.TaskFilter) ([]app.Task, error) {
	ready := ""
	if f.Ready {
		ready = "true"
	}
	return many[app.Task](ctx, c, "/v1/tasks"+query("project", f.Project, "status", f.Status, "assignee", f.Assignee, "ready", ready))
}

// Task implements app.Memory.
func (c *Client) Task(ctx context.Context, tid string) (*app.Task, error) {
	return get[app.Task](ctx, c, "/v1/tasks/"+id(tid))
}

// AddTask implements app.Memory.
func (c *Client) AddTask(ctx context.Context, in app.TaskInput) (*app.Task, error) {
	return send[app.Task](ctx, c, http.MethodPost, "/v1/tasks", in)
}

// UpdateTask implements app.Memory.
func (c *Client) UpdateTask(ctx context.Context, tid string, p app.TaskPatch) (*app.Task, error) {
	return send[app.Task](ctx, c, http.MethodPatch, "/v1/tasks/"+id(tid), p)
}

// DoneTask implements app.Memory.
func (c *Client) DoneTask(ctx context.Context, tid string, force bool) (*app.Task, error) {
	f := ""
	if force {
		f = "true"
	}
	return send[app.Task](ctx, c, http.MethodPost, "/v1/tasks/"+id(tid)+"/done"+query("force", f), nil)
}

// Items implements app.Memory.
func (c *Client) Items(ctx context.Context, f app.ItemFilter) ([]app.KnowledgeItem, error) {
	return many[app.KnowledgeItem](ctx, c, "/v1/knowledge"+query("kind", f.Kind, "tag", f.Tag, "project", f.Project, "agent", f.Agent))
}

// Item implements app.Memory.
func (c *Client) Item(ctx context.Context, iid string) (*app.ItemDetail, error) {
	return get[app.ItemDetail](ctx, c, "/v1/knowledge/"+id(iid))
}

// AddItem implements app.Memory.
func (c *Client) AddItem(ctx context.Context, in app.ItemInput) (*app.KnowledgeItem, error) {
	return send[app.KnowledgeItem](ctx, c, http.MethodPost, "/v1/knowledge", in)
}

// UpdateItem implements app.Memory.
func (c *Client) UpdateItem(ctx context.Context, iid string, p app.ItemPatch) (*app.KnowledgeItem, error) {
	return send[app.KnowledgeItem](ctx, c, http.MethodPatch, "/v1/knowledge/"+id(iid), p)
}

// Observe implements app.Memory.
func (c *Client) Observe(ctx context.Context, iid string, in app.ObserveInput) (*app.Observation, error) {
	return send[app.Observation](ctx, c, http.MethodPost, "/v1/knowledge/"+id(iid)+"/observe", in)
}

// Export implements app.Memory.
func (c *Client) Export(ctx context.Context) (*app.Export, error) {
	return get[app.Export](ctx, c, "/v1/knowledge/export")
}

// Import implements app.Memory.
func (c *Client) Import(ctx context.Context, r app.ImportRequest) (*app.ImportResult, error) {
	return send[app.ImportResult](ctx, c, http.MethodPost, "/v1/knowledge/import", r)
}

// Jobs implements app.Memory.
func (c *Client) Jobs(ctx context.Context) ([]app.JobStatus, error) {
	return many[app.JobStatus](ctx, c, "/v1/jobs")
}

// RunJob implements app.Memory.
func (c *Client) RunJob(ctx context.Context, name string) (*app.JobStatus, error) {
	return send[app.JobStatus](ctx, c, http.MethodPost, "/v1/jobs/"+id(name)+"/run", nil)
}

// many is get for a list, never nil.
func many[T any](ctx context.Context, c *Client, path string) ([]T, error) {
	v, err := get[[]T](ctx, c, path)
	if err != nil {
		return nil, err
	}
	if *v == nil {
		return []T{}, nil
	}
	return *v, nil
}
