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
}

// get returns the states of path's chunks, from memory or the database.
func (c *stateCache) get(ctx context.Context, tx *store.Tx, path string) (map[string]store.ChunkState, error) {
	if st, ok := c.files[path]; ok {
		return st, nil
	}
	return tx.ChunkStates(ctx, path)
}

// committed records what an Index committed: the chunks of the files it
// wrote (the last statesKept of them); touched files missing from written
// are gone or forgotten.
func (c *stateCache) committed(touched []string, written map[string][]chunk.Chunk) {
	if c.files == nil {
		c.files = map[string]map[string]store.ChunkState{}
	}
	for _, p := range touched {
		c.forget(p)
		cs, ok := written[p]
		if !ok {
			continue
		}
		st := make(map[string]store.ChunkState, len(cs))
		for i := range cs {
			st[cs[i].ID] = store.StateOf(&cs[i])
		}
		c.files[p] = st
		c.order = append(c.order, p)
		for len(c.order) > statesKept {
			delete(c.files, c.order[0])
			c.order = c.order[1:]
		}
	}
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
