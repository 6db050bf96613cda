package rag

import (
	"context"
	_ "embed"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/archon-memory/archon/rag/fulltext"
)

//go:embed eventwords.txt
var eventWordsFile string

// eventWords reads "before X" and "after X" in a question.
type eventWords struct {
	re     *regexp.Regexp
	before map[string]bool // the words (lower-case, pairs with one space) that mean before
}

// parseEventWords reads eventwords.txt.
func parseEventWords(data string) (*eventWords, error) {
	ew := &eventWords{before: map[string]bool{}}
	var alts []string
	for n, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		dir, words, ok := strings.Cut(line, ":")
		dir = strings.TrimSpace(dir)
		if !ok || (dir != "before" && dir != "after") {
			return nil, fmt.Errorf("eventwords.txt:%d: want before: or after: and words", n+1)
		}
		for _, w := range strings.Fields(strings.ToLower(words)) {
			w = strings.ReplaceAll(w, "-", " ")
			if dir == "before" {
				ew.before[w] = true
			}
			alts = append(alts, strings.ReplaceAll(regexp.QuoteMeta(w), " ", `\s+`))
		}
	}
	if len(alts) == 0 {
		return ew, nil
	}
	// The event runs to the end of its clause: up to six words.
	re, err := regexp.Compile(`(?i)\b(` + strings.Join(alts, "|") + `)\s+((?:[\p{L}\p{N}][\p{L}\p{N}'’._/-]*\s*){1,6})`)
	if err != nil {
		return nil, fmt.Errorf("eventwords.txt: %w", err)
	}
	ew.re = re
	return ew, nil
}

// maxEventDays bounds the open side of an event's date range.
const maxEventDays = 100 * 366

// eventDates dates the events a question places its subject before or
// after: the best full-text match of the event's words dates it, and the
// range runs from that day on ("after") or up to the day before
// ("before"); on the event's own day, the entries of its log after it
// (or before it) are on the asked side, not the event itself (see
// dateRange.holds). It is used only when the question names no date; an event
// that matches nothing, or only undated text, gives no range.
//
// It also returns the event's terms: they place the answer in time; they
// are not what the answer is about.
func (e *Engine) eventDates(ctx context.Context, text string, f Filter, slack int) ([]dateRange, map[string]bool, error) {
	if e.events == nil || e.events.re == nil {
		return nil, nil, nil
	}
	var out []dateRange
	words := map[string]bool{}
	for _, m := range e.events.re.FindAllStringSubmatch(text, 2) {
		terms := e.ft.Analyzer().Terms(m[2])
		if len(terms) == 0 {
			continue
		}
		q := make([]fulltext.Term, len(terms))
		for i, t := range terms {
			q[i] = fulltext.Term{Text: t, Weight: 1}
		}
		hits, err := e.ft.Search(ctx, q, f, 1)
		if err != nil {
			return nil, nil, fmt.Errorf("date the event %q: %w", m[2], err)
		}
		if len(hits) == 0 {
			continue
		}
		ps, err := e.neighbourhood(ctx, []string{hits[0].ID}, 0)
		if err != nil {
			return nil, nil, fmt.Errorf("date the event %q: %w", m[2], err)
		}
		if len(ps) == 0 {
			continue
		}
		d, err := time.Parse(time.DateOnly, ps[0].Date)
		if err != nil {
			continue
		}
		for _, t := range terms {
			words[t] = true
		}
		at := ps[0]
		if e.events.before[strings.Join(strings.Fields(strings.ToLower(m[1])), " ")] {
			// The boost reaches slack days past a range's end.
			out = append(out, dateRange{from: d.AddDate(0, 0, -maxEventDays), to: d.AddDate(0, 0, -1-slack), event: true, at: at})
		} else {
			out = append(out, dateRange{from: d, to: d.AddDate(0, 0, maxEventDays), event: true, at: at, after: true})
		}
	}
	return out, words, nil
}
