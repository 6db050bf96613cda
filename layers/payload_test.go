package layers

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/tokens"
)

func demo(t *testing.T) *memory.Workspace {
	t.Helper()
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws, err := memory.OpenWith("../fixtures/demo", memory.Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// sourceLines collects every line that may appear in the payload.
func sourceLines(t *testing.T, ws *memory.Workspace, pl *Payload) map[string]bool {
	t.Helper()
	ok := map[string]bool{"": true, "## Recent decisions": true, "## Open items": true, "## Recent activity": true}
	for _, p := range pl.Parts {
		for _, src := range p.Sources {
			data, err := os.ReadFile(filepath.Join(ws.Root(), src))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range memory.SplitLines(data) {
				ok[strings.TrimRight(l, " \t")] = true
			}
		}
	}
	return ok
}

func TestPayloadBudgets(t *testing.T) {
	ws := demo(t)
	for _, budget := range []int{150, 400, 1000, 3000, 20000} {
		pl, err := BuildPayload(context.Background(), ws, PayloadOptions{Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		if pl.Tokens > budget || tokens.Count(pl.Text) != pl.Tokens {
			t.Fatalf("budget %d: payload has %d tokens", budget, pl.Tokens)
		}
		// Priority order: a part only has lines if every earlier part kept all of its own.
		full := true
		for _, p := range pl.Parts {
			if p.Lines > 0 && !full {
				t.Fatalf("budget %d: part %s kept lines after an earlier part was trimmed", budget, p.Name)
			}
			if p.Dropped > 0 {
				full = false
			}
		}
		// Never cut mid-line: every line is a whole source line or a whole digest line.
		src := sourceLines(t, ws, pl)
		for _, l := range strings.Split(strings.TrimSuffix(pl.Text, "\n"), "\n") {
			if !src[l] && !(strings.HasPrefix(l, "- 2026-") && strings.HasSuffix(l, ")")) {
				t.Fatalf("budget %d: line not whole: %q", budget, l)
			}
		}
	}
	big, _ := BuildPayload(context.Background(), ws, PayloadOptions{Budget: 20000})
	if !strings.Contains(big.Text, "## Recent decisions") {
		t.Fatalf("no digest in a large budget")
	}
	for _, l := range strings.Split(big.Text, "\n") {
		if strings.HasPrefix(l, "- 2026-11-") && l[2:12] < "2026-11-23" {
			t.Fatalf("digest line outside the 7-day window: %q", l)
		}
	}
	if i, j := strings.Index(big.Text, "## Recent decisions"), strings.Index(big.Text, "## Open items"); i < 0 || j < i {
		t.Fatalf("decisions should come before open items")
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		e    memory.Entry
		want string
	}{
		{memory.Entry{Tags: []string{"decision"}, Text: "x"}, PartDecisions},
		{memory.Entry{Text: "We decided to use river for jobs."}, PartDecisions},
		{memory.Entry{Text: "Settled on maroto for PDFs."}, PartDecisions},
		{memory.Entry{Tags: []string{"task"}, Text: "x"}, PartOpen},
		{memory.Entry{Text: "ERROR: migration 0003 failed"}, PartOpen},
		{memory.Entry{Text: "- [ ] rotate the keys"}, PartOpen},
		{memory.Entry{Text: "Reviewed PR #41, looks good."}, PartRecent},
		// Work done or fixed is no open item, whatever it names.
		{memory.Entry{Tags: []string{"fix", "done"}, Text: "Fixed the failing integration tests"}, PartRecent},
		{memory.Entry{Tags: []string{"error", "fix"}, Text: "ERROR: login redirect broken; fixed the cookie path"}, PartRecent},
		{memory.Entry{Tags: []string{"resolved"}, Text: "Resolved: the broken login redirect now works"}, PartRecent},
		{memory.Entry{Tags: []string{"decision", "done"}, Text: "Went with river; migrated"}, PartDecisions},
		// A session's summary names decisions and errors among much else:
		// it is recent activity (it was filed under Recent decisions).
		{memory.Entry{Tags: []string{"compact-summary", "claude-code"}, Text: "1. Primary Request: ...\n2. Key decisions: we decided on pools.\n4. Errors: ERROR: lint failed"}, PartRecent},
		{memory.Entry{Tags: []string{"continuation", "claude-code"}, Text: "Continuation note (written before compaction).\n- Last step: we decided on pools\n- Todo: fix the lint error"}, PartRecent},
		{memory.Entry{Tags: []string{"progress", "claude-code"}, Text: "Fixed the failing test; the error is gone."}, PartRecent},
	}
	tags := tagParts()
	for _, tt := range tests {
		if got := classify(&tt.e, tags); got != tt.want {
			t.Errorf("classify(%q %v) = %s, want %s", tt.e.Text, tt.e.Tags, got, tt.want)
		}
	}
}

func TestWarmth(t *testing.T) {
	ls := []Learning{
		{Category: "other", Text: "misc"},
		{Category: "almost-did", Text: "almost dropped the prod db"},
		{Category: "gotcha", Text: "bleve waits silently on its lock"},
		{Category: "preference", Text: "alice wants small PRs"},
		{Category: "pattern", Text: "expand/backfill/contract migrations"},
	}
	w := SelectWarmth(ls, 1000)
	if len(w.Kept) != 5 || w.Kept[0].Category != "gotcha" || w.Kept[1].Category != "pattern" || w.Kept[4].Category != "other" {
		t.Fatalf("order: %+v", w.Kept)
	}
	tight := SelectWarmth(ls, tokens.Count("bleve waits silently on its lock\n")+tokens.Count("expand/backfill/contract migrations\n"))
	if len(tight.Kept) != 2 || tight.Kept[0].Category != "gotcha" || len(tight.Dropped) != 3 {
		t.Fatalf("tight: %+v", tight)
	}
	wl, err := WisdomLearnings(demo(t))
	if err != nil || len(wl) < 10 {
		t.Fatalf("wisdom learnings: %d %v", len(wl), err)
	}
	seen := map[string]bool{}
	for _, l := range wl {
		seen[l.Category] = true
	}
	if !seen["gotcha"] && !seen["pattern"] && !seen["preference"] {
		t.Fatalf("no categories recognized: %+v", seen)
	}
}

func TestKnowledgeLearnings(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	if _, err := memory.Init(ctx, root, nil); err != nil {
		t.Fatal(err)
	}
	ws, err := memory.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if ls, err := KnowledgeLearnings(ctx, nil); err != nil || len(ls) != 0 {
		t.Fatalf("no database: %v %v", ls, err)
	}
	ks, err := knowledge.Open(ctx, knowledge.DefaultPath(ws.StateDir()), knowledge.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range []knowledge.Item{
		{Kind: "note", Title: "deploys need a second pair of eyes", Tags: []string{"fragile"}},
		{Kind: "gotcha", Title: "bleve waits on its lock"},
		{Kind: "pattern", Title: "expand, backfill, contract"},
	} {
		if _, err := ks.AddItem(ctx, it); err != nil {
			t.Fatal(err)
		}
	}
	defer ks.Close()
	ls, err := KnowledgeLearnings(ctx, ks)
	if err != nil || len(ls) != 3 {
		t.Fatalf("%+v %v", ls, err)
	}
	w := SelectWarmth(ls, 10000)
	if got := []string{w.Kept[0].Category, w.Kept[1].Category, w.Kept[2].Category}; got[0] != "gotcha" || got[1] != "pattern" || got[2] != "fragile" {
		t.Fatalf("order %v", got)
	}
}

func TestDropEmptyHeadings(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"empty template", "# Memory summary\n\n## Current work\n\n## Decisions\n", ""},
		{"one section says something", "# Memory summary\n\n## Current work\n\n## Decisions\n- Use PostgreSQL.\n\n## Done\n",
			"# Memory summary\n\n## Decisions\n- Use PostgreSQL.\n"},
		{"a deeper heading that stays keeps its parent", "# Title\n## Parent\n### Deep\ntext\n## Empty\n",
			"# Title\n## Parent\n### Deep\ntext\n"},
		{"text under the title", "# Title\nintro\n## Empty\n", "# Title\nintro\n"},
		{"a code fence is text", "## Example\n```\n# not a heading\n```\n## Empty\n", "## Example\n```\n# not a heading\n```\n"},
		{"not headings", "#hashtag\n####### seven\n", "#hashtag\n####### seven\n"},
		{"indented code is text", "## Setup\n    # install deps\n    make\n## Empty\n", "## Setup\n    # install deps\n    make\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			lines := strings.Split(strings.TrimSuffix(tt.in, "\n"), "\n")
			// Runs of blank lines are fileLines' to collapse.
			got := strings.TrimRight(strings.Join(dropEmptyHeadings(lines), "\n"), "\n")
			for strings.Contains(got, "\n\n\n") {
				got = strings.ReplaceAll(got, "\n\n\n", "\n\n")
			}
			if want := strings.TrimSuffix(tt.want, "\n"); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestDigestWindow: the digest holds the logs of the window whether or not
// they were archived (archive's cutoff is a setting of its own), and no
// log dated past the window's end.
func TestDigestWindow(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	if _, err := memory.Init(ctx, root, nil); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 7, 18, 0, 0, 0, time.UTC)
	ws, err := memory.OpenWith(root, memory.Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	for date, text := range map[string]string{
		"2026-12-03": "Chose Kafka for the event bus (archived early)",
		"2026-12-06": "Chose Redis for sessions",
		"2027-12-06": "Chose Memcached (a typo of the year)",
		"2026-11-20": "Chose Postgres long ago",
	} {
		if _, err := ws.Append(ctx, memory.Entry{Date: date, Time: "09:00", Agent: "p", Tags: []string{"decision"}, Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	// Archived by hand, as `archive --older-than 1d` would.
	dst := filepath.Join(root, filepath.FromSlash(ws.ArchivePath("2026-12-03")))
	os.MkdirAll(filepath.Dir(dst), 0o755)
	if err := os.Rename(filepath.Join(root, "memory", "2026-12-03.md"), dst); err != nil {
		t.Fatal(err)
	}
	pl, err := BuildPayload(ctx, ws, PayloadOptions{Budget: 2000})
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]bool{"Kafka": true, "Redis": true, "Memcached": false, "Postgres": false} {
		if got := strings.Contains(pl.Text, text); got != want {
			t.Errorf("%s in the digest: %v, want %v\n%s", text, got, want, pl.Text)
		}
	}
	st, err := ReadStatus(ctx, ws, 7, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.L1.Recent.Files != 2 || st.L1.Recent.Archived != 1 {
		t.Errorf("status of the window: %+v", st.L1.Recent)
	}
}

// TestEmptyPayload: a new workspace (templates only) has nothing to inject:
// an empty text of no tokens, not a blank line.
func TestEmptyPayload(t *testing.T) {
	root := t.TempDir()
	if _, err := memory.Init(context.Background(), root, nil); err != nil {
		t.Fatal(err)
	}
	ws, err := memory.OpenWith(root, memory.Options{Location: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := BuildPayload(context.Background(), ws, PayloadOptions{Budget: 1000, WindowDays: 7})
	if err != nil || pl.Text != "" || pl.Tokens != 0 {
		t.Fatalf("payload %q, %d tokens, %v", pl.Text, pl.Tokens, err)
	}
}

// TestL3Unavailable: a shared store out of reach is said so, without its
// address; other failures send the reader to doctor.
func TestL3Unavailable(t *testing.T) {
	op := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	if n := L3Unavailable(fmt.Errorf("failed to connect to `user=archon_ci database=x`: %w", op)); strings.Contains(n, "archon_ci") || !strings.Contains(n, "cannot be reached") {
		t.Errorf("unreachable: %q", n)
	}
	if n := L3Unavailable(errors.New("database disk image is malformed")); !strings.Contains(n, "run archon doctor") {
		t.Errorf("damaged: %q", n)
	}
}
