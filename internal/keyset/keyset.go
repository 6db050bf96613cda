// Package keyset keeps a set of keys in a JSON file (a sorted array),
// written atomically: what an importer has taken already. Sets only grow:
// a save adds its keys to those in the file, so that processes saving the
// same file at once (two sessions' hooks, a hook and an import) never
// drop each other's keys. A key can also be recorded at once, as soon as
// what it stands for is written (Add, a line appended to the set's
// journal): an import killed midway keeps every key it took.
package keyset

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/archon-memory/archon/internal/jsonfile"
	"github.com/archon-memory/archon/memory"
)

// Set is a set of keys.
type Set map[string]bool

// Load reads the set at path (a missing file is empty), with the keys of
// its journal.
func Load(path string) (Set, error) {
	// The journal first: a Save between the two reads writes the file
	// with the journal's keys before it removes the journal, so each key
	// is in one or the other as read.
	set := Set{}
	if err := readJournal(path, set); err != nil {
		return nil, err
	}
	var keys []string
	if _, err := jsonfile.Read(path, &keys); err != nil {
		return nil, err
	}
	for _, k := range keys {
		set[k] = true
	}
	return set, nil
}

// journal is the file Add appends to, one key a line.
func journal(path string) string { return path + ".journal" }

// readJournal adds the keys of path's journal to set; a last line cut
// short by a crash (no newline) is no key.
func readJournal(path string, set Set) error {
	f, err := os.Open(journal(path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("keyset: %w", err)
	}
	defer f.Close()
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil // EOF, with or without a torn last line
		}
		if k := strings.TrimSuffix(line, "\n"); k != "" {
			set[k] = true
		}
	}
}

// Add records key in s and, at once, in the journal of the set at path.
func (s Set) Add(path, key string) error {
	if key == "" || strings.ContainsAny(key, "\r\n") {
		return fmt.Errorf("keyset: key %q: empty or more than one line", key)
	}
	unlock, err := memory.LockPath(context.Background(), path+".lock")
	if err != nil {
		return fmt.Errorf("keyset: lock %s: %w", path, err)
	}
	defer unlock()
	f, err := os.OpenFile(journal(path), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("keyset: %w", err)
	}
	if _, err := f.WriteString(key + "\n"); err != nil {
		f.Close()
		return fmt.Errorf("keyset: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("keyset: %w", err)
	}
	s[key] = true
	return nil
}

// Save writes s to path, adding the keys already saved there (and in
// its journal, which the file then holds).
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
	if err := jsonfile.Write(path, keys, 0o644); err != nil {
		return err
	}
	if err := os.Remove(journal(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("keyset: %w", err)
	}
	return nil
}
