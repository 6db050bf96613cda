package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// cliApp builds the command tree.
func (a *app) cliApp() *cli.App {
	onUsage := func(_ *cli.Context, err error, _ bool) error { return usageError{err} }
	cmds := []*cli.Command{
		a.initCommand(),
		a.logCommand(),
		a.statusCommand(),
		a.configCommand(),
		a.indexCommand(),
		a.searchCommand(),
		a.getCommand(),
		a.contextCommand(),
		a.summarizeCommand(),
		a.forgetCommand(),
		a.memoryToolCommand(),
		a.doctorCommand(),
		a.archiveCommand(),
		a.jobsCommand(),
		a.hookCommand(),
		a.importCommand(),
		a.tenantCommand(),
		a.keyCommand(),
	}
	cmds = append(cmds, a.serveCommands()...)
	cmds = append(cmds, a.knowledgeCommands()...)
	cmds = append(cmds, a.installCommands()...)
	for _, c := range cmds {
		setUsageHandler(c, onUsage)
	}
	return &cli.App{
		Name:    "archon",
		Usage:   "local memory service for AI agents",
		Version: version,
		Description: "archon keeps an agent's memory in four layers of plain files (L1 summary, L2 daily logs,\n" +
			"L3 knowledge, L4 curated wisdom) and serves it back on demand. Flags may follow arguments.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "root", Usage: "workspace directory (default: $ARCHON_ROOT, else ~/.archon)"},
			&cli.StringFlag{Name: "log-level", Value: "warn", Usage: "diagnostics on stderr: debug, info, warn or error"},
		},
		Before: func(c *cli.Context) error {
			var level slog.Level
			if err := level.UnmarshalText([]byte(c.String("log-level"))); err != nil {
				return usagef("--log-level: %q is not one of debug, info, warn, error", c.String("log-level"))
			}
			a.logger = slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: level}))
			return nil
		},
		Commands:             cmds,
		Reader:               a.stdin,
		Writer:               a.stdout,
		ErrWriter:            a.stderr,
		OnUsageError:         onUsage,
		EnableBashCompletion: true,
		ExitErrHandler:       func(*cli.Context, error) {}, // run() reports errors and picks the exit code
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usagef("unknown command %q; run `archon help` for the list", c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
	}
}

// setUsageHandler sets h on c and its subcommands; a group of subcommands
// refuses a name that is none of them, as the top level does.
func setUsageHandler(c *cli.Command, h cli.OnUsageErrorFunc) {
	c.OnUsageError = h
	if len(c.Subcommands) > 0 && c.Action == nil {
		c.Action = func(ctx *cli.Context) error {
			if ctx.Args().Present() {
				return usagef("unknown command %q; run `archon %s --help` for the list", ctx.Args().First(), commandPath(ctx))
			}
			return cli.ShowSubcommandHelp(ctx)
		}
	}
	for _, s := range c.Subcommands {
		setUsageHandler(s, h)
	}
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// exactArgs requires n positional arguments.
func exactArgs(n int) cli.BeforeFunc {
	return func(c *cli.Context) error {
		if c.Args().Len() != n {
			return usagef("%s takes %d argument(s) (%s), got %d", commandPath(c), n, c.Command.ArgsUsage, c.Args().Len())
		}
		return nil
	}
}

// commandPath names the running command as typed after "archon" ("task
// show"): urfave's FullName gives only the last word for a subcommand.
func commandPath(c *cli.Context) string {
	var names []string
	for _, x := range c.Lineage() {
		if x.Command != nil && x.Command.Name != c.App.Name && x.Command.Name != "" && (len(names) == 0 || names[len(names)-1] != x.Command.Name) {
			names = append(names, x.Command.Name)
		}
	}
	slices.Reverse(names)
	return strings.Join(names, " ")
}

// noArgs rejects positional arguments for commands that take none.
func noArgs(c *cli.Context) error {
	if c.Args().Len() > 0 {
		return usagef("%s takes no arguments (got %q)", commandPath(c), strings.Join(c.Args().Slice(), " "))
	}
	return nil
}
