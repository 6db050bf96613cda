package embed

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// ollamaOK answers /api/embed like Ollama, with dims-long vectors.
func ollamaOK(dims int) func(int, recorded, http.ResponseWriter) {
	return func(_ int, r recorded, w http.ResponseWriter) {
		var embs [][]float32
		for _, in := range r.inputs() {
			embs = append(embs, vec(in, dims))
		}
		writeJSON(w, 200, map[string]any{"model": r.Body["model"], "embeddings": embs})
	}
}

func TestOllama(t *testing.T) {
	texts := []string{"alpha", "beta", "gamma", "delta", "epsilon"}
	tests := []struct {
		name      string
		cfg       Config
		reply     func(int, recorded, http.ResponseWriter)
		wantErr   string // substring; "" means success
		wantBad   bool   // errors.Is(err, ErrBadResponse)
		wantReqs  int
		wantDims  int
		checkReqs func(t *testing.T, reqs []recorded)
	}{
		{
			name: "batches and discovers dimensions", cfg: Config{BatchSize: 2},
			reply: ollamaOK(4), wantReqs: 3, wantDims: 4,
			checkReqs: func(t *testing.T, reqs []recorded) {
				for i, r := range reqs {
					if r.Method != "POST" || r.Path != "/api/embed" || r.ContentType != "application/json" {
						t.Errorf("request %d: %s %s %s", i, r.Method, r.Path, r.ContentType)
					}
					if r.Body["model"] != "nomic-embed-text" {
						t.Errorf("request %d: model %v", i, r.Body["model"])
					}
					if _, ok := r.Body["dimensions"]; ok {
						t.Errorf("request %d: dimensions sent though not configured", i)
					}
				}
				if got := reqs[2].inputs(); len(got) != 1 || got[0] != "epsilon" {
					t.Errorf("last batch %v", got)
				}
			},
		},
		{
			name: "configured dimensions are sent", cfg: Config{Dimensions: 8},
			reply: ollamaOK(8), wantReqs: 1, wantDims: 8,
			checkReqs: func(t *testing.T, reqs []recorded) {
				if reqs[0].Body["dimensions"] != float64(8) {
					t.Errorf("dimensions %v", reqs[0].Body["dimensions"])
				}
			},
		},
		{name: "wrong dimensions", cfg: Config{Dimensions: 8}, reply: ollamaOK(4), wantErr: "configured 8", wantBad: true, wantReqs: 1},
		{
			name: "429 then success", reply: func(n int, r recorded, w http.ResponseWriter) {
				if n == 1 {
					writeJSON(w, 429, map[string]string{"error": "busy"})
					return
				}
				ollamaOK(4)(n, r, w)
			}, wantReqs: 2, wantDims: 4,
		},
		{
			name: "500 until retries run out", cfg: Config{MaxRetries: 2},
			reply: func(_ int, _ recorded, w http.ResponseWriter) {
				writeJSON(w, 500, map[string]string{"error": "llama runner process has terminated"})
			}, wantErr: "HTTP 500 Internal Server Error: {\"error\":\"llama runner process has terminated\"}", wantReqs: 3,
		},
		{
			name: "400 is not retried", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				writeJSON(w, 400, map[string]string{"error": "invalid input"})
			}, wantErr: "HTTP 400", wantReqs: 1,
		},
		{
			name: "malformed JSON", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				w.WriteHeader(200)
				_, _ = w.Write([]byte(`{"embeddings": [[0.1, 0.2`))
			}, wantErr: "malformed JSON", wantBad: true, wantReqs: 1,
		},
		{
			name: "too few vectors", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				writeJSON(w, 200, map[string]any{"embeddings": [][]float32{{1, 2}}})
			}, wantErr: "1 vectors for 5 texts", wantBad: true, wantReqs: 1,
		},
		{
			name: "inconsistent dimensions", reply: func(_ int, r recorded, w http.ResponseWriter) {
				embs := [][]float32{}
				for i := range r.inputs() {
					embs = append(embs, vec("x", 3+i%2))
				}
				writeJSON(w, 200, map[string]any{"embeddings": embs})
			}, wantErr: "expected 3", wantBad: true, wantReqs: 1,
		},
		{
			name: "zero vector", reply: func(_ int, r recorded, w http.ResponseWriter) {
				embs := [][]float32{}
				for range r.inputs() {
					embs = append(embs, make([]float32, 4))
				}
				writeJSON(w, 200, map[string]any{"embeddings": embs})
			}, wantErr: "zero vector", wantBad: true, wantReqs: 1,
		},
		{
			name: "model not pulled", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				writeJSON(w, 404, map[string]string{"error": `model "nomic-embed-text" not found, try pulling it first`})
			}, wantErr: "ollama pull nomic-embed-text", wantReqs: 1,
		},
		{
			name: "old server falls back to /api/embeddings", reply: func(_ int, r recorded, w http.ResponseWriter) {
				if r.Path == "/api/embed" {
					w.WriteHeader(404)
					_, _ = w.Write([]byte("404 page not found"))
					return
				}
				p, _ := r.Body["prompt"].(string)
				writeJSON(w, 200, map[string]any{"embedding": vec(p, 6)})
			}, wantReqs: 6, wantDims: 6,
			checkReqs: func(t *testing.T, reqs []recorded) {
				if reqs[1].Path != "/api/embeddings" || reqs[1].Body["prompt"] != "alpha" || reqs[1].Body["model"] != "nomic-embed-text" {
					t.Errorf("legacy request %+v", reqs[1])
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFake(t, tc.reply)
			cfg := tc.cfg
			cfg.Provider, cfg.Model, cfg.URL = "ollama", "nomic-embed-text", srv.URL+"/api/"
			e, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			fastRetries(e.(*Ollama).hc)
			vecs, err := e.Embed(context.Background(), texts)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				assertUnit(t, vecs, tc.wantDims)
				if e.Dimensions() != tc.wantDims || !strings.HasSuffix(e.ID(), "/nomic-embed-text/"+itoa(tc.wantDims)) {
					t.Errorf("dims %d id %q", e.Dimensions(), e.ID())
				}
			} else {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want it to contain %q", err, tc.wantErr)
				}
				if errors.Is(err, ErrBadResponse) != tc.wantBad {
					t.Errorf("errors.Is(ErrBadResponse) = %v", !tc.wantBad)
				}
			}
			reqs := srv.requests()
			if len(reqs) != tc.wantReqs {
				t.Errorf("%d requests, want %d", len(reqs), tc.wantReqs)
			}
			if tc.checkReqs != nil && len(reqs) == tc.wantReqs {
				tc.checkReqs(t, reqs)
			}
		})
	}
}

func TestOllamaLegacyIsRemembered(t *testing.T) {
	srv := newFake(t, func(_ int, r recorded, w http.ResponseWriter) {
		if r.Path == "/api/embed" {
			http.NotFound(w, nil)
			return
		}
		writeJSON(w, 200, map[string]any{"embedding": vec("x", 3)})
	})
	e, _ := NewOllama(Config{Model: "m", URL: srv.URL})
	ctx := context.Background()
	for range 2 {
		if _, err := e.Embed(ctx, []string{"a"}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(srv.requests()); n != 3 { // embed (404), embeddings, embeddings
		t.Fatalf("%d requests, want 3", n)
	}
}

func TestOllamaTimeout(t *testing.T) {
	srv := newFake(t, func(_ int, r recorded, w http.ResponseWriter) {
		time.Sleep(300 * time.Millisecond)
		ollamaOK(4)(0, r, w)
	})
	e, _ := NewOllama(Config{Model: "m", URL: srv.URL, Timeout: 50 * time.Millisecond})
	start := time.Now()
	_, err := e.Embed(context.Background(), []string{"a"})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "no answer within 50ms") {
		t.Fatalf("err %v", err)
	}
	if time.Since(start) > 250*time.Millisecond {
		t.Fatalf("took %v", time.Since(start))
	}
}

func TestOllamaCallerCancelDuringBackoff(t *testing.T) {
	srv := newFake(t, func(_ int, _ recorded, w http.ResponseWriter) {
		w.Header().Set("Retry-After", "30")
		writeJSON(w, 503, map[string]string{"error": "loading model"})
	})
	e, _ := NewOllama(Config{Model: "m", URL: srv.URL})
	e.hc.maxBackoff = time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := e.Embed(ctx, []string{"a"})
	if err == nil || !strings.Contains(err.Error(), "HTTP 503") || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v", err)
	}
	if time.Since(start) > time.Second {
		t.Fatalf("took %v: backoff ignored the context", time.Since(start))
	}
}

func TestOllamaUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	e, _ := NewOllama(Config{Model: "m", URL: "http://" + addr})
	start := time.Now()
	if _, err := Discover(context.Background(), e); err == nil {
		t.Fatal("want an error from an unreachable server")
	}
	if time.Since(start) > 2*time.Second {
		t.Fatalf("unreachable server took %v to fail", time.Since(start))
	}
	if e.ID() != "ollama/m/0" {
		t.Fatalf("ID %q", e.ID())
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
