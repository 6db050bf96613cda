package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/tokens"
)

// TestMain lets the Node stdio test run this binary as the MCP server.
func TestMain(m *testing.M) {
	if root := os.Getenv("ARCHON_TEST_MCP_STDIO_ROOT"); root != "" {
		os.Exit(runStdio(root))
	}
	os.Exit(m.Run())
}

func runStdio(root string) int {
	ctx := context.Background()
	ws, cfg, err := testws.Open(root)
	if err == nil {
		var svc *app.Local
		if svc, err = app.Open(ctx, ws, cfg, app.Options{Rescan: -1, IndexDelay: 20 * time.Millisecond}); err == nil {
			err = RunStdio(ctx, NewServer(svc, "test"))
			svc.Close()
		}
	}
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	return 0
}

func newRoot(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	tmpl := config.Template()
	if _, err := memory.Init(context.Background(), root, map[string][]byte{memory.ConfigFile: tmpl}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, memory.SummaryFile), []byte("# Summary\n\nWe build an invoicing SaaS.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func newService(t testing.TB) *app.Local {
	t.Helper()
	ws, cfg, err := testws.Open(newRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := app.Open(context.Background(), ws, cfg, app.Options{Rescan: -1, IndexDelay: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	return svc
}

// inMemoryClient connects an MCP client to a server over svc in memory.
func inMemoryClient(t *testing.T, svc app.Memory) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := sdk.NewInMemoryTransports()
	if _, err := NewServer(svc, "test").Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestToolListBudget measures the tools/list answer in cl100k tokens.
func TestToolListBudget(t *testing.T) {
	ctx := context.Background()
	cs := inMemoryClient(t, newService(t))
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res.Tools)
	n := tokens.Count(string(b))
	t.Logf("%d tools, %d bytes, %d cl100k tokens (budget %d)", len(res.Tools), len(b), n, ToolListBudget)
	if n > ToolListBudget {
		t.Fatalf("the tool list costs %d tokens, over the budget of %d", n, ToolListBudget)
	}
	want := []string{"memory_search", "memory_get", "memory_log", "memory_context", "context_check", "task_list", "task_add", "task_update", "knowledge_list", "knowledge_add", "memory"}
	if len(res.Tools) != len(want) {
		t.Fatalf("tools %d, want %d", len(res.Tools), len(want))
	}
	// A bad call is a tool error the agent can read, not a protocol error.
	r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_get", Arguments: map[string]any{"id": "../../etc/passwd"}})
	if err != nil || !r.IsError || !strings.Contains(r.Content[0].(*sdk.TextContent).Text, "not_found") {
		t.Fatalf("bad get: %v %+v", err, r)
	}
	for _, bad := range []map[string]any{{"query": 5}, {"top_k": "x", "query": "a"}, {}} {
		r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_search", Arguments: bad})
		if err == nil && !r.IsError {
			t.Fatalf("memory_search %v: accepted", bad)
		}
	}
}

// TestSearchExplains: memory_search with explain says why each hit
// matched (the query words it holds), as POST /v1/search does.
func TestSearchExplains(t *testing.T) {
	ctx := context.Background()
	cs := inMemoryClient(t, newService(t))
	if r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_log", Arguments: map[string]any{"text": "Chose NATS for the event bus."}}); err != nil || r.IsError {
		t.Fatalf("memory_log: %v %+v", err, r)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "NATS", "explain": true}})
		if err != nil || r.IsError {
			t.Fatalf("memory_search explain: %v %+v", err, r)
		}
		if text := r.Content[0].(*sdk.TextContent).Text; strings.Contains(text, `"why":{"words":["nats"]`) {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("memory_search explain: no reason given: %s", text)
		}
	}
}

// nodeClient runs testdata/client.cjs with the official TypeScript SDK.
func nodeClient(t *testing.T, args ...string) map[string]any {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: skipping the TypeScript SDK client test (install Node 20+ and run .ci/run)")
	}
	dir := os.Getenv("ARCHON_MCP_NODE_DIR")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "archon-mcp-node")
	}
	mods := filepath.Join(dir, "node_modules")
	if _, err := os.Stat(filepath.Join(mods, "@modelcontextprotocol", "sdk")); err != nil {
		t.Fatalf("@modelcontextprotocol/sdk is not installed in %s: run .ci/run, or npm install --prefix %s @modelcontextprotocol/sdk", dir, dir)
	}
	script, _ := filepath.Abs(filepath.Join("testdata", "client.cjs"))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append([]string{script}, args...)...)
	cmd.Env = append(os.Environ(), "NODE_PATH="+mods)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node client: %v\n%s", err, stderr.String())
	}
	var res map[string]any
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node client output: %v: %s", err, out)
	}
	return res
}

func checkNodeResult(t *testing.T, res map[string]any) {
	t.Helper()
	if n := len(res["tools"].([]any)); n != 11 {
		t.Errorf("tools: %v", res["tools"])
	}
	hits, _ := res["search"].([]any)
	if len(hits) == 0 || !strings.Contains(hits[0].(map[string]any)["snippet"].(string), "NATS") {
		t.Errorf("search did not find the logged entry: %v", res["search"])
	}
	get := res["get"].(map[string]any)
	if get["error"].(bool) || !strings.Contains(get["text"].(string), "lighter than Kafka") {
		t.Errorf("get: %v", get)
	}
	if !res["badget"].(map[string]any)["error"].(bool) {
		t.Errorf("unknown id was not an error")
	}
	for _, k := range []string{"log", "context", "check", "task", "tasks", "item", "items"} {
		if r := res[k].(map[string]any); r["error"].(bool) {
			t.Errorf("%s: %v", k, r["text"])
		}
	}
	if !strings.Contains(res["tasks"].(map[string]any)["text"].(string), "Wire NATS") ||
		!strings.Contains(res["items"].(map[string]any)["text"].(string), "JetStream") {
		t.Errorf("tasks/items: %v %v", res["tasks"], res["items"])
	}
	if !strings.Contains(res["summary"].(string), "invoicing SaaS") || len(res["resources"].([]any)) != 2 {
		t.Errorf("resources: %v %v", res["resources"], res["summary"])
	}
}

func TestNodeClientStdio(t *testing.T) {
	root := newRoot(t)
	t.Setenv("ARCHON_TEST_MCP_STDIO_ROOT", root)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	checkNodeResult(t, nodeClient(t, "stdio", exe))
}

func TestNodeClientHTTP(t *testing.T) {
	svc := newService(t)
	hs := httptest.NewServer(HTTPHandler(NewServer(svc, "test"), 1<<20))
	defer hs.Close()
	checkNodeResult(t, nodeClient(t, "http", hs.URL))
}

// TestHTTPProtocolEras: the streamable HTTP endpoint is stateless and
// serves clients of every era: 2026-07-28 (server/discover, no session)
// and the initialize handshake of 2025-11-25 and 2025-06-18.
func TestHTTPProtocolEras(t *testing.T) {
	svc := newService(t)
	hs := httptest.NewServer(HTTPHandler(NewServer(svc, "test"), 1<<20))
	defer hs.Close()
	ctx := context.Background()
	for _, era := range []string{"2026-07-28", "2025-11-25", "2025-06-18"} {
		t.Run(era, func(t *testing.T) {
			c := sdk.NewClient(&sdk.Implementation{Name: "eras", Version: "1"}, nil)
			cs, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: hs.URL, DisableStandaloneSSE: true}, &sdk.ClientSessionOptions{ProtocolVersion: era})
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			if got := cs.InitializeResult().ProtocolVersion; got != era {
				t.Errorf("negotiated %q, want %q", got, era)
			}
			tools, err := cs.ListTools(ctx, nil)
			if err != nil || len(tools.Tools) != 11 {
				t.Fatalf("tools/list: %v %v", err, tools)
			}
			r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "NATS"}})
			if err != nil || r.IsError {
				t.Fatalf("tools/call: %v %+v", err, r)
			}
		})
	}
}

// panicky is a service whose searches panic, as a bug would make them.
type panicky struct{ app.Memory }

func (panicky) Search(context.Context, app.SearchRequest) (*app.SearchResponse, error) {
	panic("boom")
}

// TestToolPanicIsAnError: a tool that panics answers that call with an
// error, and the server goes on answering (over stdio a crash would end
// the agent's session with it).
func TestToolPanicIsAnError(t *testing.T) {
	ctx := context.Background()
	cs := inMemoryClient(t, panicky{newService(t)})
	r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "x"}})
	if err != nil || !r.IsError || !strings.Contains(r.Content[0].(*sdk.TextContent).Text, "boom") {
		t.Fatalf("panicking search: %v %+v", err, r)
	}
	r, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_log", Arguments: map[string]any{"text": "still here"}})
	if err != nil || r.IsError {
		t.Fatalf("a call after the panic: %v %+v", err, r)
	}
}

// TestSearchWarns: memory_search says why it found nothing, as archon
// search does, in a text content after the hits.
func TestSearchWarns(t *testing.T) {
	ctx := context.Background()
	cs := inMemoryClient(t, newService(t))
	if r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_log", Arguments: map[string]any{"text": "Chose NATS for the event bus."}}); err != nil || r.IsError {
		t.Fatalf("memory_log: %v %+v", err, r)
	}
	r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "zzqqxx"}})
	if err != nil || r.IsError || len(r.Content) < 2 {
		t.Fatalf("memory_search: %v %+v", err, r)
	}
	if hits := r.Content[0].(*sdk.TextContent).Text; hits != "[]" {
		t.Errorf("hits %s, want []", hits)
	}
	if w := r.Content[1].(*sdk.TextContent).Text; !strings.HasPrefix(w, "warning: ") || !strings.Contains(w, "no entry holds a word of the query") {
		t.Errorf("warning %q", w)
	}
}

// TestTaskUpdateDoneIsAllOrNothing: task_update to done on a task a
// dependency holds back is refused with nothing changed, its assignee
// and note included.
func TestTaskUpdateDoneIsAllOrNothing(t *testing.T) {
	ctx := context.Background()
	svc := newService(t)
	cs := inMemoryClient(t, svc)
	call := func(name string, args map[string]any) *sdk.CallToolResult {
		t.Helper()
		r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	call("task_add", map[string]any{"title": "migrate"})
	call("task_add", map[string]any{"title": "deploy", "depends_on": []string{"T1"}})
	if r := call("task_update", map[string]any{"id": "T2", "status": "done", "assignee": "bob", "description": "shipped it"}); !r.IsError {
		t.Fatalf("done with a dependency open: %+v", r)
	}
	tk, err := svc.Task(ctx, "T2")
	if err != nil {
		t.Fatal(err)
	}
	if tk.Assignee != "" || tk.Description != "" || tk.Status == "done" {
		t.Fatalf("the refused update changed the task: %+v", tk)
	}
	call("task_update", map[string]any{"id": "T1", "status": "done"})
	if r := call("task_update", map[string]any{"id": "T2", "status": "done", "assignee": "bob"}); r.IsError {
		t.Fatalf("done: %+v", r)
	}
	if tk, _ := svc.Task(ctx, "T2"); tk.Assignee != "bob" || tk.Status != "done" {
		t.Fatalf("after done: %+v", tk)
	}
}

// TestTaskUpdateDoneWithABadField: task_update to done with a field the
// store refuses changes nothing, the status included, so the agent's
// retry with the field fixed marks it done.
func TestTaskUpdateDoneWithABadField(t *testing.T) {
	ctx := context.Background()
	svc := newService(t)
	cs := inMemoryClient(t, svc)
	if r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "task_add", Arguments: map[string]any{"title": "migrate"}}); err != nil || r.IsError {
		t.Fatalf("task_add: %v %+v", err, r)
	}
	r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "task_update", Arguments: map[string]any{"id": "T1", "status": "done", "assignee": "Bob Smith"}})
	if err != nil || !r.IsError {
		t.Fatalf("a bad assignee: %v %+v", err, r)
	}
	if tk, _ := svc.Task(ctx, "T1"); tk.Status == "done" {
		t.Fatalf("the refused update marked the task done: %+v", tk)
	}
	r, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "task_update", Arguments: map[string]any{"id": "T1", "status": "done", "assignee": "bob"}})
	if err != nil || r.IsError {
		t.Fatalf("the retry: %v %+v", err, r)
	}
	if tk, _ := svc.Task(ctx, "T1"); tk.Status != "done" || tk.Assignee != "bob" {
		t.Fatalf("after the retry: %+v", tk)
	}
}

// TestHTTPRefusesIDsItWouldChange: over /mcp, a request whose id the SDK
// would answer as another (a fraction, an integer a float64 rounds) or
// that is no id is refused with Invalid Request to a null id; the ids
// MCP allows are answered as sent.
func TestHTTPRefusesIDsItWouldChange(t *testing.T) {
	hs := httptest.NewServer(HTTPHandler(NewServer(newService(t), "test"), 1<<20))
	defer hs.Close()
	post := func(id string) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest("POST", hs.URL, strings.NewReader(`{"jsonrpc":"2.0","id":`+id+`,"method":"ping"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		var m map[string]any
		if i := bytes.IndexByte(body, '{'); i >= 0 {
			json.Unmarshal(bytes.TrimSpace(body[i:bytes.LastIndexByte(body, '}')+1]), &m)
		}
		return resp.StatusCode, m
	}
	for _, id := range []string{"1.5", "12345678901234567890", "9007199254740993", "true", "[1]"} {
		code, m := post(id)
		e, _ := m["error"].(map[string]any)
		if code != http.StatusBadRequest || e == nil || e["code"] != float64(-32600) || m["id"] != nil {
			t.Errorf("id %s: %d %v", id, code, m)
		}
	}
	for _, id := range []string{"7", `"a"`, "9007199254740991"} {
		if code, m := post(id); code != http.StatusOK || m["error"] != nil {
			t.Errorf("id %s: %d %v", id, code, m)
		}
	}
}

// TestHTTPBodyOverTheLimit: a request over the body limit is answered
// with a JSON-RPC error (HTTP 413), as every other refusal is, not with
// a line of text.
func TestHTTPBodyOverTheLimit(t *testing.T) {
	hs := httptest.NewServer(HTTPHandler(NewServer(newService(t), "test"), 1<<10))
	defer hs.Close()
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"memory_log","arguments":{"text":"` + strings.Repeat("x", 2<<10) + `"}}}`
	req, _ := http.NewRequest("POST", hs.URL, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var msg struct {
		Error struct {
			Code    int
			Message string
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&msg); err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge || msg.Error.Code != -32600 || !strings.Contains(msg.Error.Message, "over 1024 bytes") {
		t.Fatalf("status %d, %v, %+v", resp.StatusCode, err, msg)
	}
}

// TestToolsSayAndClearAsTheCLI: task_update clears an assignee or a
// description given as "" (left out, they stay), and context_check says
// what it assumed of a model it does not know, as archon context check.
func TestToolsSayAndClearAsTheCLI(t *testing.T) {
	ctx := context.Background()
	cs := inMemoryClient(t, newService(t))
	call := func(name string, args map[string]any) string {
		t.Helper()
		r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
		if err != nil || r.IsError {
			t.Fatalf("%s: %v %+v", name, err, r)
		}
		return r.Content[0].(*sdk.TextContent).Text
	}
	call("task_add", map[string]any{"title": "Rotate keys", "assignee": "bob"})
	if out := call("task_update", map[string]any{"id": "T1", "description": "all of them"}); !strings.Contains(out, `"assignee":"bob"`) {
		t.Fatalf("left out, the assignee changed: %s", out)
	}
	if out := call("task_update", map[string]any{"id": "T1", "assignee": "", "description": ""}); !strings.Contains(out, `"assignee":""`) || !strings.Contains(out, `"description":""`) {
		t.Fatalf("not cleared: %s", out)
	}
	if out := call("context_check", map[string]any{"conversation": `[{"role":"user","content":"hi"}]`, "model": "my-local-llama"}); !strings.Contains(out, `"notes":["unknown`) {
		t.Fatalf("no note of the unknown model: %s", out)
	}
}
