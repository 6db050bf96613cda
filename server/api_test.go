package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/layers"
	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
)

func TestAPIEndToEnd(t *testing.T) {
	ts := newTestServer(t, Options{Token: testToken})

	var h app.Health
	ts.json(t, "GET", "/v1/health", nil, 200, &h)
	if h.Status != "ok" || h.Chunks < 3 {
		t.Fatalf("health %+v", h)
	}

	var e memory.Entry
	ts.json(t, "POST", "/v1/log", app.LogRequest{Text: "Chose Redis for the job queue.", Agent: "planner", Tags: []string{"queue"}, Date: "2026-11-20", Time: "10:00"}, 201, &e)
	if e.Path != "memory/2026-11-20.md" || e.LineStart == 0 {
		t.Fatalf("log: %+v", e)
	}

	var resp rag.Response
	ts.json(t, "POST", "/v1/search", app.SearchRequest{Query: "redis job queue", Refresh: true}, 200, &resp)
	if len(resp.Results) == 0 || resp.Results[0].Path != e.Path {
		t.Fatalf("search: %+v", resp.Results)
	}
	ts.json(t, "POST", "/v1/search", app.SearchRequest{Query: "postgres", Agents: []string{"planner"}, Tags: []string{"db"},
		Since: "2026-11-01", Until: "2026-11-30", Layers: []string{"l2"}, TopK: 3}, 200, &resp)
	if len(resp.Results) != 1 || resp.Results[0].Agent != "planner" {
		t.Fatalf("filtered search: %+v", resp.Results)
	}
	// A count takes the query and filters; what shapes a list of hits is
	// no field of it.
	var c app.Counts
	ts.json(t, "POST", "/v1/search/count", app.CountRequest{Query: "postgres", Agents: []string{"planner"}}, 200, &c)
	if c.Total != 1 || c.ByAgent["planner"] != 1 {
		t.Errorf("count: %+v", c)
	}
	if code, body := ts.call(t, "POST", "/v1/search/count", testToken, []byte(`{"query":"postgres","top_k":3}`)); code != 400 || !strings.Contains(string(body), "top_k") {
		t.Errorf("count with top_k: %d %s", code, body)
	}
	var item rag.Item
	ts.json(t, "GET", "/v1/items/"+resp.Results[0].ID+"?context=1", nil, 200, &item)
	if !strings.Contains(item.Text, "PostgreSQL") || len(item.After) != 1 {
		t.Fatalf("item: %+v", item)
	}
	var st rag.IndexStats
	ts.json(t, "POST", "/v1/index", nil, 200, &st)

	var pl layers.Payload
	ts.json(t, "GET", "/v1/l1?budget=500", nil, 200, &pl)
	if pl.Budget != 500 {
		t.Fatalf("l1: %+v", pl)
	}

	var stats app.Stats
	ts.json(t, "POST", "/v1/context/stats", app.ConvRequest{Conversation: openaiConversation(3), Model: "gpt-4o"}, 200, &stats)
	if stats.HistoryMessages == 0 || stats.SystemTokens == 0 || stats.TotalTokens == 0 || stats.Limit == 0 {
		t.Fatalf("stats: %+v", stats)
	}
	var rep map[string]any
	ts.json(t, "POST", "/v1/context/check", app.ConvRequest{Conversation: openaiConversation(1)}, 200, &rep)
	if rep["level"] == nil {
		t.Fatalf("check: %v", rep)
	}
	var prep app.Prepared
	ts.json(t, "POST", "/v1/context/prepare", app.PrepareRequest{ConvRequest: app.ConvRequest{Conversation: openaiConversation(2)}, DryRun: true}, 200, &prep)
	if !json.Valid(prep.Conversation) || prep.Before == nil {
		t.Fatalf("prepare: %+v", prep)
	}

	// The model override: set, read, clear with "auto" and with null.
	var mo app.ModelOverride
	ts.json(t, "PUT", "/v1/model", map[string]any{"model": "claude-sonnet-4"}, 200, &mo)
	if mo.Model == nil || *mo.Model != "claude-sonnet-4" {
		t.Fatalf("model: %+v", mo)
	}
	ts.json(t, "GET", "/v1/model", nil, 200, &mo)
	ts.json(t, "PUT", "/v1/model", map[string]any{"model": "auto"}, 200, &mo)
	if mo.Model != nil {
		t.Fatalf("auto did not clear: %v", *mo.Model)
	}
	ts.json(t, "PUT", "/v1/model", map[string]any{"model": "gpt-4o"}, 200, &mo)
	ts.json(t, "PUT", "/v1/model", map[string]any{"model": nil}, 200, &mo)
	if mo.Model != nil {
		t.Fatal("null did not clear")
	}

	// L3.
	var p knowledge.Project
	ts.json(t, "POST", "/v1/projects", app.ProjectInput{Name: "tessera"}, 201, &p)
	var t1, t2 knowledge.Task
	ts.json(t, "POST", "/v1/tasks", map[string]any{"title": "Schema", "project": "tessera", "priority": "high"}, 201, &t1)
	ts.json(t, "POST", "/v1/tasks", map[string]any{"title": "API", "depends_on": []string{t1.ID}, "priority": 1}, 201, &t2)
	var ready []knowledge.Task
	ts.json(t, "GET", "/v1/tasks?ready=true", nil, 200, &ready)
	if len(ready) != 1 || ready[0].ID != t1.ID || t1.Priority != 2 {
		t.Fatalf("ready: %+v", ready)
	}
	// A task given no priority is normal, as from the CLI and MCP.
	var t3, t4 knowledge.Task
	ts.json(t, "POST", "/v1/tasks", map[string]any{"title": "Docs"}, 201, &t3)
	ts.json(t, "POST", "/v1/tasks", map[string]any{"title": "Lint", "priority": 0}, 201, &t4)
	if t3.Priority != 1 || t4.Priority != 0 {
		t.Fatalf("priorities: none given %d (want 1, normal), 0 given %d", t3.Priority, t4.Priority)
	}
	ts.json(t, "PATCH", "/v1/tasks/"+t2.ID, map[string]any{"assignee": "executor"}, 200, &t2)
	ts.json(t, "POST", "/v1/tasks/"+t1.ID+"/done", nil, 200, &t1)
	ts.json(t, "POST", "/v1/tasks/"+t1.ID+"/done", nil, 409, nil)
	var k knowledge.Item
	ts.json(t, "POST", "/v1/knowledge", app.ItemInput{Kind: "pattern", Title: "Retry with jitter", Tags: []string{"net"}}, 201, &k)
	ts.json(t, "POST", "/v1/knowledge/"+k.ID+"/observe", map[string]any{"agent": "executor", "success": true}, 201, nil)
	var kw app.ItemDetail
	ts.json(t, "GET", "/v1/knowledge/"+k.ID, nil, 200, &kw)
	if len(kw.Observations) != 1 {
		t.Fatalf("observations: %+v", kw)
	}
	ts.json(t, "POST", "/v1/promote?dry_run=true", nil, 200, nil)
	ts.json(t, "POST", "/v1/archive", app.ArchiveRequest{DryRun: true}, 200, nil)

	// OpenAPI lists every route.
	var doc map[string]any
	ts.json(t, "GET", "/v1/openapi.json", nil, 200, &doc)
	paths := doc["paths"].(map[string]any)
	for _, rt := range ts.srv.table {
		op, ok := paths[rt.path].(map[string]any)[strings.ToLower(rt.method)].(map[string]any)
		if !ok {
			t.Errorf("openapi lacks %s %s", rt.method, rt.path)
			continue
		}
		want := map[bool]string{false: "200", true: "201"}[rt.created]
		if _, ok := op["responses"].(map[string]any)[want]; !ok {
			t.Errorf("openapi: %s %s answers %s, not listed", rt.method, rt.path, want)
		}
	}
	if _, ok := paths["/v1/events"].(map[string]any)["get"]; !ok {
		t.Error("openapi lacks GET /v1/events")
	}
	// Every route the table says creates answers 201 (the ones above did).
	for _, p := range []string{"/v1/log", "/v1/projects", "/v1/tasks", "/v1/knowledge", "/v1/knowledge/{id}/observe"} {
		if i := slices.IndexFunc(ts.srv.table, func(rt route) bool { return rt.path == p && rt.method == "POST" }); i < 0 || !ts.srv.table[i].created {
			t.Errorf("POST %s is not marked as creating", p)
		}
	}

	// Metrics.
	st2, data := ts.call(t, "GET", "/metrics", testToken, nil)
	for _, want := range []string{`archon_http_requests_total{route="/v1/search",method="POST",code="200"}`,
		"archon_http_request_duration_seconds_bucket", "archon_index_chunks", "archon_index_bytes", "archon_context_checks_total{level=",
		"\ngo_goroutines ", "\ngo_memstats_heap_alloc_bytes ", "\nprocess_resident_memory_bytes "} {
		if st2 != 200 || !strings.Contains(string(data), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func TestNonLoopbackNeedsToken(t *testing.T) {
	for _, c := range []struct {
		addr, token string
		ok          bool
	}{
		{"127.0.0.1:0", "", true}, {"localhost:7420", "", true}, {"[::1]:7420", "", true},
		{"0.0.0.0:7420", "", false}, {"192.168.1.5:7420", "", false}, {"0.0.0.0:7420", "t", true}, {"nonsense", "", false},
	} {
		_, err := New(nil, Options{Addr: c.addr, Token: c.token})
		if (err == nil) != c.ok {
			t.Errorf("New(%q, token %q): err %v, want ok=%v", c.addr, c.token, err, c.ok)
		}
	}
}

func TestCORS(t *testing.T) {
	off := newTestServer(t, Options{})
	req, _ := http.NewRequest("OPTIONS", off.hs.URL+"/v1/search", nil)
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := off.hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("CORS headers without configured origins")
	}
	on := newTestServer(t, Options{CORSOrigins: []string{"http://app.local"}})
	req, _ = http.NewRequest("OPTIONS", on.hs.URL+"/v1/search", nil)
	req.Header.Set("Origin", "http://app.local")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type, mcp-method, mcp-name, mcp-param-region")
	resp, err = on.hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "http://app.local" {
		t.Fatalf("preflight: %d %v", resp.StatusCode, resp.Header)
	}
	// A browser MCP client of the 2026-07-28 protocol sends these.
	allow := resp.Header.Get("Access-Control-Allow-Headers")
	for _, h := range []string{"Mcp-Method", "Mcp-Name", "mcp-param-region", "Mcp-Session-Id"} {
		if !strings.Contains(allow, h) {
			t.Errorf("Access-Control-Allow-Headers %q lacks %s", allow, h)
		}
	}
}

// TestHeadOfGetRoutes: HEAD answers as GET does, without a body, and is
// listed in Allow.
func TestHeadOfGetRoutes(t *testing.T) {
	ts := newTestServer(t, Options{Token: testToken})
	st, body := ts.call(t, "HEAD", "/v1/health", testToken, nil)
	if st != 200 || len(body) != 0 {
		t.Fatalf("HEAD /v1/health: %d, %d bytes", st, len(body))
	}
	req, _ := http.NewRequest("PUT", ts.hs.URL+"/v1/health", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, err := ts.hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Fatalf("PUT /v1/health: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}
