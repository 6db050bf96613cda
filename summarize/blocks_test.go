package summarize

import (
	"reflect"
	"testing"
)

func TestSplitUnits(t *testing.T) {
	tests := []struct {
		name, text string
		want       []unit
	}{
		{"sentences", "Use Foo. It is fast! Why?", []unit{{"Use Foo.", ""}, {"It is fast!", ""}, {"Why?", ""}}},
		{"list under a task heading", "Next steps:\n1. renew the cert\n2. ~~rotate the keys~~\n\nThanks all.",
			[]unit{{"Next steps:", hintHeading}, {"renew the cert", SecTasks}, {"~~rotate the keys~~", hintDone}, {"Thanks all.", ""}}},
		{"list under a decision heading", "## Decisions\n- Foo for the cache",
			[]unit{{"## Decisions", hintHeading}, {"Foo for the cache", SecDecisions}}},
		{"list under a done heading", "Completed\n* renew the cert", []unit{{"Completed", hintHeading}, {"renew the cert", hintDone}}},
		{"list under another heading", "Files touched\n- a.go", []unit{{"Files touched", ""}, {"a.go", ""}}},
		{"open record", "- title: renew the cert\n  state: open\n  assignee: null",
			[]unit{{"renew the cert", SecTasks}, {"state: open", hintField}, {"assignee: null", hintField}}},
		{"record with a due date", "task: renew the cert\ndue: 2026-12-01",
			[]unit{{"renew the cert (due 2026-12-01)", SecTasks}, {"due: 2026-12-01", hintField}}},
		{"closed record", "- title: renew the cert\n  status: Done", []unit{{"renew the cert", hintDone}}},
		{"two records", "- title: a b c\n  state: open\n- title: d e f\n  state: closed",
			[]unit{{"a b c", SecTasks}, {"state: open", hintField}, {"d e f", hintDone}}},
		{"minutes", "Attendees: Ann, Bo\nResolved: cache -> Foo\nWhy: it is fast",
			[]unit{{"Resolved: cache -> Foo. Why: it is fast", SecDecisions}, {"Attendees: Ann, Bo", hintField}}},
		{"not a record", "See https://x.example/a for details.\nAt 10:30 we met.",
			[]unit{{"See https://x.example/a for details.", ""}, {"At 10:30 we met.", ""}}},
		{"markdown table of decisions", "| Area | Choice | Why | Status |\n|---|---|---|---|\n| cache | Foo | it is fast | agreed |\n| queue | Bar | cheap | rejected |",
			[]unit{{"Area: cache; Choice: Foo; Why: it is fast; Status: agreed", SecDecisions},
				{"Area: queue", hintField}, {"Choice: Bar", hintField}, {"Why: cheap", hintField}, {"Status: rejected", hintField}}},
		{"aligned tracker table", "KEY     STATUS  SUMMARY\nOPS-12  To Do   renew the cert\nOPS-9   Done    bump the image",
			[]unit{{"renew the cert", SecTasks}, {"KEY: OPS-12", hintField}, {"STATUS: To Do", hintField}, {"bump the image", hintDone}}},
		{"aligned columns that are no records", "PID    USER   COMMAND\n4121   root   nginx -g",
			[]unit{{"PID    USER   COMMAND", ""}, {"4121   root   nginx -g", ""}}},
		{"code fence", "Run:\n```\na: b\nc: d\n```\nok then", []unit{{"Run:", ""}, {"ok then", ""}}},
	}
	for _, tt := range tests {
		if got := splitUnits(tt.text); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: splitUnits(%q) =\n%q\nwant\n%q", tt.name, tt.text, got, tt.want)
		}
	}
}

func TestStartsWithReason(t *testing.T) {
	for s, want := range map[string]bool{
		"Because it is fast.": true, "Reasoning: it is fast.": true, "Why: cost": true, "(it is fast)": true,
		"Note: it is fast.": false, "It is fast.": false,
	} {
		if got := startsWithReason(s); got != want {
			t.Errorf("startsWithReason(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestStartsWithReasonLabels(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"Why: the publishers already send files in its format.", true},
		{"The short version of why: its log is the format the inspector asked for.", true},
		{"Main reason: it is cheaper.", true},
		{"Status: done.", false},
		{"Here is the long list of everything we looked at and why: a, b, c.", false},
	}
	for _, tt := range tests {
		if got := startsWithReason(tt.s); got != tt.want {
			t.Errorf("startsWithReason(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestFollowUpExplainsChoice(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"We're going that way because the inspector wants every reading stamped.", true},
		{"Picked over the alternatives because the committee scores blind.", true},
		{"We're going to the depot after lunch.", false},
	} {
		if got := startsWithReason(tt.s) || explainsChoice(tt.s); got != tt.want {
			t.Errorf("%q explains the choice before it = %v, want %v", tt.s, got, tt.want)
		}
	}
}
