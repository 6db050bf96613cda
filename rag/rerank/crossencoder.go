package rerank

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync/atomic"
)

// CrossEncoder scores documents with a reranking model (a cross-encoder
// such as bge-reranker-v2-m3, jina-reranker-v2 or ms-marco-MiniLM) served
// behind the de-facto standard rerank endpoint:
//
//	POST {url}/rerank {"model", "query", "documents", "top_n"}
//	→ {"results": [{"index", "relevance_score"}, ...]}
//
// as served by vLLM, llama.cpp server (--reranking), Infinity, Jina,
// Cohere-compatible gateways and LiteLLM. Hugging Face TEI's native
// /rerank, which takes {"query", "texts"} and answers with a top-level
// array of {"index", "score"}, is detected from its "missing field texts"
// rejection and used from then on.
//
// A cross-encoder reads query and document together, so it judges
// relevance far better than the lexical evidence it reorders; it costs one
// small request per search (tens of milliseconds on a GPU, a few hundred on
// a CPU for 20 short candidates). Safe for concurrent use.
type CrossEncoder struct {
	s   settings
	c   *client
	url string
	tei atomic.Bool // the server spoke TEI's native dialect
}

// NewCrossEncoder returns a cross-encoder reranker; cfg.URL is required.
// See [Config] and [New].
func NewCrossEncoder(cfg Config) (*CrossEncoder, error) {
	s, err := validate(cfg, ProviderCrossEncoder, DefaultCrossEncoderMaxDocChars)
	if err != nil {
		return nil, err
	}
	return &CrossEncoder{s: s, c: newClient(s), url: s.base + "/rerank"}, nil
}

// ID returns "cross-encoder/<model>", or "cross-encoder/default" when no
// model is configured and the server picks its own.
func (ce *CrossEncoder) ID() string {
	if ce.s.model == "" {
		return ProviderCrossEncoder + "/default"
	}
	return ProviderCrossEncoder + "/" + ce.s.model
}

type rerankRequest struct {
	Model     string   `json:"model,omitempty"`
	Query     string   `json:"query"`
	Documents []string `json:"documents"`
	TopN      int      `json:"top_n"`
}

// teiRequest is TEI's native /rerank request.
type teiRequest struct {
	Query    string   `json:"query"`
	Texts    []string `json:"texts"`
	Truncate bool     `json:"truncate"`
}

type rerankResult struct {
	Index          *int     `json:"index"`
	RelevanceScore *float64 `json:"relevance_score"`
	Score          *float64 `json:"score"`
}

// Rerank returns one score per document. Documents the server left out of
// its answer get one less than the lowest score it returned.
func (ce *CrossEncoder) Rerank(ctx context.Context, query string, docs []string) ([]float64, error) {
	if len(docs) == 0 {
		return []float64{}, nil
	}
	docs = truncateAll(docs, ce.s.maxDocChars)
	var scores []float64
	err := withTimeout(ctx, ce.s.timeout, func(ctx context.Context) error {
		data, err := ce.post(ctx, query, docs)
		if err != nil {
			return err
		}
		scores, err = parseRerank(ce.url, data, len(docs))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("rerank: %s: %w", ce.ID(), err)
	}
	return scores, nil
}

// post sends the standard request, or TEI's once the server turned out to
// be TEI, and returns the raw answer.
func (ce *CrossEncoder) post(ctx context.Context, query string, docs []string) ([]byte, error) {
	if !ce.tei.Load() {
		req := rerankRequest{Model: ce.s.model, Query: query, Documents: docs, TopN: len(docs)}
		data, err := ce.c.post(ctx, ce.url, req)
		he, rejected := statusIs(err, http.StatusBadRequest, http.StatusUnprocessableEntity)
		if !rejected || !strings.Contains(he.Body, "texts") {
			return data, err
		}
		data, err2 := ce.c.post(ctx, ce.url, teiRequest{Query: query, Texts: docs, Truncate: true})
		if err2 != nil {
			return nil, fmt.Errorf("%w (retried in TEI's native form after: %v)", err2, err)
		}
		ce.tei.Store(true)
		return data, nil
	}
	return ce.c.post(ctx, ce.url, teiRequest{Query: query, Texts: docs, Truncate: true})
}

// parseRerank reads {"results": [...]} or a top-level array (TEI) of
// {"index", "relevance_score" | "score"} into n scores in document order.
func parseRerank(url string, data []byte, n int) ([]float64, error) {
	var results []rerankResult
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		if err := json.Unmarshal(trimmed, &results); err != nil {
			return nil, badResponse(url, data, "malformed JSON (%v)", err)
		}
	} else {
		var resp struct {
			Results *[]rerankResult `json:"results"`
		}
		if err := json.Unmarshal(trimmed, &resp); err != nil {
			return nil, badResponse(url, data, "malformed JSON (%v)", err)
		}
		if resp.Results == nil {
			return nil, badResponse(url, data, `no "results" field`)
		}
		results = *resp.Results
	}
	if len(results) == 0 {
		return nil, badResponse(url, data, "no results for %d documents", n)
	}
	scores := make([]float64, n)
	seen := make([]bool, n)
	lowest := math.Inf(1)
	for _, r := range results {
		if r.Index == nil {
			return nil, badResponse(url, data, "a result has no index")
		}
		i := *r.Index
		if i < 0 || i >= n || seen[i] {
			return nil, badResponse(url, data, "result index %d out of range or repeated for %d documents", i, n)
		}
		s := r.RelevanceScore
		if s == nil {
			s = r.Score
		}
		if s == nil {
			return nil, badResponse(url, data, "result %d has neither relevance_score nor score", i)
		}
		scores[i], seen[i] = *s, true
		lowest = min(lowest, *s)
	}
	for i := range scores {
		if !seen[i] {
			scores[i] = lowest - 1
		}
	}
	return scores, nil
}
