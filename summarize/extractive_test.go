package summarize

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

// sessionInputs is one agent session in the three formats.
var sessionInputs = map[conv.Format]string{
	conv.FormatClaudeCode: `{"type":"user","cwd":"/home/u/app","message":{"role":"user","content":"Fix the flaky login test in auth/login_test.go and commit it"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"TodoWrite","input":{"todos":[{"content":"Find why TestLoginRetry flakes","status":"completed"},{"content":"Patch the retry loop","status":"in_progress"},{"content":"Run the suite","status":"pending"}]}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Edit","input":{"file_path":"/home/u/app/auth/retry.go","old_string":"a","new_string":"b"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"updated"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t3","name":"Bash","input":{"command":"git commit -am \"fix: bound the login retry loop\""}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t3","content":"[main 3f9c2ab] fix: bound the login retry loop\n 1 file changed"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t4","name":"Bash","input":{"command":"go test ./auth/"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t4","is_error":true,"content":"Exit code 1\n--- FAIL: TestLoginRetry (0.02s)\n    login_test.go:41: expected 3 attempts, got 4\nFAIL"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"The retry counter starts at one, so TestLoginRetry sees an extra attempt. Next I will start the counter at zero."}]}}
`,
	conv.FormatAnthropic: `[{"role":"user","content":"Fix the flaky login test in auth/login_test.go and commit it"},
{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"TodoWrite","input":{"todos":[{"content":"Find why TestLoginRetry flakes","status":"completed"},{"content":"Patch the retry loop","status":"in_progress"},{"content":"Run the suite","status":"pending"}]}}]},
{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},
{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"str_replace_based_edit_tool","input":{"command":"str_replace","path":"auth/retry.go","old_str":"a","new_str":"b"}}]},
{"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"updated"}]},
{"role":"assistant","content":[{"type":"tool_use","id":"t3","name":"bash","input":{"command":"git commit -am 'fix: bound the login retry loop'"}}]},
{"role":"user","content":[{"type":"tool_result","tool_use_id":"t3","content":"[main 3f9c2ab] fix: bound the login retry loop"}]},
{"role":"assistant","content":[{"type":"tool_use","id":"t4","name":"bash","input":{"command":"go test ./auth/"}}]},
{"role":"user","content":[{"type":"tool_result","tool_use_id":"t4","is_error":true,"content":"--- FAIL: TestLoginRetry (0.02s)\n    login_test.go:41: expected 3 attempts, got 4"}]},
{"role":"assistant","content":"The retry counter starts at one, so TestLoginRetry sees an extra attempt. Next I will start the counter at zero."}]`,
	conv.FormatOpenAI: `[{"role":"user","content":"Fix the flaky login test in auth/login_test.go and commit it"},
{"role":"assistant","content":null,"tool_calls":[{"id":"t1","type":"function","function":{"name":"update_plan","arguments":"{\"plan\":[{\"step\":\"Find why TestLoginRetry flakes\",\"status\":\"completed\"},{\"step\":\"Patch the retry loop\",\"status\":\"in_progress\"},{\"step\":\"Run the suite\",\"status\":\"pending\"}]}"}}]},
{"role":"tool","tool_call_id":"t1","content":"ok"},
{"role":"assistant","content":null,"tool_calls":[{"id":"t2","type":"function","function":{"name":"apply_patch","arguments":"{\"input\":\"*** Begin Patch\\n*** Update File: auth/retry.go\\n@@\\n-a\\n+b\\n*** End Patch\"}"}}]},
{"role":"tool","tool_call_id":"t2","content":"Done"},
{"role":"assistant","content":null,"tool_calls":[{"id":"t3","type":"function","function":{"name":"shell","arguments":"{\"command\":\"git commit -am \\\"fix: bound the login retry loop\\\"\"}"}}]},
{"role":"tool","tool_call_id":"t3","content":"[main 3f9c2ab] fix: bound the login retry loop"},
{"role":"assistant","content":"The retry counter starts at one, so TestLoginRetry sees an extra attempt. Next I will start the counter at zero."}]`,
}

func TestSessionStructure(t *testing.T) {
	ctx := context.Background()
	for f, in := range sessionInputs {
		t.Run(string(f), func(t *testing.T) {
			c, err := conv.ParseBytes([]byte(in), f)
			if err != nil {
				t.Fatal(err)
			}
			sum, err := NewExtractive().Summarize(ctx, c.SummaryInput(), Options{TargetTokens: 400, Now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)})
			if err != nil {
				t.Fatal(err)
			}
			want := []string{
				"## Current work", "Task: Fix the flaky login test", "In progress: Patch the retry loop", "Next: Run the suite",
				"Committed: fix: bound the login retry loop (3f9c2ab)", "retry.go", "Find why TestLoginRetry flakes",
				"Next I will start the counter at zero",
			}
			if f != conv.FormatOpenAI { // OpenAI tool results carry no error flag
				want = append(want, "Failing: go test ./auth/: --- FAIL: TestLoginRetry")
			}
			for _, w := range want {
				if !strings.Contains(sum.Markdown, w) {
					t.Errorf("summary lacks %q:\n%s", w, sum.Markdown)
				}
			}
			if sum.Tokens > 400 {
				t.Errorf("%d tokens, over 400", sum.Tokens)
			}
		})
	}
}

func TestRejectedCommitAndQueuedPrompt(t *testing.T) {
	in := `{"type":"user","message":{"role":"user","content":"Ship the release notes"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"git commit -m \"docs: release notes\""}}]}}
{"type":"queue-operation","operation":"enqueue","content":"also mention the CLI_TOKEN rename"}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"The user doesn't want to proceed with this tool use. The tool use was rejected. To tell you how to proceed, the user said:\nsquash it into the previous commit instead"}]}}
`
	c, err := conv.ParseBytes([]byte(in), conv.FormatClaudeCode)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := NewExtractive().Summarize(context.Background(), c.SummaryInput(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"also mention the CLI_TOKEN rename", "squash it into the previous commit instead"} {
		if !strings.Contains(sum.Markdown, w) {
			t.Errorf("summary lacks %q:\n%s", w, sum.Markdown)
		}
	}
	for _, bad := range []string{"Committed:", "doesn't want to proceed"} {
		if strings.Contains(sum.Markdown, bad) {
			t.Errorf("summary has %q:\n%s", bad, sum.Markdown)
		}
	}
}

func TestHostSummaryCondensed(t *testing.T) {
	host := "Summary:\n1. Primary Request and Intent:\n   The user asked to migrate the billing jobs to Temporal.\n\n" +
		"2. Key Technical Concepts:\n   - Temporal workflows\n   - Idempotency keys\n\n" +
		"7. Pending Tasks:\n   - Backfill invoice_totals for March\n\n" +
		"8. Current Work:\n   Rewriting ChargeWorkflow in billing/charge.go to retry on 503.\n   The change was:\n   ```go\n   retry(503)\n   ```\n\n" +
		"9. Optional Next Step:\n   Run the billing integration suite.\n"
	msgs := []conv.Message{conv.NewText(conv.RoleUser, "hi")}
	h := conv.NewText(conv.RoleUser, host)
	h.CompactSummary = true
	msgs = append(msgs, h, conv.NewText(conv.RoleAssistant, "Continuing with the workflow rewrite."))
	sum, err := NewExtractive().Summarize(context.Background(), msgs, Options{TargetTokens: 200})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"migrate the billing jobs to Temporal", "Backfill invoice_totals for March", "Rewriting ChargeWorkflow", "Run the billing integration suite"} {
		if !strings.Contains(sum.Markdown, w) {
			t.Errorf("summary lacks %q:\n%s", w, sum.Markdown)
		}
	}
	secs := map[string]string{}
	for _, s := range sum.Sections {
		secs[s.Name] = strings.Join(s.Items, "\n")
	}
	if !strings.Contains(secs[SecTasks], "Backfill") || !strings.Contains(secs[SecCurrent], "ChargeWorkflow") {
		t.Errorf("host sections not kept apart: %+v", secs)
	}
	if strings.Contains(sum.Markdown, "The change was:") {
		t.Errorf("a lead-in whose list did not follow is no item:\n%s", sum.Markdown)
	}
}

func TestBudgetAndCounter(t *testing.T) {
	c, err := conv.ParseBytes([]byte(sessionInputs[conv.FormatClaudeCode]), conv.FormatClaudeCode)
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []int{60, 120, 250, 600} {
		for _, counter := range []tokens.Counter{tokens.ForModel("gpt-4"), tokens.ForModel("gpt-4o"), tokens.ForModel("claude-sonnet-4")} {
			sum, err := NewExtractive().Summarize(context.Background(), c.SummaryInput(), Options{TargetTokens: target, Counter: counter})
			if err != nil {
				t.Fatal(err)
			}
			if n := counter.Count(sum.Markdown); n > target || n != sum.Tokens {
				t.Errorf("target %d (%s): %d tokens, reported %d", target, counter.Encoding(), n, sum.Tokens)
			}
		}
	}
}

func TestPreviousCarriedOver(t *testing.T) {
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	prev := Render("", []Section{
		{Name: SecCurrent, Items: []string{"Task: something from last week"}},
		{Name: SecDecisions, Items: []string{"Use SQLite for the cache", "Use Redis for sessions"}},
		{Name: SecContext, Items: []string{"Files: old/path.go"}},
	})
	dates := map[string]string{ItemKey("Use Redis for sessions"): "2026-11-01"}
	sum, err := NewExtractive().Summarize(context.Background(), []conv.Message{conv.NewText(conv.RoleUser, "Let's look at the parser today.")},
		Options{Previous: prev, PreviousDates: dates, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sum.Markdown, "Use SQLite for the cache") || !strings.Contains(sum.Markdown, "old/path.go") {
		t.Errorf("fresh previous items dropped:\n%s", sum.Markdown)
	}
	if strings.Contains(sum.Markdown, "Redis") || strings.Contains(sum.Markdown, "last week") {
		t.Errorf("stale or current items carried:\n%s", sum.Markdown)
	}
	if sum.Dates[ItemKey("Use SQLite for the cache")] != "2026-12-01" {
		t.Errorf("dates = %v", sum.Dates)
	}
	// A session with files of its own lists them alone: a fresh list is
	// not padded with the older names (which crowded out its decisions).
	c, err := conv.ParseBytes([]byte(`{"type":"user","message":{"role":"user","content":"Fix the parser"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Edit","input":{"file_path":"/app/parser.go","old_string":"a","new_string":"b"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"updated"}]}}
`), conv.FormatClaudeCode)
	if err != nil {
		t.Fatal(err)
	}
	sum, err = NewExtractive().Summarize(context.Background(), c.SummaryInput(), Options{Previous: prev, PreviousDates: dates, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sum.Markdown, "parser.go") || strings.Contains(sum.Markdown, "old/path.go") {
		t.Errorf("files of a session with its own:\n%s", sum.Markdown)
	}
}

func TestEmptyAndCancelled(t *testing.T) {
	sum, err := NewExtractive().Summarize(context.Background(), nil, Options{})
	if err != nil || !strings.HasPrefix(sum.Markdown, Title) {
		t.Fatalf("empty: %v %q", err, sum.Markdown)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewExtractive().Summarize(ctx, nil, Options{}); err == nil {
		t.Fatal("cancelled context: no error")
	}
}

// TestReportsAreNotNarration: a turn's report is what the assistant said
// last; when its last words introduced a tool call ("Let me wait more."),
// the turn was cut short and has no report.
func TestReportsAreNotNarration(t *testing.T) {
	in := `{"type":"user","message":{"role":"user","content":"Run the slow suite"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Let me wait more."},{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"sleep 60"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":""}]}}
{"type":"user","message":{"role":"user","content":"Stop, check the logs instead"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"The logs show a timeout in the payment client."}]}}
{"type":"user","message":{"role":"user","content":"Thanks"}}
`
	c, err := conv.ParseBytes([]byte(in), conv.FormatClaudeCode)
	if err != nil {
		t.Fatal(err)
	}
	s := readSession(c.SummaryInput())
	var got []string
	for _, r := range s.reports {
		got = append(got, r.text)
	}
	if want := []string{"The logs show a timeout in the payment client."}; !slices.Equal(got, want) {
		t.Errorf("reports %q, want %q", got, want)
	}
}

// TestTaggedEntries checks that a message tagged with a section's word (a
// daily-log entry summarized by the summary job) is filed under that
// section, whatever its wording, and that the rest is read as prose.
func TestTaggedEntries(t *testing.T) {
	entry := func(text string, tags ...string) conv.Message {
		m := conv.NewText(conv.RoleAssistant, text)
		m.Tags = tags
		return m
	}
	msgs := []conv.Message{
		entry("Chose PostgreSQL over SQLite since every service needs transactions.", "db", "decision"),
		entry("Write the migration script for the users table.", "todos"),
		entry("The deploy to staging failed because port 5432 refused connections.", "Error"),
		entry("Shipped the redesigned login page to production.", "done"),
		entry("Looked at the dashboard layout and tidied up the stylesheet.", "progress"),
	}
	s, err := NewExtractive().Summarize(context.Background(), msgs, Options{TargetTokens: 400})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"PostgreSQL":       SecDecisions,
		"migration script": SecTasks,
		"port 5432":        SecErrors,
		"redesigned login": SecDone,
		"dashboard layout": SecPoints,
	}
	for text, sec := range want {
		got := ""
		for _, sc := range s.Sections {
			if slices.ContainsFunc(sc.Items, func(it string) bool { return strings.Contains(it, text) }) {
				got = sc.Name
			}
		}
		if got != sec {
			t.Errorf("%q filed under %q, want %q:\n%s", text, got, sec, s.Markdown)
		}
	}
}

func TestTagSection(t *testing.T) {
	for tag, want := range map[string]string{
		"decision": SecDecisions, "decisions": SecDecisions, "TODO": SecTasks, "tasks": SecTasks,
		"errors": SecErrors, "done": SecDone, "checkpoint": "", "filesystem": "", "db": "", "": "",
	} {
		if got := tagSection(tag); got != want {
			t.Errorf("tagSection(%q) = %q, want %q", tag, got, want)
		}
	}
}

// TestCarriedTakesWhatIsLeft: the previous summary's items take no first
// claim on a section's share; they fill what this conversation's items
// leave, so a busy week does not crowd out today's session.
func TestCarriedTakesWhatIsLeft(t *testing.T) {
	var items []item
	for i := range 4 {
		items = append(items, item{sec: SecRequests, text: fmt.Sprintf("Last week's request %d about the billing export", i), score: 0.3, carried: true})
		items = append(items, item{sec: SecDecisions, text: fmt.Sprintf("Today's decision %d about the parser and its lexer", i), score: 30 - float64(i)})
	}
	c := tokens.ForModel("gpt-4o")
	p := newPacker(c, 90, "")
	var today int
	for _, s := range pack(p, items, map[string]int{SecRequests: 50, SecDecisions: 10}) {
		if s.Name == SecDecisions {
			today = len(s.Items)
		}
	}
	if today < 4 {
		t.Errorf("%d of today's 4 decisions kept: last week's requests took first claims", today)
	}
}

// TestCommitmentDoneInTheSameText: the assistant's "Let me summarize..."
// followed by the summary in the same text is the text doing it, no
// pending task; a commitment that ends its text stays one.
func TestCommitmentDoneInTheSameText(t *testing.T) {
	in := `{"type":"user","message":{"role":"user","content":"How much work is the attribution fix?"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"git diff --stat"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"3 files changed"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Let me summarize the effort assessment. The fix touches three files and needs one new field per file."}]}}
{"type":"user","message":{"role":"user","content":"ok"}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"The flaky login test is still failing. I'll rerun the login suite after the fix lands."}]}}
`
	c, err := conv.ParseBytes([]byte(in), conv.FormatClaudeCode)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := NewExtractive().Summarize(context.Background(), c.SummaryInput(), Options{TargetTokens: 400})
	if err != nil {
		t.Fatal(err)
	}
	var tasks []string
	for _, s := range sum.Sections {
		if s.Name == SecTasks {
			tasks = s.Items
		}
	}
	if slices.ContainsFunc(tasks, func(s string) bool { return strings.Contains(s, "Let me summarize") }) ||
		!slices.ContainsFunc(tasks, func(s string) bool { return strings.Contains(s, "rerun the login suite") }) {
		t.Errorf("pending tasks %q:\n%s", tasks, sum.Markdown)
	}
}
