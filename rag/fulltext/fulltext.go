// Package fulltext is archon's BM25 index over chunk text, built on bleve v2.
//
// The index holds only what a query needs: the analyzed text (English
// analysis with Porter stemming) and keyword fields for filters (agent, tags,
// project, layer, date). Nothing is stored in it: chunk metadata and text live
// in SQLite, which is the source of truth for derived data, so the index can
// be dropped and rebuilt at any time.
//
// bleve computes BM25's average document length per segment, so raw scores
// shift as segments merge; callers should fuse results by rank, not score.
package fulltext

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
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

// Index is a BM25 full-text index stored in a directory.
type Index struct {
	idx bleve.Index
	dir string
}

// newMapping builds the index mapping: one analyzed text field, keyword
// fields for filters, no _all field, nothing stored, no term vectors.
func newMapping() *mapping.IndexMappingImpl {
	im := bleve.NewIndexMapping()
	im.ScoringModel = index.BM25Scoring
	im.DefaultAnalyzer = en.AnalyzerName
	im.StoreDynamic = false
	im.IndexDynamic = false
	im.DocValuesDynamic = false

	text := bleve.NewTextFieldMapping()
	text.Analyzer = en.AnalyzerName
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
	for _, f := range []string{FieldAgent, FieldTags, FieldProject, FieldLayer, FieldDate} {
		doc.AddFieldMappingsAt(f, kw())
	}
	im.DefaultMapping = doc
	return im
}

// Open opens the index in dir, creating an empty one when dir does not
// exist. An index that cannot be read yields an error wrapping ErrCorrupt.
func Open(dir string) (*Index, error) {
	if _, err := os.Stat(filepath.Join(dir, "index_meta.json")); errors.Is(err, os.ErrNotExist) {
		idx, err := bleve.NewUsing(dir, newMapping(), scorch.Name, scorch.Name, nil)
		if err != nil {
			return nil, fmt.Errorf("create full-text index %s: %w", dir, err)
		}
		return &Index{idx: idx, dir: dir}, nil
	}
	idx, err := bleve.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("open full-text index %s: %w: %v", dir, ErrCorrupt, err)
	}
	return &Index{idx: idx, dir: dir}, nil
}

// Build writes a new index into dir (which must not exist) from docs, using
// bleve's offline builder, which is several times faster than batches.
func Build(ctx context.Context, dir string, docs []Doc) error {
	b, err := bleve.NewBuilder(dir, newMapping(), map[string]any{"batchSize": 5000, "mergeMax": 10})
	if err != nil {
		return fmt.Errorf("build full-text index: %w", err)
	}
	for i := range docs {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				b.Close()
				return err
			}
		}
		if err := b.Index(docs[i].ID, docs[i].fields()); err != nil {
			b.Close()
			return fmt.Errorf("build full-text index: %w", err)
		}
	}
	if err := b.Close(); err != nil {
		return fmt.Errorf("build full-text index: %w", err)
	}
	return nil
}

// fields is the document bleve indexes.
func (d *Doc) fields() map[string]any {
	m := map[string]any{FieldText: d.Text, FieldLayer: d.Layer}
	if d.Agent != "" {
		m[FieldAgent] = d.Agent
	}
	if len(d.Tags) > 0 {
		m[FieldTags] = d.Tags
	}
	if d.Project != "" {
		m[FieldProject] = d.Project
	}
	if d.Date != "" {
		m[FieldDate] = d.Date
	}
	return m
}

// Apply indexes upserts and removes deletes in one batch.
func (ix *Index) Apply(ctx context.Context, upserts []Doc, deletes []string) error {
	if len(upserts) == 0 && len(deletes) == 0 {
		return nil
	}
	b := ix.idx.NewBatch()
	for _, id := range deletes {
		b.Delete(id)
	}
	for i := range upserts {
		if err := b.Index(upserts[i].ID, upserts[i].fields()); err != nil {
			return fmt.Errorf("index %s: %w", upserts[i].ID, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := ix.idx.Batch(b); err != nil {
		return fmt.Errorf("full-text batch: %w", err)
	}
	return nil
}

// Count returns the number of documents.
func (ix *Index) Count() (uint64, error) { return ix.idx.DocCount() }

// Close closes the index, flushing what is pending.
func (ix *Index) Close() error { return ix.idx.Close() }
