package tokens

import (
	"unicode"
	"unicode/utf8"
)

// This file splits text into pre-tokens exactly as the cl100k_base and
// o200k_base split patterns do (the regexps in tiktoken-go's codec package,
// run by regexp2 with .NET semantics), without a regexp engine:
//
//	cl100k: (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//	        ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//	o200k:  [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|...)?|
//	        [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|...)?|
//	        \p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// Alternatives are tried in order at each position; \s is unicode.IsSpace,
// as in the generated matcher. split_test.go checks the pieces against the
// regexps on large corpora and random text.

// at decodes the rune at byte offset i (ASCII fast path).
func at(s string, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return r|0x20 >= 'a' && r|0x20 <= 'z'
	}
	return unicode.IsLetter(r)
}

func isNumber(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= '0' && r <= '9'
	}
	return unicode.IsNumber(r)
}

func isSpaceRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || r >= '\t' && r <= '\r'
	}
	return unicode.IsSpace(r)
}

// isPrefix is [^\r\n\p{L}\p{N}].
func isPrefix(r rune) bool { return r != '\r' && r != '\n' && !isLetter(r) && !isNumber(r) }

// isPunct is [^\s\p{L}\p{N}].
func isPunct(r rune) bool { return !isSpaceRune(r) && !isLetter(r) && !isNumber(r) }

// isUpperClass is [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}].
func isUpperClass(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'A' && r <= 'Z'
	}
	return unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)
}

// isLowerClass is [\p{Ll}\p{Lm}\p{Lo}\p{M}].
func isLowerClass(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z'
	}
	return unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M)
}

// runWhile returns the end of the run of runes from i that satisfy f.
func runWhile(s string, i int, f func(rune) bool) int {
	for i < len(s) {
		r, n := at(s, i)
		if !f(r) {
			break
		}
		i += n
	}
	return i
}

// contraction matches (?i:'s|'t|'re|'ve|'m|'ll|'d) at i and returns its end,
// or -1.
func contraction(s string, i int) int {
	if i >= len(s) || s[i] != '\'' {
		return -1
	}
	if i+1 >= len(s) {
		return -1
	}
	r, n := at(s, i+1)
	switch r {
	case 's', 'S', 't', 'T', 'ſ', 'm', 'M', 'd', 'D':
		return i + 1 + n
	}
	if i+2 < len(s) {
		a, b := s[i+1]|0x20, s[i+2]|0x20
		if a == 'r' && b == 'e' || a == 'v' && b == 'e' || a == 'l' && b == 'l' {
			return i + 3
		}
	}
	return -1
}

// whitespace handles the three whitespace alternatives shared by both
// patterns, at a position holding white space.
func whitespace(s string, i int) int {
	j := runWhile(s, i, isSpaceRune)
	// \s*[\r\n]+ : up to the last line break of the run.
	for k := j; k > i; {
		r, n := lastRune(s[:k])
		if r == '\r' || r == '\n' {
			return k
		}
		k -= n
	}
	// \s+(?!\S) : the run, less its last rune when a non-space follows.
	if j == len(s) {
		return j
	}
	_, n := lastRune(s[:j])
	if j-n > i {
		return j - n
	}
	// \s+ : a lone white-space rune before a non-space.
	return j
}

func lastRune(s string) (rune, int) {
	if c := s[len(s)-1]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeLastRuneInString(s)
}

// nextCL100K returns the end of the cl100k pre-token starting at i.
func nextCL100K(s string, i int) int {
	if e := contraction(s, i); e > 0 {
		return e
	}
	r, n := at(s, i)
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if isLetter(r) {
		return runWhile(s, i+n, isLetter)
	}
	if isPrefix(r) && i+n < len(s) {
		if r2, _ := at(s, i+n); isLetter(r2) {
			return runWhile(s, i+n, isLetter)
		}
	}
	return tail(s, i, r, n, false)
}

// o200kB1 matches [\p{Lu}...]*[\p{Ll}...]+(contraction)? at p (the part
// after the optional prefix), backtracking over the boundary of the two
// classes, which share Lm, Lo and M. It returns the end or -1.
func o200kB1(s string, p int) int {
	u := runWhile(s, p, isUpperClass)
	end := -1
	if u < len(s) {
		if r, _ := at(s, u); isLowerClass(r) {
			end = runWhile(s, u, isLowerClass)
		}
	}
	for k := u; end < 0 && k > p; {
		r, n := lastRune(s[:k])
		k -= n
		if isLowerClass(r) {
			end = k + n
		}
	}
	if end < 0 {
		return -1
	}
	if e := contraction(s, end); e > 0 {
		end = e
	}
	return end
}

// o200kB2 matches [\p{Lu}...]+[\p{Ll}...]*(contraction)? at p.
func o200kB2(s string, p int) int {
	u := runWhile(s, p, isUpperClass)
	if u == p {
		return -1
	}
	end := runWhile(s, u, isLowerClass)
	if e := contraction(s, end); e > 0 {
		end = e
	}
	return end
}

// o200kWord matches the two word alternatives of o200k at i, each with and
// then without the optional prefix, in the order the regexp tries them. It
// returns the end or -1.
func o200kWord(s string, i int) int {
	r, n := at(s, i)
	pre := isPrefix(r) && i+n < len(s)
	for _, alt := range [2]func(string, int) int{o200kB1, o200kB2} {
		if pre {
			if e := alt(s, i+n); e > 0 {
				return e
			}
		}
		if e := alt(s, i); e > 0 {
			return e
		}
	}
	return -1
}

// nextO200K returns the end of the o200k pre-token starting at i.
func nextO200K(s string, i int) int {
	if e := o200kWord(s, i); e > 0 {
		return e
	}
	r, n := at(s, i)
	return tail(s, i, r, n, true)
}

// tail matches what both encodings' patterns try after their letter rules,
// at rune r (n bytes) at i: \p{N}{1,3}; then ' ?[^\s\p{L}\p{N}]+' followed
// by [\r\n]* (o200k: [\r\n/]*, when slash); then white space.
func tail(s string, i int, r rune, n int, slash bool) int {
	if isNumber(r) {
		j := i + n
		for k := 1; k < 3 && j < len(s); k++ {
			r2, n2 := at(s, j)
			if !isNumber(r2) {
				break
			}
			j += n2
		}
		return j
	}
	p := i
	if r == ' ' {
		p++
	}
	if p < len(s) {
		if r2, _ := at(s, p); isPunct(r2) {
			j := runWhile(s, p, isPunct)
			for j < len(s) && (s[j] == '\r' || s[j] == '\n' || (slash && s[j] == '/')) {
				j++
			}
			return j
		}
	}
	if isSpaceRune(r) {
		return whitespace(s, i)
	}
	return i + n // not reached: every rune is a letter, number, space or punctuation
}
