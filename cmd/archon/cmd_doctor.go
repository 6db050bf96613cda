package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
)

func (a *app) doctorCommand() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "check every derived file through, and repair what is damaged",
		Description: "Reads the index database (SQLite quick_check), every full-text segment and the vectors (their\n" +
			"CRCs), the full-text index against the database, and the knowledge database, and lists what is\n" +
			"odd in the daily logs with file and line. --repair rebuilds damaged indexes from the workspace\n" +
			"files and salvages a damaged knowledge database (the damaged copy is kept beside it). The\n" +
			"markdown files are never rewritten. Exits 1 while something is damaged.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "repair", Usage: "rebuild what is damaged"},
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
		},
		Before: noArgs,
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			rep, err := m.Doctor(c.Context, core.DoctorRequest{Repair: c.Bool("repair")})
			if err := emit(a, c, rep, err, func(rep *core.DoctorReport, w io.Writer) {
				for _, ch := range rep.Checks {
					if ch.Detail != "" {
						fmt.Fprintf(w, "%-9s %s: %s\n", ch.State, ch.File, ch.Detail)
					} else {
						fmt.Fprintf(w, "%-9s %s\n", ch.State, ch.File)
					}
				}
				fmt.Fprintf(w, "%d damaged, %d repaired", rep.Damaged, rep.Repaired)
				if rep.Newer > 0 {
					fmt.Fprintf(w, ", %d written by a newer archon", rep.Newer)
				}
				fmt.Fprintln(w)
			}); err != nil {
				return err
			}
			switch {
			case rep.Damaged > 0:
				return exitCode{exitFailure, plural(rep.Damaged, "file") + " damaged: run archon doctor --repair"}
			case rep.Newer > 0:
				return exitCode{exitFailure, plural(rep.Newer, "file") + " written by a newer archon: use that one (see above)"}
			}
			return nil
		}),
	}
}

// plural writes n things: "1 file", "2 files", "2 entries".
func plural(n int, thing string) string {
	switch {
	case n == 1:
		return "1 " + thing
	case strings.HasSuffix(thing, "y") && !strings.HasSuffix(thing, "ey"):
		return fmt.Sprintf("%d %sies", n, thing[:len(thing)-1])
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
