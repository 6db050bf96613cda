package rag

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/archon-memory/archon/rag/chunk"
)

// SnippetBytes is the target snippet length.
const SnippetBytes = 200

// snippetText is what a snippet of c is cut from.
func snippetText(c *chunk.Chunk) string {
	if c.Text == "" {
		return c.Title
	}
	return c.Text
}

// snippet returns about SnippetBytes of c's text around the densest run of
// query terms, with each matching word marked as **word**, on one line; a
// star of the text is written \* (markdown's escape), so that its own
// "**bold**" is no mark.
// maxWhyWords bounds Why.Words.
const maxWhyWords = 12

// matchTerms returns what a hit's words and tags match for query text:
// the terms of its words and of their short and long forms, and the tags
// those words name or the question asks for (intents.txt).
func (e *Engine) matchTerms(text string) (terms, tags map[string]bool) {
	an := e.ft.Analyzer()
	terms, tags = map[string]bool{}, map[string]bool{}
	for _, t := range an.Terms(text) {
		terms[t] = true
	}
	for _, w := range rawWords(text) {
		tags[w] = true
		for _, f := range e.shortForms[w] {
			tags[f] = true
			for _, t := range an.Terms(f) {
				terms[t] = true
			}
		}
	}
	asked, _ := asked(e.intents, text)
	for t := range asked {
		tags[t] = true
	}
	return terms, tags
}

// why explains hit r of chunk c for the query's terms and tags (see
// matchTerms).
func (e *Engine) why(c *chunk.Chunk, terms, tags map[string]bool, r ranked) *Why {
	text := snippetText(c)
	an := e.ft.Analyzer()
	w := &Why{Words: []string{}}
	for _, t := range c.Tags {
		if tags[t] {
			w.Tags = append(w.Tags, t)
		}
	}
	for _, h := range an.MarksIn(e.cache.prepared(c.ID, text, an.Prepare), terms) {
		word := strings.ToLower(text[h[0]:h[1]])
		if !slices.Contains(w.Words, word) && len(w.Words) < maxWhyWords {
			w.Words = append(w.Words, word)
		}
	}
	if r.added {
		w.Added = true
		return w
	}
	if sum := r.lex + r.sem; sum > 0 {
		w.Text = math.Round(r.lex/sum*100) / 100
		w.Meaning = math.Round((1-r.lex/sum)*100) / 100
	}
	return w
}

func (e *Engine) snippet(c *chunk.Chunk, terms map[string]bool) string {
	text := snippetText(c)
	an := e.ft.Analyzer()
	hits := an.MarksIn(e.cache.prepared(c.ID, text, an.Prepare), terms) // byte ranges of matching words
	// The window start that covers the most hits.
	start := 0
	if len(text) > SnippetBytes && len(hits) > 0 {
		best, j := 0, 0
		for i := range hits {
			for j < len(hits) && hits[j][1]-hits[i][0] <= SnippetBytes {
				j++
			}
			if j-i > best {
				best, start = j-i, hits[i][0]
			}
		}
		// Leave a little lead-in before the first hit.
		start = max(0, start-30)
		if start+SnippetBytes > len(text) {
			start = max(0, len(text)-SnippetBytes)
		}
	}
	end := min(len(text), start+SnippetBytes)
	for start > 0 && !utf8.RuneStart(text[start]) {
		start--
	}
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	// Snap to word boundaries.
	if start > 0 {
		if i := strings.IndexAny(text[start:end], " \n\t"); i >= 0 && i < 20 {
			start += i + 1
		}
	}
	if end < len(text) {
		if i := strings.LastIndexAny(text[start:end], " \n\t"); i > (end-start)/2 {
			end = start + i
		}
	}
	var b strings.Builder
	if start > 0 {
		b.WriteString("…")
	}
	pos := start
	for _, h := range hits {
		if h[0] < start || h[1] > end {
			continue
		}
		b.WriteString(starsEscaped.Replace(text[pos:h[0]]))
		b.WriteString("**" + starsEscaped.Replace(text[h[0]:h[1]]) + "**")
		pos = h[1]
	}
	b.WriteString(starsEscaped.Replace(text[pos:end]))
	if end < len(text) {
		b.WriteString("…")
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// starsEscaped writes a star of a snippet's text as markdown escapes it.
var starsEscaped = strings.NewReplacer("*", `\*`)
