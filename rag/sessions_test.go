package rag

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

func TestSessionWriter(t *testing.T) {
	t0 := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		n     int
		after time.Duration // since the first write
		write bool
	}{
		{"small file: always at once", sessionLarge - 1, time.Millisecond, true},
		{"large file: waits", sessionLarge, sessionEvery / 2, false},
		{"large file: due", sessionLarge, sessionEvery, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := sessionWriter{loaded: true, written: map[string]time.Time{}, pending: map[string]bool{}}
			if !w.write("a.md", tt.n, t0) {
				t.Fatal("a first write waits")
			}
			if got := w.write("a.md", tt.n, t0.Add(tt.after)); got != tt.write {
				t.Fatalf("write = %v, want %v", got, tt.write)
			}
			if w.pending["a.md"] == tt.write {
				t.Fatalf("pending = %v", w.pending)
			}
		})
	}
	w := sessionWriter{loaded: true, written: map[string]time.Time{"a.md": t0, "b.md": t0}, pending: map[string]bool{"a.md": true, "b.md": true, "gone.md": true}}
	present := map[string]bool{"a.md": true, "b.md": true}
	if d := w.due(t0.Add(time.Second), present, nil); len(d) != 0 {
		t.Fatalf("due too early: %v", d)
	}
	if w.pending["gone.md"] {
		t.Fatal("a file gone from the workspace stays pending")
	}
	if d := w.due(t0.Add(sessionEvery), present, nil); strings.Join(d, ",") != "a.md,b.md" || len(w.pending) != 0 {
		t.Fatalf("due %v, pending %v", d, w.pending)
	}
}

// TestLargeLogSessionCatchesUp checks that the session document of a long,
// fast-growing log, left pending by an index run, is written by a later
// run, and by the next engine when the process ends first.
func TestLargeLogSessionCatchesUp(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	var b strings.Builder
	b.WriteString("# 2026-11-29\n")
	for i := range sessionLarge {
		fmt.Fprintf(&b, "\n## %02d:%02d alice\nRoutine note %d about the build.\n", i/60%24, i%60, i)
	}
	abs, _ := ws.Path("memory/2026-11-29.md")
	if err := os.WriteFile(abs, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := Open(ctx, ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(abs, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "\n## 23:59 alice\nzqsession marker entry.\n")
	f.Close()
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	pending := func(e *Engine) string {
		v, err := e.st.Meta(ctx, metaSessionsPending)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if p := pending(e); p != "memory/2026-11-29.md" {
		t.Fatalf("pending sessions %q right after an append", p)
	}
	if hits := search(t, e, Query{Text: "zqsession"}); len(hits) == 0 {
		t.Fatal("the new entry is not searchable while its session waits")
	}
	e.Close()
	e2, err := Open(ctx, ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	if _, err := e2.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if p := pending(e2); p != "" {
		t.Fatalf("pending sessions %q after a restart", p)
	}
	hits, err := e2.ft.SearchSessions(ctx, parseQuery(e2.ft.Analyzer(), "zqsession", nil).terms, []string{"memory/2026-11-29.md"})
	if err != nil || len(hits) != 1 {
		t.Fatalf("session document not updated: %v %v", hits, err)
	}
}
