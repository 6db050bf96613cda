package monitor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/archon-memory/archon/summarize"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/internal/convgen"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor/ctxlog"
)

func workspace(t *testing.T) *memory.Workspace {
	t.Helper()
	ws, err := memory.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// readLogs returns the text of every daily log in the workspace.
func readLogs(t *testing.T, ws *memory.Workspace) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(ws.Root(), "memory", "*.md"))
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}

var fixedNow = func() time.Time { return time.Date(2026, 11, 29, 14, 3, 0, 0, time.Local) }

// tuningFacts returns n facts of each kind of convgen's "tuning" set.
func tuningFacts(t *testing.T, seed uint64, n int) []convgen.Fact {
	t.Helper()
	facts, err := convgen.Set("tuning")
	if err != nil {
		t.Fatal(err)
	}
	return facts(seed, n)
}

// TestPrepareArchivesVerbatim compacts a conversation and checks that every
// message cut is in the daily log verbatim, planted facts included.
func TestPrepareArchivesVerbatim(t *testing.T) {
	ctx := context.Background()
	for _, f := range []conv.Format{conv.FormatOpenAI, conv.FormatAnthropic, conv.FormatClaudeCode} {
		t.Run(string(f), func(t *testing.T) {
			ws := workspace(t)
			facts := tuningFacts(t, 7, 3)
			c, _ := convgen.Generate(convgen.Options{Seed: 7, Tokens: 30000, Format: f, Facts: facts})
			m := newMonitor(t, Config{})
			log := ctxlog.Open(ws.StateDir())
			p, err := m.Prepare(ctx, c, PrepareOptions{CheckOptions: CheckOptions{Model: "gpt-4"}, Action: ActionCompact,
				Workspace: ws, Log: log, Now: fixedNow})
			if err != nil {
				t.Fatal(err)
			}
			if !p.Changed || len(p.Cut) == 0 || p.Saved <= 0 || len(p.Archived) == 0 {
				t.Fatalf("changed %v cut %d saved %d archived %d", p.Changed, len(p.Cut), p.Saved, len(p.Archived))
			}
			if p.After.Tokens > p.Before.TargetTokens*11/10 {
				t.Errorf("after %d tokens, target %d", p.After.Tokens, p.Before.TargetTokens)
			}
			logs := readLogs(t, ws)
			for i := range p.Cut {
				for _, part := range p.Cut[i].Parts {
					text := part.Text
					if part.Kind == conv.PartToolCall {
						text = string(part.Input)
					}
					for _, line := range strings.Split(text, "\n") {
						if line = strings.TrimSpace(line); line != "" && !strings.Contains(logs, line) {
							t.Fatalf("cut line not in the daily log: %q", line)
						}
					}
				}
			}
			// Every planted fact is somewhere: in the prepared context or the log.
			out, _ := conv.Marshal(p.Conv)
			for _, fact := range facts {
				if !strings.Contains(logs, fact.Key) && !strings.Contains(string(out), fact.Key) {
					t.Errorf("fact %q lost", fact.Key)
				}
			}
			if !strings.Contains(logs, "#checkpoint #context") {
				t.Errorf("no checkpoint entry heading:\n%.500s", logs)
			}
			events, _, _ := log.Recent(0)
			kinds := ""
			for _, e := range events {
				kinds += e.Kind + " "
			}
			if kinds != "check trigger compaction " {
				t.Errorf("logged %q", kinds)
			}
			if last := events[len(events)-1]; last.TokensBefore != p.Before.Tokens || last.Saved != p.Saved || last.Archive == "" {
				t.Errorf("compaction event %+v", last)
			}
			// The prepared conversation writes back in its format.
			back, err := conv.ParseBytes(out, f)
			if err != nil || len(back.Messages) != len(p.Conv.Messages) {
				t.Fatalf("re-parse: %v", err)
			}
		})
	}
}

// TestProtocol runs the auto-summarize protocol twice at the critical level.
func TestProtocol(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	m := newMonitor(t, Config{KeepRecent: 6})
	facts := tuningFacts(t, 11, 3)
	c, _ := convgen.Generate(convgen.Options{Seed: 11, Tokens: 110_000, Format: conv.FormatAnthropic, Facts: facts})
	opt := PrepareOptions{CheckOptions: CheckOptions{Model: "claude-sonnet-4-5"}, Workspace: ws, Log: ctxlog.Open(ws.StateDir()), Now: fixedNow}
	p, err := m.Prepare(ctx, c, opt)
	if err != nil {
		t.Fatal(err)
	}
	if p.Before.Level != "critical" || p.Action != ActionAutoSummarize {
		t.Fatalf("level %s action %s at %.0f%%", p.Before.Level, p.Action, p.Before.Percent)
	}
	summary, err := os.ReadFile(ws.SummaryPath())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(summary), "# Memory summary") || p.SummaryPath != ws.SummaryPath() || p.HistoryPath != "" {
		t.Errorf("summary file %q history %q:\n%.300s", p.SummaryPath, p.HistoryPath, summary)
	}
	// The trimmed context: system, the summary, then the recent turns.
	msgs := p.Conv.Messages
	if msgs[0].Role != conv.RoleSystem || !msgs[1].CompactSummary || !strings.Contains(msgs[1].Text(), "Memory summary") {
		t.Fatalf("trimmed context starts %s %v", msgs[0].Role, msgs[1].CompactSummary)
	}
	if n := len(msgs); n > 2+6+4 {
		t.Errorf("kept %d messages", n)
	}
	if p.After.Percent >= 40 {
		t.Errorf("after %.0f%%", p.After.Percent)
	}
	logs := readLogs(t, ws)
	out, _ := conv.Marshal(p.Conv)
	for _, fact := range facts {
		if !strings.Contains(logs, fact.Key) && !strings.Contains(string(out), fact.Key) {
			t.Errorf("fact %q neither archived nor kept", fact.Key)
		}
	}
	if !strings.Contains(logs, "MEMORY_SUMMARY.md was rewritten") {
		t.Error("archive entry does not say the summary was rewritten")
	}
	// A second run keeps the first summary in the history.
	opt.Now = func() time.Time { return fixedNow().Add(time.Hour) }
	p2, err := m.Prepare(ctx, c, opt)
	if err != nil {
		t.Fatal(err)
	}
	if p2.HistoryPath == "" {
		t.Fatal("no history file")
	}
	old, _ := os.ReadFile(p2.HistoryPath)
	if string(old) != string(summary) {
		t.Error("history file is not the previous summary")
	}
	if _, err := os.Stat(filepath.Join(ws.StateDir(), HistoryDir, "dates.json")); err != nil {
		t.Errorf("dates.json: %v", err)
	}
	events, _, _ := ctxlog.Open(ws.StateDir()).Recent(0)
	if events[len(events)-1].Kind != ctxlog.KindProtocol {
		t.Errorf("last event %+v", events[len(events)-1])
	}
}

func TestGate(t *testing.T) {
	ctx := context.Background()
	small, _ := convgen.Generate(convgen.Options{Seed: 1, Tokens: 3000})
	big, _ := convgen.Generate(convgen.Options{Seed: 2, Tokens: 110_000})
	huge := &conv.Conversation{Format: conv.FormatOpenAI, Messages: []conv.Message{
		conv.NewText(conv.RoleUser, strings.Repeat("one enormous user message that cannot be cut ", 20000)),
	}}
	tests := []struct {
		name    string
		c       *conv.Conversation
		model   string
		profile string
		want    Decision
		code    int
	}{
		{"small proceeds", small, "gpt-4o", "grid", Proceed, 0},
		{"grid compresses", big, "gpt-4o", "grid", Compressed, 3},
		{"window compresses under 80", big, "gpt-4o", "window", Compressed, 3},
		{"archon protocol compresses", big, "gpt-4o", "archon", Compressed, 3},
		{"overflow that cannot be cut blocks", huge, "gpt-4o", "grid", Block, 2},
		{"overflow that cannot be cut blocks whatever the profile", huge, "gpt-4o", "archon", Block, 2},
		{"overflow that cannot be cut blocks in the window profile", huge, "gpt-4o", "window", Block, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := newMonitor(t, Config{}).Gate(ctx, tt.c, PrepareOptions{CheckOptions: CheckOptions{Model: tt.model, Profile: tt.profile}})
			if err != nil {
				t.Fatal(err)
			}
			if g.Decision != tt.want || g.ExitCode != tt.code {
				t.Errorf("decision %s (%d), want %s (%d): %s", g.Decision, g.ExitCode, tt.want, tt.code, g.Reason)
			}
		})
	}
}

func TestSummarizeToWorkspace(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	m := newMonitor(t, Config{})
	c, _ := convgen.Generate(convgen.Options{Seed: 5, Tokens: 8000, Facts: tuningFacts(t, 5, 2)})
	s, hist, err := m.SummarizeToWorkspace(ctx, ws, c.Messages, nil, "gpt-4o", fixedNow())
	if err != nil || hist != "" || s.Tokens > 500 {
		t.Fatalf("first: %v %q %d", err, hist, s.Tokens)
	}
	_, hist, err = m.SummarizeToWorkspace(ctx, ws, c.Messages[:5], nil, "gpt-4o", fixedNow().Add(time.Minute))
	if err != nil || hist == "" {
		t.Fatalf("second: %v %q", err, hist)
	}
	now, _ := os.ReadFile(ws.SummaryPath())
	// Items of the first summary (but what was current then) are carried
	// over into the second.
	carried := 0
	for _, sec := range s.Sections {
		if sec.Name == summarize.SecCurrent {
			continue
		}
		for _, it := range sec.Items {
			if strings.Contains(string(now), it) {
				carried++
			}
		}
	}
	if carried == 0 {
		t.Errorf("no item of the first summary carried over:\n%s", now)
	}
}

// appender is a slow summarizer whose summary is the previous one and
// its own line: what a real one carries over, reduced to a line.
type appender struct{ line string }

func (a appender) Summarize(ctx context.Context, _ []conv.Message, opt summarize.Options) (*summarize.Summary, error) {
	time.Sleep(30 * time.Millisecond) // both read the file before either writes
	md := strings.TrimRight(opt.Previous, "\n") + "\n- " + a.line + "\n"
	return &summarize.Summary{Markdown: md}, nil
}

// TestConcurrentSummariesMerge: two sessions summarizing at the same
// moment both end up in MEMORY_SUMMARY.md; the later write summarizes
// again over the earlier one instead of writing over it.
func TestConcurrentSummariesMerge(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	m := newMonitor(t, Config{})
	c, _ := convgen.Generate(convgen.Options{Seed: 5, Tokens: 2000})
	var wg sync.WaitGroup
	for _, line := range []string{"from session A", "from session B"} {
		wg.Go(func() {
			if _, _, err := m.SummarizeToWorkspace(ctx, ws, c.Messages, appender{line}, "gpt-4o", fixedNow()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, _ := os.ReadFile(ws.SummaryPath())
	for _, line := range []string{"from session A", "from session B"} {
		if !strings.Contains(string(got), line) {
			t.Errorf("summary lost %q:\n%s", line, got)
		}
	}
}

// TestHandSectionsKept: sections a person added to MEMORY_SUMMARY.md under
// titles that name none of the summary's are kept as written, after the
// summary's own, through any number of rewrites.
func TestHandSectionsKept(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	m := newMonitor(t, Config{})
	c, _ := convgen.Generate(convgen.Options{Seed: 5, Tokens: 4000, Facts: tuningFacts(t, 5, 2)})
	if _, _, err := m.SummarizeToWorkspace(ctx, ws, c.Messages, nil, "gpt-4o", fixedNow()); err != nil {
		t.Fatal(err)
	}
	hand := "## Standing instructions (written by me)\n- Never deploy on Fridays.\n\n```md\n## not a heading\n```\n\n## On-call\nThe phone is 555-0100."
	b, _ := os.ReadFile(ws.SummaryPath())
	lead := "Tessera is the project's code name: use it in commits."
	first, body, _ := strings.Cut(string(b), "\n## ")
	os.WriteFile(ws.SummaryPath(), []byte(first+"\n"+lead+"\n\n## "+body+"\n"+hand+"\n"), 0o644)
	for i := range 2 {
		s, _, err := m.SummarizeToWorkspace(ctx, ws, c.Messages[:10], nil, "gpt-4o", fixedNow().Add(time.Duration(i+1)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		now, _ := os.ReadFile(ws.SummaryPath())
		if !strings.HasSuffix(string(now), "\n\n"+hand+"\n") || strings.Count(string(now), "Never deploy") != 1 || !strings.Contains(string(now), "## Key points") ||
			strings.Count(string(now), lead) != 1 || strings.Index(string(now), lead) > strings.Index(string(now), "\n## ") {
			t.Fatalf("rewrite %d:\n%s", i+1, now)
		}
		if s.Tokens <= 0 {
			t.Fatalf("tokens %d", s.Tokens)
		}
	}
}

func TestSplitHand(t *testing.T) {
	own := map[string]bool{"Open questions": true} // an LLM's own title, written last time
	for _, tc := range []struct{ in, lead, hand string }{
		{"# Memory summary\n_Updated_\n\n## Decisions\n- a\n", "", ""},
		{"# Memory summary\n_Updated 2026-12-01 10:00 · 9 messages summarized_\n\nTessera is the code name; say it.\n\n## Decisions\n- a\n",
			"Tessera is the code name; say it.", ""},
		{"# Memory summary\n\n<!-- L1: always loaded.\n     kept short. -->\n\n## Current work\n", "", ""},
		{"# Memory summary\n\n## Decisions\n- a\n\n## Runbook\nstep 1\n\n## Pending tasks\n- b\n", "", "## Runbook\nstep 1"},
		{"## My preferences\n- tabs\n", "", "## My preferences\n- tabs"}, // not the summary's "User preferences"
		{"## Profile\n- on call\n", "", "## Profile\n- on call"},
		{"## Open questions\n- which region?\n", "", ""},
		{"## Notes\n```\n## Errors\n```\n## Errors\n- x\n", "", "## Notes\n```\n## Errors\n```"},
	} {
		rest, lead, hand := splitHand(tc.in, own)
		if lead != tc.lead || hand != tc.hand || !strings.Contains(rest+hand, strings.TrimSpace(tc.in)[:5]) {
			t.Errorf("splitHand(%q) = %q, %q, %q; want lead %q, hand %q", tc.in, rest, lead, hand, tc.lead, tc.hand)
		}
		if strings.Count(rest+"\n"+lead+"\n"+hand, "\n") < strings.Count(strings.TrimSpace(tc.in), "\n") {
			t.Errorf("splitHand(%q) lost lines: %q + %q + %q", tc.in, rest, lead, hand)
		}
	}
}

// TestHandSectionsNotSummarized: a summarizer that carries the previous
// summary's sections over (an LLM asked to keep what is still true) and
// writes a section of its own does not make a person's section grow a
// copy at each rewrite, nor does its own section become a person's.
func TestHandSectionsNotSummarized(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	hand := "## Standing instructions\n- Never deploy on Fridays."
	os.WriteFile(ws.SummaryPath(), []byte("# Memory summary\n\n## Decisions\n- Chose PostgreSQL.\n\n"+hand+"\n"), 0o644)
	carry := func(opt summarize.Options) (*summarize.Summary, error) {
		if strings.Contains(opt.Previous, "Never deploy") {
			t.Errorf("the summarizer was given a person's section:\n%s", opt.Previous)
		}
		secs := summarize.ParseSections(opt.Previous)
		if !slices.ContainsFunc(secs, func(s summarize.Section) bool { return s.Name == "Open questions" }) {
			secs = append(secs, summarize.Section{Name: "Open questions", Items: []string{"Which region?"}})
		}
		return &summarize.Summary{Markdown: summarize.Render("_Updated_", secs), Sections: secs}, nil
	}
	for i := range 3 {
		if _, _, err := summarizeOver(ctx, ws, summarize.Options{}, fixedNow().Add(time.Duration(i)*time.Minute), carry); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(ws.SummaryPath())
		if strings.Count(string(b), "Never deploy") != 1 || strings.Count(string(b), "## Open questions") != 1 || !strings.HasSuffix(string(b), hand+"\n") {
			t.Fatalf("rewrite %d:\n%s", i+1, b)
		}
	}
}

// TestArchiveMessageOverAnEntry: a message larger than a daily-log entry
// may be (a pasted file of 5 MB, one line of it 3.5 MB) is archived over
// parts, whole: its longest line is in them once, put back together.
func TestArchiveMessageOverAnEntry(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	long := strings.Repeat("é", 1_750_000) // 3.5 MB on one line, two bytes a character
	big := "first line\n" + long + "\n" + strings.Repeat("short line of the paste\n", 70_000)
	msgs := []conv.Message{conv.NewText(conv.RoleUser, "before"), conv.NewText(conv.RoleUser, big), conv.NewText(conv.RoleAssistant, "after")}
	es, err := ArchiveMessages(ctx, ws, msgs, ArchiveInfo{Action: ActionCompact, Level: "critical", Now: fixedNow()})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) < 3 {
		t.Fatalf("%d entries", len(es))
	}
	var joined strings.Builder
	for _, e := range es {
		_, body, _ := strings.Cut(e.Text, "\n\n")
		joined.WriteString(body)
	}
	if strings.Count(joined.String(), long) != 1 || !strings.Contains(joined.String(), "short line of the paste\nshort line") ||
		!strings.Contains(es[len(es)-1].Text, "after") || !strings.Contains(es[1].Text, "Part 2 of") {
		t.Fatalf("the parts do not hold the message whole")
	}
}

// TestArchiveWithinTheEntryLimit: a workspace with a smaller entry limit
// (log.max_entry_bytes) gets parts below it.
func TestArchiveWithinTheEntryLimit(t *testing.T) {
	for _, limit := range []int{1 << 20, 1024} { // 1024: the least log.max_entry_bytes takes
		ws, err := memory.OpenWith(t.TempDir(), memory.Options{MaxEntryBytes: limit})
		if err != nil {
			t.Fatal(err)
		}
		msgs := []conv.Message{conv.NewText(conv.RoleUser, strings.Repeat("a line of a pasted log\n", limit/8))} // about 3 limits
		es, err := ArchiveMessages(context.Background(), ws, msgs, ArchiveInfo{Action: ActionCompact, Level: "critical", Model: "claude-sonnet-4-5", Limit: 160_000, Now: fixedNow()})
		if err != nil || len(es) < 3 {
			t.Fatalf("limit %d: %d entries, %v", limit, len(es), err)
		}
	}
}

// prose is a summarizer that writes prose under the title, no sections (an
// LLM may), and remembers the previous summary it was given.
type prose struct {
	n    *int
	prev *string
}

func (p prose) Summarize(_ context.Context, _ []conv.Message, opt summarize.Options) (*summarize.Summary, error) {
	*p.n++
	*p.prev = opt.Previous
	return &summarize.Summary{Markdown: fmt.Sprintf("# Memory summary\n_Updated round %d_\n\nRound %d: the plan holds.\n", *p.n, *p.n)}, nil
}

// TestProseSummaryIsArchons: prose archon wrote under the title is its own
// to rewrite, given to the summarizer as the previous summary, not kept as
// a person's text; a person's text added beside it is kept.
func TestProseSummaryIsArchons(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	m := newMonitor(t, Config{})
	var n int
	var prev string
	s := prose{&n, &prev}
	c, _ := convgen.Generate(convgen.Options{Seed: 5, Tokens: 3000})
	for i := range 3 {
		if _, _, err := m.SummarizeToWorkspace(ctx, ws, c.Messages, s, "gpt-4o", fixedNow().Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	now, _ := os.ReadFile(ws.SummaryPath())
	if strings.Count(string(now), "the plan holds") != 1 || !strings.Contains(prev, "Round 2") {
		t.Fatalf("after three rewrites:\n%s\n(previous given: %q)", now, prev)
	}
	hand := "Tessera is the code name."
	os.WriteFile(ws.SummaryPath(), []byte(strings.Replace(string(now), "\nRound 3", "\n"+hand+"\n\nRound 3", 1)), 0o644)
	if _, _, err := m.SummarizeToWorkspace(ctx, ws, c.Messages, s, "gpt-4o", fixedNow().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if now, _ = os.ReadFile(ws.SummaryPath()); !strings.Contains(string(now), hand) || !strings.Contains(string(now), "Round 4") {
		t.Fatalf("with a person's line beside the prose:\n%s", now)
	}
}

// TestSummaryHasNoControlCharacters: a NUL or an escape sequence quoted
// from the conversation does not reach MEMORY_SUMMARY.md, which people
// read and every session loads (the log refuses a NUL).
func TestSummaryHasNoControlCharacters(t *testing.T) {
	ws := workspace(t)
	m := newMonitor(t, Config{})
	msgs := []conv.Message{{Role: conv.RoleUser, Parts: []conv.Part{{Kind: conv.PartText, Text: "Decision: we use the \x00 sentinel and print \x1b[31mred\x1b[0m errors."}}}}
	if _, _, err := m.SummarizeToWorkspace(context.Background(), ws, msgs, nil, "gpt-4o", fixedNow()); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(ws.SummaryPath())
	if i := strings.IndexFunc(string(b), func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' }); i >= 0 {
		t.Fatalf("control character %q at %d:\n%q", b[i], i, b)
	}
	if !strings.Contains(string(b), "sentinel") {
		t.Fatalf("the decision is lost:\n%s", b)
	}
}
