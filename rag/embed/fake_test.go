package embed

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// fakeServer is a loopback embedding server: reply decides each answer, and
// every request is recorded.
type fakeServer struct {
	*httptest.Server
	mu    sync.Mutex
	reqs  []recorded
	reply func(n int, r recorded, w http.ResponseWriter)
}

// recorded is one request the fake server saw.
type recorded struct {
	Method, Path, Auth, ContentType string
	Body                            map[string]any
}

func newFake(t *testing.T, reply func(n int, r recorded, w http.ResponseWriter)) *fakeServer {
	t.Helper()
	f := &fakeServer{reply: reply}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, _ := io.ReadAll(r.Body)
		rec := recorded{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type")}
		_ = json.Unmarshal(data, &rec.Body)
		f.mu.Lock()
		f.reqs = append(f.reqs, rec)
		n := len(f.reqs)
		f.mu.Unlock()
		f.reply(n, rec, w)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeServer) requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.reqs...)
}

// inputs returns the "input" array of a recorded request.
func (r recorded) inputs() []string {
	arr, _ := r.Body["input"].([]any)
	out := make([]string, len(arr))
	for i, x := range arr {
		out[i], _ = x.(string)
	}
	return out
}

// vec is a deterministic, deliberately non-normalized vector for text.
func vec(text string, dims int) []float32 {
	v := make([]float32, dims)
	for i := range v {
		v[i] = float32(len(text)+i+1) * 0.5
	}
	return v
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// fastRetries shrinks an HTTP client's backoff for tests.
func fastRetries(hc *httpClient) {
	hc.backoff = time.Millisecond
	hc.maxBackoff = 5 * time.Millisecond
}

func assertUnit(t *testing.T, vecs [][]float32, dims int) {
	t.Helper()
	for i, v := range vecs {
		if len(v) != dims {
			t.Fatalf("vector %d has %d dims, want %d", i, len(v), dims)
		}
		if n := cosine(v, v); n < 0.9999 || n > 1.0001 {
			t.Fatalf("vector %d not normalized: norm² %v", i, n)
		}
	}
}
