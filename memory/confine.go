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
	if target, ok := w.escapes(rel); ok {
		return nil, fmt.Errorf("%s resolves to %s, %w (%s): refused; replace the symlink by the file", rel, target, ErrOutside, w.root)
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
	if target, ok := w.escapes(rel); ok {
		return "", fmt.Errorf("%s resolves to %s, %w (%s): refused; replace the symlink by the file", rel, target, ErrOutside, w.root)
	}
	return p, nil
}

// escapes reports where rel really is when that is outside the root. A
// link to nothing is read where it points: writing through it would
// create the file there.
func (w *Workspace) escapes(rel string) (string, bool) {
	p := filepath.Join(w.root, filepath.FromSlash(rel))
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		fi, lerr := os.Lstat(p)
		if lerr != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return "", false
		}
		target, rerr := os.Readlink(p)
		if rerr != nil {
			return "", false
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		dir, derr := filepath.EvalSymlinks(filepath.Dir(filepath.Clean(target)))
		if derr != nil {
			return filepath.Clean(target), !strings.HasPrefix(filepath.Clean(target), filepath.Clean(w.root)+string(filepath.Separator))
		}
		real = filepath.Join(dir, filepath.Base(target))
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
