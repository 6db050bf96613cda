package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
)

func (a *app) statusCommand() *cli.Command {
	return &cli.Command{
		Name:   "status",
		Usage:  "show what each memory layer holds (files, entries, tokens, dates)",
		Flags:  []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print as JSON"}},
		Before: noArgs,
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			st, err := m.Status(c.Context)
			return emit(a, c, st, err, (*core.Status).WriteText)
		}),
	}
}

func (a *app) archiveCommand() *cli.Command {
	return &cli.Command{
		Name:  "archive",
		Usage: "move daily logs older than the L1 window to memory/archive/YYYY/ (still indexed and searchable)",
		Description: "Idempotent and crash-safe: each log is moved with one rename under the append lock, so it is\n" +
			"always in exactly one place. Appends to an archived day go to its archived log.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "older-than", Usage: "age from which logs move: 7d, 2w, 36h (default: l1.window_days)"},
			&cli.BoolFlag{Name: "dry-run", Usage: "only say what would move"},
			&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
		},
		Before: noArgs,
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			res, err := m.Archive(c.Context, core.ArchiveRequest{OlderThan: c.String("older-than"), DryRun: c.Bool("dry-run")})
			if core.KindOf(err) == core.Invalid && strings.HasPrefix(err.Error(), "older_than: ") {
				return usageError{fmt.Errorf("--older-than: %w", core.Cause(err))} // the flag's value, said as the flag
			}
			return emit(a, c, res, err, func(res *core.ArchiveResult, w io.Writer) {
				verb := "moved"
				if res.DryRun {
					verb = "would move"
				}
				for _, m := range res.Moved {
					note := ""
					if m.Merged {
						note = " (merged into the archived log)"
					}
					fmt.Fprintf(w, "%s %s -> %s%s\n", verb, m.From, m.To, note)
				}
				stay := "stay"
				if res.Kept == 1 {
					stay = "stays"
				}
				fmt.Fprintf(w, "%s %s dated before %s; %s %s in the window\n", verb, plural(len(res.Moved), "log"), res.Cutoff, plural(res.Kept, "log"), stay)
			})
		}),
	}
}
