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

// isBareNumberID accepts a bare run of six digits or more that is not
// round (order, claim and submission numbers, ship numbers, a short commit
// hash that happens to have no letters): quantities are written round or
// with separators (1000000, 1,250,000), years and counts are shorter, and
// ten or thirteen digits opening with 1 are Unix times (seconds, ms).
func isBareNumberID(w string) bool {
	if (len(w) == 10 || len(w) == 13) && w[0] == '1' {
		return false
	}
	return len(w) >= 6 && len(w) <= 40 && allDigits(w) && !strings.HasSuffix(w, "000") && (w[0] != '0' || len(w) >= 7)
}

// isRefNoun reports a word that a plain number after it identifies
// something by: "PR 4412", "user 48213", "order 5521", "MRN 00482913".
func isRefNoun(w string) bool {
	return isOneOf(strings.ToLower(strings.TrimRight(w, ".:")), []string{"pr", "mr", "issue", "ticket", "case", "order",
		"invoice", "build", "job", "run", "incident", "user", "customer", "account", "patient", "mrn", "claim", "policy",
		"booking", "reservation", "item", "sku", "lot", "batch", "unit", "serial", "shipment", "container", "vehicle",
		"truck", "employee", "member", "student", "request", "change", "cr", "bug", "story", "epic", "task", "id",
		// what physical things and papers are numbered by
		"plot", "paddle", "bay", "bin", "rack", "box", "room", "gate", "berth", "stand", "site", "well", "pad", "cage",
		"pen", "stall", "bed", "chair", "bag", "drum", "crate", "pallet", "tank", "kit", "tube", "vial", "slot", "seat",
		"row", "pole", "dock", "zone", "section", "grave", "lane", "tag", "card", "permit", "certificate",
		"cert", "licence", "license", "registration", "contract", "sample", "specimen", "exhibit", "docket",
		"entry", "receipt", "voucher", "po", "rma", "asset", "device", "machine", "flight", "vessel",
		"voyage", "trip", "haul", "parcel", "package", "consignment", "waybill", "manifest", "panel", "hive"})
}

// mixedCode judges a token of letters and digits without separators by
// its shape, not by any known format: letters and digits that alternate
// more than once (HVZ5VDSX2, a7f3k9), or a run of letters then four
// digits or more (MAEU3182497), or capitals then two digits or more
// (WTG17, HD44780), or eight characters or more of capitals with a digit
// (HGKZCDSX5, a flow cell) are codes. A word with a version or a count after it
// (python3, utf8, gpt4), a number with a unit (100ms, 30x, 3rd, 4K) and
// short abbreviations (i18n, k8s) are not.
func mixedCode(w string, upper, lower, digits int) bool {
	changes := 0
	for i := 1; i < len(w); i++ {
		if isDigitByte(w[i]) != isDigitByte(w[i-1]) {
			changes++
		}
	}
	switch {
	case len(w) < 5 || w[0] == '0' && w[1]|0x20 == 'x':
		return false // 0x literals are judged by isHexLiteral
	case changes >= 2:
		return true
	case isDigitByte(w[0]):
		return false // 100ms, 2nd, 1080p
	case digits >= 4:
		return len(w) >= 5 // E1042, MAEU3182497
	}
	return lower == 0 && upper >= 2 && (digits >= 2 || len(w) >= 8 && upper >= 6)
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// isCompoundID accepts a code joined by "#" or ":" (WTG-C17#3,
// job:88412, FC-H7K2:lane4): pieces of letters, digits and "-_.", with
// letters and digits both present and a piece that mixes them or runs to
// four digits. Clock times and timestamps (they open with a digit), ratios, "Note:" and C++ scopes are not.
func isCompoundID(w string) bool {
	if !strings.ContainsAny(w, "#:") || len(w) < 5 || strings.Contains(w, "::") || isDigitByte(w[0]) {
		return false
	}
	letters, digits, mixed := false, false, false
	for _, p := range strings.FieldsFunc(w, func(r rune) bool { return r == '#' || r == ':' }) {
		if !isIdentLike(p) {
			return false
		}
		l, d := strings.IndexFunc(p, func(r rune) bool { return r|0x20 >= 'a' && r|0x20 <= 'z' }) >= 0,
			strings.IndexFunc(p, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0
		letters, digits = letters || l, digits || d
		mixed = mixed || l && d || allDigits(p) && len(p) >= 4
	}
	return letters && digits && mixed && w[0] != '#' && w[len(w)-1] != ':' && w[len(w)-1] != '#'
}

// noteEntityWeight is what a path or identifier in a note a tool read (a
// prose line, a list item, a "label: value" record, as addNotes keeps
// them) weighs: more than machine output (0.3), which repeats names by the
// hundred, less than the conversation's own words.
const noteEntityWeight = 1.0

// entityWeight is the weight of the entities a sentence names: the
// speaker's weight, more if the sentence was judged an item, and more if
// it asks to keep, watch, track or use something (keepCue): an identifier
// someone said to hold on to is what a summary must not lose. Notes read
// by tools start from noteEntityWeight.
func entityWeight(s *sentence, rw float64, judged bool) float64 {
	w := 2 * rw
	if judged {
		w = 3 * rw
	}
	if s.src == srcTool {
		w = noteEntityWeight
	}
	if keepCue(s.lower) {
		w = max(w, 3*rw) + 1
	}
	return w
}

// keepCues are words that set something aside to keep, watch, find again
// or use: "watch item: X", "keep an eye on X", "pull up X", "paste this:
// X", "the one I need", "guard for X".
var keepCues = []string{"watch", "keep", "track", "remember", "note:", "pin ", "pinned", "flag ", "flagged",
	"follow up", "follow-up", "look into", "investigate", "pull up", "look up", "paste", "save ", "hold on to",
	"the one", "that one", "guard", "do not remove", "don't remove", "reference", "use ", "copy ",
	// what an outsider chases: "I'm writing again about X", "query re X"
	"writing again about", "writing about", "following up on", "query about", "query re", "in touch again about",
	"chasing", "still no reply", "affected record", "affected item", "special case for", "special-cased"}

func keepCue(lower string) bool {
	for _, c := range keepCues {
		if containsPhrase(lower, c) {
			return true
		}
	}
	return false
}

// codeToken is the last word on identifiers: a token of letters, digits
// and separators ("-_.:/#+") that carries digits and is none of the
// things words with digits usually are. Formats are many (case numbers
// like 1:24-cv-09222, drug codes like 33332-053, OIDs like
// 1.2.840.10008.5.1), so what is ruled out is listed instead: dates and
// times, plain and decimal numbers, small ranges (10-20), versions of up
// to four short parts (1.2.3), numbers with a unit (100ms, 64KB, 2nd)
// and words with a version or count (python3, gpt4, sha256).
func codeToken(w string) bool {
	if len(w) < 5 || len(w) > 80 || isStamp(w) {
		return false
	}
	letters, digits := 0, 0
	var groups []string
	cur := strings.Builder{}
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case isDigitByte(c):
			digits++
			cur.WriteByte(c)
		case c|0x20 >= 'a' && c|0x20 <= 'z':
			letters++
			cur.WriteByte(c)
		case strings.IndexByte("-_.:/#+", c) >= 0:
			groups = append(groups, cur.String())
			cur.Reset()
		default:
			return false
		}
	}
	groups = append(groups, cur.String())
	if digits == 0 {
		return false
	}
	if letters == 0 {
		switch {
		case len(groups) == 1:
			return false // a plain number (isBareNumberID judges long ones)
		case len(groups) <= 4 && shortGroups(groups, 3):
			return false // 1.2.3, 10-20, 3.14, 1.25.0
		}
		return digits >= 6
	}
	// Letters and digits: not a number with a unit (0.40s, 1.5GB), a word
	// with a version.
	if last := groups[len(groups)-1]; unitNumber(last) && shortGroups(groups[:len(groups)-1], 4) {
		return false
	}
	for _, g := range groups {
		if g == "" {
			continue
		}
		if unitNumber(g) || wordVersion(g) {
			if len(groups) == 1 {
				return false
			}
		}
	}
	if len(groups) == 1 {
		return false // judged by looksLikeID's shapes
	}
	mixed := 0
	for _, g := range groups {
		if strings.IndexFunc(g, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
			mixed++
		}
	}
	return mixed > 0 && digits >= 2
}

// shortGroups reports whether every group is digits of at most n.
func shortGroups(groups []string, n int) bool {
	for _, g := range groups {
		if len(g) > n || !allDigits(g) {
			return false
		}
	}
	return true
}

// unitNumber reports digits followed by a short unit: 100ms, 64KB, 2nd, 30x.
func unitNumber(g string) bool {
	i := 0
	for i < len(g) && isDigitByte(g[i]) {
		i++
	}
	return i > 0 && len(g)-i <= 3 && !strings.ContainsAny(g[i:], "0123456789")
}

// wordVersion reports a word with a version or count: python3, gpt4, sha256.
func wordVersion(g string) bool {
	i := len(g)
	for i > 0 && isDigitByte(g[i-1]) {
		i--
	}
	return i >= 2 && len(g)-i <= 3 && !strings.ContainsAny(g[:i], "0123456789")
}

// isObjectKey accepts the keys APIs give their objects: a short lower-case
// prefix, an underscore and ten characters or more of random-looking
// letters and digits (cus_NffrFeUfNV2Hib, cmp_wHDNYukzgeSK).
func isObjectKey(w string) bool {
	prefix, rest, ok := strings.Cut(w, "_")
	if !ok || len(prefix) < 2 || len(prefix) > 6 || len(rest) < 10 || strings.Contains(rest, "_") {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if c := prefix[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	upper, lower := 0, 0
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; {
		case c >= 'A' && c <= 'Z':
			upper++
		case c >= 'a' && c <= 'z':
			lower++
		case isDigitByte(c):
		default:
			return false
		}
	}
	return upper >= 2 && lower >= 2
}

// isQuantity reports a number with a unit: 0.40s, 1.5GB, 12.5ms, 3,200km.
func isQuantity(w string) bool {
	i := len(w)
	for i > 0 && (w[i-1]|0x20 >= 'a' && w[i-1]|0x20 <= 'z') {
		i--
	}
	num := w[:i]
	if i == len(w) || len(w)-i > 3 || num == "" {
		return false
	}
	for j := 0; j < len(num); j++ {
		if c := num[j]; !isDigitByte(c) && c != '.' && c != ',' {
			return false
		}
	}
	return true
}
