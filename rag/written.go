package rag

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/archon-memory/archon/rag/chunk"
)

//go:embed written.txt
var writtenFile string

// metaWritten names the version of written.txt the stored marks were
// derived with.
const metaWritten = "written_as"

// markChange is the mark of a text holding a change statement
// (changes.txt: "switched from MySQL to PostgreSQL"), which may supersede
// an earlier decision. A chunk's marks are stored sorted, and "change"
// sorts before the name of every intent, so the chunks holding one are a
// range of the index database's marks (see store.EachPositionMarked).
const markChange = "change"

// openBox is an unchecked box opening a list item: "- [ ] ...", "[ ] ...".
var openBox = regexp.MustCompile(`(?m)^\s*(?:(?:[-*+]|\d+[.)])\s+)?\[ \]`)

// writtenAs finds what a text is written as (see written.txt).
type writtenAs struct {
	// phrases by their first word: the intent's bit and the words.
	phrases map[string][]phrase
	box     uint32 // the bit of the intent an unchecked box marks (0 none)
	// sets[mask] lists the intents of the bits of mask, sorted: every
	// chunk with the same marks shares one slice (read-only, clipped).
	sets    [][]string
	version string // hash of the lexicons
	// changes finds change statements, marked by the bit change.
	changes *changeSet
	change  uint32
}

type phrase struct {
	bit   uint32
	words []string
	// anchor marks the word of a change statement's pattern (bit 0): a
	// text holding one is matched against the patterns.
	anchor bool
}

// maxMarkIntents bounds the intents a lexicon may mark (sets holds every
// combination).
const maxMarkIntents = 10

// parseWritten reads written.txt; every intent must be one of intents.
// A text holding a change statement of changes (changesData) is marked
// markChange too.
func parseWritten(data string, intents []intent, changes *changeSet, changesData string) (*writtenAs, error) {
	names := []string{markChange}
	for _, it := range intents {
		if it.name == markChange {
			return nil, fmt.Errorf("intents.txt: %q names the mark of change statements", markChange)
		}
		names = append(names, it.name)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if names[0] != markChange {
		// Stored marks are sorted: the chunks marked as holding a change
		// are a range of the index database only while it sorts first.
		return nil, fmt.Errorf("intents.txt: an intent sorts before %q, the mark of change statements", markChange)
	}
	if len(names) > maxMarkIntents {
		return nil, fmt.Errorf("written.txt: more than %d intents to mark", maxMarkIntents)
	}
	bit := map[string]uint32{}
	for i, n := range names {
		bit[n] = 1 << i
	}
	sum := sha256.Sum256([]byte(data + "\x00" + changesData))
	w := &writtenAs{phrases: map[string][]phrase{}, version: hex.EncodeToString(sum[:8]), sets: make([][]string, 1<<len(names)),
		changes: changes, change: bit[markChange]}
	for mask := 1; mask < len(w.sets); mask++ {
		for i, n := range names {
			if mask&(1<<i) != 0 {
				w.sets[mask] = append(w.sets[mask], n)
			}
		}
		w.sets[mask] = slices.Clip(w.sets[mask])
	}
	for n, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, pat, ok := strings.Cut(line, ":")
		name, pat = strings.TrimSpace(name), strings.TrimSpace(pat)
		if !ok || pat == "" || bit[name] == 0 || name == markChange {
			return nil, fmt.Errorf("written.txt:%d: want INTENT: pattern with an intent of intents.txt", n+1)
		}
		if pat == "[ ]" {
			w.box = bit[name]
			continue
		}
		var words []string
		for i := 0; i < len(pat); {
			start, end := nextWord(pat, i)
			if start == end {
				break
			}
			words, i = append(words, strings.ToLower(pat[start:end])), end
		}
		if len(words) == 0 {
			return nil, fmt.Errorf("written.txt:%d: pattern %q has no words", n+1, pat)
		}
		w.phrases[words[0]] = append(w.phrases[words[0]], phrase{bit: bit[name], words: words})
	}
	if changes != nil && changes.re != nil {
		for _, a := range changes.anchors {
			w.phrases[a] = append(w.phrases[a], phrase{anchor: true})
		}
	}
	return w, nil
}

// marks returns the intents text is written as, sorted, each once. It
// runs on every chunk an index run writes, so it reads the words in
// place instead of splitting the text.
func (w *writtenAs) marks(text string) []string {
	var mask uint32
	if w.box != 0 && strings.Contains(text, "[ ]") && openBox.MatchString(text) {
		mask |= w.box
	}
	var buf [32]byte
	anchored := false // a word of a change statement's pattern was read
	for i := 0; i < len(text); {
		start, end := nextWord(text, i)
		if start == end {
			break
		}
		i = end
		word := text[start:end]
		if len(word) > len(buf) {
			continue // longer than any pattern's word
		}
		n := copy(buf[:], word)
		for k := range n {
			if c := buf[k]; 'A' <= c && c <= 'Z' {
				buf[k] = c + 'a' - 'A'
			}
		}
		for _, p := range w.phrases[string(buf[:n])] {
			if p.anchor {
				anchored = true
			} else if mask&p.bit == 0 && followedBy(text, end, p.words[1:]) {
				mask |= p.bit
			}
		}
	}
	if anchored && len(w.changes.match(text)) > 0 {
		mask |= w.change
	}
	return w.sets[mask]
}

// nextWord returns the bounds of the first word (a run of letters and
// digits) of text at or after i; start == end when there is none.
func nextWord(text string, i int) (start, end int) {
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		i += n
	}
	start = i
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		i += n
	}
	return start, i
}

// followedBy reports whether the words of text from i on begin with words.
func followedBy(text string, i int, words []string) bool {
	for _, want := range words {
		start, end := nextWord(text, i)
		if start == end || !strings.EqualFold(text[start:end], want) {
			return false
		}
		i = end
	}
	return true
}

// mark sets the marks of cs from their text.
func (w *writtenAs) mark(cs []chunk.Chunk) {
	for i := range cs {
		cs[i].Marks = w.marks(cs[i].Text)
	}
}

// refreshMarks derives the stored chunks' marks again when written.txt
// is not the version they were derived with (or they never were).
func (e *Engine) refreshMarks(ctx context.Context) error {
	v, err := e.st.Meta(ctx, metaWritten)
	if err != nil || v == e.written.version {
		return err
	}
	n, err := e.st.RewriteMarks(ctx, e.written.marks)
	if err != nil {
		return fmt.Errorf("derive marks: %w", err)
	}
	if n > 0 {
		e.log.Info("marks derived again", "chunks", n, "lexicon", e.written.version)
	}
	return e.st.SetMeta(ctx, metaWritten, e.written.version)
}
