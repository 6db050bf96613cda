// Package redact removes secrets from text before archon stores it:
// provider keys and tokens, private-key blocks, credentials in
// Authorization headers and URLs, each replaced by a typed placeholder
// ("[redacted:aws-access-key]"), and <private>...</private> spans, which
// are dropped whole. The built-in patterns are data (patterns.tsv).
package redact

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

//go:embed patterns.tsv
var patternsTSV string

// Pattern is one named secret pattern.
type Pattern struct {
	Name string
	re   *regexp.Regexp
	// group is the index of the "secret" group, or 0 for the whole match.
	group int
	// hints are lower-case strings one of which every match contains;
	// none: the expression always runs.
	hints []string
}

// Redactor replaces secrets in text. It is immutable and safe for
// concurrent use.
type Redactor struct {
	patterns []Pattern
}

// builtin parses patterns.tsv once.
var builtin = sync.OnceValues(func() ([]Pattern, error) { return Parse(patternsTSV) })

// Parse reads pattern lines "name<TAB>regexp[<TAB>hint,hint...]"; blank
// lines and lines starting with # are skipped.
func Parse(text string) ([]Pattern, error) {
	var out []Pattern
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 2 || len(f) > 3 {
			return nil, fmt.Errorf("line %d: want name<TAB>regexp[<TAB>hints]", i+1)
		}
		p, err := Compile(f[0], f[1])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if len(f) == 3 {
			for _, h := range strings.Split(f[2], ",") {
				if h = strings.ToLower(strings.TrimSpace(h)); h != "" {
					p.hints = append(p.hints, h)
				}
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// Compile makes a pattern from a name and a Go regular expression; a
// group named "secret" marks the part to replace.
func Compile(name, expr string) (Pattern, error) {
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsAny(name, " []") {
		return Pattern{}, fmt.Errorf("pattern name %q: want a word such as my-token", name)
	}
	re, err := regexp.Compile(strings.TrimSpace(expr))
	if err != nil {
		return Pattern{}, fmt.Errorf("pattern %s: %w", name, err)
	}
	return Pattern{Name: name, re: re, group: max(0, re.SubexpIndex("secret"))}, nil
}

// New returns a Redactor with the built-in patterns and extra ones (a
// user's own, from privacy.patterns).
func New(extra ...Pattern) (*Redactor, error) {
	b, err := builtin()
	if err != nil {
		return nil, fmt.Errorf("redact: embedded patterns.tsv: %w", err)
	}
	return &Redactor{patterns: append(append([]Pattern(nil), b...), extra...)}, nil
}

var private = regexp.MustCompile(`(?is)<private>.*?</private>`)

// Redact returns text without its secrets and private spans, and the
// names of the patterns that matched (one per replacement).
func (r *Redactor) Redact(text string) (string, []string) {
	var hits []string
	if strings.Contains(strings.ToLower(text), "<private>") { // before the secrets: the span goes whole
		n := len(private.FindAllStringIndex(text, -1))
		text = private.ReplaceAllString(text, "")
		for range n {
			hits = append(hits, "private")
		}
	}
	lower := strings.ToLower(text)
	for _, p := range r.patterns {
		if !p.hinted(lower) {
			continue
		}
		locs := p.re.FindAllStringSubmatchIndex(text, -1)
		if len(locs) == 0 {
			continue
		}
		var b strings.Builder
		last := 0
		for _, m := range locs {
			s, e := m[2*p.group], m[2*p.group+1]
			if s < 0 {
				continue
			}
			b.WriteString(text[last:s])
			b.WriteString("[redacted:" + p.Name + "]")
			last = e
			hits = append(hits, p.Name)
		}
		b.WriteString(text[last:])
		text = b.String()
	}
	return text, hits
}

// hinted reports whether lower (the text in lower case) holds one of the
// pattern's hints, or the pattern has none.
func (p Pattern) hinted(lower string) bool {
	if len(p.hints) == 0 {
		return true
	}
	for _, h := range p.hints {
		if strings.Contains(lower, h) {
			return true
		}
	}
	return false
}
