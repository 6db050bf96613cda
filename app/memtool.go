package app

import (
	"context"
	"fmt"

	"github.com/archon-memory/archon/layers/memtool"
)

type (
	// MemoryToolRequest is the input of one call of the Claude API's
	// memory tool (memory_20250818).
	MemoryToolRequest = memtool.Command
	// MemoryToolResult is the memory tool's answer, for the tool_result.
	MemoryToolResult = memtool.Result
)

// MemoryTool runs one memory-tool command on the workspace and indexes
// what it wrote before it returns, so the next search finds it. A
// command Claude got wrong (a bad path, a missing file) is a result with
// IsError set, not an error.
func (l *Local) MemoryTool(ctx context.Context, r MemoryToolRequest) (*MemoryToolResult, error) {
	tool := memtool.New(l.ws, memtool.Options{MaxFileBytes: l.cfg.Log.MaxEntryBytes, Tags: []string{"memory-tool"}})
	res, err := tool.Run(ctx, r)
	if err != nil {
		return nil, err
	}
	if res.Logged != nil {
		// A daily-log entry goes to the team like a logged one.
		if err := l.share(ctx, res.Logged); err != nil {
			return nil, err
		}
	}
	if len(res.Changed) > 0 {
		l.Changed()
		if _, err := l.Index(ctx, IndexRequest{}); err != nil {
			return nil, fmt.Errorf("memory tool: %s is written but not indexed yet: %w", res.Changed[0], err)
		}
	}
	return res, nil
}
