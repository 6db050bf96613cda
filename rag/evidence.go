package rag

import (
	"context"
	"fmt"
	"github.com/archon-memory/archon/rag/store"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/rag/chunk"
)

// propagate spreads scores to neighbouring entries: in a dialogue an
// answer often shares no words with the question but sits right after a
// turn that does. Records (a log of decisions, progress notes, sections of
// a document) say more of what they are about themselves: they take only
// RankParams.Record of it. Then each entry gains a share of the best score
// in its file. cands are sorted by file and position, each once.
func propagate(cands []cand, p RankParams) {
	wPrev := make([]float64, p.Radius+1)
	wNext := make([]float64, p.Radius+1)
	for d := 1; d <= p.Radius; d++ {
		switch d {
		case 1:
			wPrev[d], wNext[d] = p.Prev, p.Next
		case 2:
			wPrev[d], wNext[d] = p.Near, p.Near
		default:
			wPrev[d] = wPrev[d-1] * p.Decay
			wNext[d] = wPrev[d]
		}
	}
	// prev[d] and next[d]: the candidate d positions before and after.
	prev := make([]*cand, p.Radius+1)
	next := make([]*cand, p.Radius+1)
	for i := range cands {
		cd := &cands[i]
		clear(prev)
		clear(next)
		for j := i - 1; j >= 0; j-- {
			d := cd.c.Seq - cands[j].c.Seq
			if d > p.Radius || cands[j].c.Path != cd.c.Path {
				break
			}
			prev[d] = &cands[j]
		}
		for j := i + 1; j < len(cands); j++ {
			d := cands[j].c.Seq - cd.c.Seq
			if d > p.Radius || cands[j].c.Path != cd.c.Path {
				break
			}
			next[d] = &cands[j]
		}
		s := cd.s0
		lean := leaning(cd.c.Size, p.Standalone)
		cd.turns = dialogueTurns(cd, prev, next)
		if cd.turns == 0 {
			lean *= p.Record
		}
		for d := 1; d <= p.Radius; d++ {
			for ch := range channels {
				if n := prev[d]; n != nil {
					s[ch] += lean * wPrev[d] * n.s0[ch]
				}
				if n := next[d]; n != nil {
					s[ch] += lean * wNext[d] * n.s0[ch]
				}
			}
		}
		cd.s = s
	}
	for _, f := range files(cands) {
		var m [channels]float64
		for i := range f {
			for ch := range channels {
				m[ch] = max(m[ch], f[i].s[ch])
			}
		}
		for i := range f {
			for ch := range channels {
				if f[i].s[ch] > 0 {
					f[i].s[ch] += p.FileMax * m[ch]
				}
			}
		}
	}
}

// files splits candidates sorted by file into one run per file.
func files(cands []cand) [][]cand {
	var out [][]cand
	for lo := 0; lo < len(cands); {
		hi := lo + 1
		for hi < len(cands) && cands[hi].c.Path == cands[lo].c.Path {
			hi++
		}
		out = append(out, cands[lo:hi])
		lo = hi
	}
	return out
}

// sessionBoost adds the BM25 score of each candidate's session document
// (the whole day's text against the query; a block of it in a very long
// log), scaled to each channel's best score.
func (e *Engine) sessionBoost(ctx context.Context, cands []cand, pq *parsedQuery, p RankParams) error {
	if p.Session == 0 {
		return nil
	}
	var best [channels]float64
	for i := range cands {
		for ch := range channels {
			best[ch] = max(best[ch], cands[i].s[ch])
		}
	}
	// Candidates sorted by file and position come in runs per document.
	var runs [][]cand
	var list []string
	for lo := 0; lo < len(cands); {
		id := sessionOf(cands[lo].c.Path, cands[lo].c.Seq)
		hi := lo + 1
		for hi < len(cands) && cands[hi].c.Path == cands[lo].c.Path && cands[hi].c.Seq/sessionBlock == cands[lo].c.Seq/sessionBlock {
			hi++
		}
		runs, list = append(runs, cands[lo:hi]), append(list, id)
		lo = hi
	}
	// The candidates' documents, scaled to the best of them.
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
	for k, f := range runs {
		share := fs[list[k]] / top
		for i := range f {
			for ch := range channels {
				if f[i].s[ch] > 0 {
					f[i].s[ch] += p.Session * best[ch] * share
				}
			}
		}
	}
	return nil
}

// applyBoosts multiplies entries by named speakers and entries dated on a
// date the query mentions.
func applyBoosts(cands []cand, pq *parsedQuery, p RankParams) {
	if p.Background > 0 && p.Background < 1 {
		// L1 (the summary, the identity files) is loaded at every session
		// start: a search hit there tells the agent what it already has.
		for i := range cands {
			if cands[i].c.Layer == chunk.L1 {
				for ch := range channels {
					cands[i].s[ch] *= p.Background
				}
			}
		}
	}
	if len(pq.tags) > 0 && p.Intent > 0 {
		for i := range cands {
			cd := &cands[i]
			if w := answerWeight(cd.c, pq, p.Written); w > 0 {
				for ch := range channels {
					cd.s[ch] *= 1 + w*p.Intent
				}
			}
		}
	}
	if len(pq.names) > 0 {
		for i := range cands {
			cd := &cands[i]
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
	for i := range cands {
		for ch := range channels {
			best[ch] = max(best[ch], cands[i].s[ch])
		}
	}
	for i := range cands {
		cd := &cands[i]
		d, err := time.Parse(time.DateOnly, cd.c.Date)
		if err != nil {
			continue
		}
		for _, r := range pq.dates {
			if r.holds(cd.c, d, p.DateSlack) {
				boost, add := p.DateBoost, p.DateAdd
				if r.event {
					boost, add = p.EventBoost, 0
				}
				for ch := range channels {
					cd.s[ch] = cd.s[ch]*boost + add*best[ch]
				}
				break
			}
		}
	}
}

// leaning is how much a chunk of size bytes takes from its neighbours'
// evidence: a short turn ("Yes, last Tuesday") means little without the
// turn it answers, so it takes all; a record longer than standalone bytes
// says what it is about itself and takes in proportion standalone/size.
// standalone 0 turns this off.
func leaning(size, standalone int) float64 {
	if standalone <= 0 || size <= standalone {
		return 1
	}
	return float64(standalone) / float64(size)
}

// answers reports whether c is recorded as what pq asks for: tagged with
// one of the tags of its intents, or written as one (chunk.Chunk.Marks).
func answers(c *store.Position, pq *parsedQuery) bool { return answerWeight(c, pq, 1) > 0 }

// answerWeight is how much c is recorded as what pq asks for: 1 tagged so
// by its writer, written (a share) when only its words say so, else 0.
func answerWeight(c *store.Position, pq *parsedQuery, written float64) float64 {
	switch {
	case slices.ContainsFunc(c.Tags, func(t string) bool { return pq.tags[t] }):
		return 1
	case slices.ContainsFunc(c.Marks, func(m string) bool { return pq.asks[m] }):
		return written
	}
	return 0
}

// dialogueTurns returns how many times the speaker changes among the
// entries around cd (within the radius, as far as they are candidates)
// when they are turns of a dialogue: every one is by another speaker than
// the one before it, as when two parties talk; else 0. A log of records
// has runs by one agent, or by none named. The pieces of one split entry
// are one turn. prev[d] and next[d] are the candidates d positions away.
//
// A dialogue comes back to a speaker (A B A): agents that each log once in
// turn (planner, executor, reviewer) are a log of records, not a talk.
func dialogueTurns(cd *cand, prev, next []*cand) int {
	// The speakers met, in a buffer on the stack: the radius is small,
	// and this runs for every candidate of every search.
	var buf [16]string
	speakers := append(buf[:0], cd.c.Agent)
	turns, back := 0, false
	last := cd
	for d := 1; d < len(next) && next[d] != nil; d++ {
		if n := next[d]; n.c.Part == 0 { // n starts another entry
			if n.c.Agent == last.c.Agent {
				return 0
			}
			turns++
			back = back || slices.Contains(speakers, n.c.Agent)
			speakers = append(speakers, n.c.Agent)
		}
		last = next[d]
	}
	last = cd
	for d := 1; d < len(prev) && prev[d] != nil; d++ {
		if last.c.Part == 0 { // last starts an entry after prev[d]
			if prev[d].c.Agent == last.c.Agent {
				return 0
			}
			turns++
			back = back || slices.Contains(speakers, prev[d].c.Agent)
			speakers = append(speakers, prev[d].c.Agent)
		}
		last = prev[d]
	}
	if !back {
		return 0
	}
	return turns
}
