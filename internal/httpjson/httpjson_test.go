package httpjson

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// reply is one canned answer of a test server.
type reply struct {
	status int // 0 means 200
	header map[string]string
	body   string
	delay  time.Duration // wait before answering (or until the client gives up)
	stall  time.Duration // after the headers, wait before the body
	hangup bool          // close the connection without an answer
}

// server is a loopback HTTP server that gives its replies in turn (the last
// one repeats) and records every request.
type server struct {
	*httptest.Server
	mu      sync.Mutex
	replies []reply
	reqs    []captured
}

// captured is one request the server received.
type captured struct {
	method, path, body string
	header             http.Header
}

func newServer(t *testing.T, replies ...reply) *server {
	t.Helper()
	s := &server{replies: replies}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	rep := s.replies[min(len(s.reqs), len(s.replies)-1)]
	s.reqs = append(s.reqs, captured{r.Method, r.URL.Path, string(body), r.Header.Clone()})
	s.mu.Unlock()
	wait := func(d time.Duration) {
		select {
		case <-r.Context().Done():
		case <-time.After(d):
		}
	}
	if rep.hangup {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
		return
	}
	wait(rep.delay)
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	if rep.status != 0 {
		w.WriteHeader(rep.status)
	}
	if rep.stall > 0 {
		w.(http.Flusher).Flush()
		wait(rep.stall)
	}
	_, _ = io.WriteString(w, rep.body)
}

func (s *server) requests() []captured {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]captured(nil), s.reqs...)
}

func (s *server) count() int { return len(s.requests()) }

// fast is Options with retries that wait next to nothing.
func fast(o Options) Options {
	if o.Backoff == 0 {
		o.Backoff = time.Millisecond
	}
	if o.MaxBackoff == 0 {
		o.MaxBackoff = 5 * time.Millisecond
	}
	return o
}

func TestPost(t *testing.T) {
	busy := reply{status: 503, body: "busy"}
	ok := reply{body: `{"ok":true}`}
	tests := []struct {
		name     string
		opts     Options
		replies  []reply
		deadline time.Duration // of the caller's context; 0 means none
		wantBody string
		// wantErr is the whole error text, or with a trailing "*" its
		// start; URL stands for the server's URL.
		wantErr    string
		wantStatus int   // of the *Error in the error; 0 means none
		wantIs     error // errors.Is must hold
		wantReqs   int
		minTime    time.Duration
		maxTime    time.Duration // 0 means 2s
	}{
		{name: "2xx body returned", replies: []reply{ok}, wantBody: `{"ok":true}`, wantReqs: 1},
		{name: "any 2xx", replies: []reply{{status: 204}}, wantReqs: 1},
		{
			name: "429 retried", opts: Options{MaxRetries: 2},
			replies:  []reply{{status: 429, body: "slow down"}, ok},
			wantBody: `{"ok":true}`, wantReqs: 2,
		},
		{
			name: "503 Retry-After honoured", opts: Options{MaxRetries: 1, MaxBackoff: 3 * time.Second},
			replies:  []reply{{status: 503, header: map[string]string{"Retry-After": "1"}}, ok},
			wantBody: `{"ok":true}`, wantReqs: 2, minTime: time.Second, maxTime: 2500 * time.Millisecond,
		},
		{
			name: "Retry-After capped by MaxBackoff", opts: Options{MaxRetries: 1, Jitter: true},
			replies:  []reply{{status: 429, header: map[string]string{"Retry-After": "30"}}, ok},
			wantBody: `{"ok":true}`, wantReqs: 2, maxTime: time.Second,
		},
		{
			name: "5xx until retries run out", opts: Options{MaxRetries: 2},
			replies: []reply{busy},
			wantErr: "POST URL: HTTP 503 Service Unavailable: busy", wantStatus: 503, wantReqs: 3,
		},
		{
			name: "attempts reported", opts: Options{MaxRetries: 2, ReportAttempts: true},
			replies: []reply{busy},
			wantErr: "POST URL: HTTP 503 Service Unavailable: busy (after 3 attempts)", wantStatus: 503, wantReqs: 3,
		},
		{
			name: "no attempts reported without a retry", opts: Options{ReportAttempts: true},
			replies: []reply{busy},
			wantErr: "POST URL: HTTP 503 Service Unavailable: busy", wantStatus: 503, wantReqs: 1,
		},
		{
			name: "4xx not retried", opts: Options{MaxRetries: 3, ReportAttempts: true},
			replies: []reply{{status: 400, body: "{\n  \"error\": \"bad field\"\n}"}, ok},
			wantErr: `POST URL: HTTP 400 Bad Request: { "error": "bad field" }`, wantStatus: 400, wantReqs: 1,
		},
		{
			name: "401 names the key's variable", opts: Options{MaxRetries: 3, Key: "k", KeyEnv: "TEST_KEY", MissingKeyHint: "unused"},
			replies: []reply{{status: 401, body: "bad key"}},
			wantErr: "POST URL: HTTP 401 Unauthorized: bad key (check the key in $TEST_KEY)", wantStatus: 401, wantReqs: 1,
		},
		{
			name: "403 without a key gives the hint", opts: Options{MissingKeyHint: "no key sent: set one"},
			replies: []reply{{status: 403}},
			wantErr: "POST URL: HTTP 403 Forbidden (no key sent: set one)", wantStatus: 403, wantReqs: 1,
		},
		{
			name: "401 with no hint configured", replies: []reply{{status: 401}},
			wantErr: "POST URL: HTTP 401 Unauthorized", wantStatus: 401, wantReqs: 1,
		},
		{
			name: "network error not retried", opts: Options{MaxRetries: 3},
			replies: []reply{{hangup: true}},
			wantErr: `Post "URL": *`, wantReqs: 1,
		},
		{
			name: "network error prefixed", opts: Options{MaxRetries: 3, PrefixNetworkErrors: true},
			replies: []reply{{hangup: true}},
			wantErr: `POST URL: Post "URL": *`, wantReqs: 1,
		},
		{
			name: "per-attempt timeout, not retried", opts: Options{Timeout: 50 * time.Millisecond, MaxRetries: 3},
			replies: []reply{{delay: 5 * time.Second}},
			wantErr: "POST URL: no answer within 50ms: context deadline exceeded", wantIs: context.DeadlineExceeded,
			wantReqs: 1, minTime: 50 * time.Millisecond, maxTime: time.Second,
		},
		{
			name: "per-attempt timeout while reading", opts: Options{Timeout: 50 * time.Millisecond, MaxRetries: 3},
			replies: []reply{{stall: 5 * time.Second, body: "late"}},
			wantErr: "POST URL: response not complete within 50ms: context deadline exceeded", wantIs: context.DeadlineExceeded,
			wantReqs: 1, maxTime: time.Second,
		},
		{
			name: "caller's deadline passes through", opts: Options{Timeout: 5 * time.Second},
			replies: []reply{{delay: 5 * time.Second}}, deadline: 50 * time.Millisecond,
			wantErr: `Post "URL": context deadline exceeded`, wantIs: context.DeadlineExceeded, wantReqs: 1, maxTime: time.Second,
		},
		{
			name:    "deadline too short to retry",
			opts:    Options{MaxRetries: 3, MaxBackoff: time.Minute, FailFastOnDeadline: true},
			replies: []reply{{status: 503, body: "busy", header: map[string]string{"Retry-After": "30"}}}, deadline: 2 * time.Second,
			wantErr:    "POST URL: HTTP 503 Service Unavailable: busy (no time left to retry within the deadline: context deadline exceeded)",
			wantStatus: 503, wantIs: context.DeadlineExceeded, wantReqs: 1, maxTime: 500 * time.Millisecond,
		},
		{
			name:    "deadline reached waiting to retry",
			opts:    Options{MaxRetries: 3, MaxBackoff: time.Minute},
			replies: []reply{{status: 503, body: "busy", header: map[string]string{"Retry-After": "30"}}}, deadline: 100 * time.Millisecond,
			wantErr:    "POST URL: HTTP 503 Service Unavailable: busy (gave up waiting to retry: context deadline exceeded)",
			wantStatus: 503, wantIs: context.DeadlineExceeded, wantReqs: 1, minTime: 100 * time.Millisecond, maxTime: time.Second,
		},
		{
			name: "size limit cuts the body", opts: Options{MaxResponseBytes: 10},
			replies:  []reply{{body: strings.Repeat("0123456789", 100)}},
			wantBody: "0123456789", wantReqs: 1,
		},
		{
			name: "error body cut to an excerpt", opts: Options{MaxResponseBytes: 8},
			replies: []reply{{status: 500, body: "0123456789"}},
			wantErr: "POST URL: HTTP 500 Internal Server Error: 01234567", wantStatus: 500, wantReqs: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := newServer(t, tt.replies...)
			ctx := context.Background()
			if tt.deadline > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.deadline)
				defer cancel()
			}
			start := time.Now()
			data, err := New(fast(tt.opts)).Post(ctx, srv.URL, map[string]string{"q": "x"})
			elapsed := time.Since(start)

			if want := strings.ReplaceAll(tt.wantErr, "URL", srv.URL); want == "" {
				if err != nil {
					t.Fatalf("error %v", err)
				}
			} else if err == nil {
				t.Fatalf("no error, want %q", want)
			} else if prefix, ok := strings.CutSuffix(want, "*"); ok && !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error %q, want it to start %q", err, prefix)
			} else if !ok && err.Error() != want {
				t.Errorf("error %q\n want %q", err, want)
			}
			if string(data) != tt.wantBody {
				t.Errorf("body %q, want %q", data, tt.wantBody)
			}
			var he *Error
			if errors.As(err, &he) != (tt.wantStatus != 0) || (he != nil && he.StatusCode != tt.wantStatus) {
				t.Errorf("*Error %v, want status %d", he, tt.wantStatus)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("error %v does not wrap %v", err, tt.wantIs)
			}
			if n := srv.count(); n != tt.wantReqs {
				t.Errorf("server saw %d requests, want %d", n, tt.wantReqs)
			}
			maxTime := orDefault(tt.maxTime, 2*time.Second)
			if elapsed < tt.minTime || elapsed > maxTime {
				t.Errorf("took %s, want %s to %s", elapsed, tt.minTime, maxTime)
			}
		})
	}
}

// orDefault returns d, or def when d is 0.
func orDefault(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}

func TestRequest(t *testing.T) {
	tests := []struct {
		name     string
		opts     Options
		wantAuth string
		wantX    string
		wantCT   string
	}{
		{name: "defaults", wantCT: "application/json"},
		{name: "bearer key", opts: Options{Key: "sk-1"}, wantAuth: "Bearer sk-1", wantCT: "application/json"},
		{
			name:     "extra headers",
			opts:     Options{Header: http.Header{"X-Test": {"yes"}, "Authorization": {"Basic abc"}, "Content-Type": {"application/x-ndjson"}}},
			wantAuth: "Basic abc", wantX: "yes", wantCT: "application/x-ndjson",
		},
		{
			name:     "key overrides the Authorization header",
			opts:     Options{Key: "sk-2", Header: http.Header{"Authorization": {"Basic abc"}}},
			wantAuth: "Bearer sk-2", wantCT: "application/json",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, reply{body: "{}"})
			if _, err := New(tt.opts).Post(context.Background(), srv.URL+"/v1/x", struct {
				Q string `json:"q"`
				N int    `json:"n"`
			}{"hé", 3}); err != nil {
				t.Fatal(err)
			}
			r := srv.requests()[0]
			if r.method != http.MethodPost || r.path != "/v1/x" || r.body != `{"q":"hé","n":3}` {
				t.Errorf("got %s %s %s", r.method, r.path, r.body)
			}
			h := r.header
			if h.Get("Authorization") != tt.wantAuth || h.Get("X-Test") != tt.wantX ||
				h.Get("Content-Type") != tt.wantCT || h.Get("Accept") != "application/json" {
				t.Errorf("headers %v", h)
			}
		})
	}
}

func TestEncodeError(t *testing.T) {
	srv := newServer(t, reply{body: "{}"})
	_, err := New(Options{}).Post(context.Background(), srv.URL, make(chan int))
	if err == nil || !strings.HasPrefix(err.Error(), "encode request: ") {
		t.Errorf("error %v, want an encoding error", err)
	}
	if n := srv.count(); n != 0 {
		t.Errorf("server saw %d requests, want 0", n)
	}
}

func TestError(t *testing.T) {
	long := strings.Repeat("x ", 400)
	srv := newServer(t, reply{status: 429, body: long, header: map[string]string{"Retry-After": " 7 "}})
	_, err := New(Options{}).Post(context.Background(), srv.URL, nil)
	var he *Error
	if !errors.As(err, &he) {
		t.Fatalf("error %v, want an *Error", err)
	}
	if he.URL != srv.URL || he.StatusCode != 429 || he.Status != "429 Too Many Requests" ||
		he.RetryAfter != 7*time.Second || !he.Temporary() {
		t.Errorf("got %+v", he)
	}
	if len(he.Body) != bodyExcerptBytes+len("...") || !strings.HasSuffix(he.Body, "...") {
		t.Errorf("body excerpt of %d bytes: %q", len(he.Body), he.Body)
	}
	for _, tc := range []struct {
		code int
		want bool
	}{{400, false}, {401, false}, {404, false}, {429, true}, {500, true}, {503, true}} {
		if got := (&Error{StatusCode: tc.code}).Temporary(); got != tc.want {
			t.Errorf("Temporary() for %d = %v", tc.code, got)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
	}{
		{"", 0}, {"3", 3 * time.Second}, {" 3 ", 3 * time.Second}, {"0", 0}, {"-1", 0},
		{"1.5", 0}, {"Wed, 21 Oct 2015 07:28:00 GMT", 0},
	} {
		if got := parseRetryAfter(tc.in); got != tc.want {
			t.Errorf("parseRetryAfter(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestDelay(t *testing.T) {
	c := New(Options{Backoff: 100 * time.Millisecond, MaxBackoff: time.Second})
	for _, tc := range []struct {
		attempt    int
		retryAfter time.Duration
		want       time.Duration
	}{
		{0, 0, 100 * time.Millisecond},
		{1, 0, 200 * time.Millisecond},
		{3, 0, 800 * time.Millisecond},
		{4, 0, time.Second},
		{1000, 0, time.Second}, // no overflow
		{0, 500 * time.Millisecond, 500 * time.Millisecond},
		{3, 500 * time.Millisecond, 800 * time.Millisecond},
		{0, time.Minute, time.Second},
	} {
		if got := c.delay(tc.attempt, &Error{RetryAfter: tc.retryAfter}); got != tc.want {
			t.Errorf("delay(%d, Retry-After %s) = %s, want %s", tc.attempt, tc.retryAfter, got, tc.want)
		}
	}
	j := New(Options{Backoff: 100 * time.Millisecond, MaxBackoff: time.Second, Jitter: true})
	for range 200 {
		if d := j.delay(2, &Error{}); d < 200*time.Millisecond || d > 400*time.Millisecond {
			t.Fatalf("jittered delay %s outside [200ms, 400ms]", d)
		}
		if d := j.delay(1000, &Error{}); d != time.Second {
			t.Fatalf("jittered delay %s past the cap", d)
		}
	}
}

func TestNewDefaults(t *testing.T) {
	h := http.Header{"X-A": {"1"}}
	c := New(Options{MaxRetries: -2, Header: h})
	h.Set("X-A", "2")
	o := c.opts
	if o.MaxRetries != 0 || o.Backoff != defaultBackoff || o.MaxBackoff != defaultMaxBackoff ||
		o.MaxResponseBytes != defaultMaxResponseBytes || o.Header.Get("X-A") != "1" {
		t.Errorf("options %+v", o)
	}
}

func TestExcerpt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"", 10, ""},
		{"a\n  b\tc", 100, "a b c"},
		{"hello world", 5, "hello..."},
		{"héllo", 2, "h..."}, // never half a rune
		{"日本語", 7, "日本..."},
	} {
		if got := Excerpt([]byte(tc.in), tc.n); got != tc.want {
			t.Errorf("Excerpt(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
