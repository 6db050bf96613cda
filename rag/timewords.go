package rag

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
)

// A time expression of a question: where it stands in the text and the
// days it names. Explicit ones write a calendar date out (2026-12-01, May
// 7, 2023, May 2023); relative ones are resolved against the workspace's
// clock (yesterday, last week, since Monday, in October, on December 3).
type timeMatch struct {
	r          dateRange
	start, end int
	kind       formKind
	joined     bool // a span's end: spans joined it to the match before
}

// formKind tells the forms a span's ends are moved by: a weekday can be
// a week earlier, a day of a month without its year a year later.
type formKind int

const (
	otherForm formKind = iota
	weekdayForm
	monthDayForm
	spanEndForm // read only as the end of a span
	rangeForm   // a span of its own: "from Dec 1 to 3" does not run to today
)

// timeForm is one kind of time expression: its expression and how a match
// resolves to days (ok false: not a time, "may" the verb).
type timeForm struct {
	re      *regexp.Regexp
	resolve func(m []string, today time.Time) (from, to time.Time, ok bool)
	kind    formKind
	// counts: the number the match ends on counts something when a
	// plural follows it ("before 2000 users", "since 1999 errors"), and the
	// match is no time; "in 2025 regarding auth", "in 2025 Q3" stay years.
	counts bool
}

// findTimes returns the time expressions of s read by forms, in order of
// precedence (one overlapping a match already read is not read), sorted
// by where they stand; relative marks them as said relative to today.
func findTimes(s string, today time.Time, forms []timeForm, relative bool, taken []timeMatch, stop func(string) bool) []timeMatch {
	out := slices.Clone(taken)
	has := needsOf(s)
	for _, f := range forms {
		if formNeeds[f.re]&^has != 0 {
			continue // it cannot match here
		}
		for _, ix := range f.re.FindAllStringSubmatchIndex(s, -1) {
			if slices.ContainsFunc(out, func(t timeMatch) bool { return ix[0] < t.end && t.start < ix[1] }) {
				continue
			}
			if f.counts && plural(followingWord(s[ix[1]:]), stop) {
				continue
			}
			m := make([]string, len(ix)/2)
			for i := range m {
				if ix[2*i] >= 0 {
					m[i] = s[ix[2*i]:ix[2*i+1]]
				}
			}
			if from, to, ok := f.resolve(m, today); ok {
				out = append(out, timeMatch{r: dateRange{from: from, to: to, relative: relative}, start: ix[0], end: ix[1], kind: f.kind})
			}
		}
	}
	out = out[len(taken):]
	slices.SortFunc(out, func(a, b timeMatch) int { return a.start - b.start })
	return out
}

// need is a part of a time expression that a query holds or not.
type need uint8

const (
	needMonth   need = 1 << iota // a month's name, in full or short ("Sept")
	needYear                     // four digits in a row
	needSlash                    // a slash
	needQuarter                  // Q1 to Q4
)

// needsOf returns the parts of time expressions s holds (a superset of
// what its forms need: "2026" in "v20261" counts as a year).
func needsOf(s string) need {
	var has need
	if strings.Contains(s, "/") {
		has |= needSlash
	}
	digits := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if digits++; digits == 4 {
				has |= needYear
			}
			if i > 0 && s[i-1] == 'Q' && c >= '1' && c <= '4' {
				has |= needQuarter
			}
		default:
			digits = 0
		}
	}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') }) {
		if len(w) >= 3 && len(w) <= 9 {
			if _, ok := months[strings.ToLower(w)]; ok {
				has |= needMonth
				break
			}
		}
	}
	return has
}

// These join time expressions: "since Monday" and "after December 1" run
// to today, "before December 3" and "until December 2" from the start of
// time; "between May 1 and May 3", "from Monday to Wednesday" and
// "2026-12-01 to 2026-12-03" are one span.
var (
	reSince  = regexp.MustCompile(`(?i)\b(?:since|from)\s*$`)
	reAfter  = regexp.MustCompile(`(?i)\bafter\s*$`)
	reBefore = regexp.MustCompile(`(?i)\bbefore\s*$`)
	reUntil  = regexp.MustCompile(`(?i)\b(?:until|till|up to)\s*$`)
	// "the week before August 3", "two days after": a time near the date,
	// which stays as it is.
	reNear    = regexp.MustCompile(`(?i)\b(?:days?|weeks?|weekends?|months?|years?|nights?|mornings?|evenings?)\s+(?:before|after)\s*$`)
	reBetween = regexp.MustCompile(`(?i)\bbetween\s*$`)
	reFrom    = regexp.MustCompile(`(?i)\bfrom\s*$`)
	reJoin    = regexp.MustCompile(`(?i)^\s*(?:to|until|till|through|-|–)\s*$`)
	reAnd     = regexp.MustCompile(`(?i)^\s*and\s*$`)
)

// dawn is the start of time for an open span ("before December 3").
var dawn = time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)

// spans applies "since", "after", "before", "until" and "between ... and
// ..." to ms (sorted by where they stand in s), and marks the matches it
// joins as a span's end.
func spans(s string, ms []timeMatch, today time.Time) []dateRange {
	var out []dateRange
	for i := 0; i < len(ms); i++ {
		r := ms[i].r
		before := s[:ms[i].start]
		for _, re := range []*regexp.Regexp{reMonthOnly, reYear, reMonthTo, reYearTo} {
			if m := re.FindStringSubmatch(s[ms[i].start:ms[i].end]); m != nil && ms[i].start+len(m[0]) == ms[i].end {
				before += s[ms[i].start : ms[i].end-len(m[1])] // "since October": the word is in the match
				break
			}
		}
		if j := i + 1; j < len(ms) {
			gap := s[ms[i].end:ms[j].start] + leadingPrep(s[ms[j].start:ms[j].end]) // "since October until December"
			if reJoin.MatchString(gap) || reAnd.MatchString(gap) && reBetween.MatchString(before) {
				if to, ok := spanEnd(ms[i], ms[j], &r); ok {
					ms[j].joined = true
					r.to = to
					r.relative = r.relative || ms[j].r.relative
					out = append(out, r)
					i++
					continue
				}
			}
		}
		if ms[i].kind == spanEndForm {
			continue // "to April" that ends no span
		}
		switch {
		case reNear.MatchString(before):
		case ms[i].kind == rangeForm && reFrom.MatchString(before):
		case reSince.MatchString(before):
			if r.from.Equal(today) && ms[i].kind == weekdayForm {
				r.from = today.AddDate(0, 0, -7) // "since Monday", said on a Monday
			}
			r.to = maxTime(r.from, today) // "since December" said on the 8th: to today, not the 31st
		case reAfter.MatchString(before) && r.to.Before(today):
			r.from, r.to = r.to.AddDate(0, 0, 1), today
		case reBefore.MatchString(before):
			r.from, r.to = dawn, r.from.AddDate(0, 0, -1)
		case reUntil.MatchString(before):
			r.from = dawn
		}
		out = append(out, r)
	}
	return out
}

// leadingPrep returns the word a month or a year alone is read after
// when the match m begins with it ("until December"), else "".
func leadingPrep(m string) string {
	for _, re := range []*regexp.Regexp{reMonthOnly, reYear, reMonthTo, reYearTo} {
		if x := re.FindStringSubmatch(m); x != nil && len(x[0]) == len(m) {
			return " " + strings.TrimSpace(m[:len(m)-len(x[1])])
		}
	}
	return ""
}

// spanEnd returns the end of the span from a to b, moving an end said
// without its week or year where that makes a span ("between Monday and
// Wednesday" said on a Monday starts the Monday before; "between December
// 5 and December 10" said on December 7 ends this year, not the last;
// "between December 20 and January 5" crosses the new year). Of two
// readings of days said without a year, the shorter span wins: "between
// Dec 3 and Dec 1" is Dec 1 to 3 written backwards, not a year ahead.
func spanEnd(a, b timeMatch, r *dateRange) (time.Time, bool) {
	switch {
	case !b.r.to.Before(r.from):
		return b.r.to, true
	case a.kind == weekdayForm && !b.r.to.Before(r.from.AddDate(0, 0, -7)):
		r.from = r.from.AddDate(0, 0, -7)
		return b.r.to, true
	case b.kind == monthDayForm && !b.r.to.AddDate(1, 0, 0).Before(r.from):
		ahead := b.r.to.AddDate(1, 0, 0)
		if back := a.r.to.Sub(b.r.from); back < ahead.Sub(r.from) && a.r.to.Year() == b.r.from.Year() {
			to := a.r.to
			r.from = b.r.from
			return to, true
		}
		return ahead, true
	}
	return time.Time{}, false
}

// timesIn reads what s says of time once: the days it names (its calendar
// dates, else its time words resolved against now; spans applied) and s
// with every time expression blanked out, what is left saying what it is
// about. stop tells the stop words, which are no plural after a year.
func timesIn(s string, now time.Time, stop func(string) bool) (dates []dateRange, rest string) {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	explicit := explicitTimes(s, today, stop)
	relative := relativeTimes(s, today, explicit)
	dates = spans(s, explicit, today)
	// Spans of the time words are read even when the dates written out
	// win: they mark the span ends to blank ("in 2025 from March to May").
	if rel := spans(s, relative, today); len(dates) == 0 {
		dates = rel
	}
	if !mayNameTime(s) {
		return dates, s
	}
	return dates, blankTimes(s, append(explicit, relative...))
}

// explicitTimes finds the calendar dates s writes out: 2023-05-07, May 7,
// 2023, 7 May 2023 (a day), May 2023 (the whole month), a year after "in".
func explicitTimes(s string, today time.Time, stop func(string) bool) []timeMatch {
	if !strings.ContainsAny(s, "0123456789") {
		return nil // every form has a number
	}
	return findTimes(s, today, explicitForms, false, nil, stop)
}

// relativeTimes finds the time words of s, resolved against today, but
// where they overlap one of taken: today, yesterday, the day before
// yesterday, N days, weeks or months ago, the last N days, last/this/past
// week, month or year, a weekday (the latest), the weekend, a month named
// without a year ("in October": the latest October not after today) or a
// day of it ("on December 3").
func relativeTimes(s string, today time.Time, taken []timeMatch) []timeMatch {
	if !mayNameTime(s) {
		return nil
	}
	return findTimes(s, today, relativeForms, true, taken, nil)
}

// timeWords are the words one of the relative forms needs (with a
// number, weekday or month name): a question holding none of them and no
// digit names no time, and skips the expressions.
var timeWords = map[string]bool{"today": true, "yesterday": true, "ago": true, "last": true, "past": true,
	"this": true, "next": true, "weekend": true, "tonight": true}

// mayNameTime reports whether s may hold a time expression.
func mayNameTime(s string) bool {
	if strings.ContainsAny(s, "0123456789") {
		return true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), notWord) { // "monday-wednesday" is two
		_, month := months[w]
		_, day := weekdays[w]
		if timeWords[w] || month || day {
			return true
		}
	}
	return false
}

// blankTimes returns s with the time expressions ms blanked out, and the
// words that join them; a month or year read only as a span's end and
// ending none stays ("talked to April").
func blankTimes(s string, ms []timeMatch) string {
	b := []byte(s)
	for _, m := range ms {
		if m.kind == spanEndForm && !m.joined {
			continue
		}
		for i := m.start; i < m.end; i++ {
			b[i] = ' '
		}
	}
	for _, re := range []*regexp.Regexp{reSinceWord, reJoinWord} {
		b = re.ReplaceAll(b, []byte(" "))
	}
	return string(b)
}

// The words that join time expressions say no subject either.
var (
	reSinceWord = regexp.MustCompile(`(?i)\b(?:since|between)\b`)
	reJoinWord  = regexp.MustCompile(`(?i)\b(?:until|till|through)\b`)
)

// plural reports whether w looks like a plural noun: a word of four
// letters or more ending in s (not ss, us, is or 's) that is no stop word
// (stop nil: none is).
func plural(w string, stop func(string) bool) bool {
	if len(w) < 4 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "'s") {
		return false
	}
	for _, end := range []string{"ss", "us", "is"} {
		if strings.HasSuffix(w, end) {
			return false
		}
	}
	return stop == nil || !stop(w)
}

// followingWord returns the word s starts with after white space, in lower
// case ("" when punctuation or the end comes first).
func followingWord(s string) string {
	s = strings.TrimLeft(s, " \t")
	end := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	if end < 0 {
		end = len(s)
	}
	return strings.ToLower(s[:end])
}
