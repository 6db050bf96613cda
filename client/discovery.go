package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/archon-memory/archon/memory"
)

// DiscoveryFile is the file under .archon/ through which the CLI finds a
// running archon serve. It holds the address and the token, so it is
// written with mode 0600, and it is removed on shutdown.
const DiscoveryFile = "serve.json"

// Discovery is the content of DiscoveryFile.
type Discovery struct {
	PID     int       `json:"pid"`
	Addr    string    `json:"addr"`
	URL     string    `json:"url"`
	Token   string    `json:"token,omitempty"`
	Started time.Time `json:"started"`
	Version string    `json:"version,omitempty"`
}

// ErrNoService means no archon serve runs for the workspace.
var ErrNoService = errors.New("no archon serve is running for this workspace")

// DiscoveryPath returns the discovery file of a state directory.
func DiscoveryPath(stateDir string) string { return filepath.Join(stateDir, DiscoveryFile) }

// WriteDiscovery writes d atomically with mode 0600.
func WriteDiscovery(stateDir string, d Discovery) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(stateDir, 0o755); err != nil {
		return fmt.Errorf("discovery file: %w", err)
	}
	if err := memory.WriteFileAtomic(DiscoveryPath(stateDir), append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("discovery file: %w", err)
	}
	return os.Chmod(DiscoveryPath(stateDir), 0o600)
}

// RemoveDiscovery removes the discovery file if it still names pid.
func RemoveDiscovery(stateDir string, pid int) error {
	d, err := ReadDiscovery(stateDir)
	if err != nil || d.PID != pid {
		return nil
	}
	if err := os.Remove(DiscoveryPath(stateDir)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove discovery file: %w", err)
	}
	return nil
}

// ReadDiscovery reads the discovery file (ErrNoService when missing).
func ReadDiscovery(stateDir string) (*Discovery, error) {
	b, err := os.ReadFile(DiscoveryPath(stateDir))
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil, ErrNoService
	}
	if err != nil {
		return nil, fmt.Errorf("discovery file: %w", err)
	}
	var d Discovery
	if err := json.Unmarshal(b, &d); err != nil || d.URL == "" || d.PID <= 0 {
		return nil, fmt.Errorf("discovery file %s is damaged (delete it if no archon serve runs): %v", DiscoveryPath(stateDir), err)
	}
	return &d, nil
}

// processAlive reports whether pid names a live process.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Find returns the running service of stateDir, checked with a probe of
// /v1/health. A file left by a dead process, or whose address refuses
// connections, is stale: it is removed and ErrNoService returned. A
// service that accepts connections but does not answer within timeout is
// an error (opening the indexes would wait on its lock).
func Find(ctx context.Context, stateDir string, timeout time.Duration) (*Discovery, error) {
	d, err := ReadDiscovery(stateDir)
	if err != nil {
		return nil, err
	}
	stale := func() (*Discovery, error) {
		_ = RemoveDiscovery(stateDir, d.PID)
		return nil, ErrNoService
	}
	if !processAlive(d.PID) {
		return stale()
	}
	c := New(d, timeout)
	var h struct {
		Status string `json:"status"`
		PID    int    `json:"pid"`
	}
	err = c.Do(ctx, http.MethodGet, "/v1/health", nil, &h)
	var oe *net.OpError
	switch {
	case errors.As(err, &oe) && errors.Is(err, syscall.ECONNREFUSED):
		return stale()
	case err != nil:
		return nil, fmt.Errorf("archon serve (pid %d) holds the indexes but does not answer at %s: %w; stop it or wait", d.PID, d.URL, err)
	case h.PID != d.PID:
		return stale()
	}
	return d, nil
}
