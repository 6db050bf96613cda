package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/archon-memory/archon/bench/gen"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
)

// runPerf measures the retrieval targets on a generated workspace.
func runPerf(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("perf", flag.ExitOnError)
	root := fs.String("root", "", "workspace (generated there when it has no memory/; default: a temporary directory)")
	n := fs.Int("entries", 100_000, "entries to generate")
	queries := fs.Int("queries", 1000, "in-process queries")
	appends := fs.Int("appends", 20, "append + incremental index rounds")
	bin := fs.String("archon", "", "archon binary for cold-process searches (skipped when empty)")
	cold := fs.Int("cold", 30, "cold-process searches")
	ecfg := embedFlags(fs)
	weight := fs.Float64("vector", -1, "vector weight in the fusion (default: the engine's)")
	fs.Parse(args)
	opt, err := engineOptions(ecfg, *weight)
	if err != nil {
		return err
	}
	opt.Resident = true
	if *root == "" {
		d, err := os.MkdirTemp("", "archon-perf-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		*root = d
	}
	if _, err := os.Stat(filepath.Join(*root, "memory")); err != nil {
		start := time.Now()
		e, f, err := gen.WriteWorkspace(ctx, *root, gen.Options{Entries: *n, Seed: 1})
		if err != nil {
			return err
		}
		fmt.Printf("generated %d entries in %d logs in %v\n", e, f, time.Since(start).Round(time.Millisecond))
	}
	os.RemoveAll(filepath.Join(*root, ".archon"))
	ws, err := memory.Open(*root)
	if err != nil {
		return err
	}
	eng, err := rag.Open(ctx, ws, opt)
	if err != nil {
		return err
	}
	defer eng.Close()

	start := time.Now()
	st, err := eng.Index(ctx, nil)
	if err != nil {
		return err
	}
	el := time.Since(start)
	fmt.Printf("full index: %d chunks (%d embedded) in %v = %.0f entries/s   (target >= 5000)\n", st.Chunks, st.Embedded, el.Round(time.Millisecond), float64(st.Chunks)/el.Seconds())

	var inc []time.Duration
	for i := range *appends {
		if _, err := ws.Append(ctx, memory.Entry{Agent: "bench", Text: fmt.Sprintf("perf probe %d: appended entry about incremental indexing latency", i)}); err != nil {
			return err
		}
		t := time.Now()
		if _, err := eng.Index(ctx, nil); err != nil {
			return err
		}
		inc = append(inc, time.Since(t))
	}
	fmt.Printf("append + incremental index: p50 %v, max %v over %d rounds   (target <= 200ms)\n", pct(inc, 50), pct(inc, 100), len(inc))

	g := gen.New(gen.Options{Seed: 99})
	qs := make([]string, *queries)
	for i := range qs {
		qs[i] = strings.TrimSuffix(g.Sentence(3+i%8), ".")
	}
	for _, q := range qs[:min(50, len(qs))] { // warm up
		eng.Search(ctx, rag.Query{Text: q, TopK: 10})
	}
	var lat []time.Duration
	for _, q := range qs {
		t := time.Now()
		if _, err := eng.Search(ctx, rag.Query{Text: q, TopK: 10}); err != nil {
			return err
		}
		lat = append(lat, time.Since(t))
	}
	fmt.Printf("in-process top-10 query: p50 %v, p99 %v over %d queries   (target p50 <= 5ms, p99 <= 20ms)\n", pct(lat, 50), pct(lat, 99), len(lat))
	fmt.Printf("peak resident memory: %d MB   (target <= 400 MB)\n", peakRSSMB())
	if err := eng.Close(); err != nil {
		return err
	}

	if *bin != "" {
		var cl []time.Duration
		for i := range *cold {
			t := time.Now()
			out, err := exec.CommandContext(ctx, *bin, "--root", *root, "search", qs[i%len(qs)], "--top-k", "10", "--format", "json").CombinedOutput()
			if err != nil {
				return fmt.Errorf("cold search: %w: %s", err, out)
			}
			cl = append(cl, time.Since(t))
		}
		fmt.Printf("cold `archon search` process: p50 %v, p99 %v over %d runs   (target p50 <= 150ms)\n", pct(cl, 50), pct(cl, 99), len(cl))
	}
	return nil
}

func pct(d []time.Duration, p int) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (len(s) - 1) * p / 100
	return s[i].Round(10 * time.Microsecond)
}

// peakRSSMB reads the process's peak resident set size (VmHWM) on Linux.
func peakRSSMB() int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.Atoi(f[1])
			return kb / 1024
		}
	}
	return -1
}
