package redact

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchCorpora counts what the patterns redact in the real agent
// memory banks and Claude Code transcripts of ../shared/bench (read at
// test time, never committed; skipped when absent). Those texts hold no
// live secrets, so every hit is a candidate false positive: each is logged
// for a person to check, and the count is what the closing note reports.
func TestBenchCorpora(t *testing.T) {
	root := "../../../shared/bench"
	if _, err := os.Stat(root); err != nil {
		t.Skip("../shared/bench is absent")
	}
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	units, hits := 0, 0
	for _, dir := range []string{"agentlogs", "transcripts"} {
		filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".jsonl")) {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, line := range strings.Split(string(data), "\n") {
				if strings.TrimSpace(line) == "" {
					continue
				}
				units++
				if out, h := r.Redact(line); len(h) > 0 {
					hits += len(h)
					if testing.Verbose() {
						t.Logf("%s: %v: %.200s", filepath.Base(p), h, excerpt(line, out))
					}
				}
			}
			return nil
		})
	}
	t.Logf("%d lines (entries and transcript records) read, %d redactions", units, hits)
}

// excerpt shows the part of line around the first change.
func excerpt(line, out string) string {
	i := 0
	for i < len(line) && i < len(out) && line[i] == out[i] {
		i++
	}
	return line[max(0, i-60):min(len(line), i+80)]
}
