// Command archon-bench runs archon's benchmarks that are not plain
// `go test -bench` functions:
//
//	archon-bench locomo [-k 10] [-out results.jsonl]   retrieval quality on ../shared/bench (LoCoMo dev)
//	archon-bench agentlogs [-k 10] [-out results.jsonl] the same on real coding-agent memory banks
//
// Both take -rank Name=value,... to measure other rag.RankParams.
//
//	archon-bench gen -root DIR [-entries N]             write a synthetic workspace
//	archon-bench perf [-root DIR] [-archon BIN]          index and query targets on 100,000 entries
//	archon-bench hooks -archon BIN [-mb 3]               Claude Code hook latency on a 3 MB transcript
//	archon-bench fit-acts [-qmsum DIR] [-lexicon FILE]   fit the dialogue-act lexicon's weights on QMSum (train)
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/archon-memory/archon/bench/gen"
	"github.com/archon-memory/archon/bench/locomo"
	"github.com/archon-memory/archon/rag"
	"github.com/archon-memory/archon/rag/embed"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: archon-bench locomo|agentlogs|gen|perf|hooks|fit-acts [flags]")
		os.Exit(2)
	}
	ctx := context.Background()
	var err error
	switch os.Args[1] {
	case "locomo":
		err = runLoCoMo(ctx, "locomo", os.Args[2:])
	case "agentlogs":
		err = runLoCoMo(ctx, "agentlogs", os.Args[2:])
	case "gen":
		err = runGen(ctx, os.Args[2:])
	case "perf":
		err = runPerf(ctx, os.Args[2:])
	case "hooks":
		err = runHooks(ctx, os.Args[2:])
	case "fit-acts":
		err = runFitActs(os.Args[2:])
	default:
		err = fmt.Errorf("unknown benchmark %q (locomo, agentlogs, gen, perf, hooks, fit-acts)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "archon-bench:", err)
		os.Exit(1)
	}
}

// runLoCoMo scores retrieval on ../shared/bench/locomo (conversations)
// or, with bench "agentlogs", on ../shared/bench/agentlogs (real coding
// agents' memory banks as workspaces, MEMORY.md included).
func runLoCoMo(ctx context.Context, bench string, args []string) error {
	fs := flag.NewFlagSet(bench, flag.ExitOnError)
	k := fs.Int("k", 10, "results per question")
	out := fs.String("out", "", "also write results.jsonl for score.py")
	dir := fs.String("dir", "", "benchmark directory (default: ../shared/bench/locomo)")
	ecfg := embedFlags(fs)
	weight := fs.Float64("vector", -1, "vector weight in the fusion (default: the engine's)")
	rank := fs.String("rank", "", "ranking parameters to set, e.g. Intent=0.8,Radius=2 (see rag.RankParams)")
	fs.Parse(args)
	opt, err := engineOptions(ecfg, *weight)
	if err != nil {
		return err
	}
	if err := setRankParams(&opt.Rank, *rank); err != nil {
		return err
	}
	if *dir == "" {
		d, err := locomo.FindDir(".")
		if err != nil {
			return err
		}
		*dir = filepath.Join(filepath.Dir(d), bench)
	}
	scratch, err := os.MkdirTemp("", "archon-"+bench+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	evaluate := locomo.Evaluate
	if bench == "agentlogs" {
		evaluate = locomo.EvaluateWorkspaces
	}
	run, err := evaluate(ctx, *dir, scratch, *k, opt)
	if err != nil {
		return err
	}
	locomo.PrintTable(os.Stdout, locomo.Score(run.Questions, run.Results))
	lat := append([]time.Duration(nil), run.QueryTimes...)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("\n%d workspaces, %d chunks indexed in %v; %d queries, p50 %v, p99 %v\n", run.Workspaces, run.IndexedChunk,
		run.IndexTime.Round(time.Millisecond), len(lat), lat[len(lat)/2], lat[len(lat)*99/100])
	if bench == "locomo" {
		fmt.Println("SQLite FTS5 BM25 baseline (../shared/bench/locomo/baseline-fts5): R@5 0.488, R@10 0.568, H@10 0.634, nDCG@10 0.437")
	} else {
		fmt.Println("SQLite FTS5 BM25 baseline (../shared/bench/agentlogs/README.md): R@1 0.442, R@5 0.746, R@10 0.838, nDCG@10 0.650")
	}
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		enc := json.NewEncoder(f)
		for _, q := range run.Questions {
			if err := enc.Encode(map[string]any{"qid": q.QID, "results": run.Full[q.QID]}); err != nil {
				return err
			}
		}
	}
	return nil
}

func runGen(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	root := fs.String("root", "", "workspace directory to write (required)")
	n := fs.Int("entries", 100_000, "entries")
	days := fs.Int("days", 365, "days covered")
	seed := fs.Uint64("seed", 1, "random seed")
	fs.Parse(args)
	if *root == "" {
		return fmt.Errorf("gen: -root is required")
	}
	start := time.Now()
	entries, files, err := gen.WriteWorkspace(ctx, *root, gen.Options{Entries: *n, Days: *days, Seed: *seed})
	if err != nil {
		return err
	}
	fmt.Printf("wrote %d entries in %d daily logs under %s in %v\n", entries, files, *root, time.Since(start).Round(time.Millisecond))
	return nil
}

// embedFlags declares the embedder flags shared by the benchmarks.
func embedFlags(fs *flag.FlagSet) *embed.Config {
	c := &embed.Config{}
	fs.StringVar(&c.Provider, "embedder", "builtin", "embedding provider: builtin, ollama, openai or none")
	fs.StringVar(&c.Model, "model", "", "embedding model (ollama, openai)")
	fs.StringVar(&c.URL, "url", "", "embedding endpoint (ollama, openai)")
	fs.IntVar(&c.Dimensions, "dims", 0, "embedding dimensions (0: the provider's default)")
	fs.StringVar(&c.APIKeyEnv, "key-env", "", "environment variable holding the API key (openai)")
	return c
}

// engineOptions builds engine options from the embedder flags.
func engineOptions(c *embed.Config, weight float64) (rag.Options, error) {
	opt := rag.Options{Rank: rag.DefaultRankParams()}
	if weight >= 0 {
		opt.Rank.Vector = weight
	}
	if c.Provider == "none" {
		opt.Rank.Vector = 0
		return opt, nil
	}
	e, err := embed.New(*c)
	if err != nil {
		return opt, err
	}
	opt.Embedder = e
	return opt, nil
}
