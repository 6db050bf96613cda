package rag

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/store"
)

// positions is an in-memory copy of every chunk's position and filter
// fields, for engines that answer many queries (Options.Resident): it
// replaces a SQLite query per search. It is loaded on first use and updated
// file by file after each Index.
type positions struct {
	mu      sync.RWMutex
	loaded  bool
	version uint64 // bumped by every refresh, loaded or not
	byID    map[string]*store.Position
	byFile  map[string][]*store.Position // indexed by seq
	// marks caches marked's chunks by mark, for version marksAt.
	markMu  sync.Mutex
	marks   map[string][]*store.Position
	marksAt uint64
}

// load reads every position from the store unless already loaded. The
// store is read without the lock; a refresh that ran meanwhile (an Index
// beside the first search) makes it read again.
func (p *positions) load(ctx context.Context, st *store.Store) error {
	for {
		p.mu.RLock()
		ok, v := p.loaded, p.version
		p.mu.RUnlock()
		if ok {
			return nil
		}
		byID := map[string]*store.Position{}
		byFile := map[string][]*store.Position{}
		intern := map[string]string{}
		err := st.EachPosition(ctx, func(pos store.Position) error {
			add(byID, byFile, pos, intern)
			return nil
		})
		if err != nil {
			return fmt.Errorf("load chunk positions: %w", err)
		}
		p.mu.Lock()
		if p.version == v && !p.loaded {
			p.byID, p.byFile, p.loaded = byID, byFile, true
		}
		done := p.loaded
		p.mu.Unlock()
		if done {
			return nil
		}
	}
}

func add(byID map[string]*store.Position, byFile map[string][]*store.Position, pos store.Position, intern map[string]string) {
	for _, s := range []*string{&pos.Path, &pos.Date, &pos.Agent, &pos.Project, &pos.Layer} {
		if v, ok := intern[*s]; ok {
			*s = v
		} else {
			intern[*s] = *s
		}
	}
	rec := &pos
	byID[pos.ID] = rec
	f := byFile[pos.Path]
	for len(f) <= pos.Seq {
		f = append(f, nil)
	}
	f[pos.Seq] = rec
	byFile[pos.Path] = f
}

// each calls fn for every position held, under the read lock (fn must
// not call back into p). It reports false, calling fn for none, when a
// refresh emptied them since they were loaded.
func (p *positions) each(fn func(*store.Position)) bool {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if !p.loaded {
		return false
	}
	for _, c := range p.byID {
		fn(c)
	}
	return true
}

// marked returns the positions holding mark dated since (YYYY-MM-DD) or
// later. The chunks holding it are found once per version of the
// positions. It reports false when a refresh emptied them since they
// were loaded.
func (p *positions) marked(mark, since string) ([]*store.Position, bool) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if !p.loaded {
		return nil, false
	}
	p.markMu.Lock()
	defer p.markMu.Unlock()
	if p.marks == nil || p.marksAt != p.version {
		p.marks, p.marksAt = map[string][]*store.Position{}, p.version
	}
	all, ok := p.marks[mark]
	if !ok {
		for _, c := range p.byID {
			if slices.Contains(c.Marks, mark) {
				all = append(all, c)
			}
		}
		p.marks[mark] = all
	}
	var out []*store.Position
	for _, c := range all {
		if c.Date >= since {
			out = append(out, c)
		}
	}
	return out, true
}

// isLoaded reports whether the positions are in memory (and so must be
// refreshed after an index run).
func (p *positions) isLoaded() bool {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.loaded
}

// refresh replaces the positions of the files in fresh (a file mapped to
// nothing is gone), after an Index changed them. It does nothing if nothing
// is loaded yet. complete is false when the Index did not collect them
// (nothing was loaded when it started): positions loaded meanwhile are
// dropped, to be loaded again.
func (p *positions) refresh(fresh map[string][]store.Position, complete bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.version++
	if p.loaded && !complete {
		p.loaded, p.byID, p.byFile = false, nil, nil
		return
	}
	if !p.loaded || len(fresh) == 0 {
		return
	}
	intern := map[string]string{}
	for path, ps := range fresh {
		for _, old := range p.byFile[path] {
			if old != nil && p.byID[old.ID] == old {
				delete(p.byID, old.ID)
			}
		}
		delete(p.byFile, path)
		for _, pos := range ps {
			add(p.byID, p.byFile, pos, intern)
		}
	}
}

// file returns the positions of path's chunks as loaded (none when
// positions are not loaded).
func (p *positions) file(path string) []store.Position {
	p.mu.RLock()
	defer p.mu.RUnlock()
	var out []store.Position
	for _, pos := range p.byFile[path] {
		if pos != nil {
			out = append(out, *pos)
		}
	}
	return out
}

// positionsOf returns the positions of a file's chunks.
func positionsOf(cs []chunk.Chunk) []store.Position {
	out := make([]store.Position, len(cs))
	for i := range cs {
		c := &cs[i]
		out[i] = store.Position{ID: c.ID, Path: c.Path, Seq: c.Seq, Date: c.Date, Time: c.Time, Agent: c.Agent, Tags: c.Tags, Project: c.Project, Layer: c.Layer, Size: len(c.Text), Part: c.Part, Marks: c.Marks}
	}
	return out
}

// neighbourhood is store.Neighbourhood answered from memory: the positions
// of ids and of their neighbours within radius, each once, sorted by file
// and position. The records are shared, never modified: a refresh replaces
// them.
func (p *positions) neighbourhood(ids []string, radius int) []*store.Position {
	p.mu.RLock()
	defer p.mu.RUnlock()
	seeds := make([]*store.Position, 0, len(ids))
	for _, id := range ids {
		if c := p.byID[id]; c != nil {
			seeds = append(seeds, c)
		}
	}
	slices.SortFunc(seeds, byPathSeq)
	out := make([]*store.Position, 0, len(seeds)*(2*radius+1))
	next := 0 // first position not yet taken in the current file
	for i, c := range seeds {
		if i == 0 || c.Path != seeds[i-1].Path {
			next = 0
		}
		f := p.byFile[c.Path]
		for s := max(next, c.Seq-radius); s <= c.Seq+radius && s < len(f); s++ {
			if n := f[s]; n != nil {
				out = append(out, n)
			}
			next = s + 1
		}
	}
	return out
}

// byPathSeq orders positions by file, then position in the file.
func byPathSeq(a, b *store.Position) int {
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	return cmp.Compare(a.Seq, b.Seq)
}
