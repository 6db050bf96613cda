package server

import (
	"net/http"

	"github.com/archon-memory/archon/server/service"
)

// bodyKind says whether a route reads a body, and under which limit.
type bodyKind int

const (
	noBody    bodyKind = iota
	smallBody          // Options.MaxBodyBytes
	largeBody          // Options.MaxConversationBytes (conversations)
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
	request      any // the request body type, for OpenAPI (nil: none)
	query        []string
	h            handlerFunc
}

// routes lists every /v1 endpoint.
func (s *Server) routes() []route {
	svc := s.svc
	return []route{
		{method: "GET", path: "/v1/health", summary: "Liveness and a few figures", h: s.health},
		{method: "POST", path: "/v1/log", summary: "Append a daily-log entry (indexed in the background)", body: largeBody,
			request: service.LogRequest{}, h: s.appendLog},
		{method: "POST", path: "/v1/search", summary: "Hybrid search with every filter, metadata first", body: smallBody,
			request: service.SearchRequest{}, h: s.search},
		{method: "GET", path: "/v1/items/{id}", summary: "The full item behind a search hit", query: []string{"context"}, h: s.item},
		{method: "POST", path: "/v1/index", summary: "Bring every index up to date now", h: s.index},
		{method: "POST", path: "/v1/context/check", summary: "Tokens, limit, percent, level and action of a conversation",
			body: largeBody, request: service.ConvRequest{}, h: convHandler(svc.Check)},
		{method: "POST", path: "/v1/context/stats", summary: "History messages and tokens, system tokens, total and limits",
			body: largeBody, request: service.ConvRequest{}, h: convHandler(svc.Stats)},
		{method: "POST", path: "/v1/context/prepare", summary: "Compact or auto-summarize as the level asks",
			body: largeBody, request: service.PrepareRequest{}, h: s.prepare},
		{method: "GET", path: "/v1/context/log", summary: "Recent context events", query: []string{"n"}, h: s.contextLog},
		{method: "POST", path: "/v1/summarize", summary: "Summarize a conversation into MEMORY_SUMMARY.md",
			body: largeBody, request: service.ConvRequest{}, h: convHandler(svc.Summarize)},
		{method: "GET", path: "/v1/l1", summary: "The L1 payload for session start", query: []string{"budget"}, h: s.l1},
		{method: "POST", path: "/v1/archive", summary: "Archive daily logs past the L1 window", body: smallBody,
			request: service.ArchiveRequest{}, h: s.archive},
		{method: "GET", path: "/v1/model", summary: "The runtime model override (null: none)", h: s.getModel},
		{method: "PUT", path: "/v1/model", summary: `Set the model override; "auto" or null clears it`, body: smallBody,
			request: service.ModelOverride{}, h: s.putModel},
		{method: "GET", path: "/v1/projects", summary: "List projects", query: []string{"status"}, h: s.projects},
		{method: "POST", path: "/v1/projects", summary: "Create a project", body: smallBody, request: service.ProjectInput{}, h: s.addProject},
		{method: "GET", path: "/v1/projects/{id}", summary: "One project", h: s.project},
		{method: "PATCH", path: "/v1/projects/{id}", summary: "Change a project", body: smallBody, request: service.ProjectPatch{}, h: s.updateProject},
		{method: "GET", path: "/v1/tasks", summary: "List tasks", query: []string{"project", "status", "assignee", "ready"}, h: s.tasks},
		{method: "POST", path: "/v1/tasks", summary: "Create a task", body: smallBody, request: service.TaskInput{}, h: s.addTask},
		{method: "GET", path: "/v1/tasks/{id}", summary: "One task", h: s.task},
		{method: "PATCH", path: "/v1/tasks/{id}", summary: "Change a task", body: smallBody, request: service.TaskPatch{}, h: s.updateTask},
		{method: "POST", path: "/v1/tasks/{id}/done", summary: "Mark a task done", query: []string{"force"}, h: s.doneTask},
		{method: "GET", path: "/v1/knowledge", summary: "List knowledge items", query: []string{"kind", "tag", "project", "agent"}, h: s.items},
		{method: "POST", path: "/v1/knowledge", summary: "Create a knowledge item", body: smallBody, request: service.ItemInput{}, h: s.addItem},
		{method: "GET", path: "/v1/knowledge/{id}", summary: "One knowledge item with its observations", h: s.knowledgeItem},
		{method: "PATCH", path: "/v1/knowledge/{id}", summary: "Change a knowledge item", body: smallBody, request: service.ItemPatch{}, h: s.updateItem},
		{method: "POST", path: "/v1/knowledge/{id}/observe", summary: "Record how an item went", body: smallBody,
			request: service.ObserveInput{}, h: s.observe},
		{method: "POST", path: "/v1/promote", summary: "Promote proven patterns to MEMORY.md", query: []string{"dry_run"}, h: s.promote},
		{method: "GET", path: "/v1/jobs", summary: "Scheduled jobs with their last and next run", h: s.jobs},
		{method: "POST", path: "/v1/jobs/{id}/run", summary: "Run a job now", h: s.runJob},
		{method: "GET", path: "/v1/openapi.json", summary: "This description", h: s.openapi},
	}
}
