package chunk

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
)

func chunkFile(t *testing.T, rel string, data []byte, o Options) ([]Chunk, []string) {
	t.Helper()
	lines := memory.SplitLines(data)
	return Log(memory.ParseLog(rel, data), lines, L2, o), lines
}

// TestDemoRanges checks that every chunk of every demo log points at exactly
// the lines that produced it.
func TestDemoRanges(t *testing.T) {
	files, _ := filepath.Glob("../../fixtures/demo/memory/*.md")
	if len(files) == 0 {
		t.Fatal("no demo logs")
	}
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel := "memory/" + filepath.Base(f)
		l := memory.ParseLog(rel, data)
		cs, lines := chunkFile(t, rel, data, Options{})
		if !l.FreeForm && len(cs) != len(l.Entries) {
			t.Fatalf("%s: %d chunks for %d entries", rel, len(cs), len(l.Entries))
		}
		for i, c := range cs {
			if c.LineStart < 1 || c.LineEnd < c.LineStart || c.LineEnd > len(lines) {
				t.Fatalf("%s: chunk %d range %d-%d of %d lines", rel, i, c.LineStart, c.LineEnd, len(lines))
			}
			span := strings.Join(lines[c.LineStart-1:c.LineEnd], "\n")
			if c.Kind == KindEntry {
				e := l.Entries[i]
				if c.LineStart != e.LineStart || c.LineEnd != e.LineEnd || c.Text != e.Text || c.Agent != e.Agent || c.Date != l.Date {
					t.Fatalf("%s: chunk %+v != entry %+v", rel, c, e)
				}
			}
			for _, w := range strings.Fields(c.Text) {
				if !strings.Contains(span, w) {
					t.Fatalf("%s: chunk %d text word %q not in lines %d-%d", rel, i, w, c.LineStart, c.LineEnd)
				}
			}
			if strings.TrimSpace(lines[c.LineEnd-1]) == "" {
				t.Fatalf("%s: chunk %d ends on a blank line", rel, i)
			}
		}
		total += len(cs)
	}
	t.Logf("%d chunks from %d logs", total, len(files))
}

func TestSplitLongEntry(t *testing.T) {
	var b strings.Builder
	b.WriteString("# 2026-01-01\n\n## 10:00 a #project/billing\n")
	for i := range 60 {
		b.WriteString("line " + itoa(i) + " of a long entry with several words in it\n")
		if i%10 == 9 {
			b.WriteString("\n")
		}
	}
	b.WriteString("\n## 11:00 b\nshort\n")
	cs, lines := chunkFile(t, "memory/2026-01-01.md", []byte(b.String()), Options{MaxTokens: 100, OverlapTokens: 20})
	if len(cs) < 5 {
		t.Fatalf("%d chunks", len(cs))
	}
	last := cs[len(cs)-1]
	if last.Text != "short" || last.Part != 0 || last.Agent != "b" {
		t.Fatalf("last chunk %+v", last)
	}
	parts := cs[:len(cs)-1]
	if parts[0].LineStart != 3 || parts[0].Project != "billing" {
		t.Fatalf("first part %+v", parts[0])
	}
	covered := map[int]bool{}
	for i, c := range parts {
		if c.Part != i || len(c.Text) > 100*4 {
			t.Fatalf("part %d: %+v (%d bytes)", i, c, len(c.Text))
		}
		if i > 0 && c.LineStart > parts[i-1].LineEnd {
			t.Fatalf("no overlap between parts %d and %d", i-1, i)
		}
		for n := c.LineStart; n <= c.LineEnd; n++ {
			covered[n] = true
		}
		if !strings.Contains(strings.Join(lines[c.LineStart-1:c.LineEnd], "\n"), c.Text) {
			t.Fatalf("part %d text not at lines %d-%d", i, c.LineStart, c.LineEnd)
		}
	}
	for n := 4; n <= parts[len(parts)-1].LineEnd; n++ {
		if !covered[n] && strings.TrimSpace(lines[n-1]) != "" {
			t.Fatalf("line %d not covered", n)
		}
	}
}

func TestHugeLine(t *testing.T) {
	long := strings.Repeat("word ", 2000)
	cs, _ := chunkFile(t, "memory/2026-01-01.md", []byte("# 2026-01-01\n\n## 10:00 a\n"+long+"\n"), Options{})
	if len(cs) < 5 {
		t.Fatalf("%d chunks", len(cs))
	}
	for _, c := range cs {
		if c.LineEnd != 4 || len(c.Text) > 320*4 {
			t.Fatalf("%+v", c.LineEnd)
		}
	}
}

func TestMarkdownSections(t *testing.T) {
	md := "intro line\n\n# Title\n\n## Patterns\n- a\n```\n# not a heading\n```\n### Sub\n- b\n\n## Gotchas\n- c\n"
	cs := Markdown("MEMORY.md", memory.SplitLines([]byte(md)), L4, Options{})
	want := []struct {
		title      string
		start, end int
	}{
		// "# Title" alone says nothing: no chunk (issue 17), its title
		// goes on with the sections under it.
		{"", 1, 1}, {"Title > Patterns", 5, 9}, {"Title > Patterns > Sub", 10, 11}, {"Title > Gotchas", 13, 14},
	}
	if len(cs) != len(want) {
		t.Fatalf("%d chunks: %+v", len(cs), cs)
	}
	for i, w := range want {
		if cs[i].Title != w.title || cs[i].LineStart != w.start || cs[i].LineEnd != w.end || cs[i].Layer != L4 || cs[i].Seq != i {
			t.Errorf("chunk %d = %+v, want %+v", i, cs[i], w)
		}
	}
}

// TestTemplatesAreNoHits: the sections of a template (headings with no
// body, HTML comments, rules) make no chunk; a section that says
// something does.
func TestTemplatesAreNoHits(t *testing.T) {
	for _, tc := range []struct {
		md   string
		want int
	}{
		{"# MEMORY\n\n<!-- L4: curated wisdom.\n     more -->\n\n## Patterns\n\n## Gotchas\n", 0},
		{"# Memory summary\n\n## Decisions\n\n---\n\n## Pending tasks\n", 0},
		{"# MEMORY\n\n## Patterns\n\n- expand, backfill, contract\n\n## Gotchas\n", 1},
		{"## Notes\n<!-- a comment --> but text after it\n", 1},
	} {
		if cs := Markdown("MEMORY.md", memory.SplitLines([]byte(tc.md)), L4, Options{}); len(cs) != tc.want {
			t.Errorf("%q: %d chunks, want %d: %+v", tc.md, len(cs), tc.want, cs)
		}
	}
}

func TestIDsStableAcrossArchiveAndUnique(t *testing.T) {
	data := []byte("# 2026-01-01\n\n## 10:00 a\nsame\n\n## 10:00 a\nsame\n\n## 10:01 a\nother\n")
	a, _ := chunkFile(t, "memory/2026-01-01.md", data, Options{})
	b, _ := chunkFile(t, "memory/archive/2026-01-01.md", data, Options{})
	seen := map[string]bool{}
	for i := range a {
		if a[i].ID != b[i].ID {
			t.Errorf("id changed on archive: %s vs %s", a[i].ID, b[i].ID)
		}
		if seen[a[i].ID] {
			t.Errorf("duplicate id %s", a[i].ID)
		}
		seen[a[i].ID] = true
	}
}

// An entry's id, known as it is appended, is the one its file gives it
// when chunked whole: short, escaped and split entries alike.
func TestEntryID(t *testing.T) {
	ctx := t.Context()
	ws, _ := testws.New(t)
	texts := []string{
		"Chose PostgreSQL: we need transactions.",
		"## 10:00 reads like a heading\nsecond line",
		strings.Repeat("a long entry that the chunker splits into pieces ", 200),
	}
	var want []string
	var path string
	for _, text := range texts {
		e, err := ws.Append(ctx, memory.Entry{Date: "2026-12-01", Agent: "a", Tags: []string{"db"}, Text: text})
		if err != nil {
			t.Fatal(err)
		}
		want, path = append(want, EntryID(e, Options{})), e.Path
	}
	data, err := os.ReadFile(filepath.Join(ws.Root(), path))
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := chunkFile(t, path, data, Options{})
	var got []string
	for _, c := range cs {
		if c.Part == 0 {
			got = append(got, c.ID)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("ids in the file %q, as appended %q", got, want)
	}
	if len(cs) <= len(texts) {
		t.Errorf("%d chunks: the long entry was not split", len(cs))
	}
}

// TestLogPreamble: text a person wrote above a log's first entry is a
// section of the log, with its lines and the log's date; blank lines there
// make none.
func TestLogPreamble(t *testing.T) {
	tests := []struct {
		name, log string
		want      []string // kind:lines of each chunk
	}{
		{"preamble", "# 2026-11-23\n\nWe met the capybara keepers.\n\n## 11:00 planner\nEntry.\n", []string{"section:1-3", "entry:5-6"}},
		{"headed preamble", "# 2026-11-23\n## Notes\nCapybara.\n## 11:00 planner\nEntry.\n", []string{"section:2-3", "entry:4-5"}},
		{"blank lines only", "# 2026-11-23\n\n\n## 11:00 planner\nEntry.\n", []string{"entry:4-5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, _ := chunkFile(t, "memory/2026-11-23.md", []byte(tt.log), Options{})
			var got []string
			for _, c := range cs {
				got = append(got, fmt.Sprintf("%s:%d-%d", c.Kind, c.LineStart, c.LineEnd))
				if c.Date != "2026-11-23" {
					t.Errorf("%s: date %q", c.Kind, c.Date)
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Fatalf("chunks %v, want %v", got, tt.want)
			}
		})
	}
}
