package summarize

import "strings"

// namesNumber reports whether the word before a "#1234" reference names
// what it numbers ("build #12345", "PR #88", "order #5521"): a plain word
// of letters that is not a function word or a verb pointing at it ("see
// #12", "fixes #12"), which say nothing about what the number is.
func namesNumber(w string) bool {
	if len(w) < 2 || len(w) > 20 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	l := strings.ToLower(w)
	if stopWords[l] {
		return false
	}
	switch l {
	case "see", "in", "at", "on", "of", "to", "by", "per", "re", "or", "is", "as", "be", "like", "fixes", "fix",
		"fixed", "closes", "close", "closed", "resolves", "resolve", "resolved", "refs", "ref", "via", "was",
		"number", "no", "item", "and", "a", "an", "my", "your", "his", "her", "their", "us", "me":
		return false
	}
	return true
}

// isEndpoint accepts an IPv4 address with an optional port or prefix
// length (10.20.0.14, 10.20.0.14:8080, 10.0.0.0/16): hosts named by
// address are what a summary must keep to find them again.
func isEndpoint(w string) bool {
	host, port, hasPort := strings.Cut(w, ":")
	if hasPort && !(allDigits(port) && len(port) <= 5) {
		return false
	}
	if h, bits, ok := strings.Cut(host, "/"); ok && !hasPort {
		if !allDigits(bits) || len(bits) > 2 {
			return false
		}
		host = h
	}
	parts := strings.Split(host, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if !allDigits(p) || len(p) > 3 {
			return false
		}
	}
	return true
}

// isQualifiedName accepts colon-qualified names that open with a
// lowercase scheme (arn:aws:s3:::bucket, urn:isbn:0451450523,
// spotify:track:4uLU6hMC): three segments or more, made of letters,
// digits and "-_./*+=,@", with a digit or a slash somewhere. Clock times
// (10:30:00) and C++ scopes (std::vector) are not.
func isQualifiedName(w string) bool {
	segs := strings.Split(w, ":")
	if len(segs) < 3 || len(w) < 10 || len(segs[0]) < 2 || len(segs[0]) > 10 {
		return false
	}
	for i := 0; i < len(segs[0]); i++ {
		if c := segs[0][i]; c < 'a' || c > 'z' {
			return false
		}
	}
	if segs[1] == "" {
		return false
	}
	marked := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9' || c == '/':
			marked = true
		case c|0x20 >= 'a' && c|0x20 <= 'z' || strings.IndexByte("-_./*+=,@:", c) >= 0:
		default:
			return false
		}
	}
	return marked
}

// isBareNumberID accepts a bare number of seven to nine digits that is
// not round (order and claim numbers, a short commit hash that happens to
// have no letters): quantities are written round or with separators
// (1000000, 1,250,000), years and counts are shorter, and ten digits or
// more are Unix times and phone numbers as often as not.
func isBareNumberID(w string) bool {
	return len(w) >= 7 && len(w) <= 9 && allDigits(w) && !strings.HasSuffix(w, "000") && w[0] != '0'
}
