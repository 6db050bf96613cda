package rag

import (
	"sync"

	"github.com/archon-memory/archon/rag/chunk"
)

// chunkCacheSize bounds the chunks kept for search results (about 1 KB
// each with their text).
const chunkCacheSize = 4096

// chunkCache keeps the chunks recent searches returned, so that the hits
// of popular queries need no database round trip. Index drops the chunks of
// every file it changes. A search that read the database while an Index
// changed it does not store what it read: entries carry the generation they
// were read at, and Index moves the generation on.
type chunkCache struct {
	mu  sync.Mutex
	gen uint64
	m   map[string]chunk.Chunk
}

// generation returns the current generation, to pass to put.
func (c *chunkCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// get returns the cached chunks among ids, and the ids it does not hold.
func (c *chunkCache) get(ids []string) (found []chunk.Chunk, missing []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, id := range ids {
		if ch, ok := c.m[id]; ok {
			found = append(found, ch)
		} else {
			missing = append(missing, id)
		}
	}
	return found, missing
}

// put stores cs, read from the database at generation gen, unless an
// Index changed the database since.
func (c *chunkCache) put(gen uint64, cs []chunk.Chunk) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if c.m == nil {
		c.m = make(map[string]chunk.Chunk, chunkCacheSize)
	}
	for _, ch := range cs {
		for len(c.m) >= chunkCacheSize { // drop an arbitrary entry
			for id := range c.m {
				delete(c.m, id)
				break
			}
		}
		c.m[ch.ID] = ch
	}
}

// invalidate drops the chunks of the given files and of the given ids
// (which may have moved to another file), and starts a new generation.
func (c *chunkCache) invalidate(paths, ids []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if len(c.m) == 0 {
		return
	}
	drop := make(map[string]bool, len(paths))
	for _, p := range paths {
		drop[p] = true
	}
	for id, ch := range c.m {
		if drop[ch.Path] {
			delete(c.m, id)
		}
	}
	for _, id := range ids {
		delete(c.m, id)
	}
}

// clear drops everything (after a rebuild).
func (c *chunkCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.m = nil
}
