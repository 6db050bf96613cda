package memory

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseLog(t *testing.T) {
	tests := []struct {
		name     string
		path     string
		data     string
		want     []Entry
		freeForm bool
		warnings int
	}{
		{
			name: "design example",
			path: "memory/2026-11-29.md",
			data: "# 2026-11-29\n\n## 14:03 planner #architecture #db\nDecided to use PostgreSQL with Prisma ORM: the team knows it, and we need transactions.\n\n## 14:10:52 executor\nERROR: migration 0003 failed on the users table (duplicate key).\n",
			want: []Entry{
				{Date: "2026-11-29", Time: "14:03", Agent: "planner", Tags: []string{"architecture", "db"}, Text: "Decided to use PostgreSQL with Prisma ORM: the team knows it, and we need transactions.", LineStart: 3, LineEnd: 4},
				{Date: "2026-11-29", Time: "14:10:52", Agent: "executor", Text: "ERROR: migration 0003 failed on the users table (duplicate key).", LineStart: 6, LineEnd: 7},
			},
		},
		{
			name: "multi-line body, blank lines inside and around",
			path: "memory/2026-01-02.md",
			data: "# 2026-01-02\n## 9:05\n\n\nfirst\n\n- a\n- b\n\n\n## 23:59:59 Bob #A #b\n",
			want: []Entry{
				{Date: "2026-01-02", Time: "09:05", Text: "first\n\n- a\n- b", LineStart: 2, LineEnd: 8},
				{Date: "2026-01-02", Time: "23:59:59", Agent: "Bob", Tags: []string{"a", "b"}, LineStart: 11, LineEnd: 11},
			},
		},
		{
			name: "escaped heading in body reads back unescaped",
			path: "memory/2026-01-02.md",
			data: "# 2026-01-02\n\n## 10:00 a\nquote:\n\\## 11:00 fake\n\\\\## 12:00 double\n",
			want: []Entry{
				{Date: "2026-01-02", Time: "10:00", Agent: "a", Text: "quote:\n## 11:00 fake\n\\## 12:00 double", LineStart: 3, LineEnd: 6},
			},
		},
		{
			name: "non-time level-2 headings stay in the body",
			path: "memory/2026-01-02.md",
			data: "# 2026-01-02\n\n## 10:00 a\n## Notes\n## 2026 plans\ntext\n",
			want: []Entry{
				{Date: "2026-01-02", Time: "10:00", Agent: "a", Text: "## Notes\n## 2026 plans\ntext", LineStart: 3, LineEnd: 6},
			},
		},
		{
			name: "torn heading is its own malformed entry",
			path: "memory/2026-01-02.md",
			data: "# 2026-01-02\n\n## 10:00 a\nkept\n\n## 10:0",
			want: []Entry{
				{Date: "2026-01-02", Time: "10:00", Agent: "a", Text: "kept", LineStart: 3, LineEnd: 4},
				{Date: "2026-01-02", Title: "10:0", LineStart: 6, LineEnd: 6},
			},
			warnings: 1,
		},
		{
			name: "heading title words and CRLF",
			path: "memory/2026-01-02.md",
			data: "# 2026-01-02\r\n\r\n## 10:00 alice standup notes #meeting\r\nhello\r\n",
			want: []Entry{
				{Date: "2026-01-02", Time: "10:00", Agent: "alice", Title: "standup notes", Tags: []string{"meeting"}, Text: "hello", LineStart: 3, LineEnd: 4},
			},
		},
		{
			name:     "free-form markdown",
			path:     "memory/2026-01-03.md",
			data:     "# Retro\n\n## What went well\nshipping\n",
			freeForm: true,
		},
		{
			name:     "empty file",
			path:     "memory/2026-01-03.md",
			freeForm: true,
		},
		{
			name:     "title disagrees with file name",
			path:     "memory/2026-01-03.md",
			data:     "# 2026-01-04\n\n## 08:00 x\ny\n",
			want:     []Entry{{Date: "2026-01-03", Time: "08:00", Agent: "x", Text: "y", LineStart: 3, LineEnd: 4}},
			warnings: 1,
		},
		{
			name:     "invalid UTF-8 is replaced, not fatal",
			path:     "memory/2026-01-03.md",
			data:     "# 2026-01-03\n\n## 08:00 x\nbad \xff byte\n",
			want:     []Entry{{Date: "2026-01-03", Time: "08:00", Agent: "x", Text: "bad \uFFFD byte", LineStart: 3, LineEnd: 4}},
			warnings: 1,
		},
		{
			name:     "out-of-range time is a malformed heading",
			path:     "memory/2026-01-03.md",
			data:     "# 2026-01-03\n\n## 25:61 x\ny\n",
			want:     []Entry{{Date: "2026-01-03", Title: "25:61 x", Text: "y", LineStart: 3, LineEnd: 4}},
			warnings: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := ParseLog(tt.path, []byte(tt.data))
			for i := range tt.want {
				tt.want[i].Path = tt.path
			}
			if len(l.Entries) == 0 {
				l.Entries = nil
			}
			if !reflect.DeepEqual(l.Entries, tt.want) {
				t.Errorf("entries:\n got %+v\nwant %+v", l.Entries, tt.want)
			}
			if l.FreeForm != tt.freeForm {
				t.Errorf("FreeForm = %v, want %v", l.FreeForm, tt.freeForm)
			}
			if len(l.Warnings) != tt.warnings {
				t.Errorf("warnings = %q, want %d", l.Warnings, tt.warnings)
			}
			checkRanges(t, l, tt.data)
		})
	}
}

// checkRanges verifies that every entry's line range points at exactly the
// lines that produced it: the heading first and a non-blank line last.
func checkRanges(t *testing.T, l *Log, data string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	prevEnd := 0
	for _, e := range l.Entries {
		if e.LineStart < 1 || e.LineEnd < e.LineStart || e.LineEnd > len(lines) || e.LineStart <= prevEnd {
			t.Fatalf("entry %+v: bad range for %d lines (previous end %d)", e, len(lines), prevEnd)
		}
		if !boundaryRe.MatchString(strings.TrimSuffix(lines[e.LineStart-1], "\r")) {
			t.Fatalf("entry %+v: line %d is not a heading: %q", e, e.LineStart, lines[e.LineStart-1])
		}
		if e.LineEnd > e.LineStart && strings.TrimSpace(lines[e.LineEnd-1]) == "" {
			t.Fatalf("entry %+v: last line %d is blank", e, e.LineEnd)
		}
		prevEnd = e.LineEnd
	}
}

func TestLogDate(t *testing.T) {
	tests := []struct {
		name string
		want string
		ok   bool
	}{
		{"memory/2026-11-29.md", "2026-11-29", true},
		{"2024-02-29.md", "2024-02-29", true},
		{"2026-02-30.md", "", false},
		{"2026-11-29.txt", "", false},
		{"notes.md", "", false},
	}
	for _, tt := range tests {
		got, ok := LogDate(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("LogDate(%q) = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

func FuzzParseLog(f *testing.F) {
	f.Add([]byte("# 2026-11-29\n\n## 14:03 planner #architecture #db\nDecided.\n\n## 14:10:52 executor\nERROR\n"))
	f.Add([]byte("# Retro\n\n## What went well\nshipping\n"))
	f.Add([]byte("## 10:0"))
	f.Add([]byte("\\## 10:00 x\n## 1\n##\t2:\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l := ParseLog("memory/2026-01-01.md", data)
		if l.FreeForm != (len(l.Entries) == 0) {
			t.Fatalf("FreeForm %v with %d entries", l.FreeForm, len(l.Entries))
		}
		s := strings.ToValidUTF8(string(data), "\uFFFD")
		checkRanges(t, l, s)
		lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		for _, e := range l.Entries {
			// The text is made of exactly the body lines of its range.
			if e.LineEnd > e.LineStart && !strings.Contains(strings.TrimSpace(lines[e.LineEnd-1]), strings.TrimSpace(lastLine(e.Text))) {
				t.Fatalf("entry %+v: text does not end with line %d %q", e, e.LineEnd, lines[e.LineEnd-1])
			}
		}
	})
}

func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
