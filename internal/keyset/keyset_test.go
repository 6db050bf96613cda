package keyset

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "set.json")
	s, err := Load(path)
	if err != nil || len(s) != 0 {
		t.Fatalf("missing: %v %v", s, err)
	}
	s["b"], s["a"] = true, true
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "[\n  \"a\",\n  \"b\"\n]\n" {
		t.Fatalf("file: %q", b)
	}
	back, err := Load(path)
	if err != nil || len(back) != 2 || !back["a"] {
		t.Fatalf("back: %v %v", back, err)
	}
	os.WriteFile(path, []byte("{"), 0o644)
	if _, err := Load(path); err == nil {
		t.Fatal("a damaged file is an error")
	}
}
