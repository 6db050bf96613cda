//go:build unix

package vector

import (
	"fmt"
	"os"
	"sync"
	"syscall"
)

// mapping is a file's contents in memory: a private, copy-on-write map, so
// the index may write to it (moving vectors on delete) without touching the
// file.
type mapping struct {
	mu   sync.Mutex
	data []byte // nil once unmapped
}

// mapFile maps size bytes of f.
func mapFile(f *os.File, size int) (*mapping, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, fmt.Errorf("vector: map %s: %w", f.Name(), err)
	}
	return &mapping{data: data}, nil
}

// close unmaps the memory; closing twice is harmless.
func (m *mapping) close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.data == nil {
		return nil
	}
	data := m.data
	m.data = nil
	if err := syscall.Munmap(data); err != nil {
		return fmt.Errorf("vector: unmap snapshot: %w", err)
	}
	return nil
}
