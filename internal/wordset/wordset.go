// Package wordset reads word lists kept as data: white-space separated
// words, with lines starting with # as comments.
package wordset

import "strings"

// Set is a read-only set of words.
type Set map[string]struct{}

// Parse reads the words of data.
func Parse(data string) Set {
	s := Set{}
	for _, line := range strings.Split(data, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			s[w] = struct{}{}
		}
	}
	return s
}

// Has reports whether w is in the set.
func (s Set) Has(w string) bool {
	_, ok := s[w]
	return ok
}
