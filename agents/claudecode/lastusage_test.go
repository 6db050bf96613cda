package claudecode

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLastUsageLine: reading a transcript backwards finds the line the
// forward read does (the last main-thread usage), whatever the block
// boundaries, and none in a transcript without usage.
func TestLastUsageLine(t *testing.T) {
	base, err := os.ReadFile("testdata/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	pad := `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"x","content":"` + strings.Repeat("z", 700<<10) + `"}]},"uuid":"p"}` + "\n"
	side := `{"type":"assistant","isSidechain":true,"message":{"role":"assistant","content":[{"type":"text","text":"sub"}],"usage":{"input_tokens":9}},"uuid":"s"}` + "\n"
	for name, data := range map[string][]byte{
		"as is":                       base,
		"a megabyte and more after":   append(append(append([]byte{}, base...), pad+pad...), side...),
		"padding before, a line torn": append(append([]byte(pad+pad), base...), `{"type":"assistant","message":{"usage":{}`...),
	} {
		path := filepath.Join(t.TempDir(), "t.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := readChunk(path, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		wantOff, wantLine, wantOK := c.lastUsageOffset()
		off, line, ok, err := lastUsageLine(path)
		if err != nil || ok != wantOK || off != wantOff || line != wantLine {
			t.Errorf("%s: %d %d %v %v, want %d %d %v", name, off, line, ok, err, wantOff, wantLine, wantOK)
		}
		if ok && !bytes.HasPrefix(data[off:], []byte(`{`)) {
			t.Errorf("%s: offset %d is no line's start", name, off)
		}
	}
	path := filepath.Join(t.TempDir(), "none.jsonl")
	os.WriteFile(path, []byte(pad+side), 0o644)
	if _, _, ok, err := lastUsageLine(path); ok || err != nil {
		t.Errorf("no main-thread usage: %v %v", ok, err)
	}
}

// TestLastUsageBlocks: whatever the block size, the backwards read finds
// what the forward one does, on transcripts of random lines (usage or not,
// sidechain or not, blank lines, CRLF, a torn last line).
func TestLastUsageBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []string{
		`{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"%s"}],"usage":{"input_tokens":%d}},"uuid":"a%d"}`,
		`{"type":"assistant","isSidechain":true,"message":{"role":"assistant","content":[{"type":"text","text":"%s"}],"usage":{"input_tokens":%d}},"uuid":"s%d"}`,
		`{"type":"user","message":{"role":"user","content":"%s %d"},"uuid":"u%d"}`,
	}
	dir := t.TempDir()
	for n := range 300 {
		var b strings.Builder
		for i := range rng.IntN(8) {
			k := kinds[rng.IntN(len(kinds))]
			fmt.Fprintf(&b, k, strings.Repeat("w", rng.IntN(60)), i, i)
			switch rng.IntN(4) {
			case 0:
				b.WriteString("\r\n")
			case 1:
				b.WriteString("\n\n")
			default:
				b.WriteString("\n")
			}
		}
		if rng.IntN(3) == 0 {
			b.WriteString(`{"type":"assistant","message":{"usage":{}`) // torn
		}
		path := filepath.Join(dir, fmt.Sprintf("t%d.jsonl", n))
		os.WriteFile(path, []byte(b.String()), 0o644)
		c, err := readChunk(path, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		wantOff, wantLine, wantOK := c.lastUsageOffset()
		for _, block := range []int{1, 2, 3, 7, 40, 1 << 20} {
			off, line, ok, err := lastUsageIn(path, block)
			if err != nil || ok != wantOK || (ok && (off != wantOff || line != wantLine)) {
				t.Fatalf("transcript %d, block %d: %d %d %v %v, want %d %d %v:\n%s", n, block, off, line, ok, err, wantOff, wantLine, wantOK, b.String())
			}
		}
	}
}
