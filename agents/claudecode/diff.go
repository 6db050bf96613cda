package claudecode

import (
	"github.com/archon-memory/archon/internal/linediff"
)

// Diff shows c as a unified diff with three lines of context around each
// change: a big file (~/.claude.json holds every project's prompt
// history) shows what archon changes, not all it holds.
func (c Change) Diff() string {
	before, after := c.Path, c.Path
	if c.Before == nil {
		before = "/dev/null"
	}
	if c.After == nil {
		after = "/dev/null"
	}
	return linediff.Unified(before, after, string(c.Before), string(c.After), 3)
}
