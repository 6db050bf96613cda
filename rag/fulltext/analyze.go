package fulltext

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/registry"
)

// Analyzer turns text into index terms: bleve's English chain (unicode
// tokenizer, possessive removal, lower case, English stop words, Porter
// stemmer) with one filter added before the stop words, which maps about 140
// irregular English verb and plural forms to their base form (went, gone ->
// go; children -> child; the list is irregular.txt), something a suffix
// stemmer cannot do.
//
// archon analyzes text itself and hands bleve the terms, so the index needs
// no custom analyzer registered in bleve's process-wide registry.
type Analyzer struct {
	a analysis.Analyzer
	// The same chain in parts, for Marks: the tokenizer, the filters up
	// to irregular forms (they may change a word's start), and the rest
	// (stop words, Porter), which only change a word's end.
	tok       analysis.Tokenizer
	pre, post []analysis.TokenFilter
	// stop is the English stop word list the chain drops, for Matcher.
	stop analysis.TokenMap
}

// NewAnalyzer builds the analyzer.
func NewAnalyzer() (*Analyzer, error) {
	a, err := registry.NewCache().AnalyzerNamed(en.AnalyzerName)
	if err != nil {
		return nil, fmt.Errorf("english analyzer: %w", err)
	}
	da, ok := a.(*analysis.DefaultAnalyzer)
	if !ok || len(da.TokenFilters) < 3 {
		return nil, fmt.Errorf("english analyzer has an unexpected shape %T", a)
	}
	// en: possessive, lower case, stop, stemmer. Insert irregular forms
	// after lower case.
	// A word longer than MaxTermBytes goes first: no later filter works
	// on it, and it never reaches the index.
	fs := []analysis.TokenFilter{longFilter{}}
	fs = append(fs, da.TokenFilters[:2]...)
	fs = append(fs, irregularFilter{})
	fs = append(fs, da.TokenFilters[2:]...)
	fs = append(fs, vowelYFilter{})
	stop, err := registry.NewCache().TokenMapNamed(en.StopName)
	if err != nil {
		return nil, fmt.Errorf("english stop words: %w", err)
	}
	return &Analyzer{
		a:   &analysis.DefaultAnalyzer{Tokenizer: da.Tokenizer, TokenFilters: fs},
		tok: da.Tokenizer, pre: fs[:4], post: fs[4:],
		stop: stop,
	}, nil
}

// Stop reports whether word, in lower case, is an English stop word: a
// function word ("the", "we", "about") that names nothing.
func (an *Analyzer) Stop(word string) bool {
	_, ok := an.stop[word]
	return ok
}

// MaxTermBytes is the longest word that becomes an index term. A longer
// one (a base64 blob, minified code, a hash pasted whole) is no word
// anyone searches for, and one multi-megabyte term makes every search
// pay for it: BM25 statistics walk the term dictionary, and the index
// merges copy it. Such words are left out of the index, not cut.
const MaxTermBytes = 256

// longFilter drops tokens longer than MaxTermBytes.
type longFilter struct{}

func (longFilter) Filter(in analysis.TokenStream) analysis.TokenStream {
	out := in[:0]
	for _, t := range in {
		if len(t.Term) <= MaxTermBytes {
			out = append(out, t)
		}
	}
	return out
}

// vowelYFilter follows the Porter stemmer and gives back the y it turns
// into i after a vowel: Porter stems "deploy", "deployed" and "deploying"
// to "deploi" but "deployment" to "deploy", so a search for one did not
// find the other (and display/displayed, delay, employ, key/keys alike).
// After a consonant the i stays: "query" and "queries" both stem to
// "queri".
type vowelYFilter struct{}

func (vowelYFilter) Filter(in analysis.TokenStream) analysis.TokenStream {
	for _, t := range in {
		if n := len(t.Term); n >= 3 && t.Term[n-1] == 'i' && strings.IndexByte("aeou", t.Term[n-2]) >= 0 {
			t.Term[n-1] = 'y'
		}
	}
	return in
}

// Token is an analyzed term and the byte range of the text it came from.
type Token struct {
	Term       string
	Start, End int
}

// Tokens analyzes text, keeping each term's position.
func (an *Analyzer) Tokens(text string) []Token {
	ts := an.a.Analyze([]byte(text))
	out := make([]Token, len(ts))
	for i, t := range ts {
		out[i] = Token{Term: string(t.Term), Start: t.Start, End: t.End}
	}
	return out
}

// Prepared is a text tokenized and put through the first filters of the
// chain (those that may change a word's start), ready for MarksIn. It is
// compact (about 20 bytes a word): callers keep many.
type Prepared struct {
	terms string // every term, one after the other
	toks  []prepared
}

type prepared struct {
	start, end int32 // the word in the text
	t0, t1     int32 // its term in terms
}

// Ready reports whether p holds a prepared text (the zero Prepared does
// not).
func (p Prepared) Ready() bool { return p.toks != nil }

// Bytes is about the memory p holds.
func (p Prepared) Bytes() int { return len(p.terms) + int(unsafe.Sizeof(prepared{}))*cap(p.toks) }

// Prepare tokenizes text for MarksIn; a caller that marks the same text
// for many queries keeps the result.
func (an *Analyzer) Prepare(text string) Prepared {
	ts := an.tok.Tokenize([]byte(text))
	for _, f := range an.pre {
		ts = f.Filter(ts)
	}
	n := 0
	for _, t := range ts {
		n += len(t.Term)
	}
	var b strings.Builder
	b.Grow(n)
	toks := make([]prepared, len(ts))
	for i, t := range ts {
		t0 := int32(b.Len())
		b.Write(t.Term)
		toks[i] = prepared{start: int32(t.Start), end: int32(t.End), t0: t0, t1: int32(b.Len())}
	}
	return Prepared{terms: b.String(), toks: toks}
}

// Marks returns the byte ranges of the words of text whose term is one of
// terms, in order: what Tokens would find, for less work.
func (an *Analyzer) Marks(text string, terms map[string]bool) [][2]int {
	return an.MarksIn(an.Prepare(text), terms)
}

// MarksIn is Marks on a prepared text. Every filter of the chain works on
// one token at a time, and the last ones (stop words, Porter) keep a
// word's first two bytes, so only words that start like a term go through
// them.
func (an *Analyzer) MarksIn(p Prepared, terms map[string]bool) [][2]int {
	if len(terms) == 0 {
		return nil
	}
	var heads []string // the first two bytes of each term
	short := false     // a term shorter than that: check every word
	for t := range terms {
		if len(t) < 2 {
			short = true
			continue
		}
		if !slices.Contains(heads, t[:2]) {
			heads = append(heads, t[:2])
		}
	}
	var out [][2]int
	one := make(analysis.TokenStream, 1)
	for _, t := range p.toks {
		term := p.terms[t.t0:t.t1]
		if !short && (len(term) < 2 || !slices.Contains(heads, term[:2])) {
			continue
		}
		one = append(one[:0], &analysis.Token{Term: []byte(term), Start: int(t.start), End: int(t.end)})
		for _, f := range an.post {
			one = f.Filter(one)
		}
		if len(one) == 1 && terms[string(one[0].Term)] {
			out = append(out, [2]int{int(t.start), int(t.end)})
		}
	}
	return out
}

// Terms analyzes text into terms, in order, duplicates kept.
func (an *Analyzer) Terms(text string) []string {
	ts := an.a.Analyze([]byte(text))
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t.Term)
	}
	return out
}

// Joined returns the terms of text separated by spaces, what bleve
// indexes, and their number: the length bleve gives the field.
func (an *Analyzer) Joined(text string) (string, int) {
	ts := an.a.Analyze([]byte(text))
	n := len(ts)
	for _, t := range ts {
		n += len(t.Term)
	}
	var b strings.Builder
	b.Grow(n)
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.Write(t.Term)
	}
	return b.String(), len(ts)
}

type irregularFilter struct{}

// Filter replaces irregular forms by their base form.
func (irregularFilter) Filter(in analysis.TokenStream) analysis.TokenStream {
	for _, t := range in {
		if b, ok := irregular[string(t.Term)]; ok {
			t.Term = []byte(b)
		}
	}
	return in
}

// irregular maps general English irregular verb and plural forms to their
// base form. It is read-only after initialization.
var irregular = func() map[string]string {
	m := map[string]string{}
	for _, l := range strings.Split(irregularFile, "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		for _, w := range f[1:] {
			m[w] = f[0]
		}
	}
	return m
}()

//go:embed irregular.txt
var irregularFile string

// StripLongWords returns text with every run of ASCII letters, digits
// and '_' longer than MaxTermBytes replaced by one space: such a run
// makes no term (see MaxTermBytes), and a document or session text that
// carries it costs its size in every copy the index makes on the way. A
// text without one is returned as it is. (A run joined to letters by '.'
// or an apostrophe, "abc.<run>", leaves "abc" a term where the whole
// would have been too long to be one.)
func StripLongWords(text string) string {
	var b strings.Builder
	last := 0 // text[last:] is not yet copied
	for i := 0; i < len(text); {
		if !asciiRun(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && asciiRun(text[j]) {
			j++
		}
		if j-i > MaxTermBytes {
			if b.Len() == 0 {
				b.Grow(len(text) - (j - i))
			}
			b.WriteString(text[last:i])
			b.WriteByte(' ')
			last = j
		}
		i = j
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}
