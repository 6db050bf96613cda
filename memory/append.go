package memory

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Append appends e to the daily log of e.Date. Empty Date and Time default to
// now in the workspace's time zone. The file and its title line are created
// on first write. Several processes may append at once: each append holds an
// exclusive lock on the file, writes the whole entry with one O_APPEND write
// and fsyncs before it returns; only then is the entry acknowledged. Before
// the write, the append records durably what it is about to write (see
// RepairLog), so a write torn by a crash never changes the entries before
// it, and the next append cuts it off before writing its own. The returned
// entry has its normalized text, Path and line range filled in.
func (w *Workspace) Append(ctx context.Context, e Entry) (Entry, error) {
	out, err := w.AppendAll(ctx, []Entry{e})
	if err != nil {
		return Entry{}, err
	}
	return out[0], nil
}

// AppendAll appends entries as Append does each, in order, with one lock,
// one write and one fsync per run of entries of the same day: a replica
// catching up writes thousands at once. On an error the entries of the
// runs before it are written, and the returned slice holds them.
func (w *Workspace) AppendAll(ctx context.Context, entries []Entry) ([]Entry, error) {
	out := make([]Entry, 0, len(entries))
	for i := 0; i < len(entries); {
		j := i + 1
		for j < len(entries) && entries[j].Date == entries[i].Date && entries[i].Date != "" {
			j++
		}
		done, err := w.appendDay(ctx, entries[i:j])
		out = append(out, done...)
		if err != nil {
			return out, err
		}
		i = j
	}
	return out, nil
}

// appendDay appends entries that all go to one day's log.
func (w *Workspace) appendDay(ctx context.Context, entries []Entry) ([]Entry, error) {
	es := make([]Entry, len(entries))
	for i, e := range entries {
		var err error
		if es[i], err = w.prepare(e); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(w.LogDir(), 0o755); err != nil {
		return nil, fmt.Errorf("append: %w", err)
	}
	f, err := w.openLocked(ctx, &es[0])
	if err != nil {
		return nil, err
	}
	defer f.Close()
	defer unix.Flock(int(f.Fd()), unix.LOCK_UN)
	abs, path := f.Name(), es[0].Path

	j, err := w.openJournal(path, true)
	if err != nil {
		return nil, fmt.Errorf("append to %s: %w", path, err)
	}
	defer j.close()
	st, seen, err := w.logs.scan(f)
	if err != nil {
		return nil, fmt.Errorf("append to %s: read: %w", path, err)
	}
	if st, _, err = repairTail(f, path, j, st); err != nil {
		return nil, fmt.Errorf("append to %s: %w", path, err)
	}
	batch := entryKeys{} // the keys of es, which join the log's once written
	fresh := 0           // the entries written: not the IfNew ones logged before
	for i := range es {
		key := keyOf(es[i].Stored())
		if es[i].IfNew && st.keys[key]+batch[key] > 0 {
			es[i].Existed, es[i].Path = true, path
			continue
		}
		batch[key]++
		fresh++
	}
	if fresh == 0 {
		return es, nil
	}
	var buf bytes.Buffer
	created := st.size == 0
	if created {
		buf.WriteString("# " + es[0].Date + "\n")
	} else if st.tail[len(st.tail)-1] != '\n' {
		buf.WriteByte('\n') // a hand-edited file without a final newline
	}
	lines := st.lines + bytes.Count(buf.Bytes(), []byte{'\n'})
	clear(batch)
	for i := range es {
		e := &es[i]
		if e.Existed {
			continue
		}
		e.Path = path
		stored := e.Stored()
		key := keyOf(stored)
		e.Ordinal = st.keys[key] + batch[key]
		batch[key]++
		buf.WriteString(stored)
		e.LineStart = lines + 2
		e.LineEnd = lines + strings.Count(stored, "\n")
		lines = e.LineEnd
	}
	var before knownLog
	if err := w.writeRecorded(f, path, j, st, buf.Bytes(), &before); err != nil {
		return nil, fmt.Errorf("append to %s: %w", path, err)
	}
	w.logs.wrote(f, st, seen, before, buf.Bytes(), batch)
	if created {
		if err := syncDir(filepath.Dir(abs)); err != nil {
			return nil, fmt.Errorf("append to %s: %w", path, err)
		}
	}
	return es, nil
}

// openLocked opens the log that e.Date's entries go to (memory/, or
// memory/archive/ once the day was archived) and locks it, setting e.Path.
// Archival may move or merge-and-remove the file while an appender waits
// for its lock, so once locked the file must still be the one at the path;
// otherwise the path is resolved again. This is what keeps an acknowledged
// entry from landing in a file that no longer exists.
func (w *Workspace) openLocked(ctx context.Context, e *Entry) (*os.File, error) {
	for attempt := 0; ; attempt++ {
		e.Path = w.LogPath(e.Date)
		if _, err := os.Stat(filepath.Join(w.root, filepath.FromSlash(e.Path))); err != nil {
			if _, err := os.Stat(filepath.Join(w.root, filepath.FromSlash(w.ArchivePath(e.Date)))); err == nil {
				e.Path = w.ArchivePath(e.Date) // a day that was archived keeps growing in the archive
			} else if rel := w.archivedElsewhere(ctx, e.Date); rel != "" {
				e.Path = rel // filed by hand in another layout: a day has one log
			}
		}
		// A log linked out of the workspace is refused, as reading it is:
		// an entry written there would be acknowledged and never read.
		abs, err := w.Inside(e.Path)
		if err != nil {
			return nil, fmt.Errorf("append: %w", err)
		}
		f, err := os.OpenFile(abs, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("append to %s: %w", e.Path, err)
		}
		if err := lockFile(ctx, f); err != nil {
			f.Close()
			return nil, fmt.Errorf("append to %s: %w", e.Path, err)
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(abs)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return f, nil
		}
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		f.Close()
		if attempt == 100 {
			return nil, fmt.Errorf("append to %s: the file keeps moving under the lock", e.Path)
		}
	}
}

// DayLogs returns the logs that hold date's entries, those that exist:
// memory/DATE.md, its archived place, and a log of the day filed by hand
// under memory/archive/ in another layout.
func (w *Workspace) DayLogs(ctx context.Context, date string) []string {
	var out []string
	for _, rel := range []string{w.LogPath(date), w.ArchivePath(date), w.archivedElsewhere(ctx, date)} {
		if rel == "" || slices.Contains(out, rel) {
			continue
		}
		if _, err := os.Stat(filepath.Join(w.root, filepath.FromSlash(rel))); err == nil {
			out = append(out, rel)
		}
	}
	return out
}

// archivedElsewhere returns the log of date under memory/archive/ in a
// layout not archon's (memory/archive/2025-01-03.md, .../2025/01/...), or
// "". It walks the archive only when a day has no log where archon puts
// it, which is a day's first entry.
func (w *Workspace) archivedElsewhere(ctx context.Context, date string) string {
	name, found := date+".md", ""
	_ = filepath.WalkDir(w.ArchiveDir(), func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil || ctx.Err() != nil:
			return filepath.SkipAll
		case !d.IsDir() && d.Name() == name && d.Type().IsRegular():
			found = w.Rel(p)
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// prepare validates e and fills in defaults.
func (w *Workspace) prepare(e Entry) (Entry, error) {
	now := w.Now()
	if e.Date == "" {
		e.Date = now.Format(time.DateOnly)
	}
	if e.Time == "" {
		e.Time = now.Format(time.TimeOnly)
	}
	if err := ValidateDate(e.Date); err != nil {
		return Entry{}, err
	}
	if err := ValidateTime(e.Time); err != nil {
		return Entry{}, err
	}
	if e.Agent != "" {
		if err := ValidateAgent(e.Agent); err != nil {
			return Entry{}, err
		}
	}
	var tags []string
	seen := make(map[string]bool, len(e.Tags))
	for _, t := range e.Tags {
		n, err := NormalizeTag(t)
		if err != nil {
			return Entry{}, err
		}
		if !seen[n] {
			seen[n] = true
			tags = append(tags, n)
		}
	}
	e.Tags = tags
	if e.Title != "" {
		return Entry{}, fmt.Errorf("%w: entries written by archon carry no heading title; put it in the text", ErrInvalidText)
	}
	// Secrets never reach the disk: they are redacted before the text is
	// checked and written.
	redacted, _ := w.Redact(e.Text)
	text, err := NormalizeText(redacted, w.opt.MaxEntryBytes)
	if err != nil {
		return Entry{}, err
	}
	e.Text = text
	return e, nil
}

// LockFile takes an exclusive flock on f, the lock appends hold, polling so
// that ctx can cancel the wait. Release it with UnlockFile.
func LockFile(ctx context.Context, f *os.File) error { return lockFile(ctx, f) }

// UnlockFile releases a lock taken with LockFile.
func UnlockFile(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_UN) }

// lockFile takes an exclusive flock on f, polling so that ctx can cancel it.
func lockFile(ctx context.Context, f *os.File) error {
	delay := 200 * time.Microsecond
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return nil
		}
		if !errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EINTR) {
			return fmt.Errorf("lock: %w", err)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("waiting for the file lock: %w", ctx.Err())
		case <-t.C:
		}
		if delay < 10*time.Millisecond {
			delay *= 2
		}
	}
}
