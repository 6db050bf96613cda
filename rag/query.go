package rag

import (
	"strings"
	"time"
	"unicode"

	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/store"
)

// parsedQuery is a query broken into what the ranker uses.
type parsedQuery struct {
	terms []fulltext.Term // content terms, speaker names removed
	words map[string]bool // the query's own terms (no other forms, no names)
	names map[string]bool // agents named in the query, lower-case
	dates []dateRange     // calendar dates or months the query mentions
	rest  string          // the query with its time expressions blanked out
	// tags mark the entries that answer what the query asks for (a
	// decision, open work, an error and its fix), nil when it asks for
	// none of those.
	tags map[string]bool
	// asks names the intents the query asks for (decision, task, error).
	asks map[string]bool
}

// dateRange is a span of days a query names; event is set when it was
// inferred from an event's date ("before the migration"), weaker evidence
// than a date the query writes out.
type dateRange struct {
	from, to time.Time
	event    bool
	// relative: said as a distance from today ("yesterday"), which names
	// the days themselves.
	relative bool
	// at is the entry that dated the event, and after says the question
	// asks for what came after it: on its day, only the entries of its
	// log on the asked side of it are in the range.
	at    *store.Position
	after bool
}

// holds reports whether c is in r, its date d extended by slack days past
// r's end.
func (r *dateRange) holds(c *store.Position, d time.Time, slack int) bool {
	if r.at != nil && c.Date == r.at.Date && c.Path == r.at.Path {
		if r.after {
			return c.Seq > r.at.Seq
		}
		return c.Seq < r.at.Seq
	}
	return !d.Before(r.from) && !d.After(r.to.AddDate(0, 0, r.slack(slack)))
}

// slack is how many days after r an entry still counts as in it: a day
// the query names as it was ("yesterday", "last week") is that day, else
// logs written after the event count (up to slack days).
func (r *dateRange) slack(slack int) int {
	if r.relative {
		return 0
	}
	return slack
}

// parseQuery analyzes text. agents are the workspace's agent names (by
// lower-case name); a query word equal to one is a named speaker: it boosts
// that agent's entries and is removed from the content terms, since names
// occur in almost every entry of a conversation and would swamp BM25.
func parseQuery(an *fulltext.Analyzer, text string, agents map[string][]string) *parsedQuery {
	q := &parsedQuery{names: map[string]bool{}}
	nameTerms := map[string]bool{}
	for _, w := range rawWords(text) {
		if _, ok := agents[w]; ok {
			q.names[w] = true
			for _, t := range an.Terms(w) {
				nameTerms[t] = true
			}
		}
	}
	q.words = map[string]bool{}
	for _, t := range an.Terms(text) {
		if nameTerms[t] || q.words[t] {
			continue
		}
		q.words[t] = true
		q.terms = append(q.terms, fulltext.Term{Text: t, Weight: 1})
	}
	if len(q.terms) == 0 { // a query of names only: search for the names
		for t := range nameTerms {
			q.words[t] = true
			q.terms = append(q.terms, fulltext.Term{Text: t, Weight: 1})
		}
	}
	return q
}

// rawWords returns the lower-cased words of s, with a trailing 's dropped.
func rawWords(s string) []string { return casedWords(strings.ToLower(s)) }

// casedWords returns the words of s as rawWords does, in their own case.
func casedWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' || r == '-' || r == '_' || r == '.')
	}) {
		w = strings.Trim(w, "'’-_.")
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

var months = map[string]time.Month{"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12}
