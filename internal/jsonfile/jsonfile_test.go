package jsonfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReadWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b.json")
	var v map[string]int
	if found, err := Read(path, &v); found || err != nil {
		t.Fatalf("missing: %v %v", found, err)
	}
	if err := Write(path, map[string]int{"x": 1}, 0o600); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "{\n  \"x\": 1\n}\n" {
		t.Fatalf("file %q", b)
	}
	if found, err := Read(path, &v); !found || err != nil || v["x"] != 1 {
		t.Fatalf("read: %v %v %v", v, found, err)
	}
	os.WriteFile(path, []byte("{"), 0o600)
	if _, err := Read(path, &v); err == nil {
		t.Fatal("damaged file accepted")
	}
}
