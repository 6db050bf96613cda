package jobs

import (
	"testing"
	"time"

	"github.com/robfig/cron/v3"
)

func TestScheduleParsingAndTimeZones(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Skip("no tzdata:", err)
	}
	ny, _ := time.LoadLocation("America/New_York")
	for _, tc := range []struct {
		spec string
		loc  *time.Location
		now  string // RFC 3339
		want string // RFC 3339
	}{
		{DefaultSchedule(Archive), berlin, "2026-06-01T10:00:00+02:00", "2026-06-02T03:00:00+02:00"},
		{DefaultSchedule(Archive), berlin, "2026-06-01T02:59:59+02:00", "2026-06-01T03:00:00+02:00"},
		{DefaultSchedule(Archive), ny, "2026-06-01T10:00:00+02:00", "2026-06-02T03:00:00-04:00"},
		{DefaultSchedule(Reindex), time.UTC, "2026-06-01T06:00:00Z", "2026-06-01T12:00:00Z"},
		{DefaultSchedule(Summary), berlin, "2026-06-01T03:00:00+02:00", "2026-06-01T03:30:00+02:00"},
		{DefaultSchedule(Promote), berlin, "2026-06-01T03:30:00+02:00", "2026-06-01T04:00:00+02:00"},
		{"15 0 3 * * *", time.UTC, "2026-06-01T00:00:00Z", "2026-06-01T03:00:15Z"}, // seconds first
		{"@daily", berlin, "2026-06-01T10:00:00+02:00", "2026-06-02T00:00:00+02:00"},
		{"@every 90m", time.UTC, "2026-06-01T00:00:00Z", "2026-06-01T01:30:00Z"},
		// DST: Berlin springs forward on 2026-03-29 (02:00 -> 03:00) and falls
		// back on 2026-10-25 (03:00 -> 02:00); 03:00 fires once each day.
		{DefaultSchedule(Archive), berlin, "2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00"},
		{DefaultSchedule(Archive), berlin, "2026-10-25T02:30:00+02:00", "2026-10-25T03:00:00+01:00"},
		{DefaultSchedule(Archive), berlin, "2026-10-25T03:00:00+01:00", "2026-10-26T03:00:00+01:00"},
	} {
		now, _ := time.Parse(time.RFC3339, tc.now)
		want, _ := time.Parse(time.RFC3339, tc.want)
		got := Next(tc.spec, now, tc.loc)
		if !got.Equal(want) {
			t.Errorf("Next(%q, %s, %s) = %s, want %s", tc.spec, tc.now, tc.loc, got, want)
		}
		if got.Location() != tc.loc {
			t.Errorf("Next(%q) in %s, want %s", tc.spec, got.Location(), tc.loc)
		}
	}
	// The defaults avoid the hour a DST change skips or repeats.
	for _, n := range Names() {
		s, _ := Parse(DefaultSchedule(n))
		at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for range 200 {
			at = s.Next(at)
			if at.Hour() == 2 {
				t.Errorf("%s runs at %s, in the DST hour", n, at)
			}
		}
	}
}

func TestParseRejectsBadSchedules(t *testing.T) {
	for _, bad := range []string{"", "3am", "0 3 * *", "61 3 * * *", "0 0 0 3 * * *", "@sometimes", "@every -5m", "@every 0s", "@every 500ms", "0 0 31 2 *"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	if !Next("off", time.Now(), time.UTC).IsZero() || !Next("nonsense", time.Now(), time.UTC).IsZero() {
		t.Error("Next of off or a bad spec is not zero")
	}
}

func TestSchedulesFromEnvironment(t *testing.T) {
	env := map[string]string{"ARCHON_JOBS_ARCHIVE": "0 5 * * *", "ARCHON_JOBS_PROMOTE": "OFF"}
	got, err := Schedules(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{Archive: "0 5 * * *", Reindex: "0 */6 * * *", Summary: "30 3 * * *", Promote: Off}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	env["ARCHON_JOBS_SUMMARY"] = "30 25 * * *"
	if _, err := Schedules(func(k string) string { return env[k] }); err == nil {
		t.Error("a bad ARCHON_JOBS_SUMMARY was accepted")
	}
}

// The scheduler's cron uses the same parser and location: its entries'
// next runs match Next.
func TestCronEntriesUseTheLocation(t *testing.T) {
	loc, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Skip("no tzdata:", err)
	}
	s, err := New([]Job{{Name: "a", Schedule: "0 3 * * *", Run: okJob}}, Options{Location: loc})
	if err != nil {
		t.Fatal(err)
	}
	s.Start()
	defer s.Stop(t.Context())
	var e cron.Entry
	for _, x := range s.cron.Entries() {
		e = x
	}
	if e.Next.IsZero() {
		t.Fatal("no next run")
	}
	if n := e.Next.In(loc); n.Hour() != 3 || n.Minute() != 0 {
		t.Errorf("next run %s, want 03:00 Tokyo", n)
	}
	if want := Next("0 3 * * *", time.Now(), loc); !e.Next.Equal(want) {
		t.Errorf("cron next %s, Next %s", e.Next, want)
	}
}
