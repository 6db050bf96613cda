package rag

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/archon-memory/archon/rag/fulltext"
)

//go:embed intents.txt
var intentsFile string

//go:embed shortforms.txt
var shortFormsFile string

// parseShortForms reads shortforms.txt: each word maps to the other words
// of its set.
func parseShortForms(data string) map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		set := strings.Fields(line)
		for _, w := range set {
			for _, o := range set {
				if o != w {
					out[w] = append(out[w], strings.ReplaceAll(o, "-", " "))
				}
			}
		}
	}
	return out
}

// intent is what a question asks for: the words that ask for it and the
// tags of the entries that answer it.
type intent struct {
	name  string
	words map[string]bool
	tags  map[string]bool
}

// parseIntents reads intents.txt.
func parseIntents(data string) ([]intent, error) {
	var out []intent
	for n, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, ok := strings.Cut(line, ":")
		words, tags, ok2 := strings.Cut(rest, "|")
		if !ok || !ok2 {
			return nil, fmt.Errorf("intents.txt:%d: want NAME: words | tags", n+1)
		}
		it := intent{name: strings.TrimSpace(name), words: map[string]bool{}, tags: map[string]bool{}}
		for _, w := range strings.Fields(words) {
			it.words[w] = true
		}
		for _, t := range strings.Fields(tags) {
			it.tags[t] = true
		}
		out = append(out, it)
	}
	return out, nil
}

// asked returns the tags that mark an answer to text and the names of
// the intents its words ask for.
func asked(intents []intent, text string) (tags, names map[string]bool) {
	words := rawWords(text)
	for _, it := range intents {
		for _, w := range words {
			if it.words[w] {
				if tags == nil {
					tags, names = map[string]bool{}, map[string]bool{}
				}
				names[it.name] = true
				for t := range it.tags {
					tags[t] = true
				}
				break
			}
		}
	}
	return tags, names
}

// expand adds to q the long forms of the short forms in text, and the
// other way round, each term at weight w (0: none); and every query word
// and form as a tag (an entry tagged #db answers "the database"), at
// weight tag (0: none).
func (q *parsedQuery) expand(an analyzer, text string, forms map[string][]string, w, tag float64, intentWord func(string) bool) {
	have, tags := map[string]bool{}, map[string]bool{}
	for _, t := range q.terms {
		have[t.Text] = true
	}
	addTag := func(word string) {
		if tag > 0 && !tags[word] && !strings.Contains(word, " ") {
			tags[word] = true
			q.terms = append(q.terms, fulltext.Term{Text: word, Weight: tag, Field: fulltext.FieldTags})
		}
	}
	for _, word := range rawWords(text) {
		addTag(word)
		// "PDFs" asks for what is tagged #pdf; the words of an intent
		// ("errors") reach their kind's tags through intents.txt already.
		for _, s := range singulars(word) {
			if !intentWord(word) {
				addTag(s)
			}
		}
		if w <= 0 {
			continue
		}
		for _, f := range forms[word] {
			addTag(f)
			for _, t := range an.Terms(f) {
				if !have[t] {
					have[t] = true
					q.terms = append(q.terms, fulltext.Term{Text: t, Weight: w})
				}
			}
		}
	}
}

// singulars returns the forms word may have in the singular, as a tag
// names a kind ("bugs": bug; "dependencies": dependency). They are only
// added to a question's tag terms, so a form that is no word ("statu" of
// "status") costs a term and finds nothing.
func singulars(word string) []string {
	n := len(word)
	switch {
	case n < 4 || word[n-1] != 's' || strings.HasSuffix(word, "ss"):
		return nil
	case strings.HasSuffix(word, "ies"):
		return []string{word[:n-3] + "y", word[:n-1]}
	}
	return []string{word[:n-1]}
}

// intentWord reports whether word asks for a kind of answer (intents.txt).
func (e *Engine) intentWord(word string) bool {
	return slices.ContainsFunc(e.intents, func(it intent) bool { return it.words[word] })
}

// analyzer is the part of fulltext.Analyzer expand uses.
type analyzer interface{ Terms(string) []string }
