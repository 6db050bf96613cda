package rag

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/archon-memory/archon/rag/chunk"
)

// KnowledgePrefix starts the virtual path of an L3 record in search hits:
// knowledge/K7 is item K7; its lines are those of the record's text as
// `archon get` (or `archon knowledge show`) prints it.
const KnowledgePrefix = "knowledge/"

// Record is one L3 record (a project, task or knowledge item) as
// retrieval indexes it.
type Record struct {
	// ID is the record's id: P1, T12 or K7.
	ID string
	// Kind is "project", "task", or the item's kind (pattern, decision ...).
	Kind string
	// Title is one line; Text is what to index.
	Title, Text string
	// Tags are the record's tags.
	Tags []string
	// Project, Agent and Date (YYYY-MM-DD) are its metadata.
	Project, Agent, Date string
	// Seq grows whenever the record changes: only changed records are
	// re-indexed.
	Seq int64
}

// Records lists the L3 records to index. The application layer passes the
// knowledge store through it; retrieval never opens the database itself.
type Records interface {
	// Records returns every record, or none when there is no L3 yet.
	Records(ctx context.Context) ([]Record, error)
}

// knowledgeFormat is stamped into each L3 source's "mtime" beside the
// record's write sequence. Bump it when what a record's chunk holds
// changes (format 1: tasks and items carry their status and kind as
// tags; 2: their text names their project; 3: a record's chunk id is
// named by the record, not its content), so that every record is
// indexed again.
const knowledgeFormat = 3

// knowledgeSources lists the L3 records as sources, one per record; their
// "mtime" is the record's write sequence, so only changed records are
// re-indexed.
func (e *Engine) knowledgeSources(ctx context.Context) ([]source, error) {
	if e.opt.Records == nil {
		return nil, nil
	}
	recs, err := e.opt.Records.Records(ctx)
	if err != nil {
		return nil, fmt.Errorf("index L3 knowledge: %w", err)
	}
	srcs := make([]source, len(recs))
	for i := range recs {
		r := &recs[i]
		srcs[i] = source{rel: KnowledgePrefix + r.ID, layer: chunk.L3, size: int64(len(r.Text)), mtime: r.Seq<<8 | knowledgeFormat, l3: r}
	}
	return srcs, nil
}

// knowledgeChunk turns an L3 record into its one chunk.
func knowledgeChunk(rel string, d Record) ([]chunk.Chunk, string) {
	text := strings.TrimRight(d.Text, "\n")
	c := chunk.Chunk{
		Path: rel, LineStart: 1, LineEnd: strings.Count(text, "\n") + 1,
		Date: d.Date, Agent: d.Agent, Tags: d.Tags, Project: d.Project,
		Layer: chunk.L3, Kind: chunk.KindItem, Title: d.ID + " " + d.Kind + ": " + d.Title, Text: text,
	}
	cs := chunk.Finish([]chunk.Chunk{c})
	// A record is one chunk, named by the record: its hit keeps its id
	// when the record changes (a task moved to done), so an id an agent
	// kept still gets it.
	id := sha256.Sum256([]byte("record\x00" + rel))
	cs[0].ID = hex.EncodeToString(id[:8])
	// The source's hash covers the format, so that a record indexed by an
	// older one is chunked again, not only stamped anew.
	sum := sha256.Sum256([]byte(cs[0].Hash + rel + "\x00" + strconv.Itoa(knowledgeFormat)))
	return cs, hex.EncodeToString(sum[:])
}
