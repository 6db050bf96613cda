package fulltext

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
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

// Term is an analyzed query term with a weight (its boost; 0 is no boost,
// the same as 1: a term not to be searched is left out).
type Term struct {
	Text   string
	Weight float64
	// Field is the field searched: FieldText when empty, or FieldTags for
	// a query word that names a tag.
	Field string
}

// QueryTerms analyzes text into distinct weighted terms (weight 1 each).
func (ix *Index) QueryTerms(text string) []Term {
	seen := map[string]bool{}
	var out []Term
	for _, t := range ix.an.Terms(text) {
		if !seen[t] {
			seen[t] = true
			out = append(out, Term{Text: t, Weight: 1})
		}
	}
	return out
}

// Search returns up to size entries matching any of terms, best BM25 score
// first, restricted by f. bleve scales each score by the fraction of the
// terms the entry matches.
func (ix *Index) Search(ctx context.Context, terms []Term, f Filter, size int) ([]Hit, error) {
	return ix.run(ctx, ix.entries, terms, f, size)
}

// SearchSessions scores the session documents named by ids (see Session)
// against terms, best first (documents without a match are left out).
// The ids are a filter the pruned search steps beside the terms, so only
// those documents are scored (bleve resolves the ids with a goroutine per
// segment, which costs less than scoring every session did).
func (ix *Index) SearchSessions(ctx context.Context, terms []Term, ids []string) ([]Hit, error) {
	if len(ids) == 0 || len(terms) == 0 {
		return nil, nil
	}
	hits, err := topN(ctx, &ix.matches, ix.sessions, terms, query.NewDocIDQuery(ids), len(ids), ix.sessionStats.Load())
	if err != nil {
		return nil, fmt.Errorf("full-text session search: %w", err)
	}
	return hits, nil
}

// run answers a search of idx. A search of a sound index fails only when
// ctx is done: any other failure, a panic or a fault on a file mapped into
// memory that was cut short (SIGBUS, made a panic here) is damage, ErrCorrupt.
func (ix *Index) run(ctx context.Context, idx bleve.Index, terms []Term, f Filter, size int) (hits []Hit, err error) {
	if size <= 0 || len(terms) == 0 {
		return nil, nil
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			hits, err = nil, fmt.Errorf("full-text search: %w: %v", ErrCorrupt, p)
		}
	}()
	var filter query.Query
	if !f.Empty() {
		filter = filterQuery(f)
	}
	st := ix.entryStats.Load()
	if idx == ix.sessions {
		st = ix.sessionStats.Load()
	}
	hits, err = topN(ctx, &ix.matches, idx, terms, filter, size, st)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, fmt.Errorf("full-text search: %w", err)
	case err != nil:
		return nil, fmt.Errorf("full-text search: %w: %v", ErrCorrupt, err)
	}
	return hits, nil
}

// topN returns the best n hits of q, equal scores in id order, so that
// which of several equal hits make the cut never depends on how the
// segments happen to be laid out (bleve orders equal scores by segment and
// document number; a stored-id lookup per hit to sort by id in the search
// doubled a query's time). The collection keeps every hit tied with the
// last one it keeps, so the hits at the cut are sorted by id here from
// their whole tie group, however large: 80 entries holding one word alike
// are all tied, and the first n by id are the answer.
//
// The query is a topQuery, which skips the documents that cannot make
// the best n, filter or none.
func topN(ctx context.Context, mp *matchPools, idx bleve.Index, terms []Term, filter query.Query, n int, st *search.BM25Stats) ([]Hit, error) {
	q := &topQuery{terms: termQueries(terms), filter: filter, k: n}
	hits, _, err := collect(withStats(ctx, st), mp, idx, q, n)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(hits, func(a, b Hit) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	return hits[:min(n, len(hits))], nil
}

// withStats hands a search the index's BM25 statistics (see stats); with
// none counted yet, bleve counts its own.
func withStats(ctx context.Context, st *search.BM25Stats) context.Context {
	if st == nil {
		return ctx
	}
	return context.WithValue(ctx, search.BM25StatsKey, st)
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

// termQueries are the BM25 queries of terms: each in its field, with its
// weight.
func termQueries(terms []Term) []*query.TermQuery {
	qs := make([]*query.TermQuery, 0, len(terms))
	for _, t := range terms {
		tq := query.NewTermQuery(t.Text)
		tq.SetField(FieldText)
		if t.Field != "" {
			tq.SetField(t.Field)
		}
		if t.Weight > 0 {
			tq.SetBoost(t.Weight)
		}
		qs = append(qs, tq)
	}
	return qs
}
