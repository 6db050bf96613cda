package knowledge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSalvageKeepsReadableRows: a damaged page costs the rows on it, not
// all of L3. VACUUM INTO stops at the first bad page; the salvage then
// copies row by row what can still be read, and the copy passes its check.
func TestSalvageKeepsReadableRows(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	opt := Options{Now: func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }, Location: time.UTC}
	s, err := Open(ctx, path, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddProject(ctx, Project{Name: "billing"}); err != nil {
		t.Fatal(err)
	}
	const n = 60
	for i := range n {
		if _, err := s.AddTask(ctx, Task{Title: fmt.Sprintf("task %d %s", i, strings.Repeat("x", 300)), Project: "billing"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// The last page of the file holds the last tasks written.
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := f.Stat()
	if _, err := f.WriteAt(make([]byte, 4096), fi.Size()-4096); err != nil {
		t.Fatal(err)
	}
	f.Close()

	aside, lost, err := Salvage(ctx, path, opt)
	if err != nil || lost {
		t.Fatalf("salvage: lost %v, %v", lost, err)
	}
	if _, err := os.Stat(aside); err != nil {
		t.Errorf("damaged file not kept: %v", err)
	}
	s, err = Open(ctx, path, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Check(ctx); err != nil {
		t.Fatalf("salvaged database: %v", err)
	}
	tasks, err := s.Tasks(ctx, TaskFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) == 0 || len(tasks) == n {
		t.Fatalf("%d of %d tasks salvaged: want the readable ones", len(tasks), n)
	}
	if tasks[0].Project != "billing" {
		t.Errorf("task lost its project: %+v", tasks[0])
	}
	// The next task gets a new id, not one a lost task had.
	next, err := s.AddTask(ctx, Task{Title: "after the salvage"})
	if err != nil || next.ID != fmt.Sprintf("T%d", n+1) {
		t.Errorf("next task %s (%v), want T%d", next.ID, err, n+1)
	}
}
