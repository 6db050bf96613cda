// Package keyset keeps a set of keys in a JSON file (a sorted array),
// written atomically: what an importer has taken already. Sets only grow:
// a save adds its keys to those in the file, so that processes saving the
// same file at once (two sessions' hooks, a hook and an import) never
// drop each other's keys.
package keyset

import (
	"context"
	"fmt"
	"sort"

	"github.com/archon-memory/archon/internal/jsonfile"
	"github.com/archon-memory/archon/memory"
)

// Set is a set of keys.
type Set map[string]bool

// Load reads the set at path (a missing file is empty).
func Load(path string) (Set, error) {
	var keys []string
	if _, err := jsonfile.Read(path, &keys); err != nil {
		return nil, err
	}
	set := make(Set, len(keys))
	for _, k := range keys {
		set[k] = true
	}
	return set, nil
}

// Save adds the set's keys to the file at path, as a sorted array written
// atomically, under an exclusive lock on path+".lock": keys another process
// saved since s was loaded are kept (and added to s).
func (s Set) Save(path string) error {
	unlock, err := memory.LockPath(context.Background(), path+".lock")
	if err != nil {
		return fmt.Errorf("keyset: lock %s: %w", path, err)
	}
	defer unlock()
	saved, err := Load(path)
	if err != nil {
		return err
	}
	for k := range saved {
		s[k] = true
	}
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return jsonfile.Write(path, keys, 0o644)
}
