package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
)

func (a *app) initCommand() *cli.Command {
	return &cli.Command{
		Name:  "init",
		Usage: "create a workspace (idempotent: existing files are kept)",
		Description: "Creates the workspace directory with archon.yaml (every key with its default and a comment),\n" +
			"MEMORY.md and MEMORY_SUMMARY.md templates and memory/. Files that exist are never overwritten.",
		Flags:  []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"}},
		Before: noArgs,
		Action: func(c *cli.Context) error {
			root, err := a.root(c)
			if err != nil {
				return err
			}
			res, err := memory.Init(c.Context, root, map[string][]byte{memory.ConfigFile: config.Template()})
			if err != nil {
				return err
			}
			// The configuration a user already had must still be valid.
			if _, err := a.loadConfig(root); err != nil {
				return err
			}
			return a.out(c, struct {
				Root string `json:"root"`
				*memory.InitResult
			}{root, res}, func(w io.Writer) { res.WriteText(w, root) })
		},
	}
}

func (a *app) logCommand() *cli.Command {
	return &cli.Command{
		Name:      "log",
		Usage:     "append an entry to a daily log",
		ArgsUsage: "TEXT... (or - or nothing to read the text from stdin)",
		Description: "Appends one entry to memory/YYYY-MM-DD.md (today unless --date). Safe while other\n" +
			"processes append: the write is locked, appended in one piece and fsynced before archon exits.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "agent", Aliases: []string{"a"}, Usage: "agent name (default: log.agent)"},
			&cli.StringFlag{Name: "tags", Aliases: []string{"t"}, Usage: "comma-separated tags, e.g. db,decision"},
			&cli.StringFlag{Name: "date", Usage: "day of the entry, YYYY-MM-DD (default: today)"},
			&cli.StringFlag{Name: "time", Usage: "time of the entry, HH:MM[:SS] (default: now)"},
			&cli.BoolFlag{Name: "json", Usage: "print the stored entry (path, line range) as JSON"},
		},
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			text, err := a.entryText(c)
			if err != nil {
				return err
			}
			e, err := m.Log(c.Context, core.LogRequest{Text: text, Agent: c.String("agent"), Tags: splitList(c.String("tags")),
				Date: c.String("date"), Time: c.String("time")})
			return emit(a, c, e, err, func(e *core.Entry, w io.Writer) { fmt.Fprintf(w, "%s:%d-%d\n", e.Path, e.LineStart, e.LineEnd) })
		}),
	}
}

// entryText takes the entry text from the arguments, or from stdin when
// there are none or the only one is "-".
func (a *app) entryText(c *cli.Context) (string, error) {
	args := c.Args().Slice()
	if len(args) > 0 && !(len(args) == 1 && args[0] == "-") {
		return strings.Join(args, " "), nil
	}
	if f, ok := a.stdin.(*os.File); ok && len(args) == 0 {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			return "", usagef("no text: give it as arguments, or pipe it on stdin")
		}
	}
	limit := int64(memory.DefaultMaxEntryBytes) * 64
	data, err := io.ReadAll(io.LimitReader(a.stdin, limit+1))
	if err != nil {
		return "", fmt.Errorf("read stdin: %w", err)
	}
	if int64(len(data)) > limit {
		return "", fmt.Errorf("%w: stdin holds more than %d bytes", memory.ErrTooLarge, limit)
	}
	return string(data), nil
}

func (a *app) configCommand() *cli.Command {
	return &cli.Command{
		Name:   "config",
		Usage:  "show the effective configuration and where each value comes from",
		Flags:  []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print as JSON"}},
		Before: noArgs,
		Action: func(c *cli.Context) error {
			root, err := a.root(c)
			if err != nil {
				return err
			}
			cfg, err := a.loadConfig(root)
			if err != nil {
				return err
			}
			rows := cfg.Effective()
			return a.out(c, rows, rows.WriteText)
		},
	}
}
