package memory

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrOutside is returned for a workspace file that resolves outside the
// workspace root (through a symlink, or a ".." path).
var ErrOutside = errors.New("outside the workspace")

// ReadFile reads the workspace file at rel (slash-separated, relative to
// the root). The file must resolve inside the root, symlinks included: a
// MEMORY.md linked to ~/.ssh/id_rsa is refused with ErrOutside and says
// where it points, so that nothing outside the workspace reaches search,
// the L1 payload or MCP resources.
func (w *Workspace) ReadFile(rel string) ([]byte, error) {
	if _, err := w.Path(rel); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOutside, err)
	}
	root, err := os.OpenRoot(w.root)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	data, err := root.ReadFile(filepath.FromSlash(rel))
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return data, err
	}
	if oerr := w.outside(rel); oerr != nil {
		return nil, oerr
	}
	return nil, err
}

// Inside returns the absolute path of the workspace file rel (slash-
// separated), for reading or replacing it: a file that resolves outside
// the root through a symlink is refused with ErrOutside, as ReadFile
// refuses it (writing through the link's path would copy the outside file
// into the workspace and replace the link). A missing file is fine.
func (w *Workspace) Inside(rel string) (string, error) {
	p, err := w.Path(rel)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrOutside, err)
	}
	if err := w.outside(rel); err != nil {
		return "", err
	}
	return p, nil
}

// outside is the refusal of rel when it resolves outside the root (nil
// when it does not), saying where it points.
func (w *Workspace) outside(rel string) error {
	if target, ok := w.escapes(rel); ok {
		return fmt.Errorf("%s resolves to %s, %w (%s): refused; replace the symlink by the file", rel, target, ErrOutside, w.root)
	}
	return nil
}

// escapes reports where rel really is when that is outside the root.
func (w *Workspace) escapes(rel string) (string, bool) {
	real, err := resolve(filepath.Join(w.root, filepath.FromSlash(rel)), 0)
	if err != nil {
		return "", false
	}
	root, err := filepath.EvalSymlinks(w.root)
	if err != nil {
		return "", false
	}
	r, err := filepath.Rel(root, real)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return real, true
	}
	return "", false
}

// resolve is filepath.EvalSymlinks for a path that may not exist yet (a
// log about to be created, an archive folder about to be made): its
// longest existing part resolved and the rest joined as it is, a link to
// nothing followed to where it points (writing through it would create
// the file there). depth bounds the links followed.
func resolve(p string, depth int) (string, error) {
	real, err := filepath.EvalSymlinks(p)
	if err == nil {
		return real, nil
	}
	if depth > 40 {
		return "", err
	}
	if fi, lerr := os.Lstat(p); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		return resolve(filepath.Clean(target), depth+1)
	}
	parent := filepath.Dir(p)
	if parent == p {
		return "", err
	}
	dir, perr := resolve(parent, depth+1)
	if perr != nil {
		return "", perr
	}
	return filepath.Join(dir, filepath.Base(p)), nil
}
