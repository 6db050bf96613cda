package rag

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

// withoutTimes is the text timesIn leaves of s.
func withoutTimes(s string, now time.Time) string {
	_, rest := timesIn(s, now, nil)
	return rest
}

func TestWithoutTimes(t *testing.T) {
	now := time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC)
	for in, want := range map[string]string{
		"anything new since Monday":                       "anything new",
		"what happened between 2026-12-01 and 2026-12-03": "what happened and",
		"what happened on December 3":                     "what happened on",
		"what happened yesterday":                         "what happened",
		"what did we decide last week":                    "what did we decide",
		"anything on 2026-12-01 or in March?":             "anything on  or ?",
		"what broke 3 days ago":                           "what broke",
		"the May release notes":                           "the May release notes", // "may" alone is a verb
		"notes from May 2025":                             "notes from",
		"what did we pick for the database":               "what did we pick for the database",
		"we talked to April about it":                     "we talked to April about it", // no span ends at April
		"deploys on December 1-3":                         "deploys on",
		"notes in 2025 from March to May":                 "notes",
	} {
		if got := strings.Join(strings.Fields(withoutTimes(in, now)), " "); got != strings.Join(strings.Fields(want), " ") {
			t.Errorf("withoutTimes(%q) = %q, want %q", in, got, want)
		}
	}
}

// browseWorkspace has three days of entries (now is 2026-12-07): tagged
// and written decisions, open and finished to-do lists, two agents.
func browseWorkspace(t *testing.T) *memory.Workspace {
	return loggedWorkspace(t, time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2025-06-10", Time: "09:00", Agent: "planner", Text: "Planned the 2025 roadmap: users dashboard and billing."},
		memory.Entry{Date: "2026-11-30", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: "Chose PostgreSQL over MySQL: we need transactional DDL."},
		memory.Entry{Date: "2026-12-06", Time: "09:00", Agent: "coder", Text: "Wrote the migration runner and its tests."},
		memory.Entry{Date: "2026-12-06", Time: "11:00", Agent: "planner", Text: "Decided to keep the retry budget at three attempts."},
		memory.Entry{Date: "2026-12-06", Time: "12:00", Agent: "coder", Tags: []string{"todo"}, Text: "- [x] index the logs\n- [x] write the runner"},
		memory.Entry{Date: "2026-12-06", Time: "16:00", Agent: "coder", Tags: []string{"todo"}, Text: "- [x] ship the runner\n- [ ] document the retry budget"},
		memory.Entry{Date: "2026-12-07", Time: "10:00", Agent: "coder", Tags: []string{"error"}, Text: "The nightly export broke on the payments table."},
	)
}

// TestQuestionsOfATimeOrAKind: a question that names no subject, only a
// time, a kind of entry or both, is answered by the entries of those days
// recorded as that kind, the latest first, and says so; a question with a
// subject is searched as before. Resident and one-shot engines agree.
func TestQuestionsOfATimeOrAKind(t *testing.T) {
	tests := []struct {
		q    string
		want []string // first lines of the hits, in order
	}{
		{"what happened yesterday?", []string{"- [x] ship the runner", "- [x] index the logs", "Decided to keep", "Wrote the migration"}},
		{"What did we work on yesterday", []string{"- [x] ship the runner", "- [x] index the logs", "Decided to keep", "Wrote the migration"}},
		{"what did coder do yesterday", []string{"- [x] ship the runner", "- [x] index the logs", "Wrote the migration"}},
		// Tagged and written decisions, the latest first.
		{"what did we decide?", []string{"Decided to keep", "Chose PostgreSQL"}},
		{"what did we decide last week", []string{"Decided to keep", "Chose PostgreSQL"}}, // Monday to Sunday
		{"what did we decide a week ago", []string{"Chose PostgreSQL"}},
		// Open work: a list with a box still open before one all checked.
		{"what's left?", []string{"- [x] ship the runner", "- [x] index the logs"}},
		{"what broke today", []string{"The nightly export broke"}},
		{"what went wrong today?", []string{"The nightly export broke"}}, // "went" as in "went with" is no decision here
		// An account asked for with no time: everything, the latest first.
		{"anything new?", []string{"The nightly export broke", "- [x] ship the runner", "- [x] index the logs", "Decided to keep", "Wrote the migration", "Chose PostgreSQL", "Planned the 2025 roadmap"}},
		{"any errors 3 days ago", nil},
	}
	for _, resident := range []bool{false, true} {
		e := openIndexedWith(t, browseWorkspace(t), Options{Resident: resident})
		for _, tt := range tests {
			resp, err := e.Search(context.Background(), Query{Text: tt.q, TopK: 10})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range resp.Results {
				got = append(got, r.Snippet)
			}
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				ok = strings.HasPrefix(strings.ReplaceAll(got[i], "**", ""), tt.want[i])
			}
			if !ok {
				t.Errorf("resident %v, %q: hits %q, want %q", resident, tt.q, got, tt.want)
			}
			note := "no word of the query names a subject"
			if tt.want == nil { // none of that kind: the words searched on those days
				note = "no entry recorded as"
			}
			if !slices.ContainsFunc(resp.Warnings, func(w string) bool { return strings.HasPrefix(w, note) }) {
				t.Errorf("resident %v, %q: warnings %q", resident, tt.q, resp.Warnings)
			}
			c, err := e.Count(context.Background(), Query{Text: tt.q})
			if err != nil {
				t.Fatal(err)
			}
			if c.Total != len(tt.want) || len(c.Warnings) != 1 || c.Warnings[0] != resp.Warnings[len(resp.Warnings)-1] {
				t.Errorf("resident %v, count %q: %d %q, want %d and the search's warning", resident, tt.q, c.Total, c.Warnings, len(tt.want))
			}
		}
		// Nothing of the kind asked for on those days: the words are
		// searched on those days (a kind's word may be the subject), and
		// the count counts the same.
		resp, err := e.Search(context.Background(), Query{Text: "the roadmap in 2025", TopK: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) != 1 || !strings.Contains(resp.Results[0].Snippet, "roadmap") ||
			len(resp.Warnings) != 1 || !strings.HasPrefix(resp.Warnings[0], "no entry recorded as task of 2025-01-01 to 2025-12-31: the query's words were searched instead") {
			t.Errorf("resident %v, a kind's word as the subject: %+v", resident, resp)
		}
		if c, err := e.Count(context.Background(), Query{Text: "the roadmap in 2025"}); err != nil || c.Total != 1 || c.Warnings[0] != resp.Warnings[0] {
			t.Errorf("resident %v, count of a kind's word as the subject: %+v %v", resident, c, err)
		}
		// The filter's days are said with the days asked for.
		resp, err = e.Search(context.Background(), Query{Text: "what happened yesterday?", Filter: Filter{Since: "2026-12-06", Until: "2026-12-06"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Warnings) != 1 || !strings.Contains(resp.Warnings[0], "of 2026-12-06, dated 2026-12-06 to 2026-12-06 by the filter") {
			t.Errorf("resident %v, a question of a time with a filter: %q", resident, resp.Warnings)
		}
		// A filter that leaves nothing of those days is said to be why.
		resp, err = e.Search(context.Background(), Query{Text: "the roadmap in 2025", Filter: Filter{Agents: []string{"nobody"}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Warnings) == 0 || !strings.HasPrefix(resp.Warnings[0], "no entry recorded as task of 2025-01-01 to 2025-12-31 within the filters:") {
			t.Errorf("resident %v, nothing within the filters: %q", resident, resp.Warnings)
		}
		// A subject is searched for, dates and kinds only weigh.
		resp, err = e.Search(context.Background(), Query{Text: "what did we decide about the retry budget yesterday", TopK: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) == 0 || !strings.Contains(strings.ReplaceAll(resp.Results[0].Snippet, "**", ""), "retry budget") || len(resp.Warnings) > 0 {
			t.Errorf("resident %v, a subject: %+v", resident, resp)
		}
	}
}

// TestBrowsedInTimeOrder: "what happened yesterday?" lists the day's
// entries latest first by their time, not by their place in the file (an
// entry logged later with an earlier --time, an import). Resident and
// one-shot engines agree.
func TestBrowsedInTimeOrder(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 7, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-12-06", Time: "18:00", Agent: "a", Text: "evening: shipped the release"},
		memory.Entry{Date: "2026-12-06", Time: "08:00", Agent: "a", Text: "morning: standup notes"},
		memory.Entry{Date: "2026-12-06", Time: "12:00", Agent: "a", Text: "noon: lunch review"},
	)
	for _, resident := range []bool{true, false} {
		e := openIndexedWith(t, ws, Options{Resident: resident})
		var got []string
		for _, r := range search(t, e, Query{Text: "what happened yesterday?", TopK: 5}) {
			got = append(got, r.Time)
		}
		if strings.Join(got, " ") != "18:00 12:00 08:00" {
			t.Errorf("resident %v: %v", resident, got)
		}
		e.Close()
	}
}
