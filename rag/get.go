package rag

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
)

// l3Ref is the id of an L3 record: a project, task or knowledge item.
var l3Ref = regexp.MustCompile(`^[PTK][0-9]+$`)

// ErrNotFound is returned by Get for an unknown id.
var ErrNotFound = errors.New("no such item")

// Piece is a located piece of a workspace file: an entry or a section.
type Piece struct {
	Path      string   `json:"path"`
	LineStart int      `json:"line_start"`
	LineEnd   int      `json:"line_end"`
	Date      string   `json:"date,omitempty"`
	Time      string   `json:"time,omitempty"`
	Agent     string   `json:"agent,omitempty"`
	Tags      []string `json:"tags"`
	Title     string   `json:"title,omitempty"`
	Text      string   `json:"text"`
}

// Item is the full item behind a search hit, with optional neighbours.
type Item struct {
	ID      string `json:"id"`
	Layer   string `json:"layer"`
	Kind    string `json:"kind"`
	Project string `json:"project,omitempty"`
	Piece
	// Before and After hold up to N neighbouring entries or sections, in
	// file order, when asked for.
	Before []Piece `json:"before,omitempty"`
	After  []Piece `json:"after,omitempty"`
	// Stale is set when the file changed since it was indexed and the item
	// could not be found in it again; Text is then the indexed text.
	Stale bool `json:"stale,omitempty"`
}

// Get returns the full item behind id (a hit's id; for an L3 record also
// its own id, K7, or its hits' path, knowledge/K7): the whole entry (all
// parts of a split one) or section, read from the file as it is now, with
// n neighbouring entries or sections on each side.
func (e *Engine) Get(ctx context.Context, id string, n int) (*Item, error) {
	if n < 0 || n > 100 {
		return nil, fmt.Errorf("context must be between 0 and 100, got %d", n)
	}
	e.mu.RLock()
	if e.st == nil {
		e.mu.RUnlock()
		return nil, ErrClosed
	}
	id = strings.TrimSpace(id)
	c, ok, err := e.st.Chunk(ctx, id)
	if ref := strings.ToUpper(strings.TrimPrefix(id, KnowledgePrefix)); err == nil && !ok && l3Ref.MatchString(ref) {
		// An L3 record by its id (K7) or its hits' path (knowledge/K7).
		var cs []chunk.Chunk
		if cs, err = e.st.ChunksByPath(ctx, KnowledgePrefix+ref); len(cs) > 0 {
			c, ok = cs[0], true
		}
	}
	e.mu.RUnlock()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w %q (ids come from search results; run `archon index` if files changed)", ErrNotFound, id)
	}
	item := &Item{ID: c.ID, Layer: c.Layer, Kind: c.Kind, Project: c.Project}
	if c.Kind == chunk.KindItem { // L3 records live in the knowledge database
		item.Piece = pieceOf(&c)
		return item, nil
	}
	data, err := e.ws.ReadFile(c.Path)
	if errors.Is(err, memory.ErrOutside) {
		return nil, err
	}
	if err != nil {
		item.Piece, item.Stale = pieceOf(&c), true
		return item, nil
	}
	lines := memory.SplitLines(data)
	var pieces []Piece
	if c.Kind == chunk.KindEntry {
		l := memory.ParseLog(c.Path, data)
		for _, en := range l.Entries {
			pieces = append(pieces, Piece{Path: en.Path, LineStart: en.LineStart, LineEnd: en.LineEnd, Date: en.Date,
				Time: en.Time, Agent: en.Agent, Tags: nonNil(en.Tags), Title: en.Title, Text: en.Text})
		}
	} else {
		for _, s := range chunk.Markdown(c.Path, lines, c.Layer, chunk.Options{MaxTokens: 1 << 30, SectionTokens: 1 << 30}) {
			pieces = append(pieces, pieceOf(&s))
		}
	}
	// Find the chunk again by its id: its lines may have moved.
	var cs []chunk.Chunk
	if c.Kind == chunk.KindEntry {
		cs = chunk.Log(memory.ParseLog(c.Path, data), lines, c.Layer, e.opt.Chunk)
	} else {
		cs = chunk.Markdown(c.Path, lines, c.Layer, e.opt.Chunk)
	}
	at := -1
	for _, x := range cs {
		if x.ID == c.ID {
			for i, p := range pieces {
				if x.LineStart >= p.LineStart && x.LineStart <= p.LineEnd {
					at = i
				}
			}
		}
	}
	if at < 0 {
		item.Piece, item.Stale = pieceOf(&c), true
		return item, nil
	}
	item.Piece = pieces[at]
	item.Before = pieces[max(0, at-n):at]
	item.After = pieces[at+1 : min(len(pieces), at+1+n)]
	return item, nil
}

func pieceOf(c *chunk.Chunk) Piece {
	return Piece{Path: c.Path, LineStart: c.LineStart, LineEnd: c.LineEnd, Date: c.Date, Time: c.Time,
		Agent: c.Agent, Tags: nonNil(c.Tags), Title: c.Title, Text: c.Text}
}
