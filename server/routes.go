package server

import (
	"context"
	"net/http"

	"github.com/archon-memory/archon/app"
)

// bodyKind says whether a route reads a body, and under which limit.
type bodyKind int

const (
	noBody    bodyKind = iota
	smallBody          // Options.MaxBodyBytes
	largeBody          // Options.MaxConversationBytes (conversations, and contents bounded on their own)
)

// handlerFunc answers a request with a status and a JSON value, or an
// error for the envelope.
type handlerFunc func(r *http.Request) (int, any, error)

// route is one endpoint of the API; the table drives the mux, the OpenAPI
// description and the bad-input tests.
type route struct {
	method, path string
	summary      string
	body         bodyKind
	request      any    // the request body type, for OpenAPI (nil: none)
	response     any    // the success body's type, for OpenAPI (a nil pointer, slice or map of it)
	optional     bool   // the body may be left out (Content-Length 0)
	scope        string // what an API key needs (default: read for GET, else write)
	query        []string
	created      bool // it answers 201 Created (else 200)
	accepts      bool // it may answer 202 Accepted: still running after the request's time
	h            handlerFunc
}

// routes lists every /v1 endpoint: one or more per app.Memory method.
func (s *Server) routes() []route {
	return []route{
		{method: "GET", path: "/v1/health", summary: "Liveness and a few figures", response: (*app.Health)(nil), h: s.health},
		{method: "GET", path: "/v1/status", summary: "What each layer holds: files, entries, tokens, dates", response: (*app.Status)(nil), h: s.status},
		{method: "POST", path: "/v1/log", summary: "Append a daily-log entry (indexed in the background)", body: largeBody,
			request: app.LogRequest{}, created: true, response: (*app.Entry)(nil), h: s.appendLog},
		{method: "POST", path: "/v1/search", scope: scopeRead, summary: "Hybrid search with every filter, metadata first", body: smallBody,
			request: app.SearchRequest{}, response: (*app.SearchResponse)(nil), h: s.search},
		{method: "POST", path: "/v1/search/count", scope: scopeRead, summary: "How many chunks match, by day, file, agent, tag and layer", body: smallBody,
			request: app.CountRequest{}, response: (*app.Counts)(nil), h: s.count},
		{method: "GET", path: "/v1/items/{id}", summary: "The full item behind a search hit", query: []string{"context"}, response: (*app.Hit)(nil), h: s.item},
		{method: "GET", path: "/v1/logs", summary: "Every daily log, archived ones too, with its entries and agents", response: []app.LogDay(nil), h: s.logs},
		{method: "GET", path: "/v1/files/{id}", summary: "MEMORY_SUMMARY.md or MEMORY.md as it is now", response: (*app.File)(nil), h: s.file},
		{method: "POST", path: "/v1/index", summary: "Bring every index up to date now", response: (*app.IndexStats)(nil), h: s.index},
		{method: "POST", path: "/v1/context/check", summary: "Tokens, limit, percent, level and action of a conversation (kept in the context log and the session list: write scope)",
			body: largeBody, request: app.ConvRequest{}, response: (*app.Report)(nil), h: convHandler(func(ctx context.Context, r app.ConvRequest) (*app.Report, error) { return s.mem.Check(ctx, r) })},
		{method: "POST", path: "/v1/context/stats", scope: scopeRead, summary: "History messages and tokens, system tokens, total and limits",
			body: largeBody, request: app.ConvRequest{}, response: (*app.Stats)(nil), h: convHandler(func(ctx context.Context, r app.ConvRequest) (*app.Stats, error) { return s.mem.Stats(ctx, r) })},
		{method: "POST", path: "/v1/context/prepare", summary: "Compact or auto-summarize as the level asks",
			body: largeBody, request: app.PrepareRequest{}, response: (*app.Prepared)(nil), h: prepareHandler(func(ctx context.Context, r app.PrepareRequest) (*app.Prepared, error) { return s.mem.Prepare(ctx, r) })},
		{method: "POST", path: "/v1/context/gate", summary: "For orchestrators: go on, go on compressed, or block",
			body: largeBody, request: app.PrepareRequest{}, response: (*app.Gated)(nil), h: prepareHandler(func(ctx context.Context, r app.PrepareRequest) (*app.Gated, error) { return s.mem.Gate(ctx, r) })},
		{method: "GET", path: "/v1/context/log", summary: "Recent context events", query: []string{"n"}, response: []app.ContextEvent(nil), h: s.contextLog},
		{method: "GET", path: "/v1/context/sessions", summary: "The latest check of each session, newest first", response: []app.ContextSession(nil), h: s.contextSessions},
		{method: "GET", path: "/v1/models", summary: "The models known: window, tokenizer, price", response: []app.ModelInfo(nil), h: s.models},
		{method: "GET", path: "/v1/context/profile", summary: "A threshold profile (default: context.profile)", query: []string{"name"}, response: (*app.Profile)(nil), h: s.profile},
		{method: "POST", path: "/v1/summarize", summary: "Summarize a conversation into MEMORY_SUMMARY.md",
			body: largeBody, request: app.ConvRequest{}, response: (*app.Summary)(nil), h: convHandler(func(ctx context.Context, r app.ConvRequest) (*app.Summary, error) { return s.mem.Summarize(ctx, r) })},
		{method: "GET", path: "/v1/l1", summary: "The L1 payload for session start", query: []string{"budget"}, response: (*app.Payload)(nil), h: s.l1},
		{method: "GET", path: "/v1/warmth", summary: "The learnings carried into a new session", query: []string{"budget"}, response: (*app.Warmth)(nil), h: s.warmth},
		{method: "POST", path: "/v1/forget", scope: scopeAdmin, summary: "Forget daily-log entries (by id or query) and L3 records (by id) in the files and every index", body: smallBody,
			request: app.ForgetRequest{}, response: (*app.ForgetResult)(nil), h: s.forget},
		{method: "POST", path: "/v1/memory-tool", scope: scopeRead, summary: "One command of the Claude API's memory tool (memory_20250818) on /memories; indexed before it answers (view needs read, the others write)",
			body: largeBody, request: app.MemoryToolRequest{}, response: (*app.MemoryToolResult)(nil), h: s.memoryTool},
		{method: "POST", path: "/v1/doctor", scope: scopeAdmin, summary: "Check every derived file through; repair: rebuild what is damaged", body: smallBody,
			request: app.DoctorRequest{}, response: (*app.DoctorReport)(nil), h: s.doctor},
		{method: "POST", path: "/v1/archive", scope: scopeAdmin, summary: "Archive daily logs past the L1 window", body: smallBody,
			request: app.ArchiveRequest{}, response: (*app.ArchiveResult)(nil), h: s.archive},
		{method: "GET", path: "/v1/model", summary: "The runtime model override (null: none)", response: (*app.ModelOverride)(nil), h: s.getModel},
		{method: "PUT", path: "/v1/model", summary: `Set the model override; "auto" or null clears it`, body: smallBody,
			request: app.ModelOverride{}, response: (*app.ModelOverride)(nil), h: s.putModel},
		{method: "GET", path: "/v1/projects", summary: "List projects", query: []string{"status"}, response: []app.Project(nil), h: s.projects},
		{method: "POST", path: "/v1/projects", summary: "Create a project", body: smallBody, request: app.ProjectInput{}, created: true, response: (*app.Project)(nil), h: s.addProject},
		{method: "GET", path: "/v1/projects/{id}", summary: "One project", response: (*app.Project)(nil), h: s.project},
		{method: "PATCH", path: "/v1/projects/{id}", summary: "Change a project", body: smallBody, request: app.ProjectPatch{}, response: (*app.Project)(nil), h: s.updateProject},
		{method: "GET", path: "/v1/tasks", summary: "List tasks", query: []string{"project", "status", "assignee", "ready"}, response: []app.Task(nil), h: s.tasks},
		{method: "POST", path: "/v1/tasks", summary: "Create a task", body: smallBody, request: app.TaskInput{}, created: true, response: (*app.Task)(nil), h: s.addTask},
		{method: "GET", path: "/v1/tasks/{id}", summary: "One task", response: (*app.Task)(nil), h: s.task},
		{method: "PATCH", path: "/v1/tasks/{id}", summary: "Change a task", body: smallBody, request: app.TaskPatch{}, response: (*app.Task)(nil), h: s.updateTask},
		{method: "POST", path: "/v1/tasks/{id}/done", summary: "Mark a task done", query: []string{"force"}, response: (*app.Task)(nil), h: s.doneTask},
		{method: "GET", path: "/v1/knowledge", summary: "List knowledge items", query: []string{"kind", "tag", "project", "agent"}, response: []app.KnowledgeItem(nil), h: s.items},
		{method: "POST", path: "/v1/knowledge", summary: "Create a knowledge item", body: smallBody, request: app.ItemInput{}, created: true, response: (*app.KnowledgeItem)(nil), h: s.addItem},
		{method: "GET", path: "/v1/knowledge/export", summary: "All of L3 as one markdown document", response: (*app.Export)(nil), h: s.export},
		{method: "POST", path: "/v1/knowledge/import", scope: scopeAdmin, summary: "Load an export (idempotent, all or nothing)", body: largeBody,
			request: app.ImportRequest{}, response: (*app.ImportResult)(nil), h: s.importL3},
		{method: "GET", path: "/v1/knowledge/{id}", summary: "One knowledge item with its observations", response: (*app.ItemDetail)(nil), h: s.knowledgeItem},
		{method: "PATCH", path: "/v1/knowledge/{id}", summary: "Change a knowledge item", body: smallBody, request: app.ItemPatch{}, response: (*app.KnowledgeItem)(nil), h: s.updateItem},
		{method: "POST", path: "/v1/knowledge/{id}/observe", summary: "Record how an item went", body: smallBody,
			request: app.ObserveInput{}, created: true, response: (*app.Observation)(nil), h: s.observe},
		{method: "POST", path: "/v1/wisdom/sections", summary: "Add a section to MEMORY.md unless its heading is there", body: largeBody,
			request: app.SectionRequest{}, response: (*app.SectionResult)(nil), h: s.addSection},
		{method: "POST", path: "/v1/promote", summary: "Promote proven patterns to MEMORY.md; a review approves (items) or rejects candidates; the body is optional",
			body: smallBody, optional: true, request: app.PromoteRequest{}, query: []string{"dry_run"}, response: (*app.PromoteResult)(nil), h: s.promote},
		{method: "GET", path: "/v1/backups", summary: "Earlier versions of MEMORY.md and MEMORY_SUMMARY.md, newest first", response: []app.Backup(nil), h: s.backups},
		{method: "GET", path: "/v1/backups/{id}", summary: "One backup with its text and the diff from the file as it is now", query: []string{"file"}, response: (*app.Backup)(nil), h: s.backup},
		{method: "POST", path: "/v1/backups/restore", scope: scopeAdmin, summary: "Put a backup back (the current version is backed up first)", body: smallBody,
			request: app.RestoreRequest{}, response: (*app.RestoreResult)(nil), h: s.restore},
		{method: "GET", path: "/v1/jobs", summary: "Scheduled jobs with their last and next run", response: []app.JobStatus(nil), h: s.jobs},
		{method: "POST", path: "/v1/jobs/{id}/run", scope: scopeAdmin, summary: "Run a job now", accepts: true, response: (*app.JobStatus)(nil), h: s.runJob},
		{method: "GET", path: "/v1/openapi.json", summary: "This description", response: map[string]any(nil), h: s.openapi},
	}
}
