package embed

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

func cosine(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func embedOne(t testing.TB, e Embedder, text string) []float32 {
	t.Helper()
	v, err := e.Embed(context.Background(), []string{text})
	if err != nil {
		t.Fatal(err)
	}
	return v[0]
}

func TestBuiltinUnitAndDeterministic(t *testing.T) {
	b, err := NewBuiltin(0)
	if err != nil {
		t.Fatal(err)
	}
	if b.ID() != "builtin/hash-v1/256" || b.Dimensions() != 256 {
		t.Fatalf("ID %q dims %d", b.ID(), b.Dimensions())
	}
	for _, text := range []string{
		"", "   ", "!!!", "the of and", "Decided to use PostgreSQL with Prisma ORM",
		"ERROR: migration 0003 failed on the users table (duplicate key).",
		"getUserName returned nil", "日本語のテキスト", strings.Repeat("x", 5000), "a",
	} {
		v := embedOne(t, b, text)
		if len(v) != 256 {
			t.Fatalf("%q: %d dims", text, len(v))
		}
		if n := cosine(v, v); math.Abs(n-1) > 1e-5 {
			t.Errorf("%q: norm² %v", text, n)
		}
		w := embedOne(t, b, text)
		for i := range v {
			if v[i] != w[i] {
				t.Fatalf("%q: not deterministic", text)
			}
		}
	}
}

// TestBuiltinGolden pins a few coordinates: if it fails, the vectors changed
// and builtinVersion must be bumped so stored vectors are re-embedded.
func TestBuiltinGolden(t *testing.T) {
	b, _ := NewBuiltin(64)
	v := embedOne(t, b, "Decided to use PostgreSQL with Prisma ORM: the team knows it.")
	got := fmt.Sprintf("%.4f %.4f %.4f %.4f", v[0], v[1], v[2], v[63])
	const want = "-0.0109 -0.1762 0.0000 -0.0881"
	if got != want {
		t.Fatalf("builtin vectors changed: got %q want %q; bump builtinVersion and update this test", got, want)
	}
}

func TestBuiltinSimilarity(t *testing.T) {
	b, _ := NewBuiltin(256)
	tests := []struct {
		name       string
		a, like    string // like should be closer to a than unlike
		unlike     string
		minLikeCos float64
	}{
		{"inflection", "the database migrations failed", "migration failure in the database", "we ordered pizza for lunch", 0.3},
		{"typo", "PostgreSQL connection pooling", "Postgress conection pooling", "weekly planning meeting notes", 0.2},
		{"identifier", "getUserName returns the wrong user", "user name lookup is wrong", "deploy the frontend to staging", 0.15},
		{"snake", "the user_id column is nullable", "nullable user id", "rotate the TLS certificates", 0.2},
		{"stopwords only shared", "the cat is on the mat", "the dog is in the house", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := embedOne(t, b, tc.a)
			like := cosine(a, embedOne(t, b, tc.like))
			if tc.unlike == "" {
				if like > 0.25 {
					t.Errorf("sharing only stop words gave cos %.3f", like)
				}
				return
			}
			unlike := cosine(a, embedOne(t, b, tc.unlike))
			if like < tc.minLikeCos || like <= unlike {
				t.Errorf("cos(like)=%.3f cos(unlike)=%.3f", like, unlike)
			}
		})
	}
}

func TestBuiltinEmptyTextsShareVector(t *testing.T) {
	b, _ := NewBuiltin(32)
	v, err := b.Embed(context.Background(), []string{"", "...", "the"})
	if err != nil {
		t.Fatal(err)
	}
	if cosine(v[0], v[1]) < 0.9999 || cosine(v[0], v[2]) < 0.9999 {
		t.Fatal("texts without content words should share the empty vector")
	}
}

func TestBuiltinDims(t *testing.T) {
	for _, tc := range []struct {
		dims int
		ok   bool
	}{{0, true}, {8, true}, {384, true}, {7, false}, {-1, false}, {1 << 17, false}} {
		_, err := NewBuiltin(tc.dims)
		if (err == nil) != tc.ok {
			t.Errorf("dims %d: err %v", tc.dims, err)
		}
	}
}

func TestBuiltinConcurrent(t *testing.T) {
	b, _ := NewBuiltin(128)
	want := embedOne(t, b, "concurrent embedding of the same text")
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				got := embedOne(t, b, "concurrent embedding of the same text")
				if cosine(got, want) < 0.99999 {
					t.Error("concurrent result differs")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestBuiltinCancelled(t *testing.T) {
	b, _ := NewBuiltin(0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Embed(ctx, []string{"x"}); err == nil {
		t.Fatal("want error from a cancelled context")
	}
}

var benchTexts = []string{
	"Decided to use PostgreSQL with Prisma ORM: the team knows it, and we need transactions.",
	"ERROR: migration 0003 failed on the users table (duplicate key).",
	"Reviewed the onboarding flow with design; two screens to cut before launch.",
	"planner #architecture: split the billing service from the monolith next sprint",
}

// BenchmarkBuiltin reports texts/s for short texts on one goroutine.
func BenchmarkBuiltin(b *testing.B) {
	e, _ := NewBuiltin(256)
	ctx := context.Background()
	batch := make([]string, 64)
	for i := range batch {
		batch[i] = benchTexts[i%len(benchTexts)] + fmt.Sprintf(" note %d", i)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.Embed(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(batch))/b.Elapsed().Seconds(), "texts/s")
}

// TestSortFeats: the radix sort orders features by hash, equal hashes in
// the order added, as a stable comparison sort does.
func TestSortFeats(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		name string
		n    int
		hash func() uint64
	}{
		{"empty", 0, r.Uint64},
		{"one", 1, r.Uint64},
		{"random", 500, r.Uint64},
		{"few distinct", 300, func() uint64 { return r.Uint64N(7) << 40 }},
		{"low bytes only", 200, func() uint64 { return r.Uint64N(1000) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f featurizer
			for i := range tt.n {
				f.add(tt.hash(), float32(i))
			}
			want := slices.Clone(f.feats)
			slices.SortStableFunc(want, func(a, b feature) int { return cmp.Compare(a.h, b.h) })
			if got := f.sortFeats(); !slices.Equal(got, want) {
				t.Fatalf("sortFeats differs from a stable sort")
			}
		})
	}
}

// BenchmarkBuiltinEntries embeds texts of a log entry's size (about eight
// sentences), where merging repeated features weighs more than in short
// ones.
func BenchmarkBuiltinEntries(b *testing.B) {
	e, _ := NewBuiltin(256)
	ctx := context.Background()
	batch := make([]string, 64)
	for i := range batch {
		var sb strings.Builder
		for j := range 8 {
			sb.WriteString(benchTexts[(i+j)%len(benchTexts)])
			sb.WriteString(" ")
		}
		batch[i] = sb.String()
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.Embed(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(batch))/b.Elapsed().Seconds(), "texts/s")
}
