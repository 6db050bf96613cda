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
