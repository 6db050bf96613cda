package rerank

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

var (
	_ Reranker = (*CrossEncoder)(nil)
	_ Reranker = (*LLM)(nil)
)

func TestNew(t *testing.T) {
	t.Setenv("ARCHON_TEST_EMPTY_KEY", "")
	tests := []struct {
		name    string
		cfg     Config
		wantID  string // "" with no error means a nil reranker
		wantErr string
	}{
		{name: "zero value is off", cfg: Config{}},
		{name: "none", cfg: Config{Provider: "none", URL: "http://x"}},
		{name: "none, any case", cfg: Config{Provider: " None "}},
		{name: "cross-encoder", cfg: Config{Provider: "cross-encoder", Model: "bge-reranker-v2-m3", URL: "http://127.0.0.1:1/v1"}, wantID: "cross-encoder/bge-reranker-v2-m3"},
		{name: "llm", cfg: Config{Provider: "LLM", Model: "gpt-4o-mini", URL: "https://api.openai.com/v1"}, wantID: "llm/gpt-4o-mini"},
		{name: "unknown provider", cfg: Config{Provider: "cohere", URL: "http://x"}, wantErr: `unknown provider "cohere"`},
		{name: "no URL", cfg: Config{Provider: "cross-encoder"}, wantErr: "needs a URL"},
		{name: "URL without scheme", cfg: Config{Provider: "llm", Model: "m", URL: "localhost:8000"}, wantErr: "not an http(s) URL"},
		{name: "llm without model", cfg: Config{Provider: "llm", URL: "http://x"}, wantErr: "needs a model"},
		{name: "negative timeout", cfg: Config{Provider: "llm", Model: "m", URL: "http://x", Timeout: -time.Second}, wantErr: "timeout must not be negative"},
		{name: "negative max doc chars", cfg: Config{Provider: "cross-encoder", URL: "http://x", MaxDocChars: -1}, wantErr: "must not be negative"},
		{name: "key variable empty", cfg: Config{Provider: "cross-encoder", URL: "http://x", APIKeyEnv: "ARCHON_TEST_EMPTY_KEY"}, wantErr: "$ARCHON_TEST_EMPTY_KEY is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := New(tt.cfg)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "rerank: ") {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				if r != nil {
					t.Errorf("reranker %v returned with an error", r)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantID == "" {
				if r != nil {
					t.Errorf("got %T, want nil", r)
				}
				return
			}
			if r == nil || r.ID() != tt.wantID {
				t.Errorf("got %v, want ID %q", r, tt.wantID)
			}
		})
	}
}

func TestDefaults(t *testing.T) {
	ce, err := NewCrossEncoder(Config{URL: "http://x"})
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewLLM(Config{Model: "m", URL: "http://x"})
	if err != nil {
		t.Fatal(err)
	}
	if ce.s.timeout != DefaultTimeout || l.s.timeout != DefaultTimeout {
		t.Errorf("timeouts %s, %s; want %s", ce.s.timeout, l.s.timeout, DefaultTimeout)
	}
	if ce.s.maxDocChars != DefaultCrossEncoderMaxDocChars || l.s.maxDocChars != DefaultMaxDocChars {
		t.Errorf("max doc chars %d, %d", ce.s.maxDocChars, l.s.maxDocChars)
	}
}

// both returns one reranker of each kind pointed at url.
func both(t *testing.T, url string, timeout time.Duration) []Reranker {
	t.Helper()
	ce := newTestCE(t, Config{URL: url, Timeout: timeout})
	l := newTestLLM(t, Config{URL: url, Timeout: timeout})
	return []Reranker{ce, l}
}

func TestEmptyDocumentsMakeNoCall(t *testing.T) {
	f := newFake(t, reply{status: 500, body: "must not be called"})
	for _, r := range both(t, f.URL, 0) {
		got, err := r.Rerank(context.Background(), "q", nil)
		if err != nil || got == nil || len(got) != 0 {
			t.Errorf("%s: got %v, %v; want an empty result", r.ID(), got, err)
		}
	}
	if n := len(f.requests()); n != 0 {
		t.Errorf("server saw %d calls, want 0", n)
	}
}

func TestUnreachableFailsFast(t *testing.T) {
	url := closedURL(t)
	for _, r := range both(t, url, 5*time.Second) {
		start := time.Now()
		_, err := r.Rerank(context.Background(), "q", []string{"d"})
		if elapsed := time.Since(start); elapsed > time.Second {
			t.Errorf("%s: took %s to fail", r.ID(), elapsed)
		}
		if err == nil || !strings.Contains(err.Error(), strings.TrimSuffix(url, "/v1")[len("http://"):]) {
			t.Errorf("%s: error %v, want one naming the address", r.ID(), err)
		}
		var he *HTTPError
		if errors.As(err, &he) || errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: error %v, want a network error", r.ID(), err)
		}
	}
}

func TestTimeout(t *testing.T) {
	f := newFake(t, reply{delay: 5 * time.Second, body: `{}`})
	for _, r := range both(t, f.URL, 100*time.Millisecond) {
		start := time.Now()
		_, err := r.Rerank(context.Background(), "q", []string{"d"})
		if elapsed := time.Since(start); elapsed > time.Second {
			t.Errorf("%s: took %s, want about 100ms", r.ID(), elapsed)
		}
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "timed out after 100ms") {
			t.Errorf("%s: error %v, want a named timeout", r.ID(), err)
		}
	}
}

func TestCallerCancellation(t *testing.T) {
	f := newFake(t, reply{delay: 5 * time.Second, body: `{}`})
	for _, r := range both(t, f.URL, 0) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		_, err := r.Rerank(ctx, "q", []string{"d"})
		cancel()
		if elapsed := time.Since(start); elapsed > time.Second {
			t.Errorf("%s: took %s", r.ID(), elapsed)
		}
		if !errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "timed out after") {
			t.Errorf("%s: error %v, want the caller's deadline passed through", r.ID(), err)
		}
	}
}

// TestRetryWaitHonoursContext: a Retry-After longer than the time left
// fails at once instead of sleeping past the deadline.
func TestRetryWaitHonoursContext(t *testing.T) {
	f := newFake(t, reply{status: 503, body: "busy", header: map[string]string{"Retry-After": "30"}})
	ce := newTestCE(t, Config{URL: f.URL, Timeout: 300 * time.Millisecond})
	ce.c.maxBackoff = time.Minute
	start := time.Now()
	_, err := ce.Rerank(context.Background(), "q", []string{"d"})
	if elapsed := time.Since(start); elapsed > 200*time.Millisecond {
		t.Errorf("took %s", elapsed)
	}
	var he *HTTPError
	if !errors.As(err, &he) || he.StatusCode != 503 || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v, want the 503 and the deadline", err)
	}
	if n := len(f.requests()); n != 1 {
		t.Errorf("server saw %d calls, want 1", n)
	}
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello", 3, "hel"},
		{"héllo", 2, "hé"},
		{"日本語テキスト", 3, "日本語"},
		{"abc", 0, "abc"},
	}
	for _, tt := range tests {
		if got := truncate(tt.in, tt.n); got != tt.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("é", 400)
	got := excerpt([]byte(long), 301)
	if !strings.HasSuffix(got, "...") || len(got) > 304 || strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("excerpt = %q", got)
	}
	if got := excerpt([]byte("a\n  b\tc"), 100); got != "a b c" {
		t.Errorf("excerpt folded to %q", got)
	}
}
