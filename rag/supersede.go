package rag

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/archon-memory/archon/rag/chunk"
)

//go:embed changes.txt
var changesFile string

// A change statement says that a later entry replaces what an earlier one
// settled ("switched from MySQL to PostgreSQL", "we no longer use Redis").
// Search never hides the earlier entry and never decays by age: both stay
// findable, the later one ranks above the earlier, and the earlier hit
// says what superseded it (Result.SupersededBy).

// changeSet is changes.txt compiled into one expression (one pass over a
// text for every pattern), with the submatch of each pattern's {old}.
type changeSet struct {
	re  *regexp.Regexp
	old []int
	// anchors are the patterns' longest words, one each: a text holding
	// none of them (lower-cased) is not matched against re.
	anchors []string
}

// changeWord is a word a slot may take: letters, digits and the marks
// names are written with (node.js, c++, ci/cd, gpt-4).
const changeWord = `[\p{L}\p{N}][\p{L}\p{N}.+#/_-]*`

// parseChanges reads changes.txt.
func parseChanges(data string) (*changeSet, error) {
	cs := &changeSet{}
	var alts []string
	group := 0
	for n, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(strings.ToLower(line))
		var b strings.Builder
		old := -1
		anchor := ""
		for i, w := range f {
			if i > 0 {
				b.WriteString(`\s+`)
			}
			switch w {
			case "{old}", "{new}":
				group++
				if w == "{old}" {
					old = group
				}
				// Lazy before a word of the pattern, greedy at its end.
				lazy := "?"
				if i == len(f)-1 {
					lazy = ""
				}
				fmt.Fprintf(&b, `(%s(?:\s+%s){0,2}%s)`, changeWord, changeWord, lazy)
			default:
				if len(w) > len(anchor) {
					anchor = w
				}
				if strings.ContainsAny(w, "{}") {
					return nil, fmt.Errorf("changes.txt:%d: unknown slot %q (want {old} or {new})", n+1, w)
				}
				b.WriteString(regexp.QuoteMeta(w))
			}
		}
		if old < 0 {
			return nil, fmt.Errorf("changes.txt:%d: a pattern needs an {old} slot", n+1)
		}
		cs.old = append(cs.old, old)
		if !slices.Contains(cs.anchors, anchor) {
			cs.anchors = append(cs.anchors, anchor)
		}
		alts = append(alts, b.String())
	}
	if len(alts) == 0 {
		return cs, nil
	}
	re, err := regexp.Compile(`(?i)(?:^|[^\p{L}\p{N}])(?:` + strings.Join(alts, "|") + `)`)
	if err != nil {
		return nil, fmt.Errorf("changes.txt: %w", err)
	}
	cs.re = re
	return cs, nil
}

// maxChanges is how many change statements of one text are read.
const maxChanges = 8

// subjectCache remembers the subjects of chunks by content hash: a
// search reads the same entries again and again. Every search asks it for
// each hit, concurrently: reads share the lock.
type subjectCache struct {
	mu sync.RWMutex
	m  map[string][][]string
}

// maxSubjectCache bounds the cache; it is emptied when full.
const maxSubjectCache = 8192

// subjectsOf returns what chunk c says it replaced, cached by its hash.
func (e *Engine) subjectsOf(c *chunk.Chunk) [][]string {
	sc := &e.subjects
	sc.mu.RLock()
	s, ok := sc.m[c.Hash]
	sc.mu.RUnlock()
	if ok {
		return s
	}
	s = e.changedSubjects(c.Text)
	sc.mu.Lock()
	if sc.m == nil || len(sc.m) >= maxSubjectCache {
		sc.m = map[string][][]string{}
	}
	sc.m[c.Hash] = s
	sc.mu.Unlock()
	return s
}

// changedSubjects returns the content words (lower-case) of what text
// says it replaced: one set per change statement.
func (e *Engine) changedSubjects(text string) [][]string {
	if e.changes == nil || e.changes.re == nil {
		return nil
	}
	lower := strings.ToLower(text)
	if !slices.ContainsFunc(e.changes.anchors, func(a string) bool { return strings.Contains(lower, a) }) {
		return nil
	}
	var out [][]string
	for _, m := range e.changes.re.FindAllStringSubmatch(text, maxChanges) {
		for _, g := range e.changes.old {
			if m[g] == "" {
				continue
			}
			var words []string
			for _, w := range rawWords(m[g]) {
				if len(w) > 1 && len(e.ft.Analyzer().Terms(w)) > 0 { // not a stop word
					words = append(words, w)
				}
			}
			if len(words) > 0 {
				out = append(out, words)
			}
			break
		}
	}
	return out
}

// Ref names an entry another hit refers to.
type Ref struct {
	ID        string `json:"id"`
	Path      string `json:"path"`
	LineStart int    `json:"line_start"`
	LineEnd   int    `json:"line_end"`
	Date      string `json:"date,omitempty"`
}

func refOf(c *chunk.Chunk) *Ref {
	return &Ref{ID: c.ID, Path: c.Path, LineStart: c.LineStart, LineEnd: c.LineEnd, Date: c.Date}
}

// later reports whether a was written after b (by date, then time); an
// entry without a date is never ordered.
func later(a, b *chunk.Chunk) bool {
	if a.Date == "" || b.Date == "" {
		return false
	}
	if a.Date != b.Date {
		return a.Date > b.Date
	}
	if a.Time != b.Time {
		return a.Time > b.Time
	}
	return a.Path == b.Path && a.LineStart > b.LineStart
}

// isDecision reports whether c is recorded as a decision: it carries a
// tag of the decision intent (an entry's #decision, an L3 decision item)
// or is written as one.
func (e *Engine) isDecision(c *chunk.Chunk) bool {
	if slices.Contains(c.Marks, "decision") {
		return true
	}
	for _, it := range e.intents {
		if it.name == "decision" && slices.ContainsFunc(c.Tags, func(t string) bool { return it.tags[t] }) {
			return true
		}
	}
	return false
}

// supersessions links the ranked chunks: a decision is superseded by the
// earliest later chunk whose change statement names all the terms of its
// {old} in the decision's text. The superseding chunk is moved just above
// the one it supersedes when it ranked below it. It returns the new order
// and, by chunk id, what superseded it and what it superseded.
func (e *Engine) supersessions(ranked []ranked, byID map[string]*chunk.Chunk) ([]ranked, map[string]*Ref, map[string][]*Ref) {
	if len(ranked) < 2 {
		return ranked, nil, nil
	}
	type change struct {
		c        *chunk.Chunk
		subjects [][]string
	}
	var changes []change
	for _, r := range ranked {
		if c := byID[r.id]; c != nil {
			if s := e.subjectsOf(c); len(s) > 0 {
				changes = append(changes, change{c, s})
			}
		}
	}
	if len(changes) == 0 {
		return ranked, nil, nil
	}
	by := map[string]*Ref{}
	of := map[string][]*Ref{}
	var move [][2]string // superseding id, the id it must rank above; in rank order
	moved := map[string]bool{}
	for _, r := range ranked {
		c := byID[r.id]
		if c == nil || !e.isDecision(c) {
			continue
		}
		var words map[string]bool
		var first *chunk.Chunk
		for _, ch := range changes {
			if ch.c.ID == c.ID || !later(ch.c, c) || (first != nil && !later(first, ch.c)) {
				continue
			}
			if words == nil {
				words = map[string]bool{}
				for _, w := range rawWords(lead(c.Text, decisionLead)) {
					words[w] = true
				}
			}
			for _, subj := range ch.subjects {
				if containsAll(words, subj) {
					first = ch.c
					break
				}
			}
		}
		if first != nil {
			by[c.ID] = refOf(first)
			of[first.ID] = append(of[first.ID], refOf(c))
			if !moved[first.ID] {
				moved[first.ID] = true
				move = append(move, [2]string{first.ID, c.ID})
			}
		}
	}
	return rankAbove(ranked, move), by, of
}

// decisionLead is how many of a decision's first lines say what it is
// about: its title and its statement, not the reasoning below them.
const decisionLead = 3

// lead returns the first n non-blank lines of text.
func lead(text string, n int) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) != "" {
			if out = append(out, l); len(out) == n {
				break
			}
		}
	}
	return strings.Join(out, "\n")
}

func containsAll(set map[string]bool, terms []string) bool {
	for _, t := range terms {
		if !set[t] {
			return false
		}
	}
	return true
}

// rankAbove moves the first chunk of each pair just above the second when
// it ranked below it, taking that chunk's score.
func rankAbove(rs []ranked, move [][2]string) []ranked {
	for _, m := range move {
		s, r := m[0], m[1]
		is, ir := -1, -1
		for i := range rs {
			switch rs[i].id {
			case s:
				is = i
			case r:
				ir = i
			}
		}
		if is < 0 || ir < 0 || is < ir {
			continue
		}
		moved := rs[is]
		moved.score = max(moved.score, rs[ir].score)
		copy(rs[ir+1:is+1], rs[ir:is])
		rs[ir] = moved
	}
	return rs
}
