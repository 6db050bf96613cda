package server

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/memory"
)

// latencyBuckets are the upper bounds (seconds) of the latency histograms.
var latencyBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// Metrics collects what /metrics shows in the Prometheus text format:
// request counts and latencies, index size and runs, job results,
// context levels, and the process's memory, goroutines and open files. It is safe for concurrent use and implements
// app.Observer.
type Metrics struct {
	mu       sync.Mutex
	requests map[[3]string]uint64 // route, method, code
	latency  map[string]*histogram
	index    struct {
		chunks, ok, failed uint64
		seconds            float64
	}
	jobs       map[[2]string]uint64 // job, result
	jobSeconds map[string]float64
	levels     map[string]uint64
	lastCheck  struct{ percent, tokens float64 }
	indexDir   string
}

type histogram struct {
	counts []uint64
	sum    float64
	n      uint64
}

// NewMetrics returns empty metrics.
func NewMetrics() *Metrics {
	return &Metrics{requests: map[[3]string]uint64{}, latency: map[string]*histogram{},
		jobs: map[[2]string]uint64{}, jobSeconds: map[string]float64{}, levels: map[string]uint64{}}
}

// SetIndexDir names the directory whose size is reported as the index size.
func (m *Metrics) SetIndexDir(dir string) {
	m.mu.Lock()
	m.indexDir = dir
	m.mu.Unlock()
}

func (m *Metrics) observeRequest(route, method string, code int, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[[3]string{route, method, fmt.Sprint(code)}]++
	h := m.latency[route]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(latencyBuckets))}
		m.latency[route] = h
	}
	sec := d.Seconds()
	for i, b := range latencyBuckets {
		if sec <= b {
			h.counts[i]++
		}
	}
	h.sum += sec
	h.n++
}

// Indexed records an index run.
func (m *Metrics) Indexed(st *app.IndexStats, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		m.index.failed++
		return
	}
	m.index.ok++
	m.index.chunks = uint64(st.Chunks)
	m.index.seconds = st.Duration.Seconds()
}

// Checked records a context check.
func (m *Metrics) Checked(s *app.ContextSession) {
	r := s.Report
	m.mu.Lock()
	defer m.mu.Unlock()
	m.levels[r.Level]++
	m.lastCheck.percent, m.lastCheck.tokens = r.Percent, float64(r.Tokens)
}

// JobRan records a job run.
func (m *Metrics) JobRan(job string, err error, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	res := "success"
	if err != nil {
		res = "failure"
	}
	m.jobs[[2]string{job, res}]++
	m.jobSeconds[job] = d.Seconds()
}

// Logged implements app.Observer: entries are not counted here.
func (m *Metrics) Logged(*app.Entry) {}

// Updated implements app.Observer: changes are not counted here.
func (m *Metrics) Updated(string) {}

func (m *Metrics) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET")
		writeError(w, apiErr(http.StatusMethodNotAllowed, CodeMethod, "%s /metrics: use GET", r.Method))
		return
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	fmt.Fprint(w, m.Text())
}

// Text renders the metrics in the Prometheus text exposition format.
func (m *Metrics) Text() string {
	m.mu.Lock()
	dir := m.indexDir
	m.mu.Unlock()
	size := memory.DirBytes(dir)
	m.mu.Lock()
	defer m.mu.Unlock()
	var b strings.Builder
	head := func(name, typ, help string) { fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ) }
	head("archon_http_requests_total", "counter", "HTTP requests by route, method and status code.")
	for _, k := range sortedKeys(m.requests, func(k [3]string) string { return strings.Join(k[:], "\x00") }) {
		fmt.Fprintf(&b, "archon_http_requests_total{route=%q,method=%q,code=%q} %d\n", k[0], k[1], k[2], m.requests[k])
	}
	head("archon_http_request_duration_seconds", "histogram", "HTTP request latency by route.")
	for _, route := range sortedKeys(m.latency, func(k string) string { return k }) {
		h := m.latency[route]
		for i, ub := range latencyBuckets {
			fmt.Fprintf(&b, "archon_http_request_duration_seconds_bucket{route=%q,le=\"%g\"} %d\n", route, ub, h.counts[i])
		}
		fmt.Fprintf(&b, "archon_http_request_duration_seconds_bucket{route=%q,le=\"+Inf\"} %d\n", route, h.n)
		fmt.Fprintf(&b, "archon_http_request_duration_seconds_sum{route=%q} %g\n", route, h.sum)
		fmt.Fprintf(&b, "archon_http_request_duration_seconds_count{route=%q} %d\n", route, h.n)
	}
	head("archon_index_chunks", "gauge", "Chunks in the index after the last run.")
	fmt.Fprintf(&b, "archon_index_chunks %d\n", m.index.chunks)
	head("archon_index_bytes", "gauge", "Bytes on disk under .archon/index.")
	fmt.Fprintf(&b, "archon_index_bytes %d\n", size)
	head("archon_index_runs_total", "counter", "Index runs by result.")
	fmt.Fprintf(&b, "archon_index_runs_total{result=\"success\"} %d\narchon_index_runs_total{result=\"failure\"} %d\n", m.index.ok, m.index.failed)
	head("archon_index_last_duration_seconds", "gauge", "Duration of the last successful index run.")
	fmt.Fprintf(&b, "archon_index_last_duration_seconds %g\n", m.index.seconds)
	head("archon_job_runs_total", "counter", "Scheduled job runs by job and result.")
	for _, k := range sortedKeys(m.jobs, func(k [2]string) string { return k[0] + "\x00" + k[1] }) {
		fmt.Fprintf(&b, "archon_job_runs_total{job=%q,result=%q} %d\n", k[0], k[1], m.jobs[k])
	}
	head("archon_job_last_duration_seconds", "gauge", "Duration of each job's last run.")
	for _, j := range sortedKeys(m.jobSeconds, func(k string) string { return k }) {
		fmt.Fprintf(&b, "archon_job_last_duration_seconds{job=%q} %g\n", j, m.jobSeconds[j])
	}
	head("archon_context_checks_total", "counter", "Context checks by level.")
	for _, l := range sortedKeys(m.levels, func(k string) string { return k }) {
		fmt.Fprintf(&b, "archon_context_checks_total{level=%q} %d\n", l, m.levels[l])
	}
	head("archon_context_last_percent", "gauge", "Percent of the usable window in the last context check.")
	fmt.Fprintf(&b, "archon_context_last_percent %g\n", m.lastCheck.percent)
	head("archon_context_last_tokens", "gauge", "Tokens in the last context check.")
	fmt.Fprintf(&b, "archon_context_last_tokens %g\n", m.lastCheck.tokens)
	writeRuntime(&b, head)
	return b.String()
}

func sortedKeys[K comparable, V any](m map[K]V, key func(K) string) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return key(out[i]) < key(out[j]) })
	return out
}
