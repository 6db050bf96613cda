// Package acts is a dialogue-act lexicon: cue words and phrases with the act
// they signal (decision, proposal, commitment, ...) and a weight fitted on
// labelled meetings. The summarizer uses it to judge sentences of prose.
package acts

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// Classes of the lexicon (acts.tsv). A sentence's acts decide
// which section it can fill; their weights say how likely a sentence with
// the cue is to be what a summary of the conversation keeps.
const (
	Decision    = "decision"    // a choice made or settled
	Acceptance  = "acceptance"  // agreeing to a proposal
	Proposal    = "proposal"    // suggesting a course of action
	Commitment  = "commitment"  // someone taking on work
	Request     = "request"     // asking someone to do something
	Rejection   = "rejection"   // turning an option down
	Problem     = "problem"     // an issue, error or risk raised
	Reason      = "reason"      // a justification
	Inform      = "inform"      // stating content
	Backchannel = "backchannel" // "uh-huh", "yeah": no content
)

//go:embed acts.tsv
var actsTSV string

// Lexicon is a dialogue-act lexicon: word sequences (1 to 3 words, lower
// case) with a class and a weight. It is immutable once loaded.
type Lexicon struct {
	// entries maps a word sequence joined by single spaces to its entry.
	entries map[string]Entry
	maxLen  int
}

// Entry is one lexicon line.
type Entry struct {
	Words  string
	Class  string
	Weight float64
}

// Hit is an entry found in a text, with its word position.
type Hit struct {
	Entry
	Pos int
}

// Default returns the embedded lexicon (acts.tsv), parsed once.
var Default = sync.OnceValue(func() *Lexicon {
	lx, err := Parse(actsTSV)
	if err != nil {
		panic(fmt.Sprintf("acts: embedded acts.tsv: %v", err))
	}
	return lx
})

// Parse reads lexicon lines "words<TAB>class<TAB>weight"; blank
// lines and lines starting with # are skipped.
func Parse(text string) (*Lexicon, error) {
	lx := &Lexicon{entries: map[string]Entry{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want words, class and weight separated by tabs", n)
		}
		w, err := strconv.ParseFloat(strings.TrimSpace(f[2]), 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: weight: %w", n, err)
		}
		words := Words(f[0])
		if len(words) == 0 || len(words) > 3 {
			return nil, fmt.Errorf("line %d: %q must have 1 to 3 words", n, f[0])
		}
		key := strings.Join(words, " ")
		if _, dup := lx.entries[key]; dup {
			return nil, fmt.Errorf("line %d: %q listed twice", n, key)
		}
		lx.entries[key] = Entry{Words: key, Class: strings.TrimSpace(f[1]), Weight: w}
		lx.maxLen = max(lx.maxLen, len(words))
	}
	return lx, sc.Err()
}

// Entries returns the lexicon's entries in no particular order.
func (lx *Lexicon) Entries() []Entry {
	out := make([]Entry, 0, len(lx.entries))
	for _, e := range lx.entries {
		out = append(out, e)
	}
	return out
}

// Match returns the entries found in words (as Words returns them), each
// entry once, at its first position.
func (lx *Lexicon) Match(words []string) []Hit {
	var out []Hit
	var seen map[string]bool
	for i := range words {
		key := ""
		for n := 1; n <= lx.maxLen && i+n <= len(words); n++ {
			if n == 1 {
				key = words[i]
			} else {
				key += " " + words[i+n-1]
			}
			e, ok := lx.entries[key]
			if !ok {
				continue
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, Hit{Entry: e, Pos: i})
		}
	}
	return out
}

// Words splits text into lower-case words: runs of letters, digits and
// apostrophes (’ read as '), with leading and trailing apostrophes trimmed.
// It is the tokenization the lexicon is matched and fitted with.
func Words(text string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.Trim(strings.ReplaceAll(strings.ToLower(text[start:end]), "’", "'"), "'")
		if w != "" {
			out = append(out, w)
		}
		start = -1
	}
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’' {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(text))
	return out
}

// Lookup returns the entry for a word sequence as Words writes it.
func (lx *Lexicon) Lookup(words string) (Entry, bool) {
	e, ok := lx.entries[words]
	return e, ok
}
