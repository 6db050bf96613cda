// Package loadtest holds archon serve's load test. It runs only when
// ARCHON_LOADTEST is set (a duration, e.g. 60s):
//
//	ARCHON_LOADTEST=60s go test -run TestLoad -v -timeout 30m ./server/loadtest
//
// On a LoCoMo-sized workspace (ARCHON_LOADTEST_ENTRIES, default 6,000
// entries over 300 days), 32 clients (ARCHON_LOADTEST_CLIENTS) mix search
// (80%) and log (20%) over loopback HTTP. It reports search latency
// percentiles, errors, how soon an entry written under load is found, and
// the heap over time (the soak: ARCHON_LOADTEST=10m, with
// ARCHON_LOADTEST_LOGS_PER_SEC=1 so that the workspace keeps its size:
// unthrottled, 32 clients add some 450 entries a second).
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/bench/gen"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/server"
)

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func TestLoad(t *testing.T) {
	dur, err := time.ParseDuration(os.Getenv("ARCHON_LOADTEST"))
	if err != nil {
		t.Skip("set ARCHON_LOADTEST=60s to run the load test")
	}
	clients := envInt("ARCHON_LOADTEST_CLIENTS", 32)
	entries := envInt("ARCHON_LOADTEST_ENTRIES", 6000)
	ctx := context.Background()
	root := t.TempDir()
	tmpl := config.Template()
	if _, err := memory.Init(ctx, root, map[string][]byte{memory.ConfigFile: tmpl}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := gen.WriteWorkspace(ctx, root, gen.Options{Entries: entries, Days: 300, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(root, memory.ConfigFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(cfg.Serve.GCPercent) // as archon serve does
	}
	mo, _ := cfg.MemoryOptions()
	ws, err := memory.OpenWith(root, mo)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var so app.Options
	if d, err := time.ParseDuration(os.Getenv("ARCHON_LOADTEST_INDEX_DELAY")); err == nil {
		so.IndexDelay = d // least time between index runs after writes (default 500ms)
	}
	svc, err := app.Open(ctx, ws, cfg, so)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	t.Logf("workspace: %d entries, indexed in %s", entries, time.Since(start).Round(time.Millisecond))
	srv, err := server.New(svc, server.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	hc := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	post := func(path string, v any, out any) (int, error) {
		b, _ := json.Marshal(v)
		resp, err := hc.Post(hs.URL+path, "application/json", bytes.NewReader(b))
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		if out == nil {
			// The clients share the server's process and heap: read what
			// they do not look at without allocating for it.
			_, err := io.Copy(io.Discard, resp.Body)
			return resp.StatusCode, err
		}
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			return resp.StatusCode, err
		}
		return resp.StatusCode, nil
	}
	g := gen.New(gen.Options{Seed: 2})
	var queries []string
	for i := 0; i < 500; i++ {
		queries = append(queries, g.Sentence(4))
	}

	var (
		mu         sync.Mutex
		searchLat  []time.Duration
		logLat     []time.Duration
		errs       atomic.Int64
		visibility []time.Duration
		heap       []uint64
	)
	deadline := time.Now().Add(dur)
	// ARCHON_LOADTEST_LOGS_PER_SEC caps the writes (a client logs when its
	// turn says so and a write is due, else it searches): a soak then runs
	// at a steady workspace size instead of growing it by a few hundred
	// entries a second, so that its memory can be flat.
	var logDue chan struct{}
	if rate := envInt("ARCHON_LOADTEST_LOGS_PER_SEC", 0); rate > 0 {
		logDue = make(chan struct{}, rate)
		go func() {
			tick := time.NewTicker(time.Second / time.Duration(rate))
			defer tick.Stop()
			for time.Now().Before(deadline) {
				<-tick.C
				select {
				case logDue <- struct{}{}:
				default:
				}
			}
		}()
	}
	mayLog := func() bool {
		if logDue == nil {
			return true
		}
		select {
		case <-logDue:
			return true
		default:
			return false
		}
	}
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(c), 7))
			for n := 0; time.Now().Before(deadline); n++ {
				t0 := time.Now()
				if rng.IntN(5) == 0 && mayLog() {
					marker := fmt.Sprintf("zqmarker%dx%d", c, n)
					st, err := post("/v1/log", app.LogRequest{Text: "load test entry " + marker, Agent: "loader"}, nil)
					d := time.Since(t0)
					if err != nil || st != 201 {
						errs.Add(1)
						continue
					}
					mu.Lock()
					logLat = append(logLat, d)
					mu.Unlock()
					if n%10 == 0 { // how soon is it searchable?
						for time.Since(t0) < 5*time.Second {
							var resp struct{ Results []struct{ Snippet string } }
							if st, err := post("/v1/search", app.SearchRequest{Query: marker, TopK: 1}, &resp); err == nil && st == 200 && len(resp.Results) > 0 && bytes.Contains([]byte(resp.Results[0].Snippet), []byte(marker)) {
								break
							}
							time.Sleep(20 * time.Millisecond)
						}
						mu.Lock()
						visibility = append(visibility, time.Since(t0))
						mu.Unlock()
					}
					continue
				}
				st, err := post("/v1/search", app.SearchRequest{Query: queries[rng.IntN(len(queries))]}, nil)
				d := time.Since(t0)
				if err != nil || st != 200 {
					errs.Add(1)
					continue
				}
				mu.Lock()
				searchLat = append(searchLat, d)
				mu.Unlock()
			}
		}(c)
	}
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(dur / 10)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				mu.Lock()
				heap = append(heap, ms.HeapAlloc>>20)
				mu.Unlock()
			}
		}
	}()
	wg.Wait()
	close(done)
	pct := func(xs []time.Duration, p float64) time.Duration {
		if len(xs) == 0 {
			return 0
		}
		slices.Sort(xs)
		return xs[min(len(xs)-1, int(float64(len(xs))*p))]
	}
	p99 := pct(searchLat, 0.99)
	t.Logf("%d clients, %s: %d searches (%.0f/s), %d logs, %d errors", clients, dur, len(searchLat),
		float64(len(searchLat))/dur.Seconds(), len(logLat), errs.Load())
	t.Logf("search p50 %s p90 %s p99 %s max %s", pct(searchLat, .5), pct(searchLat, .9), p99, pct(searchLat, 1))
	t.Logf("log p50 %s p99 %s", pct(logLat, .5), pct(logLat, .99))
	t.Logf("written -> found: p50 %s p99 %s max %s (%d samples)", pct(visibility, .5), pct(visibility, .99), pct(visibility, 1), len(visibility))
	t.Logf("heap MiB over time: %v", heap)
	if errs.Load() > 0 {
		t.Errorf("%d errors", errs.Load())
	}
	if p99 > 25*time.Millisecond {
		t.Errorf("search p99 %s > 25ms", p99)
	}
	if m := pct(visibility, 1); m > time.Second {
		t.Errorf("an entry took %s to be found (> 1s)", m)
	}
}
