package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
)

func (a *app) indexCommand() *cli.Command {
	return &cli.Command{
		Name:  "index",
		Usage: "build or update every index from the files (incremental)",
		Description: "Indexes the summary, identity files, MEMORY.md and every daily log (archived ones too).\n" +
			"Only changed files are re-read and only changed chunks re-indexed; deleted files leave the index.",
		Flags:  []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the counts as JSON"}},
		Before: noArgs,
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			bar := newProgressBar(a.stderr, "indexing")
			st, err := m.Index(c.Context, core.IndexRequest{Progress: bar.update})
			bar.done()
			if err != nil {
				return err
			}
			a.warn(st.Warnings)
			return a.out(c, st, func(w io.Writer) { fmt.Fprintln(w, st) })
		}),
	}
}

func (a *app) searchCommand() *cli.Command {
	return &cli.Command{
		Name:      "search",
		Usage:     "search memory; prints metadata-first hits (snippet, path, line range)",
		ArgsUsage: "QUERY",
		Description: "Brings the index up to date, then prints the best hits. Read the lines a hit names, or\n" +
			"`archon get ID` for the full item. Batch mode: --queries FILE --format jsonl.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "top-k", Aliases: []string{"k"}, Usage: "number of hits (default: search.top_k)"},
			&cli.Float64Flag{Name: "threshold", Usage: "drop hits scoring below this (0..1)"},
			&cli.StringSliceFlag{Name: "tags", Usage: "only entries with any of these tags (comma-separated)"},
			&cli.BoolFlag{Name: "all-tags", Usage: "with --tags: entries must have all of them"},
			&cli.StringSliceFlag{Name: "agent", Usage: "only entries by these agents (comma-separated)"},
			&cli.StringSliceFlag{Name: "project", Usage: "only entries of these projects (comma-separated)"},
			&cli.StringSliceFlag{Name: "layer", Usage: "only these layers: L1, L2, L3, L4 (comma-separated)"},
			&cli.StringFlag{Name: "since", Usage: "only entries on or after YYYY-MM-DD"},
			&cli.StringFlag{Name: "until", Usage: "only entries on or before YYYY-MM-DD"},
			&cli.StringFlag{Name: "queries", Usage: `batch mode: file (or -) of {"qid","query"} lines`},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text, json or jsonl"},
			&cli.BoolFlag{Name: "no-index", Usage: "do not bring the index up to date first"},
			&cli.BoolFlag{Name: "count", Usage: "only count the entries holding a word of the query (not hits by meaning only), by day, file, agent, tag and layer (text or --format json)"},
			&cli.BoolFlag{Name: "explain", Usage: "say why each hit matched: the query words it holds, and the shares of its score from the text and from the meaning (vectors)"},
		},
		Before: before(ints(topKBound), func(c *cli.Context) error { return checkFraction(c, "threshold") }, searchMode),
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			if !c.Bool("no-index") {
				st, err := m.Index(c.Context, core.IndexRequest{})
				if err != nil {
					return err
				}
				a.warn(st.Warnings)
			}
			base := core.SearchRequest{TopK: c.Int("top-k"), Threshold: c.Float64("threshold"),
				Tags: listFlag(c, "tags"), AllTags: c.Bool("all-tags"),
				Agents: listFlag(c, "agent"), Projects: listFlag(c, "project"),
				Layers: splitList(strings.ToUpper(strings.Join(c.StringSlice("layer"), ","))), Since: c.String("since"), Until: c.String("until"),
				Explain: c.Bool("explain")}
			if batch := c.String("queries"); batch != "" {
				var in io.Reader = a.stdin
				if batch != "-" {
					f, err := os.Open(batch)
					if err != nil {
						return fmt.Errorf("--queries: %w", err)
					}
					defer f.Close()
					in = f
				}
				return core.SearchBatch(c.Context, m, base, in, a.stdout, a.logger)
			}
			base.Query = strings.Join(c.Args().Slice(), " ")
			if c.Bool("count") {
				n, err := m.Count(c.Context, base)
				if err != nil {
					return err
				}
				a.warn(n.Warnings)
				switch {
				case c.String("format") == "text":
					n.WriteText(a.stdout)
					return nil
				}
				return writeJSON(a.stdout, n)
			}
			resp, err := m.Search(c.Context, base)
			if err != nil {
				return err
			}
			a.printSearch(c.String("format"), resp)
			return nil
		}),
	}
}

// searchMode checks the search command line.
func searchMode(c *cli.Context) error {
	format, batch := c.String("format"), c.String("queries")
	switch {
	case format != "text" && format != "json" && format != "jsonl":
		return usagef("--format: %q is not one of text, json, jsonl", format)
	case batch == "" && c.Args().Len() == 0:
		return usagef("no query: archon search QUERY, or --queries FILE")
	case batch != "" && c.Args().Len() > 0:
		return usagef("give either a QUERY or --queries FILE, not both")
	case batch != "" && format == "text":
		return usagef("--queries needs --format jsonl")
	case batch != "" && c.Bool("count"):
		return usagef("--count takes one QUERY, not --queries")
	case c.Bool("count") && format == "jsonl":
		return usagef("--count prints text or --format json, not jsonl")
	}
	if c.Bool("count") {
		for _, f := range []string{"top-k", "threshold", "explain"} {
			if c.IsSet(f) {
				return usagef("--count counts every match: --%s does not apply to it", f)
			}
		}
	}
	return nil
}

// printSearch prints one search response in format.
func (a *app) printSearch(format string, resp *core.SearchResponse) {
	a.warn(resp.Warnings)
	switch format {
	case "json":
		writeJSON(a.stdout, resp)
	case "jsonl":
		for _, r := range resp.Results {
			writeJSONLine(a.stdout, r)
		}
	default:
		resp.WriteText(a.stdout)
	}
}

func (a *app) getCommand() *cli.Command {
	return &cli.Command{
		Name:      "get",
		Usage:     "print the full item behind a search hit",
		ArgsUsage: "ID",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "context", Aliases: []string{"C"}, Usage: "also print N neighbouring entries on each side"},
			&cli.BoolFlag{Name: "json", Usage: "print as JSON"},
		},
		Before: func(c *cli.Context) error {
			if c.Args().Len() != 1 {
				return usagef("get takes exactly one ID (from a search result)")
			}
			return checkInts(c, intBound{"context", 0, 100})
		},
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			item, err := m.Get(c.Context, core.GetRequest{ID: c.Args().First(), Context: c.Int("context")})
			if err == nil && item.Stale && !c.Bool("json") {
				defer a.logger.Warn("the file changed since it was indexed; this is the indexed text (run archon index)")
			}
			return emit(a, c, item, err, (*core.Hit).WriteText)
		}),
	}
}

// writeJSONLine prints v as one line of JSON.
func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
