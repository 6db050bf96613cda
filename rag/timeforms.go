package rag

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/archon-memory/archon/memory"
)

var (
	reISO = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})\b`)
	reMDY = regexp.MustCompile(`(?i)\b([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b`)
	reDMY = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\.?,? (\d{4})\b`)
	reMY  = regexp.MustCompile(`(?i)\b([a-z]+),? (\d{4})\b`)
	// The week (Monday to Sunday) of a day: "the week of December 7, 2025".
	reWeekOfMDY = regexp.MustCompile(`(?i)\bweek of ([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b`)
	reWeekOfMD  = regexp.MustCompile(`(?i)\bweek of ([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?\b`)
	// Days of a month: "December 1-3, 2025", "Dec 1–3", "Dec 1 to 3",
	// "between Dec 1 and 3".
	reMDDY = regexp.MustCompile(`(?i)\b([a-z]+)\.? (\d{1,2})` + dayTo + `(\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b`)
	reMDD  = regexp.MustCompile(`(?i)\b([a-z]+)\.? (\d{1,2})` + dayTo + `(\d{1,2})(?:st|nd|rd|th)?\b`)
	// Numbers: 2026/12/03, 12/3/2026 (month first unless the first
	// number is over 12: 25/12/2026) and, with no year, 12/03 or 10/7 (one
	// number of two digits: "1/2" is a half).
	reYMDSlash = regexp.MustCompile(`\b(\d{4})/(\d{1,2})/(\d{1,2})\b`)
	reMDYSlash = regexp.MustCompile(`\b(\d{1,2})/(\d{1,2})/(\d{4})\b`)
	reMDSlash  = regexp.MustCompile(`\b(\d\d/\d{1,2}|\d/\d\d)\b`)
	// A part of a month: "early November", "mid-November 2025", "the end
	// of May": days 1-10, 11-20, 21 to the end.
	reMonthPartY = regexp.MustCompile(`(?i)\b(early|mid|late|(?:the )?(?:end|beginning|start) of)[- ]([a-z]+),? (\d{4})\b`)
	reMonthPart  = regexp.MustCompile(`(?i)\b(early|mid|late|(?:the )?(?:end|beginning|start) of)[- ]([a-z]+)\b`)
	// Quarters, with a capital Q: "Q3 2025", "2025 Q3", "in Q3".
	reQY = regexp.MustCompile(`\bQ([1-4]),? (\d{4})\b`)
	reYQ = regexp.MustCompile(`\b(\d{4}) Q([1-4])\b`)
	reQ  = regexp.MustCompile(`\bQ([1-4])\b`)
	// A year alone is read after a word that makes it a time: "in 2025".
	reYear = regexp.MustCompile(`(?i)\b(?:in|during|since|from|until|through|before|after|between) (\d{4})\b`)
	// After "to" or "and", a month or year alone is read only as the end
	// of a span ("from October to December"): "talked to April" is no time.
	reYearTo  = regexp.MustCompile(`(?i)\b(?:to|and) (\d{4})\b`)
	reMonthTo = regexp.MustCompile(`(?i)\b(?:to|and) ([a-z]+)\b`)
)

// dayTo joins the days of a span in one month: "1-3", "1 to 3", "1st
// through 3rd" ("and" only after "between", which reBetweenMDD reads).
const dayTo = `(?:st|nd|rd|th)?(?:\s*[-–—]\s*|\s+(?:to|through|thru|until|till)\s+)`

// reBetweenMDD is "between Dec 1 and 3".
var reBetweenMDD = regexp.MustCompile(`(?i)\bbetween ([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? and (\d{1,2})(?:st|nd|rd|th)?\b`)

// formNeeds says what a query must hold for a form to match in it at all
// (see needsOf): most queries name no time, and most that hold a number
// hold an id ("TES-142"), not a date; their forms are not run. A form
// not listed always runs.
var formNeeds = map[*regexp.Regexp]need{
	reWeekOfMDY: needMonth | needYear, reMDDY: needMonth | needYear, reMonthPartY: needMonth | needYear,
	reQY: needQuarter | needYear, reYQ: needQuarter | needYear, reYMDSlash: needSlash | needYear,
	reMDYSlash: needSlash | needYear, reISO: needYear, reMDY: needMonth | needYear, reDMY: needMonth | needYear,
	reMY: needMonth | needYear, reYear: needYear, reYearTo: needYear,
	reWeekOfMD: needMonth, reMDD: needMonth, reBetweenMDD: needMonth, reMonthPart: needMonth,
	reQ: needQuarter, reMDSlash: needSlash, reMonthDay: needMonth, reDayMonth: needMonth,
	reMonthOnly: needMonth, reMonthTo: needMonth,
}

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
	}, rangeForm, false},
	{reMonthPartY, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		first, _, ok := namedDay(m[2], "1", m[3])
		return monthPart(first, ok, m[1])
	}, otherForm, false},
	{reQY, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		return quarter(atoi(m[2]), atoi(m[1]))
	}, otherForm, false},
	{reYQ, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		return quarter(atoi(m[1]), atoi(m[2]))
	}, otherForm, false},
	{reYMDSlash, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		return calendarDay(atoi(m[1]), atoi(m[2]), atoi(m[3]))
	}, otherForm, false},
	{reMDYSlash, func(m []string, _ time.Time) (time.Time, time.Time, bool) {
		mo, d := atoi(m[1]), atoi(m[2])
		if mo > 12 {
			mo, d = d, mo
		}
		return calendarDay(atoi(m[3]), mo, d)
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
	reDayWord   = regexp.MustCompile(`(?i)\b(today|yesterday|tonight|this (?:morning|afternoon|evening)|last night)\b`)
	reAgo       = regexp.MustCompile(`(?i)\b(\d{1,3}|a|one|two|three|four|five|six|seven|ten|(?:a )?(?:couple|few)(?: of)?|several) (day|week|month)s? ago\b`)
	reLastN     = regexp.MustCompile(`(?i)\b(?:last|past) (\d{1,3}|two|three|four|five|six|seven|ten) (day|week|month)s\b`)
	reLastThis  = regexp.MustCompile(`(?i)\b(last|this|past) (week|month|year)\b`)
	reWeekend   = regexp.MustCompile(`(?i)\b(?:(this|last|next) )?weekend\b`)
	reWeekday   = regexp.MustCompile(`(?i)\b(?:(last|this|next) )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b`)
	reMonthDay  = regexp.MustCompile(`(?i)\b([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?\b`)
	reDayMonth  = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\b`)
	reMonthOnly = regexp.MustCompile(`(?i)\b(?:in|during|since|from|of|until|through|between|after|before) ([a-z]+)\b`)
	smallNumber = map[string]int{"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}
	// vague counts: "a couple of days ago" is about two, a day either side.
	vagueNumber = map[string]int{"couple": 2, "few": 3, "several": 4}
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
		switch strings.ToLower(m[1]) {
		case "yesterday":
			today = today.AddDate(0, 0, -1)
		case "last night": // its entries may be dated either day
			return today.AddDate(0, 0, -1), today, true
		}
		return today, today, true
	}, otherForm, false},
	{reAgo, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		n, vague := count(m[1]), 0
		if v := vagueCount(m[1]); v > 0 {
			n, vague = v, 1
		}
		switch strings.ToLower(m[2]) {
		case "day":
			d := today.AddDate(0, 0, -n)
			return d.AddDate(0, 0, -vague), d.AddDate(0, 0, vague), true
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
	{reMDD, latestDays, rangeForm, true},
	{reBetweenMDD, latestDays, rangeForm, true},
	{reMonthPart, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		first, _, ok := latestMonth(m[2], today)
		return monthPart(first, ok, m[1])
	}, otherForm, false},
	{reQ, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		y, q := today.Year(), atoi(m[1])
		if time.Month(3*q-2) > today.Month() {
			y--
		}
		return quarter(y, q)
	}, otherForm, false},
	{reMDSlash, func(m []string, today time.Time) (time.Time, time.Time, bool) {
		mo, d, _ := strings.Cut(m[1], "/")
		if atoi(mo) > 12 {
			mo, d = d, mo
		}
		return latestDate(atoi(mo), atoi(d), today)
	}, monthDayForm, true},
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
	return latestMonth(m[1], today)
}

// latestMonth is the latest month named name not after today.
func latestMonth(name string, today time.Time) (time.Time, time.Time, bool) {
	mo, ok := months[strings.ToLower(name)]
	if !ok || !monthWord(name) { // "in may" is mostly the verb: "in May" is the month
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

// latestDays reads days m[2] to m[3] of month m[1], said without a year,
// in the latest year where they start not after today and are dates
// ("Feb 28-29" said in 2026 is 2024's).
func latestDays(m []string, today time.Time) (time.Time, time.Time, bool) {
	for at := today; at.Year() >= today.Year()-8; {
		from, _, ok := latestMonthDay(m[1], m[2], at)
		if !ok {
			break
		}
		if a, b, ok := daysFrom(from, true, m[2], m[3]); ok {
			return a, b, true
		}
		// The year before: its latest is read up to FutureDays past at.
		at = from.AddDate(0, 0, -1-memory.FutureDays)
	}
	return time.Time{}, time.Time{}, false
}

// vagueCount is the number a vague count stands for ("a couple of": 2),
// or 0.
func vagueCount(s string) int {
	for w, n := range vagueNumber {
		if strings.Contains(strings.ToLower(s), w) {
			return n
		}
	}
	return 0
}

// monthPart is the part of the month starting first (ok when it is a
// date) that part names: early (days 1-10), mid (11-20), late or the end
// (21 to the last), the beginning or start (1-10).
func monthPart(first time.Time, ok bool, part string) (time.Time, time.Time, bool) {
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	switch p := strings.ToLower(part); {
	case p == "mid":
		return first.AddDate(0, 0, 10), first.AddDate(0, 0, 19), true
	case p == "late" || strings.Contains(p, "end"):
		return first.AddDate(0, 0, 20), first.AddDate(0, 1, -1), true
	}
	return first, first.AddDate(0, 0, 9), true
}

// quarter is quarter q (1-4) of year y.
func quarter(y, q int) (time.Time, time.Time, bool) {
	if q < 1 || q > 4 || y < 1 {
		return time.Time{}, time.Time{}, false
	}
	first := time.Date(y, time.Month(3*q-2), 1, 0, 0, 0, 0, time.UTC)
	return first, first.AddDate(0, 3, -1), true
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
	return latestDate(int(mo), d, today)
}

// latestDate is the latest day d of month mo that a log may hold: not
// after today, or up to memory.FutureDays after it (another time zone's
// today, which archon log takes: "Dec 9" said on December 8 is that day).
func latestDate(mo, d int, today time.Time) (time.Time, time.Time, bool) {
	last := today.AddDate(0, 0, memory.FutureDays)
	for y := last.Year(); y >= today.Year()-8; y-- { // February 29 comes every 4 years
		if from, to, ok := calendarDay(y, mo, d); ok && !from.After(last) {
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
