package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/archon-memory/archon/app"
)

// runServer serves a fresh workspace with Run on a loopback port and
// returns its address; the server stops (and must stop cleanly) when the
// test ends.
func runServer(t *testing.T, opt Options) string {
	t.Helper()
	ws, cfg := newWorkspace(t)
	svc, err := app.Open(context.Background(), ws, cfg, app.Options{Rescan: -1, IndexDelay: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(svc, opt)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- srv.Run(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-errc; err != nil {
			t.Errorf("Run: %v (connections left open at shutdown?)", err)
		}
		if err := svc.Close(); err != nil {
			t.Error(err)
		}
	})
	return ln.Addr().String()
}

// TestStalledRequestsAreCut opens raw connections that send part of a
// request and stall: the server closes each at its read deadline (headers:
// ReadHeaderTimeout, body: ReadTimeout, both from the connection's first
// byte) and still answers normal requests, a slow body within the deadline
// included.
func TestStalledRequestsAreCut(t *testing.T) {
	const (
		headerTimeout = 300 * time.Millisecond
		readTimeout   = 700 * time.Millisecond
		slack         = 1500 * time.Millisecond // -race on 2 busy cores
	)
	// The /mcp stand-in reads its body as the MCP handler does.
	mcp := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Write([]byte("{}"))
	})
	addr := runServer(t, Options{ReadHeaderTimeout: headerTimeout, ReadTimeout: readTimeout, RequestTimeout: 10 * time.Second,
		ShutdownTimeout: 2 * time.Second, MCP: mcp})
	head := func(method, path string, extra ...string) string {
		return method + " " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\n" + strings.Join(extra, "")
	}
	cases := []struct {
		name     string
		conns    int
		send     string
		deadline time.Duration
		status   string // the answer before the close; "" for none
	}{
		{"headers never end", 50, head("POST", "/v1/search"), headerTimeout, ""},
		{"body stalls", 200, head("POST", "/v1/search", "Content-Length: 1000\r\n\r\n") + `{"query":"post`, readTimeout, "408"},
		{"chunked body stalls", 20, head("POST", "/v1/log", "Transfer-Encoding: chunked\r\n\r\n") + "6\r\n{\"text\r\n", readTimeout, "408"},
		{"mcp body stalls", 20, head("POST", "/mcp", "Content-Length: 500\r\n\r\n") + `{"jsonrpc":"2.0",`, readTimeout, "400"},
	}
	type result struct {
		elapsed time.Duration
		answer  string
		err     error
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			results := make([]result, tc.conns)
			var wg sync.WaitGroup
			for i := range tc.conns {
				wg.Add(1)
				go func() {
					defer wg.Done()
					start := time.Now()
					c, err := net.Dial("tcp", addr)
					if err != nil {
						results[i].err = err
						return
					}
					defer c.Close()
					c.SetDeadline(start.Add(tc.deadline + slack))
					if _, err := io.WriteString(c, tc.send); err != nil {
						results[i].err = err
						return
					}
					b, err := io.ReadAll(c) // until the server closes
					results[i] = result{time.Since(start), string(b), err}
				}()
			}
			wg.Wait()
			var longest time.Duration
			for i, r := range results {
				if r.err != nil {
					t.Fatalf("connection %d: not closed within %s + %s: %v", i, tc.deadline, slack, r.err)
				}
				if r.elapsed < tc.deadline*8/10 {
					t.Fatalf("connection %d closed after %s, before its deadline %s", i, r.elapsed, tc.deadline)
				}
				if f := strings.Fields(r.answer); tc.status != "" && (len(f) < 2 || f[1] != tc.status) {
					t.Fatalf("connection %d: answer %q, want status %s", i, r.answer, tc.status)
				}
				longest = max(longest, r.elapsed)
			}
			t.Logf("%d connections closed, the last after %s (deadline %s)", tc.conns, longest.Round(time.Millisecond), tc.deadline)
		})
	}

	// The server still answers, a body sent slowly within the deadline too.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	body := `{"query":"postgres transactions","top_k":2}`
	io.WriteString(c, head("POST", "/v1/search", fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body))))
	for i := 0; i < len(body); i += 10 {
		time.Sleep(readTimeout / 10)
		io.WriteString(c, body[i:min(i+10, len(body))])
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(data, []byte("PostgreSQL")) {
		t.Fatalf("slow body within the deadline: %d %s", resp.StatusCode, data)
	}
	resp, err = http.Post("http://"+addr+"/v1/search", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("search after the stalls: %d", resp.StatusCode)
	}
}

// TestLongAnswerOutlivesReadTimeout: the read deadline cuts the request,
// never the answer. A streamed answer (as MCP streams events) lasting
// several ReadTimeouts arrives whole, with its request context alive, for
// a GET without a body and a POST with one, and the connection serves the
// next request.
func TestLongAnswerOutlivesReadTimeout(t *testing.T) {
	const readTimeout = 300 * time.Millisecond
	const events = 6
	stream := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		for i := range events {
			select {
			case <-r.Context().Done():
				return // the stream is cut: the client sees fewer events
			case <-time.After(readTimeout / 2):
			}
			fmt.Fprintf(w, "data: %d\n\n", i)
			if err := rc.Flush(); err != nil {
				return
			}
		}
	})
	addr := runServer(t, Options{ReadTimeout: readTimeout, ShutdownTimeout: 2 * time.Second, MCP: stream})
	hc := &http.Client{}
	for _, method := range []string{"GET", "POST", "GET"} {
		var body io.Reader
		if method == "POST" {
			body = strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/call"}`)
		}
		req, _ := http.NewRequest(method, "http://"+addr+"/mcp", body)
		req.Header.Set("Content-Type", "application/json")
		start := time.Now()
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || strings.Count(string(data), "data: ") != events {
			t.Fatalf("%s /mcp: the stream was cut after %s (read timeout %s): %q %v", method, time.Since(start), readTimeout, data, err)
		}
		t.Logf("%s /mcp: %d events over %s, read timeout %s", method, events, time.Since(start).Round(time.Millisecond), readTimeout)
	}
}

// slowJobs is a service whose one job outlasts any request.
type slowJobs struct{ app.Memory }

func (slowJobs) RunJob(ctx context.Context, name string) (*app.JobStatus, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func (slowJobs) Jobs(ctx context.Context) ([]app.JobStatus, error) {
	return []app.JobStatus{{Name: "archive", Running: true}}, nil
}

// TestLongJobRunIsAccepted: POST /v1/jobs/{id}/run of a job that runs
// longer than a request answers 202 with the job's status, running,
// before the request's deadline, instead of timing out.
func TestLongJobRunIsAccepted(t *testing.T) {
	ws, cfg := newWorkspace(t)
	svc, err := app.Open(context.Background(), ws, cfg, app.Options{Rescan: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	srv, err := New(slowJobs{svc}, Options{RequestTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	resp, err := http.Post(hs.URL+"/v1/jobs/archive/run", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st app.JobStatus
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusAccepted || !st.Running { // a timeout would be 503
		t.Fatalf("answer %d %+v", resp.StatusCode, st)
	}
}

// TestOnStopRunsWhileReachable: OnStop runs when Run's context ends, while
// the service still answers at its address (archon serve marks serve.json
// as stopping there, so that a command run meanwhile does not take the
// file for a dead service's).
func TestOnStopRunsWhileReachable(t *testing.T) {
	ws, cfg := newWorkspace(t)
	svc, err := app.Open(context.Background(), ws, cfg, app.Options{Rescan: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	reached := make(chan error, 1)
	srv, err := New(svc, Options{OnStop: func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/v1/health")
		if err == nil {
			resp.Body.Close()
		}
		reached <- err
	}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- srv.Run(ctx, ln) }()
	cancel()
	if err := <-reached; err != nil {
		t.Fatalf("not reachable in OnStop: %v", err)
	}
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
}
