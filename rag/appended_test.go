package rag

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
)

// dump lists every chunk the database holds, in order, text included.
func dump(t *testing.T, e *Engine) string {
	t.Helper()
	var b strings.Builder
	err := e.st.EachChunk(context.Background(), true, func(c chunk.Chunk) error {
		fmt.Fprintf(&b, "%s %s seq=%d %d-%d %s|%s|%v|%s\n", c.ID, c.Path, c.Seq, c.LineStart, c.LineEnd, c.Date, c.Time, c.Tags, c.Text)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestAppendedLogsMatchAFullIndex: a log indexed piece by piece as it
// grows (only the appended part read) ends up indexed exactly as a fresh
// index of the final files has it, chunks, line ranges, sessions and
// answers alike; edits that are not appends take the whole-file path.
func TestAppendedLogsMatchAFullIndex(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	if _, err := memory.Init(ctx, root, nil); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws, err := memory.OpenWith(root, memory.Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(ctx, ws, Options{Resident: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	words := strings.Fields("postgres kafka deploy canary rollback invoice stripe webhook cache latency token schema migration retry")
	appended := 0
	for i := range 60 {
		var text strings.Builder
		for j := range 6 + i%9 {
			text.WriteString(words[(i*7+j*3)%len(words)] + " ")
		}
		if i%13 == 0 {
			text.WriteString(strings.Repeat("a long entry that is split into pieces. ", 60))
		}
		if _, err := ws.Append(ctx, memory.Entry{Date: "2026-11-29", Time: fmt.Sprintf("10:%02d", i), Agent: "coder", Tags: []string{"t"}, Text: text.String()}); err != nil {
			t.Fatal(err)
		}
		if i%4 == 3 {
			if _, err := e.Search(ctx, Query{Text: "postgres", TopK: 5}); err != nil { // positions loaded
				t.Fatal(err)
			}
			st, err := e.Index(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			appended += st.Appended
		}
	}
	if appended < 10 {
		t.Fatalf("only %d index runs read just the appended part", appended)
	}
	// Not appends: a hand edit in the middle, text added to the last
	// entry, an entry equal to an earlier one.
	path := root + "/memory/2026-11-29.md"
	for _, edit := range []func(string) string{
		func(s string) string { return strings.Replace(s, "postgres", "postgresql", 1) },
		func(s string) string { return s + "added to the last entry by hand\n" },
	} {
		data, _ := os.ReadFile(path)
		if err := os.WriteFile(path, []byte(edit(string(data))), 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := e.Index(ctx, nil)
		if err != nil || st.Appended != 0 || st.Changed != 1 {
			t.Fatalf("an edit was taken for an append: %v %+v", err, st)
		}
	}
	for range 2 {
		if _, err := ws.Append(ctx, memory.Entry{Date: "2026-11-29", Time: "11:00", Agent: "coder", Text: "same words twice"}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Index(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	got := dump(t, e)
	queries := []string{"postgres kafka", "canary rollback", "split into pieces", "same words twice", "added by hand"}
	answers := func(e *Engine) string {
		var b strings.Builder
		for _, q := range queries {
			for _, r := range search(t, e, Query{Text: q, TopK: 10}) {
				fmt.Fprintf(&b, "%s %d-%d %.6f\n", r.ID, r.LineStart, r.LineEnd, r.Score)
			}
		}
		return b.String()
	}
	gotAnswers := answers(e)
	e.Close()
	if err := os.RemoveAll(IndexDir(ws)); err != nil {
		t.Fatal(err)
	}
	fresh := openIndexed(t, ws)
	if want := dump(t, fresh); got != want {
		t.Fatalf("chunks indexed by appends differ from a fresh index:\n%s\nfresh:\n%s", got, want)
	}
	if want := answers(fresh); gotAnswers != want {
		t.Fatalf("answers differ from a fresh index:\n%s\nfresh:\n%s", gotAnswers, want)
	}
}
