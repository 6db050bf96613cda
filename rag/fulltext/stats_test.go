package fulltext

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestStatsAreLengths: the average length BM25 divides by is the mean
// term count of the live documents, whatever was replaced or deleted on
// the way, and equals that of a fresh build of the same documents.
func TestStatsAreLengths(t *testing.T) {
	ctx := context.Background()
	ix, err := Open(filepath.Join(t.TempDir(), "ft"))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	live := map[string]Doc{}
	sessions := map[string]Session{}
	for round := range 12 {
		var up []Doc
		var del []string
		for i := range 5 {
			// Documents of growing length; every round replaces two of
			// the earlier ones and deletes one.
			id := fmt.Sprintf("d%d-%d", round, i)
			up = append(up, Doc{ID: id, Text: strings.Repeat(fmt.Sprintf("word%d ", i), i+round+1) + "shared", Tags: []string{"t", "u"}[:i%2+1], Layer: "L2"})
		}
		if round > 0 {
			prev := fmt.Sprintf("d%d-", round-1)
			up = append(up, Doc{ID: prev + "0", Text: "replaced with a longer text than before", Layer: "L2"}, Doc{ID: prev + "1", Text: "short", Layer: "L2"})
			del = append(del, prev+"2")
		}
		s := Session{ID: "day", Text: strings.Repeat("session words ", round+1)}
		if err := ix.Apply(ctx, up, del, []Session{s}, nil); err != nil {
			t.Fatal(err)
		}
		for _, d := range up {
			live[d.ID] = d
		}
		for _, id := range del {
			delete(live, id)
		}
		sessions[s.ID] = s
		want, wantTags := 0, 0
		for _, d := range live {
			want += len(ix.an.Terms(d.Text))
			wantTags += len(d.Tags)
		}
		st := ix.Stats()
		if got := st.Entries.FieldCardinality[FieldText]; got != want || int(st.Entries.DocCount) != len(live) {
			t.Fatalf("round %d: text length %d over %v documents, want %d over %d", round, got, st.Entries.DocCount, want, len(live))
		}
		if got := st.Entries.FieldCardinality[FieldTags]; got != wantTags {
			t.Fatalf("round %d: tags length %d, want %d", round, got, wantTags)
		}
		if got, want := st.Sessions.FieldCardinality[FieldText], len(ix.an.Terms(s.Text)); got != want {
			t.Fatalf("round %d: session length %d, want %d", round, got, want)
		}
	}
	var docs []Doc
	for _, d := range live {
		docs = append(docs, d)
	}
	dir := filepath.Join(t.TempDir(), "fresh")
	if err := Build(ctx, dir, docs, []Session{sessions["day"]}); err != nil {
		t.Fatal(err)
	}
	fresh, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	if err := fresh.RefreshStats(); err != nil {
		t.Fatal(err)
	}
	got, want := ix.Stats(), fresh.Stats()
	if fmt.Sprint(got.Entries, got.Sessions) != fmt.Sprint(want.Entries, want.Sessions) {
		t.Fatalf("statistics after updates %v %v, after a fresh build %v %v", got.Entries, got.Sessions, want.Entries, want.Sessions)
	}
}
