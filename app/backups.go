package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/internal/linediff"
	"github.com/archon-memory/archon/layers/promote"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor"
)

// Backup is an earlier version of MEMORY.md (kept before each promotion
// rewrites it) or of MEMORY_SUMMARY.md (kept before each summary replaces
// it). Text and Diff (from the file as it is now to this version) are
// filled in by Backup, not by Backups.
type Backup struct {
	File  string    `json:"file"`
	ID    string    `json:"id"`
	Time  time.Time `json:"ts"`
	Bytes int64     `json:"bytes"`
	Text  string    `json:"text,omitempty"`
	Diff  string    `json:"diff,omitempty"`
}

// RestoreRequest names the backup to put back.
type RestoreRequest struct {
	File string `json:"file"`
	ID   string `json:"id"`
}

// RestoreResult says what was restored and where the version it replaced
// was kept.
type RestoreResult struct {
	File     string `json:"file"`
	Restored string `json:"restored"`
	// Backup is the id of the copy of the file as it was before ("" when
	// there was none).
	Backup string `json:"backup,omitempty"`
}

// backupDir returns the directory of file's backups and the time in one's
// name.
func (l *Local) backupDir(file string) (string, func(name string) (time.Time, bool), error) {
	switch file {
	case memory.WisdomFile:
		return filepath.Join(l.ws.StateDir(), promote.BackupDirName), promote.BackupTime, nil
	case memory.SummaryFile:
		return filepath.Join(l.ws.StateDir(), monitor.HistoryDir), summaryTime, nil
	}
	return "", nil, Invalidf("file %q: backups are kept of %s and %s", file, memory.WisdomFile, memory.SummaryFile)
}

func summaryTime(name string) (time.Time, bool) {
	stem, ok := strings.CutSuffix(name, ".md")
	if !ok {
		return time.Time{}, false
	}
	t, err := time.Parse(monitor.HistoryTimeFormat, stem)
	return t, err == nil
}

// Backups lists the backups of MEMORY.md and MEMORY_SUMMARY.md, newest
// first.
func (l *Local) Backups(ctx context.Context) ([]Backup, error) {
	out := []Backup{}
	for _, file := range []string{memory.WisdomFile, memory.SummaryFile} {
		dir, when, _ := l.backupDir(file)
		ents, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("backups: %w", err)
		}
		for _, e := range ents {
			t, ok := when(e.Name())
			if !ok || !e.Type().IsRegular() {
				continue
			}
			b := Backup{File: file, ID: e.Name(), Time: t}
			if fi, err := e.Info(); err == nil {
				b.Bytes = fi.Size()
			}
			out = append(out, b)
		}
	}
	slices.SortStableFunc(out, func(a, b Backup) int {
		if c := b.Time.Compare(a.Time); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out, nil
}

// backupOf checks that id names a backup of file ("": the file whose
// backups are named like id) and returns it, with its path.
func (l *Local) backupOf(file, id string) (Backup, string, error) {
	if file == "" {
		file = memory.SummaryFile
		if _, ok := promote.BackupTime(id); ok {
			file = memory.WisdomFile
		}
	}
	dir, when, err := l.backupDir(file)
	if err != nil {
		return Backup{}, "", err
	}
	t, ok := when(id)
	if !ok || filepath.Base(id) != id {
		return Backup{}, "", wrap(NotFound, fmt.Errorf("no backup %q of %s", id, file))
	}
	return Backup{File: file, ID: id, Time: t}, filepath.Join(dir, id), nil
}

// readBackup returns a backup with its text.
func (l *Local) readBackup(file, id string) (*Backup, error) {
	b, p, err := l.backupOf(file, id)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, wrap(NotFound, fmt.Errorf("no backup %q of %s", id, b.File))
	}
	if err != nil {
		return nil, err
	}
	b.Text, b.Bytes = string(data), int64(len(data))
	return &b, nil
}

// Backup returns one backup with its text and the diff from the file as
// it is now to it.
func (l *Local) Backup(ctx context.Context, file, id string) (*Backup, error) {
	b, err := l.readBackup(file, id)
	if err != nil {
		return nil, err
	}
	cur, err := l.File(ctx, b.File)
	if err != nil {
		return nil, err
	}
	b.Diff = linediff.Unified(b.File, b.ID, cur.Text, b.Text, 3)
	return b, nil
}

// Restore puts a backup back in place of its file, atomically and under
// the workspace's edit lock. The file as it was is backed up first, so a
// restore can itself be undone.
func (l *Local) Restore(ctx context.Context, r RestoreRequest) (*RestoreResult, error) {
	b, err := l.readBackup(r.File, r.ID)
	if err != nil {
		return nil, err
	}
	r.File = b.File
	unlock, err := l.ws.LockEdits(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	res := &RestoreResult{File: r.File, Restored: r.ID}
	target, err := l.ws.Inside(r.File)
	if err != nil {
		return nil, wrap(Invalid, err)
	}
	what := UpdateWisdom
	var kept string
	if r.File == memory.SummaryFile {
		what = UpdateSummary
		kept, err = monitor.KeepSummaryHistory(l.ws, time.Now())
	} else {
		var cur []byte
		cur, err = os.ReadFile(target)
		switch {
		case err == nil:
			dir, _, _ := l.backupDir(r.File)
			kept, err = promote.SaveBackup(dir, cur, 0, time.Now())
		case errors.Is(err, fs.ErrNotExist):
			err = nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("restore %s: keeping the current version: %w", r.File, err)
	}
	if kept != "" {
		res.Backup = filepath.Base(kept)
	}
	if err := memory.WriteFileAtomic(target, []byte(b.Text), 0o644); err != nil {
		return nil, fmt.Errorf("restore %s: %w", r.File, err)
	}
	l.changed(what)
	return res, nil
}
