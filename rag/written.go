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

// openBox is an unchecked box opening a list item: "- [ ] ...", "[ ] ...".
var openBox = regexp.MustCompile(`(?m)^\s*(?:(?:[-*+]|\d+[.)])\s+)?\[ \]`)

// writtenAs finds what a text is written as (see written.txt).
type writtenAs struct {
	// phrases by their first word: the intent and the words.
	phrases map[string][]phrase
	box     string // the intent an unchecked box marks ("" none)
	version string // hash of the lexicon
}

type phrase struct {
	intent string
	words  []string
}

// parseWritten reads written.txt; every intent must be one of intents.
func parseWritten(data string, intents []intent) (*writtenAs, error) {
	known := map[string]bool{}
	for _, it := range intents {
		known[it.name] = true
	}
	sum := sha256.Sum256([]byte(data))
	w := &writtenAs{phrases: map[string][]phrase{}, version: hex.EncodeToString(sum[:8])}
	for n, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, pat, ok := strings.Cut(line, ":")
		name, pat = strings.TrimSpace(name), strings.TrimSpace(pat)
		if !ok || pat == "" || !known[name] {
			return nil, fmt.Errorf("written.txt:%d: want INTENT: pattern with an intent of intents.txt", n+1)
		}
		if pat == "[ ]" {
			w.box = name
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
		w.phrases[words[0]] = append(w.phrases[words[0]], phrase{intent: name, words: words})
	}
	return w, nil
}

// marks returns the intents text is written as, sorted, each once. It
// runs on every chunk an index run writes, so it reads the words in
// place instead of splitting the text.
func (w *writtenAs) marks(text string) []string {
	var out []string
	add := func(name string) {
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	if w.box != "" && strings.Contains(text, "[ ]") && openBox.MatchString(text) {
		add(w.box)
	}
	var buf [32]byte
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
			if !slices.Contains(out, p.intent) && followedBy(text, end, p.words[1:]) {
				add(p.intent)
			}
		}
	}
	slices.Sort(out)
	return out
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
