package memory

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAppendAfterOtherWrites checks the line numbers of an append after the
// log was written by someone else since this workspace's last append: the
// state the last append left must not be used then.
func TestAppendAfterOtherWrites(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name  string
		write func(t *testing.T, path string)
	}{
		{"another workspace appends", func(t *testing.T, path string) {
			other, err := OpenWith(filepath.Dir(filepath.Dir(path)), Options{Location: time.UTC, Now: func() time.Time {
				return time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
			}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := other.Append(ctx, Entry{Agent: "other", Text: "three\nlines\nhere"}); err != nil {
				t.Fatal(err)
			}
		}},
		{"an editor rewrites it with the same size", func(t *testing.T, path string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			edited := strings.Replace(string(data), "one two", "one\ntwo", 1)
			if len(edited) != len(data) {
				t.Fatal("the edit must keep the size")
			}
			fi, _ := os.Stat(path)
			if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			// A later modification time, as any write gives.
			later := fi.ModTime().Add(time.Second)
			if err := os.Chtimes(path, later, later); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorkspace(t)
			first, err := w.Append(ctx, Entry{Agent: "a", Text: "one two"})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(w.Root(), filepath.FromSlash(first.Path))
			tt.write(t, path)
			e, err := w.Append(ctx, Entry{Agent: "a", Text: "last"})
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(data), "\n")
			if e.LineStart < 1 || e.LineStart > len(lines) || !strings.HasPrefix(lines[e.LineStart-1], "## ") || lines[e.LineEnd-1] != "last" {
				t.Fatalf("entry at lines %d-%d of\n%s", e.LineStart, e.LineEnd, data)
			}
		})
	}
}

// BenchmarkAppendLongDay appends to a day that already holds 50 MB: the
// line count the last append left spares reading it through.
func BenchmarkAppendLongDay(b *testing.B) {
	ctx := context.Background()
	w := newWorkspace(b)
	line := strings.Repeat("word ", 19) + "word\n"
	body := strings.Repeat(line, 2000) // 200 KB an entry
	for range 250 {
		if _, err := w.Append(ctx, Entry{Agent: "a", Text: body}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := w.Append(ctx, Entry{Agent: "a", Text: "a short entry"}); err != nil {
			b.Fatal(err)
		}
	}
}
