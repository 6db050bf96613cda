package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/bench/gen"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/server"
)

// adversarial returns entry i of the adversarial set: every third one is
// bigBytes of letters and digits without white space, then random code
// points (binary noise that is still UTF-8), then one-character lines.
func adversarial(rng *rand.Rand, i, bigBytes int) string {
	switch i % 3 {
	case 0:
		const alnum = "abcdefghijklmnopqrstuvwxyz0123456789"
		b := make([]byte, bigBytes)
		for j := range b {
			b[j] = alnum[rng.IntN(len(alnum))]
		}
		return string(b)
	case 1:
		var b strings.Builder
		for b.Len() < 64<<10 {
			r := rune(rng.IntN(0x2FFFF) + 1)
			if utf8.ValidRune(r) {
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	var b strings.Builder
	for b.Len() < 64<<10 {
		b.WriteByte("abcdefghijklmnopqrstuvwxyz"[rng.IntN(26)])
		b.WriteByte('\n')
	}
	return b.String()
}

// TestAdversarialEntries is the resource benchmark of archon serve: it
// logs ARCHON_ADVERSARIAL entries (1,000 by default; every third one
// ARCHON_ADVERSARIAL_BIG bytes, 4 MiB by default, without white space)
// through the HTTP API next to a generated workspace of 2,000 ordinary
// entries, lets the service index them, then runs 300 searches. It
// reports the peak heap in use and the search latency percentiles
// (targets: under 500 MB, p99 under 50 ms). It runs only when
// ARCHON_ADVERSARIAL is set:
//
//	ARCHON_ADVERSARIAL=1000 go test -run TestAdversarialEntries -v -timeout 60m ./server/loadtest
func TestAdversarialEntries(t *testing.T) {
	n := envInt("ARCHON_ADVERSARIAL", 0)
	if n == 0 {
		t.Skip("set ARCHON_ADVERSARIAL=1000 to run the adversarial resource benchmark")
	}
	big := envInt("ARCHON_ADVERSARIAL_BIG", memory.DefaultMaxEntryBytes-64)
	ctx := context.Background()
	root := t.TempDir()
	if _, err := memory.Init(ctx, root, map[string][]byte{memory.ConfigFile: config.Template()}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := gen.WriteWorkspace(ctx, root, gen.Options{Entries: 2000, Days: 100, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(filepath.Join(root, memory.ConfigFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	mo, _ := cfg.MemoryOptions()
	ws, err := memory.OpenWith(root, mo)
	if err != nil {
		t.Fatal(err)
	}
	var peak, peakRSS atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			if rss := residentBytes(); rss > peakRSS.Load() {
				peakRSS.Store(rss)
			}
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	svc, err := app.Open(ctx, ws, cfg, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	srv, err := server.New(svc, server.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	post := func(path string, v any) int {
		b, _ := json.Marshal(v)
		resp, err := http.Post(hs.URL+path, "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		io.Copy(io.Discard, resp.Body)
		return resp.StatusCode
	}
	rng := rand.New(rand.NewPCG(1, 2))
	start := time.Now()
	for i := range n {
		if st := post("/v1/log", app.LogRequest{Text: adversarial(rng, i, big), Agent: "noise"}); st != 201 {
			t.Fatalf("log %d: status %d", i, st)
		}
	}
	logged := time.Since(start)
	if _, err := svc.Index(ctx, app.IndexRequest{}); err != nil {
		t.Fatal(err)
	}
	indexed := time.Since(start)
	g := gen.New(gen.Options{Seed: 3})
	var lat []time.Duration
	for i := range 300 {
		q := g.Sentence(4)
		if i%10 == 0 {
			q = "abc123 zz" // words the noise holds pieces of
		}
		t0 := time.Now()
		if st := post("/v1/search", app.SearchRequest{Query: q}); st != 200 {
			t.Fatalf("search %q: status %d", q, st)
		}
		lat = append(lat, time.Since(t0))
	}
	close(stop)
	<-sampled
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))] }
	t.Logf("%d adversarial entries (%d of %d bytes without white space) logged in %s, indexed by %s", n, (n+2)/3, big, logged.Round(time.Millisecond), indexed.Round(time.Millisecond))
	t.Logf("peak heap in use %d MB, peak resident %d MB (target < 500; the test's clients share the process); search p50 %s p99 %s max %s (target p99 < 50ms)",
		peak.Load()>>20, peakRSS.Load()>>20, pct(0.5).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
}

// residentBytes is the process's resident set size (Linux; 0 elsewhere).
func residentBytes() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}
