package archive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

func workspace(t *testing.T) *memory.Workspace {
	t.Helper()
	root := t.TempDir()
	if _, err := memory.Init(context.Background(), root, nil); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	ws, err := memory.OpenWith(root, memory.Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

func appendAt(t *testing.T, ws *memory.Workspace, date, text string) {
	t.Helper()
	if _, err := ws.Append(context.Background(), memory.Entry{Date: date, Time: "10:00", Agent: "a", Text: text}); err != nil {
		t.Fatal(err)
	}
}

// entries returns every entry text in every log, and where each lives.
func entries(t *testing.T, ws *memory.Workspace) map[string][]string {
	t.Helper()
	logs, err := ws.ListLogs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, l := range logs {
		lg, err := ws.ReadLog(l.Path)
		if err != nil {
			t.Fatal(err)
		}
		if len(lg.Warnings) > 0 {
			t.Fatalf("%s: %q", l.Path, lg.Warnings)
		}
		for _, e := range lg.Entries {
			out[e.Text] = append(out[e.Text], l.Path)
		}
	}
	return out
}

func TestRun(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	dates := []string{"2026-10-01", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-29"}
	for _, d := range dates {
		appendAt(t, ws, d, "entry of "+d)
	}
	before := entries(t, ws)

	dry, err := Run(ctx, ws, Options{DryRun: true})
	if err != nil || len(dry.Moved) != 3 || dry.Kept != 2 || dry.Cutoff != "2026-11-23" {
		t.Fatalf("dry run: %+v %v", dry, err)
	}
	if logs, _ := ws.ListLogs(ctx); logs[0].Archived {
		t.Fatal("dry run moved a log")
	}
	res, err := Run(ctx, ws, Options{})
	if err != nil || len(res.Moved) != 3 {
		t.Fatalf("run: %+v %v", res, err)
	}
	want := map[string]string{
		"entry of 2026-10-01": "memory/archive/2026/2026-10-01.md",
		"entry of 2026-11-21": "memory/archive/2026/2026-11-21.md",
		"entry of 2026-11-22": "memory/archive/2026/2026-11-22.md",
		"entry of 2026-11-23": "memory/2026-11-23.md",
		"entry of 2026-11-29": "memory/2026-11-29.md",
	}
	after := entries(t, ws)
	for text, path := range want {
		if got := after[text]; len(got) != 1 || got[0] != path {
			t.Errorf("%q in %v, want only %s", text, got, path)
		}
	}
	if len(after) != len(before) {
		t.Fatalf("entries %d -> %d", len(before), len(after))
	}
	again, err := Run(ctx, ws, Options{})
	if err != nil || len(again.Moved) != 0 {
		t.Fatalf("second run: %+v %v", again, err)
	}
	// A late append to an archived day goes to the archived log.
	appendAt(t, ws, "2026-11-21", "late note")
	if got := entries(t, ws)["late note"]; len(got) != 1 || got[0] != "memory/archive/2026/2026-11-21.md" {
		t.Fatalf("late note in %v", got)
	}
}

func TestMergeLeftovers(t *testing.T) {
	// halfMerged leaves the state of a merge a crash cut after its append,
	// before the live log's removal.
	halfMerged := func(live, archived string) {
		body := "## 11:00 b\nwritten after the move\n"
		os.WriteFile(live, []byte("# 2026-11-01\n\n"+body), 0o644)
		f, _ := os.OpenFile(archived, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString("\n" + body)
		f.Close()
	}
	tests := []struct {
		name string
		// prepare leaves a day in both places, as a crash or a hand edit might.
		prepare func(t *testing.T, ws *memory.Workspace, live, archived string)
	}{
		{"log re-created after archival", func(t *testing.T, ws *memory.Workspace, live, archived string) {
			os.WriteFile(live, []byte("# 2026-11-01\n\n## 11:00 b\nwritten after the move\n"), 0o644)
		}},
		{"crash after merging, before removing", func(t *testing.T, ws *memory.Workspace, live, archived string) {
			halfMerged(live, archived)
		}},
		{"crash after merging, then an append to the live log", func(t *testing.T, ws *memory.Workspace, live, archived string) {
			halfMerged(live, archived)
			appendAt(t, ws, "2026-11-01", "appended to the live log in between")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			ws := workspace(t)
			appendAt(t, ws, "2026-11-01", "first")
			if _, err := Run(ctx, ws, Options{}); err != nil {
				t.Fatal(err)
			}
			live := filepath.Join(ws.Root(), ws.LogPath("2026-11-01"))
			archived := filepath.Join(ws.Root(), ws.ArchivePath("2026-11-01"))
			tt.prepare(t, ws, live, archived)
			res, err := Run(ctx, ws, Options{})
			if err != nil || len(res.Moved) != 1 || !res.Moved[0].Merged {
				t.Fatalf("run: %+v %v", res, err)
			}
			got := entries(t, ws)
			if len(got["first"]) != 1 || len(got["written after the move"]) != 1 || got["written after the move"][0] != ws.ArchivePath("2026-11-01") {
				t.Fatalf("entries after merge: %v", got)
			}
			if w := got["appended to the live log in between"]; strings.Contains(tt.name, "in between") && len(w) != 1 {
				t.Fatalf("the append in between: %v", got)
			}
			if _, err := os.Stat(live); !os.IsNotExist(err) {
				t.Fatalf("live log still there: %v", err)
			}
		})
	}
}

// TestArchiveWhileAppending archives a day while goroutines keep appending
// to it: every acknowledged entry ends up in exactly one log.
func TestArchiveWhileAppending(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	appendAt(t, ws, "2026-11-01", "seed")
	var wg sync.WaitGroup
	var mu sync.Mutex
	var acked []string
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				text := fmt.Sprintf("writer %d entry %d", g, i)
				if _, err := ws.Append(ctx, memory.Entry{Date: "2026-11-01", Time: "12:00", Text: text}); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				acked = append(acked, text)
				mu.Unlock()
			}
		}()
	}
	for range 20 {
		if _, err := Run(ctx, ws, Options{}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	if _, err := Run(ctx, ws, Options{}); err != nil {
		t.Fatal(err)
	}
	got := entries(t, ws)
	sort.Strings(acked)
	for _, text := range acked {
		if len(got[text]) != 1 || !strings.HasPrefix(got[text][0], "memory/archive/") {
			t.Fatalf("%q found in %v", text, got[text])
		}
	}
}

func TestParseAge(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"7d", 7 * 24 * time.Hour, true},
		{"2w", 14 * 24 * time.Hour, true},
		{"36h", 36 * time.Hour, true},
		{"0d", 0, false},
		{"-3h", 0, false},
		{"soon", 0, false},
		{"1ns", 1, true},
		{"36500d", 36500 * 24 * time.Hour, true},
		{"5214w", 5214 * 7 * 24 * time.Hour, true},
		{"876000h", 876000 * time.Hour, true},
		{"0w", 0, false},
		{"7D", 0, false},
		{"7 d", 0, false},
		{"1.5d", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseAge(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseAge(%q) = %v, %v", tt.in, got, err)
		}
	}
}

// TestParseAgeBounded checks that ages too long for the cutoff arithmetic
// (or for time.Duration) are an error that says the bound, never an
// overflow.
func TestParseAgeBounded(t *testing.T) {
	for _, in := range []string{"36501d", "106751d", "106752d", "9999999999999999999d", "99999999999999999999999d",
		"5215w", "15250w", "1317624576693539401w", "876001h", "2562047h", "2562048h", "9999999999h", "1e30h",
		"99999999999999999999ns", "3000000000000000000s", "52560001m"} {
		d, err := ParseAge(in)
		if err == nil {
			t.Errorf("ParseAge(%q) = %v, want an error", in, d)
			continue
		}
		if want := fmt.Sprintf("age %q: at most 36500d (100 years)", in); err.Error() != want && in != "1e30h" {
			t.Errorf("ParseAge(%q): %v, want %q", in, err, want)
		}
	}
}

// TestRunBoundsAge checks that Run refuses an age past MaxAge instead of
// computing a cutoff in the future, and that the largest age archives
// nothing recent.
func TestRunBoundsAge(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	appendAt(t, ws, "2026-11-29", "today")
	appendAt(t, ws, "2026-11-01", "this month")
	for _, age := range []time.Duration{MaxAge + 1, 106751 * 24 * time.Hour, 1<<63 - 1} {
		if res, err := Run(ctx, ws, Options{OlderThan: age}); err == nil {
			t.Fatalf("Run(%v) = %+v, want an error", age, res)
		}
	}
	res, err := Run(ctx, ws, Options{OlderThan: MaxAge})
	cutoff := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -MaxAgeDays+1).Format(time.DateOnly)
	if err != nil || len(res.Moved) != 0 || res.Kept != 2 || res.Cutoff != cutoff {
		t.Fatalf("Run(MaxAge) = %+v, %v", res, err)
	}
	res, err = Run(ctx, ws, Options{OlderThan: time.Nanosecond, DryRun: true})
	if err != nil || len(res.Moved) != 1 || res.Cutoff != "2026-11-29" {
		t.Fatalf("Run(1ns) = %+v, %v", res, err)
	}
}

// TestTornTailDoesNotTravel tears the end of logs by hand (a heading cut
// short by a crash, with no append record to go by) and archives them:
// the fragment is cut before a move and before a merge, and never reaches
// the archived log as a fake entry.
func TestTornTailDoesNotTravel(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	tear := func(date string) {
		f, err := os.OpenFile(filepath.Join(ws.Root(), ws.LogPath(date)), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("\n## 10:0")
		f.Close()
	}
	appendAt(t, ws, "2026-11-01", "moved whole")
	tear("2026-11-01")
	appendAt(t, ws, "2026-11-02", "archived first")
	if _, err := Run(ctx, ws, Options{}); err != nil {
		t.Fatal(err)
	}
	// A second copy of 11-02, torn, merged into the archived one.
	live := filepath.Join(ws.Root(), ws.LogPath("2026-11-02"))
	if err := os.WriteFile(live, []byte("# 2026-11-02\n\n## 11:00 b\nmerged\n\n## 11:3"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(ctx, ws, Options{})
	if err != nil || len(res.Moved) != 1 || !res.Moved[0].Merged {
		t.Fatalf("%+v, %v", res, err)
	}
	got := entries(t, ws) // fails on a malformed heading
	for text, at := range map[string]string{"moved whole": ws.ArchivePath("2026-11-01"), "archived first": ws.ArchivePath("2026-11-02"), "merged": ws.ArchivePath("2026-11-02")} {
		if len(got[text]) != 1 || got[text][0] != at {
			t.Fatalf("%q found in %v", text, got[text])
		}
	}
	if len(got) != 3 {
		t.Fatalf("entries %v", got)
	}
}

// TestAppendWaitingThroughMerge reproduces the merge race deterministically:
// an appender has opened today's live log and waits for its lock while
// archival merges that log into the archived one and removes it. The
// acknowledged entry must end up in the archived log, not in the removed
// file.
func TestAppendWaitingThroughMerge(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	appendAt(t, ws, "2026-11-01", "archived first")
	if _, err := Run(ctx, ws, Options{}); err != nil {
		t.Fatal(err)
	}
	appendAt(t, ws, "2026-11-01", "goes to the archive") // follows the archived day
	live := filepath.Join(ws.Root(), ws.LogPath("2026-11-01"))
	if err := os.WriteFile(live, []byte("# 2026-11-01\n\n## 11:00 b\nre-created by hand\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(live, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := memory.LockFile(ctx, f); err != nil { // what move() holds during a merge
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ws.Append(ctx, memory.Entry{Date: "2026-11-01", Time: "12:00", Agent: "w", Text: "written while the merge ran"})
		done <- err
	}()
	time.Sleep(100 * time.Millisecond) // the appender has opened the live log and waits for its lock
	if err := merge(ctx, ws, live, ws.ArchivePath("2026-11-01")); err != nil {
		t.Fatal(err)
	}
	memory.UnlockFile(f)
	f.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := entries(t, ws)
	for _, text := range []string{"archived first", "goes to the archive", "re-created by hand", "written while the merge ran"} {
		if len(got[text]) != 1 || got[text][0] != ws.ArchivePath("2026-11-01") {
			t.Fatalf("%q found in %v", text, got[text])
		}
	}
}

// TestConcurrentRuns: runs at once (two archon processes, a job and a
// person) each move what the other has not: none fails on a log the
// other moved, and every entry ends up archived once.
func TestConcurrentRuns(t *testing.T) {
	ws := workspace(t)
	for d := 1; d <= 300; d++ {
		appendAt(t, ws, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, d).Format(time.DateOnly), fmt.Sprintf("entry %d", d))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	moved := make(chan int, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := Run(context.Background(), ws, Options{})
			errs <- err
			if res != nil {
				moved <- len(res.Moved)
			}
		}()
	}
	wg.Wait()
	close(errs)
	close(moved)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	total := 0
	for n := range moved {
		total += n
	}
	got := entries(t, ws)
	for d := 1; d <= 300; d++ {
		if where := got[fmt.Sprintf("entry %d", d)]; len(where) != 1 || !strings.HasPrefix(where[0], "memory/archive/") {
			t.Fatalf("entry %d is in %v", d, where)
		}
	}
	if total != 300 {
		t.Errorf("the runs report %d moves of 300 logs", total)
	}
}

// TestOneLogThatCannotMove: a log whose archive folder cannot be made (a
// file in its place) fails alone; the others move, and the error names it.
func TestOneLogThatCannotMove(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	for _, d := range []string{"2019-05-01", "2020-05-01", "2021-05-01"} {
		appendAt(t, ws, d, "entry of "+d)
	}
	os.MkdirAll(ws.ArchiveDir(), 0o755)
	if err := os.WriteFile(filepath.Join(ws.ArchiveDir(), "2019"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(ctx, ws, Options{})
	if err == nil || !strings.Contains(err.Error(), "1 logs could not be moved") {
		t.Fatalf("run: %v", err)
	}
	if len(res.Moved) != 2 || len(res.Failed) != 1 || res.Failed[0].From != "memory/2019-05-01.md" {
		t.Fatalf("result: %+v", res)
	}
}

// TestIntoAHandFiledArchive: a day already archived by hand in another
// layout takes the log into that file, not a second one.
func TestIntoAHandFiledArchive(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	hand := filepath.Join(ws.ArchiveDir(), "2026", "11", "2026-11-02.md")
	os.MkdirAll(filepath.Dir(hand), 0o755)
	if err := os.WriteFile(hand, []byte("# 2026-11-02\n\n## 09:00 a\nfiled by hand\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The day's log made again where archon keeps live logs (copied back,
	// or written by another tool).
	if err := os.WriteFile(filepath.Join(ws.Root(), "memory", "2026-11-02.md"), []byte("# 2026-11-02\n\n## 10:00 a\nwritten later\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(ctx, ws, Options{})
	if err != nil || len(res.Moved) != 1 || res.Moved[0].To != "memory/archive/2026/11/2026-11-02.md" {
		t.Fatalf("run: %+v %v", res, err)
	}
	data, _ := os.ReadFile(hand)
	if !strings.Contains(string(data), "filed by hand") || !strings.Contains(string(data), "written later") {
		t.Fatalf("the hand-filed log:\n%s", data)
	}
	if _, err := os.Stat(ws.ArchiveDir() + "/2026/2026-11-02.md"); err == nil {
		t.Fatal("a second archived log was made")
	}
}

// TestArchiveLinkedOut: an archive folder linked out of the workspace is
// refused; the log stays where archon reads it.
func TestArchiveLinkedOut(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	appendAt(t, ws, "2026-10-01", "old entry")
	outside := t.TempDir()
	if err := os.Symlink(outside, ws.ArchiveDir()); err != nil {
		t.Fatal(err)
	}
	res, err := Run(ctx, ws, Options{})
	if !errors.Is(err, memory.ErrOutside) || len(res.Failed) != 1 {
		t.Fatalf("run: %+v %v", res, err)
	}
	if got := entries(t, ws)["old entry"]; len(got) != 1 || got[0] != "memory/2026-10-01.md" {
		t.Fatalf("the log: %v", got)
	}
	if left, _ := os.ReadDir(outside); len(left) != 0 {
		t.Fatalf("written outside: %v", left)
	}
}
