package claudecode

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

// benchTranscripts returns the real Claude Code sessions of
// ../shared/bench/transcripts, skipping when they are not here (they are
// never committed).
func benchTranscripts(t *testing.T) []string {
	t.Helper()
	paths, _ := filepath.Glob("../../../shared/bench/transcripts/*/transcript.jsonl")
	if len(paths) == 0 {
		t.Skip("../shared/bench/transcripts is not here")
	}
	return paths
}

// squash normalises white space, as the daily log keeps text with its
// trailing spaces and blank lines trimmed.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestCheckpointKeepsRealSessions runs PreCompact on real sessions: every
// user prompt and every assistant text of the transcript is in the daily
// log afterwards, search finds a sample of them at the lines it names,
// and the recovery after compaction names the branch and the pending work.
func TestCheckpointKeepsRealSessions(t *testing.T) {
	for _, path := range benchTranscripts(t) {
		t.Run(filepath.Base(filepath.Dir(path)), func(t *testing.T) {
			ctx := context.Background()
			f := newFixture(t)
			tr := copyTranscript(t, path)
			start := time.Now()
			out, err := f.h.Handle(ctx, event(PreCompact, tr))
			if err != nil {
				t.Fatal(err)
			}
			took := time.Since(start)
			logged := ""
			for _, e := range f.entries(t) {
				logged += squash(e.Text) + "\n"
			}
			c, err := readChunk(tr, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			for i := range c.Conv.Messages {
				m := &c.Conv.Messages[i]
				if m.Role != conv.RoleUser && m.Role != conv.RoleAssistant {
					continue
				}
				for _, p := range m.Parts {
					if p.Kind == conv.PartText && strings.TrimSpace(p.Text) != "" {
						texts = append(texts, squash(p.Text))
					}
				}
			}
			missing := 0
			for _, s := range texts {
				if !strings.Contains(logged, s) {
					missing++
					if missing <= 3 {
						t.Errorf("not in the daily log: %.120q", s)
					}
				}
			}
			t.Logf("%d texts, %d missing; PreCompact took %s; %d instruction bytes", len(texts), missing, took.Round(time.Millisecond), len(out.Instructions))

			// Search finds a sample of the prompts at the lines it names.
			if _, err := f.m.Index(ctx, app.IndexRequest{}); err != nil {
				t.Fatal(err)
			}
			found, tried := 0, 0
			for i := range c.Conv.Messages {
				m := &c.Conv.Messages[i]
				if !isPrompt(m) || len(strings.Fields(m.Text())) < 6 || tried == 5 {
					continue
				}
				tried++
				words := strings.Fields(m.Text())
				q := strings.Join(words[:min(len(words), 12)], " ")
				resp, err := f.m.Search(ctx, app.SearchRequest{Query: q, TopK: 5, Tags: []string{"checkpoint"}})
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range resp.Results {
					data, _ := os.ReadFile(filepath.Join(f.ws.Root(), r.Path))
					lines := strings.Split(string(data), "\n")
					if r.LineEnd <= len(lines) && strings.Contains(squash(strings.Join(lines[r.LineStart-1:r.LineEnd], "\n")), squash(words[0]+" "+words[1])) {
						found++
						break
					}
				}
			}
			if tried > 0 && found < tried-1 {
				t.Errorf("search found %d of %d prompts at their lines", found, tried)
			}

			rec := event(SessionStart, tr)
			rec.Source = "compact"
			out, err = f.h.Handle(ctx, rec)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.Context, "Branch: ") || !strings.Contains(out.Context, "Continuation note") {
				t.Errorf("recovery:\n%s", out.Context)
			}
			if n := tokens.Count(out.Context); n > RecoveryBudget {
				t.Errorf("recovery is %d tokens, over %d", n, RecoveryBudget)
			}
		})
	}
}
