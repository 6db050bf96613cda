package memory

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// tornAppend appends e but stops its data write after n bytes, as if the
// process died there; the append record stays pending.
func tornAppend(t *testing.T, w *Workspace, e Entry, n int) {
	t.Helper()
	w.tearWrite = func([]byte) int { return n }
	defer func() { w.tearWrite = nil }()
	if _, err := w.Append(context.Background(), e); !errors.Is(err, errCrash) {
		t.Fatalf("torn append: err = %v, want the simulated crash", err)
	}
}

// writeOf returns the bytes the append of e adds to the log w holds now,
// found by appending it in a copy of the workspace.
func writeOf(t *testing.T, w *Workspace, rel string, e Entry) []byte {
	t.Helper()
	before, _ := os.ReadFile(filepath.Join(w.Root(), rel))
	c := newWorkspace(t)
	p := filepath.Join(c.Root(), rel)
	os.MkdirAll(filepath.Dir(p), 0o755)
	if before != nil {
		if err := os.WriteFile(p, before, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Append(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(p)
	if !bytes.HasPrefix(after, before) {
		t.Fatalf("append rewrote the file")
	}
	return after[len(before):]
}

// TestTornAppendEveryOffset cuts the write of an entry at every byte
// offset (heading line, body, final newline) as a crash would, then checks
// that the next append, or RepairLog, leaves the file exactly as it was
// before the torn write began, every earlier entry intact, with no fake
// entry and no fragment, and that the next entry lands cleanly. A write
// cut just before its final newline is complete text: it is kept, the
// newline added. A write that was whole is kept.
func TestTornAppendEveryOffset(t *testing.T) {
	torn := Entry{Time: "14:03:07", Agent: "executor", Tags: []string{"x"}, Text: "torn entry text\nwith two lines\n## 14:00 quoted heading"}
	next := Entry{Time: "15:00", Agent: "b", Text: "after the crash"}
	setups := []struct {
		name  string
		setup func(t *testing.T, w *Workspace) // the acknowledged state
	}{
		{"after two entries", func(t *testing.T, w *Workspace) {
			for _, e := range []Entry{{Agent: "planner", Tags: []string{"db"}, Text: "first entry\nsecond line"}, {Time: "14:02", Text: "second entry"}} {
				if _, err := w.Append(context.Background(), e); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"first entry of the day", func(t *testing.T, w *Workspace) {}},
		{"hand edit without final newline", func(t *testing.T, w *Workspace) {
			if _, err := w.Append(context.Background(), Entry{Text: "first entry"}); err != nil {
				t.Fatal(err)
			}
			f, _ := os.OpenFile(filepath.Join(w.Root(), w.LogPath("2026-11-29")), os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString("typed by hand")
			f.Close()
		}},
	}
	for _, s := range setups {
		t.Run(s.name, func(t *testing.T) {
			ctx := context.Background()
			rel := "memory/2026-11-29.md"
			probe := newWorkspace(t)
			s.setup(t, probe)
			buf := writeOf(t, probe, rel, torn)
			var cut, completed, kept int
			for n := 0; n <= len(buf); n++ {
				for _, via := range []string{"append", "RepairLog"} {
					w := newWorkspace(t)
					s.setup(t, w)
					p := filepath.Join(w.Root(), rel)
					base, _ := os.ReadFile(p)
					want := ParseLog(rel, base).Entries
					tornAppend(t, w, torn, n)
					if got, _ := os.ReadFile(p); !bytes.Equal(got, append(append([]byte{}, base...), buf[:n]...)) {
						t.Fatalf("n=%d: the torn write left %q, want %q", n, tailOf(got), buf[:n])
					}
					whole := n >= len(buf)-1 // complete text: kept
					if via == "RepairLog" {
						res, err := w.RepairLog(ctx, rel)
						if err != nil {
							t.Fatal(err)
						}
						after, _ := os.ReadFile(p)
						switch {
						case whole:
							if !bytes.Equal(after, append(append([]byte{}, base...), buf...)) {
								t.Fatalf("n=%d: RepairLog left %q, want the whole entry", n, tailOf(after))
							}
							if n == len(buf)-1 && res.Action != RepairCompleted || n == len(buf) && res.Action != RepairNone {
								t.Errorf("n=%d: action %q", n, res.Action)
							}
						case !bytes.Equal(after, base):
							t.Fatalf("n=%d: RepairLog left %q after the acknowledged content, want nothing (%+v)", n, after[min(len(base), len(after)):], res)
						case n > 0 && (res.Action != RepairRemoved || res.Removed != int64(n)):
							t.Errorf("n=%d: result %+v, want %d bytes removed", n, res, n)
						}
						if _, err := os.Stat(w.journalPath(rel)); !errors.Is(err, os.ErrNotExist) {
							t.Errorf("n=%d: RepairLog kept the append record", n)
						}
					}
					last, err := w.Append(ctx, next)
					if err != nil {
						t.Fatal(err)
					}
					got, _ := os.ReadFile(p)
					l := ParseLog(rel, got)
					if whole {
						tl := ParseLog(rel, append(append([]byte{}, base...), buf...))
						want = tl.Entries
					}
					want = append(want, last)
					if !reflect.DeepEqual(l.Entries, want) {
						t.Fatalf("n=%d via %s: entries\n got %+v\nwant %+v\nfile end %q", n, via, l.Entries, want, tailOf(got))
					}
					wantFile := string(base)
					if whole {
						wantFile += string(buf)
					}
					if len(base) == 0 && !whole {
						wantFile = "# 2026-11-29\n"
					} else if len(wantFile) > 0 && !strings.HasSuffix(wantFile, "\n") {
						wantFile += "\n"
					}
					wantFile += "\n## 15:00 b\nafter the crash\n"
					if string(got) != wantFile {
						t.Fatalf("n=%d via %s: file ends %q, want %q", n, via, tailOf(got), tailOf([]byte(wantFile)))
					}
					if len(l.Warnings) > 0 {
						t.Fatalf("n=%d via %s: warnings %q", n, via, l.Warnings)
					}
					if via == "append" {
						switch {
						case n == len(buf):
							kept++
						case n == len(buf)-1:
							completed++
						default:
							cut++
						}
					}
				}
			}
			t.Logf("%d cut offsets: %d torn writes cut off, %d completed (only the final newline was missing), %d whole and kept", len(buf)+1, cut, completed, kept)
		})
	}
}

// TestRepairNeverRemovesOthersBytes checks that a pending record acts only
// on the write it describes: bytes someone else put there, a file that was
// rewritten, or a damaged record leave the log as it is.
func TestRepairNeverRemovesOthersBytes(t *testing.T) {
	ctx := context.Background()
	torn := Entry{Time: "14:05", Agent: "x", Text: "a torn entry that is long enough to cut short"}
	tests := []struct {
		name  string
		after func(t *testing.T, w *Workspace, p string) // what happens to the torn log
		keep  string                                     // text that must survive
	}{
		{"hand-typed text after the torn bytes", func(t *testing.T, w *Workspace, p string) {
			f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString("\ntyped by hand\n")
			f.Close()
		}, "typed by hand"},
		{"torn bytes replaced in place", func(t *testing.T, w *Workspace, p string) {
			data, _ := os.ReadFile(p)
			i := bytes.LastIndex(data, []byte("## 14:05"))
			copy(data[i:], "## 16:00 y\nmine")
			os.WriteFile(p, data, 0o644) // same inode, same size
		}, "mine"},
		{"file rewritten (new inode)", func(t *testing.T, w *Workspace, p string) {
			data, _ := os.ReadFile(p)
			if err := WriteFileAtomic(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "## 14:05 x\na torn"},
		{"damaged record", func(t *testing.T, w *Workspace, p string) {
			rec, _ := os.ReadFile(w.journalPath("memory/2026-11-29.md"))
			rec[bytes.Index(rec, []byte(`"len"`))+7] ^= 1 // one digit of the length
			os.WriteFile(w.journalPath("memory/2026-11-29.md"), rec, 0o644)
		}, "## 14:05 x\na torn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorkspace(t)
			if _, err := w.Append(ctx, Entry{Text: "acknowledged"}); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(w.Root(), w.LogPath("2026-11-29"))
			tornAppend(t, w, torn, 30)
			tt.after(t, w, p)
			before, _ := os.ReadFile(p)
			res, err := w.RepairLog(ctx, w.LogPath("2026-11-29"))
			if err != nil {
				t.Fatal(err)
			}
			after, _ := os.ReadFile(p)
			if !bytes.Contains(after, []byte(tt.keep)) || !bytes.Contains(after, []byte("acknowledged")) {
				t.Fatalf("repair removed what it must keep: %+v\nbefore %q\nafter  %q", res, before, after)
			}
		})
	}
}

// TestRepairAcknowledged checks that acknowledged entries are never
// touched: repairing a whole log changes nothing, however often, and an
// entry written whole by a writer killed before its fsync returned is
// kept.
func TestRepairAcknowledged(t *testing.T) {
	ctx := context.Background()
	w := newWorkspace(t)
	for i := range 3 {
		if _, err := w.Append(ctx, Entry{Text: strings.Repeat("entry ", 5000) + string(rune('a'+i))}); err != nil {
			t.Fatal(err)
		}
	}
	rel := w.LogPath("2026-11-29")
	p := filepath.Join(w.Root(), rel)
	before, _ := os.ReadFile(p)
	for range 2 {
		res, err := w.RepairLog(ctx, rel)
		if err != nil || res.Action != RepairNone {
			t.Fatalf("RepairLog on a whole log: %+v, %v", res, err)
		}
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(after, before) {
		t.Fatal("RepairLog changed a whole log")
	}
	// Written whole, the writer killed before marking its record done.
	tornAppend(t, w, Entry{Text: "whole"}, 1<<30)
	res, err := w.RepairLog(ctx, rel)
	if err != nil || res.Action != RepairNone {
		t.Fatalf("%+v, %v", res, err)
	}
	l, _ := w.ReadLog(rel)
	if len(l.Entries) != 4 || l.Entries[3].Text != "whole" {
		t.Fatalf("entries %d", len(l.Entries))
	}
	if _, err := w.RepairLog(ctx, "MEMORY.md"); !errors.Is(err, ErrNotEntry) {
		t.Errorf("RepairLog(MEMORY.md): %v", err)
	}
	if _, err := w.RepairLog(ctx, "memory/2026-01-01.md"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("RepairLog of a missing log: %v", err)
	}
}

// TestTornLargeAppend tears a 1 MiB entry (many record chunks) at offsets
// across it.
func TestTornLargeAppend(t *testing.T) {
	ctx := context.Background()
	w := newWorkspace(t)
	if _, err := w.Append(ctx, Entry{Text: "acknowledged"}); err != nil {
		t.Fatal(err)
	}
	rel := w.LogPath("2026-11-29")
	p := filepath.Join(w.Root(), rel)
	base, _ := os.ReadFile(p)
	big := Entry{Text: strings.Repeat("payload line of a long entry\n", 1<<20/29)}
	size := len(writeOf(t, w, rel, big))
	for _, n := range []int{1, intentHead - 1, intentHead, intentHead + 1, intentChunk, intentChunk + 7, 3*intentChunk + 100, size - 2} {
		tornAppend(t, w, big, n)
		res, err := w.RepairLog(ctx, rel)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(p); !bytes.Equal(got, base) || res.Removed != int64(n) {
			t.Fatalf("n=%d: %+v; file %d bytes, want %d", n, res, len(got), len(base))
		}
	}
}
