package memory

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFileConfined(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("id_rsa"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "MEMORY.md"), []byte("# wisdom"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "SOUL.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("MEMORY.md", filepath.Join(root, "ALIAS.md")); err != nil {
		t.Fatal(err)
	}
	w := &Workspace{root: root, logs: &logStates{}}
	tests := []struct {
		rel     string
		want    string
		outside bool
		missing bool
	}{
		{rel: "MEMORY.md", want: "# wisdom"},
		{rel: "ALIAS.md", want: "# wisdom"}, // a link inside the root is fine
		{rel: "SOUL.md", outside: true},
		{rel: "../x.md", outside: true},
		{rel: "NOPE.md", missing: true},
	}
	for _, tt := range tests {
		data, err := w.ReadFile(tt.rel)
		switch {
		case tt.outside:
			if !errors.Is(err, ErrOutside) {
				t.Errorf("%s: err %v, want ErrOutside", tt.rel, err)
			}
			if tt.rel == "SOUL.md" && (err == nil || !strings.Contains(err.Error(), outside)) {
				t.Errorf("%s: error does not say where it points: %v", tt.rel, err)
			}
		case tt.missing:
			if !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s: err %v, want not exist", tt.rel, err)
			}
		case err != nil || string(data) != tt.want:
			t.Errorf("%s: %q %v", tt.rel, data, err)
		}
	}
}

// TestAppendConfined: a daily log linked out of the workspace, to a file
// or to nothing, is refused as reading it is; nothing is written there.
func TestAppendConfined(t *testing.T) {
	ctx := t.Context()
	w := newWorkspace(t)
	outside := filepath.Join(t.TempDir(), "outside.md")
	os.WriteFile(outside, []byte("# 2026-12-08\n"), 0o644)
	gone := filepath.Join(t.TempDir(), "gone.md")
	os.MkdirAll(w.LogDir(), 0o755)
	os.Symlink(outside, filepath.Join(w.LogDir(), "2026-12-08.md"))
	os.Symlink(gone, filepath.Join(w.LogDir(), "2026-12-07.md"))
	for _, date := range []string{"2026-12-08", "2026-12-07"} {
		if _, err := w.Append(ctx, Entry{Date: date, Time: "10:00", Text: "secret plan"}); !errors.Is(err, ErrOutside) {
			t.Errorf("%s: %v, want ErrOutside", date, err)
		}
	}
	if b, _ := os.ReadFile(outside); string(b) != "# 2026-12-08\n" {
		t.Errorf("the outside file was written: %q", b)
	}
	if _, err := os.Stat(gone); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a file was made outside: %v", err)
	}
}
