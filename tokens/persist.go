package tokens

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// cacheMagic starts a saved cache file; the encoding name follows.
const cacheMagic = "archon-token-cache-v1\n"

// Save writes the cache's entries to path atomically (temporary file,
// fsync, rename), for LoadCache in a later process.
func (c *Cache) Save(path string) error {
	c.mu.Lock()
	entries := make(map[uint64]int32, len(c.cur)+len(c.old))
	for k, v := range c.old {
		entries[k] = v
	}
	for k, v := range c.cur {
		entries[k] = v
	}
	c.mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("save token cache: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".token-cache-*")
	if err != nil {
		return fmt.Errorf("save token cache: %w", err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	w.WriteString(cacheMagic)
	w.WriteString(string(c.counter.Encoding()) + "\n")
	var buf [12]byte
	for k, v := range entries {
		binary.LittleEndian.PutUint64(buf[:8], k)
		binary.LittleEndian.PutUint32(buf[8:], uint32(v))
		w.Write(buf[:])
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("save token cache: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("save token cache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save token cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save token cache: %w", err)
	}
	return nil
}

// LoadCache returns a cache over counter filled from the file Save wrote at
// path. A missing file gives an empty cache; a file for another encoding,
// or a damaged one, is ignored (an empty cache and no error), since a cache
// can always be rebuilt.
func LoadCache(path string, counter Counter, maxEntries int) (*Cache, error) {
	c := NewCache(counter, maxEntries)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load token cache: %w", err)
	}
	defer f.Close()
	r := bufio.NewReader(f)
	magic, err := r.ReadString('\n')
	if err != nil || magic != cacheMagic {
		return c, nil
	}
	enc, err := r.ReadString('\n')
	if err != nil || enc != string(counter.Encoding())+"\n" {
		return c, nil
	}
	var buf [12]byte
	loaded := map[uint64]int32{}
	for {
		if _, err := io.ReadFull(r, buf[:]); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return c, nil // torn file: start empty
		}
		loaded[binary.LittleEndian.Uint64(buf[:8])] = int32(binary.LittleEndian.Uint32(buf[8:]))
		if len(loaded) >= c.limit {
			break
		}
	}
	c.cur = loaded
	return c, nil
}
