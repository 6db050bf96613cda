package rag

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/store"
)

// RankParams are the ranker's knobs. The defaults were tuned on the LoCoMo
// dev split with leave-one-conversation-out checks (see README); every one
// is a general property of conversation logs, not of that data.
type RankParams struct {
	// Candidates is how many BM25 hits seed the ranking (default 50).
	Candidates int
	// Prev and Next weigh the score of the entry just before and after
	// (the question an entry answers usually comes just before it);
	// Near weighs distance 2, each further step multiplies by Decay, up to
	// Radius entries away in the same file.
	Prev, Next, Near, Decay float64
	Radius                  int
	// Record is the share of that evidence an entry takes when it is not
	// a turn of a dialogue (see dialogueTurns): a record, which says more of
	// what it is about itself, but shares a thread with its neighbours.
	Record float64
	// ShortForm is the weight of the terms a short form adds for its long
	// forms, and the other way round (shortforms.txt); 0 adds none.
	ShortForm float64
	// Background multiplies the score of L1 chunks (MEMORY_SUMMARY.md,
	// the identity files: always loaded at session start, so background
	// rather than answers); 0 or 1 leaves them as they are.
	Background float64
	// TagWord is the weight of a query word, or one of its short or long
	// forms, that names one of a chunk's tags: the writer's own label for
	// what the entry is about, weighed like another form of the word.
	TagWord float64
	// Tag is the weight of the tags of what the question asks for (a
	// decision, open work, an error; see intents.txt), searched as terms.
	Tag float64
	// Intent multiplies by 1+Intent the score of entries whose tags mark
	// them as what the query asks for (see intents.txt).
	Intent float64
	// Written is the share of Intent an entry gets when only its words
	// say it is what the query asks for (written.txt), not its tags: a
	// writer's tag is surer evidence than a word.
	Written float64
	// Standalone is the size (bytes of text) from which a chunk takes
	// less of its neighbours' evidence, in proportion (see leaning).
	Standalone int
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
	// EventBoost multiplies the score of entries on the asked side of an
	// event's date ("before the migration"); 1 turns it off.
	EventBoost float64
	// EventTerms weighs the words of such an event in the query: they
	// date the answer more than they say what it is about.
	EventTerms float64
	// TimeWords weighs the words of the query's time expressions
	// ("yesterday", "last week") as search terms, 0 leaving them out: the
	// dates they name weigh the entries of those days, and an entry that
	// happens to say "the last week of the quarter" is no answer to
	// "deploy last week". They never count as words held close together.
	TimeWords float64
	// Done discounts, on a question about open work, the entries that
	// list work most of which is checked off: their score is multiplied
	// by 1 - Done × the share of their items that are done.
	Done float64
	// Latest weighs, on a question about open work, how recent each of
	// the entries answering it is: the latest is multiplied by 1+Latest,
	// the earliest by 1, the rest by their rank in between (see latestWork).
	Latest float64
	// Proximity weighs the evidence of the query's words standing close
	// together in a candidate's text (see proximity), for the best
	// ProximityDepth candidates; ProximityLength is the text length
	// (terms) from which it counts in full. 0 turns it off.
	Proximity                       float64
	ProximityDepth, ProximityLength int
	// Vector is the weight of the vector channel in the final linear
	// fusion (BM25/max + Vector * cosine/max); VectorCandidates is how many
	// nearest vectors join the candidates. 0 turns vectors off.
	Vector           float64
	VectorCandidates int
	// VectorNear is the share of the nearest vector's cosine another
	// must reach to be a candidate.
	VectorNear float64
}

// DefaultRankParams returns the tuned defaults.
func DefaultRankParams() RankParams {
	return RankParams{
		Candidates: 50,
		Prev:       0.52, Next: 0.28, Near: 0.2, Decay: 0.7, Radius: 3, Record: 0.5, Standalone: 300, Intent: 0.5, Written: 0.5, ShortForm: 0.5, TagWord: 0.5, Tag: 0.1, Background: 0.5,
		FileMax: 0.1, Session: 0.2,
		Speaker:   2,
		DateBoost: 3, DateAdd: 0.3, DateSlack: 3, EventBoost: 1.5, EventTerms: 0.5, TimeWords: 0, Done: 0.5, Latest: 0.5,
		Vector: 0.15, VectorCandidates: 20, VectorNear: 0.5,
		Proximity: 0.5, ProximityDepth: 20, ProximityLength: 80,
	}
}

// ranked is a chunk id with its final score in 0..1.
type ranked struct {
	id    string
	score float64
	// lex and sem are the parts of score from each channel.
	lex, sem float64
	// added: no hit of its own, it joined the hits as the change that
	// superseded the one below it, with that one's score (rankAbove).
	added bool
}

// Score channels: every candidate carries a BM25 and a vector score
// through the same evidence steps; they are fused at the end.
const (
	lexical = iota
	semantic
	channels
)

// cand is a chunk under consideration. Candidates are kept sorted by file
// and position, so neighbours and files are runs of the slice.
type cand struct {
	c     *store.Position
	s0, s [channels]float64
	// turns counts the changes of speaker around it when it is a turn
	// of a dialogue (see dialogueTurns).
	turns int
}

// prepare reads a query: its terms with the other forms of its short
// forms and its words as tags, the names, dates (time words resolved) and
// intent it holds. Search and Count read queries alike.
func (e *Engine) prepare(text string) *parsedQuery {
	pq := parseQuery(e.ft.Analyzer(), text, *e.agents.Load())
	pq.tags, pq.asks = asked(e.intents, text)
	pq.dates, pq.rest = timesIn(text, e.ws.Now(), e.ft.Analyzer().Stop)
	if w := e.opt.Rank.TimeWords; w < 1 && pq.rest != text {
		// The terms only the time expressions gave.
		left := map[string]bool{}
		for _, t := range e.ft.Analyzer().Terms(pq.rest) {
			left[t] = true
		}
		kept := pq.terms[:0]
		for _, t := range pq.terms {
			if !left[t.Text] {
				// Nor do they count as the query's words held close
				// together: "the last week of the quarter" is no answer
				// to "deploy last week" for holding "last week".
				delete(pq.words, t.Text)
				if t.Weight *= w; t.Weight <= 0 {
					continue // not searched at all (a weight of 0 is no boost of 0)
				}
			}
			kept = append(kept, t)
		}
		pq.terms = kept
	}
	pq.expand(e.ft.Analyzer(), text, e.shortForms, e.opt.Rank.ShortForm, e.opt.Rank.TagWord, e.intentWord)
	// The tags of what the question asks for are searched too, at a
	// lesser weight than the subject's: a decision tagged as one is a
	// candidate for "what did we decide" even when it words the subject
	// differently.
	if w := e.opt.Rank.Tag; w > 0 {
		for _, t := range slices.Sorted(maps.Keys(pq.tags)) {
			pq.terms = append(pq.terms, fulltext.Term{Text: t, Weight: w, Field: fulltext.FieldTags})
		}
	}
	return pq
}

// rank returns the best q.TopK chunk ids for q, best first, and the
// chunks it read on the way (some of those, perhaps others).
func (e *Engine) rank(ctx context.Context, q *Query) ([]ranked, []chunk.Chunk, []string, error) {
	p := e.opt.Rank
	pq := e.prepare(q.Text)
	var notes []string
	if e.subjectless(pq) {
		r, warn, err := e.browse(ctx, q, pq)
		if err != nil || len(r) > 0 || len(pq.terms) == 0 {
			q.browsed = true
			return r, nil, warn, err
		}
		// Nothing of that kind on those days: the words are searched on
		// those days after all ("roadmap in 2025" when no entry is a task).
		notes = append(notes, searchedInstead(pq, &q.Filter))
		q.Filter = withinDays(q.Filter, pq.dates)
	}
	if len(pq.terms) == 0 {
		return nil, nil, nil, nil
	}
	if len(pq.dates) == 0 {
		ds, words, err := e.eventDates(ctx, q.Text, q.Filter, p.DateSlack)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("search: %w", err)
		}
		pq.dates = ds
		for i := range pq.terms {
			if words[pq.terms[i].Text] {
				pq.terms[i].Weight *= p.EventTerms
			}
		}
	}
	// The vector search depends only on the query: run it beside BM25.
	// Every return below waits for it, so it never outlives the search.
	type vectorResult struct {
		qv   *queryVector
		ids  []string
		warn []string
	}
	// When every search slot is taken (one per processor by default) the
	// goroutine would only queue behind the other searches and make this
	// one wait for a turn of the scheduler: then it runs here, before BM25.
	vch := make(chan vectorResult, 1)
	vectors := func() {
		qv, ids, warn := e.vectorCandidates(ctx, q, p)
		vch <- vectorResult{qv, ids, warn}
	}
	if len(e.slots) < cap(e.slots) { // this search holds one of the slots
		go vectors()
	} else {
		vectors()
	}
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
		return nil, nil, nil, fmt.Errorf("search: %w", err)
	}
	s0 := make(map[string]float64, len(hits))
	for _, h := range hits {
		s0[h.ID] = h.Score
	}
	// Lexical matches inside a date the query names, even if they missed
	// the global top.
	for _, d := range pq.dates {
		f := q.Filter
		f.Since, f.Until = maxDate(f.Since, d.from), minDate(f.Until, d.to.AddDate(0, 0, d.slack(p.DateSlack)))
		if f.Until != "" && f.Since > f.Until {
			continue
		}
		dh, err := e.ft.Search(ctx, pq.terms, f, p.Candidates/2)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("search: %w", err)
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
	qvec, warn := v.qv, append(notes, v.warn...)
	if len(s0) == 0 && len(v.ids) > 0 {
		// No entry holds a word of the query: the nearest vectors are all
		// there is. The builtin embedder hashes pieces of words, so its
		// nearest entries share only stray pieces and are no answer; a
		// semantic embedder's are answers by meaning, said as such.
		none := noWordMatches
		if !q.Filter.Empty() {
			none = noWordMatchesFiltered
		}
		if len(pq.names) > 0 {
			none += " but the names of who wrote them"
		}
		if len(notes) > 0 && !e.semanticVectors(ctx) {
			return nil, nil, warn, nil // the note says it
		}
		if !e.semanticVectors(ctx) {
			return nil, nil, append(warn, none), nil
		}
		warn = append(warn, none+"; the hits are by meaning only")
	}
	seeds = append(seeds, v.ids...)
	if len(seeds) == 0 {
		// Nothing holds a word of it, and no vector is near: say so, as
		// when vectors are (an empty answer with no reason reads as a fault).
		none := noWordMatches
		if !q.Filter.Empty() {
			none = noWordMatchesFiltered
		}
		if len(notes) > 0 {
			return nil, nil, warn, nil // the note says it
		}
		return nil, nil, append(warn, none), nil
	}
	hood, err := e.neighbourhood(ctx, seeds, p.Radius)
	if err != nil {
		return nil, nil, warn, fmt.Errorf("search: %w", err)
	}
	cands := make([]cand, len(hood)) // sorted by file and position, like hood
	for i, c := range hood {
		cands[i].c = c
	}
	vecHit := make(map[string]bool, len(v.ids))
	for _, id := range v.ids {
		vecHit[id] = true
	}
	seed := make([]bool, len(cands))
	for i := range cands {
		cands[i].s0[lexical] = s0[cands[i].c.ID]
		seed[i] = cands[i].s0[lexical] > 0 || vecHit[cands[i].c.ID]
	}
	if qvec != nil {
		// Cosines of the seeds and their next neighbours: further
		// neighbours pass on too little of theirs to matter.
		var ids []string
		var at []int
		for i := range cands {
			near := seed[i]
			for _, j := range [2]int{i - 1, i + 1} {
				if j >= 0 && j < len(cands) && seed[j] && cands[j].c.Path == cands[i].c.Path && abs(cands[j].c.Seq-cands[i].c.Seq) == 1 {
					near = true
				}
			}
			if near {
				ids, at = append(ids, cands[i].c.ID), append(at, i)
			}
		}
		cos, err := qvec.ix.Score(ctx, qvec.vec, ids)
		if err != nil {
			return nil, nil, warn, fmt.Errorf("search: %w", err)
		}
		for k, c := range cos {
			if c > 0 { // NaN (no vector) is not
				cands[at[k]].s0[semantic] = float64(c)
			}
		}
	}
	propagate(cands, p)
	if err := e.sessionBoost(ctx, cands, pq, p); err != nil {
		return nil, nil, warn, err
	}
	applyBoosts(cands, pq, p)
	if err := e.discountDone(ctx, cands, pq, p.Done); err != nil {
		return nil, nil, warn, fmt.Errorf("search: %w", err)
	}
	latestWork(cands, pq, p.Latest)

	// Fuse the channels, each scaled to its best candidate, and keep what
	// passes the filter (neighbours were not filtered by the retrievers).
	var top [channels]float64
	for i := range cands {
		for ch := range channels {
			top[ch] = max(top[ch], cands[i].s[ch])
		}
	}
	weight := [channels]float64{1, p.Vector}
	out := make([]ranked, 0, len(cands))
	best := 0.0
	// One hit per entry or section: the pieces of a split one overlap and
	// say the same thing, so only its best piece is a hit (`get` reads the
	// whole item). Pieces of one item are neighbours in cands.
	lastItem, lastPath := -1, ""
	for i := range cands {
		cd := &cands[i]
		var part [channels]float64
		for ch := range channels {
			if top[ch] > 0 {
				part[ch] = weight[ch] * cd.s[ch] / top[ch]
			}
		}
		score := part[lexical] + part[semantic]
		// A result has evidence of its own (a lexical match, a near
		// vector) or is a turn of a dialogue next to one: the answer to
		// a question often shares no word with it. A record with none is
		// context: its neighbours' evidence orders it, but does not make
		// it a hit. Taking a share of that evidence needs only a change
		// of speaker; being a hit on it alone needs a back and forth (two
		// agents logging one after the other are not yet talking).
		own := seed[i] || cd.turns > 1
		if own && score > 0 && matches(&q.Filter, cd.c) {
			r := ranked{id: cd.c.ID, score: score, lex: part[lexical], sem: part[semantic]}
			item := cd.c.Seq - cd.c.Part
			if k := len(out) - 1; item == lastItem && cd.c.Path == lastPath {
				if score > out[k].score {
					out[k] = r
				}
			} else {
				out = append(out, r)
			}
			lastItem, lastPath = item, cd.c.Path
			best = max(best, score)
		}
	}
	var read []chunk.Chunk
	if p.Proximity > 0 && best > 0 {
		out = bestOf(out, max(q.TopK, p.ProximityDepth))
		if read, err = e.proximity(ctx, out, q.TopK, pq.words, p, best); err != nil {
			return nil, nil, warn, fmt.Errorf("search: %w", err)
		}
	}
	return relative(bestOf(out, q.TopK), q.Threshold), read, warn, nil
}

// relative scales rs (best first) to its best score and cuts it where a
// score falls below threshold; none are left when the best is 0.
func relative(rs []ranked, threshold float64) []ranked {
	if len(rs) == 0 || rs[0].score <= 0 {
		return nil
	}
	best, n := rs[0].score, 0
	for _, r := range rs {
		if r.score /= best; r.score < threshold {
			break
		}
		rs[n] = r
		n++
	}
	return rs[:n]
}

// bestOf returns the k best of rs (ties: smaller id first), best first. It
// reorders rs.
func bestOf(rs []ranked, k int) []ranked {
	below := func(a, b ranked) bool { // a ranks below b
		if a.score != b.score {
			return a.score < b.score
		}
		return a.id > b.id
	}
	if len(rs) > k {
		// A min-heap of the k best so far in rs[:k], worst at the root.
		h := rs[:k]
		down := func(i int) {
			for {
				l := 2*i + 1
				if l >= k {
					return
				}
				if r := l + 1; r < k && below(h[r], h[l]) {
					l = r
				}
				if !below(h[l], h[i]) {
					return
				}
				h[i], h[l] = h[l], h[i]
				i = l
			}
		}
		for i := k/2 - 1; i >= 0; i-- {
			down(i)
		}
		for _, r := range rs[k:] {
			if below(h[0], r) {
				h[0] = r
				down(0)
			}
		}
		rs = h
	}
	slices.SortFunc(rs, func(a, b ranked) int {
		switch {
		case below(b, a):
			return -1
		case below(a, b):
			return 1
		}
		return 0
	})
	return rs
}

// matches reports whether c passes f.
func matches(f *Filter, c *store.Position) bool {
	// Search and Count gave the filter every spelling of its agents.
	if len(f.Agents) > 0 && !slices.Contains(f.Agents, c.Agent) {
		return false
	}
	if len(f.Projects) > 0 && !slices.Contains(f.Projects, c.Project) {
		return false
	}
	if len(f.Layers) > 0 && !slices.Contains(f.Layers, c.Layer) {
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
			if slices.Contains(c.Tags, t) {
				n++
			}
		}
		if n == 0 || (f.AllTags && n < len(f.Tags)) {
			return false
		}
	}
	return true
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
