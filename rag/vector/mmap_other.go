//go:build !unix

package vector

import (
	"fmt"
	"io"
	"os"
)

// mapping is a file's contents in memory; without mmap they are read.
type mapping struct{ data []byte }

// mapFile reads size bytes of f.
func mapFile(f *os.File, size int) (*mapping, error) {
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("vector: read %s: %w", f.Name(), err)
	}
	return &mapping{data: data}, nil
}

// close releases the memory.
func (m *mapping) close() error { return nil }
