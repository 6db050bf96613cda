package rag

import (
	"sync"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/fulltext"
)

// chunkCacheBytes bounds what the cache holds, counted by cost: a bound in
// bytes, not chunks, because a chunk may be one 4 MiB line. A chunk
// costing more than an eighth of it is not kept.
const chunkCacheBytes = 32 << 20

// chunkCache keeps the chunks recent searches returned, so that the hits
// of popular queries need no database round trip. Index drops the chunks of
// every file it changes. A search that read the database while an Index
// changed it does not store what it read: entries carry the generation they
// were read at, and Index moves the generation on.
type chunkCache struct {
	mu    sync.Mutex
	gen   uint64
	m     map[string]cached
	bytes int // the costs of what m holds
}

// costOf is about what a cached chunk holds before its snippet tokens:
// its text, title and metadata.
func costOf(ch *chunk.Chunk) int { return len(ch.Text) + len(ch.Title) + 256 }

// cost is what an entry holds: its chunk and its snippet tokens.
func (e cached) cost() int { return costOf(&e.ch) + e.toks.Bytes() }

// cached is a chunk and, once a snippet was made of it, its text prepared
// for marking query terms.
type cached struct {
	ch   chunk.Chunk
	toks fulltext.Prepared
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
		if e, ok := c.m[id]; ok {
			found = append(found, e.ch)
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
		c.m = map[string]cached{}
	}
	for _, ch := range cs {
		cost := costOf(&ch)
		if cost > chunkCacheBytes/8 {
			continue
		}
		c.drop(ch.ID)
		c.fit(cost)
		c.m[ch.ID] = cached{ch: ch}
		c.bytes += cost
	}
}

// prepared returns text (the snippet source of chunk id) prepared by
// prepare, kept with the cached chunk when it is still there with the same
// text.
func (c *chunkCache) prepared(id, text string, prepare func(string) fulltext.Prepared) fulltext.Prepared {
	c.mu.Lock()
	e, ok := c.m[id]
	c.mu.Unlock()
	if ok && e.toks.Ready() && snippetText(&e.ch) == text {
		return e.toks
	}
	toks := prepare(text)
	if !ok {
		return toks
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[id]; ok && snippetText(&e.ch) == text && !e.toks.Ready() && e.cost()+toks.Bytes() <= chunkCacheBytes/8 {
		c.drop(id)
		c.fit(e.cost() + toks.Bytes())
		e.toks = toks
		c.m[id] = e
		c.bytes += e.cost()
	}
	return toks
}

// fit drops arbitrary entries until cost more fits; the caller holds mu.
func (c *chunkCache) fit(cost int) {
	for c.bytes+cost > chunkCacheBytes {
		for id := range c.m {
			c.drop(id)
			break
		}
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
	for id, e := range c.m {
		if drop[e.ch.Path] {
			c.drop(id)
		}
	}
	for _, id := range ids {
		c.drop(id)
	}
}

// drop removes id, if held; the caller holds mu.
func (c *chunkCache) drop(id string) {
	if e, ok := c.m[id]; ok {
		c.bytes -= e.cost()
		delete(c.m, id)
	}
}

// clear drops everything (after a rebuild).
func (c *chunkCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.m, c.bytes = nil, 0
}
