package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/rag"
	"github.com/archon-memory/archon/rag/embed"
	"github.com/archon-memory/archon/rag/rerank"
)

// engine opens the workspace's retrieval engine as configured.
func (a *app) engine(c *cli.Context) (*rag.Engine, *config.Loaded, error) {
	ws, cfg, err := a.workspace(c)
	if err != nil {
		return nil, nil, err
	}
	opt := rag.Options{Logger: a.logger, Rank: rag.DefaultRankParams()}
	opt.Rank.Vector = cfg.Search.VectorWeight
	if cfg.Embedder.Provider != "none" && cfg.Search.VectorWeight > 0 {
		emb, err := embed.New(embed.Config{
			Provider: cfg.Embedder.Provider, Model: cfg.Embedder.Model, URL: cfg.Embedder.URL,
			Dimensions: cfg.Embedder.Dimensions, APIKeyEnv: cfg.Embedder.APIKeyEnv,
		})
		if err != nil {
			return nil, nil, fmt.Errorf("embedder: %w", err)
		}
		opt.Embedder = emb
	}
	if cfg.Rerank.Provider != "none" {
		rr, err := rerank.New(rerank.Config{
			Provider: cfg.Rerank.Provider, Model: cfg.Rerank.Model, URL: cfg.Rerank.URL,
			APIKeyEnv: cfg.Rerank.APIKeyEnv, Timeout: time.Duration(cfg.Rerank.TimeoutSeconds) * time.Second,
		})
		if err != nil {
			return nil, nil, fmt.Errorf("reranker: %w", err)
		}
		opt.Reranker, opt.RerankTopN = rr, cfg.Rerank.TopN
	}
	eng, err := rag.Open(c.Context, ws, opt)
	return eng, cfg, err
}

func (a *app) indexCommand() *cli.Command {
	return &cli.Command{
		Name:  "index",
		Usage: "build or update every index from the files (incremental)",
		Description: "Indexes the summary, identity files, MEMORY.md and every daily log (archived ones too).\n" +
			"Only changed files are re-read and only changed chunks re-indexed; deleted files leave the index.",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the counts as JSON"}},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			eng, _, err := a.engine(c)
			if err != nil {
				return err
			}
			defer eng.Close()
			bar := newProgressBar(a.stderr, "indexing")
			st, err := eng.Index(c.Context, bar.update)
			bar.done()
			if err != nil {
				return err
			}
			return a.printIndexStats(c, st)
		},
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
			&cli.StringFlag{Name: "tags", Usage: "only entries with any of these tags (comma-separated)"},
			&cli.BoolFlag{Name: "all-tags", Usage: "with --tags: entries must have all of them"},
			&cli.StringFlag{Name: "agent", Usage: "only entries by these agents (comma-separated)"},
			&cli.StringFlag{Name: "project", Usage: "only entries of these projects (comma-separated)"},
			&cli.StringFlag{Name: "layer", Usage: "only these layers: L1, L2, L3, L4 (comma-separated)"},
			&cli.StringFlag{Name: "since", Usage: "only entries on or after YYYY-MM-DD"},
			&cli.StringFlag{Name: "until", Usage: "only entries on or before YYYY-MM-DD"},
			&cli.StringFlag{Name: "queries", Usage: `batch mode: file (or -) of {"qid","query"} lines`},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text, json or jsonl"},
			&cli.BoolFlag{Name: "no-index", Usage: "do not bring the index up to date first"},
		},
		Action: func(c *cli.Context) error {
			format, batch, err := searchMode(c)
			if err != nil {
				return err
			}
			eng, cfg, err := a.engine(c)
			if err != nil {
				return err
			}
			defer eng.Close()
			index := func() (*rag.IndexStats, error) { return eng.Index(c.Context, nil) }
			search := func(q rag.Query) (*rag.Response, error) { return eng.Search(c.Context, q) }
			return a.runSearch(c, cfg, format, batch, index, search)
		},
	}
}

// searchBatch answers a --queries file (or - for stdin): one
// {"qid","query"} per line in, one {"qid","results"} line out, with search
// answering each query (the engine, or a running service).
func (a *app) searchBatch(file string, search func(text string) (*rag.Response, error)) error {
	var r io.Reader = a.stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return fmt.Errorf("--queries: %w", err)
		}
		defer f.Close()
		r = f
	}
	enc := json.NewEncoder(a.stdout)
	enc.SetEscapeHTML(false)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line, failed := 0, 0
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var in struct {
			QID   string `json:"qid"`
			Query string `json:"query"`
		}
		if err := json.Unmarshal(sc.Bytes(), &in); err != nil {
			failed++
			a.logger.Warn("skipping a bad --queries line", "line", line, "err", err)
			continue
		}
		resp, err := search(in.Query)
		out := struct {
			QID     string       `json:"qid"`
			Results []rag.Result `json:"results"`
			Error   string       `json:"error,omitempty"`
		}{QID: in.QID, Results: []rag.Result{}}
		if err != nil {
			failed++
			out.Error = err.Error()
		} else {
			out.Results = resp.Results
		}
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("--queries: line %d: %w", line+1, err)
	}
	if failed > 0 {
		return fmt.Errorf("%d of the queries failed (see stderr and the error fields)", failed)
	}
	return nil
}

func printResults(w io.Writer, rs []rag.Result) {
	if len(rs) == 0 {
		fmt.Fprintln(w, "no results")
		return
	}
	for i, r := range rs {
		meta := []string{r.Layer}
		if r.Date != "" {
			meta = append(meta, strings.TrimSpace(r.Date+" "+r.Time))
		}
		if r.Agent != "" {
			meta = append(meta, r.Agent)
		}
		for _, t := range r.Tags {
			meta = append(meta, "#"+t)
		}
		fmt.Fprintf(w, "%2d. %s:%d-%d  (%.2f)  %s  id %s\n    %s\n", i+1, r.Path, r.LineStart, r.LineEnd, r.Score, strings.Join(meta, " "), r.ID, r.Snippet)
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
		Action: func(c *cli.Context) error {
			if c.Args().Len() != 1 {
				return usagef("get takes exactly one ID (from a search result)")
			}
			eng, _, err := a.engine(c)
			if err != nil {
				return err
			}
			defer eng.Close()
			item, err := eng.Get(c.Context, c.Args().First(), c.Int("context"))
			if err != nil {
				return err
			}
			return a.printItem(c, item)
		},
	}
}

func printPiece(w io.Writer, p rag.Piece, indent string) {
	head := fmt.Sprintf("%s:%d-%d", p.Path, p.LineStart, p.LineEnd)
	for _, s := range []string{p.Date, p.Time, p.Agent, p.Title} {
		if s != "" {
			head += " " + s
		}
	}
	for _, t := range p.Tags {
		head += " #" + t
	}
	fmt.Fprintf(w, "%s== %s\n", indent, head)
	for _, l := range strings.Split(p.Text, "\n") {
		fmt.Fprintf(w, "%s%s\n", indent, l)
	}
	fmt.Fprintln(w)
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
