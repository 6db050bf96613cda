package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/agents/claudecode"
)

func (a *app) hookCommand() *cli.Command {
	return &cli.Command{
		Name:  "hook",
		Usage: "handle one agent hook event (JSON on stdin): archon hook claude-code",
		Subcommands: []*cli.Command{{
			Name:  "claude-code",
			Usage: "one Claude Code hook event on stdin, dispatched on hook_event_name; never fails the session",
			Description: "SessionStart injects the L1 payload (after a compaction: where the session stands first);\n" +
				"UserPromptSubmit logs the prompt and watches the context; PreCompact archives the transcript and\n" +
				"refreshes MEMORY_SUMMARY.md; PostCompact keeps the host's summary; Stop logs progress; SessionEnd\n" +
				"checkpoints. Anything wrong prints one line on stderr and exits 0.",
			Before: noArgs,
			Action: func(c *cli.Context) error {
				neverFails(a.stderr, "archon hook claude-code", func() error { return a.claudeCodeHook(c) })
				return nil // a hook never breaks the session
			},
		}},
	}
}

// neverFails runs a hook's work and reports what went wrong as one line
// on stderr, a panic included: a Go panic exits with status 2, which
// Claude Code reads as a hook's verdict (a prompt refused, a stop
// prevented), never as a hook that broke.
func neverFails(stderr io.Writer, name string, run func() error) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "%s: internal error: %v\n", name, p)
		}
	}()
	if err := run(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
	}
}

// claudeCodeHook runs one Claude Code hook event under its deadline.
func (a *app) claudeCodeHook(c *cli.Context) error {
	ev, err := claudecode.ReadEvent(a.stdin)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(c.Context, claudecode.Deadline(ev.HookEventName))
	defer cancel()
	c.Context = ctx
	root, err := a.root(c)
	if err != nil {
		return err
	}
	// The workspace's privacy patterns and time zone are needed whether a
	// service runs or not: nothing is kept unredacted.
	ws, cfg, err := a.workspace(c)
	if err != nil {
		return err
	}
	loc, err := cfg.Location()
	if err != nil {
		return err
	}
	m, err := a.memoryOf(c, ws, cfg)
	if err != nil {
		return err
	}
	defer m.Close()
	h := &claudecode.Handler{Memory: m, StateDir: filepath.Join(root, ".archon", claudecode.StateDir), Logger: a.logger,
		Archived: filepath.Join(root, ".archon", filepath.FromSlash(claudecode.ArchivedFile)),
		Redact:   func(s string) string { r, _ := ws.Redact(s); return r }, Location: loc}
	out, err := h.Handle(ctx, ev)
	if err != nil {
		return fmt.Errorf("%s: %w", ev.HookEventName, err)
	}
	return out.Write(a.stdout, ev.HookEventName)
}
