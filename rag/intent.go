package rag

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed intents.txt
var intentsFile string

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

// intentTags returns the tags that mark an answer to text: those of every
// intent one of its words asks for.
func intentTags(intents []intent, text string) map[string]bool {
	var out map[string]bool
	words := rawWords(text)
	for _, it := range intents {
		for _, w := range words {
			if it.words[w] {
				if out == nil {
					out = map[string]bool{}
				}
				for t := range it.tags {
					out[t] = true
				}
				break
			}
		}
	}
	return out
}
