package knowledge

import (
	"context"
	"io"
	"net"
	"net/url"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/archon-memory/archon/shared/sharedtest"
)

// freezer is a TCP proxy to PostgreSQL that can stop passing bytes on, as
// a frozen server or a network that drops packets does.
type freezer struct {
	ln     net.Listener
	frozen atomic.Bool
	done   chan struct{}
}

func newFreezer(t *testing.T, target string) *freezer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &freezer{ln: ln, done: make(chan struct{})}
	t.Cleanup(func() { close(f.done); ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			go f.pipe(c, up)
			go f.pipe(up, c)
		}
	}()
	return f
}

// pipe copies src to dst until the proxy freezes, then holds both open.
func (f *freezer) pipe(dst, src net.Conn) {
	defer dst.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if f.frozen.Load() {
			<-f.done
			return
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if err != io.EOF {
				return
			}
			return
		}
	}
}

// TestPostgresThatStopsAnswering: with the connection to PostgreSQL up but
// nothing coming back, an L3 call fails within seconds instead of holding
// the caller (and a service's index runs, which read L3) for good.
func TestPostgresThatStopsAnswering(t *testing.T) {
	dsn := os.Getenv(sharedtest.EnvDSN)
	if dsn == "" {
		t.Skip(sharedtest.EnvDSN + " is not set (a PostgreSQL connection string; .ci/run sets it)")
	}
	direct := openPG(t, Options{}) // creates the tenant's schema, dropped at the end
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	f := newFreezer(t, u.Host)
	u.Host = f.ln.Addr().String()
	ctx := context.Background()
	s, err := OpenPostgres(ctx, u.String(), direct.tenant, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.AddProject(ctx, Project{Name: "billing"}); err != nil {
		t.Fatal(err)
	}
	f.frozen.Store(true)
	start := time.Now()
	_, err = s.Projects(ctx, "")
	if took := time.Since(start); err == nil || took > 3*answerTimeout {
		t.Fatalf("projects with PostgreSQL frozen: %v after %s", err, took)
	}
}
