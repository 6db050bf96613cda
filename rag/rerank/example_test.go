package rerank_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"

	"github.com/archon-memory/archon/rag/rerank"
)

// A search engine reorders its top candidates by the reranker's scores,
// stably, and keeps its own order when reranking fails.
func Example() {
	// A stand-in for a reranking server (vLLM, Infinity, llama.cpp, ...).
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"results":[{"index":2,"relevance_score":0.93},{"index":0,"relevance_score":0.12}]}`)
	}))
	defer srv.Close()

	r, err := rerank.New(rerank.Config{Provider: "cross-encoder", Model: "bge-reranker-v2-m3", URL: srv.URL + "/v1"})
	if err != nil || r == nil {
		fmt.Println("no reranker:", err)
		return
	}
	candidates := []string{"bleve BM25 index", "archon.yaml reference", "how archon reranks search results"}
	scores, err := r.Rerank(context.Background(), "rerank stage", candidates)
	if err != nil {
		fmt.Println("warning: keeping fused order:", err)
		return
	}
	order := []int{0, 1, 2}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
	for _, i := range order {
		fmt.Printf("%.2f %s\n", scores[i], candidates[i])
	}
	// Output:
	// 0.93 how archon reranks search results
	// 0.12 bleve BM25 index
	// -0.88 archon.yaml reference
}
