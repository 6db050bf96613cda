package fulltext

import (
	"context"
	"fmt"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/search/query"
)

// Filter restricts a search. Zero fields do not restrict.
type Filter struct {
	Agents   []string // any of these agents
	Tags     []string // tags to match
	AllTags  bool     // every tag must match (default: any)
	Projects []string // any of these projects
	Layers   []string // any of these layers
	Since    string   // YYYY-MM-DD, inclusive
	Until    string   // YYYY-MM-DD, inclusive
}

// Empty reports whether f restricts nothing.
func (f *Filter) Empty() bool {
	return len(f.Agents) == 0 && len(f.Tags) == 0 && len(f.Projects) == 0 && len(f.Layers) == 0 && f.Since == "" && f.Until == ""
}

// Hit is one search result.
type Hit struct {
	ID    string
	Score float64
}

// Search returns up to size documents matching any term of text (English
// analysis), best BM25 score first, restricted by f. Term boosts may be
// given per term with Terms instead of plain text.
func (ix *Index) Search(ctx context.Context, text string, f Filter, size int) ([]Hit, error) {
	mq := query.NewMatchQuery(text)
	mq.SetField(FieldText)
	mq.Analyzer = en.AnalyzerName
	mq.SetOperator(query.MatchQueryOperatorOr)
	return ix.run(ctx, mq, f, size)
}

// Term is a query term with a weight. Terms are matched as given, so they
// must already be analyzed (see Analyze).
type Term struct {
	Text   string
	Weight float64
}

// SearchTerms is Search with pre-analyzed, weighted terms.
func (ix *Index) SearchTerms(ctx context.Context, terms []Term, f Filter, size int) ([]Hit, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	qs := make([]query.Query, 0, len(terms))
	for _, t := range terms {
		tq := query.NewTermQuery(t.Text)
		tq.SetField(FieldText)
		if t.Weight > 0 {
			tq.SetBoost(t.Weight)
		}
		qs = append(qs, tq)
	}
	return ix.run(ctx, query.NewDisjunctionQuery(qs), f, size)
}

// Analyze returns the index's analysis of text: lower-cased, stop words
// removed, Porter-stemmed tokens, in order (duplicates kept).
func (ix *Index) Analyze(text string) []string {
	toks := ix.idx.Mapping().AnalyzerNamed(en.AnalyzerName).Analyze([]byte(text))
	out := make([]string, 0, len(toks))
	for _, t := range toks {
		out = append(out, string(t.Term))
	}
	return out
}

func (ix *Index) run(ctx context.Context, q query.Query, f Filter, size int) ([]Hit, error) {
	if size <= 0 {
		return nil, nil
	}
	if !f.Empty() {
		bq := query.NewBooleanQuery([]query.Query{q}, nil, nil)
		bq.AddFilter(filterQuery(f))
		q = bq
	}
	req := bleve.NewSearchRequestOptions(q, size, 0, false)
	req.Fields = nil
	res, err := ix.idx.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("full-text search: %w", err)
	}
	hits := make([]Hit, len(res.Hits))
	for i, h := range res.Hits {
		hits[i] = Hit{ID: h.ID, Score: h.Score}
	}
	return hits, nil
}

func filterQuery(f Filter) query.Query {
	var must []query.Query
	anyOf := func(field string, vals []string) query.Query {
		qs := make([]query.Query, len(vals))
		for i, v := range vals {
			tq := query.NewTermQuery(v)
			tq.SetField(field)
			qs[i] = tq
		}
		return query.NewDisjunctionQuery(qs)
	}
	if len(f.Agents) > 0 {
		must = append(must, anyOf(FieldAgent, f.Agents))
	}
	if len(f.Tags) > 0 {
		if f.AllTags {
			for _, t := range f.Tags {
				must = append(must, anyOf(FieldTags, []string{t}))
			}
		} else {
			must = append(must, anyOf(FieldTags, f.Tags))
		}
	}
	if len(f.Projects) > 0 {
		must = append(must, anyOf(FieldProject, f.Projects))
	}
	if len(f.Layers) > 0 {
		must = append(must, anyOf(FieldLayer, f.Layers))
	}
	if f.Since != "" || f.Until != "" {
		incl := true
		rq := query.NewTermRangeInclusiveQuery(f.Since, f.Until, &incl, &incl)
		rq.SetField(FieldDate)
		must = append(must, rq)
	}
	return query.NewConjunctionQuery(must)
}
