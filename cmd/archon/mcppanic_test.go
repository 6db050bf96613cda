package main

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
	archonmcp "github.com/archon-memory/archon/server/mcp"
)

// panicOnce is a memory whose first search panics after the engine is
// open (as a bug in ranking would).
type panicOnce struct {
	core.Memory
	n *atomic.Int32
}

func (p panicOnce) Search(ctx context.Context, r core.SearchRequest) (*core.SearchResponse, error) {
	res, err := p.Memory.Search(ctx, r)
	if p.n.Add(1) == 1 {
		panic("a bug")
	}
	return res, err
}

// TestMCPPanicLetsGoOfTheIndex: archon mcp closes the memory it opened
// for a call even when the call panics, so the next call (and every
// other process) finds the index free, not 'in use' for the rest of the
// session.
func TestMCPPanicLetsGoOfTheIndex(t *testing.T) {
	root := filepath.Join(t.TempDir(), "ws")
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	ws, err := memory.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(root, "archon.yaml"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int32
	mem := &callMemory{open: func(ctx context.Context) (core.Memory, error) {
		l, err := core.Open(ctx, ws, cfg, core.Options{OneShot: true})
		if err != nil {
			return nil, err
		}
		return panicOnce{l, &n}, nil
	}}
	ctx := context.Background()
	ct, st := sdk.NewInMemoryTransports()
	if _, err := archonmcp.NewServer(mem, "t").Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	for i := range 2 {
		start := time.Now()
		r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "x"}})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 && !r.IsError {
			t.Fatal("the panicking call did not answer an error")
		}
		if i == 1 && (r.IsError || time.Since(start) > time.Second) {
			t.Fatalf("the call after the panic: %v after %v", r.Content[0].(*sdk.TextContent).Text, time.Since(start))
		}
	}
}
