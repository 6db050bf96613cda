package memory

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestForget(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	w, err := OpenWith(root, Options{Now: func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }, Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	var es []Entry
	for _, text := range []string{"keep one", "forget me: the door code", "keep two"} {
		e, err := w.Append(ctx, Entry{Agent: "a", Text: text})
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	rel := es[1].Path
	// A dry run and a bad line change nothing.
	got, err := w.Forget(ctx, rel, []int{es[1].LineStart}, true)
	if err != nil || len(got) != 1 || got[0].Bytes == 0 {
		t.Fatalf("dry run: %v %+v", err, got)
	}
	if _, err := w.Forget(ctx, rel, []int{es[1].LineStart + 1}, false); err == nil {
		t.Fatal("a line that starts no entry was accepted")
	}
	if _, err := w.Forget(ctx, "MEMORY.md", []int{1}, false); !errors.Is(err, ErrNotEntry) {
		t.Fatalf("MEMORY.md: %v", err)
	}
	before, _ := os.ReadFile(filepath.Join(root, rel))
	if !strings.Contains(string(before), "door code") {
		t.Fatal("dry run removed the entry")
	}
	if _, err := w.Forget(ctx, rel, []int{es[1].LineStart}, false); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(filepath.Join(root, rel))
	log := ParseLog(rel, after)
	if strings.Contains(string(after), "door code") || len(log.Entries) != 2 || log.Entries[1].Text != "keep two" {
		t.Fatalf("after forget:\n%s", after)
	}
	audit, _ := os.ReadFile(filepath.Join(w.StateDir(), ForgetLog))
	if !strings.Contains(string(audit), `"sha256"`) || strings.Contains(string(audit), "door code") {
		t.Fatalf("audit: %s", audit)
	}
	// Appending still works on the rewritten file.
	if _, err := w.Append(ctx, Entry{Text: "after"}); err != nil {
		t.Fatal(err)
	}
	// A day's last entry forgotten, its file goes: no empty log is left
	// to count as a day (or as free-form notes).
	old, err := w.Append(ctx, Entry{Date: "2026-11-02", Agent: "a", Text: "the only one that day"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Forget(ctx, old.Path, []int{old.LineStart}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, old.Path)); !os.IsNotExist(err) {
		t.Fatalf("%s after its last entry was forgotten: %v", old.Path, err)
	}
	if !onlyTitle([]byte("# 2026-11-02\n\n")) || onlyTitle([]byte("# 2026-11-02\n\nnotes by hand\n")) || onlyTitle([]byte("# a\n# b\n")) {
		t.Error("onlyTitle")
	}
}

// TestForgetCutsTornTail checks that a write torn at the end of a log is
// cut before Forget rewrites the file, so it does not survive as an entry.
func TestForgetCutsTornTail(t *testing.T) {
	ctx := context.Background()
	w := newWorkspace(t)
	var es []Entry
	for _, text := range []string{"keep", "forget me"} {
		e, err := w.Append(ctx, Entry{Agent: "a", Text: text})
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	tornAppend(t, w, Entry{Agent: "b", Text: "torn entry\nsecond line"}, 25)
	if _, err := w.Forget(ctx, es[1].Path, []int{es[1].LineStart}, false); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(w.Root(), es[1].Path))
	l := ParseLog(es[1].Path, data)
	if len(l.Entries) != 1 || l.Entries[0].Text != "keep" || strings.Contains(string(data), "torn") {
		t.Fatalf("after forget %q", data)
	}
}

// TestForgetKeepsOtherBytes: forgetting one entry of a log written by hand
// leaves every other byte as it was: a byte-order mark, CRLF line endings,
// bytes that are no UTF-8, a last line with no newline.
func TestForgetKeepsOtherBytes(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	w, err := OpenWith(root, Options{Now: func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }, Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	keepHead := "\uFEFF# 2026-11-29\r\n\r\n## 09:00 a\r\nkeep \xff one\r\n\r\n"
	gone := "## 10:00 a\r\nthe door code\r\n\r\n"
	keepTail := "## 11:00 a\r\nkeep two"
	rel := "memory/2026-11-29.md"
	if err := os.MkdirAll(filepath.Join(root, "memory"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, rel), []byte(keepHead+gone+keepTail), 0o644); err != nil {
		t.Fatal(err)
	}
	log := ParseLog(rel, []byte(keepHead+gone+keepTail))
	if len(log.Entries) != 3 || log.Entries[0].Time != "09:00" {
		t.Fatalf("parsed with its byte-order mark: %+v", log)
	}
	if _, err := w.Forget(ctx, rel, []int{log.Entries[1].LineStart}, false); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(filepath.Join(root, rel)); string(after) != keepHead+keepTail {
		t.Fatalf("after forget:\n%q\nwant\n%q", after, keepHead+keepTail)
	}
}
