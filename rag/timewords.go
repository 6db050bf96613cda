package rag

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

var (
	reAgo       = regexp.MustCompile(`(?i)\b(\d{1,3}|a|one|two|three) (day|week|month)s? ago\b`)
	reLastThis  = regexp.MustCompile(`(?i)\b(last|this|past) (week|month|year)\b`)
	reMonthOnly = regexp.MustCompile(`(?i)\b(?:in|during|since|from|of) ([a-z]+)\b`)
	smallNumber = map[string]int{"a": 1, "one": 1, "two": 2, "three": 3}
)

// relativeDates resolves the time words of a question against now (the
// workspace's clock): today, yesterday, N days/weeks/months ago,
// last/this week, month or year, and a month named without a year ("in
// October": the latest October not after now). They are used only when
// the question names no calendar date.
func relativeDates(s string, now time.Time) []dateRange {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	var out []dateRange
	add := func(from, to time.Time) { out = append(out, dateRange{from: from, to: to, relative: true}) }
	lower := strings.ToLower(s)
	// The expressions below each need one of these words: most questions
	// have none, and skip the regular expressions.
	var ago, lastThis, month bool
	for _, w := range rawWords(lower) {
		switch w {
		case "today":
			add(today, today)
		case "yesterday":
			d := today.AddDate(0, 0, -1)
			add(d, d)
		case "ago":
			ago = true
		case "last", "this", "past":
			lastThis = true
		default:
			_, ok := months[w]
			month = month || ok
		}
	}
	if !ago && !lastThis && !month {
		return out
	}
	for _, m := range reAgo.FindAllStringSubmatch(lower, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			n = smallNumber[m[1]]
		}
		switch m[2] {
		case "day":
			d := today.AddDate(0, 0, -n)
			add(d, d)
		case "week":
			d := today.AddDate(0, 0, -7*n)
			add(d.AddDate(0, 0, -3), d.AddDate(0, 0, 3))
		case "month":
			d := today.AddDate(0, -n, 0)
			add(time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC), time.Date(d.Year(), d.Month()+1, 0, 0, 0, 0, 0, time.UTC))
		}
	}
	for _, m := range reLastThis.FindAllStringSubmatch(lower, -1) {
		this := m[1] == "this"
		switch m[2] {
		case "week":
			// Weeks start on Monday.
			start := today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))
			if this {
				add(start, today)
			} else if m[1] == "past" {
				add(today.AddDate(0, 0, -7), today)
			} else {
				add(start.AddDate(0, 0, -7), start.AddDate(0, 0, -1))
			}
		case "month":
			first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
			if this {
				add(first, today)
			} else if m[1] == "past" {
				add(today.AddDate(0, -1, 0), today)
			} else {
				add(first.AddDate(0, -1, 0), first.AddDate(0, 0, -1))
			}
		case "year":
			first := time.Date(today.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
			if this {
				add(first, today)
			} else if m[1] == "past" {
				add(today.AddDate(-1, 0, 0), today)
			} else {
				add(first.AddDate(-1, 0, 0), first.AddDate(0, 0, -1))
			}
		}
	}
	for _, m := range reMonthOnly.FindAllStringSubmatch(lower, -1) {
		mo, ok := months[m[1]]
		if !ok || m[1] == "may" { // "may" is mostly the verb
			continue
		}
		y := today.Year()
		if mo > today.Month() {
			y--
		}
		first := time.Date(y, mo, 1, 0, 0, 0, 0, time.UTC)
		add(first, first.AddDate(0, 1, -1))
	}
	return out
}

// withoutTimes returns s with the expressions that name a time blanked
// out: the calendar dates parseDates reads and the time words
// relativeDates resolves. What is left says what the question is about.
func withoutTimes(s string) string {
	b := []byte(s)
	blank := func(re *regexp.Regexp, ok func(m []string) bool) {
		for _, ix := range re.FindAllStringSubmatchIndex(s, -1) {
			m := make([]string, len(ix)/2)
			for i := range m {
				if ix[2*i] >= 0 {
					m[i] = strings.ToLower(s[ix[2*i]:ix[2*i+1]])
				}
			}
			if ok(m) {
				for i := ix[0]; i < ix[1]; i++ {
					b[i] = ' '
				}
			}
		}
	}
	always := func([]string) bool { return true }
	isMonth := func(k int) func(m []string) bool {
		return func(m []string) bool { _, ok := months[m[k]]; return ok }
	}
	blank(reISO, always)
	blank(reMDY, isMonth(1))
	blank(reDMY, isMonth(2))
	blank(reMY, isMonth(1))
	blank(reAgo, always)
	blank(reLastThis, always)
	blank(reMonthOnly, func(m []string) bool { _, ok := months[m[1]]; return ok && m[1] != "may" })
	blank(reDayWord, always)
	return string(b)
}

// reDayWord matches the days relativeDates names by a word.
var reDayWord = regexp.MustCompile(`(?i)\b(?:today|yesterday)\b`)
