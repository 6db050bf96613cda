package memory

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// A write torn by a crash cannot be recognized from the log's text alone:
// a cut at a line boundary of an entry's body reads as a shorter, complete
// entry, and a cut inside its heading reads as an entry with a broken or
// truncated heading. So every append first records what it is about to
// write, in a small file of its own under .archon/appends/, and fsyncs that
// record before the log is touched:
//
//	P                      state: P pending, D done
//	{"path":..., "off":..., "len":..., "sum":..., ...}
//	<SHA-256 of the line above, hex>
//
// The record names the log (path, device and inode), the offset the write
// starts at (the log's size before it, which is exactly the acknowledged
// content), its length, its SHA-256, its first bytes verbatim and a
// SHA-256 of each full chunk. Once the entry is fsynced the state becomes
// D. An entry is acknowledged only after its fsync returned, so a record
// still pending names the one write that may be torn, and everything
// before its offset was there before that write began. The next append
// to the log (and RepairLog) then:
//
//   - finds all the bytes and the checksum right: the write completed, the
//     entry is kept;
//   - finds all but the final newline and the checksum of them plus "\n"
//     right: the entry's text is complete, the newline is added;
//   - finds fewer bytes, each one checked against the record: they are cut
//     off, leaving the file exactly as it was before the write began;
//   - finds anything else (the file moved, was rewritten, grew past the
//     write, or holds other bytes): the record is stale and nothing is cut.
//
// Without a pending record that fits (a log written by hand or by an older
// archon, or .archon deleted), only the shape of the tail can be judged:
// an unterminated entry heading at the very end, after a blank line, is
// cut, since archon never writes a heading without a body and a final
// newline. A torn body cannot be told from a complete one then; it is
// left as it is.

// appendsDir is the directory of the append records, under StateDir.
const appendsDir = "appends"

const (
	intentHead  = 4 << 10  // bytes of a write kept verbatim in its record
	intentChunk = 16 << 10 // bytes covered by each chunk checksum
	recordBlock = 4 << 10  // a record file's size is a multiple of this
)

// Repair actions.
const (
	// RepairNone: the tail was whole; nothing changed.
	RepairNone = "none"
	// RepairRemoved: a torn, never-acknowledged write was cut off.
	RepairRemoved = "removed"
	// RepairCompleted: a write that lacked only its final newline was
	// proven complete by its checksum and the newline added.
	RepairCompleted = "completed"
)

// RepairResult reports what a repair of a daily log's tail did.
type RepairResult struct {
	// Path is the log, relative to the workspace root.
	Path string `json:"path"`
	// Action is RepairNone, RepairRemoved or RepairCompleted.
	Action string `json:"action"`
	// Removed is how many bytes were cut off.
	Removed int64 `json:"removed,omitempty"`
	// Size is the file's size afterwards.
	Size int64 `json:"size"`
	// Detail says what was found and on what evidence.
	Detail string `json:"detail,omitempty"`
}

// RepairLog repairs the tail of the daily log rel after a crash, under
// the lock appends take: a write that was torn (and so never
// acknowledged) is cut off, so the file is as it was before that write
// began, or completed when only its final newline is missing. The change
// is one ftruncate(2), or one one-byte write, followed by fsync; nothing
// acknowledged is ever removed. A log whose tail is whole is left alone.
// Append does the same before every write, so RepairLog is for a check
// (archon doctor) that does not want to wait for the next append.
func (w *Workspace) RepairLog(ctx context.Context, rel string) (RepairResult, error) {
	if err := checkLogPath(rel); err != nil {
		return RepairResult{}, err
	}
	abs, err := w.Path(rel)
	if err != nil {
		return RepairResult{}, err
	}
	for attempt := 0; ; attempt++ {
		f, err := os.OpenFile(abs, os.O_RDWR|os.O_APPEND, 0)
		if err != nil {
			return RepairResult{}, fmt.Errorf("repair %s: %w", rel, err)
		}
		if err := lockFile(ctx, f); err != nil {
			f.Close()
			return RepairResult{}, fmt.Errorf("repair %s: %w", rel, err)
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(abs)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			res, err := w.RepairLocked(f, rel)
			UnlockFile(f)
			f.Close()
			return res, err
		}
		// Archived, forgotten or rewritten while we waited: open it again.
		UnlockFile(f)
		f.Close()
		if attempt == 100 {
			return RepairResult{}, fmt.Errorf("repair %s: the file keeps moving under the lock", rel)
		}
	}
}

// RepairLocked is RepairLog for a caller that already holds the log's
// lock: f is the log at rel, opened read-write (with or without O_APPEND)
// and locked with LockFile.
// It also removes the log's append record, which the next append
// recreates; call it before a log is moved or rewritten.
func (w *Workspace) RepairLocked(f *os.File, rel string) (RepairResult, error) {
	j, err := w.openJournal(rel, false)
	if err != nil {
		return RepairResult{}, fmt.Errorf("repair %s: %w", rel, err)
	}
	st, err := scanLog(f)
	if err != nil {
		j.close()
		return RepairResult{}, fmt.Errorf("repair %s: read: %w", rel, err)
	}
	_, res, err := repairTail(f, rel, j, st)
	j.close()
	if err != nil {
		return res, fmt.Errorf("repair %s: %w", rel, err)
	}
	if err := os.Remove(w.journalPath(rel)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return res, fmt.Errorf("repair %s: %w", rel, err)
	}
	return res, nil
}

// AppendLocked appends data to the daily log rel as Append writes an
// entry: the tail is repaired first, the write is recorded, written in
// one piece and fsynced, so that a crash at any point leaves nothing the
// next append or RepairLog does not undo. f is the log at rel, opened
// read-write with O_APPEND and locked with LockFile. It is for the
// writers of logs other than Append (archiving merges a day's entries
// into its archived log with it).
func (w *Workspace) AppendLocked(f *os.File, rel string, data []byte) error {
	j, err := w.openJournal(rel, true)
	if err != nil {
		return fmt.Errorf("append to %s: %w", rel, err)
	}
	defer j.close()
	st, err := scanLog(f)
	if err != nil {
		return fmt.Errorf("append to %s: read: %w", rel, err)
	}
	if st, _, err = repairTail(f, rel, j, st); err != nil {
		return fmt.Errorf("append to %s: %w", rel, err)
	}
	if err := w.writeRecorded(f, rel, j, st, data, nil); err != nil {
		return fmt.Errorf("append to %s: %w", rel, err)
	}
	return nil
}

// checkLogPath accepts the paths of daily logs: memory/YYYY-MM-DD.md and
// memory/archive/YYYY/YYYY-MM-DD.md.
func checkLogPath(rel string) error {
	if _, ok := LogDate(rel); !ok || !strings.HasPrefix(rel, LogDirName+"/") || strings.Contains(rel, "..") {
		return fmt.Errorf("%s: %w", rel, ErrNotEntry)
	}
	return nil
}

// errCrash is what an append returns when a test made it stop mid-write.
var errCrash = errors.New("simulated crash")

// writeRecorded records data as the pending write at st.size, writes it,
// fsyncs the log and marks the record done; before, if not nil, is set
// to the log's identity right before the write. If the write or its fsync
// fails, what was written is cut off again: an entry whose fsync did not
// return was never acknowledged.
func (w *Workspace) writeRecorded(f *os.File, rel string, j *journal, st logState, data []byte, before *knownLog) error {
	it, err := newIntent(f, rel, st.size, data)
	if err != nil {
		return err
	}
	if err := j.begin(it); err != nil {
		return err
	}
	if w.tearWrite != nil {
		if n := w.tearWrite(data); n >= 0 {
			f.Write(data[:min(n, len(data))])
			return errCrash
		}
	}
	if before != nil {
		*before, _ = identity(f) // the log as the write finds it
	}
	_, err = f.Write(data)
	if err == nil {
		if err = f.Sync(); err != nil {
			err = fmt.Errorf("fsync: %w", err)
		}
	} else {
		err = fmt.Errorf("write: %w", err)
	}
	if err != nil {
		if terr := f.Truncate(st.size); terr == nil && f.Sync() == nil {
			j.done(true)
		}
		return err
	}
	j.done(false)
	return nil
}

// repairTail makes the end of the locked log f whole before a write, or
// for RepairLog; see the comment at the top of this file. It returns the
// log's state afterwards.
func repairTail(f *os.File, rel string, j *journal, st logState) (logState, RepairResult, error) {
	res := RepairResult{Path: rel, Action: RepairNone, Size: st.size}
	if it, ok := j.pending(); ok {
		st2, res2, decided, err := applyIntent(f, it, rel, st)
		if err != nil {
			return st, res, err
		}
		// A pending record is looked at once: whatever it said, it is
		// settled now and must not act on a later state of the file.
		if err := j.done(true); err != nil {
			return st, res, fmt.Errorf("append record: %w", err)
		}
		if decided {
			return st2, res2, nil
		}
	}
	return cutTornHeading(f, st, res)
}

// applyIntent compares the log's tail with a pending record. decided is
// false when the record does not describe this file as it is.
func applyIntent(f *os.File, it *intent, rel string, st logState) (logState, RepairResult, bool, error) {
	res := RepairResult{Path: rel, Action: RepairNone, Size: st.size}
	id, err := identity(f)
	if err != nil {
		return st, res, false, err
	}
	dev, ino := id.dev, id.ino
	n := st.size - it.Off
	if it.Path != rel || it.Dev != dev || it.Ino != ino || n < 0 || n > it.Len {
		return st, res, false, nil
	}
	got := make([]byte, n)
	if _, err := f.ReadAt(got, it.Off); err != nil && !errors.Is(err, io.EOF) {
		return st, res, false, err
	}
	switch {
	case n == 0:
		res.Detail = "the last append stopped before it wrote anything"
		return st, res, true, nil
	case n == it.Len:
		if !it.sumOf(got) {
			return st, res, false, nil
		}
		// Written whole, maybe not yet fsynced when the writer died.
		if err := f.Sync(); err != nil {
			return st, res, false, fmt.Errorf("fsync: %w", err)
		}
		res.Detail = "the last append was written whole before its writer stopped; kept"
		return st, res, true, nil
	case n == it.Len-1 && it.sumOf(got, []byte{'\n'}):
		// pwrite at the end: f may or may not have been opened O_APPEND.
		if _, err := unix.Pwrite(int(f.Fd()), []byte{'\n'}, st.size); err != nil {
			return st, res, false, fmt.Errorf("complete torn write: %w", err)
		}
		if err := f.Sync(); err != nil {
			return st, res, false, fmt.Errorf("complete torn write: fsync: %w", err)
		}
		res.Action, res.Size = RepairCompleted, st.size+1
		res.Detail = "the last append lacked only its final newline (its checksum proves the text complete); newline added"
		st.size++
		st.lines++
		st.tail, err = readTail(f, st.size)
		return st, res, true, err
	case n < it.Len && it.prefixOf(got):
		if err := f.Truncate(it.Off); err != nil {
			return st, res, false, fmt.Errorf("cut torn write: %w", err)
		}
		if err := f.Sync(); err != nil {
			return st, res, false, fmt.Errorf("cut torn write: fsync: %w", err)
		}
		res.Action, res.Removed, res.Size = RepairRemoved, n, it.Off
		res.Detail = fmt.Sprintf("cut %d bytes of an append torn after %d of its %d bytes (never acknowledged)", n, n, it.Len)
		st.size = it.Off
		st.lines -= bytes.Count(got, []byte{'\n'})
		st.tail, err = readTail(f, st.size)
		return st, res, true, err
	}
	return st, res, false, nil
}

// cutTornHeading is the repair without a record: an unterminated entry
// heading (or the start of one: "#", "##", "## 14:0") at the very end,
// after a blank line, is cut with the newline that began it, leaving the
// file ending in the newline the entry before it ended with.
func cutTornHeading(f *os.File, st logState, res RepairResult) (logState, RepairResult, error) {
	if st.size == 0 || st.tail[len(st.tail)-1] == '\n' {
		return st, res, nil
	}
	k := min(st.size, 4<<10)
	t := make([]byte, k)
	if _, err := f.ReadAt(t, st.size-k); err != nil && !errors.Is(err, io.EOF) {
		return st, res, err
	}
	i := bytes.LastIndexByte(t, '\n')
	if i < 0 || !tornHeading(t[i+1:]) {
		return st, res, nil
	}
	// It must follow a blank line: "\n\n" before it, as archon writes.
	if i < 1 || t[i-1] != '\n' {
		return st, res, nil
	}
	start := st.size - k + int64(i)
	if err := f.Truncate(start); err != nil {
		return st, res, fmt.Errorf("repair torn write: %w", err)
	}
	if err := f.Sync(); err != nil {
		return st, res, fmt.Errorf("repair torn write: fsync: %w", err)
	}
	res.Action, res.Removed, res.Size = RepairRemoved, st.size-start, start
	res.Detail = fmt.Sprintf("cut an unterminated entry heading at the end (%q); no append record to check it against", t[i+1:])
	st.size = start
	st.lines--
	var err error
	st.tail, err = readTail(f, st.size)
	return st, res, err
}

// tornHeading reports whether an unterminated last line is an entry
// heading or the beginning of one.
func tornHeading(line []byte) bool {
	switch string(line) {
	case "#", "##", "## ":
		return true
	}
	return boundaryRe.Match(line) && !bytes.ContainsAny(line, "\r")
}

// readTail reads the last up to 5 bytes of a file of the given size.
func readTail(f *os.File, size int64) ([]byte, error) {
	k := min(size, 5)
	t := make([]byte, k)
	if _, err := f.ReadAt(t, size-k); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return t, nil
}
