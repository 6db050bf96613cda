package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/client"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
)

// probeTimeout bounds the check that the service a discovery file names
// answers.
var probeTimeout = 5 * time.Second

// service returns the archon serve running for the state directory, or nil
// when there is none: then the caller works on the workspace itself. This
// is the one place the CLI decides. A discovery file that names no usable
// service (damaged, left by a process that is gone, an address that does
// not answer as archon serve) never stops a command: it is ignored with
// one warning naming the file and why (client.Find removes it when nothing
// owns it any more); instead says what the command does then.
func (a *app) service(ctx context.Context, stateDir, instead string) *client.Discovery {
	d, err := client.Find(ctx, stateDir, probeTimeout)
	if err == nil {
		return d
	}
	// A garbled file may be a running service's (one holds the indexes),
	// which writes its own again within client.RewriteEvery: look once
	// more before going on alone (which would wait for them, and fail).
	var se *client.StaleError
	if errors.As(err, &se) && se.Garbled && core.IndexInUse(stateDir) {
		a.logger.Warn(err.Error() + "; looking for a running archon serve a little longer")
		deadline := time.Now().Add(client.RewriteEvery + time.Second)
		for time.Now().Before(deadline) && ctx.Err() == nil {
			time.Sleep(200 * time.Millisecond)
			if d, err := client.Find(ctx, stateDir, probeTimeout); err == nil {
				return d
			}
		}
		a.logger.Warn("no archon serve wrote its discovery file again; " + instead)
		return nil
	}
	if err != client.ErrNoService {
		a.logger.Warn(err.Error() + "; " + instead)
	}
	return nil
}

// memory returns the workspace's memory for this command: a running archon
// serve's, through the client (it owns the indexes), unless
// ARCHON_NO_SERVE=1; else the workspace's own engines, each opened on first
// use. The command only turns its flags into a request, calls and prints,
// so its output is the same either way. Close it when done.
func (a *app) memory(c *cli.Context) (core.Memory, error) {
	return a.memoryOf(c, nil, nil)
}

// memoryOf is memory for a command that opened the workspace already
// (ws and cfg; nil: opened here when no service runs), so that its
// configuration is loaded and checked once.
func (a *app) memoryOf(c *cli.Context, ws *memory.Workspace, cfg *config.Loaded) (core.Memory, error) {
	if a.getenv("ARCHON_NO_SERVE") != "1" {
		root, err := a.root(c)
		if err != nil {
			return nil, err
		}
		if m := a.served(c.Context, filepath.Join(root, ".archon"), "working on the workspace directly"); m != nil {
			a.logger.Debug("going through archon serve", "command", commandPath(c))
			return m, nil
		}
	}
	if ws == nil {
		var err error
		if ws, cfg, err = a.workspace(c); err != nil {
			return nil, err
		}
	}
	return a.local(c.Context, ws, cfg)
}

// served returns the memory of the archon serve running for stateDir,
// through the client, or nil when there is none or ARCHON_NO_SERVE=1
// (instead says what the caller does then).
func (a *app) served(ctx context.Context, stateDir, instead string) core.Memory {
	if a.getenv("ARCHON_NO_SERVE") == "1" {
		return nil
	}
	if d := a.service(ctx, stateDir, instead); d != nil {
		return client.New(d, 0)
	}
	return nil
}

// local opens the workspace's own engines for one command (or one MCP
// call): each on first use, closed with the memory.
func (a *app) local(ctx context.Context, ws *memory.Workspace, cfg *config.Loaded) (core.Memory, error) {
	return core.Open(ctx, ws, cfg, core.Options{OneShot: true, Logger: a.logger, Version: version})
}

// withMemory is the action of a command that calls the memory.
func (a *app) withMemory(fn func(c *cli.Context, m core.Memory) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		m, err := a.memory(c)
		if err != nil {
			return err
		}
		err = fn(c, m)
		if cerr := m.Close(); cerr != nil {
			a.logger.Error("closing the memory", "err", cerr)
		}
		return err
	}
}

// warn prints the warnings of an answer (the engine's or the service's) on
// stderr, one "warning: ..." line each, as MCP clients get them.
func (a *app) warn(ws []string) {
	for _, w := range ws {
		fmt.Fprintf(a.stderr, "warning: %s\n", w)
	}
}

// out prints v as JSON with --json, else as text.
func (a *app) out(c *cli.Context, v any, text func(w io.Writer)) error {
	if c.Bool("json") {
		return writeJSON(a.stdout, v)
	}
	text(a.stdout)
	return nil
}

// emit returns err, or prints v: as JSON with --json, else with text.
func emit[T any](a *app, c *cli.Context, v T, err error, text func(v T, w io.Writer)) error {
	if err != nil {
		return err
	}
	return a.out(c, v, func(w io.Writer) { text(v, w) })
}

// listFlag is a list flag's values, given comma-separated, repeated, or
// both (--layer L3 --layer L4).
func listFlag(c *cli.Context, name string) []string {
	return splitList(strings.Join(c.StringSlice(name), ","))
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// relTo returns a function that makes paths relative to the workspace
// root, as the workspace itself does.
func relTo(root string) func(string) string {
	abs, err := filepath.Abs(root)
	if err != nil {
		abs = root
	}
	return func(p string) string {
		r, err := filepath.Rel(abs, p)
		if err != nil {
			return filepath.ToSlash(p)
		}
		return filepath.ToSlash(r)
	}
}
