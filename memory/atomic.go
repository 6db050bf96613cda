package memory

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to path so that a reader sees either the old
// file or the new one, never a mix: it writes a temporary file in the same
// directory, fsyncs it, renames it over path and fsyncs the directory.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	r, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer r.Close()
	if err := WriteFileAtomicIn(r, filepath.Base(path), data, perm); err != nil {
		return fmt.Errorf("%s: %w", filepath.Dir(path), err)
	}
	return nil
}

// CreateFile writes data to path only if no file exists there yet. It reports
// whether it wrote the file. It never overwrites: an existing file, even an
// empty one, is left as it is.
func CreateFile(path string, data []byte, perm os.FileMode) (bool, error) {
	if _, err := os.Lstat(path); err == nil {
		return false, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	_, werr := f.Write(data)
	if werr == nil {
		werr = f.Chmod(perm)
	}
	if werr == nil {
		werr = f.Sync()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return false, fmt.Errorf("create %s: %w", path, werr)
	}
	// A hard link fails if path exists, so a file created by someone else in
	// the meantime is never replaced.
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return false, nil
		}
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	return true, syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("fsync dir %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, fs.ErrInvalid) {
		return fmt.Errorf("fsync dir %s: %w", dir, err)
	}
	return nil
}

// DirBytes sums the sizes of the regular files under dir (0 for "" or a
// directory that cannot be read).
func DirBytes(dir string) int64 {
	if dir == "" {
		return 0
	}
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}
