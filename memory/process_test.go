package memory

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as an appender process: with ARCHON_TEST_APPENDER
// set it appends entries to the workspace and prints "ack N" after each one
// returns, then exits.
func TestMain(m *testing.M) {
	if os.Getenv("ARCHON_TEST_APPENDER") != "" {
		os.Exit(runAppender())
	}
	os.Exit(m.Run())
}

func runAppender() int {
	root := os.Getenv("ARCHON_TEST_ROOT")
	id := os.Getenv("ARCHON_TEST_APPENDER")
	n, _ := strconv.Atoi(os.Getenv("ARCHON_TEST_COUNT"))
	size, _ := strconv.Atoi(os.Getenv("ARCHON_TEST_SIZE"))
	w, err := Open(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	out := bufio.NewWriter(os.Stdout)
	for i := 0; n == 0 || i < n; i++ {
		text := fmt.Sprintf("process %s entry %d", id, i)
		if size > 0 {
			text += "\n" + strings.Repeat("payload line of a long entry\n", size/29)
		}
		if _, err := w.Append(context.Background(), Entry{Date: "2026-11-29", Time: "12:00:00", Agent: "p" + id, Text: text}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Fprintf(out, "ack %d\n", i)
		out.Flush()
	}
	return 0
}

func appenderCmd(t *testing.T, root, id string, count, size int) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(),
		"ARCHON_TEST_APPENDER="+id, "ARCHON_TEST_ROOT="+root,
		"ARCHON_TEST_COUNT="+strconv.Itoa(count), "ARCHON_TEST_SIZE="+strconv.Itoa(size))
	cmd.Stderr = os.Stderr
	return cmd
}

// entryKey identifies an appended entry by its process and sequence number.
func entryKey(e Entry) string {
	first, _, _ := strings.Cut(e.Text, "\n")
	return first
}

func TestConcurrentProcessAppends(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns 8 processes")
	}
	const procs, per = 8, 500
	w := newWorkspace(t)
	var wg sync.WaitGroup
	errs := make(chan error, procs)
	start := time.Now()
	for p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if out, err := appenderCmd(t, w.Root(), strconv.Itoa(p), per, 0).Output(); err != nil {
				errs <- fmt.Errorf("process %d: %w (%d bytes out)", p, err, len(out))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	l, err := w.ReadLog(w.LogPath("2026-11-29"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Warnings) > 0 {
		t.Fatalf("warnings: %q", l.Warnings[:min(5, len(l.Warnings))])
	}
	seen := map[string]bool{}
	for _, e := range l.Entries {
		if seen[entryKey(e)] {
			t.Fatalf("duplicate entry %q", entryKey(e))
		}
		seen[entryKey(e)] = true
	}
	for p := range procs {
		for i := range per {
			if k := fmt.Sprintf("process %d entry %d", p, i); !seen[k] {
				t.Fatalf("missing %q", k)
			}
		}
	}
	if len(l.Entries) != procs*per {
		t.Fatalf("%d entries, want %d", len(l.Entries), procs*per)
	}
	t.Logf("%d processes x %d appends: %d entries in %v (%.0f appends/s)", procs, per, len(l.Entries), elapsed, float64(procs*per)/elapsed.Seconds())
}

// TestKilledAppender kills appenders with SIGKILL while they write long
// entries and checks that every acknowledged entry is intact and that no
// torn write is left behind: every entry in the file is whole (an entry
// written whole by a writer killed before its ack may stay).
func TestKilledAppender(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	w := newWorkspace(t)
	acked := map[string]bool{}
	for round := range 4 {
		id := strconv.Itoa(round)
		cmd := appenderCmd(t, w.Root(), id, 0, 64<<10) // 64 KiB entries: writes span many pages
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stdout)
		target := 5 + 7*round
		for n := 0; n < target && sc.Scan(); n++ {
			seq := strings.TrimPrefix(sc.Text(), "ack ")
			acked[fmt.Sprintf("process %s entry %s", id, seq)] = true
		}
		cmd.Process.Signal(syscall.SIGKILL)
		for sc.Scan() { // acks printed before the kill landed
			seq := strings.TrimPrefix(sc.Text(), "ack ")
			acked[fmt.Sprintf("process %s entry %s", id, seq)] = true
		}
		cmd.Wait()
	}
	// One more clean append after the kills must land as a valid entry.
	last, err := w.Append(context.Background(), Entry{Date: "2026-11-29", Time: "13:00", Agent: "after", Text: "after the kills"})
	if err != nil {
		t.Fatal(err)
	}
	l, err := w.ReadLog(w.LogPath("2026-11-29"))
	if err != nil {
		t.Fatal(err)
	}
	payload := strings.Repeat("payload line of a long entry\n", (64<<10)/29)
	payload = strings.TrimSuffix(payload, "\n")
	found := map[string]bool{}
	for _, e := range l.Entries[:len(l.Entries)-1] {
		k := entryKey(e)
		if want := k + "\n" + payload; e.Text != want {
			t.Fatalf("entry %q at line %d is a fragment of a torn write (%d bytes, want %d)", k, e.LineStart, len(e.Text), len(want))
		}
		if acked[k] {
			if want := k + "\n" + payload; e.Text != want {
				t.Fatalf("acknowledged entry %q damaged (%d bytes, want %d)", k, len(e.Text), len(want))
			}
			found[k] = true
		}
	}
	for k := range acked {
		if !found[k] {
			t.Fatalf("acknowledged entry %q missing", k)
		}
	}
	if len(l.Warnings) > 0 {
		t.Fatalf("warnings: %q", l.Warnings)
	}
	if got := l.Entries[len(l.Entries)-1]; got.Text != last.Text || got.LineStart != last.LineStart {
		t.Fatalf("append after kills: %+v, want %+v", got, last)
	}
	t.Logf("%d acknowledged entries intact after 4 kills; %d entries in file", len(acked), len(l.Entries))
}
