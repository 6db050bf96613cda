package main

import (
	"context"
	"errors"
	"sync"

	core "github.com/archon-memory/archon/app"
)

// callMemory is the memory of archon mcp: each call opens the memory a
// command would (the running archon serve's, else the workspace's own
// engines) and closes it after. No index stays locked between calls, so
// the CLI and the archon mcp of other sessions work beside it, and a
// service that stops or starts between calls changes nothing for the
// client. Calls run one at a time.
type callMemory struct {
	mu   sync.Mutex
	open func(ctx context.Context) (core.Memory, error)
}

// call runs fn on a memory opened for it.
// The memory is closed even when fn panics (the MCP server turns a panic
// into the call's error and goes on): else the engine it opened would
// keep the index locked for the rest of the session.
func call[T any](ctx context.Context, m *callMemory, fn func(core.Memory) (T, error)) (v T, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	mem, err := m.open(ctx)
	if err != nil {
		return v, err
	}
	defer func() { err = errors.Join(err, mem.Close()) }()
	return fn(mem)
}

func (m *callMemory) Search(ctx context.Context, r core.SearchRequest) (*core.SearchResponse, error) {
	return call(ctx, m, func(x core.Memory) (*core.SearchResponse, error) { return x.Search(ctx, r) })
}

func (m *callMemory) Count(ctx context.Context, r core.SearchRequest) (*core.Counts, error) {
	return call(ctx, m, func(x core.Memory) (*core.Counts, error) { return x.Count(ctx, r) })
}

func (m *callMemory) Get(ctx context.Context, r core.GetRequest) (*core.Hit, error) {
	return call(ctx, m, func(x core.Memory) (*core.Hit, error) { return x.Get(ctx, r) })
}

func (m *callMemory) Log(ctx context.Context, r core.LogRequest) (*core.Entry, error) {
	return call(ctx, m, func(x core.Memory) (*core.Entry, error) { return x.Log(ctx, r) })
}

func (m *callMemory) File(ctx context.Context, name string) (*core.File, error) {
	return call(ctx, m, func(x core.Memory) (*core.File, error) { return x.File(ctx, name) })
}

func (m *callMemory) L1(ctx context.Context, budget int) (*core.Payload, error) {
	return call(ctx, m, func(x core.Memory) (*core.Payload, error) { return x.L1(ctx, budget) })
}

func (m *callMemory) Stats(ctx context.Context, r core.ConvRequest) (*core.Stats, error) {
	return call(ctx, m, func(x core.Memory) (*core.Stats, error) { return x.Stats(ctx, r) })
}

func (m *callMemory) MemoryTool(ctx context.Context, r core.MemoryToolRequest) (*core.MemoryToolResult, error) {
	return call(ctx, m, func(x core.Memory) (*core.MemoryToolResult, error) { return x.MemoryTool(ctx, r) })
}

func (m *callMemory) Tasks(ctx context.Context, f core.TaskFilter) ([]core.Task, error) {
	return call(ctx, m, func(x core.Memory) ([]core.Task, error) { return x.Tasks(ctx, f) })
}

func (m *callMemory) Task(ctx context.Context, id string) (*core.Task, error) {
	return call(ctx, m, func(x core.Memory) (*core.Task, error) { return x.Task(ctx, id) })
}

func (m *callMemory) AddTask(ctx context.Context, in core.TaskInput) (*core.Task, error) {
	return call(ctx, m, func(x core.Memory) (*core.Task, error) { return x.AddTask(ctx, in) })
}

func (m *callMemory) UpdateTask(ctx context.Context, id string, p core.TaskPatch) (*core.Task, error) {
	return call(ctx, m, func(x core.Memory) (*core.Task, error) { return x.UpdateTask(ctx, id, p) })
}

func (m *callMemory) DoneTask(ctx context.Context, id string, force bool) (*core.Task, error) {
	return call(ctx, m, func(x core.Memory) (*core.Task, error) { return x.DoneTask(ctx, id, force) })
}

func (m *callMemory) Items(ctx context.Context, f core.ItemFilter) ([]core.KnowledgeItem, error) {
	return call(ctx, m, func(x core.Memory) ([]core.KnowledgeItem, error) { return x.Items(ctx, f) })
}

func (m *callMemory) AddItem(ctx context.Context, in core.ItemInput) (*core.KnowledgeItem, error) {
	return call(ctx, m, func(x core.Memory) (*core.KnowledgeItem, error) { return x.AddItem(ctx, in) })
}
