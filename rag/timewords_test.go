package rag

import (
	"slices"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/fulltext"
)

// parseDates is what timesIn reads of the calendar dates s writes out.
func parseDates(t *testing.T, s string, now time.Time) []dateRange {
	t.Helper()
	an, err := fulltext.NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	return spans(s, explicitTimes(s, today, an.Stop), today)
}

// relativeDates is what timesIn reads of the time words of s.
func relativeDates(s string, now time.Time) []dateRange {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	return spans(s, relativeTimes(s, today, nil), today)
}

func TestRelativeDates(t *testing.T) {
	now := time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC) // a Wednesday
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	for _, tc := range []struct {
		q        string
		from, to string
	}{
		{"what broke yesterday?", "2026-12-01", "2026-12-01"},
		{"what did we do today", "2026-12-02", "2026-12-02"},
		{"the deploy 3 days ago", "2026-11-29", "2026-11-29"},
		{"what did we decide last week", "2026-11-23", "2026-11-29"},
		{"errors this week", "2026-11-30", "2026-12-02"},
		{"what changed last month", "2026-11-01", "2026-11-30"},
		{"the migration in October", "2026-10-01", "2026-10-31"},
		{"the launch in December", "2026-12-01", "2026-12-31"},
		// From the review of questions of a time alone.
		{"anything new since Monday", "2026-11-30", "2026-12-02"},
		{"what happened since yesterday", "2026-12-01", "2026-12-02"},
		{"what happened on Monday", "2026-11-30", "2026-11-30"},
		{"what happened last Wednesday", "2026-11-25", "2026-11-25"},
		{"what happened Friday", "2026-11-27", "2026-11-27"},
		{"the day before yesterday", "2026-11-30", "2026-11-30"},
		{"over the weekend", "2026-11-28", "2026-11-29"},
		{"what happened in the last 3 days", "2026-11-30", "2026-12-02"},
		{"what happened on December 1", "2026-12-01", "2026-12-01"},
		{"notes of 3 November", "2026-11-03", "2026-11-03"},
		{"anything new since November?", "2026-11-01", "2026-12-02"},
		{"what did we decide in May", "2026-05-01", "2026-05-31"},
		{"between Monday and Tuesday", "2026-11-30", "2026-12-01"},
		{"between Monday and Wednesday", "2026-11-30", "2026-12-02"},
		{"Tuesday to Friday", "2026-11-24", "2026-11-27"}, // Tuesday is said on a Wednesday: the day before
		{"between November 30 and December 8", "2026-11-30", "2026-12-08"},
		{"what happened after November 30", "2026-12-01", "2026-12-02"},
		{"until November 3", "0001-01-01", "2026-11-03"},
		{"anything before December 1", "0001-01-01", "2026-11-30"},
		{"from November 3 to November 5", "2026-11-03", "2026-11-05"},
	} {
		got := relativeDates(tc.q, now)
		if len(got) != 1 || !got[0].from.Equal(day(tc.from)) || !got[0].to.Equal(day(tc.to)) {
			t.Errorf("%q: %+v, want %s..%s", tc.q, got, tc.from, tc.to)
		}
	}
	for _, q := range []string{"we may need it", "why did we pick PostgreSQL", "may 3 people join", "version 2 of the API", "3 of them failed",
		"the mar 5 items in the queue", "jan 5 items", "march on"} {
		if got := relativeDates(q, now); len(got) != 0 {
			t.Errorf("%q: %+v, want none", q, got)
		}
	}
}

// TestTimeWordsRank: "yesterday" is resolved against the workspace clock
// and brings that day's entry first among entries that say the same.
func TestTimeWordsRank(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-20", Time: "10:00", Agent: "executor", Text: "ERROR: the nightly export broke on the invoices table."},
		memory.Entry{Date: "2026-12-01", Time: "10:00", Agent: "executor", Text: "ERROR: the nightly export broke on the payments table."},
		memory.Entry{Date: "2026-11-25", Time: "10:00", Agent: "executor", Text: "ERROR: the nightly export broke on the refunds table."},
	)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "what broke in the nightly export yesterday", TopK: 3})
	if len(rs) == 0 || rs[0].Date != "2026-12-01" {
		t.Fatalf("first hit: %+v", rs)
	}
	// An entry that says "yesterday" is no answer for it: the entry of
	// the day comes first (from a black-box review).
	ws = loggedWorkspace(t, time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-12-01", Time: "10:00", Agent: "executor", Text: "Yesterday we shipped the importer; the gateway was fine."},
		memory.Entry{Date: "2026-12-06", Time: "10:00", Agent: "executor", Text: "Tuned the gateway timeouts."},
	)
	e = openIndexed(t, ws)
	if rs := search(t, e, Query{Text: "gateway yesterday", TopK: 2}); len(rs) == 0 || rs[0].Date != "2026-12-06" {
		t.Fatalf("gateway yesterday: %+v", rs)
	}
	// Nor when every entry holds the subject (a young workspace, where its
	// word weighs next to nothing): "the last week of the quarter" is no
	// answer to "deploy last week".
	ws = loggedWorkspace(t, time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-12-02", Time: "09:00", Text: "deploy went fine"},
		memory.Entry{Date: "2026-12-03", Time: "09:00", Text: "deploy rolled back"},
		memory.Entry{Date: "2026-06-01", Time: "09:00", Text: "deploy for the last week of the quarter"},
		memory.Entry{Date: "2026-05-01", Time: "09:00", Text: "deploy 7 days of freeze"},
	)
	e = openIndexed(t, ws)
	for _, q := range []string{"deploy last week", "deploy in the last 7 days"} {
		if rs := search(t, e, Query{Text: q, TopK: 4}); len(rs) < 2 || rs[0].Date < "2026-12" || rs[1].Date < "2026-12" {
			t.Errorf("%s: %+v", q, rs)
		}
	}
}

// TestEventDates: "before the migration" is dated by the entry that best
// matches the event, and entries on that side of its date rank higher
// among entries that say the same.
func TestEventDates(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-02", Time: "10:00", Agent: "executor", Text: "The nightly export timed out on the invoices table."},
		memory.Entry{Date: "2026-11-10", Time: "10:00", Agent: "executor", Text: "Ran the ledger migration to the new schema; all shards moved."},
		memory.Entry{Date: "2026-11-20", Time: "10:00", Agent: "executor", Text: "The nightly export timed out on the payments table."},
	)
	e := openIndexed(t, ws)
	for q, want := range map[string]string{
		"which nightly export timed out before the ledger migration": "2026-11-02",
		"which nightly export timed out after the ledger migration":  "2026-11-20",
	} {
		rs := search(t, e, Query{Text: q, TopK: 3})
		if len(rs) == 0 || rs[0].Date != want {
			t.Errorf("%q: first hit %+v, want %s", q, rs, want)
		}
	}
	// On the event's own day, its log's entries after it are the ones in
	// range: not the event itself, nor what came before it.
	ws = loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-10", Time: "09:00", Agent: "executor", Text: "Next step for the ledger: check the export of the ledger shards."},
		memory.Entry{Date: "2026-11-10", Time: "10:00", Agent: "executor", Text: "Ran the ledger migration to the new schema; all shards moved."},
		memory.Entry{Date: "2026-11-10", Time: "11:00", Agent: "executor", Text: "Next step: check the export."},
	)
	e = openIndexed(t, ws)
	if rs := search(t, e, Query{Text: "what was the next step for the ledger after the migration", TopK: 3}); len(rs) == 0 || rs[0].LineStart != 9 {
		t.Errorf("after the migration: first hit %+v, want the entry after it (line 9)", rs)
	}
	ew, err := parseEventWords("later: after")
	if err == nil || ew != nil {
		t.Error("an unknown direction is an error")
	}
}

// TestYesterdayIsThatDay: "yesterday" names that day: its entry ranks
// first, today's does not share its boost (the slack that lets a log be
// written days after an event it dates does not reach past a day said
// relative to today).
func TestYesterdayIsThatDay(t *testing.T) {
	now := time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC)
	var es []memory.Entry
	for _, d := range []string{"2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07"} {
		es = append(es, memory.Entry{Date: d, Time: "10:00", Agent: "ops", Text: "Deployed build " + d[8:] + " to staging."})
	}
	e := openIndexed(t, loggedWorkspace(t, now, es...))
	rs := search(t, e, Query{Text: "deployed build yesterday"})
	if len(rs) < 2 || rs[0].Date != "2026-12-06" || rs[1].Score > 0.9*rs[0].Score {
		t.Fatalf("yesterday: %+v", rs)
	}
}

// TestCalendarDates: the dates a question writes out, and spans of them.
func TestCalendarDates(t *testing.T) {
	now := time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC)
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	for _, tc := range []struct {
		q    string
		want [][2]string
	}{
		{"what broke on 2026-12-01", [][2]string{{"2026-12-01", "2026-12-01"}}},
		{"notes of May 7, 2023 and 8 May 2023", [][2]string{{"2023-05-07", "2023-05-07"}, {"2023-05-08", "2023-05-08"}}},
		{"the plan for May 2023", [][2]string{{"2023-05-01", "2023-05-31"}}},
		{"what happened between 2026-12-01 and 2026-12-03", [][2]string{{"2026-12-01", "2026-12-03"}}},
		{"2026-12-01 to 2026-12-03", [][2]string{{"2026-12-01", "2026-12-03"}}},
		{"anything new since 2026-12-01", [][2]string{{"2026-12-01", "2026-12-07"}}},
		{"what happened in 2025", [][2]string{{"2025-01-01", "2025-12-31"}}},
		{"anything new since 2026", [][2]string{{"2026-01-01", "2026-12-07"}}}, // to today, as "since" runs
		{"what happened after 2026-12-04", [][2]string{{"2026-12-05", "2026-12-07"}}},
		{"what did she do the week before August 3, 2023", [][2]string{{"2023-08-03", "2023-08-03"}}}, // a time near it
		{"we have 2025 rows", nil},
		// A year alone followed by a word that names something counts it.
		{"what did we decide before 2000 users signed up", nil},
		{"anything since 1999 errors", nil},
		{"what did we decide in 2025 about auth", [][2]string{{"2025-01-01", "2025-12-31"}}},
		{"what did we decide in 2025?", [][2]string{{"2025-01-01", "2025-12-31"}}},
		// From a code review: other words after a year leave it a year.
		{"decisions made in 2025 regarding auth", [][2]string{{"2025-01-01", "2025-12-31"}}},
		{"the plan in 2025 Q3", [][2]string{{"2025-07-01", "2025-09-30"}}},
		{"what changed in 2025 alone", [][2]string{{"2025-01-01", "2025-12-31"}}},
		{"in 2025's roadmap", [][2]string{{"2025-01-01", "2025-12-31"}}},
		{"between 2023 and 2025 regarding auth", [][2]string{{"2023-01-01", "2025-12-31"}}},
		{"deploys on Dec 1—3, 2025", [][2]string{{"2025-12-01", "2025-12-03"}}},
		{"deploys on December 1-3, 2025", [][2]string{{"2025-12-01", "2025-12-03"}}},
		{"deploys on Dec 30 – 31, 2025", [][2]string{{"2025-12-30", "2025-12-31"}}},
		{"what shipped the week of December 3, 2025", [][2]string{{"2025-12-01", "2025-12-07"}}},
		{"on 2026-02-31", nil},
	} {
		got := parseDates(t, tc.q, now)
		ok := len(got) == len(tc.want)
		for i := 0; ok && i < len(got); i++ {
			ok = got[i].from.Equal(day(tc.want[i][0])) && got[i].to.Equal(day(tc.want[i][1]))
		}
		if !ok {
			t.Errorf("%q: %+v, want %v", tc.q, got, tc.want)
		}
	}
}

// TestSinceToday: "since Monday" said on a Monday is since the Monday
// before; "since today" is today.
func TestSinceToday(t *testing.T) {
	monday := time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC)
	for q, from := range map[string]string{"anything new since Monday": "2026-11-30", "anything new since today": "2026-12-07"} {
		got := relativeDates(q, monday)
		if len(got) != 1 || got[0].from.Format(time.DateOnly) != from || got[0].to.Format(time.DateOnly) != "2026-12-07" {
			t.Errorf("%q: %+v, want %s to 2026-12-07", q, got, from)
		}
	}
}

// TestSpansOnAMonday: said on a Monday, a span of weekdays starts the
// week before, and one ending after today ends this year.
func TestSpansOnAMonday(t *testing.T) {
	monday := time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC)
	for q, want := range map[string][2]string{
		"between Monday and Wednesday":                {"2026-11-30", "2026-12-02"},
		"from Sunday to Tuesday":                      {"2026-11-29", "2026-12-01"},
		"between December 5 and December 10":          {"2026-12-05", "2026-12-10"},
		"what happened between December 30 and May 2": {"2025-12-30", "2026-05-02"},
	} {
		got := relativeDates(q, monday)
		if len(got) != 1 || got[0].from.Format(time.DateOnly) != want[0] || got[0].to.Format(time.DateOnly) != want[1] {
			t.Errorf("%q: %+v, want %s to %s", q, got, want[0], want[1])
		}
	}
}

// TestTimesReviewed: the cases a code review of the time forms found.
func TestTimesReviewed(t *testing.T) {
	at := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d.Add(15 * time.Hour) }
	for _, tc := range []struct {
		now, q string
		want   [][2]string
	}{
		{"2027-02-01", "what happened since October until December", [][2]string{{"2026-10-01", "2026-12-31"}}},
		{"2027-02-01", "from October to December", [][2]string{{"2026-10-01", "2026-12-31"}}},
		{"2026-12-07", "anything after October?", [][2]string{{"2026-11-01", "2026-12-07"}}},
		{"2026-03-31", "a month ago", [][2]string{{"2026-02-01", "2026-02-28"}}},
		{"2026-04-30", "2 months ago", [][2]string{{"2026-02-01", "2026-02-28"}}},
		{"2026-03-31", "the past month", [][2]string{{"2026-03-01", "2026-03-31"}}},
		{"2026-05-31", "the last 3 months", [][2]string{{"2026-03-01", "2026-05-31"}}},
		{"2026-12-07", "the last 7 days", [][2]string{{"2026-12-01", "2026-12-07"}}},
		{"2026-12-07", "between December 20 and January 5", [][2]string{{"2025-12-20", "2026-01-05"}}},  // across the new year
		{"2026-12-07", "between December 5 and December 10", [][2]string{{"2026-12-05", "2026-12-10"}}}, // ends this year
		{"2026-12-08", "between Dec 3 and Dec 1", [][2]string{{"2026-12-01", "2026-12-03"}}},            // written backwards
		{"2026-12-08", "since December", [][2]string{{"2026-12-01", "2026-12-08"}}},
		{"2026-12-08", "what happened on December 9?", [][2]string{{"2026-12-09", "2026-12-09"}}}, // another zone's today, as log takes it
		{"2026-12-08", "what happened on December 12?", [][2]string{{"2025-12-12", "2025-12-12"}}},
		{"2026-12-07", "the past week", [][2]string{{"2026-12-01", "2026-12-07"}}},
		{"2026-12-07", "the last two weeks", [][2]string{{"2026-11-24", "2026-12-07"}}},
		{"2026-12-07", "over the past year", [][2]string{{"2025-12-08", "2026-12-07"}}},
		{"2026-12-07", "what happened Monday-Wednesday", [][2]string{{"2026-11-30", "2026-12-02"}}},
		{"2026-12-02", "what is planned for next Friday", [][2]string{{"2026-12-04", "2026-12-04"}}},
		{"2027-03-05", "on Feb 29", [][2]string{{"2024-02-29", "2024-02-29"}}},
		{"2026-12-07", "we talked to April about it", nil},
		{"2026-12-07", "what happened December 1-3", [][2]string{{"2026-12-01", "2026-12-03"}}},
		{"2026-12-07", "the outage of Dec 30-31", [][2]string{{"2025-12-30", "2025-12-31"}}},
		{"2026-12-07", "what happened the week of Nov 30?", [][2]string{{"2026-11-30", "2026-12-06"}}},
		{"2026-12-07", "the week of December 7", [][2]string{{"2026-12-07", "2026-12-13"}}},
		{"2026-12-07", "we plan to march on", nil},
		// Days of a month joined by words, numbers with slashes, parts of
		// a month, quarters, vague counts, parts of a day.
		{"2026-12-07", "what happened Dec 1 to 3", [][2]string{{"2026-12-01", "2026-12-03"}}},
		{"2026-12-07", "from Dec 1st through 3rd", [][2]string{{"2026-12-01", "2026-12-03"}}},
		{"2026-12-07", "between Dec 1 and 3", [][2]string{{"2026-12-01", "2026-12-03"}}},
		{"2026-12-07", "the outage of Feb 28-29", [][2]string{{"2024-02-28", "2024-02-29"}}},
		{"2026-12-07", "what did we ship on 12/03", [][2]string{{"2026-12-03", "2026-12-03"}}},
		{"2026-12-07", "1/2 of the tests fail", nil},
		{"2026-12-07", "10/12 tests pass", nil},
		{"2026-12-07", "what happened in early November", [][2]string{{"2026-11-01", "2026-11-10"}}},
		{"2026-12-07", "mid-November", [][2]string{{"2026-11-11", "2026-11-20"}}},
		{"2026-12-07", "the roadmap for Q3", [][2]string{{"2026-07-01", "2026-09-30"}}},
		{"2026-02-07", "the roadmap for Q3", [][2]string{{"2025-07-01", "2025-09-30"}}},
		{"2026-12-07", "see ws-01-q1 for it", nil},
		{"2026-12-07", "a couple of days ago", [][2]string{{"2026-12-04", "2026-12-06"}}},
		{"2026-12-07", "a few weeks ago", [][2]string{{"2026-11-13", "2026-11-19"}}},
		{"2026-12-07", "what broke this morning", [][2]string{{"2026-12-07", "2026-12-07"}}},
		{"2026-12-07", "what broke last night", [][2]string{{"2026-12-06", "2026-12-07"}}},
	} {
		got := relativeDates(tc.q, at(tc.now))
		ok := len(got) == len(tc.want)
		for i := 0; ok && i < len(got); i++ {
			ok = got[i].from.Format(time.DateOnly) == tc.want[i][0] && got[i].to.Format(time.DateOnly) == tc.want[i][1]
		}
		if !ok {
			t.Errorf("%s, %q: %+v, want %v", tc.now, tc.q, got, tc.want)
		}
	}
	for q, want := range map[string][][2]string{
		"from 2024 until 2025":           {{"2024-01-01", "2025-12-31"}},
		"between 2024 and 2025":          {{"2024-01-01", "2025-12-31"}},
		"latency in 2048 byte blocks":    nil,
		"what did we ship on 12/03/2025": {{"2025-12-03", "2025-12-03"}},
		"by the end of May 2025":         {{"2025-05-21", "2025-05-31"}},
		"what we did in Q1 2025":         {{"2025-01-01", "2025-03-31"}},
		"the release of 25/11/2026":      {{"2026-11-25", "2026-11-25"}},
		"the release of 2026/11/25":      {{"2026-11-25", "2026-11-25"}},
	} {
		got := parseDates(t, q, at("2026-12-07"))
		ok := len(got) == len(want)
		for i := 0; ok && i < len(got); i++ {
			ok = got[i].from.Format(time.DateOnly) == want[i][0] && got[i].to.Format(time.DateOnly) == want[i][1]
		}
		if !ok {
			t.Errorf("%q: %+v, want %v", q, got, want)
		}
	}
}

// TestFormNeedsHold: a form is skipped only where it cannot read a time:
// wherever one of its matches resolves, the query holds what formNeeds
// says the form needs.
func TestFormNeedsHold(t *testing.T) {
	today := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	corpus := []string{
		"in 2025 Q3", "Q3 2025", "2025 Q3 numbers", "what shipped in Q2", "12/3/2026", "2026/12/03", "on 12/03", "Dec 1-3",
		"between Dec 1 and 3", "Dec 1 to 3, 2025", "early Sept", "sept. 5, 2024", "5th of march 2023", "the 3rd of May",
		"from October to December", "talked to April", "end of May 2025", "mid-June", "the week of Nov 3", "week of Nov 3, 2025",
		"since 1999", "before 2000 users", "May 2023", "on 2026-12-01", "notes of May 7, 2023 and 8 May 2023", "in Jan", "Feb 28-29",
	}
	for _, q := range corpus {
		has := needsOf(q)
		for _, f := range slices.Concat(explicitForms, relativeForms) {
			for _, ix := range f.re.FindAllStringSubmatchIndex(q, -1) {
				m := make([]string, len(ix)/2)
				for i := range m {
					if ix[2*i] >= 0 {
						m[i] = q[ix[2*i]:ix[2*i+1]]
					}
				}
				if _, _, ok := f.resolve(m, today); ok && formNeeds[f.re]&^has != 0 {
					t.Errorf("%q: %s reads %q, but needs %b of %b", q, f.re, q[ix[0]:ix[1]], formNeeds[f.re], has)
				}
			}
		}
	}
}
