package chunk

import (
	"regexp"
	"strings"

	"github.com/archon-memory/archon/memory"
)

// piece is a run of lines with its 1-based inclusive range.
type piece struct {
	start, end int
	text       string
}

// split cuts lines (the first is line first) into pieces of at most
// o.MaxTokens, repeating about o.OverlapTokens of lines between neighbours.
// Leading and trailing blank lines are not part of any piece; a run of only
// blank lines yields nothing. A single line longer than the limit becomes
// several pieces with the same line range, cut at word boundaries.
func split(lines []string, first int, o Options) []piece {
	lo, hi := 0, len(lines)
	for lo < hi && strings.TrimSpace(lines[lo]) == "" {
		lo++
	}
	for hi > lo && strings.TrimSpace(lines[hi-1]) == "" {
		hi--
	}
	if lo == hi {
		return nil
	}
	maxB, overlapB := o.MaxTokens*4, o.OverlapTokens*4
	total := 0
	for _, l := range lines[lo:hi] {
		total += len(l) + 1
	}
	if total <= maxB {
		return []piece{{start: first + lo, end: first + hi - 1, text: unescape(lines[lo:hi])}}
	}
	var out []piece
	i := lo
	for i < hi {
		if len(lines[i]) > maxB { // one huge line: cut it by words
			for _, part := range cutLine(lines[i], maxB, overlapB) {
				out = append(out, piece{start: first + i, end: first + i, text: part})
			}
			i++
			continue
		}
		size, j := 0, i
		for j < hi && len(lines[j]) <= maxB && size+len(lines[j])+1 <= maxB {
			size += len(lines[j]) + 1
			j++
		}
		end := j
		for end > i+1 && strings.TrimSpace(lines[end-1]) == "" {
			end--
		}
		out = append(out, piece{start: first + i, end: first + end - 1, text: unescape(lines[i:end])})
		if j >= hi {
			break
		}
		// Step back over about overlapB bytes of lines for the overlap,
		// always moving forward by at least one line.
		back, k := 0, j
		for k > i+1 && back+len(lines[k-1])+1 <= overlapB {
			back += len(lines[k-1]) + 1
			k--
		}
		for k < j && strings.TrimSpace(lines[k]) == "" {
			k++
		}
		i = k
	}
	return out
}

// cutLine splits one long line into pieces of at most maxB bytes at spaces,
// each starting about overlapB bytes before the previous one ended.
func cutLine(l string, maxB, overlapB int) []string {
	words := strings.Fields(l)
	var out []string
	for i := 0; i < len(words); {
		size, j := 0, i
		for j < len(words) && (j == i || size+len(words[j])+1 <= maxB) {
			size += len(words[j]) + 1
			j++
		}
		out = append(out, strings.Join(words[i:j], " "))
		if j >= len(words) {
			break
		}
		back, k := 0, j
		for k > i+1 && back+len(words[k-1])+1 <= overlapB {
			back += len(words[k-1]) + 1
			k--
		}
		i = k
	}
	return out
}

// unescape joins lines, undoing the daily-log escape of heading-like lines.
func unescape(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = memory.UnescapeLine(strings.TrimRight(l, " \t"))
	}
	return strings.Join(out, "\n")
}

// sectionPieces cuts a markdown section (the first line is line first) into
// blocks (paragraphs, top-level list items with their continuation lines,
// fenced code) and groups consecutive blocks up to o.SectionTokens. A block
// larger than that is split on its own by split.
func sectionPieces(lines []string, first int, o Options) []piece {
	type block struct{ lo, hi int } // [lo, hi) within lines, no blank edges
	var blocks []block
	cur := -1
	inFence := false
	closeBlock := func(i int) {
		if cur >= 0 {
			hi := i
			for hi > cur && strings.TrimSpace(lines[hi-1]) == "" {
				hi--
			}
			blocks = append(blocks, block{cur, hi})
			cur = -1
		}
	}
	for i, l := range lines {
		t := strings.TrimSpace(l)
		fence := strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")
		switch {
		case inFence:
			if fence {
				inFence = false
			}
			continue
		case t == "":
			closeBlock(i)
			continue
		case listItemRe.MatchString(l) && i > 0 && !(memory.HeadingLevel(lines[i-1]) > 0 && cur >= 0 && cur == i-1):
			closeBlock(i)
		}
		if cur < 0 {
			cur = i
		}
		if fence {
			inFence = true
		}
	}
	closeBlock(len(lines))
	maxB := o.SectionTokens * 4
	var out []piece
	for i := 0; i < len(blocks); {
		lo, hi, size := blocks[i].lo, blocks[i].hi, 0
		j := i
		for j < len(blocks) {
			b := 0
			for _, l := range lines[blocks[j].lo:blocks[j].hi] {
				b += len(l) + 1
			}
			if j > i && size+b > maxB {
				break
			}
			size += b
			hi = blocks[j].hi
			j++
		}
		if size > o.MaxTokens*4 { // one block too large for a chunk
			out = append(out, split(lines[lo:hi], first+lo, o)...)
		} else {
			out = append(out, piece{start: first + lo, end: first + hi - 1, text: unescape(lines[lo:hi])})
		}
		i = j
	}
	return out
}

// listItemRe matches the first line of a top-level list item.
var listItemRe = regexp.MustCompile(`^([-*+]|[0-9]{1,3}[.)])[ \t]`)
