// Command archon is a local memory service for AI agents: it keeps an agent's
// memory in four layers of plain files and serves it back on demand.
//
// Run `archon help` for the commands; README.md has the full reference.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals()...)
	stdout := terminalSafe(os.Stdout)
	code := run(ctx, os.Args, os.Stdin, stdout, os.Stderr, os.Environ())
	if ts, ok := stdout.(*termSafe); ok {
		_ = ts.Flush()
	}
	stop()
	os.Exit(code)
}

// stopSignals are the signals that stop a command, and archon serve,
// gracefully: Ctrl-C, SIGTERM and SIGHUP (a closed terminal or ssh
// session), unless SIGHUP is ignored (nohup archon serve &), which must
// stay so.
func stopSignals() []os.Signal {
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1 // the command failed
	exitUsage   = 2 // the command line was wrong
)

// usageError marks a mistake on the command line.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// run runs archon with args and returns the process exit code. Tests call it
// in-process.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, environ []string) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, environ: environ}
	cliApp := a.cliApp()
	err := cliApp.RunContext(ctx, reorderArgs(cliApp, args))
	if err == nil {
		return exitOK
	}
	var ec exitCode
	if errors.As(err, &ec) {
		fmt.Fprintf(stderr, "archon: %s\n", ec.msg)
		return ec.code
	}
	fmt.Fprintf(stderr, "archon: %v\n", err)
	// A value archon refuses (a bad date, tag, priority, a malformed
	// conversation, a text over its limit) is the caller's to fix, as a
	// wrong flag is: the same exit status whatever the command, and
	// through a service too (the client keeps the kind of the HTTP
	// answer, 400 or 413).
	var ue usageError
	if k := core.KindOf(err); errors.As(err, &ue) || k == core.Invalid || k == core.TooLarge {
		return exitUsage
	}
	return exitFailure
}

// app holds what every command needs: the process's standard streams and
// environment. It is created once per run.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	environ        []string
	logger         *slog.Logger
}

// getenv looks a variable up in the run's environment (the last setting
// wins, as in a shell).
func (a *app) getenv(key string) string {
	for i := len(a.environ) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(a.environ[i], "="); ok && k == key {
			return v
		}
	}
	return ""
}

// root resolves the workspace directory: --root, else $ARCHON_ROOT, else
// ~/.archon.
func (a *app) root(c *cli.Context) (string, error) {
	if r := c.String("root"); r != "" {
		return r, nil
	}
	if c.IsSet("root") { // --root "": a variable that was not set, most likely
		return "", usagef("--root is empty: name the workspace directory")
	}
	if r := a.getenv("ARCHON_ROOT"); r != "" {
		return r, nil
	}
	home := a.getenv("HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no workspace: pass --root DIR or set ARCHON_ROOT (%w)", err)
		}
		home = h
	}
	return filepath.Join(home, ".archon"), nil
}

// loadConfig loads the configuration of the workspace at root.
func (a *app) loadConfig(root string) (*config.Loaded, error) {
	cfg, err := config.Load(filepath.Join(root, memory.ConfigFile), a.environ)
	if err != nil {
		return nil, err
	}
	if err := core.CheckConfig(cfg); err != nil {
		return nil, err
	}
	return cfg, nil
}

// workspace opens the existing workspace named on the command line together
// with its configuration.
func (a *app) workspace(c *cli.Context) (*memory.Workspace, *config.Loaded, error) {
	root, err := a.root(c)
	if err != nil {
		return nil, nil, err
	}
	if _, err := memory.Open(root); err != nil { // a clear message for a missing or non-directory root
		return nil, nil, err
	}
	cfg, err := a.loadConfig(root)
	if err != nil {
		return nil, nil, err
	}
	opt, err := cfg.MemoryOptions()
	if err != nil {
		return nil, nil, err
	}
	ws, err := memory.OpenWith(root, opt)
	if err != nil {
		return nil, nil, err
	}
	return ws, cfg, nil
}
