package memory

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// MemoriesDir is the workspace folder that holds the free-form files the
// memory tool writes (anything under /memories that is not MEMORY.md,
// MEMORY_SUMMARY.md or a daily log). Its files are indexed with L3.
const MemoriesDir = "memories"

// editLock is the lock file every read-modify-write of a curated file
// holds, so that two writers (a memory-tool edit and a section import,
// in one process or two) never lose each other's change.
const editLock = "edit.lock"

// LockEdits takes the workspace's edit lock and returns its release. Hold
// it around reading a curated file (MEMORY.md, MEMORY_SUMMARY.md, the
// memories/ folder), changing it and writing it back.
func (w *Workspace) LockEdits(ctx context.Context) (func(), error) {
	unlock, err := LockPath(ctx, filepath.Join(w.StateDir(), editLock))
	if err != nil {
		return nil, fmt.Errorf("edit lock: %w", err)
	}
	return unlock, nil
}

// LockPath takes an exclusive lock on the file at path (made, with its
// directory, when missing), waiting while ctx allows, as LockFile does.
// Call the returned function to release it.
func LockPath(ctx context.Context, path string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := lockFile(ctx, f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		UnlockFile(f)
		f.Close()
	}, nil
}

// WriteFileAtomicIn is WriteFileAtomic for a file named relative to an
// os.Root: nothing it does can leave the root, through ".." or a symlink.
func WriteFileAtomicIn(r *os.Root, name string, data []byte, perm os.FileMode) error {
	name = filepath.Clean(name)
	dir, base := filepath.Split(name)
	var rnd [8]byte
	rand.Read(rnd[:])
	tmp := filepath.Join(dir, "."+base+".tmp-"+hex.EncodeToString(rnd[:]))
	f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	ok := false
	defer func() {
		if !ok {
			f.Close()
			r.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := f.Chmod(perm); err != nil { // exactly perm, whatever the umask
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("write %s: fsync: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := r.Rename(tmp, name); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	ok = true
	return SyncDirIn(r, dir)
}

// SyncDirIn fsyncs the directory dir ("" for the root itself) of r, so
// that a rename or removal in it survives a crash.
func SyncDirIn(r *os.Root, dir string) error {
	if dir == "" {
		dir = "."
	}
	d, err := r.Open(filepath.Clean(dir))
	if err != nil {
		return fmt.Errorf("fsync dir %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, fs.ErrInvalid) {
		return fmt.Errorf("fsync dir %s: %w", dir, err)
	}
	return nil
}

// ListMemories lists the files of the memories/ folder as workspace paths
// (memories/notes/x.md), sorted. Hidden names (".x", temporary files
// among them), node_modules, symlinks and other non-regular files are
// left out; a missing folder lists nothing.
func (w *Workspace) ListMemories(ctx context.Context) ([]string, error) {
	var out []string
	base := filepath.Join(w.root, MemoriesDir)
	err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == base {
				return filepath.SkipDir
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if p != base && Hidden(d.Name()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		out = append(out, w.Rel(p))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list %s/: %w", MemoriesDir, err)
	}
	sort.Strings(out)
	return out, nil
}

// Hidden reports whether a file name is left out of listings and indexes:
// dot files (temporary files among them) and node_modules.
func Hidden(name string) bool {
	return strings.HasPrefix(name, ".") || name == "node_modules"
}

// IsMemoriesPath reports whether a workspace path is in the memories/
// folder.
func IsMemoriesPath(rel string) bool {
	return strings.HasPrefix(path.Clean(rel), MemoriesDir+"/")
}
