package rag

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/fulltext"
)

func TestChunkCache(t *testing.T) {
	a := chunk.Chunk{ID: "a", Path: "memory/2026-11-01.md", Text: "alpha"}
	b := chunk.Chunk{ID: "b", Path: "memory/2026-11-02.md", Text: "beta"}
	tests := []struct {
		name    string
		run     func(c *chunkCache)
		want    []string // ids found
		missing []string
	}{
		{"put then get", func(c *chunkCache) { c.put(c.generation(), []chunk.Chunk{a, b}) }, []string{"a", "b"}, nil},
		{"a read older than an Index is not kept", func(c *chunkCache) {
			g := c.generation()
			c.invalidate(nil, nil)
			c.put(g, []chunk.Chunk{a})
		}, nil, []string{"a", "b"}},
		{"a changed file is dropped", func(c *chunkCache) {
			c.put(c.generation(), []chunk.Chunk{a, b})
			c.invalidate([]string{a.Path}, nil)
		}, []string{"b"}, []string{"a"}},
		{"a deleted id is dropped", func(c *chunkCache) {
			c.put(c.generation(), []chunk.Chunk{a, b})
			c.invalidate(nil, []string{"b"})
		}, []string{"a"}, []string{"b"}},
		{"clear drops all", func(c *chunkCache) {
			c.put(c.generation(), []chunk.Chunk{a, b})
			c.clear()
		}, nil, []string{"a", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c chunkCache
			tt.run(&c)
			found, missing := c.get([]string{"a", "b"})
			var ids []string
			for _, ch := range found {
				ids = append(ids, ch.ID)
			}
			if strings.Join(ids, ",") != strings.Join(tt.want, ",") || strings.Join(missing, ",") != strings.Join(tt.missing, ",") {
				t.Fatalf("found %v missing %v, want %v and %v", ids, missing, tt.want, tt.missing)
			}
		})
	}
}

// TestChunkCacheBound fills the cache past its bound in bytes with chunks
// of every size, one of them too big to keep, and checks the bytes it
// counts against what it holds after puts, repeats and invalidations.
func TestChunkCacheBound(t *testing.T) {
	var c chunkCache
	an, err := fulltext.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	check := func() {
		t.Helper()
		sum := 0
		for _, e := range c.m {
			sum += e.cost()
		}
		if sum != c.bytes || c.bytes > chunkCacheBytes {
			t.Fatalf("cache counts %d bytes, holds %d, bound %d", c.bytes, sum, chunkCacheBytes)
		}
	}
	huge := chunk.Chunk{ID: "huge", Text: strings.Repeat("x", chunkCacheBytes/7)}
	c.put(c.generation(), []chunk.Chunk{huge})
	if _, missing := c.get([]string{"huge"}); len(missing) != 1 {
		t.Fatal("a chunk costing more than an eighth of the bound was kept")
	}
	for i := range 3000 {
		ch := chunk.Chunk{ID: fmt.Sprint(i % 2500), Path: fmt.Sprintf("memory/day%d.md", i%10), Text: strings.Repeat("w", 100+(i*7919)%40000)}
		c.put(c.generation(), []chunk.Chunk{ch})
		if i%3 == 0 { // its snippet tokens count too
			c.prepared(ch.ID, ch.Text, an.Prepare)
		}
		if i%500 == 499 {
			c.invalidate([]string{"memory/day3.md"}, []string{"7", "8"})
		}
		check()
	}
	if len(c.m) == 0 {
		t.Fatal("the cache holds nothing")
	}
	prepared := 0
	for _, e := range c.m {
		if e.toks.Ready() {
			prepared++
		}
	}
	if prepared == 0 {
		t.Fatal("no entry holds its snippet tokens")
	}
	c.clear()
	check()
}

// TestCachedHitsFollowEdits checks that a hit served from the chunk cache
// follows an edit of its file: new text, new line range.
func TestCachedHitsFollowEdits(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	q := Query{Text: "stripe webhook retries", TopK: 3}
	first := search(t, e, q)
	if len(first) == 0 {
		t.Fatal("no hits")
	}
	search(t, e, q) // served from the cache
	hit := first[0]
	abs, _ := ws.Path(hit.Path)
	data, err := os.ReadFile(abs)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	// Two lines inserted just before the hit's entry move it down, and its
	// text gains a word.
	at := hit.LineStart - 1
	edited := strings.Join(lines[:at], "") + "Moved down.\n\n" + lines[at] + "zqcached " + strings.Join(lines[at+1:], "")
	if err := os.WriteFile(abs, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for _, r := range search(t, e, Query{Text: "stripe webhook retries zqcached", TopK: 3}) {
		if r.Path == hit.Path && strings.Contains(r.Snippet, "zqcached") {
			if r.LineStart != hit.LineStart+2 {
				t.Fatalf("edited hit at line %d, want %d", r.LineStart, hit.LineStart+2)
			}
			return
		}
	}
	t.Fatal("the edited entry is not found with its new text")
}

// TestChunkCachePrepared checks that a cached chunk keeps its prepared
// snippet text, and that a text other than the cached one is never served
// from it.
func TestChunkCachePrepared(t *testing.T) {
	an, err := fulltext.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	prep := func(s string) fulltext.Prepared { calls++; return an.Prepare(s) }
	var c chunkCache
	ch := chunk.Chunk{ID: "a", Path: "p.md", Text: "Deploys went fine"}
	c.put(c.generation(), []chunk.Chunk{ch})
	terms := map[string]bool{"go": true}
	for range 3 {
		if got := an.MarksIn(c.prepared("a", ch.Text, prep), terms); len(got) != 1 {
			t.Fatalf("marks %v", got)
		}
	}
	if calls != 1 {
		t.Fatalf("prepared %d times, want once", calls)
	}
	c.prepared("a", "Other text", prep) // a stale caller's text
	if calls != 2 {
		t.Fatal("a different text was served from the cache")
	}
	if got := an.MarksIn(c.prepared("a", ch.Text, prep), terms); len(got) != 1 || calls != 2 {
		t.Fatalf("cached preparation lost: %v, %d calls", got, calls)
	}
}
