// Package keyset keeps a set of keys in a JSON file (a sorted array),
// written atomically: what an importer has taken already.
package keyset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/archon-memory/archon/memory"
)

// Set is a set of keys.
type Set map[string]bool

// Load reads the set at path (a missing file is empty).
func Load(path string) (Set, error) {
	set := Set{}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return set, nil
	}
	if err != nil {
		return nil, err
	}
	var keys []string
	if err := json.Unmarshal(b, &keys); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, k := range keys {
		set[k] = true
	}
	return set, nil
}

// Save writes the set to path atomically.
func (s Set) Save(path string) error {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b, err := json.MarshalIndent(keys, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return memory.WriteFileAtomic(path, append(b, '\n'), 0o644)
}
