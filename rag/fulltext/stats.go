package fulltext

import (
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// scoredFields are the fields queries score. Each document stores its
// length in each of them (lengthField), so that statistics can leave out
// the documents deleted but not yet merged away.
func scoredFields() []string { return []string{FieldText, FieldTags} }

// lengthField names the stored field that holds a document's length in
// field f: its number of terms there.
func lengthField(f string) string { return "len_" + f }

// lengths holds, for each segment of one bleve index, the lengths its
// stored fields give for all its documents, live or not, added up per
// scored field. Segments never change, so each is read once.
type lengths struct {
	mu  sync.Mutex
	seg map[uint64][]int
}

// stats computes what BM25 needs of idx: its document count and, for
// each field, a total length, which bleve divides by the document count
// to get the field's average length.
//
// For the scored fields the total is the sum of the live documents'
// stored lengths (their term counts, the lengths BM25 divides by the
// average). Left to itself, bleve counts each segment's vocabulary
// instead, which is no length (it shrinks per document as an index
// grows), and a term in two segments twice, so the same files would score
// differently depending on how the index was built. Counted here from one
// snapshot once per change, the scores depend on the live documents alone
// and no search walks a dictionary. Filter fields, never scored, keep the
// count bleve would make of their distinct terms, and so does a scored
// field of an index written before documents stored their lengths.
func stats(idx bleve.Index, ls *lengths) (*search.BM25Stats, error) {
	ai, err := idx.Advanced()
	if err != nil {
		return nil, err
	}
	r, err := ai.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	snap, ok := r.(*scorch.IndexSnapshot)
	if !ok {
		return nil, fmt.Errorf("unexpected index reader %T", r)
	}
	n, err := r.DocCount()
	if err != nil {
		return nil, err
	}
	fields, err := r.Fields()
	if err != nil {
		return nil, err
	}
	live, err := ls.live(snap)
	if err != nil {
		return nil, err
	}
	st := &search.BM25Stats{DocCount: float64(n), FieldCardinality: map[string]int{}}
	// A field no document has yet counts 0, as bleve counts it; so do
	// "*" and "_all", which filter clauses name (they are not scored).
	known := append([]string{FieldText, "*", "_all"}, keywordFields()...)
	for _, f := range known {
		st.FieldCardinality[f] = 0
	}
	for _, f := range fields {
		if !slices.Contains(known, f) {
			continue // _id and the stored lengths, never queried
		}
		if i := slices.Index(scoredFields(), f); i >= 0 && live[i] > 0 {
			st.FieldCardinality[f] = live[i]
			continue
		}
		k, err := terms(r, f)
		if err != nil {
			return nil, err
		}
		st.FieldCardinality[f] = k
	}
	return st, nil
}

// terms returns the number of distinct terms in field f.
func terms(r index.IndexReader, f string) (int, error) {
	d, err := r.FieldDict(f)
	if err != nil {
		return 0, err
	}
	k := 0
	for {
		e, err := d.Next()
		if err != nil {
			d.Close()
			return 0, err
		}
		if e == nil {
			break
		}
		k++
	}
	return k, d.Close()
}

// live returns the summed lengths of snap's live documents, per scored
// field: each segment's total, less its deleted documents' lengths.
func (ls *lengths) live(snap *scorch.IndexSnapshot) ([]int, error) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.seg == nil {
		ls.seg = map[uint64][]int{}
	}
	sum := make([]int, len(scoredFields()))
	seen := map[uint64]bool{}
	for _, ss := range snap.Segments() {
		seen[ss.Id()] = true
		seg := ss.Segment()
		all, ok := ls.seg[ss.Id()]
		if !ok {
			all = make([]int, len(sum))
			for num := range seg.Count() {
				if err := addLengths(seg, num, all, 1); err != nil {
					return nil, err
				}
			}
			ls.seg[ss.Id()] = all
		}
		for i, v := range all {
			sum[i] += v
		}
		if del := ss.Deleted(); del != nil {
			for it := del.Iterator(); it.HasNext(); {
				if err := addLengths(seg, uint64(it.Next()), sum, -1); err != nil {
					return nil, err
				}
			}
		}
	}
	for id := range ls.seg {
		if !seen[id] {
			delete(ls.seg, id) // merged away
		}
	}
	return sum, nil
}

// addLengths adds sign times document num's stored lengths to sum.
func addLengths(seg segment.Segment, num uint64, sum []int, sign int) error {
	err := seg.VisitStoredFields(num, func(field string, _ byte, value []byte, _ []uint64) bool {
		for i, f := range scoredFields() {
			if field == lengthField(f) {
				if v, err := strconv.Atoi(string(value)); err == nil {
					sum[i] += sign * v
				}
			}
		}
		return true
	})
	if err != nil {
		return fmt.Errorf("stored lengths: %w", err)
	}
	return nil
}

// Stats are the BM25 statistics of an index, as RefreshStats counted
// them: a caller keeps them (as JSON) and hands them back with UseStats
// when it opens the index again, instead of counting again.
type Stats struct {
	// Counting is how the lengths were counted (statsCounting); kept
	// statistics of another kind are counted again.
	Counting int               `json:"counting"`
	Entries  *search.BM25Stats `json:"entries"`
	Sessions *search.BM25Stats `json:"sessions"`
}

// statsCounting names the way stats counts lengths: 0, the number of
// distinct terms (before 2026-12-02); 1, the stored lengths.
const statsCounting = 1

// Stats returns the statistics searches use now (nil parts: none yet).
func (ix *Index) Stats() Stats {
	return Stats{Counting: statsCounting, Entries: ix.entryStats.Load(), Sessions: ix.sessionStats.Load()}
}

// UseStats makes searches use st, kept from an earlier RefreshStats, if
// its document counts are those of the index now, and reports whether
// they were (statistics counted another way are counted again). Counts
// that differ mean the index is not the one the statistics were counted
// on: changed behind archon's back, damaged, or replaced.
func (ix *Index) UseStats(st Stats) (bool, error) {
	if st.Entries == nil || st.Sessions == nil {
		return false, nil
	}
	ne, err := ix.entries.DocCount()
	if err != nil {
		return false, err
	}
	ns, err := ix.sessions.DocCount()
	if err != nil {
		return false, err
	}
	if uint64(st.Entries.DocCount) != ne || uint64(st.Sessions.DocCount) != ns {
		return false, nil
	}
	if st.Counting != statsCounting {
		// The index is the one they were counted on, the way of counting
		// is not today's: count again.
		return true, ix.RefreshStats()
	}
	ix.entryStats.Store(st.Entries)
	ix.sessionStats.Store(st.Sessions)
	return true, nil
}

// RefreshStats counts the statistics of both indexes again (Apply does it
// after every change).
func (ix *Index) RefreshStats() error {
	es, err := stats(ix.entries, &ix.entryLengths)
	if err != nil {
		return fmt.Errorf("full-text statistics: %w", err)
	}
	ss, err := stats(ix.sessions, &ix.sessionLengths)
	if err != nil {
		return fmt.Errorf("full-text statistics: %w", err)
	}
	ix.entryStats.Store(es)
	ix.sessionStats.Store(ss)
	return nil
}
