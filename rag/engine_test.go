package rag

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/fulltext"
)

// demoWorkspace copies fixtures/demo into a temporary directory.
func demoWorkspace(t testing.TB) *memory.Workspace {
	t.Helper()
	root := t.TempDir()
	src := "../fixtures/demo"
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if d.Name() == ".archon" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(root, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(root, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws, err := memory.OpenWith(root, memory.Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

func openIndexed(t testing.TB, ws *memory.Workspace) *Engine {
	t.Helper()
	return openIndexedWith(t, ws, Options{})
}

// openIndexedWith opens an engine on ws with opt and indexes it; it is
// closed when the test ends (Close it sooner to open another on ws).
func openIndexedWith(t testing.TB, ws *memory.Workspace, opt Options) *Engine {
	t.Helper()
	e, err := Open(context.Background(), ws, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if _, err := e.Index(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return e
}

// loggedWorkspace is a new workspace whose clock stands at now, with
// entries appended to its daily logs.
func loggedWorkspace(t testing.TB, now time.Time, entries ...memory.Entry) *memory.Workspace {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	if _, err := memory.Init(ctx, root, nil); err != nil {
		t.Fatal(err)
	}
	ws, err := memory.OpenWith(root, memory.Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, err := ws.Append(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

func search(t *testing.T, e *Engine, q Query) []Result {
	t.Helper()
	resp, err := e.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("search %q: %v", q.Text, err)
	}
	return resp.Results
}

// TestHitsPointAtTheirLines checks, for many queries, that every hit's path
// and line range name exactly the lines that produced it: the range starts
// at an entry heading (or section start) and contains the snippet's words.
func TestHitsPointAtTheirLines(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	queries := []string{"postgres migration failed", "stripe webhook idempotency", "fly deploy 502 health check",
		"flaky test", "alice prefers small PRs", "nil pointer panic", "JWT session cookies", "weekly sync decisions"}
	for _, q := range queries {
		for _, r := range search(t, e, Query{Text: q, TopK: 10}) {
			data, err := os.ReadFile(filepath.Join(ws.Root(), r.Path))
			if err != nil {
				t.Fatal(err)
			}
			lines := memory.SplitLines(data)
			if r.LineStart < 1 || r.LineEnd < r.LineStart || r.LineEnd > len(lines) {
				t.Fatalf("%q: bad range %s:%d-%d", q, r.Path, r.LineStart, r.LineEnd)
			}
			span := strings.ReplaceAll(strings.Join(lines[r.LineStart-1:r.LineEnd], "\n"), "*", "") // stars aside: the snippet escapes the text's
			if r.Kind == "entry" && !strings.HasPrefix(lines[r.LineStart-1], "## ") {
				t.Fatalf("%q: %s:%d is not an entry heading: %q", q, r.Path, r.LineStart, lines[r.LineStart-1])
			}
			for _, w := range strings.Fields(strings.NewReplacer(`\*`, "", "**", "", "…", "").Replace(r.Snippet)) {
				if !strings.Contains(span, w) {
					t.Fatalf("%q: snippet word %q not in %s:%d-%d", q, w, r.Path, r.LineStart, r.LineEnd)
				}
			}
			item, err := e.Get(context.Background(), r.ID, 0)
			if err != nil || item.Stale || item.Path != r.Path || item.LineStart > r.LineStart || item.LineEnd < r.LineEnd {
				t.Fatalf("%q: get %s = %+v, %v", q, r.ID, item, err)
			}
		}
	}
}

func TestIncrementalIndex(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	st, err := e.Index(ctx, nil)
	if err != nil || st.Changed != 0 || st.Added != 0 || st.Deleted != 0 {
		t.Fatalf("second index: %+v %v", st, err)
	}
	total := st.Chunks

	// Appending one entry re-indexes exactly one chunk.
	if _, err := ws.Append(ctx, memory.Entry{Agent: "planner", Tags: []string{"decision"}, Text: "Quokka protocol chosen for the zebrafish sync."}); err != nil {
		t.Fatal(err)
	}
	st, err = e.Index(ctx, nil)
	if err != nil || st.Changed != 1 || st.Added != 1 || st.Deleted != 0 || st.Chunks != total+1 {
		t.Fatalf("after append: %+v %v", st, err)
	}
	rs := search(t, e, Query{Text: "quokka zebrafish"})
	if len(rs) == 0 || !strings.Contains(rs[0].Snippet, "Quokka") || rs[0].Agent != "planner" {
		t.Fatalf("new entry not found: %+v", rs)
	}

	// Touching a file without changing it re-indexes nothing.
	p := filepath.Join(ws.Root(), "MEMORY.md")
	later := time.Now().Add(time.Minute)
	os.Chtimes(p, later, later)
	if st, err = e.Index(ctx, nil); err != nil || st.Changed != 0 || st.Added != 0 {
		t.Fatalf("after touch: %+v %v", st, err)
	}

	// A deleted file leaves the index.
	logs, _ := ws.ListLogs(ctx)
	victim := logs[0].Path
	const broad = "test migration deploy error postgres stripe fix decided plan task"
	before := search(t, e, Query{Text: broad, TopK: 1000, Filter: Filter{Since: logs[0].Date, Until: logs[0].Date}})
	if len(before) == 0 {
		t.Fatalf("no hits in %s before deletion", victim)
	}
	os.Remove(filepath.Join(ws.Root(), victim))
	if st, err = e.Index(ctx, nil); err != nil || st.Removed != 1 || st.Deleted == 0 {
		t.Fatalf("after delete: %+v %v", st, err)
	}
	for _, r := range search(t, e, Query{Text: broad, TopK: 1000}) {
		if r.Path == victim {
			t.Fatalf("deleted file still found: %+v", r)
		}
	}
	if _, err := e.Get(ctx, before[0].ID, 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("get of a deleted chunk: %v", err)
	}
}

func TestArchivedLogStaysSearchable(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "idempotency key stripe webhook", TopK: 1})
	if len(rs) == 0 {
		t.Fatal("no hit")
	}
	from := filepath.Join(ws.Root(), rs[0].Path)
	to := filepath.Join(ws.ArchiveDir(), filepath.Base(from))
	os.MkdirAll(filepath.Dir(to), 0o755)
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Index(ctx, nil); err != nil {
		t.Fatal(err)
	}
	// The same chunk (same id) is still found, at its new path; ranks among
	// near-equal hits may shift as the index statistics change.
	after := search(t, e, Query{Text: "idempotency key stripe webhook", TopK: 10})
	found := false
	for _, r := range after {
		if r.ID == rs[0].ID {
			found = r.Path == "memory/archive/"+filepath.Base(from)
		}
	}
	if !found {
		t.Fatalf("after archive: %+v, before %+v", after, rs)
	}
}

func TestFilters(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	tests := []struct {
		name string
		f    Filter
		ok   func(Result) bool
	}{
		{"agent", Filter{Agents: []string{"executor"}}, func(r Result) bool { return r.Agent == "executor" }},
		{"date range", Filter{Since: "2026-11-16", Until: "2026-11-20"}, func(r Result) bool { return r.Date >= "2026-11-16" && r.Date <= "2026-11-20" }},
		{"tag any", Filter{Tags: []string{"#DB", "payments"}}, func(r Result) bool { return has(r.Tags, "db") || has(r.Tags, "payments") }},
		{"tags all", Filter{Tags: []string{"db", "error"}, AllTags: true}, func(r Result) bool { return has(r.Tags, "db") && has(r.Tags, "error") }},
		{"layer", Filter{Layers: []string{"L4"}}, func(r Result) bool { return r.Layer == "L4" && r.Path == "MEMORY.md" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := search(t, e, Query{Text: "test migration deploy error postgres stripe fix decided", TopK: 50, Filter: tt.f})
			if len(rs) == 0 {
				t.Fatal("no results")
			}
			for _, r := range rs {
				if !tt.ok(r) {
					t.Fatalf("result violates the filter: %+v", r)
				}
			}
		})
	}
}

func has(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestBadQueries(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	long := strings.Repeat("postgres migration ", 1000) // ~19 KB
	tests := []struct {
		name    string
		q       Query
		wantErr string
		warn    bool
	}{
		{"empty", Query{Text: "  "}, "empty query", false},
		{"bad top-k", Query{Text: "x", TopK: -1}, "top-k", false},
		{"bad threshold", Query{Text: "x", Threshold: 2}, "threshold", false},
		{"bad date", Query{Text: "x", Filter: Filter{Since: "2026-02-30"}}, "invalid date", false},
		{"inverted range", Query{Text: "x", Filter: Filter{Since: "2026-11-20", Until: "2026-11-01"}}, "after", false},
		{"unknown layer", Query{Text: "x", Filter: Filter{Layers: []string{"L9"}}}, "unknown layer", false},
		{"bad tag", Query{Text: "x", Filter: Filter{Tags: []string{"a b"}}}, "invalid tag", false},
		{"non-UTF-8", Query{Text: "\xff"}, "UTF-8", false},
		{"10 KB query", Query{Text: long}, "", true},
		{"stop words only", Query{Text: "the and of"}, "", true}, // says why nothing came
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := e.Search(context.Background(), tt.q)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.warn != (len(resp.Warnings) > 0) {
				t.Fatalf("warnings %q", resp.Warnings)
			}
		})
	}
}

func TestCorruptIndexIsRebuilt(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	want := search(t, e, Query{Text: "stripe webhook"})
	e.Close()
	ft := filepath.Join(IndexDir(ws), "fulltext", "entries")
	os.WriteFile(filepath.Join(ft, "index_meta.json"), []byte("{garbage"), 0o644)
	e2, err := Open(ctx, ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	st, err := e2.Index(ctx, nil)
	if err != nil || !st.Rebuilt {
		t.Fatalf("index after corruption: %+v %v", st, err)
	}
	got := search(t, e2, Query{Text: "stripe webhook"})
	if len(got) != len(want) || got[0].ID != want[0].ID {
		t.Fatalf("after rebuild %+v, want %+v", got, want)
	}

	// Deleting all derived state loses nothing either.
	e2.Close()
	os.RemoveAll(IndexDir(ws))
	e3 := openIndexed(t, ws)
	if got := search(t, e3, Query{Text: "stripe webhook"}); len(got) == 0 || got[0].ID != want[0].ID {
		t.Fatalf("after deleting .archon/index: %+v", got)
	}
}

func TestGetWithContext(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "nil pointer panic", TopK: 1})
	if len(rs) == 0 {
		t.Fatal("no hit")
	}
	item, err := e.Get(context.Background(), rs[0].ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(item.Before)+len(item.After) == 0 || item.Text == "" {
		t.Fatalf("item %+v", item)
	}
	for _, p := range append(append([]Piece{}, item.Before...), item.After...) {
		if p.Path != item.Path {
			t.Fatalf("neighbour from another file: %+v", p)
		}
	}
	if _, err := e.Get(context.Background(), "nope", 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
}

// TestResidentMatchesDatabase checks that the in-memory positions give the
// same answers as the database path, also after incremental updates.
func TestResidentMatchesDatabase(t *testing.T) {
	ctx := context.Background()
	ws := demoWorkspace(t)
	queries := []string{"why postgres", "what did alice decide about pull requests", "deploy failed on 2026-11-18", "stripe webhook retries"}
	answers := func(resident bool) [][]Result {
		e, err := Open(ctx, ws, Options{Resident: resident})
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		if _, err := e.Index(ctx, nil); err != nil {
			t.Fatal(err)
		}
		var out [][]Result
		for _, q := range queries {
			out = append(out, search(t, e, Query{Text: q}))
		}
		if resident { // an incremental update must refresh the positions
			if _, err := ws.Append(ctx, memory.Entry{Agent: "alice", Text: "Stripe webhook retries now back off exponentially."}); err != nil {
				t.Fatal(err)
			}
			if _, err := e.Index(ctx, nil); err != nil {
				t.Fatal(err)
			}
			for _, q := range queries {
				out = append(out, search(t, e, Query{Text: q}))
			}
		}
		return out
	}
	warm := answers(true) // before and after the append
	cold := answers(false)
	for i, q := range queries {
		a, b := cold[i], warm[len(queries)+i]
		if len(a) != len(b) {
			t.Fatalf("%q: %d vs %d results", q, len(a), len(b))
		}
		// bleve merges segments in the background, which moves BM25
		// scores a little (see the fulltext package); rankings agree.
		for j := range a {
			if a[j].ID != b[j].ID && math.Abs(a[j].Score-b[j].Score) > 0.01 {
				t.Fatalf("%q result %d: %s %.4f vs %s %.4f", q, j, a[j].ID, a[j].Score, b[j].ID, b[j].Score)
			}
		}
	}
}

// TestSecondOpenerFailsFast checks that a second engine on the same
// workspace gets a clear error instead of waiting forever on bleve's lock.
func TestSecondOpenerFailsFast(t *testing.T) {
	ws := demoWorkspace(t)
	openIndexed(t, ws)
	start := time.Now()
	_, err := Open(context.Background(), ws, Options{})
	if !errors.Is(err, fulltext.ErrLocked) || time.Since(start) > 3*fulltext.LockTimeout {
		t.Fatalf("second open: %v after %v", err, time.Since(start))
	}
}

// TestFirstLineLeads: the first line of a whole entry weighs more than a
// word further down (ftDoc counts it twice).
func TestFirstLineLeads(t *testing.T) {
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws := loggedWorkspace(t, now,
		memory.Entry{Date: "2026-11-27", Time: "09:00", Agent: "planner", Text: "Token authentication for the API\nContext: the three API servers share no session store.\nWe sign short-lived JWTs with a key that rotates weekly."},
		memory.Entry{Date: "2026-11-28", Time: "10:00", Agent: "qa", Text: "Review notes from Friday\nWe went through the flaky cases and the new fixtures.\nThe authentication tests pass."},
	)
	e := openIndexed(t, ws)
	rs := search(t, e, Query{Text: "authentication", TopK: 5})
	if len(rs) < 2 || rs[0].Path != "memory/2026-11-27.md" {
		t.Fatalf("want the entry led by its subject first, got %+v", rs)
	}
}

// TestSplitPiecesDoNotLead: no piece of a split entry has its first line
// counted twice, so the piece that holds a query's words is the one that
// ranks, not the first piece because of its lead; a whole entry has.
func TestSplitPiecesDoNotLead(t *testing.T) {
	var long strings.Builder
	long.WriteString("Deployment notes\n")
	for i := range 80 {
		fmt.Fprintf(&long, "Step %d of the rollout ran on the staging cluster without trouble.\n", i)
	}
	tests := []struct {
		name  string
		text  string
		split bool
	}{
		{"whole", "Deployment notes\nThe rollout ran on staging.", false},
		{"split", long.String(), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := loggedWorkspace(t, time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC),
				memory.Entry{Date: "2026-11-27", Time: "09:00", Agent: "ops", Text: tt.text})
			data, err := os.ReadFile(filepath.Join(ws.Root(), "memory", "2026-11-27.md"))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(data), "\n")
			cs := chunk.Log(memory.ParseLogLines("memory/2026-11-27.md", data, lines), lines, "L2", chunk.Options{})
			if got := len(cs) > 1; got != tt.split {
				t.Fatalf("%d pieces, want split %v", len(cs), tt.split)
			}
			for i := range cs {
				doc := ftDoc(cs, i)
				lead, _, _ := strings.Cut(strings.TrimSpace(cs[i].Text), "\n")
				if twice := strings.Count(doc.Text, lead) > 1; twice == tt.split {
					t.Errorf("piece %d: first line counted twice = %v, want %v", i, twice, !tt.split)
				}
			}
		})
	}
}

// TestResultFieldsAlwaysThere: the fields DESIGN.md §2 lists for a hit are
// in its JSON even when empty (a MEMORY.md section has no date or agent).
func TestResultFieldsAlwaysThere(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	seen := map[string]bool{}
	for _, r := range search(t, e, Query{Text: "verify webhook signatures on the raw request bytes", TopK: 10}) {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"id", "score", "path", "line_start", "line_end", "snippet", "date", "agent", "tags", "layer"} {
			if _, ok := m[k]; !ok {
				t.Fatalf("%s: no %q in %s", r.Path, k, b)
			}
		}
		seen[r.Layer] = true
	}
	if !seen["L4"] {
		t.Fatalf("no MEMORY.md hit to check: %v", seen)
	}
}

// TestOpenerWaitsForTheHolder: with Options.LockWait, a second engine
// waits for the first to close (a one-shot command behind `archon index`)
// instead of saying the index is in use.
func TestOpenerWaitsForTheHolder(t *testing.T) {
	ws := demoWorkspace(t)
	e, err := Open(context.Background(), ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	hold := fulltext.LockTimeout + time.Second
	go func() {
		time.Sleep(hold)
		e.Close()
	}()
	start := time.Now()
	e2, err := Open(context.Background(), ws, Options{LockWait: 10 * time.Second})
	if err != nil {
		t.Fatalf("second open after %v: %v", time.Since(start), err)
	}
	defer e2.Close()
	if waited := time.Since(start); waited < hold-200*time.Millisecond {
		t.Errorf("opened after %v while the first held the index for %v", waited, hold)
	}
}
