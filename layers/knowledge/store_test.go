package knowledge

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/shared/sharedtest"
	"github.com/jackc/pgx/v5"
)

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// newStore opens an empty store: SQLite, or PostgreSQL in the subtests
// that eachBackend names "postgres".
func newStore(t *testing.T) (*Store, *clock) {
	t.Helper()
	c := &clock{t: time.Date(2026, 11, 20, 14, 3, 0, 0, time.UTC)}
	opt := Options{Now: c.now, Location: time.UTC}
	if strings.Contains(t.Name(), "/postgres") {
		return openPG(t, opt), c
	}
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), ".archon", FileName), opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, c
}

// openPG opens the L3 of a new tenant on the test PostgreSQL
// (ARCHON_TEST_POSTGRES), dropped when the test ends.
func openPG(t *testing.T, opt Options) *Store {
	t.Helper()
	dsn := os.Getenv(sharedtest.EnvDSN)
	if dsn == "" {
		t.Skip(sharedtest.EnvDSN + " is not set (a PostgreSQL connection string; .ci/run sets it)")
	}
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	tenant := "t" + hex.EncodeToString(raw[:])
	ctx := context.Background()
	s, err := OpenPostgres(ctx, dsn, tenant, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = s.db.ExecContext(ctx, "DROP SCHEMA "+pgx.Identifier{s.tenantSchema(t)}.Sanitize()+" CASCADE")
		s.Close()
	})
	return s
}

// eachBackend runs fn on SQLite, then on PostgreSQL (skipped without
// ARCHON_TEST_POSTGRES): the store keeps the same rules on both.
func eachBackend(t *testing.T, fn func(t *testing.T)) {
	t.Run("sqlite", fn)
	t.Run("postgres", fn)
}

func must[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestReopenKeepsDataAndSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	must[Project](t)(s.AddProject(ctx, Project{Name: "tessera"}))
	s.Close()
	s, err = Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if p, err := s.Project(ctx, "P1"); err != nil || p.Name != "tessera" {
		t.Fatalf("after reopen: %+v %v", p, err)
	}
	if _, err := s.db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, path, Options{}); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("newer schema: %v", err)
	}
}

func TestUnknownIDsAndBadInput(t *testing.T) { eachBackend(t, testUnknownIDsAndBadInput) }

func testUnknownIDsAndBadInput(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	must[Project](t)(s.AddProject(ctx, Project{Name: "tessera"}))
	t1 := must[Task](t)(s.AddTask(ctx, Task{Title: "one", Project: "tessera"}))
	cases := []struct {
		name string
		err  error
		want error
		msg  string
	}{
		{"task", second(s.Task(ctx, "T9")), ErrNotFound, "unknown task T9"},
		{"task id shape", second(s.Task(ctx, "K1")), ErrInvalid, "want T and a number"},
		{"item", second(s.Item(ctx, "K3")), ErrNotFound, "unknown knowledge item K3"},
		{"project", second(s.Project(ctx, "nope")), ErrNotFound, `unknown project "nope"`},
		{"dependency", second(s.AddTask(ctx, Task{Title: "x", DependsOn: []string{t1.ID, "T7"}})), ErrNotFound, "unknown task T7"},
		{"task project", second(s.AddTask(ctx, Task{Title: "x", Project: "billing"})), ErrNotFound, `unknown project "billing"`},
		{"observe unknown", second(s.Observe(ctx, Observation{Item: "K1", Agent: "a", Success: true})), ErrNotFound, "unknown knowledge item K1"},
		{"duplicate project", second(s.AddProject(ctx, Project{Name: "tessera"})), ErrConflict, "exists already"},
		{"project name like id", second(s.AddProject(ctx, Project{Name: "P7"})), ErrInvalid, "looks like a project id"},
		{"kind", second(s.AddItem(ctx, Item{Kind: "rumour", Title: "x"})), ErrInvalid, "kind"},
		{"title lines", second(s.AddTask(ctx, Task{Title: "a\nb"})), ErrInvalid, "one line"},
		{"title too long", second(s.AddTask(ctx, Task{Title: strings.Repeat("t", MaxLineBytes+1)})), ErrInvalid, "at most 1000"},
		{"item title too long", second(s.AddItem(ctx, Item{Kind: "note", Title: strings.Repeat("t", MaxLineBytes+1)})), ErrInvalid, "at most 1000"},
		{"status", second(s.AddTask(ctx, Task{Title: "a", Status: "later"})), ErrInvalid, "task status"},
		{"observe without agent", second(s.Observe(ctx, Observation{Item: "K1"})), ErrInvalid, "agent"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !errors.Is(c.err, c.want) || !strings.Contains(c.err.Error(), c.msg) {
				t.Fatalf("got %v, want %v containing %q", c.err, c.want, c.msg)
			}
		})
	}
	if ts, _ := s.Tasks(ctx, TaskFilter{}); len(ts) != 1 {
		t.Fatalf("failed adds left tasks behind: %+v", ts)
	}
}

func second[T any](_ T, err error) error { return err }

func TestItemsFiltersAndUpdate(t *testing.T) { eachBackend(t, testItemsFiltersAndUpdate) }

func testItemsFiltersAndUpdate(t *testing.T) {
	ctx := context.Background()
	s, c := newStore(t)
	must[Project](t)(s.AddProject(ctx, Project{Name: "tessera"}))
	k1 := must[Item](t)(s.AddItem(ctx, Item{Kind: "Pattern", Title: "Deterministic keys", Tags: []string{"Stripe", "#payments", "stripe"}, Agent: "planner", Project: "tessera"}))
	c.t = c.t.Add(-time.Hour) // the clock jumps back
	k2 := must[Item](t)(s.AddItem(ctx, Item{Kind: "best_practice", Title: "Small PRs", Tags: []string{"review"}}))
	if strings.Join(k1.Tags, ",") != "payments,stripe" || k2.Kind != "best-practice" {
		t.Fatalf("normalized: %+v %+v", k1, k2)
	}
	if k2.UpdatedSeq <= k1.UpdatedSeq {
		t.Fatalf("sequence must grow when the clock jumps back: %d then %d", k1.UpdatedSeq, k2.UpdatedSeq)
	}
	cases := []struct {
		f    ItemFilter
		want string
	}{
		{ItemFilter{}, "K1,K2"},
		{ItemFilter{Tag: "stripe"}, "K1"},
		{ItemFilter{Tag: "strip"}, ""},
		{ItemFilter{Project: "tessera"}, "K1"},
		{ItemFilter{Project: "P1", Kind: "gotcha"}, ""},
		{ItemFilter{Kind: "best-practice"}, "K2"},
		{ItemFilter{Agent: "planner"}, "K1"},
	}
	for _, tc := range cases {
		items := must[[]Item](t)(s.Items(ctx, tc.f))
		var ids []string
		for _, it := range items {
			ids = append(ids, it.ID)
		}
		if got := strings.Join(ids, ","); got != tc.want {
			t.Errorf("%+v: got %q, want %q", tc.f, got, tc.want)
		}
	}
	title, tags := "Deterministic idempotency keys", []string{"payments"}
	u := must[Item](t)(s.UpdateItem(ctx, "k1", ItemUpdate{Title: &title, Tags: &tags}))
	if u.Title != title || strings.Join(u.Tags, ",") != "payments" || u.Agent != "planner" || u.UpdatedSeq <= k2.UpdatedSeq {
		t.Fatalf("update: %+v", u)
	}
	// Renaming the project changes what the item's document says, so its
	// sequence number moves too.
	name := "tessera-app"
	must[Project](t)(s.UpdateProject(ctx, "tessera", ProjectUpdate{Name: &name}))
	docs := must[[]Document](t)(s.Documents(ctx))
	var d Document
	for _, x := range docs {
		if x.ID == "K1" {
			d = x
		}
	}
	if d.Project != "tessera-app" || d.UpdatedSeq <= u.UpdatedSeq || d.Date != "2026-11-20" || d.Kind != "pattern" ||
		!strings.Contains(d.Text, "Deterministic idempotency keys") {
		t.Fatalf("document after rename: %+v", d)
	}
	if seq := must[int64](t)(s.Seq(ctx)); seq != d.UpdatedSeq {
		t.Fatalf("Seq %d, latest document %d", seq, d.UpdatedSeq)
	}
	if len(docs) != 3 {
		t.Fatalf("documents: %+v", docs)
	}
}

func TestObservations(t *testing.T) { eachBackend(t, testObservations) }

func testObservations(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	must[Project](t)(s.AddProject(ctx, Project{Name: "billing"}))
	must[Item](t)(s.AddItem(ctx, Item{Kind: "pattern", Title: "p"}))
	o := must[Observation](t)(s.Observe(ctx, Observation{Item: "K1", Agent: "planner", Success: true, Project: "billing", Note: "worked\nwell "}))
	if o.ID != "O1" || o.Item != "K1" || o.Note != "worked well" || o.Project != "billing" {
		t.Fatalf("observation: %+v", o)
	}
	if _, err := s.Observe(ctx, Observation{Item: "K1", Agent: "planner", Project: "nope"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown project: %v", err)
	}
	obs := must[[]Observation](t)(s.Observations(ctx, "K1"))
	if len(obs) != 1 {
		t.Fatalf("observations: %+v", obs)
	}
}

// tenantSchema is the PostgreSQL schema s works in.
func (s *Store) tenantSchema(t *testing.T) string {
	t.Helper()
	var sp string
	if err := s.db.QueryRowContext(context.Background(), "SELECT current_setting('search_path')").Scan(&sp); err != nil {
		t.Fatal(err)
	}
	return strings.Trim(sp, `"`)
}

func TestSchemaFor(t *testing.T) {
	long := strings.Repeat("a", 60)
	tests := []struct{ base, tenant, want string }{
		{"", "acme", "archon_l3_acme"},
		{"public", "acme", "archon_l3_acme"},
		{"archon_t_1f", "acme", "archon_t_1f_l3_acme"},
	}
	for _, tt := range tests {
		if got := SchemaFor(tt.base, tt.tenant); got != tt.want {
			t.Errorf("SchemaFor(%q, %q) = %q, want %q", tt.base, tt.tenant, got, tt.want)
		}
	}
	a, b := SchemaFor("", long+"x"), SchemaFor("", long+"y")
	if len(a) > 63 || len(b) > 63 || a == b {
		t.Errorf("long tenants: %q %q", a, b)
	}
}

// TestProjectNamesInAnyCase: a project is found by its name in any case,
// as its #project/name tag finds it, so a second name alike but for case is
// refused, at creation and at renaming; a store that holds two such names
// (made before) names the ambiguity instead of picking one.
func TestProjectNamesInAnyCase(t *testing.T) { eachBackend(t, testProjectNamesInAnyCase) }

func testProjectNamesInAnyCase(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	p1 := must[Project](t)(s.AddProject(ctx, Project{Name: "Billing"}))
	if _, err := s.AddProject(ctx, Project{Name: "billing"}); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "as P1") {
		t.Fatalf("a name alike but for case: %v", err)
	}
	if p, err := s.Project(ctx, "BILLING"); err != nil || p.ID != p1.ID {
		t.Fatalf("found in any case: %+v %v", p, err)
	}
	p2 := must[Project](t)(s.AddProject(ctx, Project{Name: "Payroll"}))
	rename := "BILLING"
	if _, err := s.UpdateProject(ctx, p2.ID, ProjectUpdate{Name: &rename}); !errors.Is(err, ErrConflict) {
		t.Fatalf("renamed to a name alike but for case: %v", err)
	}
	own := "BILLING"
	if p, err := s.UpdateProject(ctx, p1.ID, ProjectUpdate{Name: &own}); err != nil || p.Name != "BILLING" {
		t.Fatalf("a project's own name in another case: %+v %v", p, err)
	}
	// Two such names from before: the exact one wins, else it is ambiguous.
	if _, err := s.db.ExecContext(ctx, "UPDATE projects SET name = ? WHERE id = 2", "billing"); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Project(ctx, "billing"); err != nil || p.ID != p2.ID {
		t.Fatalf("the exact name: %+v %v", p, err)
	}
	if _, err := s.Project(ctx, "Billing"); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "ambiguous") {
		t.Fatalf("alike in case only: %v", err)
	}
	// Beyond ASCII too, on either backend.
	must[Project](t)(s.AddProject(ctx, Project{Name: "Équipe"}))
	if _, err := s.AddProject(ctx, Project{Name: "équipe"}); !errors.Is(err, ErrConflict) {
		t.Fatalf("a name alike but for case, beyond ASCII: %v", err)
	}
	if p, err := s.Project(ctx, "ÉQUIPE"); err != nil || p.Name != "Équipe" {
		t.Fatalf("found beyond ASCII: %+v %v", p, err)
	}
	// An export of the store holding Billing and billing restores as it is.
	doc, err := s.Export(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := newStore(t)
	if _, err := fresh.Import(ctx, doc, false); err != nil {
		t.Fatalf("restore names alike but for case: %v", err)
	}
}

// TestDelete: a record goes once nothing names it; a task others depend
// on and a project with tasks, items or observations are refused, naming
// what links to them; an item goes with its observations.
func TestDelete(t *testing.T) { eachBackend(t, testDelete) }

func testDelete(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	must[Project](t)(s.AddProject(ctx, Project{Name: "billing"}))
	t1 := must[Task](t)(s.AddTask(ctx, Task{Title: "schema", Project: "billing"}))
	must[Task](t)(s.AddTask(ctx, Task{Title: "api", DependsOn: []string{t1.ID}}))
	k1 := must[Item](t)(s.AddItem(ctx, Item{Kind: "gotcha", Title: "the token is sk_live_oops"}))
	if _, err := s.Observe(ctx, Observation{Item: k1.ID, Agent: "a", Success: true, Project: "billing"}); err != nil {
		t.Fatal(err)
	}
	for ref, want := range map[string]string{"T1": "named by T2", "P1": "named by T1, K1"} {
		if _, err := s.Delete(ctx, ref); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), want) {
			t.Fatalf("delete %s: %v, want %q", ref, err, want)
		}
	}
	d, err := s.Delete(ctx, "k1")
	if err != nil || d.ID != "K1" || !strings.Contains(d.Text, "sk_live_oops") {
		t.Fatalf("delete K1: %+v %v", d, err)
	}
	if _, err := s.Item(ctx, "K1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("K1 after delete: %v", err)
	}
	if obs := must[[]Observation](t)(s.Observations(ctx, "")); len(obs) != 0 {
		t.Fatalf("observations of a deleted item: %+v", obs)
	}
	for _, ref := range []string{"T2", "T1", "P1"} {
		if _, err := s.Delete(ctx, ref); err != nil {
			t.Fatalf("delete %s: %v", ref, err)
		}
	}
	if _, err := s.Delete(ctx, "T1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("delete twice: %v", err)
	}
}

// TestEmptyUpdateChangesNothing: an update that sets no field is no
// change: the record's updated time and sequence stay (nothing to
// replicate).
func TestEmptyUpdateChangesNothing(t *testing.T) { eachBackend(t, testEmptyUpdateChangesNothing) }

func testEmptyUpdateChangesNothing(t *testing.T) {
	ctx := context.Background()
	s, c := newStore(t)
	p := must[Project](t)(s.AddProject(ctx, Project{Name: "tessera"}))
	tk := must[Task](t)(s.AddTask(ctx, Task{Title: "Schema", Project: "tessera"}))
	k := must[Item](t)(s.AddItem(ctx, Item{Kind: "pattern", Title: "Deterministic keys"}))
	c.t = c.t.Add(time.Hour)
	if got := must[Project](t)(s.UpdateProject(ctx, p.ID, ProjectUpdate{})); got.UpdatedSeq != p.UpdatedSeq || !got.Updated.Equal(p.Updated) {
		t.Errorf("project: %+v, was %+v", got, p)
	}
	if got := must[Task](t)(s.UpdateTask(ctx, tk.ID, TaskUpdate{})); got.UpdatedSeq != tk.UpdatedSeq || !got.Updated.Equal(tk.Updated) {
		t.Errorf("task: %+v, was %+v", got, tk)
	}
	if got := must[Item](t)(s.UpdateItem(ctx, k.ID, ItemUpdate{})); got.UpdatedSeq != k.UpdatedSeq || !got.Updated.Equal(k.Updated) {
		t.Errorf("item: %+v, was %+v", got, k)
	}
	if _, err := s.UpdateTask(ctx, "T99", TaskUpdate{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("an empty update of no task: %v", err)
	}
	// Nor one that sets every field to what it holds (from a black-box
	// review: PATCH {"depends_on": []} moved updated_seq).
	title, none := tk.Title, []string{}
	if got := must[Task](t)(s.UpdateTask(ctx, tk.ID, TaskUpdate{Title: &title, DependsOn: &none})); got.UpdatedSeq != tk.UpdatedSeq || !got.Updated.Equal(tk.Updated) {
		t.Errorf("task set as it was: %+v, was %+v", got, tk)
	}
	other := "Schema v2"
	if got := must[Task](t)(s.UpdateTask(ctx, tk.ID, TaskUpdate{Title: &other, DependsOn: &none})); got.UpdatedSeq == tk.UpdatedSeq || got.Title != other {
		t.Errorf("a real change: %+v", got)
	}
}
