package rag

import (
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/archon-memory/archon/internal/wordset"
	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/store"
)

//go:embed changes.txt
var changesFile string

//go:embed hedges.txt
var hedgesFile string

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
	// new is the submatch of each pattern's {new}, -1 when it has none;
	// what, of its {what}.
	new, what []int
	// anchors are the patterns' longest words, one each: a text holding
	// none of them (lower-cased) is not matched against re.
	anchors []string
	// an tells stop words, which name nothing that was replaced.
	an *fulltext.Analyzer
	// hedges are the words that, before a change in its sentence, make it
	// no change made (hedges.txt).
	hedges wordset.Set
}

// changeWord is a word a slot may take: letters, digits and the marks
// names are written with (node.js, c++, ci/cd, gpt-4); a dot only inside
// it, so a slot does not run on past the end of a sentence.
const changeWord = `[\p{L}\p{N}](?:[\p{L}\p{N}.+#/_-]*[\p{L}\p{N}+#/_-])?`

// parseChanges reads changes.txt.
func parseChanges(data string) (*changeSet, error) {
	an, err := fulltext.NewAnalyzer()
	if err != nil {
		return nil, fmt.Errorf("changes.txt: %w", err)
	}
	cs := &changeSet{an: an, hedges: wordset.Parse(hedgesFile)}
	var alts []string
	group := 0
	for n, line := range strings.Split(data, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(strings.ToLower(line))
		var b strings.Builder
		old, nw, what := -1, -1, -1
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
				} else {
					nw = group
				}
				// Lazy before a word of the pattern, greedy at its end.
				lazy := "?"
				if i == len(f)-1 {
					lazy = ""
				}
				fmt.Fprintf(&b, `(%s(?:\s+%s){0,2}%s)`, changeWord, changeWord, lazy)
			case "{what}":
				// What changed ("the session store").
				group++
				what = group
				fmt.Fprintf(&b, `(%s(?:\s+%s){0,%d}?)`, changeWord, changeWord, whatWords-1)
			default:
				if len(w) > len(anchor) {
					anchor = w
				}
				if strings.ContainsAny(w, "{}") {
					return nil, fmt.Errorf("changes.txt:%d: unknown slot %q (want {old}, {new} or {what})", n+1, w)
				}
				b.WriteString(regexp.QuoteMeta(w))
			}
		}
		if old < 0 {
			return nil, fmt.Errorf("changes.txt:%d: a pattern needs an {old} slot", n+1)
		}
		cs.old, cs.new, cs.what = append(cs.old, old), append(cs.new, nw), append(cs.what, what)
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

// whatWords is the most words a {what} slot takes.
const whatWords = 4

// maxChanges is how many change statements of one text are read.
const maxChanges = 8

// subjectCache remembers the subjects of chunks by content hash: a
// search reads the same entries again and again. Every search asks it for
// each hit, concurrently: reads share the lock.
type subjectCache struct {
	mu sync.RWMutex
	m  map[string][]changed
}

// maxSubjectCache bounds the cache; it is emptied when full.
const maxSubjectCache = 8192

// subjectsOf returns what chunk c says it replaced, cached by its hash.
func (e *Engine) subjectsOf(c *chunk.Chunk) []changed {
	if !slices.Contains(c.Marks, markChange) {
		return nil // the index run found no change statement in it
	}
	sc := &e.subjects
	sc.mu.RLock()
	s, ok := sc.m[c.Hash]
	sc.mu.RUnlock()
	if ok {
		return s
	}
	s = e.changes.subjects(c.Text)
	sc.mu.Lock()
	if sc.m == nil || len(sc.m) >= maxSubjectCache {
		sc.m = map[string][]changed{}
	}
	sc.m[c.Hash] = s
	sc.mu.Unlock()
	return s
}

// changed is what one change statement says: the content words
// (lower-case) of what was replaced, which of them it writes with a
// capital (a name: "Go", not the verb "go"), the words of what replaced
// it (none when the statement does not say), and what changed.
type changed struct {
	old   []string
	named []bool
	new   []string
	// what is what changed, when the statement names it ("moved the rate
	// limiter from Redis to ..."): its terms, stemmed.
	what []string
}

// subjects returns what text says it replaced, one per change statement.
func (cs *changeSet) subjects(text string) []changed {
	if cs == nil || cs.re == nil {
		return nil
	}
	lower := strings.ToLower(text)
	if !slices.ContainsFunc(cs.anchors, func(a string) bool { return strings.Contains(lower, a) }) {
		return nil
	}
	return cs.match(text)
}

// match is subjects without the first look for an anchor (the caller saw
// one: see writtenAs.marks). A change asked about ("should we switch from
// Jenkins to GitHub Actions?") is no statement.
func (cs *changeSet) match(text string) []changed {
	var out []changed
	// The expression is slow on long texts: only the sentences (or lines)
	// holding an anchor are read.
	for from := 0; from < len(text) && len(out) < maxChanges; {
		end := from + sentenceEnd(text[from:])
		if s := text[from:end]; cs.anchored(s) {
			out = append(out, cs.matchSentence(text, from, end)...)
		}
		from = end
	}
	return out[:min(len(out), maxChanges)]
}

// sentenceEnd returns the length of the first sentence or line of text,
// its closing mark included.
func sentenceEnd(text string) int {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n', '!', '?':
			return i + 1
		case '.':
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n' {
				return i + 1
			}
		}
	}
	return len(text)
}

// anchored reports whether s holds one of the patterns' anchor words.
func (cs *changeSet) anchored(s string) bool {
	lower := strings.ToLower(s)
	return slices.ContainsFunc(cs.anchors, func(a string) bool { return strings.Contains(lower, a) })
}

// matchSentence reads the change statements of text[from:end].
func (cs *changeSet) matchSentence(text string, from, end int) []changed {
	var out []changed
	for _, ix := range cs.re.FindAllStringSubmatchIndex(text[from:end], maxChanges) {
		for i := range ix {
			if ix[i] >= 0 {
				ix[i] += from
			}
		}
		if inQuestion(text, ix[1]) || cs.hedged(text[from:ix[0]]) {
			continue // asked, considered, planned: not made
		}
		slot := func(g int) string {
			if g <= 0 || ix[2*g] < 0 {
				return ""
			}
			return text[ix[2*g]:ix[2*g+1]]
		}
		for k, g := range cs.old {
			o := slot(g)
			if o == "" {
				continue
			}
			var ch changed
			ch.old, ch.named = cs.contentWords(o)
			ch.new, _ = cs.contentWords(slot(cs.new[k]))
			if w := slot(cs.what[k]); w != "" {
				ch.what = cs.an.Terms(w)
			}
			// A sentence's first word has a capital whatever it is:
			// "Eventually MySQL was replaced" names MySQL.
			if strings.TrimLeftFunc(text[from:ix[2*g]], notWord) == "" && len(ch.named) > 1 && slices.Contains(ch.named[1:], true) {
				ch.named[0] = false
			}
			if len(ch.old) > 0 {
				out = append(out, ch)
			}
			break
		}
	}
	return out
}

// hedged reports whether the clause before a change statement (the text
// since the last comma, colon or semicolon) holds a word of hedges.txt:
// "we considered migrating from ...", not "As planned, we switched from";
// "May" with a capital is the month ("In May we switched").
func (cs *changeSet) hedged(before string) bool {
	if i := strings.LastIndexAny(before, ",;:"); i >= 0 {
		before = before[i+1:]
	}
	return slices.ContainsFunc(casedWords(before), func(w string) bool {
		return w != "May" && cs.hedges.Has(strings.ReplaceAll(strings.ToLower(w), "’", "'"))
	})
}

// notWord reports a rune no word is made of.
func notWord(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// inQuestion reports whether the sentence of text running on at i ends with a
// question mark.
func inQuestion(text string, i int) bool {
	j := i + sentenceEnd(text[i:])
	return j > i && text[j-1] == '?'
}

// contentWords returns the name a slot holds, lower-case, and which of
// its words are written with a capital: its first run of words that are
// no stop words ("the Redis cache" is "redis cache", "PostgreSQL for
// orders" is "postgresql").
func (cs *changeSet) contentWords(s string) ([]string, []bool) {
	var words []string
	var named []bool
	for _, w := range casedWords(s) {
		lw := strings.ToLower(w)
		if len(lw) > 1 && len(cs.an.Terms(lw)) > 0 {
			words, named = append(words, lw), append(named, lw != w)
		} else if len(words) > 0 {
			break
		}
	}
	return words, named
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
	if a.Time == "" || b.Time == "" {
		return false // an L3 record has a day but no time: not ordered that day
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
// earliest later chunk, among the ranked ones and others (the change
// statements dated after the decisions, see changeCandidates), with a
// change statement that undoes it (see undoes). A decision is read from
// its item's first piece: heads maps a later piece's id to it. The
// superseding chunk is moved just above the one it supersedes when it
// ranked below it, or put there (and into byID) when it was no hit, is
// visible (within the query's filters) and both fit in the k best. It
// returns the new order and, by chunk id, what superseded it and what it
// superseded.
func (e *Engine) supersessions(ranked []ranked, byID, heads map[string]*chunk.Chunk, others []chunk.Chunk, visible func(*chunk.Chunk) bool, k int) ([]ranked, map[string]*Ref, map[string][]*Ref) {
	if len(ranked)+len(others) < 2 {
		return ranked, nil, nil
	}
	type change struct {
		c        *chunk.Chunk
		subjects []changed
	}
	var changes []change
	add := func(c *chunk.Chunk) {
		if s := e.subjectsOf(c); len(s) > 0 {
			changes = append(changes, change{c, s})
		}
	}
	for _, r := range ranked {
		if c := byID[r.id]; c != nil {
			add(c)
		}
	}
	for i := range others {
		if byID[others[i].ID] == nil {
			add(&others[i])
		}
	}
	if len(changes) == 0 {
		return ranked, nil, nil
	}
	by := map[string]*Ref{}
	of := map[string][]*Ref{}
	moved := map[string]bool{}
	seen := map[string]bool{}
	// A superseding entry taken into the hits may be a decision superseded
	// in turn (X to Y, then Y to Z): another pass reads what joined.
	for range 4 {
		var move [][2]string // superseding id, the id it must rank above; in rank order
		inserted := 0
		idx := make(map[string]int, len(ranked))
		for i, r := range ranked {
			idx[r.id] = i
		}
		for at, r := range ranked {
			c := byID[r.id]
			if c == nil || seen[r.id] {
				continue
			}
			seen[r.id] = true
			head := c
			if h := heads[c.ID]; h != nil {
				head = h
			}
			if !e.isDecision(head) {
				continue
			}
			var d *leadOf
			var first *chunk.Chunk
			for _, ch := range changes {
				if sameItem(ch.c, head) || !later(ch.c, head) || (first != nil && !later(first, ch.c)) {
					continue
				}
				if d == nil {
					d = e.lead(head)
				}
				if slices.ContainsFunc(ch.subjects, d.undoneBy) {
					first = ch.c
				}
			}
			if first == nil {
				continue
			}
			by[c.ID] = refOf(first)
			of[first.ID] = append(of[first.ID], refOf(c))
			if moved[first.ID] {
				continue
			}
			if i, ranks := idx[first.ID]; !ranks || i >= k && at < k {
				// It joins the k best above the decision (from beyond them,
				// or from no hit at all), both within them, the decision not
				// pushed out.
				if _, hit := byID[first.ID]; at+inserted+1 >= k || !hit && !visible(first) {
					continue
				}
				inserted++
			}
			moved[first.ID] = true
			move = append(move, [2]string{first.ID, c.ID})
		}
		if len(move) == 0 {
			break
		}
		for i := range others {
			if moved[others[i].ID] && byID[others[i].ID] == nil {
				byID[others[i].ID] = &others[i] // it joins the hits
			}
		}
		ranked = rankAbove(ranked, move)
	}
	return ranked, by, of
}

// sameItem reports whether a is a piece of the item whose first piece
// is head: a long decision's later pieces do not supersede it.
func sameItem(a, head *chunk.Chunk) bool {
	return a.ID == head.ID || a.Path == head.Path && a.Part > 0 && a.Seq-a.Part == head.Seq
}

// decisionLead is how many of a decision's first lines say what it is
// about: its title and its statement, not the reasoning below them.
const decisionLead = 3

// leadOf is a decision as supersession reads it: the words of its first
// lines (lower-case, with the other forms of its short and long forms: a
// change from "Mongo" names a decision for "MongoDB"), those of them it
// writes with a capital, and what its own change statements replaced.
type leadOf struct {
	words, names map[string]bool
	terms        map[string]bool // words and forms, stemmed
	own          []changed
}

func (e *Engine) lead(c *chunk.Chunk) *leadOf {
	d := &leadOf{words: map[string]bool{}, names: map[string]bool{}, terms: map[string]bool{}, own: e.subjectsOf(c)}
	for _, w := range casedWords(lead(c.Text, decisionLead)) {
		lw := strings.ToLower(w)
		forms := append([]string{lw}, e.shortForms[lw]...)
		for _, f := range forms {
			d.words[f] = true
			if lw != w {
				d.names[f] = true
			}
		}
	}
	for _, t := range e.changes.an.Terms(strings.Join(slices.Collect(maps.Keys(d.words)), " ")) {
		d.terms[t] = true
	}
	return d
}

// undoneBy reports whether change ch undoes the decision: the decision
// names what ch replaced, and did not replace the same thing itself (a
// decision "Changed from polling to webhooks" is not undone by "Replaced
// polling with webhooks", nor one that dropped MySQL by a later entry that
// drops MySQL elsewhere). What ch replaced is its names, the words it
// writes with a capital, when it has some ("no longer use Redis
// anywhere" names Redis), else all its words. A short word (up to
// shortName letters) must be written with a capital on both sides, or it
// is no name: "Switched from Go to Rust" does not undo "go with Redis",
// nor does "switched from go". A change that says what changed undoes
// only a decision that names it too: "moved the rate limiter from Redis to
// Memcached" leaves "Redis for the session store" as it was.
func (d *leadOf) undoneBy(ch changed) bool {
	if slices.ContainsFunc(ch.what, func(t string) bool { return !d.terms[t] }) {
		return false
	}
	named := slices.Contains(ch.named, true)
	for i, w := range ch.old {
		switch {
		case named && !ch.named[i]:
		case !d.words[w]:
			return false
		case len(w) <= shortName && (!ch.named[i] || !d.names[w]):
			return false
		}
	}
	return !slices.ContainsFunc(d.own, func(o changed) bool { return slices.Equal(o.old, ch.old) })
}

// shortName is the length up to which a word is a name only when written
// with a capital (Go, R, C, Rust are also words).
const shortName = 4

// changeCandidates returns the entries that may supersede the decisions
// among hits although they are no hit themselves ("which ORM" finds
// "Chose Prisma as our ORM" but not the later "Replaced Prisma with
// Drizzle"): the first changeWindow entries marked as holding a change
// statement (markChange) from each decision's date on (read from heads,
// their items' first pieces), within the query's projects. Looking at
// them, not only at the hits, makes a decision's supersession the same
// whatever the question.
func (e *Engine) changeCandidates(ctx context.Context, hits []ranked, byID, heads map[string]*chunk.Chunk, f Filter) ([]chunk.Chunk, error) {
	var dates []string
	for _, r := range hits {
		c := byID[r.id]
		if h := heads[r.id]; h != nil {
			c = h
		}
		if c != nil && c.Date != "" && e.isDecision(c) {
			dates = append(dates, c.Date)
		}
	}
	if len(dates) == 0 {
		return nil, nil
	}
	slices.Sort(dates)
	ps, err := e.marked(ctx, markChange, dates[0])
	if err != nil {
		return nil, err
	}
	ps = slices.DeleteFunc(ps, func(p *store.Position) bool {
		return len(f.Projects) > 0 && !slices.Contains(f.Projects, p.Project)
	})
	slices.SortFunc(ps, func(a, b *store.Position) int {
		return cmp.Or(cmp.Compare(a.Date, b.Date), cmp.Compare(a.Path, b.Path), cmp.Compare(a.Seq, b.Seq))
	})
	// A decision is superseded by the first change after it: the first
	// changeWindow of each decision's date on are read.
	var ids []string
	taken := map[string]bool{}
	for _, d := range slices.Compact(dates) {
		i, _ := slices.BinarySearchFunc(ps, d, func(p *store.Position, d string) int { return cmp.Compare(p.Date, d) })
		for _, p := range ps[i:min(len(ps), i+changeWindow)] {
			if !taken[p.ID] && byID[p.ID] == nil { // the window is the same whatever the hits
				taken[p.ID] = true
				ids = append(ids, p.ID)
			}
		}
	}
	return e.fetch(ctx, ids)
}

// changeWindow is how many change statements from each decision's date
// on changeCandidates reads.
const changeWindow = 64

// itemHeads returns, for each hit that is a later piece of a split entry
// or section, the item's first piece, by the hit's id.
func (e *Engine) itemHeads(ctx context.Context, hits []ranked, byID map[string]*chunk.Chunk) (map[string]*chunk.Chunk, error) {
	var heads map[string]*chunk.Chunk
	for _, r := range hits {
		c := byID[r.id]
		if c == nil || c.Part == 0 {
			continue
		}
		ps, err := e.neighbourhood(ctx, []string{c.ID}, c.Part)
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(ps, func(p *store.Position) bool { return p.Path == c.Path && p.Seq == c.Seq-c.Part })
		if i < 0 {
			continue
		}
		cs, err := e.fetch(ctx, []string{ps[i].ID})
		if err != nil {
			return nil, err
		}
		if len(cs) == 1 {
			if heads == nil {
				heads = map[string]*chunk.Chunk{}
			}
			heads[c.ID] = &cs[0]
		}
	}
	return heads, nil
}

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

// rankAbove moves the first chunk of each pair just above the second when
// it ranked below it, or puts it there when it did not rank, taking that
// chunk's score.
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
		if ir >= 0 && is < 0 {
			rs = slices.Insert(rs, ir, ranked{id: s, score: rs[ir].score, lex: rs[ir].lex, sem: rs[ir].sem, added: true})
			continue
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
