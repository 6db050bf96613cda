package memorybank

import (
	"strings"
	"testing"
)

// TestPlan: dated items of the log files become entries on their dates
// (bullets, bracketed stamps, dated headings with what follows them); the
// undated rest and the context files become MEMORY.md sections; a second
// plan with the record adds nothing.
func TestPlan(t *testing.T) {
	im, err := Plan("testdata/memory-bank", nil)
	if err != nil {
		t.Fatal(err)
	}
	type want struct{ date, time, tag, text string }
	wants := []want{
		{"2025-02-26", "10:15:22", "decision", "Chose FastAPI over Flask"},
		{"2025-02-27", "09:02:00", "decision", "Rationale: a database leak"},
		{"2025-03-04", "00:00", "decision", "itsdangerous URLSafeTimedSerializer"},
		{"2025-03-05", "00:00", "decision", "5 attempts a minute"},
		{"2025-02-26", "14:30:00", "progress", "Set up the project skeleton"},
		{"2025-02-28", "00:00", "progress", "refresh-token rotation tests"},
	}
	if len(im.Entries) != len(wants) {
		for _, e := range im.Entries {
			t.Logf("%s %s %v %q", e.Date, e.Time, e.Tags, e.Text)
		}
		t.Fatalf("%d entries, want %d", len(im.Entries), len(wants))
	}
	for i, w := range wants {
		e := im.Entries[i]
		if e.Date != w.date || e.Time != w.time || e.Tags[0] != w.tag || !strings.Contains(e.Text, w.text) || e.Agent != Agent {
			t.Errorf("entry %d: %+v, want %+v", i, e, w)
		}
	}
	if strings.Contains(im.Entries[2].Text, "Rate limit") || !strings.Contains(im.Entries[2].Text, "Implementation Details") {
		t.Errorf("a dated heading runs to the next heading of its level: %q", im.Entries[2].Text)
	}
	headings := map[string]string{}
	for _, s := range im.Sections {
		headings[s.Heading] = s.Text
	}
	if !strings.Contains(headings["From the memory bank: testdata/progress.md"], "Wire the email sender") ||
		strings.Contains(headings["From the memory bank: testdata/progress.md"], "skeleton") {
		t.Errorf("progress.md's undated rest: %q", headings["From the memory bank: testdata/progress.md"])
	}
	if !strings.Contains(headings["From the memory bank: testdata/activeContext.md"], "## Current Focus") || headings["From the memory bank: testdata/projectbrief.md"] == "" {
		t.Errorf("context sections: %v", headings)
	}
	if _, ok := headings["From the memory bank: testdata/decisionLog.md"]; !ok {
		t.Errorf("decisionLog.md's preamble is kept as a section: %v", headings)
	}
	known := map[string]bool{}
	for _, k := range im.Keys {
		known[k] = true
	}
	again, err := Plan("testdata/memory-bank", known)
	if err != nil || len(again.Entries) != 0 || again.Known != len(wants) {
		t.Fatalf("second plan: %+v %v", again, err)
	}
	if _, err := Plan(t.TempDir(), nil); err == nil {
		t.Fatal("an empty folder is no memory bank")
	}
}

// TestDateForms: the ways agents write an item's date, each an item of
// its day, with the emphasis around the date left out.
func TestDateForms(t *testing.T) {
	for _, tc := range []struct{ line, date, text string }{
		{"[2025-03-04 10:15:22] - Chose SQLite.", "2025-03-04", "[2025-03-04 10:15:22] - Chose SQLite."},
		{"- **2025-04-18** Adopted pnpm.", "2025-04-18", "2025-04-18 Adopted pnpm."},
		{"- [x] 2025-04-16: Deployed staging.", "2025-04-16", "[x] 2025-04-16: Deployed staging."},
		{"2025/04/17 - Deployed staging again.", "2025-04-17", "2025/04/17 - Deployed staging again."},
	} {
		items, _ := split("# Log\n\n" + tc.line + "\n")
		if len(items) != 1 || items[0].date != tc.date || items[0].text != tc.text {
			t.Errorf("%q: %+v", tc.line, items)
		}
	}
}
