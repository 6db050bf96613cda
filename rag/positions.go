package rag

import (
	"context"
	"fmt"
	"sync"

	"github.com/archon-memory/archon/rag/store"
)

// positions is an in-memory copy of every chunk's position and filter
// fields, for engines that answer many queries (Options.Resident): it
// replaces a SQLite query per search. It is loaded on first use and updated
// file by file after each Index.
type positions struct {
	mu     sync.RWMutex
	loaded bool
	byID   map[string]*store.Position
	byFile map[string][]*store.Position // indexed by seq
}

// load reads every position from the store unless already loaded.
func (p *positions) load(ctx context.Context, st *store.Store) error {
	p.mu.RLock()
	ok := p.loaded
	p.mu.RUnlock()
	if ok {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.loaded {
		return nil
	}
	p.byID = map[string]*store.Position{}
	p.byFile = map[string][]*store.Position{}
	intern := map[string]string{}
	err := st.EachPosition(ctx, func(pos store.Position) error {
		p.add(pos, intern)
		return nil
	})
	if err != nil {
		return fmt.Errorf("load chunk positions: %w", err)
	}
	p.loaded = true
	return nil
}

func (p *positions) add(pos store.Position, intern map[string]string) {
	for _, s := range []*string{&pos.Path, &pos.Date, &pos.Agent, &pos.Project, &pos.Layer} {
		if v, ok := intern[*s]; ok {
			*s = v
		} else {
			intern[*s] = *s
		}
	}
	rec := &pos
	p.byID[pos.ID] = rec
	f := p.byFile[pos.Path]
	for len(f) <= pos.Seq {
		f = append(f, nil)
	}
	f[pos.Seq] = rec
	p.byFile[pos.Path] = f
}

// refresh reloads the positions of the given files (after they changed or
// disappeared). It does nothing if nothing is loaded yet.
func (p *positions) refresh(ctx context.Context, st *store.Store, paths []string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.loaded || len(paths) == 0 {
		return nil
	}
	intern := map[string]string{}
	for _, path := range paths {
		for _, old := range p.byFile[path] {
			if old != nil && p.byID[old.ID] == old {
				delete(p.byID, old.ID)
			}
		}
		delete(p.byFile, path)
		fresh, err := st.PositionsOf(ctx, path)
		if err != nil {
			p.loaded = false // reload everything next time
			return err
		}
		for _, pos := range fresh {
			p.add(pos, intern)
		}
	}
	return nil
}

// neighbourhood is store.Neighbourhood answered from memory.
func (p *positions) neighbourhood(ids []string, radius int) []store.Position {
	p.mu.RLock()
	defer p.mu.RUnlock()
	seen := make(map[*store.Position]bool, len(ids)*(2*radius+1))
	out := make([]store.Position, 0, len(ids)*(2*radius+1))
	for _, id := range ids {
		c := p.byID[id]
		if c == nil {
			continue
		}
		f := p.byFile[c.Path]
		for s := max(0, c.Seq-radius); s <= c.Seq+radius && s < len(f); s++ {
			if n := f[s]; n != nil && !seen[n] {
				seen[n] = true
				out = append(out, *n)
			}
		}
	}
	return out
}
