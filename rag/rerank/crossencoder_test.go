package rerank

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func newTestCE(t *testing.T, cfg Config) *CrossEncoder {
	t.Helper()
	cfg.Provider = ProviderCrossEncoder
	r, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ce := r.(*CrossEncoder)
	fastRetries(ce.c)
	return ce
}

// threeDocs returns a fresh three-document batch.
func threeDocs() []string { return []string{"alpha doc", "beta doc", "gamma doc"} }

func TestCrossEncoderRequestShape(t *testing.T) {
	t.Setenv("ARCHON_TEST_RERANK_KEY", "sk-test")
	f := newFake(t, reply{body: `{"results":[{"index":0,"relevance_score":0.5},{"index":1,"relevance_score":0.2},{"index":2,"relevance_score":0.1}]}`})
	ce := newTestCE(t, Config{Model: "bge-reranker-v2-m3", URL: f.URL + "/v1/", APIKeyEnv: "ARCHON_TEST_RERANK_KEY"})
	if _, err := ce.Rerank(context.Background(), "which doc?", threeDocs()); err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) != 1 {
		t.Fatalf("got %d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.method != http.MethodPost || r.path != "/v1/rerank" || r.contentType != "application/json" {
		t.Errorf("got %s %s (%s), want POST /v1/rerank (application/json)", r.method, r.path, r.contentType)
	}
	if r.auth != "Bearer sk-test" {
		t.Errorf("Authorization = %q, want Bearer sk-test", r.auth)
	}
	var got struct {
		Model     string   `json:"model"`
		Query     string   `json:"query"`
		Documents []string `json:"documents"`
		TopN      *int     `json:"top_n"`
	}
	if err := json.Unmarshal(r.body, &got); err != nil {
		t.Fatal(err)
	}
	if got.Model != "bge-reranker-v2-m3" || got.Query != "which doc?" || !reflect.DeepEqual(got.Documents, threeDocs()) || got.TopN == nil || *got.TopN != 3 {
		t.Errorf("request body = %s", r.body)
	}
}

func TestCrossEncoderNoKeyNoModel(t *testing.T) {
	f := newFake(t, reply{body: `{"results":[{"index":0,"relevance_score":1}]}`})
	ce := newTestCE(t, Config{URL: f.URL})
	if ce.ID() != "cross-encoder/default" {
		t.Errorf("ID = %q", ce.ID())
	}
	if _, err := ce.Rerank(context.Background(), "q", []string{"d"}); err != nil {
		t.Fatal(err)
	}
	r := f.requests()[0]
	if r.auth != "" {
		t.Errorf("Authorization = %q, want none", r.auth)
	}
	if strings.Contains(string(r.body), `"model"`) {
		t.Errorf("empty model was sent: %s", r.body)
	}
}

func TestCrossEncoderResponses(t *testing.T) {
	tests := []struct {
		name      string
		replies   []reply
		want      []float64
		wantCalls int
		wantErr   string // substring; "" means success
		wantBad   bool   // errors.Is ErrBadResponse
		wantCode  int    // HTTPError status
	}{
		{
			name:    "results out of order",
			replies: []reply{{body: `{"id":"x","results":[{"index":2,"relevance_score":0.9,"document":{"text":"gamma doc"}},{"index":0,"relevance_score":0.4},{"index":1,"relevance_score":-1.5}]}`}},
			want:    []float64{0.4, -1.5, 0.9}, wantCalls: 1,
		},
		{
			name:    "omitted documents get the lowest score",
			replies: []reply{{body: `{"results":[{"index":2,"relevance_score":0.7},{"index":0,"relevance_score":0.25}]}`}},
			want:    []float64{0.25, -0.75, 0.7}, wantCalls: 1,
		},
		{
			name:    "score instead of relevance_score",
			replies: []reply{{body: `{"results":[{"index":1,"score":3},{"index":0,"score":1},{"index":2,"score":2}]}`}},
			want:    []float64{1, 3, 2}, wantCalls: 1,
		},
		{
			name:    "TEI top-level array",
			replies: []reply{{body: `[{"index":1,"score":0.98},{"index":2,"score":0.5},{"index":0,"score":0.01}]`}},
			want:    []float64{0.01, 0.98, 0.5}, wantCalls: 1,
		},
		{
			name:    "429 then success",
			replies: []reply{{status: 429, body: `{"error":"slow down"}`, header: map[string]string{"Retry-After": "0"}}, {body: `{"results":[{"index":0,"relevance_score":1},{"index":1,"relevance_score":2},{"index":2,"relevance_score":3}]}`}},
			want:    []float64{1, 2, 3}, wantCalls: 2,
		},
		{
			name:    "500 twice then success",
			replies: []reply{{status: 500}, {status: 503}, {body: `{"results":[{"index":0,"relevance_score":1},{"index":1,"relevance_score":2},{"index":2,"relevance_score":3}]}`}},
			want:    []float64{1, 2, 3}, wantCalls: 3,
		},
		{
			name:    "500 three times fails after two retries",
			replies: []reply{{status: 500, body: `{"error":"CUDA out of memory"}`}},
			wantErr: "CUDA out of memory", wantCode: 500, wantCalls: 3,
		},
		{
			name:    "400 is not retried",
			replies: []reply{{status: 400, body: `{"detail":"query too long"}`}},
			wantErr: "HTTP 400 Bad Request: {\"detail\":\"query too long\"}", wantCode: 400, wantCalls: 1,
		},
		{
			name:    "401 with body",
			replies: []reply{{status: 401, body: `{"error":{"message":"Invalid API key"}}`}},
			wantErr: "Invalid API key", wantCode: 401, wantCalls: 1,
		},
		{
			name:    "malformed JSON",
			replies: []reply{{body: `{"results":[{"index":0,`}},
			wantErr: "malformed JSON", wantBad: true, wantCalls: 1,
		},
		{
			name:    "no results field",
			replies: []reply{{body: `{"data":[]}`}},
			wantErr: `no "results"`, wantBad: true, wantCalls: 1,
		},
		{
			name:    "empty results",
			replies: []reply{{body: `{"results":[]}`}},
			wantErr: "no results for 3 documents", wantBad: true, wantCalls: 1,
		},
		{
			name:    "index out of range",
			replies: []reply{{body: `{"results":[{"index":3,"relevance_score":1}]}`}},
			wantErr: "index 3 out of range", wantBad: true, wantCalls: 1,
		},
		{
			name:    "repeated index",
			replies: []reply{{body: `{"results":[{"index":1,"relevance_score":1},{"index":1,"relevance_score":2}]}`}},
			wantErr: "repeated", wantBad: true, wantCalls: 1,
		},
		{
			name:    "missing score",
			replies: []reply{{body: `{"results":[{"index":0}]}`}},
			wantErr: "neither relevance_score nor score", wantBad: true, wantCalls: 1,
		},
		{
			name:    "missing index",
			replies: []reply{{body: `[{"score":1}]`}},
			wantErr: "no index", wantBad: true, wantCalls: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, tt.replies...)
			ce := newTestCE(t, Config{Model: "m", URL: f.URL})
			got, err := ce.Rerank(context.Background(), "q", threeDocs())
			if n := len(f.requests()); n != tt.wantCalls {
				t.Errorf("server saw %d calls, want %d", n, tt.wantCalls)
			}
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("scores = %v, want %v", got, tt.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, scores %v", got)
			}
			if got != nil {
				t.Errorf("scores %v returned with an error", got)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.wantErr) || !strings.HasPrefix(msg, "rerank: cross-encoder/m: ") {
				t.Errorf("error %q, want it to start with the reranker and contain %q", msg, tt.wantErr)
			}
			if tt.wantBad != errors.Is(err, ErrBadResponse) {
				t.Errorf("errors.Is(ErrBadResponse) = %v, want %v", !tt.wantBad, tt.wantBad)
			}
			var he *HTTPError
			if errors.As(err, &he) != (tt.wantCode != 0) || (he != nil && he.StatusCode != tt.wantCode) {
				t.Errorf("HTTPError = %v, want status %d", he, tt.wantCode)
			}
		})
	}
}

// TestCrossEncoderTEINative speaks like TEI's own /rerank: it rejects a
// request without "texts" the way axum does and answers with a bare array.
func TestCrossEncoderTEINative(t *testing.T) {
	f := newFake(t)
	f.respond = func(c captured) reply {
		var req struct {
			Query    string   `json:"query"`
			Texts    []string `json:"texts"`
			Truncate bool     `json:"truncate"`
		}
		if err := json.Unmarshal(c.body, &req); err != nil || req.Texts == nil {
			return reply{status: 422, body: "Failed to deserialize the JSON body into the target type: missing field `texts` at line 1 column 80"}
		}
		if req.Query != "q" || !req.Truncate {
			return reply{status: 400, body: "unexpected request"}
		}
		out := make([]map[string]any, len(req.Texts))
		for i := range req.Texts {
			out[len(req.Texts)-1-i] = map[string]any{"index": i, "score": float64(i) / 10}
		}
		b, _ := json.Marshal(out)
		return reply{body: string(b)}
	}
	ce := newTestCE(t, Config{URL: f.URL})
	for range 2 {
		got, err := ce.Rerank(context.Background(), "q", threeDocs())
		if err != nil {
			t.Fatal(err)
		}
		if want := []float64{0, 0.1, 0.2}; !reflect.DeepEqual(got, want) {
			t.Errorf("scores = %v, want %v", got, want)
		}
	}
	// One rejected standard request, then TEI's dialect directly.
	if n := len(f.requests()); n != 3 {
		t.Errorf("server saw %d calls, want 3", n)
	}
}

func TestCrossEncoderTruncatesDocuments(t *testing.T) {
	f := newFake(t, reply{body: `{"results":[{"index":0,"relevance_score":1},{"index":1,"relevance_score":2}]}`})
	ce := newTestCE(t, Config{URL: f.URL, MaxDocChars: 5})
	docs := []string{"héllo wörld", "short"}
	if _, err := ce.Rerank(context.Background(), "q", docs); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Documents []string `json:"documents"`
	}
	if err := json.Unmarshal(f.requests()[0].body, &got); err != nil {
		t.Fatal(err)
	}
	if want := []string{"héllo", "short"}; !reflect.DeepEqual(got.Documents, want) {
		t.Errorf("documents sent = %q, want %q", got.Documents, want)
	}
	if docs[0] != "héllo wörld" {
		t.Errorf("caller's slice was modified: %q", docs)
	}
}

// TestCrossEncoderTEIGuessWrong: a 400 that mentions "texts" but is not
// TEI's rejection is tried once in TEI's form and then not again.
func TestCrossEncoderTEIGuessWrong(t *testing.T) {
	f := newFake(t, reply{status: 400, body: `{"detail":"too many texts in one batch"}`})
	ce := newTestCE(t, Config{URL: f.URL})
	_, err := ce.Rerank(context.Background(), "q", threeDocs())
	if err == nil || !strings.Contains(err.Error(), "retried in TEI's native form") {
		t.Fatalf("error %v", err)
	}
	if ce.tei.Load() {
		t.Error("switched to TEI's form although it failed too")
	}
	if n := len(f.requests()); n != 2 {
		t.Errorf("server saw %d calls, want 2", n)
	}
}
