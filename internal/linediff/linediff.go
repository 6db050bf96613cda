// Package linediff compares two texts line by line: the shortest edit
// script (Myers' O(ND) algorithm) and its unified-diff form.
package linediff

import (
	"fmt"
	"strings"
)

// Kind says what an Op does with a line.
type Kind byte

// The kinds of Op.
const (
	Equal  Kind = ' '
	Delete Kind = '-'
	Insert Kind = '+'
)

// Op is one line of an edit script: kept, deleted from a or inserted
// from b.
type Op struct {
	Kind Kind
	Line string
}

// Split cuts text into lines without their newlines; a final newline
// ends the last line rather than starting an empty one.
func Split(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// Lines returns a shortest edit script turning a into b.
func Lines(a, b []string) []Op {
	// Trim the common head and tail: most edits touch a small part.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops := make([]Op, 0, len(a)+len(b))
	for _, l := range a[:pre] {
		ops = append(ops, Op{Equal, l})
	}
	ops = append(ops, myers(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, Op{Equal, l})
	}
	return ops
}

// MaxEdits bounds the work of Lines: past this many edits (its frontiers
// cost memory quadratic in them) the differing middle is reported as
// deleted, then inserted, whole.
const MaxEdits = 2000

// myers is the greedy forward algorithm with one saved frontier per
// edit distance, walked back to recover the script.
func myers(a, b []string) []Op {
	n, m := len(a), len(b)
	if n == 0 && m == 0 {
		return nil
	}
	maxD := min(n+m, MaxEdits)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		// Only diagonals -d..d are read at this distance: keep those.
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, d)
			}
		}
	}
	ops := make([]Op, 0, n+m)
	for _, l := range a {
		ops = append(ops, Op{Delete, l})
	}
	for _, l := range b {
		ops = append(ops, Op{Insert, l})
	}
	return ops
}

// backtrack walks the saved frontiers from the end to the start.
func backtrack(a, b []string, trace [][]int, d int) []Op {
	x, y := len(a), len(b)
	var rev []Op
	for ; d > 0; d-- {
		// trace[d] holds diagonals -d-1..d+1, from index 0.
		v, o := trace[d], d+1
		k := x - y
		var pk int
		if k == -d || (k != d && v[o+k-1] < v[o+k+1]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := v[o+pk]
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, Op{Equal, a[x]})
		}
		if x == px {
			y--
			rev = append(rev, Op{Insert, b[y]})
		} else {
			x--
			rev = append(rev, Op{Delete, a[x]})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, Op{Equal, a[x]})
	}
	ops := make([]Op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}

// Unified returns the unified diff from text a (named nameA) to text b,
// with context lines of context around each change; "" when they are
// equal.
func Unified(nameA, nameB, a, b string, context int) string {
	ops := Lines(Split(a), Split(b))
	var out strings.Builder
	i := 0
	for i < len(ops) {
		for i < len(ops) && ops[i].Kind == Equal {
			i++
		}
		if i == len(ops) {
			break
		}
		// A hunk: from context lines before the change to context lines
		// after the last change closer than 2*context to the next.
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].Kind != Equal {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		end = min(len(ops), end+context)
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
		}
		writeHunk(&out, ops, start, end)
		i = end
	}
	return out.String()
}

// writeHunk writes ops[start:end] with its @@ header.
func writeHunk(out *strings.Builder, ops []Op, start, end int) {
	la, lb := 1, 1 // line numbers at start
	for _, o := range ops[:start] {
		if o.Kind != Insert {
			la++
		}
		if o.Kind != Delete {
			lb++
		}
	}
	na, nb := 0, 0
	for _, o := range ops[start:end] {
		if o.Kind != Insert {
			na++
		}
		if o.Kind != Delete {
			nb++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", span(la, na), span(lb, nb))
	for _, o := range ops[start:end] {
		out.WriteByte(byte(o.Kind))
		out.WriteString(o.Line)
		out.WriteByte('\n')
	}
}

// span is a hunk range: "start,count", with an empty range starting
// before its line.
func span(start, n int) string {
	if n == 0 {
		start--
	}
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}
