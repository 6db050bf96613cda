package fulltext

import (
	"container/heap"
	"context"
	"math"
	"slices"
	"unsafe"

	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// topQuery is a disjunction of term queries for a search that keeps only
// its best k hits. It scores every document exactly as bleve's
// disjunction does (the sum of the terms' BM25 scores times the share of
// the terms matched), but it skips the documents that cannot reach the
// best k found so far (MaxScore, Turtle & Flood 1995): each term's score
// is bounded, and once the best k are at least as good as everything the
// commonest terms could add together, those terms no longer propose
// documents; they are only looked up, by skipping ahead in their
// postings, for the documents the rarer terms propose. A query with a
// very common word ("use", "database" in a big workspace) so no longer
// walks that word's whole postings list. The best k and their scores are
// the same as the plain disjunction's.
//
// A filter (dates, agents, tags) is part of the query, not put over it:
// the best k it prunes against must be documents the filter lets
// through. Its searcher is stepped beside the terms, and the terms skip
// ahead to the next document it lets through, so a narrow filter also
// saves walking the terms' postings outside it.
//
// It counts only the documents it does not skip, so a search's total is
// a lower bound.
type topQuery struct {
	terms  []*query.TermQuery
	filter query.Query // nil: every document
	k      int
}

// Searcher implements query.Query.
func (q *topQuery) Searcher(ctx context.Context, r index.IndexReader, m mapping.IndexMapping, opt search.SearcherOptions) (search.Searcher, error) {
	s := &maxScore{k: q.k}
	for i, t := range q.terms {
		ts, err := t.Searcher(ctx, r, m, opt)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.all = append(s.all, &kid{s: ts, boost: t.Boost(), order: i})
	}
	if q.filter != nil {
		// A filter does not score: bleve's own filters are searched so.
		fs, err := q.filter.Searcher(ctx, r, m, search.SearcherOptions{Score: "none"})
		if err != nil {
			s.Close()
			return nil, err
		}
		s.filter = &kid{s: fs}
	}
	s.kids = s.all
	var sum float64
	for _, k := range s.kids {
		sum += k.s.Weight()
	}
	s.SetQueryNorm(1 / math.Sqrt(sum))
	return s, nil
}

// kid is one term's searcher, where it stands, and its score bound.
type kid struct {
	s     search.Searcher
	cur   *search.DocumentMatch // nil once exhausted
	num   uint64                // cur's document number; noDoc once exhausted
	boost float64
	bound float64 // no document scores more on this term
	order int     // the term's place in the query
}

// maxScore is topQuery's searcher.
type maxScore struct {
	// all are every term's, to close and to count the share of terms
	// a document matches; kids are those matching anything, by bound,
	// the smallest first, once started.
	all, kids []*kid
	filter    *kid // the documents let through; nil: all
	k         int
	started   bool
	best      minHeap   // the best k scores returned
	prefix    []float64 // prefix[i]: the bounds of kids[:i] added
	scores    []float64 // this document's score on each term, by order
	matched   []*search.DocumentMatch
	doc       index.IndexInternalID // the document at hand
	e         int                   // kids[:e] propose no documents
	theta     float64               // the threshold e was found for
}

// satMax bounds BM25's term-frequency factor in bleve: tf*k1/(tf+k1*L)
// is below k1 (L, the length factor, is at least 1-b). The margin covers
// rounding.
const satMax = BM25K1 * (1 + 1e-9)

// SetQueryNorm passes the norm on and bounds each term's score by it.
func (s *maxScore) SetQueryNorm(qnorm float64) {
	for _, k := range s.all {
		k.s.SetQueryNorm(qnorm)
		// A term's score is boost * idf^2 * qnorm * sat, and its
		// weight is (boost * idf)^2.
		if k.boost > 0 {
			k.bound = k.s.Weight() / k.boost * qnorm * satMax
		}
	}
	if s.started {
		s.sortKids()
		s.e, s.theta = 0, math.Inf(-1)
	}
}

func (s *maxScore) sortKids() {
	slices.SortStableFunc(s.kids, func(a, b *kid) int {
		switch {
		case a.bound < b.bound:
			return -1
		case a.bound > b.bound:
			return 1
		}
		return a.order - b.order
	})
	s.prefix = make([]float64, len(s.kids)+1)
	for i, k := range s.kids {
		s.prefix[i+1] = s.prefix[i] + k.bound
	}
}

func (s *maxScore) start(ctx *search.SearchContext) error {
	s.started = true
	s.scores = make([]float64, len(s.all))
	s.theta = math.Inf(-1)
	live := make([]*kid, 0, len(s.kids))
	for _, k := range s.kids {
		dm, err := k.s.Next(ctx)
		if err != nil {
			return err
		}
		if k.set(dm); dm != nil {
			live = append(live, k)
		}
	}
	// A term that matches nothing scores nothing (it still counts in
	// the share of terms matched).
	s.kids = live
	s.sortKids()
	if s.filter != nil {
		dm, err := s.filter.s.Next(ctx)
		if err != nil {
			return err
		}
		s.filter.set(dm)
	}
	return nil
}

// threshold is the score a document must reach to matter: the kth best
// returned, or nothing until k are.
func (s *maxScore) threshold() float64 {
	if len(s.best) < s.k {
		return math.Inf(-1)
	}
	return s.best[0]
}

// Next returns the next document that may be among the best k.
func (s *maxScore) Next(ctx *search.SearchContext) (*search.DocumentMatch, error) {
	if !s.started {
		if err := s.start(ctx); err != nil {
			return nil, err
		}
	}
	nf := float64(len(s.all))
	for {
		theta := s.threshold()
		// kids[:e] cannot lift a document to theta by themselves.
		if theta != s.theta {
			s.theta = theta
			for s.e < len(s.kids) && float64(s.e+1)/nf*s.prefix[s.e+1] < theta {
				s.e++
			}
		}
		e := s.e
		doc := noDoc
		for _, k := range s.kids[e:] {
			doc = min(doc, k.num)
		}
		if doc == noDoc {
			return nil, nil
		}
		s.doc = index.NewIndexInternalID(s.doc, doc)
		if f := s.filter; f != nil {
			if err := f.advance(ctx, s.doc); err != nil {
				return nil, err
			}
			if f.num == noDoc {
				return nil, nil
			}
			if f.num != doc {
				// Nothing before the filter's next document passes:
				// the proposing terms skip to it.
				s.doc = index.NewIndexInternalID(s.doc, f.num)
				for _, k := range s.kids[e:] {
					if err := k.advance(ctx, s.doc); err != nil {
						return nil, err
					}
				}
				continue
			}
		}
		var sum float64
		m := 0
		for _, k := range s.kids[e:] {
			if k.at(doc) {
				sum += k.cur.Score
				m++
			}
		}
		pruned := false
		for j := e - 1; j >= 0; j-- {
			if float64(m+j+1)/nf*(sum+s.prefix[j+1]) < theta {
				pruned = true
				break
			}
			k := s.kids[j]
			if err := k.advance(ctx, s.doc); err != nil {
				return nil, err
			}
			if k.at(doc) {
				sum += k.cur.Score
				m++
			}
		}
		var rv *search.DocumentMatch
		if !pruned {
			rv = s.score(doc, m)
		}
		// Every term at doc moves on.
		for _, k := range s.kids {
			if !k.at(doc) {
				continue
			}
			if k.cur != rv {
				ctx.DocumentMatchPool.Put(k.cur)
			}
			dm, err := k.s.Next(ctx)
			if err != nil {
				return nil, err
			}
			k.set(dm)
		}
		if rv != nil {
			s.keep(rv.Score)
			return rv, nil
		}
	}
}

// score scores doc, matched by m terms, as bleve's disjunction does (the
// terms' scores added in query order, times m/n), reusing the match of
// its first term.
func (s *maxScore) score(doc uint64, m int) *search.DocumentMatch {
	clear(s.scores)
	s.matched = s.matched[:0]
	var first *kid
	for _, k := range s.kids {
		if k.at(doc) {
			s.scores[k.order] = k.cur.Score
			if first == nil || k.order < first.order {
				first = k
			}
		}
	}
	for _, k := range s.kids {
		if k != first && k.at(doc) {
			s.matched = append(s.matched, k.cur)
		}
	}
	var sum float64
	for _, v := range s.scores {
		sum += v
	}
	rv := first.cur
	rv.Score = sum * float64(m) / float64(len(s.all))
	rv.FieldTermLocations = search.MergeFieldTermLocations(rv.FieldTermLocations, s.matched)
	return rv
}

// keep records a returned score among the best k.
func (s *maxScore) keep(v float64) {
	switch {
	case len(s.best) < s.k:
		heap.Push(&s.best, v)
	case v > s.best[0]:
		s.best[0] = v
		heap.Fix(&s.best, 0)
	}
}

// Advance returns the first document at or after id that may be among
// the best k.
func (s *maxScore) Advance(ctx *search.SearchContext, id index.IndexInternalID) (*search.DocumentMatch, error) {
	if !s.started {
		if err := s.start(ctx); err != nil {
			return nil, err
		}
	}
	for _, k := range s.kids {
		if err := k.advance(ctx, id); err != nil {
			return nil, err
		}
	}
	return s.Next(ctx)
}

// noDoc is the number of no document: where an exhausted term stands.
const noDoc uint64 = math.MaxUint64

// set makes dm (nil when the term is exhausted) the term's current match.
// Document numbers are compared as numbers: an internal id is its number
// in 8 big-endian bytes, so the two orders agree.
func (k *kid) set(dm *search.DocumentMatch) {
	k.cur, k.num = dm, noDoc
	if dm != nil {
		k.num = dm.IndexInternalID.Value()
	}
}

// at reports whether the term's searcher stands at doc.
func (k *kid) at(doc uint64) bool { return k.num == doc }

// advance moves the term's searcher to its first document at or after
// id, when it stands before it.
func (k *kid) advance(ctx *search.SearchContext, id index.IndexInternalID) error {
	if k.num >= id.Value() {
		return nil
	}
	ctx.DocumentMatchPool.Put(k.cur)
	dm, err := k.s.Advance(ctx, id)
	k.set(dm)
	return err
}

// Close closes every term's searcher and the filter's.
func (s *maxScore) Close() error {
	var first error
	for _, k := range s.searchers() {
		if err := k.s.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// searchers are the terms' and the filter's.
func (s *maxScore) searchers() []*kid {
	if s.filter == nil {
		return s.all
	}
	return append(slices.Clip(s.all), s.filter)
}

// Weight is the terms' summed weight.
func (s *maxScore) Weight() float64 {
	var w float64
	for _, k := range s.all {
		w += k.s.Weight()
	}
	return w
}

// Count is at most the documents matching a term.
func (s *maxScore) Count() uint64 {
	var n uint64
	for _, k := range s.all {
		n += k.s.Count()
	}
	return n
}

// Min is 0: one matching term is enough.
func (s *maxScore) Min() int { return 0 }

const maxScoreSize = int(unsafe.Sizeof(maxScore{}))

// Size estimates the searcher's memory.
func (s *maxScore) Size() int {
	n := maxScoreSize + 8*(len(s.prefix)+len(s.scores)+len(s.best))
	for _, k := range s.searchers() {
		n += k.s.Size()
	}
	return n
}

// DocumentMatchPoolSize is what the searcher can hold at once: a match
// per term and the filter's, and what their searchers hold.
func (s *maxScore) DocumentMatchPoolSize() int {
	ks := s.searchers()
	n := len(ks)
	for _, k := range ks {
		n += k.s.DocumentMatchPoolSize()
	}
	return n
}

// minHeap is a min-heap of scores.
type minHeap []float64

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(a, b int) bool { return h[a] < h[b] }
func (h minHeap) Swap(a, b int)      { h[a], h[b] = h[b], h[a] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(float64)) }
func (h *minHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}
