package claudecode

import (
	"fmt"
	"strings"

	"github.com/archon-memory/archon/internal/linediff"
)

// Diff shows c as a unified-style line diff of the whole file: every line,
// kept ones too, prefixed "  ", "+ " or "- ".
func (c Change) Diff() string {
	var out strings.Builder
	before, after := c.Path, c.Path
	if c.Before == nil {
		before = "/dev/null"
	}
	if c.After == nil {
		after = "/dev/null"
	}
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", before, after)
	prefix := map[linediff.Kind]string{linediff.Equal: "  ", linediff.Insert: "+ ", linediff.Delete: "- "}
	for _, op := range linediff.Lines(linediff.Split(string(c.Before)), linediff.Split(string(c.After))) {
		out.WriteString(prefix[op.Kind] + op.Line + "\n")
	}
	return out.String()
}
