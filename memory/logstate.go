package memory

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// logState is what an append needs of the log it extends: its size, its
// line count, its last few bytes and the keys of its entries.
type logState struct {
	size  int64
	lines int
	tail  []byte // the last up to 5 bytes
	keys  entryKeys
}

// scanLog reads the locked log f through once, a line at a time:
// appending to a long log must not cost its size in memory.
func scanLog(f *os.File) (logState, error) {
	var st logState
	k := newKeyer(nil)
	cr := &countReader{r: io.NewSectionReader(f, 0, 1<<62)}
	lines, err := k.readLines(cr)
	k.flush()
	st.lines, st.size, st.keys = lines, cr.n, k.keys
	if err != nil {
		return st, err
	}
	st.tail, err = readTail(f, st.size)
	return st, err
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// logStates remembers the line counts of the logs this workspace appended
// to, so that the next append to a long day need not read it through to
// count them again. An entry holds while the file is the same one (device
// and inode) with the size, modification and change times the last
// append left, checked again right before that append wrote; a write by
// anyone else (another process's append, an editor, a repair) changes
// one of them, and the log is read through again. What a timestamp cannot
// show (an edit of the same size within the filesystem's timestamp tick
// of an append, on a kernel without fine-grained timestamps) is set right
// by a full read every trustedAppends appends.
type logStates struct {
	mu sync.Mutex
	m  map[string]knownLog
}

// trustedAppends is how many appends in a row may take a log's line
// count from the last one.
const trustedAppends = 256

// knownLog is a log's identity and state after an append.
type knownLog struct {
	dev, ino     uint64
	size         int64
	mtime, ctime int64 // nanoseconds
	lines        int
	uses         int // appends since the log was last read through
	keys         entryKeys
}

// same reports whether a and b are the same file in the same state.
func (a knownLog) same(b knownLog) bool {
	return a.dev == b.dev && a.ino == b.ino && a.size == b.size && a.mtime == b.mtime && a.ctime == b.ctime
}

// identity returns f's device, inode, size and modification and change
// times (a change time cannot be set back, as a modification time can).
func identity(f *os.File) (knownLog, error) {
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		return knownLog{}, fmt.Errorf("%s: %w", f.Name(), err)
	}
	return knownLog{dev: uint64(st.Dev), ino: uint64(st.Ino), size: st.Size,
		mtime: unix.TimespecToNsec(st.Mtim), ctime: unix.TimespecToNsec(st.Ctim)}, nil
}

// scan returns the state of the locked log f, and its identity as read:
// from what the last append here left when the file is as it left it,
// else by reading it through.
func (s *logStates) scan(f *os.File) (logState, knownLog, error) {
	id, idErr := identity(f)
	s.mu.Lock()
	k, known := s.m[f.Name()]
	s.mu.Unlock()
	if idErr == nil && known && id.same(k) && k.uses < trustedAppends {
		tail, err := readTail(f, k.size)
		id.lines, id.uses, id.keys = k.lines, k.uses, k.keys
		return logState{size: k.size, lines: k.lines, tail: tail, keys: k.keys}, id, err
	}
	st, err := scanLog(f)
	if after, afterErr := identity(f); idErr == nil && afterErr == nil && after.same(id) {
		id.lines, id.keys = st.lines, st.keys // read through with nothing else writing
		return st, id, err
	}
	return st, knownLog{}, err
}

// wrote records the state of the locked log f after data was appended to
// a log in state st. seen is the identity scan returned, before is the
// identity right before the write: unless both are the same (nothing else
// wrote since the scan) and the size grew by data alone, the log is
// forgotten. added are the keys of the entries data holds.
func (s *logStates) wrote(f *os.File, st logState, seen, before knownLog, data []byte, added entryKeys) {
	id, err := identity(f)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil || seen.ino == 0 || !before.same(seen) || st.size != seen.size || id.size != st.size+int64(len(data)) {
		delete(s.m, f.Name())
		return
	}
	if s.m == nil {
		s.m = map[string]knownLog{}
	}
	id.lines, id.uses = st.lines+bytes.Count(data, []byte{'\n'}), seen.uses+1
	// The keys of the entries appended join the log's: the map is the one
	// scan handed out, used by this holder of the file's lock alone.
	if id.keys = seen.keys; id.keys == nil {
		id.keys = entryKeys{}
	}
	for k, n := range added {
		id.keys[k] += n
	}
	s.m[f.Name()] = id
}
