package shared

import (
	"context"
	"io"
	"net"
	"net/url"
	"runtime"
	"sync"
	"testing"
	"time"
)

// freezer is a TCP proxy that can stop forwarding on the connections it
// holds while keeping them open, as a network that drops packets does;
// connections made after that are forwarded.
type freezer struct {
	ln    net.Listener
	to    string
	mu    sync.Mutex
	conns []*frozenPair
}

type frozenPair struct {
	mu     sync.Mutex
	frozen bool
	a, b   net.Conn
}

func newFreezer(t *testing.T, to string) *freezer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &freezer{ln: ln, to: to}
	go f.serve()
	t.Cleanup(func() {
		ln.Close()
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, p := range f.conns {
			p.a.Close()
			p.b.Close()
		}
	})
	return f
}

func (f *freezer) serve() {
	for {
		a, err := f.ln.Accept()
		if err != nil {
			return
		}
		b, err := net.Dial("tcp", f.to)
		if err != nil {
			a.Close()
			continue
		}
		p := &frozenPair{a: a, b: b}
		f.mu.Lock()
		f.conns = append(f.conns, p)
		f.mu.Unlock()
		go p.copy(a, b)
		go p.copy(b, a)
	}
}

func (p *frozenPair) copy(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		p.mu.Lock()
		frozen := p.frozen
		p.mu.Unlock()
		if frozen {
			io.Copy(io.Discard, src) // swallowed: nothing more gets through
			return
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				src.Close()
				return
			}
		}
		if err != nil {
			dst.Close() // one side gone: so is the other, as through a relay
			return
		}
	}
}

// freeze stops forwarding on every connection open now.
func (f *freezer) freeze() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.conns {
		p.mu.Lock()
		p.frozen = true
		p.mu.Unlock()
	}
}

// TestNodeOutlivesAStoreThatStopsAnswering: when the store stops
// answering on the node's open connections, the node says it is not
// connected, reconnects and sends what was written meanwhile, and stops
// at once when asked to.
func TestNodeOutlivesAStoreThatStopsAnswering(t *testing.T) {
	ctx := context.Background()
	s, dsn := openStore(t)
	if err := s.AddTenant(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	f := newFreezer(t, u.Host)
	u.Host = f.ln.Addr().String()
	n, err := NewNode(t.TempDir(), NodeOptions{URL: u.String(), Tenant: "acme", Apply: (&collector{}).apply,
		Poll: 100 * time.Millisecond, Answer: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { n.Run(rctx); close(done) }()
	write := func(text string) {
		t.Helper()
		e, err := n.Entry(Entry{Date: "2026-12-02", Time: "10:00", Agent: "planner", Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if err := n.Write(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	waitSent := func(want int64) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); n.Status(ctx).Sent < want; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("sent %d, want %d: %+v", n.Status(ctx).Sent, want, n.Status(ctx))
			}
		}
	}
	write("before the freeze")
	waitSent(1)
	f.freeze()
	write("during the freeze")
	waitSent(2)
	stopped := time.Now()
	cancel()
	select {
	case <-done:
		t.Logf("stopped in %v", time.Since(stopped).Round(time.Millisecond))
	case <-time.After(10 * time.Second):
		buf := make([]byte, 1<<20)
		t.Fatalf("Run did not return within 10s of being stopped:\n%s", buf[:runtime.Stack(buf, true)])
	}
}
