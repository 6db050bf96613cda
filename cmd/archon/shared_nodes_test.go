package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/client"
)

// runAsArchon makes the test binary run archon itself (a node of the
// shared-mode tests, killed with SIGKILL at will).
const runAsArchon = "ARCHON_TEST_RUN_ARCHON"

func TestMain(m *testing.M) {
	if os.Getenv(runAsArchon) == "1" {
		main() // exits
	}
	os.Exit(m.Run())
}

// node is one archon serve process of a shared-mode test.
type node struct {
	t    *testing.T
	name string
	root string
	env  []string
	cmd  *exec.Cmd
	out  *bytes.Buffer
	mu   sync.Mutex // guards addr: a restart changes it
	addr string
}

func (n *node) url() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.addr
}

// startNode runs archon serve on root as its own process and waits until
// it answers.
func startNode(t *testing.T, name, root string, env []string) *node {
	t.Helper()
	n := &node{t: t, name: name, root: root, env: env}
	n.start()
	t.Cleanup(func() { n.stop() })
	return n
}

func (n *node) start() {
	n.t.Helper()
	n.out = &bytes.Buffer{}
	cmd := exec.Command(os.Args[0], "--root", n.root, "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append(append(os.Environ(), runAsArchon+"=1", "HOME="+n.root, "ARCHON_WORKSPACE_TIMEZONE=UTC"), n.env...)
	cmd.Stdout, cmd.Stderr = n.out, n.out
	if err := cmd.Start(); err != nil {
		n.t.Fatal(err)
	}
	n.cmd = cmd
	deadline := time.Now().Add(60 * time.Second)
	for {
		d, err := client.Find(context.Background(), filepath.Join(n.root, ".archon"), time.Second)
		if err == nil && d.PID == cmd.Process.Pid {
			n.mu.Lock()
			n.addr = d.URL
			n.mu.Unlock()
			return
		}
		if time.Now().After(deadline) {
			n.t.Fatalf("node %s did not start: %s", n.name, n.out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill stops the node with SIGKILL: no shutdown, no flush.
func (n *node) kill() {
	if n.cmd != nil {
		n.cmd.Process.Kill()
		n.cmd.Wait()
		n.cmd = nil
	}
}

// stop ends the node gracefully.
func (n *node) stop() {
	if n.cmd != nil {
		n.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { n.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			n.cmd.Process.Kill()
			<-done
		}
		n.cmd = nil
	}
}

// call sends a JSON request with the bearer key and decodes the answer.
func (n *node) call(method, path, key string, in, out any) (int, error) {
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, n.url()+path, body)
	if err != nil {
		return 0, err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: %v: %s", method, path, err, data)
		}
	}
	return resp.StatusCode, nil
}

// health returns the node's shared state.
func (n *node) health(key string) core.SharedStatus {
	var h core.Health
	if _, err := n.call("GET", "/v1/health", key, nil, &h); err != nil || h.Shared == nil {
		return core.SharedStatus{}
	}
	return *h.Shared
}

// counts reads the node's daily logs and counts each probe word.
func (n *node) counts(words map[string]bool) map[string]int {
	got := map[string]int{}
	_ = filepath.WalkDir(filepath.Join(n.root, "memory"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		b, _ := os.ReadFile(p)
		for _, f := range strings.Fields(string(b)) {
			if words[f] {
				got[f]++
			}
		}
		return nil
	})
	return got
}

// probeWord is a word no text holds by chance: 12 lower-case letters.
func probeWord(r *rand.Rand) string {
	b := make([]byte, 12)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	return string(b)
}

// proxy is a TCP relay to PostgreSQL that a test can cut: every
// connection through it drops, and new ones are refused, until restored.
type proxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	cut    bool
	conns  map[net.Conn]bool
}

func newProxy(t *testing.T, target string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln, target: target, conns: map[net.Conn]bool{}}
	t.Cleanup(func() { ln.Close(); p.setCut(true) })
	go p.serve()
	return p
}

func (p *proxy) addr() string { return p.ln.Addr().String() }

func (p *proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.cut {
			p.mu.Unlock()
			c.Close()
			continue
		}
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			p.mu.Unlock()
			c.Close()
			continue
		}
		p.conns[c], p.conns[up] = true, true
		p.mu.Unlock()
		go func() { io.Copy(up, c); up.Close(); c.Close() }()
		go func() { io.Copy(c, up); up.Close(); c.Close() }()
	}
}

// setCut drops every connection and refuses new ones (true), or lets
// them through again (false).
func (p *proxy) setCut(cut bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = cut
	if cut {
		for c := range p.conns {
			c.Close()
		}
		clear(p.conns)
	}
}
