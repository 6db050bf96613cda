// Package testws makes the workspaces tests run on: initialised as
// `archon init` does, in a temporary directory, with the configuration
// loaded from its archon.yaml and env.
package testws

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
)

// New returns a fresh workspace and its configuration; env holds
// KEY=VALUE settings (ARCHON_* keys) on top of the file.
func New(t testing.TB, env ...string) (*memory.Workspace, *config.Loaded) {
	t.Helper()
	root := t.TempDir()
	if _, err := memory.Init(context.Background(), root, map[string][]byte{memory.ConfigFile: config.Template()}); err != nil {
		t.Fatal(err)
	}
	ws, cfg, err := Open(root, env...)
	if err != nil {
		t.Fatal(err)
	}
	return ws, cfg
}

// Open opens the existing workspace at root as the CLI does, with its
// archon.yaml and env on top. It needs no testing.T: a test binary that
// serves as a child process (an indexer, an MCP server) calls it too.
func Open(root string, env ...string) (*memory.Workspace, *config.Loaded, error) {
	cfg, err := config.Load(filepath.Join(root, memory.ConfigFile), env)
	if err != nil {
		return nil, nil, err
	}
	opt, err := cfg.MemoryOptions()
	if err != nil {
		return nil, nil, err
	}
	ws, err := memory.OpenWith(root, opt)
	return ws, cfg, err
}
