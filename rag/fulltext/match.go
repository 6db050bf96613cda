package fulltext

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// A Matcher finds where a query's terms stand in texts without analysing
// every word of them: a word is analysed only when it could give one of
// the terms (it begins with one of them less its last letter, or is an
// irregular form), and each distinct word once. It counts words as the
// analyzer does (stop words left out), so positions match those of Terms
// for the words found, up to the rarer word boundaries of the Unicode
// segmentation that it approximates (letters and digits, joined by '_',
// see joins). Prepare and MarksIn gate words the same way, but on the
// exact segmentation, which costs some 15 us an entry where Scan costs
// 2-4 us: Scan reads texts once each, for one query. A Matcher is for one
// goroutine.
type Matcher struct {
	an    *Analyzer
	terms map[string]bool
	heads []string          // what a word giving each term begins with
	memo  map[string]string // lower-cased word -> its term, "" for none
	word  []byte
}

// Matcher returns a matcher of terms (analysed terms, as Terms gives).
// A word can give a term only if it begins with the term less its last
// letter: the stemmer only cuts a word's end, and may change the last
// letter it leaves ("keys" gives "kei", "hoping" "hope").
func (an *Analyzer) Matcher(terms map[string]bool) *Matcher {
	m := &Matcher{an: an, terms: terms, memo: map[string]string{}}
	for t := range terms {
		if h := t[:max(1, len(t)-1)]; !slices.Contains(m.heads, h) {
			m.heads = append(m.heads, h)
		}
	}
	return m
}

// Scan calls found with the position and term of each word of text that
// is one of the matcher's terms, in order, and returns how many words
// (stop words left out) text holds.
func (m *Matcher) Scan(text string, found func(pos int, term string)) int {
	pos := 0
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf && !asciiWord[c] {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if r >= utf8.RuneSelf && !isLetterOrDigit(r) {
			i += size
			continue
		}
		i = m.readWord(text, i)
		w := m.word
		if len(w) > MaxTermBytes || m.an.stop[string(w)] {
			continue // no term, as in the analyzer: a blob or a stop word
		}
		if t := m.term(); t != "" {
			found(pos, t)
		}
		pos++
	}
	return pos
}

// readWord reads the word starting at text[i] into m.word, lower-cased,
// and returns the index after it. Of a word longer than MaxTermBytes it
// keeps only enough to say so.
func (m *Matcher) readWord(text string, i int) int {
	m.word = m.word[:0]
	prev := rune(0)
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if asciiRun(c) {
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				if len(m.word) <= MaxTermBytes {
					m.word = append(m.word, c)
				}
				prev = rune(c)
				i++
				continue
			}
		} else if r, size := utf8.DecodeRuneInString(text[i:]); isLetterOrDigit(r) {
			if len(m.word) <= MaxTermBytes {
				m.word = utf8.AppendRune(m.word, unicode.ToLower(r))
			}
			prev = r
			i += size
			continue
		}
		// A separator: it joins the runes around it, or ends the word.
		sep, size := utf8.DecodeRuneInString(text[i:])
		n, nsize := utf8.DecodeRuneInString(text[i+size:])
		if !joins(prev, sep, n) {
			break
		}
		if len(m.word) <= MaxTermBytes {
			m.word = append(m.word, text[i:i+size]...)
			m.word = utf8.AppendRune(m.word, unicode.ToLower(n))
		}
		prev = n
		i += size + nsize
	}
	return i
}

// term returns the matcher's term the current word gives, or "".
func (m *Matcher) term() string {
	w := m.word
	if !m.headed() && irregular[string(w)] == "" {
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

// headed reports whether the current word begins as a term's word does.
func (m *Matcher) headed() bool {
	for _, h := range m.heads {
		if len(m.word) >= len(h) && string(m.word[:len(h)]) == h {
			return true
		}
	}
	return false
}

// asciiWord marks the ASCII letters and digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// asciiRun reports whether c belongs to a run of ASCII word bytes:
// letters, digits and '_'.
func asciiRun(c byte) bool { return c < utf8.RuneSelf && asciiWord[c] || c == '_' }

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
