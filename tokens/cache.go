package tokens

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// DefaultCacheEntries is the capacity NewCache uses when given 0.
const DefaultCacheEntries = 1 << 16

// parallelBytes is the amount of uncached text from which CountAll spreads
// the work over several goroutines.
const parallelBytes = 64 << 10

// Cache remembers the token count of each text it has seen, keyed by a
// 64-bit FNV-1a hash of the text, so re-checking a growing conversation costs
// a hash of each old message plus a count of the new ones. It keeps at most
// about twice its capacity: when the current generation fills up it becomes
// the old one, and entries still in use are promoted on their next hit. The
// hash is stable across processes, so a cache can be saved (Save) and loaded
// (LoadCache) by short-lived commands.
// A Cache is safe for concurrent use.
type Cache struct {
	counter Counter
	limit   int

	mu       sync.Mutex
	cur, old map[uint64]int32

	hits, misses atomic.Int64
}

// CacheStats reports how a Cache has been used.
type CacheStats struct {
	Hits, Misses int64 // lookups answered from the cache / counted afresh
	Entries      int   // texts currently remembered
}

// NewCache returns an empty cache over counter holding about maxEntries
// counts (DefaultCacheEntries when maxEntries <= 0).
func NewCache(counter Counter, maxEntries int) *Cache {
	if maxEntries <= 0 {
		maxEntries = DefaultCacheEntries
	}
	return &Cache{
		counter: counter,
		limit:   maxEntries,
		cur:     make(map[uint64]int32),
	}
}

// Counter returns the Counter the cache counts with.
func (c *Cache) Counter() Counter { return c.counter }

// Stats returns the hit and miss counts and the number of entries.
func (c *Cache) Stats() CacheStats {
	c.mu.Lock()
	n := len(c.cur) + len(c.old)
	c.mu.Unlock()
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Entries: n}
}

// Count returns the token count of s, from the cache when s was seen before.
func (c *Cache) Count(s string) int {
	if s == "" {
		return 0
	}
	h := hashString(s)
	if n, ok := c.lookup(h); ok {
		return n
	}
	n := c.counter.Count(s)
	c.store(h, n)
	return n
}

// CountAll returns the token count of each text. Texts not in the cache are
// counted, in parallel over GOMAXPROCS goroutines when there is enough
// uncached text to make that worthwhile. It stops early, returning ctx.Err(),
// when ctx is cancelled.
func (c *Cache) CountAll(ctx context.Context, texts []string) ([]int, error) {
	out := make([]int, len(texts))
	hashes := make([]uint64, len(texts))
	var miss []int
	missBytes := 0
	for i, s := range texts {
		if s == "" {
			continue
		}
		h := hashString(s)
		hashes[i] = h
		if n, ok := c.lookup(h); ok {
			out[i] = n
			continue
		}
		miss = append(miss, i)
		missBytes += len(s)
	}
	if len(miss) == 0 {
		return out, nil
	}
	workers := min(runtime.GOMAXPROCS(0), len(miss), missBytes/parallelBytes+1)
	if workers <= 1 {
		for _, i := range miss {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("count tokens: %w", err)
			}
			out[i] = c.counter.Count(texts[i])
			c.store(hashes[i], out[i])
		}
		return out, nil
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= len(miss) || ctx.Err() != nil {
					return
				}
				i := miss[k]
				out[i] = c.counter.Count(texts[i])
				c.store(hashes[i], out[i])
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("count tokens: %w", err)
	}
	return out, nil
}

func (c *Cache) lookup(h uint64) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n, ok := c.cur[h]; ok {
		c.hits.Add(1)
		return int(n), true
	}
	if n, ok := c.old[h]; ok {
		c.hits.Add(1)
		c.putLocked(h, n)
		return int(n), true
	}
	c.misses.Add(1)
	return 0, false
}

func (c *Cache) store(h uint64, n int) {
	c.mu.Lock()
	c.putLocked(h, int32(min(n, 1<<31-1)))
	c.mu.Unlock()
}

func (c *Cache) putLocked(h uint64, n int32) {
	if len(c.cur) >= c.limit {
		c.old, c.cur = c.cur, make(map[uint64]int32, c.limit/4)
	}
	c.cur[h] = n
}

// hashString is 64-bit FNV-1a, eight bytes at a time where it can.
func hashString(s string) uint64 {
	const (
		offset = 14695981039346656037
		prime  = 1099511628211
	)
	h := uint64(offset)
	for len(s) >= 8 {
		// Fold eight bytes per round: FNV-1a over the bytes, unrolled.
		h = (h ^ uint64(s[0])) * prime
		h = (h ^ uint64(s[1])) * prime
		h = (h ^ uint64(s[2])) * prime
		h = (h ^ uint64(s[3])) * prime
		h = (h ^ uint64(s[4])) * prime
		h = (h ^ uint64(s[5])) * prime
		h = (h ^ uint64(s[6])) * prime
		h = (h ^ uint64(s[7])) * prime
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * prime
	}
	// Mix in the length so that texts differing only by trailing zero bytes differ.
	return h ^ uint64(len(s))<<56
}
