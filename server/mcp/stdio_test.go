package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/app"
)

// TestStdioSurvivesBadLines: a line that is no JSON-RPC message (not
// JSON, a batch, over the size limit) is answered with a JSON-RPC error,
// to its id when the line's start holds one (else to a null id), and the
// session goes on.
func TestStdioSurvivesBadLines(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- NewServer(nil, "test").Run(ctx, &lineTransport{in: inR, out: outW, max: 1024})
		outW.Close()
	}()
	out := bufio.NewReader(outR)
	next := func() map[string]any {
		t.Helper()
		line, err := out.ReadBytes('\n')
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("answer %q: %v", line, err)
		}
		return m
	}
	for _, tc := range []struct {
		line string
		id   any
		code float64
	}{
		{"archon: this is no JSON", nil, -32700},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, nil, -32600},
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"text":"` + strings.Repeat("x", 4000) + `"}}`, float64(7), -32600},
		{`{"jsonrpc":"2.0","id":"a","method":`, "a", -32700},
		// The TypeScript SDK writes the id last; an argument's "id" is not the request's.
		{`{"method":"tools/call","params":{"arguments":{"text":"` + strings.Repeat("y", 9000) + `"}},"jsonrpc":"2.0","id":8}`, float64(8), -32600},
		{`{"method":"tools/call","params":{"name":"task_update","arguments":{"id":"T1"},"jsonrpc":"2.0","id":6}`, float64(6), -32700},
		{`{"method":"tools/call","params":{"arguments":{"id":"T1"}}`, nil, -32700},
		// Neither request nor response, a null id, another version: answered, not dropped.
		{`{"jsonrpc":"2.0","id":22}`, float64(22), -32600},
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, nil, -32600},
		{`{"jsonrpc":"1.0","id":5,"method":"ping"}`, float64(5), -32600},
		// A request before initialize: refused with a code.
		{`{"jsonrpc":"2.0","id":30,"method":"tools/list"}`, float64(30), -32600},
		// Ids the SDK would answer as others (1.5 as 1, big ones rounded
		// or as -2^63), or that are no id at all: refused, to a null id.
		{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, nil, -32600},
		{`{"jsonrpc":"2.0","id":1e3,"method":"ping"}`, nil, -32600},
		{`{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}`, nil, -32600},
		{`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, nil, -32600},
		{`{"jsonrpc":"2.0","id":true,"method":"ping"}`, nil, -32600},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, nil, -32600},
		{`{"jsonrpc":"2.0","id":9007199254740991,"method":"ping"}`, float64(9007199254740991), 0},
	} {
		fmt.Fprintln(inW, tc.line)
		m := next()
		e, _ := m["error"].(map[string]any)
		if tc.code == 0 { // answered, to its own id (a ping before initialize is allowed)
			if e != nil || m["id"] != tc.id {
				t.Errorf("%.40q: answer %v, want a result for id %v", tc.line, m, tc.id)
			}
			continue
		}
		if e == nil || e["code"] != tc.code || m["id"] != tc.id {
			t.Errorf("%.40q: answer %v, want code %v for id %v", tc.line, m, tc.code, tc.id)
		}
		if _, ok := m["id"]; !ok { // JSON-RPC 2.0: null when it could not be read
			t.Errorf("%.40q: answer %v has no id", tc.line, m)
		}
	}
	// An error response with a null id (after a parse error) is never answered.
	fmt.Fprintln(inW, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`)
	fmt.Fprintln(inW, `{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if m := next(); m["id"] != float64(9) || m["result"] == nil {
		t.Fatalf("initialize after the bad lines: %v", m)
	}
	inW.Close()
	if err := <-done; err != nil && !strings.Contains(err.Error(), "EOF") {
		t.Errorf("run: %v", err)
	}
}

// slowLog is a service whose log takes a while to answer.
type slowLog struct{ Memory }

func (slowLog) Log(ctx context.Context, r app.LogRequest) (*app.Entry, error) {
	time.Sleep(300 * time.Millisecond)
	e := &app.Entry{ID: "0123456789abcdef"}
	e.Path, e.LineStart, e.LineEnd = "memory/2026-12-07.md", 3, 4
	return e, nil
}

// TestStdioAnswersWhatCameBeforeTheEnd: a client that writes its calls and
// closes stdin at once (a script) gets every answer before the session
// ends.
func TestStdioAnswersWhatCameBeforeTheEnd(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_log","arguments":{"text":"slow to log"}}}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	err := NewServer(slowLog{}, "test").Run(context.Background(), &lineTransport{in: io.NopCloser(strings.NewReader(in)), out: &out, max: 1024})
	if err != nil && !strings.Contains(err.Error(), "EOF") {
		t.Fatalf("run: %v", err)
	}
	if !strings.Contains(out.String(), `"id":2`) || !strings.Contains(out.String(), "0123456789abcdef") {
		t.Fatalf("the call's answer is missing:\n%s", out.String())
	}
}
