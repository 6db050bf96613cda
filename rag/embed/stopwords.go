package embed

import (
	_ "embed"

	"github.com/archon-memory/archon/internal/wordset"
)

//go:embed stopwords.txt
var stopWordsFile string

// stopWords are the frequent English function words of stopwords.txt. They
// carry little topic, so they add no word or trigram features and do not
// form word pairs; without this, two unrelated sentences share "the", "of"
// and "to" and look alike. The set is read-only.
var stopWords = wordset.Parse(stopWordsFile)

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
	return stopWords.Has(string(buf[:len(rs)]))
}
