package summarize

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/archon-memory/archon/conv"
)

const fakeSummary = `## Decisions
- Use PostgreSQL because the team knows it.

## Pending tasks
- Rotate the staging API keys.

## Critical context
- Files: /etc/billing/prod.yaml
`

func testMessages() []conv.Message {
	return []conv.Message{
		conv.NewText(conv.RoleUser, "Decision: we'll use PostgreSQL because the team knows it. Config is in /etc/billing/prod.yaml."),
		conv.NewText(conv.RoleAssistant, "TODO: rotate the staging API keys."),
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "c1", ToolName: "Bash", Text: strings.Repeat("x", 5000)}}},
	}
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// fakeOpenAI speaks the chat completions protocol and records the request.
func fakeOpenAI(t *testing.T, status int, answer string, delay time.Duration) (*httptest.Server, *map[string]any) {
	t.Helper()
	got := map[string]any{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
			return
		}
		if r.Header.Get("Authorization") != "Bearer sk-test" || r.Header.Get("Content-Type") != "application/json" {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}`)
			return
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &got)
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
		if status != http.StatusOK {
			w.WriteHeader(status)
			io.WriteString(w, `{"error":{"message":"The server had an error while processing your request.","type":"server_error"}}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o-mini",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": answer}}},
			"usage": map[string]int{"prompt_tokens": 100, "completion_tokens": 50, "total_tokens": 150},
		})
	}))
	t.Cleanup(srv.Close)
	return srv, &got
}

// summarizeOpenAI summarizes testMessages with the OpenAI-compatible
// server at url, with the key fakeOpenAI expects.
func summarizeOpenAI(t *testing.T, url string) *Summary {
	t.Helper()
	l, err := NewLLM(LLMConfig{Provider: ProviderOpenAI, BaseURL: url + "/v1", Getenv: env(map[string]string{"OPENAI_API_KEY": "sk-test"})}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.Summarize(context.Background(), testMessages(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLLMOpenAI(t *testing.T) {
	srv, got := fakeOpenAI(t, http.StatusOK, fakeSummary, 0)
	s := summarizeOpenAI(t, srv.URL)
	if s.Fallback != "" || s.Method != "llm:openai/gpt-4o-mini" {
		t.Fatalf("method %q fallback %q", s.Method, s.Fallback)
	}
	if !strings.HasPrefix(s.Markdown, Title) || !strings.Contains(s.Markdown, "- Use PostgreSQL because the team knows it.") {
		t.Errorf("summary:\n%s", s.Markdown)
	}
	if (*got)["model"] != "gpt-4o-mini" {
		t.Errorf("request model = %v", (*got)["model"])
	}
	msgs, _ := (*got)["messages"].([]any)
	if len(msgs) != 2 {
		t.Fatalf("request messages = %v", (*got)["messages"])
	}
	user, _ := msgs[1].(map[string]any)["content"].(string)
	if !strings.Contains(user, "PostgreSQL") || strings.Contains(user, strings.Repeat("x", 2500)) || !strings.Contains(user, "more characters") {
		t.Errorf("prompt does not carry the transcript with cut tool results: %.300s", user)
	}
}

func TestLLMAnthropic(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/messages" || r.Header.Get("x-api-key") != "ak-test" || r.Header.Get("anthropic-version") != "2023-06-01" {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`)
			return
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &got)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"msg_01","type":"message","role":"assistant","model":"claude-haiku-4-5",
			"content":[{"type":"text","text":`+mustQuote(fakeSummary)+`}],
			"stop_reason":"end_turn","usage":{"input_tokens":120,"output_tokens":60}}`)
	}))
	defer srv.Close()
	l, err := NewLLM(LLMConfig{Provider: ProviderAnthropic, BaseURL: srv.URL, Getenv: env(map[string]string{"ANTHROPIC_API_KEY": "ak-test"})}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.Summarize(context.Background(), testMessages(), Options{Previous: "## Decisions\n- Old decision kept."})
	if err != nil {
		t.Fatal(err)
	}
	if s.Fallback != "" || !strings.Contains(s.Markdown, "Rotate the staging API keys") {
		t.Fatalf("fallback %q, summary:\n%s", s.Fallback, s.Markdown)
	}
	if got["system"] == nil || got["max_tokens"] == nil {
		t.Errorf("request lacks system or max_tokens: %v", got)
	}
	msgs := got["messages"].([]any)
	if c := msgs[0].(map[string]any)["content"].(string); !strings.Contains(c, "Old decision kept") {
		t.Errorf("previous summary not sent: %.200s", c)
	}
}

func mustQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestLLMFallback(t *testing.T) {
	okEnv := env(map[string]string{"OPENAI_API_KEY": "sk-test"})
	srv500, _ := fakeOpenAI(t, http.StatusInternalServerError, "", 0)
	slow, _ := fakeOpenAI(t, http.StatusOK, fakeSummary, 2*time.Second)
	empty, _ := fakeOpenAI(t, http.StatusOK, "  ", 0)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close() // nothing listens there any more
	tests := []struct {
		name, want string
		cfg        LLMConfig
	}{
		{"no key", "OPENAI_API_KEY is not set", LLMConfig{Provider: ProviderOpenAI, Getenv: env(nil)}},
		{"no anthropic key", "ANTHROPIC_API_KEY is not set", LLMConfig{Provider: ProviderAnthropic, Getenv: env(nil)}},
		{"server error", "HTTP 500", LLMConfig{Provider: ProviderOpenAI, BaseURL: srv500.URL + "/v1", Getenv: okEnv}},
		{"bad key", "Incorrect API key", LLMConfig{Provider: ProviderOpenAI, BaseURL: srv500.URL + "/v1", Getenv: env(map[string]string{"OPENAI_API_KEY": "wrong"})}},
		{"timeout", "deadline exceeded", LLMConfig{Provider: ProviderOpenAI, BaseURL: slow.URL + "/v1", Getenv: okEnv, Timeout: 200 * time.Millisecond}},
		{"empty answer", "empty answer", LLMConfig{Provider: ProviderOpenAI, BaseURL: empty.URL + "/v1", Getenv: okEnv}},
		{"unreachable", "connect", LLMConfig{Provider: ProviderOpenAI, BaseURL: closed.URL + "/v1", Getenv: okEnv}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := NewLLM(tt.cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			s, err := l.Summarize(context.Background(), testMessages(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if s.Method != "extractive" || !strings.Contains(s.Fallback, tt.want) {
				t.Errorf("method %q fallback %q, want extractive with %q", s.Method, s.Fallback, tt.want)
			}
			if !strings.Contains(s.Markdown, "PostgreSQL") {
				t.Errorf("fallback summary lost the decision:\n%s", s.Markdown)
			}
			if time.Since(start) > 1500*time.Millisecond {
				t.Errorf("took %v", time.Since(start))
			}
		})
	}
	if _, err := NewLLM(LLMConfig{Provider: "gemini"}, nil); err == nil {
		t.Error("unknown provider accepted")
	}
}

func TestLLMLocalServerNeedsNoKey(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			t.Errorf("sent Authorization %q without a key", r.Header.Get("Authorization"))
		}
		io.WriteString(w, `{"choices":[{"message":{"role":"assistant","content":"## Decisions\n- Local model works."}}]}`)
	}))
	defer srv.Close()
	l, _ := NewLLM(LLMConfig{Provider: ProviderOpenAI, Model: "llama3.1", BaseURL: srv.URL + "/v1", Getenv: env(nil)}, nil)
	s, err := l.Summarize(context.Background(), testMessages(), Options{})
	if err != nil || s.Fallback != "" || !strings.Contains(s.Markdown, "Local model works") {
		t.Fatalf("err %v fallback %q:\n%s", err, s.Fallback, s.Markdown)
	}
}

// TestLLMRetriesOverload: an answer of HTTP 503 (or 429) is tried again
// within the timeout; a summary from the model, not the fallback, results.
func TestLLMRetriesOverload(t *testing.T) {
	ok, _ := fakeOpenAI(t, http.StatusOK, fakeSummary, 0)
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, `{"error":{"message":"overloaded"}}`)
			return
		}
		ok.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	s := summarizeOpenAI(t, srv.URL)
	if s.Fallback != "" || calls.Load() != 2 {
		t.Fatalf("calls %d, fallback %q", calls.Load(), s.Fallback)
	}
}
