package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/archive"
)

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
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			ws, cfg, err := a.workspace(c)
			if err != nil {
				return err
			}
			age := time.Duration(cfg.L1.WindowDays) * 24 * time.Hour
			if s := c.String("older-than"); s != "" {
				if age, err = archive.ParseAge(s); err != nil {
					return usageError{fmt.Errorf("--older-than: %w", err)}
				}
			}
			res, err := archive.Run(c.Context, ws, archive.Options{OlderThan: age, DryRun: c.Bool("dry-run")})
			if err != nil {
				return err
			}
			if c.Bool("json") {
				return writeJSON(a.stdout, res)
			}
			verb := "moved"
			if res.DryRun {
				verb = "would move"
			}
			for _, m := range res.Moved {
				note := ""
				if m.Merged {
					note = " (merged into the archived log)"
				}
				fmt.Fprintf(a.stdout, "%s %s -> %s%s\n", verb, m.From, m.To, note)
			}
			fmt.Fprintf(a.stdout, "%s %d logs dated before %s; %s logs stay in the window\n", verb, len(res.Moved), res.Cutoff, strconv.Itoa(res.Kept))
			return nil
		},
	}
}
