package promote

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"time"
)

// ErrChanged is returned when MEMORY.md changed between archon reading it
// and replacing it. Nothing was written.
var ErrChanged = errors.New("MEMORY.md changed while archon was updating it")

// snapshot is a file's content as read, and whether it existed.
type snapshot struct {
	data   []byte
	exists bool
}

func readSnapshot(path string) (snapshot, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return snapshot{}, nil
	}
	if err != nil {
		return snapshot{}, fmt.Errorf("read %s: %w", path, err)
	}
	return snapshot{data: data, exists: true}, nil
}

// writer replaces a file atomically, keeping backups, and only if nobody
// changed it since it was read.
type writer struct {
	path, backupDir string
	keep            int
	now             func() time.Time
	// beforeRename runs after the new content is on disk and before the
	// check; tests use it to edit the file at the worst moment.
	beforeRename func()
}

// replace writes data over w.path if its content is still old. The previous
// file is copied to the backup directory first. It returns the backup path.
func (w *writer) replace(old snapshot, data []byte) (string, error) {
	dir := filepath.Dir(w.path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(w.path)+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("write %s: %w", w.path, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // a no-op once renamed
	perm := fs.FileMode(0o644)
	if fi, err := os.Stat(w.path); err == nil {
		perm = fi.Mode().Perm()
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("write %s: %w", w.path, err)
	}
	backup := ""
	if old.exists {
		if backup, err = w.backup(old.data); err != nil {
			return "", err
		}
	}
	if w.beforeRename != nil {
		w.beforeRename()
	}
	cur, err := readSnapshot(w.path)
	if err != nil {
		return "", err
	}
	if cur.exists != old.exists || !bytes.Equal(cur.data, old.data) {
		if backup != "" {
			os.Remove(backup)
		}
		return "", ErrChanged
	}
	if err := os.Rename(tmp, w.path); err != nil {
		return "", fmt.Errorf("write %s: %w", w.path, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	w.prune()
	return backup, nil
}

var backupRe = regexp.MustCompile(`^MEMORY-([0-9]+)-([0-9TZ]+)\.md$`)

// backups returns the backup files with their numbers, oldest first.
func (w *writer) backups() ([]string, []int) {
	ents, _ := os.ReadDir(w.backupDir)
	type bk struct {
		name string
		n    int
	}
	var list []bk
	for _, e := range ents {
		if m := backupRe.FindStringSubmatch(e.Name()); m != nil {
			n, _ := strconv.Atoi(m[1])
			list = append(list, bk{e.Name(), n})
		}
	}
	slices.SortFunc(list, func(a, b bk) int { return a.n - b.n })
	names, nums := make([]string, len(list)), make([]int, len(list))
	for i, b := range list {
		names[i], nums[i] = b.name, b.n
	}
	return names, nums
}

// backup writes data as the next numbered backup. Numbers, not times, order
// backups, so a clock that jumps back cannot make the newest look oldest.
func (w *writer) backup(data []byte) (string, error) {
	if err := os.MkdirAll(w.backupDir, 0o755); err != nil {
		return "", fmt.Errorf("backup of %s: %w", w.path, err)
	}
	_, nums := w.backups()
	next := 1
	if len(nums) > 0 {
		next = nums[len(nums)-1] + 1
	}
	name := fmt.Sprintf("MEMORY-%06d-%s.md", next, w.now().UTC().Format("20060102T150405Z"))
	p := filepath.Join(w.backupDir, name)
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", fmt.Errorf("backup of %s: %w", w.path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(p)
		return "", fmt.Errorf("backup of %s: %w", w.path, err)
	}
	return p, nil
}

// SaveBackup copies data (MEMORY.md as it is now) into dir as the next
// numbered backup, as a promotion does before it rewrites MEMORY.md, and
// keeps the newest keep backups (DefaultKeepBackups when 0).
func SaveBackup(dir string, data []byte, keep int, now time.Time) (string, error) {
	if keep <= 0 {
		keep = DefaultKeepBackups
	}
	w := &writer{path: "MEMORY.md", backupDir: dir, keep: keep, now: func() time.Time { return now }}
	p, err := w.backup(data)
	if err != nil {
		return "", err
	}
	w.prune()
	return p, nil
}

// BackupTime returns the time in a backup's file name, and whether name
// is a backup's.
func BackupTime(name string) (time.Time, bool) {
	m := backupRe.FindStringSubmatch(name)
	if m == nil {
		return time.Time{}, false
	}
	t, err := time.Parse("20060102T150405Z", m[2])
	return t, err == nil
}

// prune keeps the newest w.keep backups.
func (w *writer) prune() {
	names, _ := w.backups()
	for i := 0; i < len(names)-w.keep; i++ {
		os.Remove(filepath.Join(w.backupDir, names[i]))
	}
}
