package rag

import (
	"context"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/store"
)

// statesKept is how many files' chunk states stateCache keeps: the few
// that change again and again (today's log), not every file of a full
// index.
const statesKept = 8

// stateCache keeps the stored chunk states (store.ChunkState) of the files
// Index changed most recently, as committed, so that appending to a long
// log does not read back all of its rows each time. Only Index uses it
// (under the engine's ixMu), and it learns states only from its own
// commits: no other writer touches the database while the engine holds the
// index.
type stateCache struct {
	files map[string]map[string]store.ChunkState
	order []string // oldest first

	staged      map[string][]chunk.Chunk // this run's last written files
	stagedOrder []string
	// stagedStates: files this run appended to (see appended), with the
	// states of all their chunks.
	stagedStates map[string]map[string]store.ChunkState
}

// begin starts an index run: nothing is staged.
func (c *stateCache) begin() {
	c.staged, c.stagedOrder, c.stagedStates = map[string][]chunk.Chunk{}, nil, nil
}

// stage notes the chunks the run writes for path, keeping only the last
// statesKept files (a full index must not hold every chunk twice).
func (c *stateCache) stage(path string, cs []chunk.Chunk) {
	c.staged[path] = cs
	if c.stagedOrder = append(c.stagedOrder, path); len(c.stagedOrder) > statesKept {
		delete(c.staged, c.stagedOrder[0])
		c.stagedOrder = c.stagedOrder[1:]
	}
}

// stageStates notes the states the run writes for path when it added cs
// to a file whose chunks had the states prev.
func (c *stateCache) stageStates(path string, prev map[string]store.ChunkState, cs []chunk.Chunk) {
	st := make(map[string]store.ChunkState, len(prev)+len(cs))
	for id, s := range prev {
		st[id] = s
	}
	for i := range cs {
		st[cs[i].ID] = store.StateOf(&cs[i])
	}
	if c.stagedStates == nil {
		c.stagedStates = map[string]map[string]store.ChunkState{}
	}
	c.stagedStates[path] = st
}

// get returns the states of path's chunks, from memory or the database.
func (c *stateCache) get(ctx context.Context, tx *store.Tx, path string) (map[string]store.ChunkState, error) {
	if st, ok := c.files[path]; ok {
		return st, nil
	}
	return tx.ChunkStates(ctx, path)
}

// committed records what the run committed: the staged chunks of the
// files it wrote; other touched files are gone or forgotten.
func (c *stateCache) committed(touched []string) {
	if c.files == nil {
		c.files = map[string]map[string]store.ChunkState{}
	}
	for _, p := range touched {
		c.forget(p)
		st, ok := c.stagedStates[p]
		if cs, staged := c.staged[p]; staged && !ok {
			st = make(map[string]store.ChunkState, len(cs))
			for i := range cs {
				st[cs[i].ID] = store.StateOf(&cs[i])
			}
			ok = true
		}
		if !ok {
			continue
		}
		c.files[p] = st
		c.order = append(c.order, p)
		for len(c.order) > statesKept {
			delete(c.files, c.order[0])
			c.order = c.order[1:]
		}
	}
	c.begin()
}

// forget drops path's states.
func (c *stateCache) forget(path string) {
	delete(c.files, path)
	for i, p := range c.order {
		if p == path {
			c.order = append(c.order[:i], c.order[i+1:]...)
			break
		}
	}
}
