package rag

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/archon-memory/archon/rag/rerank"
)

// fakeCrossEncoder serves POST /rerank, scoring each document by whether it
// mentions "Fly" (so the model's order differs from BM25's), or failing.
func fakeCrossEncoder(t *testing.T, fail bool) *httptest.Server {
	t.Helper()
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/rerank" || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		if fail {
			http.Error(w, `{"error":"model not loaded"}`, http.StatusBadRequest)
			return
		}
		var req struct {
			Model     string   `json:"model"`
			Query     string   `json:"query"`
			Documents []string `json:"documents"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Query == "" || len(req.Documents) == 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		type result struct {
			Index int     `json:"index"`
			Score float64 `json:"relevance_score"`
		}
		var out struct {
			Results []result `json:"results"`
		}
		for i, d := range req.Documents {
			s := 0.1
			if strings.Contains(d, "Fly") {
				s = 0.9
			}
			out.Results = append(out.Results, result{i, s})
		}
		json.NewEncoder(w).Encode(out)
	}))
}

func TestRerankStep(t *testing.T) {
	ctx := context.Background()
	query := "deploy failed staging"
	base := func() []Result {
		e := openIndexed(t, demoWorkspace(t))
		return search(t, e, Query{Text: query, TopK: 10})
	}()
	for _, fail := range []bool{false, true} {
		srv := fakeCrossEncoder(t, fail)
		rr, err := rerank.New(rerank.Config{Provider: rerank.ProviderCrossEncoder, Model: "fake", URL: srv.URL})
		if err != nil {
			t.Fatal(err)
		}
		ws := demoWorkspace(t)
		e, err := Open(ctx, ws, Options{Reranker: rr, RerankTopN: 20})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Index(ctx, nil); err != nil {
			t.Fatal(err)
		}
		resp, err := e.Search(ctx, Query{Text: query, TopK: 10})
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		text := func(id string) string {
			c, _, err := e.st.Chunk(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return embedText(&c)
		}
		defer e.Close()
		rs := resp.Results
		if len(rs) == 0 || len(rs) > 10 {
			t.Fatalf("fail=%v: %d results", fail, len(rs))
		}
		if fail {
			if len(resp.Warnings) == 0 || len(rs) != len(base) || rs[0].ID != base[0].ID {
				t.Fatalf("a failing reranker must keep the built-in order with a warning: %v", resp.Warnings)
			}
			continue
		}
		// Every hit the model liked comes before every hit it did not.
		seenLow := false
		for _, r := range rs {
			liked := strings.Contains(text(r.ID), "Fly")
			if liked && seenLow {
				t.Fatalf("reranked order ignores the model: %+v", rs)
			}
			seenLow = seenLow || !liked
		}
		if rs[0].Score != 1 {
			t.Fatalf("top score %v", rs[0].Score)
		}
	}
}
