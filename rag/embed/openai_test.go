package embed

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// openAIOK answers /embeddings like OpenAI, listing the data in reverse
// order to check that "index" is honoured.
func openAIOK(dims int) func(int, recorded, http.ResponseWriter) {
	return func(_ int, r recorded, w http.ResponseWriter) {
		in := r.inputs()
		data := []map[string]any{}
		for i := len(in) - 1; i >= 0; i-- {
			data = append(data, map[string]any{"object": "embedding", "index": i, "embedding": vec(in[i], dims)})
		}
		writeJSON(w, 200, map[string]any{"object": "list", "data": data, "model": r.Body["model"],
			"usage": map[string]int{"prompt_tokens": 3, "total_tokens": 3}})
	}
}

func TestOpenAI(t *testing.T) {
	texts := []string{"a", "bb", "ccc"}
	tests := []struct {
		name      string
		cfg       Config
		key       string
		reply     func(int, recorded, http.ResponseWriter)
		wantErr   string
		wantBad   bool
		wantReqs  int
		wantDims  int
		checkReqs func(t *testing.T, reqs []recorded)
	}{
		{
			name: "request shape and index order", cfg: Config{BatchSize: 2}, key: "sk-test",
			reply: openAIOK(5), wantReqs: 2, wantDims: 5,
			checkReqs: func(t *testing.T, reqs []recorded) {
				r := reqs[0]
				if r.Method != "POST" || r.Path != "/v1/embeddings" || r.Auth != "Bearer sk-test" || r.ContentType != "application/json" {
					t.Errorf("request %+v", r)
				}
				if r.Body["model"] != "text-embedding-3-small" || r.Body["encoding_format"] != "float" {
					t.Errorf("body %v", r.Body)
				}
				if _, ok := r.Body["dimensions"]; ok {
					t.Error("dimensions sent though not configured")
				}
				if got := r.inputs(); len(got) != 2 || got[0] != "a" || got[1] != "bb" {
					t.Errorf("inputs %v", got)
				}
			},
		},
		{
			name: "configured dimensions, no key on a local server", cfg: Config{Dimensions: 7},
			reply: openAIOK(7), wantReqs: 1, wantDims: 7,
			checkReqs: func(t *testing.T, reqs []recorded) {
				if reqs[0].Body["dimensions"] != float64(7) || reqs[0].Auth != "" {
					t.Errorf("body %v auth %q", reqs[0].Body, reqs[0].Auth)
				}
			},
		},
		{name: "wrong dimensions", cfg: Config{Dimensions: 7}, reply: openAIOK(6), wantErr: "configured 7", wantBad: true, wantReqs: 1},
		{
			name: "401 names the key variable", key: "sk-bad", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				writeJSON(w, 401, map[string]any{"error": map[string]string{"message": "Incorrect API key provided"}})
			}, wantErr: "Incorrect API key provided\"}} (check the key in $TEST_EMBED_KEY)", wantReqs: 1,
		},
		{
			name: "429 with Retry-After then success", reply: func(n int, r recorded, w http.ResponseWriter) {
				if n == 1 {
					w.Header().Set("Retry-After", "1")
					writeJSON(w, 429, map[string]any{"error": map[string]string{"message": "Rate limit reached"}})
					return
				}
				openAIOK(3)(n, r, w)
			}, wantReqs: 2, wantDims: 3,
		},
		{
			name: "502 then 503 then success", reply: func(n int, r recorded, w http.ResponseWriter) {
				if n <= 2 {
					w.WriteHeader(502 + n - 1)
					_, _ = w.Write([]byte("<html>bad gateway</html>"))
					return
				}
				openAIOK(3)(n, r, w)
			}, wantReqs: 3, wantDims: 3,
		},
		{
			name: "no retries when disabled", cfg: Config{MaxRetries: -1}, reply: func(_ int, _ recorded, w http.ResponseWriter) {
				w.WriteHeader(503)
			}, wantErr: "HTTP 503 Service Unavailable", wantReqs: 1,
		},
		{
			name: "repeated index", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				d := map[string]any{"index": 0, "embedding": []float32{1, 2}}
				writeJSON(w, 200, map[string]any{"data": []any{d, d, d}})
			}, wantErr: "repeated", wantBad: true, wantReqs: 1,
		},
		{
			name: "missing index is taken in order", reply: func(_ int, r recorded, w http.ResponseWriter) {
				data := []any{}
				for _, in := range r.inputs() {
					data = append(data, map[string]any{"embedding": vec(in, 2)})
				}
				writeJSON(w, 200, map[string]any{"data": data})
			}, wantReqs: 1, wantDims: 2,
		},
		{
			name: "malformed JSON", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				w.WriteHeader(200)
				_, _ = w.Write([]byte("not json at all"))
			}, wantErr: "malformed JSON", wantBad: true, wantReqs: 1,
		},
		{
			name: "embedding as a string", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				writeJSON(w, 200, map[string]any{"data": []any{map[string]any{"index": 0, "embedding": "AAAA"}}})
			}, wantErr: "malformed JSON", wantBad: true, wantReqs: 1,
		},
		{
			name: "number out of float32 range", reply: func(_ int, _ recorded, w http.ResponseWriter) {
				w.WriteHeader(200)
				_, _ = w.Write([]byte(`{"data":[{"index":0,"embedding":[1e39,1]},{"index":1,"embedding":[1,1]},{"index":2,"embedding":[1,1]}]}`))
			}, wantErr: "", wantBad: true, wantReqs: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFake(t, tc.reply)
			t.Setenv("TEST_EMBED_KEY", tc.key)
			cfg := tc.cfg
			cfg.Provider, cfg.Model, cfg.URL, cfg.APIKeyEnv = "openai", "text-embedding-3-small", srv.URL+"/v1/", "TEST_EMBED_KEY"
			e, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			fastRetries(e.(*OpenAI).hc)
			vecs, err := e.Embed(context.Background(), texts)
			switch {
			case tc.wantErr == "" && !tc.wantBad:
				if err != nil {
					t.Fatal(err)
				}
				assertUnit(t, vecs, tc.wantDims)
				// reverse-ordered data must land by index: longer text, larger first coordinate
				if tc.wantDims > 1 && !(vecs[0][0] < vecs[1][0] && vecs[1][0] < vecs[2][0]) && tc.name != "missing index is taken in order" {
					t.Errorf("vectors not placed by index")
				}
				if e.ID() != "openai/text-embedding-3-small/"+itoa(tc.wantDims) {
					t.Errorf("ID %q", e.ID())
				}
			default:
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

func TestNew(t *testing.T) {
	t.Setenv("NO_SUCH_KEY_FOR_TEST", "")
	tests := []struct {
		cfg    Config
		wantID string
		errHas string
	}{
		{Config{}, "builtin/hash-v1/256", ""},
		{Config{Provider: "Builtin", Dimensions: 384}, "builtin/hash-v1/384", ""},
		{Config{Provider: "ollama", Model: "all-minilm", Dimensions: 384}, "ollama/all-minilm/384", ""},
		{Config{Provider: "ollama"}, "", "needs a model"},
		{Config{Provider: "openai", Model: "m", URL: "http://127.0.0.1:1/v1", APIKeyEnv: "NO_SUCH_KEY_FOR_TEST"}, "openai/m/0", ""},
		{Config{Provider: "openai", Model: "m", APIKeyEnv: "NO_SUCH_KEY_FOR_TEST"}, "", "set NO_SUCH_KEY_FOR_TEST"},
		{Config{Provider: "openai", Model: "m", Dimensions: -1, URL: "http://x"}, "", "negative"},
		{Config{Provider: "cohere"}, "", "unknown provider"},
	}
	for _, tc := range tests {
		e, err := New(tc.cfg)
		if tc.errHas != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errHas) {
				t.Errorf("%+v: err %v, want %q", tc.cfg, err, tc.errHas)
			}
			continue
		}
		if err != nil {
			t.Errorf("%+v: %v", tc.cfg, err)
			continue
		}
		if e.ID() != tc.wantID {
			t.Errorf("%+v: ID %q want %q", tc.cfg, e.ID(), tc.wantID)
		}
	}
}

func TestDiscover(t *testing.T) {
	srv := newFake(t, openAIOK(12))
	e, _ := NewOpenAI(Config{Model: "m", URL: srv.URL})
	if e.ID() != "openai/m/0" {
		t.Fatalf("before: %q", e.ID())
	}
	d, err := Discover(context.Background(), e)
	if err != nil || d != 12 || e.ID() != "openai/m/12" {
		t.Fatalf("d %d err %v id %q", d, err, e.ID())
	}
	if _, err := Discover(context.Background(), e); err != nil || len(srv.requests()) != 1 {
		t.Fatalf("second Discover should not call the server: %v, %d requests", err, len(srv.requests()))
	}
	b, _ := NewBuiltin(0)
	if d, _ := Discover(context.Background(), b); d != 256 {
		t.Fatalf("builtin %d", d)
	}
}

func TestExcerpt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"a  b\n\tc", 10, "a b c"},
		{"abcdefghij", 4, "abcd..."},
		{"ééé", 3, "é..."},
	} {
		if got := excerpt([]byte(tc.in), tc.n); got != tc.want {
			t.Errorf("excerpt(%q,%d)=%q want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
