package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/internal/convgen"
	"github.com/archon-memory/archon/memory"
)

// TestPlantedFactsSurviveCompaction runs the auto-summarize protocol on a
// generated conversation with planted facts (a held-out set) and checks that
// every fact is either still in the trimmed context or found again by
// archon search, at the exact lines a hit names.
func TestPlantedFactsSurviveCompaction(t *testing.T) {
	if testing.Short() {
		t.Skip("end to end")
	}
	for _, format := range []conv.Format{conv.FormatOpenAI, conv.FormatClaudeCode} {
		t.Run(string(format), func(t *testing.T) {
			root := t.TempDir()
			if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
				t.Fatal(e)
			}
			set, err := convgen.Set("held-out8")
			if err != nil {
				t.Fatal(err)
			}
			facts := set(11, 16)
			_, data := convgen.Generate(convgen.Options{Seed: 11, Tokens: 30000, Format: format, Facts: facts})
			code, out, errOut := archon(t, string(data), "--root", root, "context", "prepare", "--model", "gpt-4o", "--action", "summarize")
			if code != 0 {
				t.Fatalf("prepare: %s", errOut)
			}
			trimmed := strings.ToLower(out)
			found, inContext := 0, 0
			for _, f := range facts {
				// The trimmed context is JSON: look for the key as JSON writes it.
				quoted, _ := json.Marshal(strings.ToLower(f.Key))
				key := strings.Trim(string(quoted), `"`)
				if searchFinds(t, root, f) {
					found++
					continue
				}
				if strings.Contains(trimmed, key) {
					inContext++
					continue
				}
				t.Errorf("fact lost after compaction: %s %q", f.Kind, f.Key)
			}
			t.Logf("%s: %d facts found by search, %d still in the trimmed context, of %d", format, found, inContext, len(facts))
		})
	}
}

// searchFinds searches for a fact and reports whether one of the top hits'
// lines contains its key.
func searchFinds(t *testing.T, root string, f convgen.Fact) bool {
	t.Helper()
	for _, q := range []string{f.Key, f.Text} {
		code, out, errOut := archon(t, "", "--root", root, "search", q, "--top-k", "10", "--format", "json")
		if code != 0 {
			t.Fatalf("search %q: %s", q, errOut)
		}
		var resp struct {
			Results []struct {
				Path      string `json:"path"`
				LineStart int    `json:"line_start"`
				LineEnd   int    `json:"line_end"`
			} `json:"results"`
		}
		if err := json.Unmarshal([]byte(out), &resp); err != nil {
			t.Fatal(err)
		}
		for _, r := range resp.Results {
			data, err := os.ReadFile(filepath.Join(root, r.Path))
			if err != nil {
				t.Fatal(err)
			}
			lines := memory.SplitLines(data)
			span := strings.Join(lines[r.LineStart-1:r.LineEnd], "\n")
			if bytes.Contains(bytes.ToLower([]byte(span)), bytes.ToLower([]byte(f.Key))) {
				return true
			}
		}
	}
	return false
}
