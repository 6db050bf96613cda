package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The official MCP Inspector's CLI (npm @modelcontextprotocol/inspector,
// v2: its --protocol-era flag picks the era; v0/v1 speak only the
// initialize handshake). .ci/run installs it into $ARCHON_MCP_NODE_DIR.
const inspectorEntry = "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"

// inspectorExitToolError is the Inspector CLI's exit code when the tool
// answered with isError: true (EXIT_CODES.TOOL_ERROR in its source).
const inspectorExitToolError = 5

// inspector runs the Inspector CLI against one server URL in one era.
type inspector struct {
	t    *testing.T
	node string
	cli  string
	home string
	url  string
	era  string
}

// inspectorOut is what one CLI run gave: its exit code, its stdout parsed
// as the --format json envelope, and the error envelope from stderr.
type inspectorOut struct {
	code   int
	result json.RawMessage
	errEnv struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	stdout, stderr string
}

func newInspector(t *testing.T, url, era string) *inspector {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: skipping the MCP Inspector CLI test (install Node 20+ and run .ci/run)")
	}
	dir := os.Getenv("ARCHON_MCP_NODE_DIR")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "archon-mcp-node")
	}
	cli := filepath.Join(dir, filepath.FromSlash(inspectorEntry))
	if _, err := os.Stat(cli); err != nil {
		t.Fatalf("the MCP Inspector CLI v2 is not installed (no %s): run .ci/run, or npm install --prefix %s @modelcontextprotocol/inspector@^2.12.0", cli, dir)
	}
	// The Inspector keeps state under ~/.mcp-inspector: give it a home of
	// its own so a run neither reads nor leaves anything outside the test.
	return &inspector{t: t, node: node, cli: cli, home: t.TempDir(), url: url, era: era}
}

// run calls one method; args follow --method (e.g. --tool-name, --tool-arg).
func (in *inspector) run(method string, args ...string) inspectorOut {
	in.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	argv := append([]string{in.cli, "--cli", in.url, "--transport", "http", "--protocol-era", in.era,
		"--format", "json", "--quiet", "--method", method}, args...)
	cmd := exec.CommandContext(ctx, in.node, argv...)
	cmd.Env = append(os.Environ(), "HOME="+in.home, "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	out := inspectorOut{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && ctx.Err() == nil:
		out.code = exit.ExitCode()
	default:
		in.t.Fatalf("inspector %s: %v\nstdout: %s\nstderr: %s", method, err, out.stdout, out.stderr)
	}
	var env struct {
		Result json.RawMessage `json:"result"`
	}
	if s := bytes.TrimSpace(stdout.Bytes()); len(s) > 0 {
		if err := json.Unmarshal(s, &env); err != nil {
			in.t.Fatalf("inspector %s: stdout is not JSON: %v\n%s\nstderr: %s", method, err, s, out.stderr)
		}
	}
	out.result = env.Result
	if out.code != 0 {
		var e struct {
			Error json.RawMessage `json:"error"`
		}
		// With --quiet, stderr holds only the error envelope.
		if json.Unmarshal(bytes.TrimSpace(stderr.Bytes()), &e) == nil && e.Error != nil {
			_ = json.Unmarshal(e.Error, &out.errEnv)
		}
	}
	return out
}

// toolResult is a tools/call result as the Inspector prints it.
type toolResult struct {
	IsError bool `json:"isError"`
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

func (r toolResult) text() string {
	var b strings.Builder
	for _, c := range r.Content {
		b.WriteString(c.Text)
	}
	return b.String()
}

// call runs tools/call; it fails the test on anything but a tool result.
func (in *inspector) call(tool string, args ...string) (toolResult, inspectorOut) {
	in.t.Helper()
	out := in.run("tools/call", append([]string{"--tool-name", tool}, args...)...)
	var r toolResult
	if out.result == nil || json.Unmarshal(out.result, &r) != nil {
		in.t.Fatalf("tools/call %s: no tool result (exit %d)\nstdout: %s\nstderr: %s", tool, out.code, out.stdout, out.stderr)
	}
	if r.IsError != (out.code == inspectorExitToolError) || (!r.IsError && out.code != 0) {
		in.t.Fatalf("tools/call %s: isError %v but exit %d\nstdout: %s\nstderr: %s", tool, r.IsError, out.code, out.stdout, out.stderr)
	}
	return r, out
}

// wireLog records, for each POST the server gets, the JSON-RPC method in
// the body, the protocol version the body asks for (initialize only) and
// the Mcp-Protocol-Version and Mcp-Method headers.
type wireLog struct {
	mu   sync.Mutex
	msgs []wireMsg
}

type wireMsg struct {
	method, initVersion, headerVersion, headerMethod string
}

func (w *wireLog) wrap(h http.Handler, maxBody int64) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
			if err != nil {
				http.Error(rw, err.Error(), http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(b))
			var m struct {
				Method string `json:"method"`
				Params struct {
					ProtocolVersion string `json:"protocolVersion"`
				} `json:"params"`
			}
			_ = json.Unmarshal(b, &m)
			w.mu.Lock()
			w.msgs = append(w.msgs, wireMsg{m.Method, m.Params.ProtocolVersion,
				r.Header.Get("Mcp-Protocol-Version"), r.Header.Get("Mcp-Method")})
			w.mu.Unlock()
		}
		h.ServeHTTP(rw, r)
	})
}

func (w *wireLog) all() []wireMsg {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.msgs)
}

// TestInspectorCLI drives the HTTP endpoint with the official MCP Inspector
// CLI in both eras the server serves: 2026-07-28 (--protocol-era modern:
// server/discover, no initialize, no session, Mcp-Method headers) and the
// initialize handshake (--protocol-era legacy: the Inspector offers
// 2025-11-25, the newest it has before 2026-07-28).
func TestInspectorCLI(t *testing.T) {
	for _, tc := range []struct {
		version string // what the wire must carry
		era     string // the Inspector's --protocol-era
		check   func(t *testing.T, msgs []wireMsg)
	}{
		{"2026-07-28", "modern", func(t *testing.T, msgs []wireMsg) {
			if msgs[0].method != "server/discover" {
				t.Errorf("first request %q, want server/discover", msgs[0].method)
			}
			for _, m := range msgs {
				if m.method == "initialize" {
					t.Errorf("an initialize request in the 2026-07-28 era")
				}
				if m.headerVersion != "2026-07-28" || m.headerMethod != m.method {
					t.Errorf("%s: Mcp-Protocol-Version %q, Mcp-Method %q", m.method, m.headerVersion, m.headerMethod)
				}
			}
		}},
		{"2025-11-25", "legacy", func(t *testing.T, msgs []wireMsg) {
			if msgs[0].method != "initialize" || msgs[0].initVersion != "2025-11-25" {
				t.Errorf("first request %q offering %q, want initialize offering 2025-11-25", msgs[0].method, msgs[0].initVersion)
			}
			// Each CLI run is a fresh connection: it opens with initialize
			// (no version header yet), then every request carries the
			// negotiated version.
			for _, m := range msgs {
				switch {
				case m.method == "server/discover":
					t.Errorf("a server/discover request in the initialize era")
				case m.method == "initialize":
					if m.initVersion != "2025-11-25" {
						t.Errorf("initialize offers %q, want 2025-11-25", m.initVersion)
					}
				case m.headerVersion != "2025-11-25":
					t.Errorf("%s: Mcp-Protocol-Version %q, want 2025-11-25", m.method, m.headerVersion)
				}
			}
		}},
	} {
		t.Run(tc.version, func(t *testing.T) {
			svc := newService(t)
			var wire wireLog
			hs := httptest.NewServer(wire.wrap(HTTPHandler(NewServer(svc, "test"), 1<<20), 1<<20))
			defer hs.Close()
			in := newInspector(t, hs.URL+"/mcp", tc.era)

			// tools/list: the memory tools are there (others may come and go).
			out := in.run("tools/list")
			var list struct {
				Tools []struct {
					Name string `json:"name"`
				} `json:"tools"`
			}
			if out.code != 0 || json.Unmarshal(out.result, &list) != nil {
				t.Fatalf("tools/list: exit %d\nstdout: %s\nstderr: %s", out.code, out.stdout, out.stderr)
			}
			var names []string
			for _, tl := range list.Tools {
				names = append(names, tl.Name)
			}
			for _, want := range []string{"memory_search", "memory_log", "memory_get"} {
				if !slices.Contains(names, want) {
					t.Errorf("tools/list has no %s: %v", want, names)
				}
			}

			// memory_log, then memory_search finds the entry once the
			// background indexer has it.
			note := fmt.Sprintf("Chose NATS for events over Kafka (logged by the MCP Inspector, era %s).", tc.version)
			r, _ := in.call("memory_log", "--tool-arg", "text="+note, "agent=inspector")
			if r.IsError || !strings.Contains(r.text(), ".md:") {
				t.Fatalf("memory_log: %+v", r)
			}
			at, id, _ := strings.Cut(r.text(), " id ") // path:start-end id ID
			var found bool
			var last string
			for i := 0; i < 10 && !found; i++ {
				if i > 0 {
					time.Sleep(200 * time.Millisecond)
				}
				r, _ := in.call("memory_search", "--tool-arg", "query=NATS", "top_k=10")
				if r.IsError {
					t.Fatalf("memory_search: %s", r.text())
				}
				last = r.text()
				var hits []struct {
					ID        string `json:"id"`
					Path      string `json:"path"`
					LineStart int    `json:"line_start"`
					LineEnd   int    `json:"line_end"`
					Snippet   string `json:"snippet"`
					Agent     string `json:"agent"`
				}
				if err := json.Unmarshal([]byte(last), &hits); err != nil {
					t.Fatalf("memory_search result: %v: %s", err, last)
				}
				for _, h := range hits {
					if fmt.Sprintf("%s:%d-%d", h.Path, h.LineStart, h.LineEnd) == at && h.ID == id {
						found = true
						if !strings.Contains(h.Snippet, "NATS") || h.Agent != "inspector" {
							t.Errorf("hit %+v", h)
						}
					}
				}
			}
			if !found {
				t.Fatalf("memory_search never found the entry logged at %s; last answer: %s", at, last)
			}

			// Bad arguments come back as tool errors (isError, exit 5),
			// not as protocol errors.
			r, out = in.call("memory_search", "--tool-args-json", `{"query":5}`)
			if !r.IsError || !strings.Contains(r.text(), "query") || out.errEnv.Code != "tool_is_error" {
				t.Errorf("memory_search query=5: %+v (stderr %s)", r, out.stderr)
			}
			r, out = in.call("memory_get", "--tool-arg", "id=../../etc/passwd")
			if !r.IsError || !strings.Contains(r.text(), "not_found") || out.errEnv.Code != "tool_is_error" {
				t.Errorf("memory_get ../../etc/passwd: %+v (stderr %s)", r, out.stderr)
			}

			msgs := wire.all()
			if len(msgs) == 0 {
				t.Fatal("the server saw no request")
			}
			tc.check(t, msgs)
			var methods []string
			for _, m := range msgs {
				methods = append(methods, m.method)
			}
			t.Logf("%s: %d requests, methods %v", tc.version, len(msgs), slices.Compact(methods))
		})
	}
}
