package rag

import (
	"regexp"
	"slices"
	"strconv"
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

var (
	reISO = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})\b`)
	reMDY = regexp.MustCompile(`(?i)\b([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b`)
	reDMY = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\.?,? (\d{4})\b`)
	reMY  = regexp.MustCompile(`(?i)\b([a-z]+),? (\d{4})\b`)
	// The week (Monday to Sunday) of a day: "the week of December 7, 2025".
	reWeekOfMDY = regexp.MustCompile(`(?i)\bweek of ([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b`)
	reWeekOfMD  = regexp.MustCompile(`(?i)\bweek of ([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?\b`)
	// Days of a month: "December 1-3, 2025", "Dec 1–3".
	reMDDY = regexp.MustCompile(`(?i)\b([a-z]+)\.? (\d{1,2})\s*[-–—]\s*(\d{1,2}),? (\d{4})\b`)
	reMDD  = regexp.MustCompile(`(?i)\b([a-z]+)\.? (\d{1,2})\s*[-–—]\s*(\d{1,2})\b`)
	// A year alone is read after a word that makes it a time: "in 2025".
	reYear = regexp.MustCompile(`(?i)\b(?:in|during|since|from|until|through|before|after|between) (\d{4})\b`)
	// After "to" or "and", a month or year alone is read only as the end
	// of a span ("from October to December"): "talked to April" is no time.
	reYearTo  = regexp.MustCompile(`(?i)\b(?:to|and) (\d{4})\b`)
	reMonthTo = regexp.MustCompile(`(?i)\b(?:to|and) ([a-z]+)\b`)
)

// explicitForms are the calendar dates a question writes out, in order of
// precedence (a match overlapping an earlier one is not read).
var explicitForms = []timeForm{
	{reWeekOfMDY, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		d, _, ok := namedDay(m[1], m[2], m[3])
		return weekOf(d, ok)
	}, otherForm, false},
	{reMDDY, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		from, _, ok := namedDay(m[1], m[2], m[4])
		return daysFrom(from, ok, m[2], m[3])
	}, otherForm, false},
	{reISO, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		d, _ := strconv.Atoi(m[3])
		return calendarDay(y, mo, d)
	}, otherForm, false},
	{reMDY, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		return namedDay(m[1], m[2], m[3])
	}, otherForm, false},
	{reDMY, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		return namedDay(m[2], m[1], m[3])
	}, otherForm, false},
	{reMY, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		mo, ok := months[strings.ToLower(m[1])]
		y, _ := strconv.Atoi(m[2])
		if !ok {
			return time.Time{}, time.Time{}, false
		}
		from := time.Date(y, mo, 1, 0, 0, 0, 0, time.UTC)
		return from, from.AddDate(0, 1, -1), true
	}, otherForm, false},
	{reYear, yearOf, otherForm, true},
	{reYearTo, yearOf, spanEndForm, true},
}

var (
	reDayBefore = regexp.MustCompile(`(?i)\bthe day before yesterday\b`)
	reDayWord   = regexp.MustCompile(`(?i)\b(today|yesterday)\b`)
	reAgo       = regexp.MustCompile(`(?i)\b(\d{1,3}|a|one|two|three|four|five|six|seven|ten) (day|week|month)s? ago\b`)
	reLastN     = regexp.MustCompile(`(?i)\b(?:last|past) (\d{1,3}|two|three|four|five|six|seven|ten) (day|week|month)s\b`)
	reLastThis  = regexp.MustCompile(`(?i)\b(last|this|past) (week|month|year)\b`)
	reWeekend   = regexp.MustCompile(`(?i)\b(?:(this|last|next) )?weekend\b`)
	reWeekday   = regexp.MustCompile(`(?i)\b(?:(last|this|next) )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b`)
	reMonthDay  = regexp.MustCompile(`(?i)\b([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?\b`)
	reDayMonth  = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\b`)
	reMonthOnly = regexp.MustCompile(`(?i)\b(?:in|during|since|from|of|until|through|between|after|before) ([a-z]+)\b`)
	smallNumber = map[string]int{"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}
	weekdays    = map[string]time.Weekday{"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday,
		"wednesday": time.Wednesday, "thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday}
)

// relativeForms are the time words resolved against the workspace clock,
// in order of precedence.
var relativeForms = []timeForm{
	{reDayBefore, func(_ []string, today time.Time) (time.Time, time.Time, bool) {
		d := today.AddDate(0, 0, -2)
		return d, d, true
	}, otherForm, false},
	{reDayWord, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		if strings.EqualFold(m[1], "yesterday") {
			today = today.AddDate(0, 0, -1)
		}
		return today, today, true
	}, otherForm, false},
	{reAgo, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		n := count(m[1])
		switch strings.ToLower(m[2]) {
		case "day":
			d := today.AddDate(0, 0, -n)
			return d, d, true
		case "week":
			d := today.AddDate(0, 0, -7*n)
			return d.AddDate(0, 0, -3), d.AddDate(0, 0, 3), true
		}
		first := time.Date(today.Year(), today.Month()-time.Month(n), 1, 0, 0, 0, 0, time.UTC)
		return first, first.AddDate(0, 1, -1), true
	}, otherForm, false},
	{reLastN, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		// N days up to and with today, as the L1 window and archive count
		// them: "the last 7 days" are today and the six before.
		n := count(m[1])
		switch strings.ToLower(m[2]) {
		case "day":
			return today.AddDate(0, 0, 1-n), today, true
		case "week":
			return today.AddDate(0, 0, 1-7*n), today, true
		}
		return addMonths(today, -n).AddDate(0, 0, 1), today, true
	}, otherForm, false},
	{reLastThis, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		which := strings.ToLower(m[1])
		var first time.Time
		var back func(time.Time) time.Time // the start of the unit before
		switch strings.ToLower(m[2]) {
		case "week": // weeks start on Monday
			first = today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))
			back = func(t time.Time) time.Time { return t.AddDate(0, 0, -7) }
		case "month":
			first = time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
			back = func(t time.Time) time.Time { return addMonths(t, -1) }
		default:
			first = time.Date(today.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
			back = func(t time.Time) time.Time { return t.AddDate(-1, 0, 0) }
		}
		switch which {
		case "this":
			return first, today, true
		case "past": // the unit up to and with today
			return back(today).AddDate(0, 0, 1), today, true
		}
		return back(first), first.AddDate(0, 0, -1), true
	}, otherForm, false},
	{reWeekend, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		sat := latestWeekday(today, time.Saturday)
		if today.Weekday() == time.Sunday {
			sat = today.AddDate(0, 0, -1)
		}
		if strings.EqualFold(m[1], "next") { // the coming one
			sat = today.AddDate(0, 0, (int(time.Saturday)-int(today.Weekday())+7)%7)
			if !sat.After(today) {
				sat = sat.AddDate(0, 0, 7)
			}
			return sat, sat.AddDate(0, 0, 1), true
		}
		if strings.EqualFold(m[1], "last") && !sat.AddDate(0, 0, 1).Before(today) {
			sat = sat.AddDate(0, 0, -7) // during a weekend, the one before
		}
		return sat, minTime(sat.AddDate(0, 0, 1), today), true
	}, otherForm, false},
	{reWeekday, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		d := latestWeekday(today, weekdays[strings.ToLower(m[2])])
		switch {
		case strings.EqualFold(m[1], "last") && d.Equal(today):
			d = d.AddDate(0, 0, -7)
		case strings.EqualFold(m[1], "next"): // the coming one
			d = d.AddDate(0, 0, 7)
		}
		return d, d, true
	}, weekdayForm, false},
	{reWeekOfMD, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		d, _, ok := latestMonthDay(m[1], m[2], today)
		return weekOf(d, ok)
	}, monthDayForm, false},
	{reMDD, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		from, _, ok := latestMonthDay(m[1], m[2], today)
		return daysFrom(from, ok, m[2], m[3])
	}, monthDayForm, false},
	{reMonthDay, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		return latestMonthDay(m[1], m[2], today)
	}, monthDayForm, false},
	{reDayMonth, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		return latestMonthDay(m[2], m[1], today)
	}, monthDayForm, false},
	{reMonthOnly, monthAlone, otherForm, false},
	{reMonthTo, monthAlone, spanEndForm, false},
}

// addMonths moves t by n months, the day kept within the month reached
// (March 31 less a month is February 28, not March 3).
func addMonths(t time.Time, n int) time.Time {
	first := time.Date(t.Year(), t.Month()+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	return first.AddDate(0, 0, min(t.Day(), first.AddDate(0, 1, -1).Day())-1)
}

// monthAlone reads a month named without a year (m[1]) as the latest such
// month not after today.
func monthAlone(m []string, today time.Time) (time.Time, time.Time, bool) {
	mo, ok := months[strings.ToLower(m[1])]
	if !ok || !monthWord(m[1]) { // "in may" is mostly the verb: "in May" is the month
		return time.Time{}, time.Time{}, false
	}
	y := today.Year()
	if mo > today.Month() {
		y--
	}
	first := time.Date(y, mo, 1, 0, 0, 0, 0, time.UTC)
	return first, first.AddDate(0, 1, -1), true
}

// yearOf reads a year alone (m[1]) as that whole year; "in 2048 byte
// blocks" is no year.
func yearOf(m []string, today time.Time) (time.Time, time.Time, bool) {
	y, _ := strconv.Atoi(m[1])
	if y < 1990 || y > today.Year()+1 {
		return time.Time{}, time.Time{}, false
	}
	return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(y, 12, 31, 0, 0, 0, 0, time.UTC), true
}

// weekOf is the week, Monday to Sunday, of day d (ok when d is a date).
func weekOf(d time.Time, ok bool) (time.Time, time.Time, bool) {
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	monday := d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
	return monday, monday.AddDate(0, 0, 6), true
}

// daysFrom is the span of days from first (day d1 of its month, ok when
// it is a date) to day d2 of the same month: "December 1-3".
func daysFrom(first time.Time, ok bool, d1, d2 string) (time.Time, time.Time, bool) {
	n := atoi(d2) - atoi(d1)
	last := first.AddDate(0, 0, n)
	if !ok || n < 0 || last.Month() != first.Month() {
		return time.Time{}, time.Time{}, false
	}
	return first, last, true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// namedDay is the day a month's name, a day and a year write ("May", "7",
// "2023"); ok is false when the name is no month's or the day no date.
func namedDay(month, day, year string) (time.Time, time.Time, bool) {
	mo, ok := months[strings.ToLower(month)]
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	return calendarDay(atoi(year), int(mo), atoi(day))
}

func calendarDay(y, m, d int) (time.Time, time.Time, bool) {
	if m < 1 || m > 12 {
		return time.Time{}, time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return t, t, t.Day() == d // not 31 February
}

func count(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return smallNumber[strings.ToLower(s)]
}

// latestWeekday is the latest day not after today that is a wd.
func latestWeekday(today time.Time, wd time.Weekday) time.Time {
	return today.AddDate(0, 0, -((int(today.Weekday()) - int(wd) + 7) % 7))
}

// latestMonthDay is the latest date named by a month and a day of it not
// after today ("December 3"); "may" written in lower case is the verb.
func latestMonthDay(month, day string, today time.Time) (time.Time, time.Time, bool) {
	mo, ok := months[strings.ToLower(month)]
	d, err := strconv.Atoi(day)
	if !ok || err != nil || !monthWord(month) {
		return time.Time{}, time.Time{}, false
	}
	for y := today.Year(); y >= today.Year()-8; y-- { // February 29 comes every 4 years
		if from, to, ok := calendarDay(y, int(mo), d); ok && !from.After(today) {
			return from, to, true
		}
	}
	return time.Time{}, time.Time{}, false
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// monthWord reports whether w, a month's name, is written as one without
// a year beside it: a short form ("mar", "jan") or a verb ("may",
// "march") is a word unless it starts with a capital ("Mar 5", "May"), a
// full name any way ("december").
func monthWord(w string) bool {
	lw := strings.ToLower(w)
	if len(w) > 4 && lw != "march" || lw == "june" || lw == "july" {
		return true
	}
	return w[0] >= 'A' && w[0] <= 'Z' && w != "MAY" // "march on", "may", "mar 5 items"
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// findTimes returns the time expressions of s read by forms, in order of
// precedence (one overlapping a match already read is not read), sorted
// by where they stand; relative marks them as said relative to today.
func findTimes(s string, today time.Time, forms []timeForm, relative bool, taken []timeMatch, stop func(string) bool) []timeMatch {
	out := slices.Clone(taken)
	for _, f := range forms {
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
		case reSince.MatchString(before):
			if r.from.Equal(today) && ms[i].kind == weekdayForm {
				r.from = today.AddDate(0, 0, -7) // "since Monday", said on a Monday
			}
			r.to = maxTime(r.to, today)
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
// 5 and December 10" said on December 7 ends this year, not the last).
func spanEnd(a, b timeMatch, r *dateRange) (time.Time, bool) {
	switch {
	case !b.r.to.Before(r.from):
		return b.r.to, true
	case a.kind == weekdayForm && !b.r.to.Before(r.from.AddDate(0, 0, -7)):
		r.from = r.from.AddDate(0, 0, -7)
		return b.r.to, true
	case b.kind == monthDayForm && !b.r.to.AddDate(1, 0, 0).Before(r.from):
		return b.r.to.AddDate(1, 0, 0), true
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
	"this": true, "next": true, "weekend": true}

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
