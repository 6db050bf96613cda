package rag

import (
	"context"
	"fmt"
	"sort"

	"github.com/archon-memory/archon/rag/chunk"
)

// rerankStep lets the configured model reorder the best fused hits. The
// model sees the query and each hit's full text; the hits come back in its
// order (stable for ties) with scores scaled to 0..1 within the reranked
// set. On any error or timeout the built-in order stands and a warning
// says why.
func (e *Engine) rerankStep(ctx context.Context, query string, hits []ranked, texts map[string]*chunk.Chunk) ([]ranked, []string) {
	if e.opt.Reranker == nil || len(hits) < 2 {
		return hits, nil
	}
	n := min(len(hits), max(e.opt.RerankTopN, 1))
	docs := make([]string, n)
	for i := range n {
		if c := texts[hits[i].id]; c != nil {
			docs[i] = embedText(c)
		}
	}
	scores, err := e.opt.Reranker.Rerank(ctx, query, docs)
	if err != nil {
		return hits, []string{fmt.Sprintf("reranker %s failed, built-in order kept: %v", e.opt.Reranker.ID(), err)}
	}
	if len(scores) != n {
		return hits, []string{fmt.Sprintf("reranker %s returned %d scores for %d hits, built-in order kept", e.opt.Reranker.ID(), len(scores), n)}
	}
	type scored struct {
		r     ranked
		score float64
	}
	top := make([]scored, n)
	lo, hi := scores[0], scores[0]
	for i := range n {
		top[i] = scored{hits[i], scores[i]}
		lo, hi = min(lo, scores[i]), max(hi, scores[i])
	}
	sort.SliceStable(top, func(i, j int) bool { return top[i].score > top[j].score })
	out := make([]ranked, 0, len(hits))
	for _, s := range top {
		r := s.r
		r.score = 1
		if hi > lo {
			r.score = (s.score - lo) / (hi - lo)
		}
		out = append(out, r)
	}
	// Hits the model did not see follow, below every reranked one.
	floor := out[len(out)-1].score
	for _, r := range hits[n:] {
		r.score = min(r.score, floor) * 0.999
		out = append(out, r)
	}
	return out, nil
}
