package embed

// stopWords are frequent English function words. They carry little topic, so
// they add no word or trigram features and do not form word pairs; without
// this, two unrelated sentences share "the", "of" and "to" and look alike.
// The set is read-only.
var stopWords = func() map[string]struct{} {
	m := make(map[string]struct{})
	for _, w := range []string{
		"a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at",
		"be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
		"can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further",
		"had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
		"i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself",
		"of", "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own",
		"same", "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them",
		"themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too",
		"under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who",
		"whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "yourselves",
	} {
		m[w] = struct{}{}
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
