// Package acts is a dialogue-act lexicon: cue words and phrases with the act
// they signal (decision, proposal, commitment, ...) and a weight fitted on
// labelled meetings. The summarizer uses it to judge sentences of prose.
package acts

import (
	"bufio"
	_ "embed"
	"fmt"
	"slices"
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
	Issue       = "issue"       // raising a choice to be made
	Acceptance  = "acceptance"  // agreeing to a proposal
	Proposal    = "proposal"    // suggesting a course of action
	Commitment  = "commitment"  // someone taking on work
	Request     = "request"     // asking someone to do something
	Question    = "question"    // asking for information or an opinion
	Rejection   = "rejection"   // turning an option down
	Problem     = "problem"     // an issue, error or risk raised
	Reason      = "reason"      // a justification
	Inform      = "inform"      // stating content
	Backchannel = "backchannel" // "uh-huh", "yeah": no content
	Insert      = "insert"      // a word that may stand inside a cue; no weight
)

//go:embed acts.tsv
var actsTSV string

// Lexicon is a dialogue-act lexicon: word sequences (1 to 3 words, lower
// case) with a class and a weight. It is immutable once loaded.
type Lexicon struct {
	// seqs maps a word sequence joined by single spaces to its entry and
	// to whether a longer entry begins with it ("you" of "you know"), so
	// a scan stops at the first word no entry goes on from.
	seqs    map[string]seq
	inserts map[string]bool // words that may stand inside a cue (see Walk)
}

// seq is what the lexicon knows of one word sequence.
type seq struct {
	e    Entry
	ok   bool // e is an entry
	more bool // a longer entry begins with the sequence
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

// Parse reads lexicon lines "words<TAB>class<TAB>weight" and
// "word<TAB>insert"; blank lines and lines starting with # are skipped.
func Parse(text string) (*Lexicon, error) {
	lx := &Lexicon{seqs: map[string]seq{}, inserts: map[string]bool{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		words := Words(f[0])
		if len(f) == 2 && strings.TrimSpace(f[1]) == Insert && len(words) == 1 {
			lx.inserts[words[0]] = true
			continue
		}
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want words, class and weight separated by tabs", n)
		}
		w, err := strconv.ParseFloat(strings.TrimSpace(f[2]), 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: weight: %w", n, err)
		}
		if len(words) == 0 || len(words) > 3 {
			return nil, fmt.Errorf("line %d: %q must have 1 to 3 words", n, f[0])
		}
		key := strings.Join(words, " ")
		q := lx.seqs[key]
		if q.ok {
			return nil, fmt.Errorf("line %d: %q listed twice", n, key)
		}
		q.e, q.ok = Entry{Words: key, Class: strings.TrimSpace(f[1]), Weight: w}, true
		lx.seqs[key] = q
		for k := 1; k < len(words); k++ {
			p := strings.Join(words[:k], " ")
			q := lx.seqs[p]
			q.more = true
			lx.seqs[p] = q
		}
	}
	return lx, sc.Err()
}

// Match returns the entries found in words (as Words returns them), each
// entry once, at its first position.
func (lx *Lexicon) Match(words []string) []Hit {
	var out []Hit
	for i := range words {
		lx.Walk(words, i, func(_ int, e Entry) {
			if !slices.ContainsFunc(out, func(h Hit) bool { return h.Words == e.Words }) {
				out = append(out, Hit{Entry: e, Pos: i})
			}
		})
	}
	return out
}

// Walk calls fn with each entry words[i:] begins with, the shortest first,
// and its length in words. An empty word ends the sequences. One insert
// may stand inside an entry after its first word, where no entry goes on
// with it: "we still need to" is "we need to".
func (lx *Lexicon) Walk(words []string, i int, fn func(n int, e Entry)) {
	gap := -1 // the insert skipped
	for j := i; j < len(words) && words[j] != ""; j++ {
		key := strings.Join(words[i:j+1], " ")
		if gap >= 0 {
			key = strings.Join(words[i:gap], " ") + " " + strings.Join(words[gap+1:j+1], " ")
		}
		q, found := lx.seqs[key]
		if !found && gap < 0 && j > i && lx.inserts[words[j]] {
			gap = j
			continue
		}
		if q.ok {
			fn(j+1-i, q.e)
		}
		if !q.more {
			return
		}
	}
}

// Words splits text into lower-case words: runs of letters, digits and
// apostrophes (’ read as '), with leading and trailing apostrophes trimmed.
// It is the tokenization the lexicon is matched and fitted with.
func Words(text string) []string { return AppendWords(nil, text) }

// AppendWords appends the words of text, as Words splits them, to out.
func AppendWords(out []string, text string) []string {
	for w := range strings.FieldsFuncSeq(text, notWord) {
		// ToLower and ReplaceAll return their input when they change nothing.
		if w = strings.Trim(strings.ReplaceAll(strings.ToLower(w), "’", "'"), "'"); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// notWord reports a rune that is not a letter, digit or apostrophe.
func notWord(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’'
}
