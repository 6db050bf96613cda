package rag

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/rag/chunk"
)

// KnowledgePrefix starts the virtual path of an L3 record in search hits:
// knowledge/K7 is item K7; its lines are those of the record's text as
// `archon get` (or `archon knowledge show`) prints it.
const KnowledgePrefix = "knowledge/"

// knowledgeSources lists the L3 records (projects, tasks, knowledge items)
// as sources, one per record, when the workspace has a knowledge database;
// their "mtime" is the record's write sequence, so only changed records are
// re-indexed. It never creates the database.
func (e *Engine) knowledgeSources(ctx context.Context) ([]source, error) {
	path := knowledge.DefaultPath(e.ws.StateDir())
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	st, err := knowledge.Open(ctx, path, knowledge.Options{Now: e.ws.Now, Location: e.ws.Location()})
	if err != nil {
		return nil, fmt.Errorf("index L3 knowledge: %w", err)
	}
	defer st.Close()
	docs, err := st.Documents(ctx)
	if err != nil {
		return nil, fmt.Errorf("index L3 knowledge: %w", err)
	}
	srcs := make([]source, len(docs))
	for i := range docs {
		d := &docs[i]
		srcs[i] = source{rel: KnowledgePrefix + d.ID, layer: chunk.L3, size: int64(len(d.Text)), mtime: d.UpdatedSeq, l3: d}
	}
	return srcs, nil
}

// knowledgeChunk turns an L3 record into its one chunk.
func knowledgeChunk(rel string, d knowledge.Document) ([]chunk.Chunk, string) {
	text := strings.TrimRight(d.Text, "\n")
	c := chunk.Chunk{
		Path: rel, LineStart: 1, LineEnd: strings.Count(text, "\n") + 1,
		Date: d.Date, Agent: d.Agent, Tags: d.Tags, Project: d.Project,
		Layer: chunk.L3, Kind: chunk.KindItem, Title: d.ID + " " + d.Kind + ": " + d.Title, Text: text,
	}
	cs := chunk.Finish([]chunk.Chunk{c})
	sum := sha256.Sum256([]byte(cs[0].Hash + rel))
	return cs, hex.EncodeToString(sum[:])
}
