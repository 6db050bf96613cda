package memory

import (
	"bytes"
	"errors"
	"io"
	"os"
	"sync"
	"syscall"
)

// logState is what an append needs of the log it extends: its size, its
// line count and its last few bytes.
type logState struct {
	size  int64
	lines int
	tail  []byte // the last up to 5 bytes
}

// scanLog reads the locked log f through once, in blocks: appending to a
// long log must not cost its size in memory.
func scanLog(f *os.File) (logState, error) {
	var st logState
	buf := make([]byte, 64<<10)
	for {
		n, err := f.ReadAt(buf, st.size)
		st.lines += bytes.Count(buf[:n], []byte{'\n'})
		st.size += int64(n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return st, err
		}
	}
	var err error
	st.tail, err = readTail(f, st.size)
	return st, err
}

// logStates remembers the line counts of the logs this workspace appended
// to, so that the next append to a long day need not read it through to
// count them again. An entry holds while the file is the same one (device
// and inode) with the size and modification time the last append left; a
// write by anyone else (another process's append, an editor, a repair)
// changes one of them, and the log is read through again.
type logStates struct {
	mu sync.Mutex
	m  map[string]knownLog
}

// knownLog is a log's identity and state after an append.
type knownLog struct {
	dev, ino uint64
	size     int64
	mtime    int64 // nanoseconds
	lines    int
}

// identity returns f's device, inode, size and modification time.
func identity(f *os.File) (knownLog, bool) {
	fi, err := f.Stat()
	if err != nil {
		return knownLog{}, false
	}
	sys, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return knownLog{}, false
	}
	return knownLog{dev: uint64(sys.Dev), ino: uint64(sys.Ino), size: fi.Size(), mtime: fi.ModTime().UnixNano()}, true
}

// scan returns the state of the locked log f: from what the last append
// here left when the file is as it left it, else by reading it through.
func (s *logStates) scan(f *os.File) (logState, error) {
	id, ok := identity(f)
	s.mu.Lock()
	k, known := s.m[f.Name()]
	s.mu.Unlock()
	if ok && known && id.dev == k.dev && id.ino == k.ino && id.size == k.size && id.mtime == k.mtime {
		tail, err := readTail(f, k.size)
		return logState{size: k.size, lines: k.lines, tail: tail}, err
	}
	return scanLog(f)
}

// wrote records the state of the locked log f after data was appended to
// a log in state st, when its size says nothing else was written.
func (s *logStates) wrote(f *os.File, st logState, data []byte) {
	id, ok := identity(f)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !ok || id.size != st.size+int64(len(data)) {
		delete(s.m, f.Name())
		return
	}
	if s.m == nil {
		s.m = map[string]knownLog{}
	}
	id.lines = st.lines + bytes.Count(data, []byte{'\n'})
	s.m[f.Name()] = id
}
