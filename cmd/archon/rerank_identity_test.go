package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeReranker is a cross-encoder reranking server on loopback that speaks
// the wire protocol of rag/rerank's CrossEncoder:
//
//	POST {url}/rerank {"model", "query", "documents", "top_n"}
//	→ {"results": [{"index", "relevance_score"}, ...]}
//
// It scores each document by the reverse of its position (the first
// document, the engine's best fused hit, gets the lowest score), so a
// reranked answer is the built-in order turned upside down: a side that
// skipped reranking cannot go unnoticed. It records every request.
type fakeReranker struct {
	srv *httptest.Server
	url string // the rerank.url to configure (the API base)

	mu       sync.Mutex
	reqs     []fakeRerankRequest
	problems []string
}

// fakeRerankRequest is one request body the fake accepted.
type fakeRerankRequest struct {
	Model     string   `json:"model"`
	Query     string   `json:"query"`
	Documents []string `json:"documents"`
	TopN      *int     `json:"top_n"`
}

const (
	fakeRerankModel = "test-reranker"
	fakeRerankTopN  = 10
)

func newFakeReranker(t *testing.T) *fakeReranker {
	t.Helper()
	f := &fakeReranker{}
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/rerank", f.rerank)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		f.problem("unexpected request %s %s", r.Method, r.URL.Path)
		http.NotFound(w, r)
	})
	f.srv = httptest.NewServer(mux) // listens on 127.0.0.1
	t.Cleanup(f.srv.Close)
	f.url = f.srv.URL + "/v1"
	return f
}

func (f *fakeReranker) problem(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.problems = append(f.problems, fmt.Sprintf(format, args...))
}

func (f *fakeReranker) rerank(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		f.problem("reading a request: %v", err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req fakeRerankRequest
	var bad []string
	if r.Method != http.MethodPost {
		bad = append(bad, "method "+r.Method+", want POST")
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		bad = append(bad, fmt.Sprintf("Content-Type %q, want application/json", ct))
	}
	if err := json.Unmarshal(body, &req); err != nil {
		bad = append(bad, fmt.Sprintf("malformed JSON: %v", err))
	}
	switch {
	case req.Model != fakeRerankModel:
		bad = append(bad, fmt.Sprintf("model %q, want %q", req.Model, fakeRerankModel))
	case strings.TrimSpace(req.Query) == "":
		bad = append(bad, "empty query")
	case len(req.Documents) < 2:
		bad = append(bad, fmt.Sprintf("%d documents, want 2 or more", len(req.Documents)))
	case len(req.Documents) > fakeRerankTopN:
		bad = append(bad, fmt.Sprintf("%d documents, more than rerank.top_n %d", len(req.Documents), fakeRerankTopN))
	case req.TopN == nil || *req.TopN != len(req.Documents):
		bad = append(bad, fmt.Sprintf("top_n %v, want %d (every document)", req.TopN, len(req.Documents)))
	}
	if len(bad) > 0 {
		f.problem("bad rerank request (%s): %s", strings.Join(bad, "; "), body)
		http.Error(w, strings.Join(bad, "; "), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	type result struct {
		Index          int     `json:"index"`
		RelevanceScore float64 `json:"relevance_score"`
	}
	var resp struct {
		Results []result `json:"results"`
	}
	n := len(req.Documents)
	// Best first, as real servers answer: the last document scores highest.
	for i := n - 1; i >= 0; i-- {
		resp.Results = append(resp.Results, result{Index: i, RelevanceScore: float64(i+1) / float64(n)})
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

// take returns and forgets the requests received so far.
func (f *fakeReranker) take() []fakeRerankRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.reqs
	f.reqs = nil
	return r
}

func (f *fakeReranker) checkProblems(t *testing.T) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.problems {
		t.Errorf("fake reranker: %s", p)
	}
	f.problems = nil
}

// archonEnv is archon (main_test.go) with extra environment variables.
func archonEnv(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	environ := append([]string{"HOME=" + t.TempDir(), "ARCHON_WORKSPACE_TIMEZONE=UTC"}, env...)
	code := run(context.Background(), append([]string{"archon"}, args...), strings.NewReader(""), &out, &errOut, environ)
	return code, out.String(), errOut.String()
}

// setRerankConfig points the rerank section of root's archon.yaml (as
// archon init wrote it) at the fake, so that the CLI and archon serve read
// the same configuration from the same file.
func setRerankConfig(t *testing.T, root, url string) {
	t.Helper()
	path := filepath.Join(root, "archon.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{
		"provider": "cross-encoder",
		"model":    fakeRerankModel,
		"url":      strconv.Quote(url),
		"top_n":    strconv.Itoa(fakeRerankTopN),
	}
	lines := strings.Split(string(data), "\n")
	in, found := false, map[string]bool{}
	for i, l := range lines {
		if !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "#") && strings.TrimSpace(l) != "" {
			in = strings.TrimSpace(l) == "rerank:"
			continue
		}
		if !in {
			continue
		}
		k, _, ok := strings.Cut(strings.TrimSpace(l), ":")
		if v, want := keys[k]; ok && want && !strings.HasPrefix(strings.TrimSpace(l), "#") {
			lines[i] = l[:len(l)-len(strings.TrimLeft(l, " "))] + k + ": " + v
			found[k] = true
		}
	}
	out := strings.Join(lines, "\n")
	if len(found) == 0 { // no rerank section: add one
		out = strings.TrimRight(out, "\n") + "\n\nrerank:\n"
		for _, k := range []string{"provider", "model", "url", "top_n"} {
			out += "  " + k + ": " + keys[k] + "\n"
		}
	} else if len(found) != len(keys) {
		t.Fatalf("archon.yaml: the rerank section lacks some of %v (found %v):\n%s", keys, found, data)
	}
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	// The file, not the environment, must be where the values come from.
	code, cfgOut, errOut := archonEnv(t, nil, "--root", root, "config", "--json")
	if code != 0 {
		t.Fatalf("archon config after setting rerank.*: %d %s", code, errOut)
	}
	var eff []struct {
		Key    string `json:"key"`
		Value  any    `json:"value"`
		Source string `json:"source"`
	}
	if err := json.Unmarshal([]byte(cfgOut), &eff); err != nil {
		t.Fatalf("archon config --json: %v\n%s", err, cfgOut)
	}
	seen := 0
	for _, e := range eff {
		k, ok := strings.CutPrefix(e.Key, "rerank.")
		v, set := keys[k]
		if !ok || !set {
			continue
		}
		seen++
		if got := fmt.Sprint(e.Value); got != strings.Trim(v, `"`) || e.Source != "file" {
			t.Fatalf("archon config: %s = %q from %s, want %s from file", e.Key, got, e.Source, v)
		}
	}
	if seen != len(keys) {
		t.Fatalf("archon config shows %d of the %d rerank keys:\n%s", seen, len(keys), cfgOut)
	}
}

// searchRequests reads archon serve's count of answered POST /v1/search.
func searchRequests(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatalf("metrics: %v", err)
	}
	defer resp.Body.Close()
	total := 0
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		l := sc.Text()
		if !strings.HasPrefix(l, "archon_http_requests_total{") || !strings.Contains(l, `route="/v1/search"`) ||
			!strings.Contains(l, `method="POST"`) || !strings.Contains(l, `code="200"`) {
			continue
		}
		f := strings.Fields(l)
		n, err := strconv.Atoi(f[len(f)-1])
		if err != nil {
			t.Fatalf("metrics line %q: %v", l, err)
		}
		total += n
	}
	return total
}

// lineDiff shows two outputs line by line: "-" only in a, "+" only in b.
func lineDiff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	// lcs[i][j]: longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var sb strings.Builder
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			sb.WriteString("  " + x[i] + "\n")
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			sb.WriteString("- " + x[i] + "\n")
			i++
		default:
			sb.WriteString("+ " + y[j] + "\n")
			j++
		}
	}
	return sb.String()
}

// resultIDs returns the ids of a --format json answer, best first.
func resultIDs(t *testing.T, out string) []string {
	t.Helper()
	var resp struct{ Results []struct{ ID string } }
	if err := json.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatalf("search --format json: %v\n%s", err, out)
	}
	ids := make([]string, len(resp.Results))
	for i, r := range resp.Results {
		ids[i] = r.ID
	}
	return ids
}

// TestSearchIdenticalWithServeAndReranker: with a reranker configured in
// archon.yaml, archon search prints the same bytes (results, order, scores,
// snippets) directly and through a running archon serve, and both sides
// really rerank: both call the reranking server, with the same candidates,
// and their order is the reranked one, not the built-in one.
func TestSearchIdenticalWithServeAndReranker(t *testing.T) {
	fake := newFakeReranker(t)
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatalf("init: %s", e)
	}
	setRerankConfig(t, root, fake.url)

	for _, e := range [][]string{
		{"--agent", "planner", "--tags", "db,decision", "--date", "2026-03-02", "--time", "09:15", "Decided to use PostgreSQL 16 for the invoices database: we need transactions and row-level locks."},
		{"--agent", "executor", "--tags", "db,migration", "--date", "2026-03-02", "--time", "11:40", "Wrote database migration 0001 creating the customers and invoices tables."},
		{"--agent", "executor", "--tags", "db,migration,error", "--date", "2026-03-03", "--time", "10:05", "ERROR: database migration 0003 failed on the users table: duplicate key value violates unique constraint users_email_key."},
		{"--agent", "debugger", "--tags", "db,migration,fix", "--date", "2026-03-03", "--time", "10:50", "Fixed migration 0003: deduplicate users by lower(email) before adding the unique index."},
		{"--agent", "reviewer", "--tags", "db,migration", "--date", "2026-03-04", "--time", "14:20", "Every database migration must ship with a down migration; rollback tested in CI against a copy of production."},
		{"--agent", "ops", "--tags", "deploy", "--date", "2026-03-05", "--time", "08:30", "Deploy runs the pending database migrations before switching traffic to the new release."},
		{"--agent", "ops", "--tags", "deploy,error", "--date", "2026-03-05", "--time", "16:45", "Deploy 42 rolled back: migration 0005 locked the invoices table for six minutes."},
		{"--agent", "planner", "--tags", "db,decision", "--date", "2026-03-06", "--time", "09:00", "Large table changes go through online migrations (create index concurrently, backfill in batches)."},
		{"--agent", "executor", "--tags", "db,performance", "--date", "2026-03-06", "--time", "13:10", "Added an index on invoices(customer_id, due_date); the overdue report went from 2.1s to 40ms."},
		{"--agent", "ops", "--tags", "db,backup", "--date", "2026-03-07", "--time", "07:55", "Nightly pg_dump of the database to object storage; restore drill before every major migration."},
		{"--agent", "reviewer", "--tags", "frontend", "--date", "2026-03-07", "--time", "15:30", "Picked Tailwind for the invoice pages."},
	} {
		if code, _, errOut := archon(t, "", append([]string{"--root", root, "log"}, e...)...); code != 0 {
			t.Fatalf("log: %s", errOut)
		}
	}
	queries := filepath.Join(t.TempDir(), "queries.jsonl")
	if err := os.WriteFile(queries, []byte(`{"qid":"m","query":"database migration failed"}`+"\n"+
		`{"qid":"d","query":"deploy rollback migration"}`+"\n"+
		`{"qid":"i","query":"index on the invoices table"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const query = "database migration"
	commands := []struct {
		args     []string
		searches int // searches, so rerank calls, the command makes
	}{
		{[]string{"search", query, "--format", "json"}, 1},
		{[]string{"search", query}, 1},
		{[]string{"search", query, "--top-k", "4"}, 1},
		{[]string{"search", "--queries", queries, "--format", "jsonl"}, 3},
	}
	type answer struct {
		code        int
		out, errOut string
		reqs        []fakeRerankRequest
	}
	runAll := func(side string, env []string) []answer {
		var res []answer
		for _, c := range commands {
			fake.take()
			code, out, errOut := archonEnv(t, env, append([]string{"--root", root}, c.args...)...)
			reqs := fake.take()
			if code != 0 {
				t.Errorf("%s: archon %s: exit %d: %s", side, strings.Join(c.args, " "), code, errOut)
			}
			if len(reqs) < c.searches {
				t.Errorf("%s: archon %s made %d rerank requests, want %d (one per search): reranking was skipped",
					side, strings.Join(c.args, " "), len(reqs), c.searches)
			}
			res = append(res, answer{code, out, errOut, reqs})
		}
		fake.checkProblems(t)
		return res
	}
	noServe := []string{"ARCHON_NO_SERVE=1"}

	// The built-in order, reranking off (this also builds the index).
	code, out, errOut := archonEnv(t, append(noServe, "ARCHON_RERANK_PROVIDER=none"), "--root", root, "search", query, "--format", "json")
	if code != 0 {
		t.Fatalf("search with rerank.provider none: %d %s", code, errOut)
	}
	if n := len(fake.take()); n != 0 {
		t.Fatalf("rerank.provider none made %d rerank requests", n)
	}
	builtin := resultIDs(t, out)
	if len(builtin) < 3 {
		t.Fatalf("%q matched %d entries, want several:\n%s", query, len(builtin), out)
	}

	// Directly, before the service starts, and told not to use one.
	direct := runAll("direct", noServe)
	reranked := resultIDs(t, direct[0].out)
	if slices.Equal(reranked, builtin) {
		t.Errorf("the reranked order is the built-in one: %v", reranked)
	}
	want := slices.Clone(builtin)
	slices.Reverse(want) // the fake scores the built-in order upside down
	if !slices.Equal(reranked, want) {
		t.Errorf("direct: reranked order %v, want the built-in order %v reversed", reranked, builtin)
	}

	// Through archon serve: same file, same configuration.
	start := time.Now()
	d, stop := startServe(t, root)
	before := searchRequests(t, d.URL)
	served := runAll("through serve", nil)
	if got := searchRequests(t, d.URL) - before; got < 6 {
		t.Errorf("archon serve answered %d POST /v1/search, want 6: the CLI did not go through serve", got)
	}
	stop()
	t.Logf("served side took %s", time.Since(start).Round(time.Millisecond))

	for i, c := range commands {
		name := "archon " + strings.Join(c.args, " ")
		dr, sr := direct[i], served[i]
		if dr.out != sr.out || dr.code != sr.code {
			t.Errorf("%s: stdout differs directly (exit %d) and through serve (exit %d); - direct, + through serve:\n%s"+
				"stderr directly:\n%s\nstderr through serve:\n%s",
				name, dr.code, sr.code, lineDiff(dr.out, sr.out), dr.errOut, sr.errOut)
		}
		if len(dr.reqs) != len(sr.reqs) {
			t.Errorf("%s: %d rerank requests directly, %d through serve", name, len(dr.reqs), len(sr.reqs))
			continue
		}
		for j := range dr.reqs {
			a, b := dr.reqs[j], sr.reqs[j]
			if a.Query != b.Query || !slices.Equal(a.Documents, b.Documents) {
				t.Errorf("%s: rerank request %d differs:\ndirectly:      %q %q\nthrough serve: %q %q",
					name, j, a.Query, a.Documents, b.Query, b.Documents)
			}
		}
	}
}
