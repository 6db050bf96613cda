package shared

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/archon-memory/archon/memory"
)

// Outbox is a node's durable queue of entries for the shared store: an
// entry is acknowledged once it is in the outbox, and the sender takes
// entries out in order once PostgreSQL has them. Several processes may
// add at once (each add holds a lock on the file and fsyncs); one sender
// drains it.
//
// On disk: outbox.jsonl holds one entry per line; outbox.pos the byte
// offset up to which entries are sent. When everything is sent the file
// is emptied.
type Outbox struct {
	dir string
}

// OpenOutbox returns the outbox in dir, created on first use.
func OpenOutbox(dir string) (*Outbox, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return &Outbox{dir: dir}, nil
}

func (o *Outbox) file() string { return filepath.Join(o.dir, "outbox.jsonl") }
func (o *Outbox) pos() string  { return filepath.Join(o.dir, "outbox.pos") }

// locked runs fn on the outbox file under its lock.
func (o *Outbox) locked(ctx context.Context, fn func(f *os.File) error) error {
	f, err := os.OpenFile(o.file(), os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	defer f.Close()
	if err := memory.LockFile(ctx, f); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	defer memory.UnlockFile(f)
	return fn(f)
}

// Add appends e durably: when Add returns nil the entry will reach the
// shared store, whatever happens to this process.
func (o *Outbox) Add(ctx context.Context, e Entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return o.locked(ctx, func(f *os.File) error {
		// A crash in the middle of an earlier add leaves a line without
		// its newline (never acknowledged): end it, so this entry starts
		// a line of its own.
		if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
			last := make([]byte, 1)
			if _, err := f.ReadAt(last, fi.Size()-1); err == nil && last[0] != '\n' {
				line = append([]byte{'\n'}, line...)
			}
		}
		if _, err := f.Write(append(line, '\n')); err != nil {
			return fmt.Errorf("outbox: %w", err)
		}
		if err := f.Sync(); err != nil {
			return fmt.Errorf("outbox: %w", err)
		}
		return nil
	})
}

// sentOffset reads how far the outbox is sent.
func (o *Outbox) sentOffset() (int64, error) {
	b, err := os.ReadFile(o.pos())
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("outbox: %w", err)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("outbox: %s is damaged (%q): delete it to send the whole outbox again (a store skips what it has)", o.pos(), b)
	}
	return n, nil
}

// Pending returns up to max entries not yet sent, in order, and the
// offset to pass to Done once they are. A torn last line (a crash in the
// middle of an Add that never returned) is left for the next Add to
// follow; it was never acknowledged.
func (o *Outbox) Pending(ctx context.Context, max int) ([]Entry, int64, error) {
	var out []Entry
	var end int64
	err := o.locked(ctx, func(f *os.File) error {
		off, err := o.sentOffset()
		if err != nil {
			return err
		}
		if _, err := f.Seek(off, io.SeekStart); err != nil {
			return fmt.Errorf("outbox: %w", err)
		}
		end = off
		r := bufio.NewReaderSize(f, 64<<10)
		for len(out) < max {
			line, err := r.ReadBytes('\n')
			if err == io.EOF {
				return nil // a line without its newline was not acknowledged
			}
			if err != nil {
				return fmt.Errorf("outbox: %w", err)
			}
			end += int64(len(line))
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			var e Entry
			if err := json.Unmarshal(line, &e); err != nil {
				// A line torn by a crash and followed by later adds.
				continue
			}
			out = append(out, e)
		}
		return nil
	})
	return out, end, err
}

// Done records that the entries up to offset end are sent; when that is
// all of them the outbox is emptied.
func (o *Outbox) Done(ctx context.Context, end int64) error {
	return o.locked(ctx, func(f *os.File) error {
		fi, err := f.Stat()
		if err != nil {
			return fmt.Errorf("outbox: %w", err)
		}
		if end >= fi.Size() {
			// Everything is sent: the position goes back to 0 first, then
			// the file is emptied. A crash between the two sends the old
			// entries again, which the store skips; the other order could
			// skip new ones.
			if err := memory.WriteFileAtomic(o.pos(), []byte("0\n"), 0o644); err != nil {
				return err
			}
			if err := f.Truncate(0); err != nil {
				return fmt.Errorf("outbox: %w", err)
			}
			return f.Sync()
		}
		return memory.WriteFileAtomic(o.pos(), []byte(strconv.FormatInt(end, 10)+"\n"), 0o644)
	})
}

// Len counts the entries waiting: the complete lines past the position
// sent, without decoding them (a line a crash garbled counts too).
func (o *Outbox) Len(ctx context.Context) (int, error) {
	n := 0
	err := o.locked(ctx, func(f *os.File) error {
		off, err := o.sentOffset()
		if err != nil {
			return err
		}
		buf := make([]byte, 64<<10)
		for {
			k, err := f.ReadAt(buf, off)
			n += bytes.Count(buf[:k], []byte{'\n'})
			off += int64(k)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("outbox: %w", err)
			}
		}
	})
	return n, err
}
