package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/client"
)

// startServe runs `archon serve` in-process on a free loopback port and
// waits until its discovery file names it and it answers; the returned
// function stops it and waits.
func startServe(t *testing.T, root string, env ...string) (*client.Discovery, func()) {
	t.Helper()
	d, stop := startServeOut(t, root, env...)
	return d, func() { stop() }
}

// startServeOut is startServe whose stop function returns what serve wrote
// on stderr.
func startServeOut(t *testing.T, root string, env ...string) (*client.Discovery, func() string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var errOut bytes.Buffer
	done := make(chan int, 1)
	env = append([]string{"HOME=" + t.TempDir(), "ARCHON_WORKSPACE_TIMEZONE=UTC"}, env...)
	go func() {
		done <- run(ctx, []string{"archon", "--root", root, "serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), &bytes.Buffer{}, &errOut, env)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for {
		d, err := client.Find(ctx, filepath.Join(root, ".archon"), time.Second)
		if err == nil {
			return d, func() string {
				cancel()
				if code := <-done; code != 0 {
					t.Errorf("serve exited %d: %s", code, errOut.String())
				}
				return errOut.String()
			}
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited %d: %s", code, errOut.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("serve did not start")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type cliResult struct {
	code        int
	out, errOut string
}

// TestCLIThroughServe runs the index commands with and without a running
// archon serve: the answers must be identical.
func TestCLIThroughServe(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	for _, e := range [][]string{
		{"--agent", "planner", "--tags", "db,decision", "--date", "2026-11-18", "--time", "14:03", "Decided to use PostgreSQL: we need transactions."},
		{"--agent", "executor", "--date", "2026-11-18", "--time", "14:10", "ERROR: migration 0003 failed on the users table."},
		{"--agent", "reviewer", "--tags", "frontend", "--date", "2026-11-19", "--time", "09:00", "Picked Tailwind for the invoice pages."},
	} {
		if code, _, errOut := archon(t, "", append([]string{"--root", root, "log"}, e...)...); code != 0 {
			t.Fatal(errOut)
		}
	}
	queries := filepath.Join(t.TempDir(), "q.jsonl")
	os.WriteFile(queries, []byte(`{"qid":"a","query":"postgres transactions"}`+"\n"+`{"qid":"b","query":"tailwind"}`+"\n"), 0o644)
	code, out, _ := archon(t, "", "--root", root, "search", "postgres", "--format", "json")
	var resp struct{ Results []struct{ ID string } }
	if code != 0 || json.Unmarshal([]byte(out), &resp) != nil || len(resp.Results) == 0 {
		t.Fatalf("search: %d %s", code, out)
	}
	id := resp.Results[0].ID
	commands := [][]string{
		{"search", "postgres"},
		{"search", "postgres", "--format", "json", "--top-k", "2"},
		{"search", "migration", "--agent", "executor", "--since", "2026-11-18", "--until", "2026-11-18", "--format", "jsonl"},
		{"search", "invoice", "--tags", "frontend", "--layer", "l2", "--no-index"},
		{"search", "--queries", queries, "--format", "jsonl"},
		{"search", "x", "--since", "yesterday"},
		{"search", "postgres", "--format", "yaml"},
		{"get", id, "--json"},
		{"get", id, "--context", "1"},
		{"get", "0123456789abcdef"},
		{"log", "--date", "2026-11-20", "--time", "10:00", "--agent", "planner", "--json", "Chose Redis for the queue."},
		{"search", "redis queue", "--format", "json"},
	}
	runAll := func() []cliResult {
		var res []cliResult
		for _, c := range commands {
			code, out, errOut := archon(t, "", append([]string{"--root", root}, c...)...)
			res = append(res, cliResult{code, out, errOut})
		}
		return res
	}
	// Through the service.
	d, stop := startServe(t, root)
	if fi, err := os.Stat(client.DiscoveryPath(filepath.Join(root, ".archon"))); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("discovery file: %v %v", fi.Mode(), err)
	}
	if code, _, errOut := archon(t, "", "--root", root, "serve", "--addr", "127.0.0.1:0"); code == 0 || !strings.Contains(errOut, "already runs") {
		t.Fatalf("second serve: %d %s", code, errOut)
	}
	remote := runAll()
	req, _ := http.NewRequest("GET", d.URL+"/metrics", nil)
	resp2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp2.Body)
	resp2.Body.Close()
	for _, want := range []string{`route="/v1/search",method="POST",code="200"`, `route="/v1/items/{id}",method="GET",code="404"`, `route="/v1/log",method="POST",code="201"`} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("the CLI did not go through serve: metrics lack %s", want)
		}
	}
	if code, out, errOut := archon(t, "", "--root", root, "index", "--json"); code != 0 || !strings.Contains(out, `"chunks"`) {
		t.Fatalf("index through serve: %d %s %s", code, out, errOut)
	}
	stop()
	if _, err := client.ReadDiscovery(filepath.Join(root, ".archon")); err != client.ErrNoService {
		t.Fatalf("discovery file left after shutdown: %v", err)
	}
	// Directly, on the same files (the log entry is already written, so
	// it is written again: compare everything but that step's line range).
	os.Remove(filepath.Join(root, "memory", "2026-11-20.md"))
	direct := runAll()
	for i, c := range commands {
		if remote[i] != direct[i] {
			t.Errorf("archon %s:\nthrough serve: %d\n%s%s\ndirectly: %d\n%s%s", strings.Join(c, " "),
				remote[i].code, remote[i].out, remote[i].errOut, direct[i].code, direct[i].out, direct[i].errOut)
		}
	}
	if !strings.Contains(remote[len(remote)-1].out, "Redis") {
		t.Errorf("an entry logged through serve was not found: %s", remote[len(remote)-1].out)
	}
}

// TestServeTokenAndStaleDiscovery: the CLI uses the token of the
// discovery file; a file left by a dead process is ignored and removed.
func TestServeTokenAndStaleDiscovery(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	state := filepath.Join(root, ".archon")
	d, stop := startServe(t, root, "ARCHON_SERVE_TOKEN=tok-123")
	if d.Token != "tok-123" {
		t.Fatalf("discovery token %q", d.Token)
	}
	cl := client.New(&client.Discovery{URL: d.URL}, 5*time.Second)
	if err := cl.Do(context.Background(), "GET", "/v1/health", nil, nil); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("no token: %v", err)
	}
	if code, out, errOut := archon(t, "", "--root", root, "log", "--agent", "a", "hello through serve"); code != 0 || !strings.HasPrefix(out, "memory/") {
		t.Fatalf("log with token: %d %s %s", code, out, errOut)
	}
	stop()

	for _, stale := range []client.Discovery{
		{PID: 1 << 22, Addr: "127.0.0.1:1", URL: "http://127.0.0.1:1"},     // no such process
		{PID: os.Getpid(), Addr: "127.0.0.1:1", URL: "http://127.0.0.1:1"}, // live pid, nothing listening
	} {
		if err := client.WriteDiscovery(state, stale); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := archon(t, "", "--root", root, "search", "hello", "--format", "json"); code != 0 {
			t.Fatalf("search with a stale discovery file: %d %s", code, errOut)
		}
		if _, err := client.ReadDiscovery(state); err != client.ErrNoService {
			t.Fatalf("stale discovery file kept: %v", err)
		}
	}
}

// TestGarbledDiscoveryOfARunningService: serve.json garbled by hand while
// archon serve runs is written again by the service, and a command finds
// it instead of waiting for the indexes the service holds (from a
// black-box review: each command then waited 60 s and failed).
func TestGarbledDiscoveryOfARunningService(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	state := filepath.Join(root, ".archon")
	d, stop := startServe(t, root)
	defer stop()
	if err := os.WriteFile(client.DiscoveryPath(state), []byte("{garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, out, errOut := archon(t, "", "--root", root, "log", "found the service again")
	if code != 0 || !strings.HasPrefix(out, "memory/") || time.Since(start) > 10*time.Second {
		t.Fatalf("log with a garbled serve.json: %d %q %q after %s", code, out, errOut, time.Since(start))
	}
	if code, _, errOut := archon(t, "", "--root", root, "search", "found the service", "--format", "json"); code != 0 {
		t.Fatalf("search: %d %s", code, errOut)
	}
	got, err := client.ReadDiscovery(state)
	if err != nil || got.PID != d.PID || got.URL != d.URL {
		t.Errorf("serve.json after the repair: %+v %v", got, err)
	}
}
