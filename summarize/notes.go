package summarize

import (
	"encoding/json"
	"sort"
	"strings"
	"unicode"

	"github.com/archon-memory/archon/conv"
)

// logLevels open a log record: machine output, not prose.
var logLevels = []string{"trace", "debug", "info", "notice", "warn", "warning", "error", "err", "fatal", "crit", "critical"}

// countWords adds a sentence's distinct content words to the document
// frequencies.
func (x *extractor) countWords(lower string) {
	var buf [48]string
	seen := buf[:0]
	forWords(lower, func(w string) {
		for _, o := range seen {
			if o == w {
				return
			}
		}
		if len(seen) < cap(seen) {
			seen = append(seen, w)
		}
		x.df[w]++
	})
}

// rarity is the share of a sentence's content words that are rare in the
// conversation.
func (x *extractor) rarity(lower string) float64 {
	n, rare := 0, 0
	forWords(lower, func(w string) {
		n++
		if x.df[w] <= rareDF {
			rare++
		}
	})
	if n == 0 {
		return 0
	}
	return float64(rare) / float64(n)
}

// forWords calls fn with each content word of lower: runs of letters,
// digits, '_' and '-' of three bytes or more that are not stop words.
func forWords(lower string, fn func(string)) {
	start := -1
	for i := 0; i <= len(lower); i++ {
		if i < len(lower) && (isWordByte(lower[i]) && lower[i] != '.' && lower[i] != '/' || lower[i] >= 0x80) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start >= 3 && !stopWords[lower[start:i]] {
			fn(lower[start:i])
		}
		start = -1
	}
}

var stopWords = map[string]bool{"the": true, "and": true, "for": true, "with": true, "that": true, "this": true,
	"from": true, "are": true, "was": true, "were": true, "will": true, "have": true, "has": true, "not": true,
	"but": true, "you": true, "our": true, "its": true, "all": true, "can": true, "now": true, "into": true,
	"then": true, "than": true, "they": true, "there": true, "what": true, "when": true, "which": true, "who": true,
	"how": true, "why": true, "out": true, "about": true, "after": true, "before": true, "also": true, "just": true,
	"only": true, "some": true, "any": true, "one": true, "it's": true, "we're": true, "i'll": true, "we'll": true,
	"let": true, "let's": true, "don't": true, "does": true, "did": true, "been": true, "being": true, "more": true}

// addNotes reads prose lines in a tool result (notes, documents, tracker
// output), skipping code, logs and JSON.
func (x *extractor) addNotes(text string, recency float64) {
	var b strings.Builder
	csvCols := 0   // commas per row under a CSV header of record fields
	var cols []int // column starts under an aligned header of record fields
	bars := 0      // bars per row under a bar-separated header
	for _, line := range strings.Split(text, "\n") {
		if st := stripStamp(line); st != line {
			line = chatName(st) // "06:40 flagged X for follow-up", "[09:14] amir: ...", "03/06/2026, 07:44 - Ilse: ..."
		}
		t := strings.TrimSpace(line)
		_, item := listItem(t)
		if isRule(t) || csvCols > 0 && strings.Count(t, ",") == csvCols || cols != nil && aligned(line, cols) ||
			bars > 0 && strings.Count(t, "|") == bars {
			b.WriteString(line + "\n") // a table's rule and rows stay with its header
			continue
		}
		csvCols, cols, bars = 0, nil, 0
		if barHeader(t) {
			bars = strings.Count(t, "|") // "id | status | item": its rows open with numbers
			b.WriteString(t + "\n")
			continue
		}
		if _, keys := csvHeader(t); keys != nil {
			csvCols = strings.Count(t, ",")
			b.WriteString(t + "\n")
			continue
		}
		if starts := columnStarts(line); len(starts) >= 3 && headerKeys(cutColumns(line, starts)) != nil {
			cols = starts // "id   status  owner   title": its rows open with numbers
			b.WriteString(line + "\n")
			continue
		}
		if isLogLevel(t, "info", "warn", "warning", "notice") && hasAny(strings.ToLower(t), loggedWork) {
			b.WriteString(t + "\n") // "INFO reminder-bot: overdue item "X"": a bot telling of work owed
			continue
		}
		if csvRow(t) {
			b.WriteString(t + "\n") // "CR6927-F,QUERY,registrar,2026-10-07": a row names its record
			continue
		}
		if _, ok := jsonRecord(t); ok {
			b.WriteString(t + "\n") // {"task": "...", "status": "open"}: a record, read by splitUnits
			continue
		}
		if line == "" || (line[0] == '\t' || strings.HasPrefix(line, "    ")) && !indentedProse(t) || t == "" || isLogLevel(t, logLevels...) ||
			strings.ContainsAny(t[:1], "{}[\"0123456789") && !item && !isCheckbox(t) && !quotedSpeech(t) || strings.Contains(t, ":=") ||
			codeLine(t) || len(strings.Fields(t)) < 2 && headingHint(t) == "" || hasErrorLine(t) {
			if b.Len() > 0 {
				x.addText(b.String(), conv.RoleTool, recency, srcTool)
				b.Reset()
			}
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	if b.Len() > 0 {
		x.addText(b.String(), conv.RoleTool, recency, srcTool)
	}
}

// addCode reads the comments in code an edit tool writes.
func (x *extractor) addCode(input []byte, recency float64) {
	var args map[string]any
	if json.Unmarshal(input, &args) != nil {
		return
	}
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same input is read the same way every time
	for _, k := range keys {
		code, ok := args[k].(string)
		if !ok || !strings.Contains(code, "\n") {
			continue
		}
		// A run of comment lines is one block: a line may give the
		// reason for the one before it.
		var block []string
		flush := func() {
			if len(block) > 0 {
				x.addText(unwrap(block), conv.RoleAssistant, recency, srcCode)
				block = block[:0]
			}
		}
		for _, line := range strings.Split(code, "\n") {
			t := strings.TrimSpace(line)
			comment := false
			for _, m := range []string{"//", "#", "--", "/*", "*", ";"} {
				if strings.HasPrefix(t, m) {
					// Only the comment mark goes: a list inside the comment
					// ("//   * sync the agreements") keeps its bullets.
					block = append(block, strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimLeft(t[len(m):], "/*"), " "), "*/")))
					comment = true
					break
				}
			}
			if !comment {
				flush()
			}
		}
		flush()
	}
}

// unwrap joins lines that wrap one sentence ("Somebody still needs to" /
// "re-check the deck plan" / "before the flow is switched on.") with
// spaces; a line that ends a sentence, an empty line, a list item, a
// checkbox or a table row ends the run.
func unwrap(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			prev := lines[i-1]
			if wraps(prev, l) {
				b.WriteByte(' ')
			} else {
				b.WriteByte('\n')
			}
		}
		b.WriteString(l)
	}
	b.WriteByte('\n')
	return b.String()
}

// wraps reports whether line next carries on the sentence of line prev.
func wraps(prev, next string) bool {
	p, n := strings.TrimSpace(prev), strings.TrimSpace(next)
	if p == "" || n == "" || strings.ContainsAny(p[len(p)-1:], ".!?:;|") || strings.HasPrefix(n, "|") {
		return false
	}
	if _, item := listItem(n); item || isCheckbox(n) {
		return false
	}
	if _, item := listItem(p); item {
		return false // a list item wrapping is rare; its next line is the next item
	}
	return n[0] >= 'a' && n[0] <= 'z' || strings.HasSuffix(p, ",")
}

// isMailHeader reports a header line of a mail or a forwarded message
// ("Subject: Re: options", "From: joan.ops"): it says who wrote and about
// what, never what was decided or is owed.
func isMailHeader(lower string) bool {
	label, _, ok := strings.Cut(lower, ":")
	return ok && isOneOf(label, []string{"subject", "from", "to", "cc", "bcc", "re", "fwd", "fw", "sent", "date", "reply-to"})
}

// isCheckbox reports a checklist line: "[ ] renew the cert", "[x] done".
func isCheckbox(t string) bool {
	return len(t) > 4 && t[0] == '[' && t[2] == ']' && strings.IndexByte(" xX-~", t[1]) >= 0
}

// indentedProse reports an indented line that reads as words, not code:
// the body of a commit in git log, a wrapped paragraph of a quoted mail.
// Code has brackets, operators or a colon at the end.
func indentedProse(t string) bool {
	if len(strings.Fields(t)) < 5 || !unicode.IsLetter(rune(t[0])) || strings.ContainsAny(t, "(){}[]=;<>|$`\"") ||
		strings.HasSuffix(t, ":") {
		return false
	}
	return true
}

// quotedSpeech reports a line that opens a quotation in words (a
// voicemail transcript, a quoted remark), not a JSON string or key.
func quotedSpeech(t string) bool {
	return strings.HasPrefix(t, "\"") && len(t) > 1 && unicode.IsLetter(rune(t[1])) && !strings.Contains(t, "\":") &&
		!strings.Contains(t, "\",") && len(strings.Fields(t)) >= 4
}

// loggedWork in a log record tell of work owed (a reminder bot, a
// tracker's digest).
var loggedWork = []string{"overdue", "reminder:", "reminder sent for", "still open", "unassigned", "action required",
	"needs attention", "awaiting action"}

// chatName drops the sender's name from a line of a chat export after its
// time stamp ("Ilse: eHive.", "Bram Vos: Picarro."): in a stamped line a
// short capitalized label before a colon is who spoke, not what about.
func chatName(t string) string {
	label, rest, ok := strings.Cut(t, ": ")
	f := strings.Fields(label)
	if !ok || rest == "" || len(f) == 0 || len(f) > 2 || len(label) > 24 || isLogLevel(t, logLevels...) {
		return t
	}
	for _, w := range f {
		if w[0] < 'A' || w[0] > 'Z' || strings.ToUpper(w) == w || !isLetters(w) {
			return t // "ERROR: ...", "Re: ...", not a name
		}
	}
	if isRecordLabel(strings.ToLower(label)) {
		return t
	}
	return rest
}

// isLetters reports a word of letters only (and the apostrophes and
// hyphens of names).
func isLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '\'' && r != '-' {
			return false
		}
	}
	return true
}

// csvRow reports a line of three or more cells split by commas or
// semicolons with no spaces after them, as exports print rows.
func csvRow(t string) bool {
	for _, sep := range []string{",", ";"} {
		if n := strings.Count(t, sep); n >= 2 && !strings.Contains(t, sep+" ") && !strings.ContainsAny(t, "{}[]()=\"") {
			return true
		}
	}
	return false
}
