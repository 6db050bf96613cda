package rag

import (
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/store"
)

// Questions of a time or a kind alone. "What happened yesterday?", "what
// did we decide last week?", "what's left?" name no subject: their words
// say when (dates, time words), what kind of entry (intents.txt) or that
// an account is wanted (recap.txt). No entry need hold any of those
// words, so a full-text search finds nothing, or stray matches of
// "happened". Such a question is answered from the entries themselves:
// those of the days it names that are recorded as what it asks for, the
// latest first.

//go:embed recap.txt
var recapFile string

// browseDepth bounds how many of the latest entries that fit a question
// of a time or a kind are weighed; the rest are only counted.
const browseDepth = 500

// subjectless reports whether the query pq names no subject: it names a
// time, asks for a kind of entry or for an account (recap.txt: "anything
// new?"), and every other word is a stop word or the name of an agent.
func (e *Engine) subjectless(pq *parsedQuery) bool {
	var rest []string
	recap := false
	for _, w := range rawWords(pq.rest) {
		switch {
		case e.recap.Has(w):
			recap = true
		case pq.names[w] || slices.ContainsFunc(e.intents, func(it intent) bool { return it.words[w] }):
		default:
			rest = append(rest, w)
		}
	}
	if len(pq.dates) == 0 && len(pq.asks) == 0 && !recap {
		return false
	}
	return len(e.ft.Analyzer().Terms(strings.Join(rest, " "))) == 0
}

// browsed returns the item starts (Part 0) that answer a question of a
// time or a kind: within q's filter and the days pq names, recorded as
// what pq asks for (tagged or written so) when it asks for a kind, by
// the agents it names if any. They come back latest first.
func (e *Engine) browsed(ctx context.Context, q *Query, pq *parsedQuery) ([]*store.Position, error) {
	days := make([][2]string, len(pq.dates))
	since, until := "", ""
	for i, d := range pq.dates {
		days[i] = [2]string{d.from.Format(time.DateOnly), d.to.Format(time.DateOnly)}
		if since == "" || days[i][0] < since {
			since = days[i][0]
		}
		until = max(until, days[i][1])
	}
	var out []*store.Position
	keep := func(c *store.Position) {
		if c.Part != 0 || !matches(&q.Filter, c) {
			return
		}
		if len(days) > 0 && !slices.ContainsFunc(days, func(d [2]string) bool { return c.Date >= d[0] && c.Date <= d[1] }) {
			return
		}
		if len(pq.tags) > 0 && !answers(c, pq) {
			return
		}
		if len(pq.names) > 0 && !pq.names[strings.ToLower(c.Agent)] {
			return
		}
		out = append(out, c)
	}
	if e.opt.Resident {
		if err := e.readPositions(ctx, func() bool { return e.pos.each(keep) }); err != nil {
			return nil, err
		}
	} else {
		err := e.st.EachPositionBetween(ctx, since, until, func(c store.Position) error {
			keep(&c)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.SortFunc(out, func(a, b *store.Position) int {
		return cmp.Or(cmp.Compare(b.Date, a.Date), cmp.Compare(b.Time, a.Time), cmp.Compare(b.Path, a.Path), cmp.Compare(b.Seq, a.Seq))
	})
	return out, nil
}

// browse ranks the answers to a question of a time or a kind (see
// browsed), the latest browseDepth of them (or top k, if more): by how
// recent they are, the latest first, scored from 1 down to 0.5. On a
// question about open work, lists whose items are all checked (and L3
// tasks done) are discounted as done (discountDone); the L1 files rank
// as background.
func (e *Engine) browse(ctx context.Context, q *Query, pq *parsedQuery) ([]ranked, []string, error) {
	ps, err := e.browsed(ctx, q, pq)
	if err != nil {
		return nil, nil, fmt.Errorf("search: %w", err)
	}
	warn := []string{browseNote(pq, &q.Filter, len(ps))}
	ps = ps[:min(len(ps), max(browseDepth, q.TopK))]
	p := e.opt.Rank
	cands := make([]cand, len(ps))
	for i, c := range ps {
		s := 1 - 0.5*float64(i)/float64(max(1, len(ps)-1)) // ps is latest first
		if c.Layer == chunk.L1 && p.Background > 0 && p.Background < 1 {
			s *= p.Background
		}
		cands[i] = cand{c: c, s0: [channels]float64{s}, s: [channels]float64{s}}
	}
	if err := e.discountDone(ctx, cands, pq, p.Done); err != nil {
		return nil, nil, fmt.Errorf("search: %w", err)
	}
	out := make([]ranked, 0, len(cands))
	for _, cd := range cands {
		out = append(out, ranked{id: cd.c.ID, score: cd.s[lexical], lex: cd.s[lexical]})
	}
	return relative(bestOf(out, q.TopK), q.Threshold), warn, nil
}

// browseNote says how a question of a time or a kind was answered,
// within filter f.
func browseNote(pq *parsedQuery, f *Filter, n int) string {
	s := fmt.Sprintf("no word of the query names a subject: %d entries", n)
	if n == 1 {
		s = "no word of the query names a subject: 1 entry"
	}
	s += askedDays(pq)
	if f.Since != "" || f.Until != "" {
		s += ", dated " + cmp.Or(f.Since, "any day") + " to " + cmp.Or(f.Until, "today") + " by the filter"
	}
	return s + ", the latest first"
}

// searchedInstead says that a question of a time or a kind found nothing
// of that kind on those days within filter f, so that its words were
// searched.
func searchedInstead(pq *parsedQuery, f *Filter) string {
	within := ""
	if !f.Empty() {
		within = " within the filters"
	}
	return "no entry" + askedDays(pq) + within + ": the query's words were searched instead"
}

// withinDays narrows f to the span of days (none: f as it is).
func withinDays(f Filter, days []dateRange) Filter {
	if len(days) == 0 {
		return f
	}
	since, until := days[0].from, days[0].to
	for _, d := range days[1:] {
		since, until = minTime(since, d.from), maxTime(until, d.to)
	}
	if !since.Equal(dawn) {
		f.Since = max(f.Since, since.Format(time.DateOnly))
	}
	if u := until.Format(time.DateOnly); f.Until == "" || u < f.Until {
		f.Until = u
	}
	return f
}

// askedDays is what a question of a time or a kind asks for: " recorded
// as KIND of DAYS", either part when it says it.
func askedDays(pq *parsedQuery) string {
	what := slices.Sorted(maps.Keys(pq.asks))
	var days []string
	for _, d := range pq.dates {
		s := d.from.Format(time.DateOnly)
		switch {
		case d.from.Equal(dawn):
			s = "up to " + d.to.Format(time.DateOnly)
		case !d.to.Equal(d.from):
			s += " to " + d.to.Format(time.DateOnly)
		}
		days = append(days, s)
	}
	s := ""
	if len(what) > 0 {
		s += " recorded as " + strings.Join(what, " or ")
	}
	if len(days) > 0 {
		s += " of " + strings.Join(days, ", ")
	}
	return s
}
