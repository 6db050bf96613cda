package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// mcpSession is an archon mcp process (this test binary run as archon)
// spoken to over its stdin and stdout.
type mcpSession struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	id  int
}

func startMCP(t *testing.T, root string) *mcpSession {
	t.Helper()
	cmd := exec.Command(os.Args[0], "--root", root, "mcp")
	cmd.Env = append(os.Environ(), runAsArchon+"=1", "HOME="+t.TempDir(), "ARCHON_WORKSPACE_TIMEZONE=UTC")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	s := &mcpSession{cmd: cmd, in: in, out: bufio.NewReader(out)}
	s.rpc(t, "initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "test", "version": "1"}})
	fmt.Fprintln(s.in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

// rpc sends one request and returns its result.
func (s *mcpSession) rpc(t *testing.T, method string, params any) json.RawMessage {
	t.Helper()
	s.id++
	req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": s.id, "method": method, "params": params})
	if _, err := fmt.Fprintf(s.in, "%s\n", req); err != nil {
		t.Fatal(err)
	}
	line, err := s.out.ReadBytes('\n')
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	var resp struct {
		Result json.RawMessage
		Error  json.RawMessage
	}
	if err := json.Unmarshal(line, &resp); err != nil || resp.Error != nil {
		t.Fatalf("%s: %v %s", method, err, line)
	}
	return resp.Result
}

// tool calls a tool and returns its text.
func (s *mcpSession) tool(t *testing.T, name string, args map[string]any) string {
	t.Helper()
	var r struct {
		Content []struct{ Text string }
		IsError bool
	}
	if err := json.Unmarshal(s.rpc(t, "tools/call", map[string]any{"name": name, "arguments": args}), &r); err != nil || len(r.Content) == 0 || r.IsError {
		t.Fatalf("%s: %v %+v", name, err, r)
	}
	return r.Content[0].Text
}

func (s *mcpSession) close(t *testing.T) {
	t.Helper()
	s.in.Close()
	if err := s.cmd.Wait(); err != nil {
		t.Errorf("archon mcp: %v", err)
	}
}

// TestMCPSessionsSideBySide: archon mcp without a service holds no index
// between calls, so two sessions and the CLI work on one workspace at
// once, and each finds at once what it or another logged.
func TestMCPSessionsSideBySide(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	a, b := startMCP(t, root), startMCP(t, root)
	logged := a.tool(t, "memory_log", map[string]any{"text": "Chose NATS for the event bus."})
	at, id, ok := strings.Cut(logged, " id ")
	if !ok || !strings.HasPrefix(at, "memory/") {
		t.Fatalf("memory_log: %q", logged)
	}
	b.tool(t, "memory_log", map[string]any{"text": "Kafka was turned down: too heavy to run."})
	if hits := b.tool(t, "memory_search", map[string]any{"query": "NATS event bus"}); !strings.Contains(hits, `"id":"`+id+`"`) {
		t.Errorf("the other session's search misses the entry %s: %s", id, hits)
	}
	if hits := a.tool(t, "memory_search", map[string]any{"query": "Kafka"}); !strings.Contains(hits, "too heavy") {
		t.Errorf("search misses the other session's entry: %s", hits)
	}
	if code, out, e := archon(t, "", "--root", root, "search", "NATS"); code != 0 || !strings.Contains(out, "NATS") {
		t.Errorf("archon search beside two sessions: exit %d: %s%s", code, out, e)
	}
	if code, out, e := archon(t, "", "--root", root, "get", id); code != 0 || !strings.Contains(out, "NATS") {
		t.Errorf("archon get %s: exit %d: %s%s", id, code, out, e)
	}
	a.close(t)
	b.close(t)
}

// TestMCPOutlivesTheService: a session's calls go to the service while it
// runs and to the workspace once it is gone (killed, no clean exit), and
// back to it when it starts again; the client sees no break.
func TestMCPOutlivesTheService(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	n := startNode(t, "serve", root, nil)
	s := startMCP(t, root)
	s.tool(t, "memory_log", map[string]any{"text": "logged through the service: walrus"})
	n.kill()
	s.tool(t, "memory_log", map[string]any{"text": "logged with the service gone: narwhal"})
	n.start()
	if hits := s.tool(t, "memory_search", map[string]any{"query": "walrus narwhal"}); !strings.Contains(hits, "walrus") || !strings.Contains(hits, "narwhal") {
		t.Errorf("search after the service came back: %s", hits)
	}
	s.close(t)
}
