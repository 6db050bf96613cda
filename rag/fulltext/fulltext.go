// Package fulltext is archon's BM25 index over chunk text, built on bleve v2.
//
// An Index is two bleve indexes: one document per chunk ("entries") and one
// per source file ("sessions", all of a file's text), so that a query can
// score a whole day's conversation as well as its entries. They hold only
// what a query needs: the analyzed text (see Analyzer) and keyword fields for
// filters (agent, tags, project, layer, date). Nothing is stored in them
// but each document's lengths (see stats): chunk metadata and text live in
// SQLite, the source of truth for derived data, so the index can be
// dropped and rebuilt at any time.
//
// Scoring is bleve's BM25 with k1 = 1.2 and b = 0.75. bleve keeps k1 and b as
// process-wide variables; this package sets them once, before its first
// index is opened or built, and nothing else in archon uses bleve. bleve
// divides a field's length in a document by the field's average length,
// which it takes as the number of distinct terms in the index / documents:
// a vocabulary, not a length, which shrinks per document as an index grows.
// This package supplies the statistics itself (see stats) so that the
// average is a length. Raw scores shift as segments merge, so callers
// rank, never compare scores across queries.
package fulltext

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/whitespace"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
	bolterrors "go.etcd.io/bbolt/errors"
)

// Field names in the index.
const (
	FieldText    = "text"
	FieldAgent   = "agent"
	FieldTags    = "tags"
	FieldProject = "project"
	FieldLayer   = "layer"
	FieldDate    = "date"
)

// ErrCorrupt reports an index that exists but cannot be opened. The caller
// should delete and rebuild it from the source files.
var ErrCorrupt = errors.New("full-text index is corrupt or unreadable")

// ErrLocked reports an index held by another process (or another Index in
// this one): bleve allows one opener at a time. Open gives up after
// LockTimeout instead of waiting silently forever.
var ErrLocked = errors.New("full-text index is in use by another archon process")

// LockTimeout is how long Open waits for another opener to let go.
const LockTimeout = 2 * time.Second

// Doc is one chunk as the full-text index sees it.
type Doc struct {
	ID      string
	Text    string
	Agent   string
	Tags    []string
	Project string
	Layer   string
	Date    string // YYYY-MM-DD, or "" for undated chunks
}

// BM25 parameters (see the package documentation).
const (
	BM25K1 = 1.2
	BM25B  = 0.75
)

var setBM25 = sync.OnceFunc(func() { search.BM25_k1, search.BM25_b = BM25K1, BM25B })

// Session is the full-text view of one session: a whole source file, or a
// block of consecutive entries of a very long one.
type Session struct {
	ID   string // the file's path
	Text string
	// Docs, for Build, are the documents (indices into Build's docs)
	// whose texts, each followed by a newline, make up Text, in order:
	// Build reuses their analysis instead of analysing Text again (the
	// analysis works one word at a time, so the terms are the same).
	// Apply ignores it.
	Docs []int
}

// Index is a BM25 full-text index stored in a directory.
type Index struct {
	entries, sessions bleve.Index
	an                *Analyzer
	dir               string
	// The BM25 statistics searches use, one set per index (see stats).
	entryStats, sessionStats atomic.Pointer[search.BM25Stats]
	// matches recycles the document matches of searches.
	matches matchPools
	// The stored lengths of each index's segments (see stats).
	entryLengths, sessionLengths lengths
	// closeOnce makes a second Close harmless (bleve's panics).
	closeOnce sync.Once
	closeErr  error
}

// termsAnalyzer is the name of the index's analyzer: it splits the terms
// archon's Analyzer produced at white space and does nothing else.
const termsAnalyzer = "archon_terms"

// keywordFields are the fields filters match whole, beside FieldText.
func keywordFields() []string {
	return []string{FieldAgent, FieldTags, FieldProject, FieldLayer, FieldDate}
}

// newMapping builds the index mapping: one pre-analyzed text field, keyword
// fields for filters, no _all field, no term vectors, nothing stored but
// each document's lengths.
func newMapping() (*mapping.IndexMappingImpl, error) {
	im := bleve.NewIndexMapping()
	if err := im.AddCustomAnalyzer(termsAnalyzer, map[string]any{"type": custom.Name, "tokenizer": whitespace.Name}); err != nil {
		return nil, err
	}
	im.ScoringModel = index.BM25Scoring
	im.DefaultAnalyzer = termsAnalyzer
	im.StoreDynamic = false
	im.IndexDynamic = false
	im.DocValuesDynamic = false

	text := bleve.NewTextFieldMapping()
	text.Analyzer = termsAnalyzer
	text.Store = false
	text.IncludeTermVectors = false
	text.IncludeInAll = false
	text.DocValues = false

	kw := func() *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.Analyzer = keyword.Name
		f.Store = false
		f.IncludeTermVectors = false
		f.IncludeInAll = false
		f.DocValues = false
		return f
	}
	doc := bleve.NewDocumentStaticMapping()
	doc.AddFieldMappingsAt(FieldText, text)
	for _, f := range keywordFields() {
		doc.AddFieldMappingsAt(f, kw())
	}
	// Each document's lengths, stored and not indexed (see stats).
	for _, f := range scoredFields() {
		l := kw()
		l.Index = false
		l.Store = true
		doc.AddFieldMappingsAt(lengthField(f), l)
	}
	im.DefaultMapping = doc
	return im, nil
}

// Open opens the index in dir, creating an empty one when dir does not
// exist. An index that cannot be read yields an error wrapping ErrCorrupt.
func Open(dir string) (*Index, error) {
	setBM25()
	an, err := NewAnalyzer()
	if err != nil {
		return nil, err
	}
	ix := &Index{an: an, dir: dir}
	if ix.entries, err = openOne(filepath.Join(dir, "entries")); err != nil {
		return nil, err
	}
	if ix.sessions, err = openOne(filepath.Join(dir, "sessions")); err != nil {
		ix.entries.Close()
		return nil, err
	}
	return ix, nil
}

// openExisting opens the index in dir. bleve panics on some damage (a
// segment's footer or root.bolt's pages garbled): that is an error, so
// that the index is set aside and rebuilt like any damaged one.
func openExisting(dir string) (idx bleve.Index, err error) {
	defer func() {
		if p := recover(); p != nil {
			idx, err = nil, fmt.Errorf("opening it panicked: %v", p)
		}
	}()
	return bleve.OpenUsing(dir, map[string]any{"bolt_timeout": LockTimeout.String()})
}

func openOne(dir string) (bleve.Index, error) {
	if _, err := os.Stat(filepath.Join(dir, "index_meta.json")); errors.Is(err, os.ErrNotExist) {
		m, err := newMapping()
		if err != nil {
			return nil, err
		}
		idx, err := bleve.NewUsing(dir, m, scorch.Name, scorch.Name, map[string]any{"bolt_timeout": LockTimeout.String()})
		if err != nil {
			return nil, fmt.Errorf("create full-text index %s: %w", dir, err)
		}
		return idx, nil
	}
	idx, err := openExisting(dir)
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("open full-text index %s: %w (waited %v; is `archon serve` running?)", dir, ErrLocked, LockTimeout)
	}
	if err != nil {
		return nil, fmt.Errorf("open full-text index %s: %w: %v", dir, ErrCorrupt, err)
	}
	return idx, nil
}

// Verify checks every live segment of the index (but those skip says to
// trust) against the CRC-32 its writer stored in its last four bytes
// (over everything before them): a flipped, zeroed or cut segment fails,
// with an error wrapping ErrCorrupt that names the file. Only the
// segments the index uses are read: a file left over by a merge that a
// kill interrupted is no damage. It reads each segment once (about 15 MB
// for 100,000 entries).
func (ix *Index) Verify(skip func(path string) bool) error {
	for _, idx := range []bleve.Index{ix.entries, ix.sessions} {
		adv, err := idx.Advanced()
		if err != nil {
			return fmt.Errorf("verify full-text index: %w", err)
		}
		r, err := adv.Reader()
		if err != nil {
			return fmt.Errorf("verify full-text index: %w: %v", ErrCorrupt, err)
		}
		snap, ok := r.(*scorch.IndexSnapshot)
		if !ok {
			r.Close()
			continue
		}
		for _, ss := range snap.Segments() {
			seg, ok := ss.Segment().(interface {
				Path() string
				Data() []byte
				CRC() uint32
			})
			if !ok || seg.Path() == "" || (skip != nil && skip(seg.Path())) {
				continue // in memory, not persisted yet; or trusted
			}
			data := seg.Data()
			if len(data) < 4 || crc32.ChecksumIEEE(data[:len(data)-4]) != seg.CRC() {
				r.Close()
				return fmt.Errorf("full-text segment %s fails its checksum: %w", seg.Path(), ErrCorrupt)
			}
		}
		r.Close()
	}
	return nil
}

// entryBatch and sessionBatch are how many documents bleve's offline
// builder analyzes before it writes them out as a segment: a batch's
// analysis is held in memory until then, and the segments are merged into
// one at the end. At 100,000 entries, batches of 2,000 entries instead of
// 5,000 took 60 MB off the peak for no loss of speed (BenchmarkBuild100K).
// A session document holds a day's text (up to sessionBlock entries): in
// batches of 5,000 every day's analysis was held at once, 30 MB more than
// in batches of 32.
const (
	entryBatch   = 2000
	sessionBatch = 32
)

// Build writes a new index into dir (which must not exist) from docs and
// sessions, with bleve's offline builder, which is several times faster
// than batches.
func Build(ctx context.Context, dir string, docs []Doc, sessions []Session) error {
	setBM25()
	an, err := NewAnalyzer()
	if err != nil {
		return err
	}
	m, err := newMapping()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	build := func(sub string, n, batch int, doc func(i int) (string, map[string]any)) error {
		if n == 0 {
			// The offline builder cannot write an empty index (it panics
			// on no segments): a fresh workspace has nothing to index yet.
			idx, err := bleve.New(filepath.Join(dir, sub), m)
			if err != nil {
				return fmt.Errorf("build full-text index: %w", err)
			}
			return idx.Close()
		}
		b, err := bleve.NewBuilder(filepath.Join(dir, sub), m, map[string]any{"batchSize": batch, "mergeMax": 10})
		if err != nil {
			return fmt.Errorf("build full-text index: %w", err)
		}
		for i := range n {
			if i%1024 == 0 {
				if err := ctx.Err(); err != nil {
					b.Close()
					return err
				}
			}
			id, fields := doc(i)
			if err := b.Index(id, fields); err != nil {
				b.Close()
				return fmt.Errorf("build full-text index: %w", err)
			}
		}
		if err := b.Close(); err != nil {
			return fmt.Errorf("build full-text index: %w", err)
		}
		return nil
	}
	// The documents' terms, kept for the sessions made of them.
	var terms []string
	var counts []int
	if slices.ContainsFunc(sessions, func(s Session) bool { return s.Docs != nil }) {
		terms, counts = make([]string, len(docs)), make([]int, len(docs))
	}
	err = build("entries", len(docs), entryBatch, func(i int) (string, map[string]any) {
		text, n := an.Joined(docs[i].Text)
		if terms != nil {
			terms[i], counts[i] = text, n
		}
		return docs[i].ID, docs[i].indexed(text, n)
	})
	if err != nil {
		return err
	}
	return build("sessions", len(sessions), sessionBatch, func(i int) (string, map[string]any) {
		s := &sessions[i]
		if s.Docs == nil {
			return s.ID, s.fields(an)
		}
		var b strings.Builder
		n := 0
		for _, d := range s.Docs {
			if counts[d] == 0 {
				continue
			}
			if n > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(terms[d])
			n += counts[d]
		}
		return s.ID, sessionIndexed(b.String(), n)
	})
}

// fields is the document bleve indexes.
func (d *Doc) fields(an *Analyzer) map[string]any {
	text, n := an.Joined(d.Text)
	return d.indexed(text, n)
}

// indexed is the document bleve indexes for d, given its terms joined by
// spaces and their number.
func (d *Doc) indexed(text string, n int) map[string]any {
	m := map[string]any{FieldText: text, lengthField(FieldText): strconv.Itoa(n), FieldLayer: d.Layer}
	if d.Agent != "" {
		m[FieldAgent] = d.Agent
	}
	if len(d.Tags) > 0 {
		m[FieldTags] = d.Tags
		m[lengthField(FieldTags)] = strconv.Itoa(len(d.Tags))
	}
	if d.Project != "" {
		m[FieldProject] = d.Project
	}
	if d.Date != "" {
		m[FieldDate] = d.Date
	}
	return m
}

// fields is the document bleve indexes for a session.
func (s *Session) fields(an *Analyzer) map[string]any {
	return sessionIndexed(an.Joined(s.Text))
}

// sessionIndexed is the document bleve indexes for a session, given its
// terms joined by spaces and their number.
func sessionIndexed(text string, n int) map[string]any {
	return map[string]any{FieldText: text, lengthField(FieldText): strconv.Itoa(n)}
}

// Apply indexes upserts and removes deletes, for entries and sessions.
func (ix *Index) Apply(ctx context.Context, upserts []Doc, deletes []string, sessions []Session, sessionDeletes []string) error {
	if len(upserts)+len(deletes) > 0 {
		// Many documents at once (a replica catching up on 100,000) go
		// in batches: one batch holds all its documents' analysis in
		// memory until it is written.
		b := ix.entries.NewBatch()
		for _, id := range deletes {
			b.Delete(id)
		}
		for i := range upserts {
			if err := b.Index(upserts[i].ID, upserts[i].fields(ix.an)); err != nil {
				return fmt.Errorf("index %s: %w", upserts[i].ID, err)
			}
			if b.Size() >= applyBatch && i < len(upserts)-1 {
				if err := ix.batch(ctx, b); err != nil {
					return err
				}
				b = ix.entries.NewBatch()
			}
		}
		if err := ix.batch(ctx, b); err != nil {
			return err
		}
	}
	if len(sessions)+len(sessionDeletes) > 0 {
		b := ix.sessions.NewBatch()
		for _, id := range sessionDeletes {
			b.Delete(id)
		}
		for _, s := range sessions {
			if err := b.Index(s.ID, s.fields(ix.an)); err != nil {
				return fmt.Errorf("index session %s: %w", s.ID, err)
			}
		}
		if err := answered(func() error { return ix.sessions.Batch(b) }); err != nil {
			return fmt.Errorf("full-text session batch: %w", err)
		}
	}
	return ix.RefreshStats()
}

// applyBatch is how many documents Apply writes in one batch.
const applyBatch = 2000

// batch writes b to the entries' index.
func (ix *Index) batch(ctx context.Context, b *bleve.Batch) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := answered(func() error { return ix.entries.Batch(b) }); err != nil {
		return fmt.Errorf("full-text batch: %w", err)
	}
	return nil
}

// batchWait bounds a batch: a sound index takes well under a second for
// one; one whose own writer died on a damaged file never answers.
const batchWait = time.Minute

// answered runs a write of the index and returns its error; a panic, a
// fault on a file mapped into memory that was cut short (SIGBUS), or no
// answer within batchWait is damage (ErrCorrupt). The write that does not
// answer is left behind: the index is set aside and rebuilt.
func answered(write func() error) error {
	done := make(chan error, 1)
	go func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("%w: %v", ErrCorrupt, p)
			}
		}()
		done <- write()
	}()
	t := time.NewTimer(batchWait)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		return fmt.Errorf("%w: a write did not answer in %s", ErrCorrupt, batchWait)
	}
}

// Analyzer returns the index's analyzer.
func (ix *Index) Analyzer() *Analyzer { return ix.an }

// Count returns the number of entry documents.
func (ix *Index) Count() (uint64, error) { return ix.entries.DocCount() }

// Close closes the index, flushing what is pending. Closing twice is
// harmless.
func (ix *Index) Close() error {
	ix.closeOnce.Do(func() {
		ix.closeErr = answered(func() error { return errors.Join(ix.entries.Close(), ix.sessions.Close()) })
	})
	return ix.closeErr
}
