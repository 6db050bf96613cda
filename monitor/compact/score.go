package compact

import (
	"strings"

	"github.com/archon-memory/archon/conv"
)

// Priority scores for prioritized compression (DESIGN.md §3).
const (
	ScoreCheckpoint   = 100
	ScoreUserDecision = 90
	ScoreError        = 80
	ScoreCodeChange   = 70
	ScoreFileOp       = 60
	ScoreProgress     = 50
	ScoreOther        = 30
)

// KeepScore is the score from which SlidingWindow always keeps a message:
// checkpoints and decisions.
const KeepScore = ScoreUserDecision

// Score rates one message for prioritized compression.
func Score(m *conv.Message) int {
	if m.CompactSummary {
		return ScoreCheckpoint
	}
	text := strings.ToLower(m.Text())
	switch {
	case hasAny(text, "checkpoint", "[archon summary", "## progress checkpoint", "session summary"):
		return ScoreCheckpoint
	case (m.Role == conv.RoleUser || m.Role == conv.RoleAssistant) &&
		hasAny(text, "decided", "decision:", "we decided", "let's go with", "we'll use", "we will use", "final call", "agreed"):
		return ScoreUserDecision
	}
	best := ScoreOther
	for _, p := range m.Parts {
		s := ScoreOther
		switch p.Kind {
		case conv.PartToolResult:
			if p.IsError || hasAny(strings.ToLower(head(p.Text, 400)), "error", "failed", "panic:", "traceback", "exception") {
				s = ScoreError
			}
		case conv.PartToolCall:
			n := strings.ToLower(p.ToolName)
			switch {
			case hasAny(n, "edit", "write", "patch", "str_replace", "create", "insert", "notebook"):
				s = ScoreCodeChange
			case hasAny(n, "read", "glob", "grep", "ls", "list", "find", "search", "open", "view", "bash", "shell"):
				s = ScoreFileOp
			}
		case conv.PartText:
			if hasAny(text, "error:", "failed", "exception", "panic:") {
				s = ScoreError
			} else if hasAny(text, "done", "completed", "finished", "progress", "passed", "✅", "fixed") {
				s = ScoreProgress
			}
		}
		best = max(best, s)
	}
	return best
}

func head(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func hasAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// scoreUnits fills each unit's score: the best of its messages.
func scoreUnits(msgs []conv.Message, us []unit) {
	for k := range us {
		best := 0
		for i := us[k].start; i < us[k].end; i++ {
			if msgs[i].Live() {
				best = max(best, Score(&msgs[i]))
			}
		}
		us[k].score = best
	}
}
