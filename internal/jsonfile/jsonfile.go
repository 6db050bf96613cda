// Package jsonfile keeps a value in a JSON file under .archon/: read back
// when it is there, written indented and atomically (temp + fsync +
// rename), with its directory created as needed.
package jsonfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/archon-memory/archon/memory"
)

// Read decodes the file at path into v; found is false, and v untouched,
// when there is no such file.
func Read(path string, v any) (found bool, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return true, fmt.Errorf("%s: %w", path, err)
	}
	return true, nil
}

// Write encodes v indented, with a final newline, into path atomically.
func Write(path string, v any, perm fs.FileMode) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return memory.WriteFileAtomic(path, append(b, '\n'), perm)
}
