package conv

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

func load(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("unmarshal a: %v", err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("unmarshal b: %v\n%s", err, b)
	}
	return reflect.DeepEqual(x, y)
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Format
	}{
		{"openai file", string(load(t, "openai.json")), FormatOpenAI},
		{"anthropic file", string(load(t, "anthropic.json")), FormatAnthropic},
		{"claude code file", string(load(t, "claude-code.jsonl")), FormatClaudeCode},
		{"bare openai array", `[{"role":"system","content":"x"},{"role":"user","content":"y"}]`, FormatOpenAI},
		{"bare anthropic array", `[{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":"x"}]}]`, FormatAnthropic},
		{"plain array", `[{"role":"user","content":"hi"}]`, FormatOpenAI},
		{"one jsonl line", `{"type":"user","message":{"role":"user","content":"hi"}}`, FormatClaudeCode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect([]byte(tt.in)); got != tt.want {
				t.Errorf("Detect = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestRoundTripUnchanged(t *testing.T) {
	for _, name := range []string{"openai.json", "anthropic.json"} {
		t.Run(name, func(t *testing.T) {
			in := load(t, name)
			c, err := ParseBytes(in, "")
			if err != nil {
				t.Fatal(err)
			}
			out, err := Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, in, out) {
				t.Errorf("round trip changed the document:\n in: %s\nout: %s", in, out)
			}
		})
	}
	t.Run("claude-code", func(t *testing.T) {
		in := load(t, "claude-code.jsonl")
		c, err := ParseBytes(in, FormatClaudeCode)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(in, out) {
			t.Errorf("round trip changed the transcript:\n in: %s\nout: %s", in, out)
		}
	})
}

func TestParseOpenAI(t *testing.T) {
	c, err := ParseBytes(load(t, "openai.json"), "")
	if err != nil {
		t.Fatal(err)
	}
	if c.Model != "gpt-4o" || len(c.Messages) != 7 {
		t.Fatalf("model %q, %d messages", c.Model, len(c.Messages))
	}
	if c.Messages[5].Role != RoleSystem || c.Messages[6].Role != RoleOther {
		t.Errorf("roles: developer -> %s, critic -> %s", c.Messages[5].Role, c.Messages[6].Role)
	}
	if len(c.Warnings) != 1 || c.Warnings[0].Line != 7 {
		t.Errorf("warnings = %v, want one for line 7", c.Warnings)
	}
	res := c.Messages[3].Parts[0]
	if res.Kind != PartToolResult || res.ToolName != "read_file" || res.ToolID != "call_1" {
		t.Errorf("tool result part = %+v", res)
	}
	call := c.Messages[2].Parts[0]
	if call.Kind != PartToolCall || string(call.Input) != `{"path": "pkg/auth/token_test.go"}` {
		t.Errorf("tool call part = %+v", call)
	}
}

func TestParseClaudeCode(t *testing.T) {
	c, err := ParseBytes(load(t, "claude-code.jsonl"), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Warnings) != 1 || c.Warnings[0].Line != 6 {
		t.Errorf("warnings = %v, want the malformed line 6", c.Warnings)
	}
	u, idx := c.ReportedUsage()
	if u == nil || u.ContextTokens() != 20800 || c.Messages[idx].ID != "msg_02" {
		t.Errorf("reported usage = %+v at %d", u, idx)
	}
	if c.Model != "claude-opus-4-1" {
		t.Errorf("model = %q", c.Model)
	}
	var side, summary int
	for _, m := range c.Messages {
		if m.Sidechain {
			side++
		}
		if m.CompactSummary {
			summary++
		}
	}
	if side != 1 || summary != 1 {
		t.Errorf("sidechain %d, compact summaries %d", side, summary)
	}
	// Lines before the compact boundary (line 8) are not live any more.
	for _, m := range c.Messages {
		if (m.Line < 8) != m.Compacted {
			t.Errorf("line %d: compacted %v", m.Line, m.Compacted)
		}
	}
	if got := c.Messages[3].Parts[0].ToolName; got != "Read" {
		t.Errorf("result tool name = %q", got)
	}
}

func TestWriteModified(t *testing.T) {
	for _, name := range []string{"openai.json", "anthropic.json", "claude-code.jsonl"} {
		t.Run(name, func(t *testing.T) {
			c, err := ParseBytes(load(t, name), "")
			if err != nil {
				t.Fatal(err)
			}
			// Clear every tool result and add a synthetic summary.
			for i := range c.Messages {
				m := &c.Messages[i]
				for j := range m.Parts {
					if m.Parts[j].Kind == PartToolResult {
						m.Parts[j].Text = "[cleared]"
						m.Parts[j].Raw = nil
						m.Modified = true
					}
				}
			}
			c.Messages = append(c.Messages, NewText(RoleUser, "summary <b>&</b>"))
			out, err := Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseBytes(out, c.Format)
			if err != nil {
				t.Fatalf("re-parse: %v\n%s", err, out)
			}
			var cleared int
			for _, m := range back.Messages {
				for _, p := range m.Parts {
					if p.Kind == PartToolResult {
						if p.Text != "[cleared]" {
							t.Errorf("result text = %q", p.Text)
						}
						cleared++
					}
				}
			}
			if cleared == 0 {
				t.Error("no tool results after rewrite")
			}
			last := back.Messages[len(back.Messages)-1]
			if last.Text() != "summary <b>&</b>" {
				t.Errorf("synthetic message = %q", last.Text())
			}
			if name == "openai.json" && !strings.Contains(string(out), `"x_custom":{"keep":true}`) {
				t.Errorf("unknown field lost: %s", out)
			}
		})
	}
}

func TestMalformed(t *testing.T) {
	_, err := ParseBytes([]byte("[\n{\"role\": \"user\",\n \"content\": }]"), FormatOpenAI)
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("err = %v, want a line number", err)
	}
	if _, err := ParseBytes([]byte("   "), ""); err == nil {
		t.Error("empty input parsed")
	}
	if _, err := ParseBytes([]byte("garbage\nmore garbage\n"), FormatClaudeCode); err == nil {
		t.Error("all-garbage transcript parsed")
	}
}

func TestTranscriptVerbatim(t *testing.T) {
	c, err := ParseBytes(load(t, "anthropic.json"), "")
	if err != nil {
		t.Fatal(err)
	}
	out := Transcript(c.Messages)
	for _, want := range []string{"You are archon's test agent.", "List the files under /srv/app", `{"command": "ls /srv/app"}`, "main.go\ngo.mod", "`Bash`"} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
}

func TestTranscriptTags(t *testing.T) {
	m := NewText(RoleAssistant, "Chose PostgreSQL.")
	m.Tags = []string{"db", "decision"}
	if got, want := Transcript([]Message{m}), "**assistant** #db #decision:\nChose PostgreSQL.\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestReadHookInput(t *testing.T) {
	h, err := ReadHookInput(strings.NewReader(`{"session_id":"s1","transcript_path":"/home/u/.claude/projects/p/s1.jsonl","cwd":"/w","hook_event_name":"PreCompact","trigger":"auto","custom_instructions":""}`))
	if err != nil || h.TranscriptPath == "" || h.Trigger != "auto" || h.HookEventName != "PreCompact" {
		t.Fatalf("%+v %v", h, err)
	}
	if _, err := ReadHookInput(strings.NewReader(`{"session_id":"s1"}`)); err == nil {
		t.Error("missing transcript_path accepted")
	}
}

// TestSyntheticRecordMeasuresNothing: the record Claude Code writes itself
// ("No response requested.", model "<synthetic>", usage all zeros) does not
// make the context read empty: the last measured usage stands.
func TestSyntheticRecordMeasuresNothing(t *testing.T) {
	synthetic := `{"type":"assistant","uuid":"s1","isSidechain":false,"message":{"id":"msg_syn","role":"assistant","model":"<synthetic>","content":[{"type":"text","text":"No response requested."}],"usage":{"input_tokens":0,"output_tokens":0,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}}`
	data := append(bytes.TrimRight(load(t, "claude-code.jsonl"), "\n"), []byte("\n"+synthetic+"\n")...)
	c, err := ParseBytes(data, "")
	if err != nil {
		t.Fatal(err)
	}
	if u, idx := c.ReportedUsage(); u == nil || u.ContextTokens() != 20800 || c.Messages[idx].ID != "msg_02" {
		t.Errorf("reported usage = %+v at %d, want msg_02's 20800", u, idx)
	}
}

// TestFormatGivenMustFit: a format given for an input that shows another
// one (OpenAI tool calls, Anthropic tool_use blocks, transcript lines) is
// refused rather than read with its tool calls dropped; an input that
// shows none reads in the format given.
func TestFormatGivenMustFit(t *testing.T) {
	tests := []struct {
		file string
		as   Format
		ok   bool
	}{
		{"openai.json", FormatAnthropic, false},
		{"openai.json", FormatClaudeCode, false},
		{"anthropic.json", FormatOpenAI, false},
		{"claude-code.jsonl", FormatOpenAI, false},
		{"claude-code.jsonl", FormatClaudeCode, true},
		{"openai.json", FormatOpenAI, true},
	}
	for _, tt := range tests {
		_, err := ParseBytes(load(t, tt.file), tt.as)
		if (err == nil) != tt.ok || err != nil && !strings.Contains(err.Error(), "drop --format") {
			t.Errorf("%s as %s: %v", tt.file, tt.as, err)
		}
	}
	plain := []byte(`[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]`)
	if c, err := ParseBytes(plain, FormatAnthropic); err != nil || c.Format != FormatAnthropic {
		t.Errorf("plain chat as anthropic: %v", err)
	}
	if _, err := ParseBytes([]byte("garbage{"), FormatOpenAI); err == nil || strings.Contains(err.Error(), "drop --format") {
		t.Errorf("garbage: %v", err)
	}
}

// TestTranscriptChainHolds: when records are cut and archon adds one, the
// written transcript's parentUuid links still hold, as Claude Code follows
// them back to rebuild a session: every main-thread record's parent is in
// the transcript (or null: a root, such as a compact boundary), the added
// record has a uuid, a session and a time, and the record after it is its
// child, so following the chain back from there reaches it.
func TestTranscriptChainHolds(t *testing.T) {
	c, err := ParseBytes(load(t, "claude-code.jsonl"), "")
	if err != nil {
		t.Fatal(err)
	}
	// Cut the first assistant record, and put a summary first.
	var kept []Message
	for i, m := range c.Messages {
		if i != 1 {
			kept = append(kept, m)
		}
	}
	c.Messages = append([]Message{NewText(RoleUser, "[archon summary] earlier work")}, kept...)
	out, err := Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	type rec struct {
		UUID, SessionID, Timestamp string
		ParentUUID                 *string `json:"parentUuid"`
		IsSidechain, Archon        bool
	}
	var recs []rec
	uuids := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r rec
		if json.Unmarshal([]byte(line), &r) == nil && r.UUID != "" && !r.IsSidechain {
			recs = append(recs, r)
			uuids[r.UUID] = true
		}
	}
	if len(recs) < 4 || !recs[0].Archon || recs[0].ParentUUID != nil || recs[0].SessionID == "" || recs[0].Timestamp == "" {
		t.Fatalf("the added record: %+v", recs)
	}
	for _, r := range recs {
		if r.ParentUUID != nil && !uuids[*r.ParentUUID] {
			t.Errorf("%s's parent %s is not in the transcript", r.UUID, *r.ParentUUID)
		}
	}
	if recs[1].ParentUUID == nil || *recs[1].ParentUUID != recs[0].UUID {
		t.Errorf("the record after the summary does not follow it: %+v", recs[1])
	}
}

// TestTranscriptPartKeepsItsParent: a transcript that is a part of a longer
// one (its first record's parent is not in it) is written as it was when
// nothing was cut or added.
func TestTranscriptPartKeepsItsParent(t *testing.T) {
	part := `{"parentUuid":"u0","isSidechain":false,"type":"user","message":{"role":"user","content":"go on"},"uuid":"u1","sessionId":"s1"}
{"parentUuid":"u1","isSidechain":false,"type":"assistant","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"ok"}]},"uuid":"u2","sessionId":"s1"}
`
	c, err := ParseBytes([]byte(part), FormatClaudeCode)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Marshal(c)
	if err != nil || string(out) != part {
		t.Fatalf("written:\n%s\n%v", out, err)
	}
}

// TestPromptText: the user's own words of a message, and none in what a
// client or harness writes in the user's place.
func TestPromptText(t *testing.T) {
	text := func(s string) Part { return Part{Kind: PartText, Text: s} }
	result := Part{Kind: PartToolResult, Text: "ok", ToolID: "t1"}
	tests := []struct {
		name string
		m    Message
		want string
	}{
		{"a prompt", Message{Role: RoleUser, Parts: []Part{text("  fix the build ")}}, "fix the build"},
		{"a reminder beside it", Message{Role: RoleUser, Parts: []Part{text("<system-reminder>x</system-reminder>"), text("fix the build")}}, "fix the build"},
		{"a harness note beside tool results", Message{Role: RoleUser, Parts: []Part{result, text("Tool loaded.")}}, ""},
		{"a notification", Message{Role: RoleUser, Parts: []Part{text("<task-notification> <task-id>b0</task-id>")}}, ""},
		{"an interruption", Message{Role: RoleUser, Parts: []Part{text("[Request interrupted by user]")}}, ""},
		{"a bracket the user wrote", Message{Role: RoleUser, Parts: []Part{text("[WIP] fix the login bug")}}, "[WIP] fix the login bug"},
		{"a slash command", Message{Role: RoleUser, Parts: []Part{text("<command-message>review is running</command-message>\n<command-name>/review</command-name>\n<command-args>the login fix</command-args>")}}, "/review the login fix"},
		{"a slash command alone", Message{Role: RoleUser, Parts: []Part{text("<command-name>/compact</command-name>")}}, ""},
		{"meta", Message{Role: RoleUser, Meta: true, Parts: []Part{text("Caveat: the messages below")}}, ""},
		{"a compaction summary", Message{Role: RoleUser, CompactSummary: true, Parts: []Part{text("This session is being continued")}}, ""},
		{"the assistant", Message{Role: RoleAssistant, Parts: []Part{text("Done.")}}, ""},
	}
	for _, tt := range tests {
		if got := tt.m.PromptText(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
