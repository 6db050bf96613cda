package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
)

const testToken = "s3cret-token"

// newWorkspace creates a workspace with a few entries.
func newWorkspace(t testing.TB) (*memory.Workspace, *config.Loaded) {
	t.Helper()
	ctx := context.Background()
	ws, cfg := testws.New(t)
	for _, e := range []memory.Entry{
		{Date: "2026-11-18", Time: "14:03", Agent: "planner", Tags: []string{"db", "decision"},
			Text: "Decided to use PostgreSQL with Prisma ORM: the team knows it, and we need transactions."},
		{Date: "2026-11-18", Time: "14:10", Agent: "executor", Text: "ERROR: migration 0003 failed on the users table (duplicate key)."},
		{Date: "2026-11-19", Time: "09:00", Agent: "reviewer", Tags: []string{"frontend"}, Text: "Picked Tailwind for styling the invoice pages."},
	} {
		if _, err := ws.Append(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	return ws, cfg
}

// testServer is a service and its HTTP server on loopback.
type testServer struct {
	svc  *app.Local
	srv  *Server
	hs   *httptest.Server
	ws   *memory.Workspace
	spec map[string]any // the OpenAPI document, decoded (see checkResponse)
}

func newTestServer(t testing.TB, opt Options) *testServer {
	t.Helper()
	ws, cfg := newWorkspace(t)
	m, ev := NewMetrics(), NewEvents()
	svc, err := app.Open(context.Background(), ws, cfg, app.Options{Rescan: -1, IndexDelay: 20 * time.Millisecond, Observer: app.Observers{m, ev}})
	if err != nil {
		t.Fatal(err)
	}
	opt.Metrics, opt.Events = m, ev
	srv, err := New(svc, opt)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		opt.Events.Close() // live streams end, so Close does not wait on them
		hs.Close()
		if err := svc.Close(); err != nil {
			t.Error(err)
		}
	})
	return &testServer{svc: svc, srv: srv, hs: hs, ws: ws}
}

// call sends a request with a raw body and returns status and body.
func (ts *testServer) call(t testing.TB, method, path, token string, body []byte) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.hs.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := ts.hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	ts.checkResponse(t, method, path, resp.StatusCode, data)
	return resp.StatusCode, data
}

// json sends v and decodes the answer into out, failing unless want.
func (ts *testServer) json(t testing.TB, method, path string, v any, want int, out any) {
	t.Helper()
	var body []byte
	if v != nil {
		var err error
		if body, err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	st, data := ts.call(t, method, path, testToken, body)
	if st != want {
		t.Fatalf("%s %s: status %d, want %d: %s", method, path, st, want, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, data)
		}
	}
}

// errorCode returns the code of an error envelope, or "" when the body is
// not one.
func errorCode(data []byte) string {
	var env struct {
		Error *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(data, &env) != nil || env.Error == nil || env.Error.Message == "" {
		return ""
	}
	return env.Error.Code
}

// openaiConversation is a small OpenAI chat.
func openaiConversation(n int) json.RawMessage {
	msgs := []map[string]string{{"role": "system", "content": "You are a helpful planner."}}
	for i := 0; i < n; i++ {
		msgs = append(msgs, map[string]string{"role": "user", "content": strings.Repeat("Plan the invoice export. ", 5)},
			map[string]string{"role": "assistant", "content": "We decided to export invoices as CSV first."})
	}
	b, _ := json.Marshal(msgs)
	return b
}
