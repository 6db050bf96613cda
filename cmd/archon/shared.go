package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
)

// The commands that can run against the engine or through a running
// `archon serve` (index, search, get, log) share their reading of the
// command line and their printing here; only the call in between differs.

// warn logs warnings from the engine or the service.
func (a *app) warn(ws []string) {
	for _, w := range ws {
		a.logger.Warn(w)
	}
}

// printIndexStats prints what an index run did.
func (a *app) printIndexStats(c *cli.Context, st *rag.IndexStats) error {
	a.warn(st.Warnings)
	if c.Bool("json") {
		return writeJSON(a.stdout, st)
	}
	fmt.Fprintf(a.stdout, "indexed %d files (%d changed, %d removed): %d chunks added or changed, %d removed; %d chunks in all; %s\n",
		st.Files, st.Changed, st.Removed, st.Added, st.Deleted, st.Chunks, st.Duration.Round(time.Millisecond))
	return nil
}

// searchMode checks the search command line and returns the output format
// and the --queries file ("" for a single QUERY).
func searchMode(c *cli.Context) (format, batch string, err error) {
	format, batch = c.String("format"), c.String("queries")
	switch {
	case format != "text" && format != "json" && format != "jsonl":
		return "", "", usagef("--format: %q is not one of text, json, jsonl", format)
	case batch == "" && c.Args().Len() == 0:
		return "", "", usagef("no query: archon search QUERY, or --queries FILE")
	case batch != "" && c.Args().Len() > 0:
		return "", "", usagef("give either a QUERY or --queries FILE, not both")
	case batch != "" && format == "text":
		return "", "", usagef("--queries needs --format jsonl")
	}
	return format, batch, nil
}

// searchFilter reads the filter flags of the search command.
func searchFilter(c *cli.Context) rag.Filter {
	return rag.Filter{
		Tags: splitList(c.String("tags")), AllTags: c.Bool("all-tags"),
		Agents: splitList(c.String("agent")), Projects: splitList(c.String("project")),
		Layers: splitList(strings.ToUpper(c.String("layer"))),
		Since:  c.String("since"), Until: c.String("until"),
	}
}

// topK is --top-k, else search.top_k.
func topK(c *cli.Context, cfg *config.Loaded) int {
	if k := c.Int("top-k"); k != 0 {
		return k
	}
	return cfg.Search.TopK
}

// printSearch prints one search response in format.
func (a *app) printSearch(format string, resp *rag.Response) error {
	a.warn(resp.Warnings)
	switch format {
	case "json":
		return writeJSON(a.stdout, resp)
	case "jsonl":
		for _, r := range resp.Results {
			if err := writeJSONLine(a.stdout, r); err != nil {
				return err
			}
		}
		return nil
	}
	printResults(a.stdout, resp.Results)
	return nil
}

// printItem prints the full item behind a hit, with its neighbours.
func (a *app) printItem(c *cli.Context, item *rag.Item) error {
	if c.Bool("json") {
		return writeJSON(a.stdout, item)
	}
	for _, p := range item.Before {
		printPiece(a.stdout, p, "  ")
	}
	printPiece(a.stdout, item.Piece, "")
	for _, p := range item.After {
		printPiece(a.stdout, p, "  ")
	}
	if item.Stale {
		a.logger.Warn("the file changed since it was indexed; this is the indexed text (run archon index)")
	}
	return nil
}

// entryFromFlags builds the entry `archon log` writes from its command line
// (the agent defaults to log.agent).
func (a *app) entryFromFlags(c *cli.Context, cfg *config.Loaded) (memory.Entry, error) {
	text, err := a.entryText(c)
	if err != nil {
		return memory.Entry{}, err
	}
	agent := c.String("agent")
	if agent == "" {
		agent = cfg.Log.Agent
	}
	return memory.Entry{Date: c.String("date"), Time: c.String("time"), Agent: agent, Tags: splitList(c.String("tags")), Text: text}, nil
}

// printLogged prints where an entry was written.
func (a *app) printLogged(c *cli.Context, e memory.Entry) error {
	if c.Bool("json") {
		return writeJSON(a.stdout, e)
	}
	_, err := fmt.Fprintf(a.stdout, "%s:%d-%d\n", e.Path, e.LineStart, e.LineEnd)
	return err
}

// runSearch runs archon search on either side (the engine, or a running
// service): brings the index up to date unless --no-index, then answers the
// query of the arguments, or every query of the --queries batch.
func (a *app) runSearch(c *cli.Context, cfg *config.Loaded, format, batch string,
	index func() (*rag.IndexStats, error), search func(rag.Query) (*rag.Response, error)) error {
	if !c.Bool("no-index") {
		st, err := index()
		if err != nil {
			return err
		}
		a.warn(st.Warnings)
	}
	base := rag.Query{TopK: topK(c, cfg), Threshold: c.Float64("threshold"), Filter: searchFilter(c)}
	one := func(text string) (*rag.Response, error) {
		q := base
		q.Text = text
		return search(q)
	}
	if batch != "" {
		return a.searchBatch(batch, one)
	}
	resp, err := one(strings.Join(c.Args().Slice(), " "))
	if err != nil {
		return err
	}
	return a.printSearch(format, resp)
}
