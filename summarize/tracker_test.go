package summarize

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/archon-memory/archon/conv"
)

func TestTrackerUpdates(t *testing.T) {
	tests := []struct {
		cmd  string
		want map[string]string
	}{
		{"bd update app-12.3 --status in_progress", map[string]string{"app-12.3": "in_progress"}},
		{"bd update app-12.3 --status=blocked && bd close app-12.2", map[string]string{"app-12.3": "blocked", "app-12.2": "closed"}},
		{"bd list --status=open", nil},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			s := readSession(nil)
			s.trackerUpdates(tt.cmd, 1)
			if len(s.tracked) != len(tt.want) {
				t.Fatalf("tracked %v, want %v", s.tracked, tt.want)
			}
			for id, st := range tt.want {
				if s.tracked[id] != st {
					t.Errorf("%s: status %q, want %q", id, s.tracked[id], st)
				}
			}
		})
	}
}

func TestTrackerOpen(t *testing.T) {
	s := readSession(nil)
	call := func(cmd string) conv.Part {
		in, _ := json.Marshal(map[string]string{"command": cmd})
		return conv.Part{ToolName: "Bash", Input: in}
	}
	s.keepOutput(call("bd ready"), "Ready work:\n1. [P2] [task] app-7.2: Old title\n")
	s.trackerUpdates("bd update app-7.1 --status in_progress", 2)
	s.keepOutput(call("cd repo && bd show app-7.1"), "app-7.1: Parse the config\nDEPENDS ON\n  → ✓ app-7.0: Scaffold the CLI ● P2\nBLOCKS\n  ← ○ app-7.2: Add regression tests (blocked by: app-7.1) ● P2\n  ← ○ app-7.3 [P1] - Write the docs\nSee app-7.9 for details.\n")
	s.keepOutput(call("go test ./..."), "app-7.8: not a tracker line\n")
	got := s.trackerOpen()
	want := []string{"app-7.2 Add regression tests", "app-7.3 Write the docs"}
	if !slices.Equal(got, want) {
		t.Errorf("trackerOpen() = %q, want %q", got, want)
	}
}
