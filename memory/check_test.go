package memory

import (
	"reflect"
	"regexp"
	"testing"
)

// TestParseLogWarningsNameFileAndLine checks the exact warnings of damaged
// logs: each one starts with path:line.
func TestParseLogWarningsNameFileAndLine(t *testing.T) {
	tests := []struct {
		name, path, data string
		want             []string
	}{
		{"malformed heading", "memory/2026-11-29.md", "# 2026-11-29\n\n## 10:00 a\nx\n\n## 10:0\n",
			[]string{`memory/2026-11-29.md:6: malformed entry heading "## 10:0" (want ## HH:MM[:SS] [agent] [#tag ...])`}},
		{"title date", "memory/archive/2026/2026-11-29.md", "# 2026-11-28\n\n## 10:00 a\nx\n",
			[]string{"memory/archive/2026/2026-11-29.md:1: title date 2026-11-28 differs from the file name's date 2026-11-29"}},
		{"title date not a date", "notes/log.md", "# 2026-13-45\n",
			[]string{"notes/log.md:1: title date 2026-13-45 is not a real calendar date"}},
		{"invalid UTF-8", "memory/2026-11-29.md", "# 2026-11-29\n\n## 10:00 a\nok\nbad \xff here\nand \xc3\n",
			[]string{"memory/2026-11-29.md:5: invalid UTF-8 at column 5 (2 lines hold one); invalid bytes read as U+FFFD"}},
		{"NUL byte", "memory/2026-11-29.md", "# 2026-11-29\n\n## 10:00 a\nnul\x00\n",
			[]string{"memory/2026-11-29.md:4: NUL byte at column 4"}},
		{"no path", "", "## 1\n", []string{`line 1: malformed entry heading "## 1" (want ## HH:MM[:SS] [agent] [#tag ...])`}},
		{"clean", "memory/2026-11-29.md", "# 2026-11-29\n\n## 10:00 a\nx\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseLog(tt.path, []byte(tt.data)).Warnings
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("warnings\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestCheckMarkdown(t *testing.T) {
	tests := []struct {
		name, path, data string
		want             []string
	}{
		{"template", WisdomFile, wisdomTemplate, nil},
		{"summary template", SummaryFile, summaryTemplate, nil},
		{"blank lines and BOM before the title", "SOUL.md", "\xEF\xBB\xBF\n\n# Soul\ntext\n", nil},
		{"CRLF", "SOUL.md", "# Soul\r\ntext\r\n", nil},
		{"no title", WisdomFile, "\n## Patterns\n- x\n",
			[]string{`MEMORY.md:2: no title: the first line is "## Patterns", want a "# " heading`}},
		{"hash without space", "SOUL.md", "#Soul\n", []string{`SOUL.md:1: no title: the first line is "#Soul", want a "# " heading`}},
		{"empty", SummaryFile, "", []string{`MEMORY_SUMMARY.md:1: no title: the file is empty, want a "# " heading first`}},
		{"blank only", SummaryFile, "\n \n", []string{`MEMORY_SUMMARY.md:1: no title: the file holds only blank lines, want a "# " heading first`}},
		{"NUL and invalid UTF-8", "PRINCIPLES.md", "# P\nok\n\x00x\nbad \xfe\n",
			[]string{"PRINCIPLES.md:3: NUL byte at column 1", "PRINCIPLES.md:4: invalid UTF-8 at column 5; invalid bytes read as U+FFFD"}},
		{"binary garbage", WisdomFile, "\x00\x01\xff\xfe",
			[]string{"MEMORY.md:1: NUL byte at column 1", "MEMORY.md:1: invalid UTF-8 at column 3; invalid bytes read as U+FFFD",
				`MEMORY.md:1: no title: the first line is "\x00\x01\xff\xfe", want a "# " heading`}},
		{"long first line is clipped", "SKILLS.md", "text that goes on and on and on and on and on and on and on and on\n",
			[]string{`SKILLS.md:1: no title: the first line is "text that goes on and on and on and on and on and on and on ...", want a "# " heading`}},
		{"a daily log gets ParseLog's warnings", "memory/2026-11-29.md", "## 10:00 a\nno title is fine\n", nil},
		{"an archived log too", "memory/archive/2026/2026-11-29.md", "# 2026-11-29\n\n## 25:00\nx\n",
			[]string{`memory/archive/2026/2026-11-29.md:3: malformed entry heading "## 25:00" (want ## HH:MM[:SS] [agent] [#tag ...])`}},
	}
	named := regexp.MustCompile(`^[^:]+:[0-9]+: `)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CheckMarkdown(tt.path, []byte(tt.data))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("CheckMarkdown\n got %q\nwant %q", got, tt.want)
			}
			for _, w := range got {
				if !named.MatchString(w) {
					t.Errorf("%q does not start with path:line", w)
				}
			}
		})
	}
}
