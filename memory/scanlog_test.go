package memory

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScanLog checks the block-wise scan of a log against reading it whole,
// at sizes around the block boundary, and the torn-heading repair on it
// when there is no append record to go by.
func TestScanLog(t *testing.T) {
	line := strings.Repeat("x", 99) + "\n"
	tests := []struct {
		name    string
		content string
		repair  string // the content after repairTail without a record
	}{
		{"empty", "", ""},
		{"short", "# 2026-11-29\n", "# 2026-11-29\n"},
		{"no final newline", "# d\n\n## 10:00 a\ntext", "# d\n\n## 10:00 a\ntext"},
		{"torn heading", "# d\n\n## 10:00 a\ntext\n\n##", "# d\n\n## 10:00 a\ntext\n"},
		{"torn heading with space", "# d\n\n## 10:00 a\ntext\n\n## ", "# d\n\n## 10:00 a\ntext\n"},
		{"torn time", "# d\n\n## 10:00 a\ntext\n\n## 10:0", "# d\n\n## 10:00 a\ntext\n"},
		{"torn whole heading", "# d\n\n## 10:00 a\ntext\n\n## 10:05:07 b #tag", "# d\n\n## 10:00 a\ntext\n"},
		{"heading without blank line before", "# d\n\n## 10:00 a\ntext\n## 10:0", ""},
		{"heading-like text in a line", "# d\n\n## 10:00 a\ntext\n\nsee ## 10:0", ""},
		{"level-3 heading", "# d\n\n## 10:00 a\ntext\n\n### 10:0", ""},
		{"tiny torn file", "\n\n#", "\n"},
		{"block minus one", strings.Repeat(line, 655) + strings.Repeat("y", 35), ""},
		{"block plus some", strings.Repeat(line, 700) + "\n\n#", strings.Repeat(line, 700) + "\n"},
		{"two blocks", strings.Repeat(line, 1400), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "log.md")
			if err := os.WriteFile(p, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(p, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			st, err := scanLog(f)
			if err != nil {
				t.Fatal(err)
			}
			data := []byte(tt.content)
			if st.size != int64(len(data)) || st.lines != bytes.Count(data, []byte{'\n'}) || !bytes.HasSuffix(data, st.tail) || len(st.tail) != min(5, len(data)) {
				t.Fatalf("scan %+v, want size %d lines %d", st, len(data), bytes.Count(data, []byte{'\n'}))
			}
			want := tt.repair
			if want == "" {
				want = tt.content
			}
			st, _, err = repairTail(f, "memory/2026-11-29.md", &journal{}, st)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(p)
			wantLines := bytes.Count([]byte(want), []byte{'\n'})
			if string(got) != want || st.size != int64(len(want)) || st.lines != wantLines || !strings.HasSuffix(want, string(st.tail)) {
				t.Fatalf("after repair %q (state size %d lines %d tail %q), want %q", tailOf(got), st.size, st.lines, st.tail, tailOf([]byte(want)))
			}
		})
	}
}

// tailOf is the end of a file, for messages.
func tailOf(b []byte) []byte { return b[len(b)-min(len(b), 80):] }
