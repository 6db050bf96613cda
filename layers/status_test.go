package layers

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

func TestReadStatusDemo(t *testing.T) {
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	ws, err := memory.OpenWith("../fixtures/demo", memory.Options{Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	st, err := ReadStatus(context.Background(), ws, 7, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.L2.Files < 15 || st.L2.Entries < 150 || st.L2.FreeForm != 1 || st.L2.First != "2026-11-09" || st.L2.Last != "2026-11-29" || st.L2.Warnings != 0 {
		t.Errorf("L2 = %+v", st.L2)
	}
	if st.L1.Recent.First < "2026-11-23" || st.L1.Recent.Files == 0 || st.L1.Recent.Files >= st.L2.Files {
		t.Errorf("L1 window = %+v", st.L1.Recent)
	}
	if !st.L1.Summary.Exists || st.L1.Summary.Tokens < 300 || len(st.L1.Identity) != 3 || !st.L4.Exists || st.L4.Entries == 0 {
		t.Errorf("L1/L4 = %+v %+v", st.L1, st.L4)
	}
}

// TestStatusWarnsAboutCuratedFiles: a MEMORY.md without its title and
// with a NUL byte is reported with file and line.
func TestStatusWarnsAboutCuratedFiles(t *testing.T) {
	root := t.TempDir()
	if _, err := memory.Init(context.Background(), root, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, memory.WisdomFile), []byte("notes\n- a \x00 b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := memory.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ReadStatus(context.Background(), ws, 7, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	st.WriteText(&b)
	if len(st.L4.Warnings) != 2 || !strings.Contains(b.String(), "warning: MEMORY.md:2:") || !strings.Contains(b.String(), "warning: MEMORY.md:1:") {
		t.Fatalf("warnings %q\n%s", st.L4.Warnings, b.String())
	}
}

func TestInWindow(t *testing.T) {
	today := time.Date(2026, 11, 29, 23, 59, 0, 0, time.UTC)
	tests := []struct {
		date string
		days int
		want bool
	}{
		{"2026-11-29", 7, true},
		{"2026-11-23", 7, true},
		{"2026-11-22", 7, false},
		{"2026-11-29", 1, true},
		{"2026-11-28", 1, false},
		{"2026-12-01", 7, true},
		{"2026-12-02", 7, false}, // a typo, not another time zone's today
		{"2027-11-29", 7, false},
		{"garbage", 7, false},
	}
	for _, tt := range tests {
		if got := InWindow(tt.date, today, tt.days); got != tt.want {
			t.Errorf("InWindow(%s, %d) = %v", tt.date, tt.days, got)
		}
	}
}

// TestWisdomEntries: MEMORY.md's entries are the bullets a person wrote
// and the promoted items, not the bullets inside a promoted item's body
// or a code fence.
func TestWisdomEntries(t *testing.T) {
	root := t.TempDir()
	doc := "# MEMORY\n\n- Run make test before pushing.\n* Keep PRs small.\n\n```\n- not an entry\n```\n\n" +
		"## Promoted patterns\n\n<!-- archon:promoted:begin (archon promote adds entries below; delete one to keep it out) -->\n\n" +
		"<!-- archon:item K1 -->\n### Retry\n- three tries\n- then give up\n\n<!-- archon:item K2 -->\n### Pin versions\nbody\n\n<!-- archon:promoted:end -->\n"
	if err := os.WriteFile(filepath.Join(root, memory.WisdomFile), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := memory.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if n := countItems(ws, memory.WisdomFile); n != 4 {
		t.Fatalf("%d entries, want 4 (2 written, 2 promoted)", n)
	}
}
