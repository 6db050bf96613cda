package memory

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sameSizeEdit rewrites the log at path in place, keeping its size and
// inode but adding a line: "one two" becomes "one\ntwo".
func sameSizeEdit(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "one two", "one\ntwo", 1)
	if edited == string(data) {
		t.Fatal("nothing to edit")
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAppendAfterOtherWrites checks the line numbers of appends after the
// log was written by someone else since this workspace's last append, or
// while an append was under way: the state an append left must not be
// used then, by that append's successors.
func TestAppendAfterOtherWrites(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name  string
		write func(t *testing.T, w *Workspace, path string)
	}{
		{"another workspace appends", func(t *testing.T, _ *Workspace, path string) {
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
		{"an editor rewrites it with the same size", func(t *testing.T, _ *Workspace, path string) {
			sameSizeEdit(t, path)
		}},
		{"an editor restores the modification time", func(t *testing.T, _ *Workspace, path string) {
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			sameSizeEdit(t, path)
			if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		{"an editor writes while an append is under way", func(t *testing.T, w *Workspace, path string) {
			// The hook runs inside the next append, after it read the log
			// and recorded its write, right before it writes.
			w.tearWrite = func([]byte) int {
				w.tearWrite = nil
				sameSizeEdit(t, path)
				return -1
			}
			if _, err := w.Append(ctx, Entry{Agent: "a", Text: "racing"}); err != nil {
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
			if _, err := w.Append(ctx, Entry{Agent: "a", Text: "second"}); err != nil {
				t.Fatal(err) // so that the state of an append is known
			}
			path := filepath.Join(w.Root(), filepath.FromSlash(first.Path))
			tt.write(t, w, path)
			for i := range 3 {
				text := fmt.Sprintf("later %d", i)
				e, err := w.Append(ctx, Entry{Agent: "a", Text: text})
				if err != nil {
					t.Fatal(err)
				}
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(string(data), "\n")
				if e.LineStart < 1 || e.LineEnd > len(lines) || !strings.HasPrefix(lines[e.LineStart-1], "## ") || lines[e.LineEnd-1] != text {
					t.Fatalf("append %d: entry at lines %d-%d of\n%s", i, e.LineStart, e.LineEnd, data)
				}
			}
		})
	}
}

// TestLineCountsAreReadAgain: a line count no timestamp can show wrong is
// trusted for trustedAppends appends at most, then the log is read through.
func TestLineCountsAreReadAgain(t *testing.T) {
	ctx := context.Background()
	w := newWorkspace(t)
	first, err := w.Append(ctx, Entry{Agent: "a", Text: "one"})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(w.Root(), filepath.FromSlash(first.Path))
	w.logs.mu.Lock()
	k := w.logs.m[path]
	k.lines += 5 // as an edit no timestamp showed would leave it
	k.uses = trustedAppends
	w.logs.m[path] = k
	w.logs.mu.Unlock()
	e, err := w.Append(ctx, Entry{Agent: "a", Text: "two"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(string(data), "\n"); e.LineEnd > len(lines) || lines[e.LineEnd-1] != "two" {
		t.Fatalf("entry at lines %d-%d of\n%s", e.LineStart, e.LineEnd, data)
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
