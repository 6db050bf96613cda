package embed

import (
	_ "embed"
	"strings"
)

//go:embed stopwords.txt
var stopWordsFile string

// stopWords are the frequent English function words of stopwords.txt. They
// carry little topic, so they add no word or trigram features and do not
// form word pairs; without this, two unrelated sentences share "the", "of"
// and "to" and look alike. The set is read-only.
var stopWords = func() map[string]struct{} {
	m := make(map[string]struct{})
	for _, line := range strings.Split(stopWordsFile, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			m[w] = struct{}{}
		}
	}
	return m
}()

// isStopWord reports whether the lower-case ASCII word rs is a stop word.
// Negations ("not", "no", "nor") are kept: they change what a note says.
func isStopWord(rs []rune) bool {
	if len(rs) > 16 {
		return false
	}
	var buf [16]byte
	for i, r := range rs {
		buf[i] = byte(r)
	}
	_, ok := stopWords[string(buf[:len(rs)])]
	return ok
}
