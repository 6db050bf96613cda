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
	// Vector is the weight of the vector channel in the final linear
	// fusion (BM25/max + Vector * cosine/max); VectorCandidates is how many
	// nearest vectors join the candidates. 0 turns vectors off.
	Vector           float64
	VectorCandidates int
}

// DefaultRankParams returns the tuned defaults.
func DefaultRankParams() RankParams {
	return RankParams{
		Candidates: 100,
		Prev:       0.52, Next: 0.28, Near: 0.2, Decay: 0.7, Radius: 4,
		FileMax: 0.1, Session: 0.2,
		Speaker:   2,
		DateBoost: 3, DateAdd: 0.3, DateSlack: 3,
		Vector: 0.3, VectorCandidates: 20,
	}
}

// ranked is a chunk id with its final score in 0..1.
type ranked struct {
	id    string
	score float64
}

// Score channels: every candidate carries a BM25 and a vector score
// through the same evidence steps; they are fused at the end.
const (
	lexical = iota
	semantic
	channels
)

// cand is a chunk under consideration.
type cand struct {
	c          store.Position
	s0, s      [channels]float64
	prev, next []*cand // neighbours in the same file, nearest first
}

// rank returns the best q.TopK chunk ids for q, best first.
func (e *Engine) rank(ctx context.Context, q *Query) ([]ranked, []string, error) {
	p := e.opt.Rank
	pq := parseQuery(e.ft.Analyzer(), q.Text, e.agents)
	if len(pq.terms) == 0 {
		return nil, nil, nil
	}
	// The vector search depends only on the query: run it beside BM25.
	// Every return below waits for it, so it never outlives the search.
	type vectorResult struct {
		qv   *queryVector
		ids  []string
		warn []string
	}
	vch := make(chan vectorResult, 1)
	go func() {
		qv, ids, warn := e.vectorCandidates(ctx, q, p)
		vch <- vectorResult{qv, ids, warn}
	}()
	vecDone := false
	var vr vectorResult
	waitVectors := func() vectorResult {
		if !vecDone {
			vr, vecDone = <-vch, true
		}
		return vr
	}
	defer waitVectors()
	hits, err := e.ft.Search(ctx, pq.terms, q.Filter, max(p.Candidates, q.TopK))
	if err != nil {
		return nil, nil, fmt.Errorf("search: %w", err)
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
			return nil, nil, fmt.Errorf("search: %w", err)
		}
		for _, h := range dh {
			s0[h.ID] = h.Score
		}
	}
	seeds := make([]string, 0, len(s0)+p.VectorCandidates)
	for id := range s0 {
		seeds = append(seeds, id)
	}
	v := waitVectors()
	qvec, warn := v.qv, v.warn
	seeds = append(seeds, v.ids...)
	if len(seeds) == 0 {
		return nil, warn, nil
	}
	hood, err := e.neighbourhood(ctx, seeds, p.Radius)
	if err != nil {
		return nil, warn, fmt.Errorf("search: %w", err)
	}
	// Link neighbours by file position. Candidates and their links live in
	// two slabs: one allocation each instead of thousands.
	type pos struct {
		path string
		seq  int
	}
	byPos := make(map[pos]*cand, len(hood))
	slab := make([]cand, 0, len(hood))
	links := make([]*cand, 2*p.Radius*len(hood))
	cands := make([]*cand, 0, len(hood))
	ids := make([]string, 0, len(hood))
	for _, c := range hood {
		if byPos[pos{c.Path, c.Seq}] != nil {
			continue
		}
		slab = append(slab, cand{c: c})
		cd := &slab[len(slab)-1]
		cd.s0[lexical] = s0[c.ID]
		byPos[pos{c.Path, c.Seq}] = cd
		cands = append(cands, cd)
		ids = append(ids, c.ID)
	}
	if qvec != nil {
		cos, err := qvec.ix.Score(ctx, qvec.vec, ids)
		if err != nil {
			return nil, warn, fmt.Errorf("search: %w", err)
		}
		for _, cd := range cands {
			cd.s0[semantic] = max(0, float64(cos[cd.c.ID]))
		}
	}
	for i, cd := range cands {
		row := links[2*p.Radius*i : 2*p.Radius*(i+1)]
		cd.prev, cd.next = row[:p.Radius:p.Radius], row[p.Radius:]
		for d := 1; d <= p.Radius; d++ {
			cd.prev[d-1] = byPos[pos{cd.c.Path, cd.c.Seq - d}]
			cd.next[d-1] = byPos[pos{cd.c.Path, cd.c.Seq + d}]
		}
	}
	propagate(cands, p)
	if err := e.sessionBoost(ctx, cands, pq, p); err != nil {
		return nil, warn, err
	}
	applyBoosts(cands, pq, p)

	// Fuse the channels, each scaled to its best candidate, and keep what
	// passes the filter (neighbours were not filtered by the retrievers).
	var top [channels]float64
	for _, cd := range cands {
		for ch := range channels {
			top[ch] = max(top[ch], cd.s[ch])
		}
	}
	weight := [channels]float64{1, p.Vector}
	out := make([]ranked, 0, len(cands))
	best := 0.0
	for _, cd := range cands {
		score := 0.0
		for ch := range channels {
			if top[ch] > 0 {
				score += weight[ch] * cd.s[ch] / top[ch]
			}
		}
		// Only entries with lexical evidence of their own or around them,
		// or real semantic similarity, are results.
		if score > 0 && matches(&q.Filter, &cd.c) {
			out = append(out, ranked{id: cd.c.ID, score: score})
			best = max(best, score)
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
	return out[:n], warn, nil
}

// propagate spreads scores to neighbouring entries: an answer often shares
// no words with the question but sits right after a turn that does. Then
// each entry gains a share of the best score in its file.
func propagate(cands []*cand, p RankParams) {
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
			for ch := range channels {
				if n := cd.prev[d-1]; n != nil {
					s[ch] += wp * n.s0[ch]
				}
				if n := cd.next[d-1]; n != nil {
					s[ch] += wn * n.s0[ch]
				}
			}
		}
		cd.s = s
	}
	fileMax := map[string][channels]float64{}
	for _, cd := range cands {
		m := fileMax[cd.c.Path]
		for ch := range channels {
			m[ch] = max(m[ch], cd.s[ch])
		}
		fileMax[cd.c.Path] = m
	}
	for _, cd := range cands {
		for ch := range channels {
			if cd.s[ch] > 0 {
				cd.s[ch] += p.FileMax * fileMax[cd.c.Path][ch]
			}
		}
	}
}

// sessionBoost adds each file's own BM25 score (its whole text against the
// query), scaled to each channel's best score.
func (e *Engine) sessionBoost(ctx context.Context, cands []*cand, pq *parsedQuery, p RankParams) error {
	if p.Session == 0 {
		return nil
	}
	paths := map[string]bool{}
	var best [channels]float64
	for _, cd := range cands {
		paths[cd.c.Path] = true
		for ch := range channels {
			best[ch] = max(best[ch], cd.s[ch])
		}
	}
	list := make([]string, 0, len(paths))
	for p := range paths {
		list = append(list, p)
	}
	// The candidates' files, scaled to the best of them.
	hits, err := e.ft.SearchSessions(ctx, pq.terms, list)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	fs := make(map[string]float64, len(hits))
	top := 0.0
	for _, h := range hits {
		fs[h.ID] = h.Score
		top = max(top, h.Score)
	}
	if top == 0 {
		return nil
	}
	for _, cd := range cands {
		for ch := range channels {
			if cd.s[ch] > 0 {
				cd.s[ch] += p.Session * best[ch] * fs[cd.c.Path] / top
			}
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
				for ch := range channels {
					cd.s[ch] *= p.Speaker
				}
			}
		}
	}
	if len(pq.dates) == 0 {
		return
	}
	var best [channels]float64
	for _, cd := range cands {
		for ch := range channels {
			best[ch] = max(best[ch], cd.s[ch])
		}
	}
	for _, cd := range cands {
		d, err := time.Parse(time.DateOnly, cd.c.Date)
		if err != nil {
			continue
		}
		for _, r := range pq.dates {
			if !d.Before(r.from) && !d.After(r.to.AddDate(0, 0, p.DateSlack)) {
				for ch := range channels {
					cd.s[ch] = cd.s[ch]*p.DateBoost + p.DateAdd*best[ch]
				}
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
