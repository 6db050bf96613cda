package memory

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func newWorkspace(t testing.TB) *Workspace {
	t.Helper()
	root := t.TempDir()
	if _, err := Init(context.Background(), root, nil); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 29, 14, 3, 7, 0, time.UTC)
	w, err := OpenWith(root, Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestAppendRoundTrip(t *testing.T) {
	ctx := context.Background()
	w := newWorkspace(t)
	in := []Entry{
		{Agent: "planner", Tags: []string{"#DB", "architecture", "db"}, Text: "Decided to use PostgreSQL.\n\nReason: transactions."},
		{Date: "2026-11-29", Time: "15:00", Text: "  \n\nquoting a log:\n## 14:03 planner fake entry\n\\## 14:04 already escaped\n##\t9:\n## 7\n\n"},
		{Date: "2026-11-28", Time: "23:59:59", Agent: "executor", Text: "ERROR: migration 0003 failed\r\nsecond line   "},
		{Time: "08:00", Agent: "a.b-c_d", Text: "unicode: héllo, 日本語, emoji 🚀"},
	}
	var got []Entry
	for _, e := range in {
		out, err := w.Append(ctx, e)
		if err != nil {
			t.Fatalf("Append(%+v): %v", e, err)
		}
		got = append(got, out)
	}
	if got[0].Date != "2026-11-29" || got[0].Time != "14:03:07" || !reflect.DeepEqual(got[0].Tags, []string{"db", "architecture"}) {
		t.Errorf("defaults and tags: %+v", got[0])
	}
	if want := "quoting a log:\n## 14:03 planner fake entry\n\\## 14:04 already escaped\n##\t9:\n## 7"; got[1].Text != want {
		t.Errorf("normalized text %q, want %q", got[1].Text, want)
	}
	if got[2].Text != "ERROR: migration 0003 failed\nsecond line" {
		t.Errorf("CRLF and trailing space: %q", got[2].Text)
	}
	for _, path := range []string{"memory/2026-11-29.md", "memory/2026-11-28.md"} {
		l, err := w.ReadLog(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Warnings) > 0 {
			t.Errorf("%s: warnings %q", path, l.Warnings)
		}
		var want []Entry
		for _, e := range got {
			if e.Path == path {
				want = append(want, e)
			}
		}
		if !reflect.DeepEqual(l.Entries, want) {
			t.Errorf("%s read back:\n got %+v\nwant %+v", path, l.Entries, want)
		}
		data, _ := os.ReadFile(filepath.Join(w.Root(), path))
		if !strings.HasPrefix(string(data), "# "+l.Date+"\n\n## ") || !strings.HasSuffix(string(data), "\n") || strings.HasSuffix(string(data), "\n\n") {
			t.Errorf("%s layout:\n%s", path, data)
		}
	}
}

func TestAppendRejects(t *testing.T) {
	w := newWorkspace(t)
	big := strings.Repeat("x", DefaultMaxEntryBytes+1)
	tests := []struct {
		name string
		e    Entry
		want error
	}{
		{"february 30", Entry{Date: "2026-02-30", Time: "10:00", Text: "x"}, ErrInvalidDate},
		{"date format", Entry{Date: "29/11/2026", Text: "x"}, ErrInvalidDate},
		{"hour 24", Entry{Time: "24:00", Text: "x"}, ErrInvalidTime},
		{"one-digit hour", Entry{Time: "9:00", Text: "x"}, ErrInvalidTime},
		{"seconds 60", Entry{Time: "10:00:60", Text: "x"}, ErrInvalidTime},
		{"agent with space", Entry{Agent: "two words", Text: "x"}, ErrInvalidAgent},
		{"agent starting with #", Entry{Agent: "#x", Text: "x"}, ErrInvalidAgent},
		{"tag with space", Entry{Tags: []string{"a b"}, Text: "x"}, ErrInvalidTag},
		{"empty tag", Entry{Tags: []string{"#"}, Text: "x"}, ErrInvalidTag},
		{"empty text", Entry{Text: " \n\t\n"}, ErrInvalidText},
		{"non-UTF-8", Entry{Text: "ok \xc3\x28"}, ErrInvalidText},
		{"NUL byte", Entry{Text: "a\x00b"}, ErrInvalidText},
		{"10 MB entry", Entry{Text: big}, ErrTooLarge},
	}
	if _, err := w.Append(context.Background(), Entry{Text: "keep me"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.Append(context.Background(), tt.e)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	l, err := w.ReadLog(w.LogPath("2026-11-29"))
	if err != nil || len(l.Entries) != 1 || l.Entries[0].Text != "keep me" {
		t.Fatalf("stored entries changed: %+v, %v", l, err)
	}
}

// TestAppendAfterTornWrite damages a log behind archon's back (no append
// record to go by): only the shape of the tail can be judged, so a torn
// heading is cut and a torn body is kept as it is.
func TestAppendAfterTornWrite(t *testing.T) {
	tests := []struct {
		name, tail string
		entries    int
	}{
		{"lone hash", "\n#", 2},
		{"two hashes", "\n##", 2},
		{"hash space", "\n## ", 2},
		{"partial time", "\n## 14:0", 2},
		{"whole heading", "\n## 14:05:09 x #tag", 2},
		{"partial body", "\n## 14:05 x\nhalf a sent", 3},
		{"hand edit without final newline", "more text", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			w := newWorkspace(t)
			first, err := w.Append(ctx, Entry{Agent: "a", Text: "first entry"})
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(w.Root(), first.Path)
			f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(tt.tail)
			f.Close()
			last, err := w.Append(ctx, Entry{Agent: "b", Text: "after the crash"})
			if err != nil {
				t.Fatal(err)
			}
			l, _ := w.ReadLog(first.Path)
			if len(l.Entries) != tt.entries {
				t.Fatalf("got %d entries, want %d: %+v", len(l.Entries), tt.entries, l.Entries)
			}
			wantFirst := "first entry"
			if tt.name == "hand edit without final newline" {
				wantFirst = "first entry\nmore text"
			}
			if l.Entries[0].Text != wantFirst {
				t.Errorf("earlier entry damaged: %q", l.Entries[0].Text)
			}
			if got := l.Entries[len(l.Entries)-1]; !reflect.DeepEqual(got, last) {
				t.Errorf("last entry %+v, want %+v", got, last)
			}
		})
	}
}

func TestAppendCancelledWhileLocked(t *testing.T) {
	w := newWorkspace(t)
	if _, err := w.Append(context.Background(), Entry{Text: "x"}); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(w.Root(), w.LogPath("2026-11-29")), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockFile(context.Background(), f); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := w.Append(ctx, Entry{Text: "y"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
}

func FuzzAppendRoundTrip(f *testing.F) {
	f.Add("plain text")
	f.Add("## 14:03 planner fake\n\\## 10:00 x")
	f.Add("\n\n  indented\n\n\nlast  \r\n")
	f.Add("# 2026-11-29\n## 1\n##")
	w := newWorkspace(f)
	f.Fuzz(func(t *testing.T, text string) {
		want, err := NormalizeText(text, DefaultMaxEntryBytes)
		e, aerr := w.Append(context.Background(), Entry{Date: "2026-01-01", Time: "10:00", Agent: "fuzz", Text: text})
		if (err == nil) != (aerr == nil) {
			t.Fatalf("NormalizeText err %v, Append err %v", err, aerr)
		}
		if aerr != nil {
			return
		}
		l, rerr := w.ReadLog(e.Path)
		if rerr != nil {
			t.Fatal(rerr)
		}
		got := l.Entries[len(l.Entries)-1]
		if got.Text != want || got.LineStart != e.LineStart || got.LineEnd != e.LineEnd || len(l.Warnings) > 0 {
			t.Fatalf("read back %+v (warnings %q), appended %+v, want text %q", got, l.Warnings, e, want)
		}
	})
}

// TestAppendAll writes runs of entries of one day with one write each,
// with the line ranges a reader finds.
func TestAppendAll(t *testing.T) {
	ctx := context.Background()
	w := newWorkspace(t)
	in := []Entry{
		{Date: "2026-12-01", Time: "09:00", Agent: "a", Text: "one"},
		{Date: "2026-12-01", Time: "09:01", Agent: "b", Text: "two\nlines"},
		{Date: "2026-12-02", Time: "10:00", Text: "three"},
		{Date: "2026-12-01", Time: "11:00", Tags: []string{"x"}, Text: "four"},
	}
	out, err := w.AppendAll(ctx, in)
	if err != nil || len(out) != 4 {
		t.Fatalf("%d %v", len(out), err)
	}
	for _, want := range out {
		lg, err := w.ReadLog(want.Path)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, e := range lg.Entries {
			if e.Text == want.Text {
				found = e.LineStart == want.LineStart && e.LineEnd == want.LineEnd
			}
		}
		if !found {
			t.Errorf("%q at %s:%d-%d: not where the log has it", want.Text, want.Path, want.LineStart, want.LineEnd)
		}
	}
	if _, err := w.AppendAll(ctx, []Entry{{Date: "2026-12-03", Text: "ok"}, {Date: "2026-12-03", Time: "25:00", Text: "bad"}}); err == nil {
		t.Error("a bad time in a run was accepted")
	}
}

// TestAppendToAHandFiledArchive: a day whose log a person filed under
// memory/archive/ in another layout than archon's gets its new entries
// there, not in a second log of the same day.
func TestAppendToAHandFiledArchive(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	w, err := OpenWith(root, Options{Now: func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }, Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	rel := "memory/archive/2025-01-03.md"
	if err := os.MkdirAll(filepath.Join(root, "memory/archive"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, rel), []byte("# 2025-01-03\n\n## 10:00 a\nold\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := w.Append(ctx, Entry{Date: "2025-01-03", Time: "11:00", Text: "later"})
	if err != nil || e.Path != rel {
		t.Fatalf("appended to %q, want %q (%v)", e.Path, rel, err)
	}
	if _, err := os.Stat(filepath.Join(root, "memory/2025-01-03.md")); err == nil {
		t.Fatal("a second log of the day was made")
	}
}

// TestAppendIfNew: an entry given IfNew is not written when its log holds
// one logged alike (tags aside), within one batch too; others are.
func TestAppendIfNew(t *testing.T) {
	ctx := context.Background()
	w := newWorkspace(t)
	first, err := w.Append(ctx, Entry{Date: "2026-12-01", Time: "09:00:01", Agent: "a", Text: "imported turn"})
	if err != nil {
		t.Fatal(err)
	}
	out, err := w.AppendAll(ctx, []Entry{
		{Date: "2026-12-01", Time: "09:00:01", Agent: "a", Tags: []string{"other"}, Text: "imported turn", IfNew: true},
		{Date: "2026-12-01", Time: "09:05", Agent: "a", Text: "a new one", IfNew: true},
		{Date: "2026-12-01", Time: "09:05", Agent: "a", Text: "a new one", IfNew: true},
		{Date: "2026-12-01", Time: "09:00:01", Agent: "a", Text: "imported turn"}, // not IfNew: a repeat is logged
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := []bool{out[0].Existed, out[1].Existed, out[2].Existed, out[3].Existed}; !slices.Equal(got, []bool{true, false, true, false}) {
		t.Fatalf("existed: %v", got)
	}
	if out[0].Path != first.Path || out[1].LineStart == 0 || out[3].Ordinal != 1 {
		t.Fatalf("entries: %+v", out)
	}
	lg, err := w.ReadLog(first.Path)
	if err != nil || len(lg.Entries) != 3 {
		t.Fatalf("%v: %d entries, want 3", err, len(lg.Entries))
	}
}
