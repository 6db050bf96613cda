package rerank

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// reply is one canned answer of a fake server.
type reply struct {
	status int // 0 means 200
	body   string
	header map[string]string
	delay  time.Duration // wait before answering (or until the client gives up)
}

// captured is one request a fake server received.
type captured struct {
	method, path, auth, contentType string
	body                            []byte
}

// fake is a loopback HTTP server that answers with replies in turn (the
// last one repeats) and records every request.
type fake struct {
	*httptest.Server
	mu      sync.Mutex
	replies []reply
	reqs    []captured
	// respond, when set, computes the reply from the request instead.
	respond func(c captured) reply
}

func newFake(t *testing.T, replies ...reply) *fake {
	t.Helper()
	f := &fake{replies: replies}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c := captured{method: r.Method, path: r.URL.Path, auth: r.Header.Get("Authorization"),
		contentType: r.Header.Get("Content-Type"), body: body}
	f.mu.Lock()
	n := len(f.reqs)
	f.reqs = append(f.reqs, c)
	var rep reply
	switch {
	case f.respond != nil:
	case len(f.replies) == 0:
		rep = reply{status: http.StatusTeapot, body: "no reply configured"}
	default:
		rep = f.replies[min(n, len(f.replies)-1)]
	}
	respond := f.respond
	f.mu.Unlock()
	if respond != nil {
		rep = respond(c)
	}
	if rep.delay > 0 {
		select {
		case <-r.Context().Done():
			return
		case <-time.After(rep.delay):
		}
	}
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.status != 0 {
		w.WriteHeader(rep.status)
	}
	_, _ = io.WriteString(w, rep.body)
}

func (f *fake) requests() []captured {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]captured(nil), f.reqs...)
}

// closedURL returns the URL of a loopback port nothing listens on.
func closedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return "http://" + addr + "/v1"
}

// fastRetries makes retry backoff negligible so tests stay quick.
func fastRetries(c *client) { c.backoff, c.maxBackoff = time.Millisecond, 5*time.Millisecond }
