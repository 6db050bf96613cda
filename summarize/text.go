package summarize

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// oneLine folds white space runs to single spaces and trims.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clipRunes shortens s to at most n runes, cutting at a word boundary
// when one is near and marking the cut with "...".
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	head := string([]rune(s)[:n])
	if i := strings.LastIndexFunc(head, unicode.IsSpace); i >= 0 && utf8.RuneCountInString(head[:i]) > n*3/4 {
		head = head[:i]
	}
	return strings.TrimRight(head, " ,;:-") + "..."
}

// sentences splits text into sentences: at line breaks that end a line
// of prose or a list item, and after ".", "!" or "?" followed by a space
// and a capital letter, digit or opening mark. Markdown list markers and
// emphasis are removed; code fences and headings (titles, not statements)
// are skipped. A sentence ending in a colon ("Updated both functions:",
// "I'd go with pools because:") says little without what it introduces:
// it takes the first items of the list after it; a list item, the items
// indented under it.
func sentences(text string) []string {
	var out []string
	inFence := false
	// out[lead] ends in a colon, has taken items and grows to leadCap runes;
	// out[item] ends a list item indented itemInd.
	lead, items, leadCap, item, itemInd := -1, 0, leadRunes, -1, 0
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
			continue
		}
		if inFence || headingLine.MatchString(t) {
			lead, item = -1, -1
			continue
		}
		ind := len(line) - len(strings.TrimLeft(line, " \t"))
		t, listed := stripMarkup(t)
		if t == "" {
			continue // a list may stand apart from its lead-in
		}
		if listed && lead < 0 && item >= 0 && ind > itemInd {
			out[item] = clipRunes(out[item]+"; "+strings.TrimRight(t, ".;"), leadRunes+leadMore)
			continue
		}
		if lead >= 0 && listed {
			if items < leadItems && utf8.RuneCountInString(out[lead]) < leadCap {
				sep := "; "
				if items++; items == 1 {
					sep = " "
				}
				out[lead] = clipRunes(out[lead]+sep+strings.TrimRight(t, ".;"), leadCap)
			}
			continue
		}
		lead = -1
		start := 0
		for i := 0; i < len(t)-2; i++ {
			c := t[i]
			if (c == '.' || c == '!' || c == '?') && t[i+1] == ' ' && startsSentence(t[i+2:]) && !abbreviation(t[start:i+1]) {
				out = append(out, strings.TrimSpace(t[start:i+1]))
				start = i + 2
			}
		}
		if s := strings.TrimSpace(t[start:]); s != "" {
			out = append(out, s)
			if strings.HasSuffix(s, ":") {
				lead, items, leadCap = len(out)-1, 0, max(leadRunes, utf8.RuneCountInString(s)+leadMore)
			}
		}
		if item = -1; listed {
			item, itemInd = len(out)-1, ind
		}
	}
	return out
}

const leadItems, leadRunes, leadMore = 2, 200, 120

var (
	// listMarker matches a list item's marker (a bullet or a number) and
	// checkbox; headingLine, a heading or a line all in bold, "**Why**";
	// emphasis removes bold marks.
	listMarker  = regexp.MustCompile(`^(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?`)
	headingLine = regexp.MustCompile(`^(?:#{1,6}\s|\*\*[^*]+\*\*:?$)`)
	emphasis    = strings.NewReplacer("**", "", "__", "")
)

func startsSentence(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || r == '"' || r == '(' || r == '`' || r == '*'
}

// abbreviation reports a candidate ending in a single letter, a dotted form
// of pieces of one or two letters, one of them a single letter ("e.g.",
// "U.S.", "Ph.D."; a file or host name such as "main.go", "db.go" or
// "example.com" ends a sentence) or a title-case word without a vowel
// ("Mr.", "Dr.", not "TV."): no sentence end.
func abbreviation(s string) bool {
	w := strings.TrimSuffix(s[strings.LastIndexByte(s, ' ')+1:], ".")
	title := w != "" && unicode.IsUpper(rune(w[0])) && strings.IndexFunc(w[1:], func(r rune) bool { return !unicode.IsLower(r) }) < 0
	pieces := strings.Split(w, ".")
	dotted := len(pieces) > 1 && !slices.ContainsFunc(pieces, func(p string) bool { return utf8.RuneCountInString(p) > 2 }) &&
		slices.ContainsFunc(pieces, func(p string) bool { return utf8.RuneCountInString(p) == 1 })
	return len(w) <= 1 || dotted || title && !strings.ContainsAny(strings.ToLower(w), "aeiouy")
}

// stripMarkup removes a line's heading and quote marks, list marker,
// checkbox and emphasis; listed reports a list marker opening the line.
func stripMarkup(line string) (t string, listed bool) {
	t = strings.TrimSpace(strings.TrimLeft(line, "#>"))
	if m := listMarker.FindStringIndex(t); m != nil {
		t, listed = t[m[1]:], !strings.ContainsAny(line[:1], "#>")
	}
	return strings.TrimSpace(emphasis.Replace(t)), listed
}

// identifiers returns the code-shaped names in s, in order, once each:
// spans in backticks that read as one name or call, and words that mix
// cases inside (camelCase, PascalCase with two humps), join words with
// underscores, qualify a name with dots, mix letters and digits, or call
// a function (name(...)).
func identifiers(s string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(w string) {
		w = strings.Trim(w, ".,;:!?\"'()[]{}<>")
		if len(w) < 3 || len(w) > 64 || seen[w] {
			return
		}
		seen[w] = true
		out = append(out, w)
	}
	for {
		before, rest, ok := strings.Cut(s, "`")
		span, after, closed := strings.Cut(rest, "`")
		if !ok || !closed {
			break
		}
		if !strings.ContainsAny(span, " \n") || (strings.Contains(span, "(") && len(span) < 48) {
			add(span)
		}
		s = before + " " + after
	}
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, ".,;:!?\"'()[]{}<>*")
		w, _, _ = strings.Cut(w, "(") // a call's name, without its arguments
		if codeShaped(w) {
			add(w)
		}
	}
	return out
}

// codeShaped reports a word written the way code names things.
func codeShaped(w string) bool {
	if len(w) < 4 || strings.Contains(w, "://") || strings.HasPrefix(w, "/") {
		return false
	}
	var lower, upper, digit, under, dot, other, humps int
	prevLower := false
	for _, r := range w {
		switch {
		case unicode.IsLower(r):
			lower++
		case unicode.IsUpper(r):
			upper++
			if prevLower {
				humps++
			}
		case unicode.IsDigit(r):
			digit++
		case r == '_':
			under++
		case r == '.':
			dot++
		case r == '-' || r == '#' || r == ':' || r == '/':
		default:
			other++
		}
		prevLower = unicode.IsLower(r)
	}
	letters := lower + upper
	if other > 0 || letters == 0 {
		return false
	}
	return humps >= 1 && lower > 0 || // camelCase, PascalCase with a second hump
		under > 0 && letters > 2 && w[0] != '_' || // snake_case
		dot > 0 && humps+under > 0 || // a qualified name
		digit > 0 && letters >= 2 && !isMeasure(w) // sha256, not 100ms
}

// isMeasure reports a number with a unit or an ordinal ("100ms", "64KB",
// "2nd", "v1.2.3"): digits first, letters only at the end.
func isMeasure(w string) bool {
	w = strings.TrimPrefix(strings.TrimPrefix(w, "v"), "V")
	i := strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' && r != ',' })
	if i <= 0 {
		return i < 0
	}
	return strings.IndexFunc(w[i:], unicode.IsDigit) < 0
}

// pathsIn returns the file paths named in s: words with a slash (or a
// drive's backslash) whose last segment has an extension, or that start
// at a root ("/", "~/", "./", "../") and have two segments or more.
// URLs are not paths.
func pathsIn(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, "`'\"()[]{}<>,;!?*")
		w = strings.TrimRight(w, ".:")
		if i := strings.LastIndexByte(w, ':'); i > 0 && i < len(w)-1 && allDigits(w[i+1:]) {
			w = w[:i] // path:line
		}
		if len(w) < 4 || strings.Contains(w, "://") || strings.ContainsAny(w, "=$%") {
			continue
		}
		sep, unc := "/", strings.HasPrefix(w, `\\`) // a share: \\host\share\file
		if len(w) > 3 && w[1] == ':' && w[2] == '\\' || unc {
			sep = "\\"
		}
		if !strings.Contains(w, sep) {
			continue
		}
		seg := strings.Split(strings.TrimPrefix(w, `\\`), sep)
		if len(seg) < 2 { // a share's host alone
			continue
		}
		last := seg[len(seg)-1]
		rooted := strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~/") || strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") || sep == "\\"
		ext := ""
		if i := strings.LastIndexByte(last, '.'); i > 0 {
			ext = last[i+1:]
		}
		hasExt := len(ext) >= 1 && len(ext) <= 8 && !allDigits(ext) && strings.IndexFunc(ext, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) < 0
		if slices.Contains(seg[1:len(seg)-1], "") || (!hasExt && !(rooted && len(seg) >= 3 && last != "")) {
			continue
		}
		out = append(out, w)
	}
	return out
}

func allDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// urlsIn returns the URLs in s, in order, with surrounding markup and
// trailing punctuation removed.
func urlsIn(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		i := strings.Index(w, "://")
		if i <= 0 {
			continue
		}
		u := w[strings.LastIndexAny(w[:i], "(<[`\"'")+1:]
		u = strings.TrimRight(u, ".,;:!?)]>`\"'*")
		if strings.Contains(u, "://") && len(u) > len("http://x") {
			out = append(out, u)
		}
	}
	return out
}
