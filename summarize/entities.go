package summarize

import (
	"strings"
)

// EntityKind classifies a piece of critical context.
type EntityKind int

const (
	EntPath EntityKind = iota // a file or directory path
	EntURL                    // an http(s) URL
	EntID                     // an identifier: ticket, hash, UUID, version, CONSTANT
)

// entity is one path, URL or identifier found in text.
type entity struct {
	kind EntityKind
	text string
}

// findEntities returns the paths, URLs and identifiers in s, in order. It
// scans whitespace-separated words, so it costs one pass over s; a quoted
// path with spaces in it ("C:\Program Files\App\app.ini") is one word.
func findEntities(s string, out []entity) []entity {
	prev, prev2 := "", ""
	for len(s) > 0 {
		// Skip to the next word.
		i := 0
		for i < len(s) && isSpaceByte(s[i]) {
			i++
		}
		s = s[i:]
		j := 0
		for j < len(s) && !isSpaceByte(s[j]) && !cellBreak(s, j) {
			j++
		}
		if len(s) == 0 {
			break
		}
		if j == 0 {
			s = s[1:] // a cell separator: "TX0158500-B;night shift;..."
			continue
		}
		if n, text, ok := quotedPath(s, j); ok {
			out = append(out, entity{EntPath, text})
			s = s[n:]
			continue
		}
		if n, text, ok := digitGroups(s); ok {
			out = append(out, entity{EntID, text})
			s = s[n:]
			continue
		}
		w := s[:j]
		s = s[j:]
		if len(w) < 3 || len(w) > 200 {
			prev, prev2 = w, prev
			continue
		}
		if k, text, ok := classifyWord(w); ok {
			if k == EntID && text[0] == '#' && namesNumber(prev) {
				text = prev + " " + text // build #12345, PR #88
			}
			if k == EntID && isDigitByte(text[len(text)-1]) {
				// A code with two digit groups after it is one reference:
				// W9208 26 856768, G0322 26 926031.
				if g1, n1 := nextDigitRun(s, 2, 8); g1 != "" {
					if g2, n2 := nextDigitRun(s[n1:], 4, 8); g2 != "" {
						text, s = text+" "+g1+" "+g2, s[n1+n2:]
					}
				}
			}
			if k == EntID {
				text = refPrefix(prev, text) // IMO 9305776, LOT KD55127, No. 25-517
				if text != trimWord(w) && isAcronym(prev2) && isAcronym(prev) {
					text = prev2 + " " + text // CCD SN 63746
				}
			}
			if k == EntPath {
				for {
					n, joined, ok := spacedPath(text, s)
					if !ok {
						break
					}
					text, s = joined, s[n:] // ~/Library/Application Support/App/x.db
				}
			}
			out = append(out, entity{k, text})
		} else if n := trimWord(w); len(n) >= 3 && len(n) <= 12 && (allDigits(n) || isDigitGroup(n) || labelledCode(n)) {
			if text := refPrefix(prev, n); text != n {
				if isAcronym(prev2) && isAcronym(prev) {
					text = prev2 + " " + text // CCD SN 63746
				}
				// PR 4412, ESN 836-284, and groups after it: NH 2845 6927
				for k := 0; k < 2; k++ {
					g, used := nextDigitRun(s, 3, 6)
					if g == "" {
						break
					}
					text, s = text+" "+g, s[used:]
				}
				out = append(out, entity{EntID, text})
			}
		}
		prev, prev2 = w, prev
	}
	return out
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// trimWord strips quotes, brackets, trailing sentence punctuation and
// markdown emphasis (*x*, **x**); the stars of a glob (**/*.go, *.log,
// logs/*) stay. A markdown link ([text](target)) gives its target.
func trimWord(w string) string {
	if i := strings.Index(w, "]("); i >= 0 {
		w = w[i+2:]
	}
	w = strings.TrimLeft(w, "`'\"([{<")
	w = strings.TrimRight(w, "`'\"()[]{}<>,;:.!?")
	lead := len(w) - len(strings.TrimLeft(w, "*"))
	trail := len(w) - len(strings.TrimRight(w, "*"))
	if lead > 0 && trail > 0 && lead < len(w) {
		n := min(lead, trail)
		w = strings.TrimRight(w[n:len(w)-n], "`'\"()[]{}<>,;:.!?")
	}
	return w
}

func classifyWord(raw string) (EntityKind, string, bool) {
	w := trimWord(raw)
	if len(w) < 3 {
		return 0, "", false
	}
	if strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://") {
		return EntURL, w, len(w) > 10
	}
	if scheme, rest, ok := strings.Cut(w, "://"); ok {
		// s3://bucket/key, gs://, hdfs://, file://: storage locations.
		return EntPath, w, len(scheme) >= 2 && len(scheme) <= 10 && isIdentLike(scheme) && len(rest) >= 3 &&
			!strings.ContainsAny(w, "{}\"<>|\\")
	}
	if looksLikeWindowsPath(w) || envRooted(w) || backslashPath(w) {
		return EntPath, w, true
	}
	if k, v, ok := strings.Cut(w, "="); ok && isIdentLike(k) && len(v) >= 5 && !strings.ContainsAny(v, "=/\\") {
		// job_id=9f2c81ab: a logfmt value is judged alone
		if kind, text, ok := classifyWord(v); ok && kind == EntID {
			return kind, text, true
		}
		return 0, "", false
	}
	if strings.ContainsAny(w, "{}\"=<>|\\") {
		return 0, "", false
	}
	if isCaseRef(w) || isEndpoint(w) || isQualifiedName(w) || isBareNumberID(w) || isCompoundID(w) || atHash(w) {
		return EntID, w, true
	}
	if looksLikePath(stripLineRef(w)) {
		return EntPath, w, true
	}
	if looksLikeID(w) || codeToken(w) || isObjectKey(w) {
		return EntID, w, true
	}
	return 0, "", false
}

func isIdentLike(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z') {
			return false
		}
	}
	return s != ""
}

// looksLikeID accepts ticket keys (ABC-123), issue and PR refs (#123),
// UUIDs, 0x hex literals, commit hashes (7-40 hex chars with a digit and a letter), versions
// (v1.2.3), CONSTANT_NAMES, snake_case names of three words or more
// (flags and keys: checkout_dark_launch) and mixed letter-digit codes
// (INC-2024-0042, req_8f3a9c).
func looksLikeID(w string) bool {
	if w[0] == '#' {
		return len(w) >= 3 && allDigits(w[1:])
	}
	if !isIdentLike(w) {
		return isStampedID(w)
	}
	letters, digits, upper, lower, seps := 0, 0, 0, 0, 0
	hex := true
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'A' && c <= 'Z':
			letters++
			upper++
			hex = hex && c <= 'F'
		case c >= 'a' && c <= 'z':
			letters++
			lower++
			hex = hex && c <= 'f'
		default:
			seps++
			hex = false
		}
	}
	switch {
	case isUUID(w):
		return true
	case isHexLiteral(w):
		return true // 0x7FFE12A0: addresses, error codes, crash signatures
	case hex && len(w) >= 7 && len(w) <= 40 && digits > 0 && letters > 0 && lower+upper == letters:
		return true
	case (w[0] == 'v' || w[0] == 'V') && digits > 0 && strings.Count(w, ".") >= 1 && letters == 1:
		return true // v1.2.3
	case digits > 0 && letters > 0 && seps > 0:
		return len(w) >= 5 && !isQuantity(w) // ABC-123, req_8f3a9, INC-2024-0042; not 0.40s
	case letters == 0 && digits >= 9 && seps >= 2 && seps == strings.Count(w, "-"):
		return true // 978-0-306-40615-7, 4111-1111-1111-1111: grouped numbers longer than a date
	case digits == 0 && lower == 0 && seps >= 1 && seps == strings.Count(w, "-"):
		return capsCode(w) // GATESYNC-LLR, PROJ-ALPHA: capital words joined into a name
	case upper >= 2 && lower == 0 && digits >= 4 && seps == 0 && w[0] >= 'A' && w[0] <= 'Z':
		return true // CHG0012345, ticket numbers without a dash
	case upper >= 1 && lower == 0 && digits >= 6 && seps == 0 && len(w) >= 10:
		return true // serial and tracking numbers: 1Z999AA10123456784
	case upper >= 2 && lower == 0 && seps > 0 && strings.Contains(w, "_"):
		return len(w) >= 5 // DATABASE_URL
	case upper == 0 && digits == 0 && seps == strings.Count(w, "_") && seps >= 2:
		return snakeName(w) // feature flags, config keys: search_ltr_rerank
	case digits > 0 && letters > 0 && seps == 0:
		return mixedCode(w, upper, lower, digits)
	}
	return false
}

// isCaseRef accepts slash-separated references made of a capitalized code
// and numbers (AML/2026/00042, INC/7731): case, file and docket numbers.
// Dates (10/12/2026) and word pairs (and/or) are not.
func isCaseRef(w string) bool {
	segs := strings.Split(w, "/")
	if len(segs) < 2 || len(segs[0]) < 2 {
		return false
	}
	for i := 0; i < len(segs[0]); i++ {
		if c := segs[0][i]; c < 'A' || c > 'Z' {
			return false
		}
	}
	for _, s := range segs[1:] {
		if !allDigits(s) {
			return false
		}
	}
	return true
}

// isHexLiteral accepts a 0x-prefixed number of four hex digits or more.
func isHexLiteral(w string) bool {
	if len(w) < 6 || w[0] != '0' || w[1]|0x20 != 'x' {
		return false
	}
	for i := 2; i < len(w); i++ {
		if c := w[i] | 0x20; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isUUID(w string) bool {
	if len(w) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := w[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
			continue
		}
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// isStampedID accepts identifiers that embed a timestamp
// (scheduled__2026-11-03T02:00:00+00:00, backup-2026-11-03T0200Z): letters,
// digits and "-_.:+", with a word of three letters or more and six digits.
func isStampedID(w string) bool {
	letters, digits, run, word := 0, 0, 0, false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
			run = 0
		case c|0x20 >= 'a' && c|0x20 <= 'z':
			letters++
			run++
			word = word || run >= 3
		case strings.IndexByte("-_.:+", c) >= 0:
			run = 0
		default:
			return false
		}
	}
	return word && digits >= 6 && letters >= 3
}

// snakeName reports lower-case words joined by single underscores, each of
// two letters or more: the names of flags, keys and tables.
func snakeName(w string) bool {
	for _, p := range strings.Split(w, "_") {
		if len(p) < 2 {
			return false
		}
	}
	return true
}

// capsCode reports capital words joined by dashes that read as a code
// rather than a shouted word: seven letters or more, each piece two or
// more, one of five or more (GATESYNC-LLR; not TO-DO, A-B).
func capsCode(w string) bool {
	letters, longest := 0, 0
	for _, p := range strings.Split(w, "-") {
		if len(p) < 2 {
			return false
		}
		letters += len(p)
		longest = max(longest, len(p))
	}
	return letters >= 7 && longest >= 5
}

// digitGroups reads a number written in spaced groups at the start of s
// ("9215 9453 7067 9728", "+44 7700 900730", "23 33 00-012": card,
// phone and catalogue numbers): three groups or more of two to six digits
// (a group may join digits with "-"), nine digits or more in all. It
// returns the bytes read and the number as written.
func digitGroups(s string) (int, string, bool) {
	groups, digits, end := 0, 0, 0
	i := 0
	if strings.HasPrefix(s, "+") {
		i = 1
	}
	for {
		j, n := i, 0
		for j < len(s) && (isDigitByte(s[j]) || s[j] == '-' && j > i && j+1 < len(s) && isDigitByte(s[j+1])) {
			if s[j] != '-' {
				n++
			}
			j++
		}
		if n < 2 || n > 6 && groups > 0 || n > 6 || j < len(s) && !isSpaceByte(s[j]) && strings.IndexByte(".,;:!?)", s[j]) < 0 {
			break
		}
		groups++
		digits += n
		end = j
		if j >= len(s) || s[j] != ' ' || j+1 >= len(s) || !isDigitByte(s[j+1]) {
			break
		}
		i = j + 1
	}
	if groups < 3 || digits < 9 {
		return 0, "", false
	}
	return end, s[:end], true
}

// isDigitGroup reports digits joined by dashes: 836-284, 12-4471.
func isDigitGroup(w string) bool {
	return strings.Contains(w, "-") && allDigits(strings.ReplaceAll(w, "-", "")) && !strings.HasPrefix(w, "-") &&
		!strings.HasSuffix(w, "-")
}

// isAcronym reports a word of two to five capitals (ESN, MRN, VIN): what
// a number after it identifies.
func isAcronym(w string) bool {
	w = strings.TrimRight(w, ".:#")
	if len(w) < 2 || len(w) > 5 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}

// refPrefix puts the word that says what an identifier identifies before
// it, when there is one: a reference noun or acronym before a number
// ("PR 4412", "IMO 9305776", "No. 25-517"), or a short acronym before a
// code ("LOT KD55127", "SKU TSHIRT-BLK"). Otherwise it returns id.
func refPrefix(prev, id string) string {
	prev = strings.TrimLeft(prev, "([{\"'`")
	if prev == "" || id == "" || id[0] == '#' || strings.HasPrefix(strings.ToLower(id), strings.ToLower(strings.TrimRight(prev, ".:"))) {
		return id
	}
	if prev == "No." || prev == "no." || prev == "#" {
		if isDigitByte(id[0]) {
			return prev + " " + id
		}
		return id
	}
	p := strings.TrimRight(prev, ".:")
	switch {
	case isRefNoun(prev) && p[0] >= 'A' && p[0] <= 'Z' && len(id) > 2 && !isDigitByte(id[0]) && (id[1] == '-' || id[1] == '/'):
		return p + " " + id // "Plot B-04-077": a code led by one letter is known by its label
	case isOneOf(strings.ToLower(p), []string{"s/n", "p/n", "sn", "pn", "sku", "lot", "batch", "chip", "microchip", "cast",
		"heat", "ring", "band"}):
		return p + " " + id // "S/N DZ837342", "LOT KD55127": the number is known by what it numbers
	case isDigitByte(id[0]) && (isRefNoun(prev) || isAcronym(prev)):
		return p + " " + id
	case isAcronym(prev) && len(p) <= 4 && p != strings.ToUpper(p[:1])+strings.ToLower(p[1:]):
		return p + " " + id
	}
	return id
}

// cellBreak reports a comma or semicolon at s[j] that separates the cells
// of a CSV row ("TX0158500-B;night shift"), not one in a number
// ("1,250.00") or before a space, which trimWord strips anyway.
func cellBreak(s string, j int) bool {
	if s[j] != ';' && s[j] != ',' || j+1 >= len(s) || isSpaceByte(s[j+1]) {
		return false
	}
	return !(s[j] == ',' && j > 0 && isDigitByte(s[j-1]) && isDigitByte(s[j+1]))
}

// labelledCode reports what is an identifier only after a label says so:
// numbers split by a slash (DRUM 25/313) or ending in letters after a
// dash (Exhibit 44-K).
func labelledCode(n string) bool {
	if a, b, ok := strings.Cut(n, "/"); ok {
		// 25/313, and 7153/N: digits, then digits or a letter or two
		return allDigits(a) && len(a) > 0 && len(b) > 0 && (allDigits(b) || len(b) <= 2 && strings.ToUpper(b) == b && isLetters(b))
	}
	a, b, ok := strings.Cut(n, "-")
	return ok && allDigits(a) && len(a) > 0 && len(b) >= 1 && len(b) <= 3 && strings.ToUpper(b) == b && !allDigits(b) && isLetters(b)
}

// nextDigitRun returns the run of min to max digits that rest opens with
// after one space (" 6927" in "NH 2845 6927"), and the bytes it takes, or
// "" if there is none.
func nextDigitRun(rest string, min, max int) (string, int) {
	if !strings.HasPrefix(rest, " ") {
		return "", 0
	}
	j := 1
	for j < len(rest) && isDigitByte(rest[j]) {
		j++
	}
	if n := j - 1; n < min || n > max || j < len(rest) && !isSpaceByte(rest[j]) && strings.IndexByte(".,;:!?)", rest[j]) < 0 {
		return "", 0
	}
	return rest[1:j], j
}

// atHash reports a name pinned to a hash with "@" (plc@b23e7da1,
// image@sha), not a mail address: no dot after the "@", six or more hex
// digits.
func atHash(w string) bool {
	name, h, ok := strings.Cut(w, "@")
	if !ok || name == "" || len(h) < 6 || strings.ContainsAny(h, ".@") {
		return false
	}
	for i := 0; i < len(h); i++ {
		if c := h[i] | 0x20; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
