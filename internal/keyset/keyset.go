// Package keyset keeps a set of keys in a JSON file (a sorted array),
// written atomically: what an importer has taken already.
package keyset

import (
	"sort"

	"github.com/archon-memory/archon/internal/jsonfile"
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

// Save writes the set to path atomically, as a sorted array.
func (s Set) Save(path string) error {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return jsonfile.Write(path, keys, 0o644)
}
