package convgen

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// data holds what the generator says, as files: the filler vocabulary
// (testdata/words.json). Each file is decoded and checked once, on first
// use, into a value nothing changes afterwards.
//
//go:embed testdata/words.json
var data embed.FS

// wordLists is testdata/words.json: the filler of every conversation.
type wordLists struct {
	About       string   `json:"about"`
	Projects    []string `json:"projects"`
	Files       []string `json:"files"`
	Features    []string `json:"features"`
	Identifiers []string `json:"identifiers"`
	Packages    []string `json:"packages"`
	Verbs       []string `json:"verbs"`
	Types       []string `json:"types"`
	People      []string `json:"people"`
	Commands    []string `json:"commands"`
	// Requests take a feature and a file, narrations a file, replies a
	// file and a feature (fmt %s verbs).
	Requests   []string `json:"requests"`
	Narrations []string `json:"narrations"`
	Replies    []string `json:"replies"`
	// PlantDocs are notes files whose contents carry SpeakerTool facts.
	PlantDocs []string `json:"plant_docs"`
}

const wordsFile = "testdata/words.json"

// loadWords returns the decoded testdata/words.json.
var loadWords = sync.OnceValues(func() (*wordLists, error) {
	b, err := data.ReadFile(wordsFile)
	if err != nil {
		return nil, err
	}
	return decodeWords(wordsFile, b)
})

// mustWords is loadWords for the generator, whose callers are tests: a bad
// file is a bug in the test data, reported by TestData with the same error.
func mustWords() *wordLists {
	w, err := loadWords()
	if err != nil {
		panic("convgen: " + err.Error())
	}
	return w
}

func decodeWords(name string, b []byte) (*wordLists, error) {
	var w wordLists
	if err := decodeStrict(name, b, &w); err != nil {
		return nil, err
	}
	for _, l := range []struct {
		key   string
		list  []string
		verbs int // %s verbs each entry must have
	}{
		{"projects", w.Projects, 0}, {"files", w.Files, 0}, {"features", w.Features, 0},
		{"identifiers", w.Identifiers, 0}, {"packages", w.Packages, 0}, {"verbs", w.Verbs, 0},
		{"types", w.Types, 0}, {"people", w.People, 0}, {"commands", w.Commands, 0},
		{"requests", w.Requests, 2}, {"narrations", w.Narrations, 1}, {"replies", w.Replies, 2},
		{"plant_docs", w.PlantDocs, 0},
	} {
		if len(l.list) == 0 {
			return nil, fmt.Errorf("%s: %q is missing or empty", name, l.key)
		}
		for i, s := range l.list {
			if strings.Count(s, "%") != l.verbs || strings.Count(s, "%s") != l.verbs {
				return nil, fmt.Errorf("%s: %s[%d] %q must have exactly %d %%s and no other %% verb", name, l.key, i, s, l.verbs)
			}
		}
	}
	// Packages are cut to three letters for the identifiers in JSON tool
	// results.
	for i, p := range w.Packages {
		if len(p) < 3 {
			return nil, fmt.Errorf("%s: packages[%d] %q is shorter than three letters", name, i, p)
		}
	}
	return &w, nil
}

// decodeStrict decodes one JSON value from b into v, refusing unknown
// fields and trailing data, and names the file and line of an error.
func decodeStrict(name string, b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("data after the top-level value")
		}
	}
	if err == nil {
		return nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	off := dec.InputOffset()
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	}
	line := 1 + bytes.Count(b[:min(int(off), len(b))], []byte("\n"))
	return fmt.Errorf("%s:%d: %w", name, line, err)
}
