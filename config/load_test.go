package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRedactDSN: a password in a shared store's URL or key=value string
// is shown as xxxxx; the rest stays readable.
func TestRedactDSN(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://app:hunter2@db:5432/archon?sslmode=disable", "postgres://app:xxxxx@db:5432/archon?sslmode=disable"},
		{"postgres://app@db/archon", "postgres://app@db/archon"},
		{"host=db user=app password=hunter2 dbname=archon", "host=db user=app password=xxxxx dbname=archon"},
		{"host=db password='two words' dbname=archon", "host=db password=xxxxx dbname=archon"},
		{"", ""},
	} {
		if got := RedactDSN(tc.in); got != tc.want {
			t.Errorf("RedactDSN(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestDuplicateKeysRefused: a key or section set twice in archon.yaml is
// an error naming both lines, not a silent win of the later one.
func TestDuplicateKeysRefused(t *testing.T) {
	for name, yml := range map[string]string{
		"key":     "l1:\n  window_days: 30\n  window_days: 7\n",
		"section": "l1:\n  window_days: 30\njobs:\n  enabled: true\nl1:\n  budget_tokens: 900\n",
	} {
		path := filepath.Join(t.TempDir(), "archon.yaml")
		if err := os.WriteFile(path, []byte(yml), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, nil)
		if err == nil || !strings.Contains(err.Error(), "set twice (first on line") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestServeValuesChecked: serve.addr and serve.request_timeout are
// checked when loaded (with file and line), as the other keys are.
func TestServeValuesChecked(t *testing.T) {
	for _, tc := range []struct{ yml, want string }{
		{"serve:\n  addr: nonsense\n", "archon.yaml:2"},
		{"serve:\n  addr: 127.0.0.1:70000\n", "not a number from 0 to 65535"},
		{"serve:\n  request_timeout: 1ns\n", "at least 1s"},
	} {
		path := filepath.Join(t.TempDir(), "archon.yaml")
		if err := os.WriteFile(path, []byte(tc.yml), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.yml, err, tc.want)
		}
	}
	if err := CheckValue("serve.addr", "127.0.0.1:7420"); err != nil {
		t.Error(err)
	}
}
