package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
)

func (a *app) forgetCommand() *cli.Command {
	return &cli.Command{
		Name:      "forget",
		Usage:     "remove daily-log entries (or L3 records: K7, T3, P1) from the files and every index",
		ArgsUsage: "[ID...]",
		Description: "IDs come from search results; --query forgets the top hits of a search instead (try --dry-run\n" +
			"first). Each log is rewritten atomically under its append lock. .archon/forgotten.jsonl records what\n" +
			"was removed (file, lines, date, agent, size, SHA-256), never its text. MEMORY.md and the other\n" +
			"curated files are edited by hand.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "query", Aliases: []string{"q"}, Usage: "forget the daily-log entries among this search's top hits"},
			&cli.IntFlag{Name: "top-k", Usage: "hits --query considers (default 10)"},
			&cli.BoolFlag{Name: "dry-run", Usage: "only say what would be forgotten"},
			&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
		},
		Before: ints(topKBound),
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			if c.NArg() == 0 && c.String("query") == "" {
				return usageError{fmt.Errorf("forget what? give entry ids or --query")}
			}
			res, err := m.Forget(c.Context, core.ForgetRequest{IDs: c.Args().Slice(), Query: c.String("query"),
				TopK: c.Int("top-k"), DryRun: c.Bool("dry-run")})
			return emit(a, c, res, err, func(res *core.ForgetResult, w io.Writer) {
				verb := "forgot"
				if res.DryRun {
					verb = "would forget"
				}
				for _, f := range res.Forgotten {
					who := f.Date
					if f.Agent != "" {
						who += " " + f.Agent
					}
					fmt.Fprintf(w, "%s %s:%d-%d (%s, %d bytes)\n", verb, f.Path, f.LineStart, f.LineEnd, who, f.Bytes)
				}
				fmt.Fprintf(w, "%s %s\n", verb, plural(len(res.Forgotten), "entry"))
				for _, warn := range res.Warnings {
					fmt.Fprintf(w, "warning: %s\n", warn)
				}
			})
		}),
	}
}
