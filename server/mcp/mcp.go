// Package mcp is archon's MCP server (official Go SDK): memory and context
// tools, L3 task and knowledge tools, and MEMORY_SUMMARY.md and MEMORY.md
// as resources, over one shared service. Descriptions are kept short: the
// whole tool list must cost an agent at most ToolListBudget tokens.
package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/memory"
)

// ToolListBudget is the most cl100k tokens the tools/list answer may cost.
const ToolListBudget = 1500

// Resource URIs.
const (
	SummaryURI = "archon://memory/MEMORY_SUMMARY.md"
	WisdomURI  = "archon://memory/MEMORY.md"
)

// Memory is what the MCP tools and resources call: a part of app.Memory.
type Memory interface {
	Search(ctx context.Context, r app.SearchRequest) (*app.SearchResponse, error)
	Count(ctx context.Context, r app.SearchRequest) (*app.Counts, error)
	Get(ctx context.Context, r app.GetRequest) (*app.Hit, error)
	Log(ctx context.Context, r app.LogRequest) (*app.Entry, error)
	File(ctx context.Context, name string) (*app.File, error)
	L1(ctx context.Context, budget int) (*app.Payload, error)
	Stats(ctx context.Context, r app.ConvRequest) (*app.Stats, error)
	MemoryTool(ctx context.Context, r app.MemoryToolRequest) (*app.MemoryToolResult, error)
	Tasks(ctx context.Context, f app.TaskFilter) ([]app.Task, error)
	Task(ctx context.Context, id string) (*app.Task, error)
	AddTask(ctx context.Context, in app.TaskInput) (*app.Task, error)
	UpdateTask(ctx context.Context, id string, p app.TaskPatch) (*app.Task, error)
	DoneTask(ctx context.Context, id string, force bool) (*app.Task, error)
	Items(ctx context.Context, f app.ItemFilter) ([]app.KnowledgeItem, error)
	AddItem(ctx context.Context, in app.ItemInput) (*app.KnowledgeItem, error)
}

// NewServer returns the MCP server over mem.
func NewServer(mem Memory, version string) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "archon", Version: version}, &sdk.ServerOptions{
		Instructions: "Memory: memory_search first (metadata-first hits), then memory_get or read the lines named. Log decisions with memory_log.",
	})
	t := &tools{mem: mem}
	t.register(s)
	for _, r := range []struct{ uri, name, desc, file string }{
		{SummaryURI, "MEMORY_SUMMARY.md", "L1 summary", memory.SummaryFile},
		{WisdomURI, "MEMORY.md", "L4 curated wisdom", memory.WisdomFile},
	} {
		name := r.file
		s.AddResource(&sdk.Resource{URI: r.uri, Name: r.name, Description: r.desc, MIMEType: "text/markdown"},
			func(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
				// Only these two fixed files: nothing in a request names a path.
				f, err := mem.File(ctx, name)
				if err != nil {
					return nil, err
				}
				if f.Text == "" { // missing or empty: the protocol has no empty text
					return nil, sdk.ResourceNotFoundError(req.Params.URI)
				}
				return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "text/markdown", Text: f.Text}}}, nil
			})
	}
	return s
}

// HTTPHandler serves s over streamable HTTP (mount it at /mcp).
func HTTPHandler(s *sdk.Server, maxBody int64) http.Handler {
	return checkIDs(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s },
		&sdk.StreamableHTTPOptions{MaxRequestBodyBytes: maxBody, Stateless: true}), maxBody)
}

// text is a tool result holding v as compact JSON (or a string as is).
func text(v any) (*sdk.CallToolResult, any, error) {
	if n, ok := v.(noted); ok {
		res, out, err := text(n.v)
		if res != nil {
			for _, w := range n.warnings {
				res.Content = append(res.Content, &sdk.TextContent{Text: "warning: " + w})
			}
		}
		return res, out, err
	}
	var s string
	if str, ok := v.(string); ok {
		s = str
	} else {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, nil, err
		}
		s = string(b)
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}, nil, nil
}

// noted is a tool's answer with warnings, each a text content of its own
// after the answer's, so the answer reads the same with or without them.
type noted struct {
	v        any
	warnings []string
}

// fail is a tool error the agent can act on (an error result, not a
// protocol error).
func fail(err error) (*sdk.CallToolResult, any, error) {
	msg := err.Error()
	switch k := app.KindOf(err); k {
	case app.Internal:
	case app.Unavailable: // a database's address and user are for the operator's log
		msg = string(k) + ": " + app.UnavailableMessage
	default:
		msg = string(k) + ": " + msg
	}
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: msg}}}, nil, nil
}

func result(v any, err error) (*sdk.CallToolResult, any, error) {
	if err != nil {
		return fail(err)
	}
	return text(v)
}

type tools struct{ mem Memory }

// add registers a tool that needs scope (app.ScopeRead or ScopeWrite).
// A panic in a tool is that call's error, not the end of the server (over
// stdio, of the agent's whole session with it).
func add[In any](s *sdk.Server, name, desc, scope string, h func(context.Context, In) (any, error)) {
	sdk.AddTool(s, &sdk.Tool{Name: name, Description: desc},
		func(ctx context.Context, req *sdk.CallToolRequest, in In) (res *sdk.CallToolResult, out any, err error) {
			defer func() {
				if p := recover(); p != nil {
					slog.Error("mcp: tool panicked", "tool", name, "panic", p, "stack", string(debug.Stack()))
					res, out, err = fail(fmt.Errorf("internal error in %s: %v", name, p))
				}
			}()
			ctx, err = caller(ctx, req, name, scope)
			if err != nil {
				return fail(err)
			}
			return result(h(ctx, in))
		})
}

// caller checks that the API key the request came with (the token info
// the server put there; none for its own token) has scope, and returns
// ctx carrying the key and request id for the audit of shared writes.
func caller(ctx context.Context, req *sdk.CallToolRequest, tool, scope string) (context.Context, error) {
	if req == nil || req.Extra == nil {
		return ctx, nil
	}
	c := app.Caller{RequestID: req.Extra.Header.Get("X-Request-Id")}
	if ti := req.Extra.TokenInfo; ti != nil {
		if !app.ScopesAllow(ti.Scopes, scope) {
			return ctx, app.Forbiddenf("API key %s has scopes %v; the tool %s needs %s", ti.UserID, ti.Scopes, tool, scope)
		}
		c.KeyID = ti.UserID
		c.Tenant, _ = ti.Extra["tenant"].(string)
	}
	return app.WithCaller(ctx, c), nil
}

// Tool inputs. Field docs are short on purpose (they cost tokens).
type (
	searchIn struct {
		Query    string   `json:"query"`
		TopK     int      `json:"top_k,omitempty"`
		Tags     []string `json:"tags,omitempty"`
		AllTags  bool     `json:"all_tags,omitempty"`
		Layers   []string `json:"layers,omitempty" jsonschema:"L1-L4"`
		Agents   []string `json:"agents,omitempty"`
		Projects []string `json:"projects,omitempty"`
		Since    string   `json:"since,omitempty" jsonschema:"YYYY-MM-DD"`
		Until    string   `json:"until,omitempty" jsonschema:"YYYY-MM-DD"`
		Count    bool     `json:"count,omitempty"`
		Explain  bool     `json:"explain,omitempty" jsonschema:"say why each hit matched"`
	}
	getIn struct {
		ID      string `json:"id"`
		Context int    `json:"context,omitempty" jsonschema:"neighbours each side"`
	}
	logIn struct {
		Text  string   `json:"text"`
		Agent string   `json:"agent,omitempty"`
		Tags  []string `json:"tags,omitempty"`
	}
	contextIn struct {
		Budget int `json:"budget,omitempty" jsonschema:"tokens"`
	}
	checkIn struct {
		Conversation string `json:"conversation" jsonschema:"messages JSON or transcript JSONL"`
		Model        string `json:"model,omitempty"`
	}
	taskListIn struct {
		Project string `json:"project,omitempty"`
		Status  string `json:"status,omitempty"`
		Ready   bool   `json:"ready,omitempty"`
	}
	taskAddIn struct {
		Title     string   `json:"title"`
		Project   string   `json:"project,omitempty"`
		Priority  string   `json:"priority,omitempty" jsonschema:"low|normal|high|urgent"`
		Assignee  string   `json:"assignee,omitempty"`
		DependsOn []string `json:"depends_on,omitempty"`
	}
	taskUpdateIn struct {
		ID     string `json:"id"`
		Status string `json:"status,omitempty" jsonschema:"todo|doing|blocked|done"`
		// Pointers: "" clears the assignee or the description, as the
		// CLI's --assignee "" does; left out, it stays.
		Assignee *string `json:"assignee,omitempty" jsonschema:"\"\" clears it"`
		Note     *string `json:"description,omitempty" jsonschema:"\"\" clears it"`
	}
	knowledgeIn struct {
		Query   string `json:"query,omitempty"`
		Kind    string `json:"kind,omitempty"`
		Tag     string `json:"tag,omitempty"`
		Project string `json:"project,omitempty"`
	}
	knowledgeAddIn struct {
		Kind    string   `json:"kind" jsonschema:"pattern|best-practice|gotcha|decision|note"`
		Title   string   `json:"title"`
		Body    string   `json:"body,omitempty"`
		Tags    []string `json:"tags,omitempty"`
		Agent   string   `json:"agent,omitempty"`
		Project string   `json:"project,omitempty"`
	}
)

func (t *tools) register(s *sdk.Server) {
	svc := t.mem
	add(s, "memory_search", "Search memory. Returns hits (id, path, lines, snippet, date, agent, tags), best first, then any warnings; read the lines or memory_get the id. Also 'what happened yesterday?', 'what's left?': those entries, latest first. count: only how many match, by day, file, agent, tag (top_k and explain do not apply).", app.ScopeRead,
		func(ctx context.Context, in searchIn) (any, error) {
			// Up to date first, as archon search is: what was just logged
			// is found.
			r := app.SearchRequest{Query: in.Query, TopK: in.TopK, Tags: in.Tags, AllTags: in.AllTags, Layers: in.Layers, Refresh: true,
				Agents: in.Agents, Projects: in.Projects, Since: in.Since, Until: in.Until, Explain: in.Explain}
			if in.Count { // top_k and explain shape a list of hits, which a count is not
				r.TopK, r.Explain = 0, false
				return svc.Count(ctx, r)
			}
			resp, err := svc.Search(ctx, r)
			if err != nil {
				return nil, err
			}
			// The warnings say why there are few hits or none (the query
			// was cut, no entry holds its words, the index is catching up).
			return noted{resp.Results, resp.Warnings}, nil
		})
	add(s, "memory_get", "Full item behind a search hit.", app.ScopeRead, func(ctx context.Context, in getIn) (any, error) {
		return svc.Get(ctx, app.GetRequest{ID: in.ID, Context: in.Context})
	})
	add(s, "memory_log", "Append an entry to today's daily log (decisions, errors, progress).", app.ScopeWrite, func(ctx context.Context, in logIn) (any, error) {
		e, err := svc.Log(ctx, app.LogRequest{Text: in.Text, Agent: in.Agent, Tags: in.Tags})
		if err != nil {
			return nil, err
		}
		return fmt.Sprintf("%s:%d-%d id %s", e.Path, e.LineStart, e.LineEnd, e.ID), nil
	})
	add(s, "memory_context", "L1 memory for session start: summary, identity, recent decisions and open items.", app.ScopeRead,
		func(ctx context.Context, in contextIn) (any, error) {
			pl, err := svc.L1(ctx, in.Budget)
			if err != nil {
				return nil, err
			}
			return pl.Text, nil
		})
	add(s, "context_check", "Measure a conversation against its model's window: tokens, percent, level, action.", app.ScopeWrite, // it is recorded
		func(ctx context.Context, in checkIn) (any, error) {
			raw, _ := json.Marshal(in.Conversation)
			return svc.Stats(ctx, app.ConvRequest{Conversation: raw, Model: in.Model})
		})
	add(s, "task_list", "List tasks; ready: todo with dependencies done.", app.ScopeRead, func(ctx context.Context, in taskListIn) (any, error) {
		ts, err := svc.Tasks(ctx, app.TaskFilter{Project: in.Project, Status: in.Status, Ready: in.Ready})
		if err != nil {
			return nil, err
		}
		lines := make([]string, len(ts))
		for i, t := range ts {
			lines[i] = t.Summary()
		}
		return strings.Join(lines, "\n"), nil
	})
	add(s, "task_add", "Create a task.", app.ScopeWrite, func(ctx context.Context, in taskAddIn) (any, error) {
		ti := app.TaskInput{Title: in.Title, Project: in.Project, Assignee: in.Assignee, DependsOn: in.DependsOn}
		if in.Priority != "" {
			p, err := app.ParsePriority(in.Priority)
			if err != nil {
				return nil, err
			}
			ti.Priority = &p
		}
		return svc.AddTask(ctx, ti)
	})
	add(s, "task_update", "Change a task's status, assignee or description.", app.ScopeWrite, func(ctx context.Context, in taskUpdateIn) (any, error) {
		var u app.TaskPatch
		if in.Status != "" {
			u.Status = &in.Status
		}
		u.Assignee, u.Description = in.Assignee, in.Note
		if in.Status == "done" {
			if only := (app.TaskPatch{Status: u.Status}); u == only {
				return svc.DoneTask(ctx, in.ID, false)
			}
			// With other changes: one update, all or nothing (a task its
			// dependencies hold back, or a bad assignee, changes nothing),
			// and done twice is still a conflict, as DoneTask says it.
			if t, err := svc.Task(ctx, in.ID); err == nil && t.Status == "done" {
				return svc.DoneTask(ctx, in.ID, false)
			}
			return svc.UpdateTask(ctx, in.ID, u)
		}
		return svc.UpdateTask(ctx, in.ID, u)
	})
	add(s, "knowledge_list", "List knowledge items (patterns, decisions, gotchas).", app.ScopeRead, func(ctx context.Context, in knowledgeIn) (any, error) {
		its, err := svc.Items(ctx, app.ItemFilter{Kind: in.Kind, Tag: in.Tag, Project: in.Project})
		if err != nil {
			return nil, err
		}
		q := strings.ToLower(in.Query)
		var lines []string
		for _, it := range its {
			if q == "" || strings.Contains(strings.ToLower(it.Title+" "+it.Body), q) {
				lines = append(lines, it.Summary())
			}
		}
		return strings.Join(lines, "\n"), nil
	})
	sdk.AddTool(s, &sdk.Tool{Name: "memory", Description: "Claude's memory tool (memory_20250818) on /memories: MEMORY.md, MEMORY_SUMMARY.md, daily/YYYY-MM-DD.md (append-only), other files. Writes are indexed for memory_search."},
		func(ctx context.Context, req *sdk.CallToolRequest, in app.MemoryToolRequest) (*sdk.CallToolResult, any, error) {
			scope := app.ScopeWrite
			if in.Command == "view" {
				scope = app.ScopeRead
			}
			ctx, err := caller(ctx, req, "memory", scope)
			if err != nil {
				return fail(err)
			}
			res, err := svc.MemoryTool(ctx, in)
			if err != nil {
				return fail(err)
			}
			return &sdk.CallToolResult{IsError: res.IsError, Content: []sdk.Content{&sdk.TextContent{Text: res.Content}}}, nil, nil
		})
	add(s, "knowledge_add", "Record a knowledge item.", app.ScopeWrite, func(ctx context.Context, in knowledgeAddIn) (any, error) {
		return svc.AddItem(ctx, app.ItemInput{Kind: in.Kind, Title: in.Title, Body: in.Body, Tags: in.Tags, Agent: in.Agent, Project: in.Project})
	})
}
