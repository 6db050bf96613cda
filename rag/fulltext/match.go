package fulltext

import (
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/registry"
)

// A Matcher finds where a query's terms stand in texts without analysing
// every word of them: a word is analysed only when it could give one of
// the terms (it begins as one of them does, or is an irregular form), and
// each distinct word once. It counts words as the analyzer does (stop
// words left out), so positions match those of Terms for the words found,
// up to the rarer word boundaries of the Unicode segmentation that it
// approximates (letters and digits, joined by '_', see joins). A Matcher
// is for one goroutine.
type Matcher struct {
	an    *Analyzer
	terms map[string]bool
	heads map[string]bool   // the first bytes (up to headLen) of each term
	memo  map[string]string // lower-cased word -> its term, "" for none
	stop  analysis.TokenMap
	word  []byte
}

// headLen is how many leading bytes of a term a word must share to be
// analysed: a suffix stemmer keeps a word's beginning (but may change its
// third letter: "keys" gives "kei").
const headLen = 2

// Matcher returns a matcher of terms (analysed terms, as Terms gives).
func (an *Analyzer) Matcher(terms map[string]bool) (*Matcher, error) {
	stop, err := registry.NewCache().TokenMapNamed(en.StopName)
	if err != nil {
		return nil, err
	}
	m := &Matcher{an: an, terms: terms, heads: map[string]bool{}, memo: map[string]string{}, stop: stop}
	for t := range terms {
		m.heads[t[:min(len(t), headLen)]] = true
	}
	return m, nil
}

// Scan calls found with the position and term of each word of text that
// is one of the matcher's terms, in order, and returns how many words
// (stop words left out) text holds.
func (m *Matcher) Scan(text string, found func(pos int, term string)) int {
	pos := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isLetterOrDigit(r) {
			i += size
			continue
		}
		m.word = m.word[:0]
		prev := r
		for i < len(text) {
			r, size = utf8.DecodeRuneInString(text[i:])
			if !isLetterOrDigit(r) && r != '_' {
				if n, nsize := utf8.DecodeRuneInString(text[i+size:]); joins(prev, r, n) {
					m.word = append(m.word, text[i:i+size]...)
					m.word = utf8.AppendRune(m.word, unicode.ToLower(n))
					i += size + nsize
					prev = n
					continue
				}
				break
			}
			m.word = utf8.AppendRune(m.word, unicode.ToLower(r))
			prev = r
			i += size
		}
		if m.stop[string(m.word)] {
			continue
		}
		if t := m.term(); t != "" {
			found(pos, t)
		}
		pos++
	}
	return pos
}

// term returns the matcher's term the current word gives, or "".
func (m *Matcher) term() string {
	w := m.word
	if !m.heads[string(w[:min(len(w), headLen)])] && irregular[string(w)] == "" {
		return ""
	}
	if t, ok := m.memo[string(w)]; ok {
		return t
	}
	key, t := string(w), ""
	if ts := m.an.a.Analyze([]byte(key)); len(ts) == 1 && m.terms[string(ts[0].Term)] {
		t = string(ts[0].Term)
	}
	m.memo[key] = t
	return t
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// joins reports whether sep between a and b keeps them in one word, as
// Unicode word segmentation does: '.' and apostrophes between two letters
// or two digits, ':' between two letters, ',' and ';' between two digits.
func joins(a, sep, b rune) bool {
	switch sep {
	case '.', '\'', '’':
		return unicode.IsLetter(a) && unicode.IsLetter(b) || unicode.IsDigit(a) && unicode.IsDigit(b)
	case ':', '·':
		return unicode.IsLetter(a) && unicode.IsLetter(b)
	case ',', ';':
		return unicode.IsDigit(a) && unicode.IsDigit(b)
	}
	return false
}
