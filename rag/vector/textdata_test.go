package vector

import (
	"context"
	"strings"
	"testing"

	"github.com/archon-memory/archon/bench/gen"
	"github.com/archon-memory/archon/rag/embed"
)

// textVecs embeds n generated log entries and nq queries with the builtin
// embedder: the vectors archon searches by default. Queries are of two kinds,
// alternating: a random 8-word sentence (as in the BM25 benchmark) and a
// 6-word fragment of an indexed entry (a half-remembered note).
func textVecs(tb testing.TB, n, nq, dims int) (docs, queries [][]float32) {
	tb.Helper()
	g := gen.New(gen.Options{Seed: 42})
	texts := make([]string, n)
	for i := range texts {
		_, _, texts[i] = g.Entry()
	}
	qs := make([]string, nq)
	for i := range qs {
		if i%2 == 0 {
			qs[i] = g.Sentence(8)
			continue
		}
		words := strings.Fields(texts[(i*7919)%n])
		start := (i * 31) % max(1, len(words)-6)
		qs[i] = strings.Join(words[start:min(len(words), start+6)], " ")
	}
	e, err := embed.NewBuiltin(dims)
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	docs, err = e.Embed(ctx, texts)
	if err != nil {
		tb.Fatal(err)
	}
	queries, err = e.Embed(ctx, qs)
	if err != nil {
		tb.Fatal(err)
	}
	return docs, queries
}
