package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/agents/claudecode"
)

// installCommands are `archon install claude-code` and `archon uninstall
// claude-code`.
func (a *app) installCommands() []*cli.Command {
	flags := func() []cli.Flag {
		return []cli.Flag{
			&cli.StringFlag{Name: "project", Usage: "project directory: .claude/settings.json and .mcp.json there (default: the current directory)"},
			&cli.BoolFlag{Name: "user", Usage: "for every project: ~/.claude/settings.json and ~/.claude.json"},
			&cli.StringFlag{Name: "plugin", Usage: "write a Claude Code plugin into DIR (.claude-plugin/plugin.json, hooks/hooks.json, .mcp.json)"},
			&cli.BoolFlag{Name: "dry-run", Usage: "print the diff, write nothing"},
		}
	}
	sub := func(install bool) *cli.Command {
		name, usage := "claude-code", "remove exactly what install added (a file nobody edited since gets its old bytes back)"
		if install {
			usage = "merge archon's hooks and MCP server into Claude Code's settings (idempotent; other keys and hooks are kept; backup and diff)"
		}
		return &cli.Command{Name: name, Usage: usage, Flags: flags(), Before: noArgs,
			Action: func(c *cli.Context) error { return a.install(c, install) }}
	}
	return []*cli.Command{
		{Name: "install", Usage: "connect an agent to archon: archon install claude-code", Subcommands: []*cli.Command{sub(true)}},
		{Name: "uninstall", Usage: "disconnect an agent: archon uninstall claude-code", Subcommands: []*cli.Command{sub(false)}},
	}
}

// setup resolves where install writes, from the flags.
func (a *app) setup(c *cli.Context) (claudecode.Setup, error) {
	var s claudecode.Setup
	n := 0
	for _, f := range []string{"project", "user", "plugin"} {
		if c.IsSet(f) {
			n++
		}
	}
	if n > 1 {
		return s, usagef("give one of --project, --user and --plugin")
	}
	root, err := a.root(c)
	if err != nil {
		return s, err
	}
	if s.Root, err = filepath.Abs(root); err != nil {
		return s, err
	}
	if _, err := os.Stat(filepath.Join(s.Root, "archon.yaml")); err != nil {
		return s, fmt.Errorf("no workspace at %s (run `archon --root %s init` first)", s.Root, root)
	}
	if s.Exe, err = os.Executable(); err != nil {
		return s, fmt.Errorf("where is archon: %w", err)
	}
	if exe, err := filepath.EvalSymlinks(s.Exe); err == nil {
		s.Exe = exe
	}
	// Run through a link on PATH (a package manager's bin/archon pointing
	// into a versioned folder), the hooks name the link, which an upgrade
	// keeps.
	if p, err := exec.LookPath(os.Args[0]); err == nil && filepath.IsAbs(p) {
		if resolved, err := filepath.EvalSymlinks(p); err == nil && resolved == s.Exe {
			s.Exe = p
		}
	}
	if tmp := os.TempDir(); strings.HasPrefix(s.Exe, tmp+string(filepath.Separator)) && strings.Contains(s.Exe, "go-build") {
		fmt.Fprintf(a.stderr, "warning: archon runs from a temporary build (%s, go run): the hooks will name a file that is gone when it exits; install archon (go install ./cmd/archon) and run install again\n", s.Exe)
	}
	s.Version = version
	switch {
	case c.Bool("user"):
		home := a.getenv("HOME")
		if home == "" {
			return s, usagef("--user: HOME is not set")
		}
		s.Settings, s.MCP = filepath.Join(home, ".claude", "settings.json"), filepath.Join(home, ".claude.json")
	case c.IsSet("plugin"):
		dir, err := filepath.Abs(c.String("plugin"))
		if err != nil {
			return s, err
		}
		s.Plugin, s.Settings, s.MCP = dir, filepath.Join(dir, "hooks", "hooks.json"), filepath.Join(dir, ".mcp.json")
	default:
		dir, err := filepath.Abs(c.String("project"))
		if err != nil {
			return s, err
		}
		s.Settings, s.MCP = filepath.Join(dir, ".claude", "settings.json"), filepath.Join(dir, ".mcp.json")
	}
	return s, nil
}

// install runs install (or uninstall) claude-code.
func (a *app) install(c *cli.Context, install bool) error {
	s, err := a.setup(c)
	if err != nil {
		return err
	}
	state := filepath.Join(s.Root, ".archon")
	record := filepath.Join(state, "installs", "claude-code.json")
	rec, err := claudecode.LoadRecord(record)
	if err != nil {
		return err
	}
	for _, other := range claudecode.OtherRoots(s) {
		what := "repoints them to " + s.Root
		if !install {
			what = "removes them too"
		}
		fmt.Fprintf(a.stderr, "warning: archon's hooks in %s name the workspace %s; this %s\n", s.Settings, other, what)
	}
	var changes []claudecode.Change
	if install {
		changes, err = claudecode.PlanInstall(s)
	} else {
		changes, err = claudecode.PlanUninstall(s, rec)
	}
	if err != nil {
		return err
	}
	changed := 0
	for _, ch := range changes {
		if ch.Changed() {
			changed++
			fmt.Fprint(a.stdout, ch.Diff())
		}
	}
	switch {
	case changed == 0:
		fmt.Fprintln(a.stdout, "nothing to change")
		return nil
	case c.Bool("dry-run"):
		fmt.Fprintln(a.stdout, "dry run: nothing written")
		return nil
	}
	backups := ""
	if install {
		backups = filepath.Join(state, "install-backups")
	}
	if err := claudecode.Apply(changes, record, backups, time.Now().UTC().Format("20060102T150405Z")); err != nil {
		return err
	}
	verb := "installed into"
	if !install {
		verb = "removed from"
	}
	fmt.Fprintf(a.stdout, "archon %s %d files (record: %s)\n", verb, changed, record)
	return nil
}
