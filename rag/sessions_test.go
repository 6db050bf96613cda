package rag

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/archon-memory/archon/rag/chunk"
)

func TestSessionsByBlock(t *testing.T) {
	mk := func(n int) []chunk.Chunk {
		cs := make([]chunk.Chunk, n)
		for i := range cs {
			cs[i] = chunk.Chunk{Seq: i, Title: "t", Text: fmt.Sprint(i)}
		}
		return cs
	}
	tests := []struct {
		n    int
		want []string
	}{
		{0, nil},
		{1, []string{"f.md#0"}},
		{sessionBlock, []string{"f.md#0"}},
		{sessionBlock + 1, []string{"f.md#0", "f.md#1"}},
		{2*sessionBlock + 5, []string{"f.md#0", "f.md#1", "f.md#2"}},
	}
	for _, tt := range tests {
		var got []string
		cs := mk(tt.n)
		for _, s := range sessions("f.md", cs, appendDocs(nil, cs)) {
			got = append(got, s.ID)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%d chunks: sessions %v, want %v", tt.n, got, tt.want)
		}
	}
}

// TestLongLogSessions checks that a very long log gets one session
// document per block, that an append rewrites only the last, and that the
// documents follow the file when it shrinks and when it goes.
func TestLongLogSessions(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	entries := func(n int, extra string) string {
		var b strings.Builder
		b.WriteString("# 2026-11-29\n")
		for i := range n {
			fmt.Fprintf(&b, "\n## %02d:%02d alice\nRoutine note %d about the build.\n", i/60%24, i%60, i)
		}
		return b.String() + extra
	}
	abs, _ := ws.Path("memory/2026-11-29.md")
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(abs, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(entries(2*sessionBlock+10, ""))
	e := openIndexed(t, ws)
	const p = "memory/2026-11-29.md"
	blocks := func() map[string]bool {
		t.Helper()
		ids := []string{sessionID(p, 0), sessionID(p, 1), sessionID(p, 2), sessionID(p, 3)}
		hits, err := e.ft.SearchSessions(ctx, parseQuery(e.ft.Analyzer(), "routine note build zqblock", nil).terms, ids)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, h := range hits {
			out[h.ID] = true
		}
		return out
	}
	if b := blocks(); len(b) != 3 || !b[sessionID(p, 2)] {
		t.Fatalf("session documents %v, want 3 blocks", b)
	}
	before := e.blocks[sessionID(p, 0)]
	write(entries(2*sessionBlock+10, "\n## 23:59 bob\nzqblock marker.\n"))
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if e.blocks[sessionID(p, 0)] != before {
		t.Fatal("an append changed the first block's document")
	}
	hits, _ := e.ft.SearchSessions(ctx, parseQuery(e.ft.Analyzer(), "zqblock", nil).terms, []string{sessionID(p, 2)})
	if len(hits) != 1 {
		t.Fatalf("the last block's document lacks the appended entry: %v", hits)
	}
	write(entries(10, ""))
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if b := blocks(); len(b) != 1 {
		t.Fatalf("after shrinking: session documents %v, want 1", b)
	}
	os.Remove(abs)
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if b := blocks(); len(b) != 0 {
		t.Fatalf("after removal: session documents %v", b)
	}
}
