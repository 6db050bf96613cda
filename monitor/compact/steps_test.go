package compact

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

func textMsg(role conv.Role, s string) conv.Message {
	m := conv.NewText(role, s)
	m.Synthetic = false
	return m
}

// agentConv builds: system, then n rounds of user ask, assistant call,
// tool result, assistant answer.
func agentConv(n int, special map[int]string) *conv.Conversation {
	c := &conv.Conversation{Format: conv.FormatOpenAI}
	c.Messages = append(c.Messages, textMsg(conv.RoleSystem, "You are an agent."))
	for i := range n {
		ask := "please do step " + string(rune('a'+i%26))
		if s, ok := special[i]; ok {
			ask = s
		}
		id := "call_" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		c.Messages = append(c.Messages,
			textMsg(conv.RoleUser, ask),
			conv.Message{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolID: id, ToolName: "Read", Input: []byte(`{"path":"x.go"}`)}}},
			conv.Message{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: id, ToolName: "Read", Text: strings.Repeat("code line\n", 50)}}},
			textMsg(conv.RoleAssistant, "done with the step"),
		)
	}
	for i := range c.Messages {
		c.Messages[i].Seq = i
	}
	return c
}

func TestClearToolResultsStubs(t *testing.T) {
	c := agentConv(10, nil)
	st := &State{Conv: c, Count: counter(), Budget: 1 << 30}
	if _, err := (ClearToolResults{}).Apply(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	var stubs, whole int
	for _, m := range c.Messages {
		for _, p := range m.Parts {
			if p.Kind != conv.PartToolResult {
				continue
			}
			if strings.HasPrefix(p.Text, "[archon:") {
				stubs++
				if !strings.Contains(p.Text, "tool Read") || !strings.Contains(p.Text, "tokens") {
					t.Errorf("stub does not name the tool and size: %q", p.Text)
				}
			} else {
				whole++
			}
		}
	}
	if stubs != 4 || whole != 6 || len(st.Cut) != 4 {
		t.Errorf("stubs %d whole %d cut %d", stubs, whole, len(st.Cut))
	}
	// Idempotent: a second pass changes nothing.
	before := len(st.Cut)
	(ClearToolResults{}).Apply(context.Background(), st)
	if len(st.Cut) != before {
		t.Error("second pass archived again")
	}
}

func TestSlidingWindowKeepsDecisionsAndCheckpoints(t *testing.T) {
	c := agentConv(30, map[int]string{2: "We decided to use Postgres for the queue.", 5: "CHECKPOINT: phase 1 done"})
	st := &State{Conv: c, Count: counter(), Budget: 0}
	if _, err := (SlidingWindow{Keep: 10}).Apply(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, m := range st.Conv.Messages {
		text += m.Text() + "\n"
	}
	for _, want := range []string{"We decided to use Postgres", "CHECKPOINT: phase 1", "You are an agent", "earlier messages were removed"} {
		if !strings.Contains(text, want) {
			t.Errorf("window lost %q", want)
		}
	}
	if n := len(st.Conv.Messages); n > 1+1+10+3+2 {
		t.Errorf("kept %d messages", n)
	}
}

func TestTruncateMeetsBudget(t *testing.T) {
	c := agentConv(20, nil)
	count := counter()
	st := &State{Conv: c, Count: count}
	st.Budget = st.Total() / 4
	if _, err := (Truncate{}).Apply(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	if st.Total() > st.Budget {
		t.Errorf("total %d over budget %d", st.Total(), st.Budget)
	}
	marker, first := st.Conv.Messages[1], st.Conv.Messages[2]
	if !marker.Synthetic || !strings.Contains(marker.Text(), "removed") {
		t.Errorf("no marker after the system message: %q", marker.Text())
	}
	if first.Role != conv.RoleUser || first.Synthetic {
		t.Errorf("truncation keeps %s (synthetic %v) first, want a real user turn", first.Role, first.Synthetic)
	}
}

func TestPrioritizeKeepsHighScores(t *testing.T) {
	c := agentConv(20, map[int]string{1: "We decided to ship on Friday.", 3: "ERROR: build failed on main"})
	st := &State{Conv: c, Count: counter()}
	st.Budget = st.Total() / 5
	if _, err := (Prioritize{}).Apply(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, m := range st.Conv.Messages {
		text += m.Text() + "\n"
	}
	if !strings.Contains(text, "We decided to ship on Friday") {
		t.Errorf("decision dropped:\n%s", text)
	}
	if st.Total() > st.Budget {
		t.Errorf("total %d over budget %d", st.Total(), st.Budget)
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		m    conv.Message
		want int
	}{
		{textMsg(conv.RoleUser, "CHECKPOINT reached"), ScoreCheckpoint},
		{textMsg(conv.RoleUser, "We decided to use Go"), ScoreUserDecision},
		{conv.Message{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, IsError: true}}}, ScoreError},
		{conv.Message{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolName: "Edit"}}}, ScoreCodeChange},
		{conv.Message{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolName: "Read"}}}, ScoreFileOp},
		{textMsg(conv.RoleAssistant, "Tests passed, step completed"), ScoreProgress},
		{textMsg(conv.RoleAssistant, "hello"), ScoreOther},
	}
	for _, tt := range tests {
		if got := Score(&tt.m); got != tt.want {
			t.Errorf("Score(%q) = %d, want %d", tt.m.Text(), got, tt.want)
		}
	}
}

func TestCompressPlan(t *testing.T) {
	md := `---
phase: 02-auth
depends_on: [01-db]
---
# Auth plan

## Objective
Users can log in with email and password.

## Rationale
We considered OAuth only, but enterprise customers need passwords.
Long discussion follows.

## Must-haves
- Passwords hashed with Argon2id
- Sessions expire after 8h

## Dependencies
- 01-db migrations applied

## Thread 1: login endpoint
Implement POST /login with rate limiting. Lots of detail here.
Example: curl -X POST /login
Verification: go test ./auth/... passes

## Thread 2: session store
Build the store on Redis.
Verify:
- sessions survive a restart
- expired sessions are rejected

## Examples
Some examples.
`
	out := CompressPlan(md)
	for _, want := range []string{"phase: 02-auth", "depends_on", "Users can log in", "Argon2id", "01-db migrations",
		"## Thread 1: login endpoint", "Verification: go test", "## Thread 2: session store", "sessions survive a restart"} {
		if !strings.Contains(out, want) {
			t.Errorf("compressed plan lacks %q:\n%s", want, out)
		}
	}
	for _, gone := range []string{"enterprise customers", "Lots of detail", "curl -X", "Some examples", "Build the store"} {
		if strings.Contains(out, gone) {
			t.Errorf("compressed plan keeps %q:\n%s", gone, out)
		}
	}
	if len(out) >= len(md) {
		t.Error("not shorter")
	}
	tagged := `---
wave: 1
---
<objective>Ship login</objective>
<rationale>because</rationale>
<must_haves>- hashed passwords</must_haves>
<task type="auto">
  <name>Task 1: endpoint</name>
  <action>write lots of code</action>
  <verify>curl returns 200</verify>
</task>
`
	out = CompressPlan(tagged)
	for _, want := range []string{"wave: 1", "<objective>Ship login</objective>", "hashed passwords", "<name>Task 1: endpoint</name>", "<verify>curl returns 200</verify>"} {
		if !strings.Contains(out, want) {
			t.Errorf("tagged plan lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "write lots of code") || strings.Contains(out, "<rationale>") {
		t.Errorf("tagged plan keeps action or rationale:\n%s", out)
	}
}

// TestOneMarkerTellsAll: after a step removed messages, the next step
// keeps archon's own summary, and one marker tells how many messages all
// the steps removed, not the last step's count (which counted the first
// marker among them).
func TestOneMarkerTellsAll(t *testing.T) {
	c := agentConv(20, nil)
	summary := conv.NewText(conv.RoleUser, "[archon summary of earlier conversation] the plan so far")
	c.Messages = append(c.Messages[:1], append([]conv.Message{summary}, c.Messages[1:]...)...)
	st := &State{Conv: c, Count: counter()}
	st.Budget = st.Total()
	ctx := context.Background()
	if _, err := (SlidingWindow{Keep: 40}).Apply(ctx, st); err != nil {
		t.Fatal(err)
	}
	first := len(st.Cut)
	st.Budget = st.Total() / 3
	if _, err := (Truncate{}).Apply(ctx, st); err != nil {
		t.Fatal(err)
	}
	var markers []string
	for _, m := range st.Conv.Messages {
		if m.Synthetic && strings.HasPrefix(m.Text(), markerPrefix) {
			markers = append(markers, m.Text())
		}
	}
	if st.Conv.Messages[1].Text() != summary.Text() {
		t.Errorf("archon's summary was cut: %q", st.Conv.Messages[1].Text())
	}
	want := fmt.Sprintf("%d earlier messages were removed from this context (sliding window, then hard truncation)", len(st.Cut))
	if len(markers) != 1 || !strings.Contains(markers[0], want) || len(st.Cut) <= first {
		t.Errorf("markers %q, want one saying %q", markers, want)
	}
}
