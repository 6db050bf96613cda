package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/archon-memory/archon/memory"
)

// DiscoveryFile is the file under .archon/ through which the CLI finds a
// running archon serve. It holds the address and the token, so it is
// written with mode 0600, and it is removed on shutdown.
const DiscoveryFile = "serve.json"

// maxDiscoveryBytes bounds what is read of a discovery file (archon serve
// writes some 300 bytes).
const maxDiscoveryBytes = 64 << 10

// Discovery is the content of DiscoveryFile.
type Discovery struct {
	PID     int       `json:"pid"`
	Addr    string    `json:"addr"`
	URL     string    `json:"url"`
	Token   string    `json:"token,omitempty"`
	Started time.Time `json:"started"`
	Version string    `json:"version,omitempty"`
	// Stopping: the service has stopped answering and finishes its job
	// in progress before it lets go of the indexes (MarkStopping).
	Stopping bool `json:"stopping,omitempty"`
}

// ErrNoService means no archon serve runs for the workspace.
var ErrNoService = errors.New("no archon serve is running for this workspace")

// StaleError is a discovery file that names no usable service: damaged,
// left by a process that is gone, or naming an address that does not
// answer as archon serve. The caller ignores it (the CLI works on the
// workspace itself). It wraps ErrNoService.
type StaleError struct {
	Path    string // the discovery file
	Reason  string // why it is ignored
	Removed bool   // it was removed: nothing owns it any more
	// Garbled: what is there is no discovery file at all (garbage, empty,
	// cut short). A running archon serve writes its own again within
	// RewriteEvery, so a caller may look again before it goes on alone.
	Garbled bool
}

// RewriteEvery is how often a running archon serve makes sure the
// discovery file is its own, writing it again when it is not (removed, or
// garbled by hand).
const RewriteEvery = 2 * time.Second

func (e *StaleError) Error() string {
	s := "ignoring " + e.Path + ": " + e.Reason
	if e.Removed {
		s += " (removed)"
	}
	return s
}

func (e *StaleError) Unwrap() error { return ErrNoService }

// DiscoveryPath returns the discovery file of a state directory.
func DiscoveryPath(stateDir string) string { return filepath.Join(stateDir, DiscoveryFile) }

// WriteDiscovery writes d atomically with mode 0600, replacing whatever
// file is there. A directory in its place is removed when empty, else
// moved aside to serve.json.<time>.bad.
func WriteDiscovery(stateDir string, d Discovery) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(stateDir, 0o755); err != nil {
		return fmt.Errorf("discovery file: %w", err)
	}
	path := DiscoveryPath(stateDir)
	if fi, err := os.Lstat(path); err == nil && fi.IsDir() && os.Remove(path) != nil {
		if err := os.Rename(path, fmt.Sprintf("%s.%d.bad", path, time.Now().UnixNano())); err != nil {
			return fmt.Errorf("discovery file %s is a directory that cannot be moved aside: %w", path, err)
		}
	}
	if err := memory.WriteFileAtomic(path, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("discovery file: %w", err)
	}
	return os.Chmod(path, 0o600)
}

// RemoveDiscovery removes the discovery file if it still names pid.
func RemoveDiscovery(stateDir string, pid int) error {
	path := DiscoveryPath(stateDir)
	b, err := readDiscovery(path)
	if err != nil {
		return nil
	}
	if d, _ := parseDiscovery(b); d == nil || d.PID != pid {
		return nil
	}
	_, err = removeIfSame(path, b)
	return err
}

// MarkStopping says in the discovery file of pid that its service has
// stopped answering and is finishing a job: commands then say so instead
// of taking the file for a stale one.
func MarkStopping(stateDir string, pid int) error {
	b, err := readDiscovery(DiscoveryPath(stateDir))
	if err != nil {
		return nil
	}
	d, _ := parseDiscovery(b)
	if d == nil || d.PID != pid {
		return nil
	}
	d.Stopping = true
	return WriteDiscovery(stateDir, *d)
}

// ReadDiscovery reads the discovery file: ErrNoService when there is
// none, a *StaleError when it is damaged. It does not check the service.
func ReadDiscovery(stateDir string) (*Discovery, error) {
	path := DiscoveryPath(stateDir)
	b, err := readDiscovery(path)
	if err != nil {
		return nil, err
	}
	d, reason := parseDiscovery(b)
	if d == nil {
		return nil, &StaleError{Path: path, Reason: reason}
	}
	return d, nil
}

// readDiscovery reads the file at path: ErrNoService when there is none, a
// *StaleError when what is there is no file archon serve wrote (a
// directory, a symlink, a pipe, too large, unreadable). It never blocks: a
// pipe is not opened.
func readDiscovery(path string) ([]byte, error) {
	stale := func(format string, a ...any) ([]byte, error) {
		return nil, &StaleError{Path: path, Reason: fmt.Sprintf(format, a...)}
	}
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return nil, ErrNoService
	case err != nil:
		return stale("unreadable: %v", cause(err))
	case fi.IsDir():
		return stale("it is a directory")
	case !fi.Mode().IsRegular():
		return stale("not a regular file (%s)", fi.Mode().Type())
	case fi.Size() > maxDiscoveryBytes:
		return stale("%d bytes, too large for a discovery file", fi.Size())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoService
	}
	if err != nil {
		return stale("unreadable: %v", cause(err))
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxDiscoveryBytes+1))
	if err != nil {
		return stale("unreadable: %v", cause(err))
	}
	if len(b) > maxDiscoveryBytes {
		return stale("too large for a discovery file")
	}
	return b, nil
}

// parseDiscovery decodes b, or says why it is no discovery file.
func parseDiscovery(b []byte) (*Discovery, string) {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, "empty"
	}
	var d Discovery
	if err := json.Unmarshal(b, &d); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Sprintf("not a discovery object: %v", err)
		}
		return nil, fmt.Sprintf("not valid JSON (truncated or garbage): %v", err)
	}
	if d.PID <= 0 || d.PID > math.MaxInt32 {
		return nil, fmt.Sprintf("no valid pid (%d)", d.PID)
	}
	if u, err := url.Parse(d.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Sprintf("no valid http URL (%q)", d.URL)
	}
	return &d, ""
}

// removeIfSame removes the file at path if it still holds b. It is renamed
// aside first and compared there, so a file a new archon serve wrote in
// the meantime is put back, never lost.
func removeIfSame(path string, b []byte) (bool, error) {
	tmp := fmt.Sprintf("%s.%d.%d.stale", path, os.Getpid(), time.Now().UnixNano())
	if err := os.Rename(path, tmp); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil // someone else removed it
		}
		return false, fmt.Errorf("remove discovery file: %w", err)
	}
	if got, err := readDiscovery(tmp); err == nil && bytes.Equal(got, b) {
		if err := os.Remove(tmp); err != nil {
			return false, fmt.Errorf("remove discovery file: %w", err)
		}
		return true, nil
	}
	// Replaced since it was read: put it back, unless a newer one is
	// already there.
	if err := os.Link(tmp, path); err != nil && !errors.Is(err, fs.ErrExist) {
		return false, os.Rename(tmp, path)
	}
	return false, os.Remove(tmp)
}

// oneLine makes s (which may quote what a stranger answered) one line of
// at most n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "?")), " ")
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "") + "..."
	}
	return s
}

// cause is err without the path an *fs.PathError repeats.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// processAlive reports whether pid names a live process.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Find returns the running service of stateDir, checked with a probe of
// /v1/health that waits at most timeout. It returns ErrNoService when
// there is no discovery file and a *StaleError (which wraps ErrNoService)
// when the file names no usable service; it returns nothing else, so a
// caller can always work on the workspace itself instead. The file is
// removed when nothing owns it any more: it is damaged (archon serve
// writes it atomically), its process is gone, nothing listens at its
// address, another archon serve answers there, or the one answering
// serves another workspace (a copy of this one). It is kept when its
// process is alive but the address does not answer as archon serve (a
// hung service, or a process that reused the pid): then archon serve
// replaces it when it starts.
func Find(ctx context.Context, stateDir string, timeout time.Duration) (*Discovery, error) {
	path := DiscoveryPath(stateDir)
	b, err := readDiscovery(path)
	if err != nil {
		return nil, err
	}
	stale := func(remove bool, format string, a ...any) (*Discovery, error) {
		e := &StaleError{Path: path, Reason: oneLine(fmt.Sprintf(format, a...), 300)}
		if remove {
			e.Removed, _ = removeIfSame(path, b)
		}
		return nil, e
	}
	d, reason := parseDiscovery(b)
	if d == nil {
		_, err := stale(true, "%s", reason)
		err.(*StaleError).Garbled = true
		return nil, err
	}
	if !processAlive(d.PID) {
		return stale(true, "its process (pid %d) is gone", d.PID)
	}
	if d.Stopping {
		return stale(false, "archon serve (pid %d) is stopping: it finishes its job in progress, then lets go of the indexes", d.PID)
	}
	var h struct {
		Status string `json:"status"`
		PID    int    `json:"pid"`
		Root   string `json:"root"`
	}
	err = New(d, timeout).Do(ctx, http.MethodGet, "/v1/health", nil, &h)
	var oe *net.OpError
	switch {
	case errors.As(err, &oe) && errors.Is(err, syscall.ECONNREFUSED):
		return stale(true, "nothing listens at %s (pid %d is not archon serve)", d.URL, d.PID)
	case err != nil:
		return stale(false, "pid %d is alive but %s does not answer as archon serve: %v", d.PID, d.URL, err)
	case h.Status == "" || h.PID <= 0:
		return stale(false, "pid %d is alive but what answers at %s is not archon serve", d.PID, d.URL)
	case h.PID != d.PID:
		return stale(true, "another archon serve (pid %d) answers at %s, not pid %d", h.PID, d.URL, d.PID)
	case h.Root != "":
		// A workspace copied while its service ran: the copy's commands
		// must not write to the original. The file is removed only when
		// both directories are seen to differ.
		same, err := sameDir(h.Root, filepath.Dir(stateDir))
		if err != nil {
			return stale(false, "cannot tell whether the archon serve at %s (pid %d) serves this workspace: %v", d.URL, d.PID, err)
		}
		if !same {
			return stale(true, "the archon serve at %s (pid %d) serves the workspace %s, not this one", d.URL, d.PID, h.Root)
		}
	}
	return d, nil
}

// sameDir reports whether a and b name the same directory.
func sameDir(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}
