package vector

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// modes are the two search paths: chromem-go direct and the prefilter.
var modes = []struct {
	name string
	opts Options
}{
	{"chromem", Options{ExactBelow: 1 << 30}},
	{"prefilter", Options{ExactBelow: -1}},
}

func TestNewValidates(t *testing.T) {
	for _, tc := range []struct {
		dims int
		opts Options
		ok   bool
	}{
		{256, Options{}, true},
		{3, Options{}, true},
		{1536, Options{}, true},
		{0, Options{}, false},
		{-4, Options{}, false},
		{8, Options{Bits: 100}, false},
		{8, Options{Bits: 128}, true},
	} {
		ix, err := New(tc.dims, tc.opts)
		if (err == nil) != tc.ok {
			t.Errorf("New(%d, %+v): err %v", tc.dims, tc.opts, err)
		}
		if err == nil && (ix.Dimensions() != tc.dims || ix.Len() != 0) {
			t.Errorf("New(%d): dims %d len %d", tc.dims, ix.Dimensions(), ix.Len())
		}
	}
	ix, _ := New(256, Options{})
	if ix.enc.bits != 512 {
		t.Errorf("default bits for 256 dims: %d", ix.enc.bits)
	}
	ix, _ = New(1536, Options{})
	if ix.enc.bits != 1024 {
		t.Errorf("default bits for 1536 dims: %d", ix.enc.bits)
	}
}

func TestAddRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	nan := float32(math.NaN())
	for _, tc := range []struct {
		name string
		ids  []string
		vecs [][]float32
		err  string
	}{
		{"length mismatch", []string{"a", "b"}, [][]float32{{1, 0, 0}}, "2 ids but 1 vectors"},
		{"wrong dims", []string{"a"}, [][]float32{{1, 0}}, "got 2 dimensions, index has 3"},
		{"zero vector", []string{"a", "b"}, [][]float32{{1, 0, 0}, {0, 0, 0}}, "zero vector"},
		{"NaN", []string{"a"}, [][]float32{{nan, 1, 0}}, "NaN"},
		{"empty id", []string{""}, [][]float32{{1, 0, 0}}, "empty id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ix, _ := New(3, Options{})
			err := ix.Add(ctx, tc.ids, tc.vecs)
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err %v, want %q", err, tc.err)
			}
			if ix.Len() != 0 {
				t.Fatalf("a failed Add changed the index: len %d", ix.Len())
			}
		})
	}
}

func TestSearchRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	ix, _ := New(3, Options{})
	if hits, err := ix.Search(ctx, []float32{1, 0, 0}, 5, nil); err != nil || hits != nil {
		t.Fatalf("empty index: %v %v", hits, err)
	}
	_ = ix.Add(ctx, []string{"a"}, [][]float32{{1, 0, 0}})
	for _, tc := range []struct {
		q   []float32
		k   int
		err string
	}{
		{[]float32{1, 0, 0}, 0, "k must be positive"},
		{[]float32{1, 0}, 1, "query has 2 dimensions"},
		{[]float32{0, 0, 0}, 1, "zero vector"},
	} {
		if _, err := ix.Search(ctx, tc.q, tc.k, nil); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Search(%v, %d): err %v want %q", tc.q, tc.k, err, tc.err)
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := ix.Search(cctx, []float32{1, 0, 0}, 1, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: %v", err)
	}
}

// TestPathsAreExactWhenAllCandidatesFit checks both paths against brute
// force, with and without a filter, including k larger than the index.
func TestPathsAreExactWhenAllCandidatesFit(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	const n, dims = 600, 32
	vecs, ids := randomVecs(rng, n, dims), makeIDs(n)
	qs := randomVecs(rng, 20, dims)
	filters := []struct {
		name  string
		allow func(string) bool
		fits  bool // allows fewer vectors than the 64 candidates: the prefilter is exact
	}{
		{"none", nil, false},
		{"half", func(id string) bool { return id[len(id)-1]%2 == 0 }, false},
		{"one in a hundred", func(id string) bool { return strings.HasSuffix(id, "00") }, true},
		{"nothing", func(string) bool { return false }, true},
	}
	for _, m := range modes {
		opts := m.opts
		opts.Candidates = 64 // the filtered prefilter walk must go past the first candidates
		ix, err := New(dims, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := ix.Add(ctx, ids, vecs); err != nil {
			t.Fatal(err)
		}
		for _, f := range filters {
			for _, k := range []int{1, 10, 1000} {
				for qi, q := range qs {
					got, err := ix.Search(ctx, q, k, f.allow)
					if err != nil {
						t.Fatal(err)
					}
					want := exactTop(ids, vecs, q, k, f.allow)
					if m.name == "prefilter" && !f.fits && 2*k < n {
						continue // approximate by design; recall is tested elsewhere
					}
					assertSameHits(t, m.name+"/"+f.name, qi, k, got, want)
				}
			}
		}
	}
}

func assertSameHits(t *testing.T, name string, qi, k int, got, want []Hit) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s q%d k=%d: %d hits, want %d", name, qi, k, len(got), len(want))
	}
	for i := range got {
		if got[i].ID != want[i].ID || math.Abs(float64(got[i].Score-want[i].Score)) > 1e-5 {
			t.Fatalf("%s q%d k=%d: hit %d = %+v, want %+v", name, qi, k, i, got[i], want[i])
		}
	}
}

// TestUpsertAndDelete mixes adds, replacements and deletes and checks the
// index against a plain map after each step, on both paths.
func TestUpsertAndDelete(t *testing.T) {
	ctx := context.Background()
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 6))
			const dims = 16
			opts := m.opts
			opts.Candidates = 1 << 20 // exact, so results must match the model
			ix, _ := New(dims, opts)
			model := map[string][]float32{}
			for step := range 40 {
				var ids []string
				var vecs [][]float32
				for range rng.IntN(30) {
					id := "v" + string(rune('a'+rng.IntN(26))) + string(rune('a'+rng.IntN(4)))
					v := randomVecs(rng, 1, dims)[0]
					ids, vecs = append(ids, id), append(vecs, v)
				}
				if err := ix.Add(ctx, ids, vecs); err != nil {
					t.Fatal(err)
				}
				for i, id := range ids {
					model[id] = vecs[i]
				}
				var del []string
				for id := range model {
					if rng.IntN(4) == 0 {
						del = append(del, id, id) // repeated ids are fine
					}
				}
				del = append(del, "never-added")
				if err := ix.Delete(ctx, del...); err != nil {
					t.Fatal(err)
				}
				for _, id := range del {
					delete(model, id)
				}
				if ix.Len() != len(model) {
					t.Fatalf("step %d: len %d want %d", step, ix.Len(), len(model))
				}
				if len(model) == 0 {
					continue
				}
				mids, mvecs := make([]string, 0, len(model)), make([][]float32, 0, len(model))
				for id, v := range model {
					mids, mvecs = append(mids, id), append(mvecs, v)
				}
				q := randomVecs(rng, 1, dims)[0]
				got, err := ix.Search(ctx, q, len(model), nil)
				if err != nil {
					t.Fatal(err)
				}
				assertSameHits(t, m.name, step, len(model), got, exactTop(mids, mvecs, q, len(model), nil))
			}
		})
	}
}

func TestAddCopiesAndNormalizes(t *testing.T) {
	ctx := context.Background()
	ix, _ := New(2, Options{})
	v := []float32{3, 4}
	_ = ix.Add(ctx, []string{"a"}, [][]float32{v})
	v[0], v[1] = -1, 0 // the caller reuses its buffer
	hits, err := ix.Search(ctx, []float32{0.6, 0.8}, 1, nil)
	if err != nil || len(hits) != 1 || math.Abs(float64(hits[0].Score)-1) > 1e-6 {
		t.Fatalf("hits %v err %v", hits, err)
	}
}

// TestNeverEmbeds makes sure chromem-go's embedding function is never used
// and would fail loudly instead of calling OpenAI.
func TestNeverEmbeds(t *testing.T) {
	col, err := newCollection()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := col.Query(context.Background(), "some text", 1, nil, nil); !errors.Is(err, errNoEmbedding) {
		t.Fatalf("want errNoEmbedding, got %v", err)
	}
}

func TestConcurrentSearchAddDelete(t *testing.T) {
	ctx := context.Background()
	const dims = 32
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			ix, _ := New(dims, m.opts)
			rng := rand.New(rand.NewPCG(9, 9))
			_ = ix.Add(ctx, makeIDs(300), randomVecs(rng, 300, dims))
			var wg sync.WaitGroup
			for g := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := rand.New(rand.NewPCG(uint64(g), 1))
					for i := range 100 {
						switch {
						case g == 0:
							_ = ix.Add(ctx, []string{"new-" + string(rune('a'+i%26))}, randomVecs(r, 1, dims))
						case g == 1:
							_ = ix.Delete(ctx, "doc-"+string(rune('0'+i%10)), "new-"+string(rune('a'+i%26)))
						default:
							hits, err := ix.Search(ctx, randomVecs(r, 1, dims)[0], 5, func(id string) bool { return id != "doc-1" })
							if err != nil || len(hits) != 5 {
								t.Errorf("search: %d hits, %v", len(hits), err)
								return
							}
						}
					}
				}()
			}
			wg.Wait()
		})
	}
}

func TestScoreMatchesSearch(t *testing.T) {
	ctx := context.Background()
	ix, err := New(4, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"a", "b", "c"}
	vecs := [][]float32{{1, 0, 0, 0}, {0.6, 0.8, 0, 0}, {0, 0, 1, 0}}
	if err := ix.Add(ctx, ids, vecs); err != nil {
		t.Fatal(err)
	}
	q := []float32{2, 0, 0, 0}
	got, err := ix.Score(ctx, q, []string{"a", "b", "c", "missing"})
	if err != nil {
		t.Fatal(err)
	}
	want := []float32{1, 0.6, 0}
	for i, w := range want {
		if d := got[i] - w; d > 1e-6 || d < -1e-6 {
			t.Errorf("score %s = %v, want %v", ids[i], got[i], w)
		}
	}
	if len(got) != 4 || !math.IsNaN(float64(got[3])) {
		t.Errorf("scores %v: want NaN for the missing id", got)
	}
	if _, err := ix.Score(ctx, []float32{1}, ids); err == nil {
		t.Error("wrong dimensions accepted")
	}
}
