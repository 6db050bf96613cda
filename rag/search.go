package rag

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/store"
)

// MaxQueryBytes is the longest query considered; longer text is cut at a
// word boundary (and said so in Response.Warnings).
const MaxQueryBytes = 4096

// Filter restricts a search (see fulltext.Filter): tags (any, or all with
// AllTags), agents, projects, layers and a date range.
type Filter = fulltext.Filter

// Query is a search request.
type Query struct {
	// Text is what to look for.
	Text string `json:"query"`
	// TopK is how many results to return (default 10, at most 1000).
	TopK int `json:"top_k,omitempty"`
	// Threshold drops results scoring below it (scores are in 0..1).
	Threshold float64 `json:"threshold,omitempty"`
	// Filter restricts the candidates.
	Filter Filter `json:"filter"`
	// Explain asks each result to say why it matched (Result.Why).
	Explain bool `json:"explain,omitempty"`
	// browsed is set by the ranking when it answered a question of a time
	// or a kind alone (browse.go): its order is time's, not relevance's.
	browsed bool
}

// Why says what made a hit: the query's words found in it, and the
// shares of its score from the words (full text, BM25 with the
// evidence of its neighbours and session) and from the meaning
// (vectors). A reranker, when configured, reorders after this.
type Why struct {
	// Words are the words of the hit's text that match the query's, or
	// their short or long forms (k8s for kubernetes).
	Words []string `json:"words"`
	// Tags are the hit's tags the query names (#db for "the database")
	// or asks for (#decision for "what did we decide").
	Tags []string `json:"tags,omitempty"`
	// Text and Meaning are the shares of the hit's score from its words
	// (BM25) and its meaning (vectors).
	Text    float64 `json:"text"`
	Meaning float64 `json:"meaning"`
	// Added: the hit did not rank of its own; it joined the hits as the
	// change that superseded the next hit (Supersedes), just above it
	// with its score, and Text and Meaning are 0.
	Added bool `json:"added,omitempty"`
}

// Result is one metadata-first search hit.
type Result struct {
	ID        string   `json:"id"`
	Score     float64  `json:"score"`
	Path      string   `json:"path"`
	LineStart int      `json:"line_start"`
	LineEnd   int      `json:"line_end"`
	Snippet   string   `json:"snippet"`
	Date      string   `json:"date"` // "" for a file with no date (MEMORY.md)
	Time      string   `json:"time,omitempty"`
	Agent     string   `json:"agent"` // "" when none was named
	Tags      []string `json:"tags"`
	Project   string   `json:"project,omitempty"`
	Layer     string   `json:"layer"`
	Kind      string   `json:"kind"`
	Title     string   `json:"title,omitempty"`
	// SupersededBy names the later entry that replaced what this one
	// settled ("switched from X to Y"); Supersedes, the earlier ones this
	// one replaced. Both stay findable; the later ranks first.
	SupersededBy *Ref   `json:"superseded_by,omitempty"`
	Supersedes   []*Ref `json:"supersedes,omitempty"`
	// Why is set when the query asked to explain.
	Why *Why `json:"why,omitempty"`
}

// Response is the answer to a Query.
type Response struct {
	Results  []Result `json:"results"`
	Warnings []string `json:"warnings,omitempty"`
}

// oldLayoutNote is the warning of a search on a full-text index an older
// archon wrote, before the index run that rebuilds it.
const oldLayoutNote = "the full-text index was written by an older archon and is rebuilt by the next index run (archon index, or a search without --no-index): until then some words may not match"

// newerLayoutNote is oldLayoutNote for an index a newer archon wrote.
const newerLayoutNote = "the full-text index was written by a newer archon; the next index run (archon index, or a search without --no-index) rebuilds it for this one, and the newer one rebuilds it again when it runs: until then some words may not match"

// supersedeWindow is how many hits past TopK are ranked to find the
// entries that supersede a hit.
const supersedeWindow = 5

// ErrEmptyQuery is returned for a query with no searchable words.
var ErrEmptyQuery = errors.New("empty query: give some words to search for")

// Validate normalizes q and checks its values.
func (q *Query) Validate() ([]string, error) {
	var warn []string
	if !utf8.ValidString(q.Text) {
		return nil, fmt.Errorf("query is not valid UTF-8")
	}
	q.Text = strings.TrimSpace(q.Text)
	if q.Text == "" {
		return nil, ErrEmptyQuery
	}
	if len(q.Text) > MaxQueryBytes {
		cut := strings.LastIndexByte(q.Text[:MaxQueryBytes], ' ')
		if cut < MaxQueryBytes/2 {
			cut = MaxQueryBytes
			for !utf8.RuneStart(q.Text[cut]) {
				cut--
			}
		}
		q.Text = q.Text[:cut]
		warn = append(warn, fmt.Sprintf("query cut to its first %d bytes", cut))
	}
	switch {
	case q.TopK == 0:
		q.TopK = 10
	case q.TopK < 0 || q.TopK > 1000:
		return nil, fmt.Errorf("top-k must be between 1 and 1000, got %d", q.TopK)
	}
	if !(q.Threshold >= 0 && q.Threshold <= 1) { // NaN too
		return nil, fmt.Errorf("threshold must be between 0 and 1, got %g", q.Threshold)
	}
	f := &q.Filter
	for _, d := range []struct{ name, v string }{{"since", f.Since}, {"until", f.Until}} {
		if d.v != "" {
			if err := memory.ValidateDate(d.v); err != nil {
				return nil, fmt.Errorf("%s: %w", d.name, err)
			}
		}
	}
	if f.Since != "" && f.Until != "" && f.Since > f.Until {
		return nil, fmt.Errorf("since %s is after until %s", f.Since, f.Until)
	}
	for i, t := range f.Tags {
		n, err := memory.NormalizeTag(t)
		if err != nil {
			return nil, err
		}
		f.Tags[i] = n
	}
	for _, a := range f.Agents {
		// A name no entry can carry finds nothing: say so instead ("" too).
		if err := memory.ValidateAgent(a); err != nil {
			return nil, fmt.Errorf("agent filter: %w", err)
		}
	}
	for _, l := range f.Layers {
		switch l {
		case chunk.L1, chunk.L2, chunk.L3, chunk.L4:
		default:
			return nil, fmt.Errorf("unknown layer %q (use L1, L2, L3 or L4)", l)
		}
	}
	return warn, nil
}

// Search answers q, best first.
func (e *Engine) Search(ctx context.Context, q Query) (*Response, error) {
	warn, err := q.Validate()
	if err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.ft == nil {
		return nil, ErrClosed
	}
	q.Filter.Agents = e.agentsAnyCase(q.Filter.Agents)
	resp := &Response{Warnings: warn, Results: []Result{}}
	if len(e.repairs) > 0 && !e.repairNoted.Swap(true) {
		resp.Warnings = append(resp.Warnings, damagedNote(e.repairs))
	}
	switch ahead := e.layoutAhead.Load(); {
	case ahead > 0:
		resp.Warnings = append(resp.Warnings, newerLayoutNote)
	case ahead < 0:
		resp.Warnings = append(resp.Warnings, oldLayoutNote)
	}
	// With a reranker, rank more hits than asked and cut after reranking.
	// A few more hits than asked are ranked, so that an entry superseding
	// a hit can take its place above it.
	rq := q
	rq.TopK += supersedeWindow
	if e.opt.Reranker != nil {
		rq.TopK, rq.Threshold = max(q.TopK, e.opt.RerankTopN), 0
	}
	ranked, cs, warn, err := e.rankAndFetch(ctx, &rq)
	if err != nil {
		return nil, err
	}
	resp.Warnings = append(resp.Warnings, warn...)
	byID := make(map[string]*chunk.Chunk, len(cs))
	for i := range cs {
		byID[cs[i].ID] = &cs[i]
	}
	if e.opt.Reranker != nil {
		if !rq.browsed { // a list of a time or a kind keeps time's order
			var rw []string
			ranked, rw = e.rerankStep(ctx, q.Text, ranked, byID)
			resp.Warnings = append(resp.Warnings, rw...)
		}
		n := 0
		for _, r := range ranked {
			if r.score < q.Threshold || n == q.TopK {
				break
			}
			n++
		}
		ranked = ranked[:n]
	}
	top := ranked[:min(len(ranked), q.TopK)]
	heads, err := e.itemHeads(ctx, top, byID)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	others, err := e.changeCandidates(ctx, top, byID, heads, q.Filter)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	visible := func(c *chunk.Chunk) bool {
		// A list of a time or a kind holds those entries only.
		return !rq.browsed && matches(&q.Filter, &store.Position{Date: c.Date, Agent: c.Agent, Tags: c.Tags, Project: c.Project, Layer: c.Layer})
	}
	ranked, by, of := e.supersessions(ranked, byID, heads, others, visible, q.TopK)
	ranked = ranked[:min(len(ranked), q.TopK)]
	terms, tags := e.matchTerms(q.Text)
	for _, r := range ranked {
		c, ok := byID[r.id]
		if !ok {
			continue // removed since it was ranked
		}
		res := Result{
			ID: c.ID, Score: roundScore(r.score), Path: c.Path, LineStart: c.LineStart, LineEnd: c.LineEnd,
			Snippet: e.snippet(c, terms), Date: c.Date, Time: c.Time, Agent: c.Agent,
			Tags: nonNil(c.Tags), Project: c.Project, Layer: c.Layer, Kind: c.Kind, Title: c.Title,
		}
		res.SupersededBy, res.Supersedes = by[c.ID], of[c.ID]
		if q.Explain {
			res.Why = e.why(c, terms, tags, r)
		}
		resp.Results = append(resp.Results, res)
	}
	return resp, nil
}

// rankAndFetch ranks q and reads the ranked chunks, on one of the engine's
// search slots: a search is CPU work, and running more of them at once
// than there are processors only stretches each (slots are handed to the
// waiting searches in arrival order, which keeps the slowest answers close
// to the typical one under load). A reranker runs after, off the slot.
func (e *Engine) rankAndFetch(ctx context.Context, q *Query) ([]ranked, []chunk.Chunk, []string, error) {
	select {
	case e.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, nil, fmt.Errorf("search: %w", ctx.Err())
	}
	defer func() { <-e.slots }()
	ranked, read, warn, err := e.rank(ctx, q)
	if err != nil {
		return nil, nil, nil, err
	}
	// The ranking may have read some of the chunks already.
	have := make(map[string]bool, len(read))
	for _, c := range read {
		have[c.ID] = true
	}
	var ids []string
	for _, r := range ranked {
		if !have[r.id] {
			ids = append(ids, r.id)
		}
	}
	cs, err := e.fetch(ctx, ids)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("search: %w", err)
	}
	return ranked, append(read, cs...), warn, nil
}

// fetch returns the chunks with ids, from the cache or the store (which
// then fills the cache).
func (e *Engine) fetch(ctx context.Context, ids []string) ([]chunk.Chunk, error) {
	cs, missing := e.cache.get(ids)
	if len(missing) > 0 {
		gen := e.cache.generation() // before the read: see chunkCache
		read, err := e.st.Chunks(ctx, missing, true)
		if err != nil {
			return nil, err
		}
		e.cache.put(gen, read)
		cs = append(cs, read...)
	}
	return cs, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// roundScore keeps four decimals of a relative score: what a reader can
// use, and no last-bit noise between two index histories of the same
// files (floating-point sums in another order).
func roundScore(s float64) float64 { return math.Round(s*1e4) / 1e4 }
