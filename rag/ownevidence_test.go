package rag

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/embed"
)

// TestHitsHaveEvidenceOfTheirOwn: a record that shares nothing with the
// query is not a hit, however close it stands to one that matches (the
// README's quickstart: two agents' entries, one search each); a turn of a
// dialogue is, right after the turn that asked (answers often share no
// word with the question).
func TestHitsHaveEvidenceOfTheirOwn(t *testing.T) {
	entry := func(hh, agent, text string, tags ...string) memory.Entry {
		return memory.Entry{Date: "2026-11-28", Time: hh, Agent: agent, Text: text, Tags: tags}
	}
	// The README's quickstart: two agents' records, one after the other.
	quickstart := []memory.Entry{
		entry("09:00", "planner", "Chose PostgreSQL: we need transactions.", "db", "decision"),
		entry("09:05", "coder", "Set up the CI pipeline with GitHub Actions; tests run on every push."),
	}
	tests := []struct {
		name    string
		entries []memory.Entry
		query   string
		want    []string // the hits' times, best first
		// prefix: want is the first hits (a dialogue's other turns around
		// the match are hits too, below)
		prefix bool
	}{
		{
			name:    "records",
			entries: quickstart,
			query:   "CI",
			want:    []string{"09:05"},
		},
		{
			name:    "records, a decision question",
			entries: quickstart,
			query:   "what did we decide about the database",
			want:    []string{"09:00"},
		},
		{
			name: "dialogue",
			entries: []memory.Entry{
				entry("09:00", "ann", "Morning! How was the weekend?"),
				entry("09:01", "bob", "Great. Did you ever pick a name for the puppy?"),
				entry("09:02", "ann", "Biscuit, after her colour."),
				entry("09:03", "bob", "Lovely, see you at lunch."),
			},
			query:  "puppy name",
			want:   []string{"09:01", "09:02"},
			prefix: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := loggedWorkspace(t, time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC), tt.entries...)
			emb, err := embed.NewBuiltin(0)
			if err != nil {
				t.Fatal(err)
			}
			e := openIndexedWith(t, ws, Options{Rank: DefaultRankParams(), Embedder: emb})
			var got []string
			for _, r := range search(t, e, Query{Text: tt.query, TopK: 10}) {
				got = append(got, r.Time)
			}
			if tt.prefix && len(got) > len(tt.want) {
				got = got[:len(tt.want)]
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%q: hits %q, want %q", tt.query, got, tt.want)
			}
		})
	}
}

// axes embeds a text by the words it holds, each word a fixed direction:
// an embedder whose cosines a test can set.
type axes map[string][2]float32

func (a axes) ID() string      { return "test/axes/2" }
func (a axes) Dimensions() int { return 2 }
func (a axes) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = []float32{0, 0}
		for w, v := range a {
			if strings.Contains(t, w) {
				out[i] = []float32{v[0], v[1]}
			}
		}
	}
	return out, nil
}

// TestNearVectors: of the nearest vectors, only those with at least
// RankParams.VectorNear of the nearest one's cosine are candidates.
func TestNearVectors(t *testing.T) {
	emb := axes{"zeta": {1, 0}, "alpha": {1, 0}, "beta": {0.6, 0.8}, "gamma": {0.3, 0.954}}
	ws := loggedWorkspace(t, time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-26", Time: "09:00", Agent: "qa", Text: "alpha notes"},
		memory.Entry{Date: "2026-11-27", Time: "09:00", Agent: "qa", Text: "beta notes"},
		memory.Entry{Date: "2026-11-28", Time: "09:00", Agent: "qa", Text: "gamma notes"},
	)
	for _, tt := range []struct {
		near float64
		want []string
	}{
		{0.5, []string{"2026-11-26", "2026-11-27"}},
		{0, []string{"2026-11-26", "2026-11-27", "2026-11-28"}},
	} {
		p := DefaultRankParams()
		p.VectorNear = tt.near
		e := openIndexedWith(t, ws, Options{Rank: p, Embedder: emb})
		var got []string
		for _, r := range search(t, e, Query{Text: "zeta", TopK: 10}) {
			got = append(got, r.Date)
		}
		e.Close()
		if !slices.Equal(got, tt.want) {
			t.Errorf("near %g: hits on %q, want %q", tt.near, got, tt.want)
		}
	}
}

// TestNoWordMatches: a query no entry holds a word of has no hits with the
// builtin vectors (their nearest entries share stray pieces of words), and
// hits said to be by meaning only with a semantic embedder.
func TestNoWordMatches(t *testing.T) {
	ctx := context.Background()
	builtin, err := embed.NewBuiltin(0)
	if err != nil {
		t.Fatal(err)
	}
	e := openIndexedWith(t, demoWorkspace(t), Options{Embedder: builtin})
	defer e.Close()
	for _, q := range []string{"kubernetes helm chart", "zzzqqq"} {
		resp, err := e.Search(ctx, Query{Text: q, TopK: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) != 0 || !slices.Contains(resp.Warnings, noWordMatches) {
			t.Errorf("%q: %d hits, warnings %q", q, len(resp.Results), resp.Warnings)
		}
	}
	if rs := search(t, e, Query{Text: "postgres decision", TopK: 3}); len(rs) == 0 {
		t.Error("a query with words in the entries lost its hits")
	}
	// Words the entries hold, but none within the filters: said so.
	fresp, err := e.Search(ctx, Query{Text: "postgres decision", TopK: 3, Filter: Filter{Agents: []string{"nobody"}}})
	if err != nil || len(fresp.Results) != 0 || !slices.Contains(fresp.Warnings, noWordMatchesFiltered) {
		t.Errorf("filtered to nothing: %+v %v", fresp, err)
	}

	emb := axes{"zeta": {1, 0}, "alpha": {1, 0}}
	ws := loggedWorkspace(t, time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-11-26", Time: "09:00", Agent: "qa", Text: "alpha notes"})
	se := openIndexedWith(t, ws, Options{Embedder: emb})
	defer se.Close()
	resp, err := se.Search(ctx, Query{Text: "zeta", TopK: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Results) != 1 || !slices.ContainsFunc(resp.Warnings, func(w string) bool { return strings.Contains(w, "by meaning only") }) {
		t.Errorf("semantic vectors: %d hits, warnings %q", len(resp.Results), resp.Warnings)
	}
}
