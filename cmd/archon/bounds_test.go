package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArgumentBounds checks that out-of-range sizes, counts and ages are
// usage errors naming the flag and the bound, and that the bounds
// themselves are accepted.
func TestArgumentBounds(t *testing.T) {
	root := filepath.Join(t.TempDir(), "ws")
	if code, _, errOut := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(errOut)
	}
	if code, _, errOut := archon(t, "", "--root", root, "log", "written today"); code != 0 {
		t.Fatal(errOut)
	}
	tests := []struct {
		args []string
		code int
		err  string // in stderr; "" for success
	}{
		{[]string{"archive", "--older-than", "106751d"}, exitUsage, `--older-than: age "106751d": at most 36500d (100 years)`},
		{[]string{"archive", "--older-than", "2562047h"}, exitUsage, "at most 36500d"},
		{[]string{"archive", "--older-than", "9999999999999999999d"}, exitUsage, "at most 36500d"},
		{[]string{"archive", "--older-than", "15250w"}, exitUsage, "at most 36500d"},
		{[]string{"archive", "--older-than", "0d"}, exitUsage, "use a positive number of days"},
		{[]string{"archive", "--older-than", "36500d", "--dry-run"}, 0, ""},
		{[]string{"search", "x", "--top-k", "1001"}, exitUsage, "--top-k 1001: at most 1000"},
		{[]string{"search", "x", "-k", "0"}, exitUsage, "--top-k 0: at least 1"},
		{[]string{"search", "x", "--top-k", "-5"}, exitUsage, "--top-k -5: at least 1"},
		{[]string{"search", "x", "--top-k", "99999999999999999999"}, exitUsage, "top-k"},
		{[]string{"search", "x", "--threshold", "NaN"}, exitUsage, "--threshold NaN: want a number from 0 to 1"},
		{[]string{"search", "x", "--threshold", "1.5"}, exitUsage, "--threshold 1.5: want a number from 0 to 1"},
		{[]string{"search", "x", "--threshold", "-0.1"}, exitUsage, "--threshold -0.1: want a number from 0 to 1"},
		{[]string{"search", "written", "--top-k", "1000", "--threshold", "1"}, 0, ""},
		{[]string{"search", "written", "--count", "--top-k", "3"}, exitUsage, "--count counts every match: --top-k does not apply"},
		{[]string{"search", "written", "--count", "--threshold", "0.5"}, exitUsage, "--threshold does not apply"},
		{[]string{"search", "written", "--count", "--explain"}, exitUsage, "--explain does not apply"},
		{[]string{"search", "written", "--count", "--format", "jsonl"}, exitUsage, "not jsonl"},
		{[]string{"search", "written", "--count", "--format", "json"}, 0, ""},
		{[]string{"search", "written", "--agent", "two words"}, exitUsage, "agent filter"},
		{[]string{"forget", "--query", "x", "--top-k", "-5"}, exitUsage, "--top-k -5: at least 1"},
		{[]string{"forget", "--query", "x", "--top-k", "5000"}, exitUsage, "--top-k 5000: at most 1000"},
		{[]string{"forget", "--query", "nothing matches this", "--top-k", "1000", "--dry-run"}, 0, ""},
		{[]string{"get", "abc", "--context", "101"}, exitUsage, "--context 101: at most 100"},
		{[]string{"get", "abc", "-C", "-1"}, exitUsage, "--context -1: at least 0"},
		{[]string{"context", "show", "--budget", "0"}, exitUsage, "--budget 0: at least 1"},
		{[]string{"context", "show", "--budget", "1000001"}, exitUsage, "--budget 1000001: at most 1000000"},
		{[]string{"context", "show", "--budget", "1000000"}, 0, ""},
		{[]string{"context", "warmth", "--budget", "-1"}, exitUsage, "--budget -1: at least 1"},
		{[]string{"context", "warmth", "--budget", "1"}, 0, ""},
		{[]string{"context", "warmth"}, 0, ""}, // the default budget is not checked as given
		{[]string{"context", "log", "--n", "0"}, exitUsage, "--n 0: at least 1"},
		{[]string{"context", "log", "--n", "10001"}, exitUsage, "--n 10001: at most 10000"},
		{[]string{"context", "log", "--n", "10000"}, 0, ""},
		{[]string{"context", "check", "--largest", "1001"}, exitUsage, "--largest 1001: at most 1000"},
		{[]string{"context", "check", "--largest", "-1"}, exitUsage, "--largest -1: at least 0"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, errOut := archon(t, "", append([]string{"--root", root}, tt.args...)...)
			if code != tt.code || (tt.err != "" && !strings.Contains(errOut, tt.err)) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, errOut, tt.code, tt.err)
			}
		})
	}
	// No bound was crossed by archiving: today's log is where it was.
	if _, err := os.Stat(filepath.Join(root, "memory")); err != nil {
		t.Fatal(err)
	}
	logs, _ := filepath.Glob(filepath.Join(root, "memory", "*.md"))
	if len(logs) != 1 {
		t.Fatalf("daily logs left in memory/: %v", logs)
	}
}
