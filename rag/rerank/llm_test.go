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

func newTestLLM(t *testing.T, cfg Config) *LLM {
	t.Helper()
	cfg.Provider = ProviderLLM
	if cfg.Model == "" {
		cfg.Model = "gpt-4o-mini"
	}
	r, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l := r.(*LLM)
	fastRetries(l.c)
	return l
}

// chat wraps content in a chat completion response.
func chat(content string) string {
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o-mini",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
	})
	return string(b)
}

type chatBody struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Temperature    *float64 `json:"temperature"`
	ResponseFormat *struct {
		Type string `json:"type"`
	} `json:"response_format"`
}

func decodeChat(t *testing.T, c captured) chatBody {
	t.Helper()
	var b chatBody
	if err := json.Unmarshal(c.body, &b); err != nil {
		t.Fatalf("request is not JSON: %v: %s", err, c.body)
	}
	return b
}

func TestLLMRequestShape(t *testing.T) {
	t.Setenv("ARCHON_TEST_LLM_KEY", "sk-llm")
	f := newFake(t, reply{body: chat(`{"scores": [2, 9]}`)})
	l := newTestLLM(t, Config{Model: "qwen2.5:7b", URL: f.URL + "/v1", APIKeyEnv: "ARCHON_TEST_LLM_KEY"})
	long := strings.Repeat("x", 1500)
	if _, err := l.Rerank(context.Background(), "where is the\nconfig?", []string{"the config lives in\n\narchon.yaml", long}); err != nil {
		t.Fatal(err)
	}
	c := f.requests()[0]
	if c.method != http.MethodPost || c.path != "/v1/chat/completions" || c.auth != "Bearer sk-llm" {
		t.Errorf("got %s %s auth %q", c.method, c.path, c.auth)
	}
	b := decodeChat(t, c)
	if b.Model != "qwen2.5:7b" || b.Temperature == nil || *b.Temperature != 0 {
		t.Errorf("model %q temperature %v, want qwen2.5:7b and 0", b.Model, b.Temperature)
	}
	if b.ResponseFormat == nil || b.ResponseFormat.Type != "json_object" {
		t.Errorf("response_format = %+v, want json_object", b.ResponseFormat)
	}
	if len(b.Messages) != 2 || b.Messages[0].Role != "system" || b.Messages[1].Role != "user" {
		t.Fatalf("messages = %+v", b.Messages)
	}
	if !strings.Contains(b.Messages[0].Content, `{"scores"`) {
		t.Errorf("system prompt does not ask for scores: %q", b.Messages[0].Content)
	}
	user := b.Messages[1].Content
	for _, want := range []string{"Query: where is the config?", "[0] the config lives in archon.yaml\n", "[1] " + strings.Repeat("x", 1000) + "\n", "exactly 2 numbers"} {
		if !strings.Contains(user, want) {
			t.Errorf("user prompt lacks %q:\n%s", want, user)
		}
	}
	if strings.Contains(user, strings.Repeat("x", 1001)) {
		t.Error("document not cut to 1,000 characters")
	}
}

func TestLLMResponses(t *testing.T) {
	tests := []struct {
		name      string
		replies   []reply
		want      []float64
		wantCalls int
		wantErr   string
		wantBad   bool
		wantCode  int
	}{
		{name: "plain JSON", replies: []reply{{body: chat(`{"scores":[3,10,0.5]}`)}}, want: []float64{3, 10, 0.5}, wantCalls: 1},
		{name: "code fence", replies: []reply{{body: chat("```json\n{\"scores\": [1, 9, 4]}\n```")}}, want: []float64{1, 9, 4}, wantCalls: 1},
		{name: "prose and strings", replies: []reply{{body: chat(`Document [0] fits best. Scores: {"scores": ["8", 2, " 5 "]} Hope this helps.`)}}, want: []float64{8, 2, 5}, wantCalls: 1},
		{name: "nested object", replies: []reply{{body: chat(`{"result": {"scores": [1, 2, 3]}}`)}}, want: []float64{1, 2, 3}, wantCalls: 1},
		{name: "bare array", replies: []reply{{body: chat("Doc [1] is best: [4, 7, 1]")}}, want: []float64{4, 7, 1}, wantCalls: 1},
		{
			name:    "429 then success",
			replies: []reply{{status: 429, body: `{"error":{"message":"Rate limit reached"}}`}, {body: chat(`{"scores":[1,2,3]}`)}},
			want:    []float64{1, 2, 3}, wantCalls: 2,
		},
		{
			name:    "500 twice then success",
			replies: []reply{{status: 500}, {status: 502}, {body: chat(`{"scores":[1,2,3]}`)}},
			want:    []float64{1, 2, 3}, wantCalls: 3,
		},
		{
			name:    "500 three times fails",
			replies: []reply{{status: 500, body: `{"error":{"message":"The server had an error"}}`}},
			wantErr: "The server had an error", wantCode: 500, wantCalls: 3,
		},
		{
			name:    "401 with body",
			replies: []reply{{status: 401, body: `{"error":{"message":"Incorrect API key provided"}}`}},
			wantErr: "HTTP 401 Unauthorized: {\"error\":{\"message\":\"Incorrect API key provided\"}}", wantCode: 401, wantCalls: 1,
		},
		{
			name:    "wrong score count",
			replies: []reply{{body: chat(`{"scores":[1,2]}`)}},
			wantErr: "2 scores for 3 documents", wantBad: true, wantCalls: 1,
		},
		{
			name:    "content without scores",
			replies: []reply{{body: chat(`I cannot rate these.`)}},
			wantErr: `no {"scores"`, wantBad: true, wantCalls: 1,
		},
		{
			name:    "non-numeric score",
			replies: []reply{{body: chat(`{"scores":[1,"high",3]}`)}},
			wantErr: "score 1 (high) is not a finite number", wantBad: true, wantCalls: 1,
		},
		{
			name:    "cut off",
			replies: []reply{{body: `{"choices":[{"finish_reason":"length","message":{"content":"{\"scores\": [1, 2"}}]}`}},
			wantErr: "cut off", wantBad: true, wantCalls: 1,
		},
		{
			name:    "malformed response body",
			replies: []reply{{body: `{"choices": [`}},
			wantErr: "malformed JSON", wantBad: true, wantCalls: 1,
		},
		{
			name:    "no choices",
			replies: []reply{{body: `{"choices": []}`}},
			wantErr: "no choices", wantBad: true, wantCalls: 1,
		},
		{
			name:    "refusal",
			replies: []reply{{body: `{"choices":[{"finish_reason":"stop","message":{"content":null,"refusal":"I can't help with that."}}]}`}},
			wantErr: "refused", wantBad: true, wantCalls: 1,
		},
		{
			name:    "400 without response_format too",
			replies: []reply{{status: 400, body: `{"error":{"message":"context length exceeded"}}`}},
			wantErr: "first attempt, with response_format", wantCode: 400, wantCalls: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, tt.replies...)
			l := newTestLLM(t, Config{URL: f.URL})
			got, err := l.Rerank(context.Background(), "q", threeDocs())
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
			msg := err.Error()
			if !strings.Contains(msg, tt.wantErr) || !strings.HasPrefix(msg, "rerank: llm/gpt-4o-mini: ") {
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

// TestLLMResponseFormatRejected: a server that refuses response_format
// with 400 is asked again without it, and without it from then on.
func TestLLMResponseFormatRejected(t *testing.T) {
	f := newFake(t)
	f.respond = func(c captured) reply {
		if strings.Contains(string(c.body), "response_format") {
			return reply{status: 400, body: `{"error":{"message":"Unrecognized request argument supplied: response_format"}}`}
		}
		return reply{body: chat(`{"scores":[5,6,7]}`)}
	}
	l := newTestLLM(t, Config{URL: f.URL})
	for range 2 {
		got, err := l.Rerank(context.Background(), "q", threeDocs())
		if err != nil {
			t.Fatal(err)
		}
		if want := []float64{5, 6, 7}; !reflect.DeepEqual(got, want) {
			t.Errorf("scores = %v, want %v", got, want)
		}
	}
	reqs := f.requests()
	if len(reqs) != 3 {
		t.Fatalf("server saw %d calls, want 3 (rejected, retried, then without)", len(reqs))
	}
	for i, c := range reqs {
		b := decodeChat(t, c)
		if (b.ResponseFormat != nil) != (i == 0) {
			t.Errorf("call %d: response_format %+v", i, b.ResponseFormat)
		}
		if b.Temperature == nil || *b.Temperature != 0 || len(b.Messages) != 2 {
			t.Errorf("call %d lost temperature or messages: %s", i, c.body)
		}
	}
}

func TestExtractScores(t *testing.T) {
	tests := []struct {
		text    string
		n       int
		want    []float64
		wantErr string
	}{
		{text: `{"scores":[1]}`, n: 1, want: []float64{1}},
		{text: "```\n{\"scores\":[0,10]}\n```", n: 2, want: []float64{0, 10}},
		{text: `{"other": 1} then {"scores": [2, 3]}`, n: 2, want: []float64{2, 3}},
		{text: `See [1]. Final: [6, 5]`, n: 2, want: []float64{6, 5}},
		{text: `[1, 2, 3]`, n: 2, wantErr: "3 scores for 2 documents"},
		{text: `{"scores": []}`, n: 1, wantErr: "0 scores for 1 documents"},
		{text: `{"scores": ["NaN"]}`, n: 1, wantErr: "not a finite number"},
		{text: `{"scores": [null]}`, n: 1, wantErr: "not a finite number"},
		{text: `{"scores": 7}`, n: 1, wantErr: `no {"scores"`},
		{text: ``, n: 1, wantErr: `no {"scores"`},
	}
	for _, tt := range tests {
		got, err := extractScores(tt.text, tt.n)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("extractScores(%q) error %v, want %q", tt.text, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("extractScores(%q) = %v, %v; want %v", tt.text, got, err, tt.want)
		}
	}
}
