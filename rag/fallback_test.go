package rag

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/embed"
)

// closedURL returns a loopback URL on which nothing listens.
func closedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// TestUnreachableEmbedder checks that an embedding provider that cannot be
// reached neither blocks nor fails indexing and search: both go on with
// BM25 and say so, and nothing written is lost.
func TestUnreachableEmbedder(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	emb, err := embed.New(embed.Config{Provider: "ollama", Model: "nomic-embed-text", URL: closedURL(t), Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(ctx, ws, Options{Embedder: emb})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	start := time.Now()
	st, err := e.Index(ctx, nil)
	if err != nil {
		t.Fatalf("index with an unreachable embedder: %v", err)
	}
	if len(st.Warnings) == 0 || !strings.Contains(strings.Join(st.Warnings, " "), "BM25") || st.Chunks == 0 {
		t.Fatalf("stats %+v", st)
	}
	if _, err := ws.Append(ctx, memory.Entry{Agent: "executor", Text: "Rotated the zebrafish signing key."}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	resp, err := e.Search(ctx, Query{Text: "zebrafish signing key"})
	if err != nil {
		t.Fatalf("search with an unreachable embedder: %v", err)
	}
	if len(resp.Results) == 0 || !strings.Contains(resp.Results[0].Snippet, "zebrafish") || len(resp.Warnings) == 0 {
		t.Fatalf("search: %+v", resp)
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Fatalf("an unreachable embedder cost %v", el)
	}
}
