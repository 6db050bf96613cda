package rag

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/archon-memory/archon/rag/store"
)

// RankParams are the ranker's knobs. The defaults were tuned on the LoCoMo
// dev split with leave-one-conversation-out checks (see README); every one
// is a general property of conversation logs, not of that data.
type RankParams struct {
	// Candidates is how many BM25 hits seed the ranking (default 100).
	Candidates int
	// Prev and Next weigh the score of the entry just before and after
	// (the question an entry answers usually comes just before it);
	// Near weighs distance 2, each further step multiplies by Decay, up to
	// Radius entries away in the same file.
	Prev, Next, Near, Decay float64
	Radius                  int
	// FileMax adds this share of the best score in the same file.
	FileMax float64
	// Session adds this share of the file's own BM25 score (the whole
	// day's text against the query), scaled to the best entry score.
	Session float64
	// Speaker multiplies the score of entries by an agent the query names.
	Speaker float64
	// DateBoost multiplies, and DateAdd adds this share of the best score
	// to, entries dated within a date the query mentions (up to DateSlack
	// days after it: logs are written on or after the event).
	DateBoost, DateAdd float64
	DateSlack          int
}

// DefaultRankParams returns the tuned defaults.
func DefaultRankParams() RankParams {
	return RankParams{
		Candidates: 100,
		Prev:       0.52, Next: 0.28, Near: 0.2, Decay: 0.7, Radius: 4,
		FileMax: 0.1, Session: 0.2,
		Speaker:   2,
		DateBoost: 3, DateAdd: 0.3, DateSlack: 3,
	}
}

// ranked is a chunk id with its final score in 0..1.
type ranked struct {
	id    string
	score float64
}

// cand is a chunk under consideration.
type cand struct {
	c          store.Position
	s0, s      float64
	prev, next []*cand // neighbours in the same file, nearest first
}

// rank returns the best q.TopK chunk ids for q, best first.
func (e *Engine) rank(ctx context.Context, q *Query) ([]ranked, error) {
	p := e.opt.Rank
	pq := parseQuery(e.ft.Analyzer(), q.Text, e.agents)
	if len(pq.terms) == 0 {
		return nil, nil
	}
	hits, err := e.ft.Search(ctx, pq.terms, q.Filter, max(p.Candidates, q.TopK))
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	s0 := make(map[string]float64, len(hits))
	for _, h := range hits {
		s0[h.ID] = h.Score
	}
	// Lexical matches inside a date the query names, even if they missed
	// the global top.
	for _, d := range pq.dates {
		f := q.Filter
		f.Since, f.Until = maxDate(f.Since, d.from), minDate(f.Until, d.to.AddDate(0, 0, p.DateSlack))
		if f.Until != "" && f.Since > f.Until {
			continue
		}
		dh, err := e.ft.Search(ctx, pq.terms, f, p.Candidates/2)
		if err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		for _, h := range dh {
			s0[h.ID] = h.Score
		}
	}
	if len(s0) == 0 {
		return nil, nil
	}
	ids := make([]string, 0, len(s0))
	for id := range s0 {
		ids = append(ids, id)
	}
	hood, err := e.neighbourhood(ctx, ids, p.Radius)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	// Link neighbours by file position.
	byPos := map[string]map[int]*cand{}
	cands := make([]*cand, 0, len(hood))
	for _, c := range hood {
		if byPos[c.Path][c.Seq] != nil {
			continue
		}
		cd := &cand{c: c, s0: s0[c.ID]}
		if byPos[c.Path] == nil {
			byPos[c.Path] = map[int]*cand{}
		}
		byPos[c.Path][c.Seq] = cd
		cands = append(cands, cd)
	}
	for _, cd := range cands {
		for d := 1; d <= p.Radius; d++ {
			cd.prev = append(cd.prev, byPos[cd.c.Path][cd.c.Seq-d])
			cd.next = append(cd.next, byPos[cd.c.Path][cd.c.Seq+d])
		}
	}
	e.propagate(cands, p)
	if err := e.sessionBoost(ctx, cands, pq, p); err != nil {
		return nil, err
	}
	applyBoosts(cands, pq, p)

	// Keep what passes the filter (neighbours were not filtered by bleve).
	out := make([]ranked, 0, len(cands))
	best := 0.0
	for _, cd := range cands {
		if cd.s > 0 && matches(&q.Filter, &cd.c) {
			out = append(out, ranked{id: cd.c.ID, score: cd.s})
			best = max(best, cd.s)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return out[i].id < out[j].id
	})
	n := 0
	for _, r := range out {
		r.score /= best
		if r.score < q.Threshold || n == q.TopK {
			break
		}
		out[n] = r
		n++
	}
	return out[:n], nil
}

// propagate spreads BM25 scores to neighbouring entries: an answer often
// shares no words with the question but sits right after a turn that does.
func (e *Engine) propagate(cands []*cand, p RankParams) {
	w := make([]float64, p.Radius+1)
	for d := 2; d <= p.Radius; d++ {
		if d == 2 {
			w[d] = p.Near
		} else {
			w[d] = w[d-1] * p.Decay
		}
	}
	for _, cd := range cands {
		s := cd.s0
		for d := 1; d <= p.Radius; d++ {
			wp, wn := w[d], w[d]
			if d == 1 {
				wp, wn = p.Prev, p.Next
			}
			if n := cd.prev[d-1]; n != nil {
				s += wp * n.s0
			}
			if n := cd.next[d-1]; n != nil {
				s += wn * n.s0
			}
		}
		cd.s = s
	}
	// File-level evidence: the best score in the same file.
	fileMax := map[string]float64{}
	for _, cd := range cands {
		fileMax[cd.c.Path] = max(fileMax[cd.c.Path], cd.s)
	}
	for _, cd := range cands {
		if cd.s > 0 {
			cd.s += p.FileMax * fileMax[cd.c.Path]
		}
	}
}

// sessionBoost adds each file's own BM25 score (its whole text against the
// query), scaled to the best entry score.
func (e *Engine) sessionBoost(ctx context.Context, cands []*cand, pq *parsedQuery, p RankParams) error {
	if p.Session == 0 {
		return nil
	}
	paths := map[string]bool{}
	best := 0.0
	for _, cd := range cands {
		paths[cd.c.Path] = true
		best = max(best, cd.s)
	}
	hits, err := e.ft.SearchSessions(ctx, pq.terms, 1000)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	fs := map[string]float64{}
	top := 0.0
	for _, h := range hits {
		if paths[h.ID] {
			fs[h.ID] = h.Score
		}
		top = max(top, h.Score)
	}
	if top == 0 {
		return nil
	}
	for _, cd := range cands {
		if cd.s > 0 {
			cd.s += p.Session * best * fs[cd.c.Path] / top
		}
	}
	return nil
}

// applyBoosts multiplies entries by named speakers and entries dated on a
// date the query mentions.
func applyBoosts(cands []*cand, pq *parsedQuery, p RankParams) {
	if len(pq.names) > 0 {
		for _, cd := range cands {
			if pq.names[strings.ToLower(cd.c.Agent)] {
				cd.s *= p.Speaker
			}
		}
	}
	if len(pq.dates) == 0 {
		return
	}
	best := 0.0
	for _, cd := range cands {
		best = max(best, cd.s)
	}
	for _, cd := range cands {
		d, err := time.Parse(time.DateOnly, cd.c.Date)
		if err != nil {
			continue
		}
		for _, r := range pq.dates {
			if !d.Before(r.from) && !d.After(r.to.AddDate(0, 0, p.DateSlack)) {
				cd.s = cd.s*p.DateBoost + p.DateAdd*best
				break
			}
		}
	}
}

// matches reports whether c passes f.
func matches(f *Filter, c *store.Position) bool {
	if len(f.Agents) > 0 && !contains(f.Agents, c.Agent) {
		return false
	}
	if len(f.Projects) > 0 && !contains(f.Projects, c.Project) {
		return false
	}
	if len(f.Layers) > 0 && !contains(f.Layers, c.Layer) {
		return false
	}
	if f.Since != "" && (c.Date == "" || c.Date < f.Since) {
		return false
	}
	if f.Until != "" && (c.Date == "" || c.Date > f.Until) {
		return false
	}
	if len(f.Tags) > 0 {
		n := 0
		for _, t := range f.Tags {
			if contains(c.Tags, t) {
				n++
			}
		}
		if n == 0 || (f.AllTags && n < len(f.Tags)) {
			return false
		}
	}
	return true
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func maxDate(s string, t time.Time) string {
	d := t.Format(time.DateOnly)
	if s > d {
		return s
	}
	return d
}

func minDate(s string, t time.Time) string {
	d := t.Format(time.DateOnly)
	if s != "" && s < d {
		return s
	}
	return d
}
