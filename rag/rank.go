package rag

import (
	"context"
	"fmt"
)

// ranked is a chunk id with its final score in 0..1.
type ranked struct {
	id    string
	score float64
}

// rank returns the best q.TopK chunk ids for q, best first.
func (e *Engine) rank(ctx context.Context, q *Query) ([]ranked, error) {
	hits, err := e.ft.Search(ctx, q.Text, q.Filter, q.TopK)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	out := make([]ranked, 0, len(hits))
	for _, h := range hits {
		s := h.Score / hits[0].Score
		if s < q.Threshold {
			break
		}
		out = append(out, ranked{id: h.ID, score: s})
	}
	return out, nil
}
