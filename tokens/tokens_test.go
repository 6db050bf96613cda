package tokens

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
)

func TestCountKnownValues(t *testing.T) {
	tests := []struct {
		name, text string
		cl, o2     int
	}{
		{"empty", "", 0, 0},
		{"hello", "hello world", 2, 2},
		{"json", `{"a": 1}`, 6, 6},
		{"tiktoken", "tiktoken is great!", 6, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Count(tt.text); got != tt.cl {
				t.Errorf("Count(%q) = %d, want %d", tt.text, got, tt.cl)
			}
			if got := CountO200K(tt.text); got != tt.o2 {
				t.Errorf("CountO200K(%q) = %d, want %d", tt.text, got, tt.o2)
			}
		})
	}
}

func TestCountConcurrent(t *testing.T) {
	text := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 50)
	want := Count(text)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if got := Count(text); got != want {
					t.Errorf("concurrent Count = %d, want %d", got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestForModel(t *testing.T) {
	tests := []struct {
		model string
		want  Encoding
	}{
		{"gpt-4o", O200K},
		{"gpt-4o-mini-2024-07-18", O200K},
		{"openai/gpt-4.1", O200K},
		{"gpt-5", O200K},
		{"o3-mini", O200K},
		{"o1", O200K},
		{"gpt-4", CL100K},
		{"gpt-4-turbo", CL100K},
		{"GPT-3.5-Turbo", CL100K},
		{"text-embedding-3-small", CL100K},
		{"claude-sonnet-4-5", Estimate},
		{"gemini-2.5-pro", Estimate},
		{"llama-3.1-70b", Estimate},
		{"", Estimate},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			c := ForModel(tt.model)
			if c.Encoding() != tt.want {
				t.Errorf("ForModel(%q) = %s, want %s", tt.model, c.Encoding(), tt.want)
			}
			if c.Exact() != (tt.want != Estimate) {
				t.Errorf("Exact() = %v for %s", c.Exact(), tt.want)
			}
		})
	}
}

func TestForEncoding(t *testing.T) {
	for _, name := range []string{"cl100k_base", "cl100k", "O200K_BASE", "o200k", "estimate", ""} {
		if _, err := ForEncoding(name); err != nil {
			t.Errorf("ForEncoding(%q): %v", name, err)
		}
	}
	if _, err := ForEncoding("p50k_base"); err == nil {
		t.Error("ForEncoding(p50k_base) succeeded, want error")
	}
}

func TestCacheCountsOnlyNewTexts(t *testing.T) {
	ctx := context.Background()
	c := NewCache(ForModel("gpt-4o"), 0)
	texts := []string{"system prompt here", "hello there", "", "a much longer message about databases"}
	first, err := c.CountAll(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range texts {
		if first[i] != CountO200K(s) {
			t.Errorf("count[%d] = %d, want %d", i, first[i], CountO200K(s))
		}
	}
	before := c.Stats()
	texts = append(texts, "one new message")
	second, err := c.CountAll(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	after := c.Stats()
	if got := after.Misses - before.Misses; got != 1 {
		t.Errorf("second pass counted %d texts, want 1", got)
	}
	if got := after.Hits - before.Hits; got != 3 {
		t.Errorf("second pass hit %d, want 3", got)
	}
	if second[4] != CountO200K("one new message") {
		t.Errorf("new count = %d", second[4])
	}
	if c.Count("hello there") != first[1] {
		t.Error("Count disagrees with CountAll")
	}
}

func TestCacheBounded(t *testing.T) {
	c := NewCache(ForModel("claude-3"), 10)
	for i := range 100 {
		c.Count(strings.Repeat("x", i+1))
	}
	if n := c.Stats().Entries; n > 20 {
		t.Errorf("cache holds %d entries, want <= 20", n)
	}
}

func TestCacheParallelAndCancel(t *testing.T) {
	var texts []string
	for i := range 200 {
		texts = append(texts, strings.Repeat("word ", 200+i))
	}
	c := NewCache(ForModel("gpt-4"), 0)
	got, err := c.CountAll(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range texts {
		if got[i] != Count(s) {
			t.Fatalf("count[%d] = %d, want %d", i, got[i], Count(s))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewCache(ForModel("gpt-4"), 0).CountAll(ctx, texts); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled CountAll err = %v, want context.Canceled", err)
	}
}

func BenchmarkCountCL100K(b *testing.B) {
	text := generatedProse(newRand(), 100000)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Count(text)
	}
}

func BenchmarkCountEstimate(b *testing.B) {
	text := generatedProse(newRand(), 100000)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		CountEstimate(text)
	}
}

func TestCacheSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/o200k_base.bin"
	c := NewCache(ForModel("gpt-4o"), 0)
	texts := []string{"alpha beta", "gamma delta epsilon", strings.Repeat("x", 1000)}
	want, _ := c.CountAll(context.Background(), texts)
	if err := c.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := LoadCache(path, ForModel("gpt-4o"), 0)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := back.CountAll(context.Background(), texts)
	if s := back.Stats(); s.Hits != 3 || s.Misses != 0 {
		t.Errorf("loaded cache stats %+v", s)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("count[%d] = %d, want %d", i, got[i], want[i])
		}
	}
	// Another encoding, a missing file and a damaged file give empty caches.
	other, err := LoadCache(path, ForModel("gpt-4"), 0)
	if err != nil || other.Stats().Entries != 0 {
		t.Errorf("other encoding: %v %+v", err, other.Stats())
	}
	if c, err := LoadCache(dir+"/missing", ForModel("gpt-4o"), 0); err != nil || c.Stats().Entries != 0 {
		t.Errorf("missing: %v", err)
	}
	os.WriteFile(path, []byte("garbage"), 0o644)
	if c, err := LoadCache(path, ForModel("gpt-4o"), 0); err != nil || c.Stats().Entries != 0 {
		t.Errorf("damaged: %v", err)
	}
}
