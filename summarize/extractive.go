package summarize

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/archon-memory/archon/conv"
)

// Extractive is the offline default Summarizer: it picks sentences and
// entities from the messages themselves (no model), scores them by cue
// phrases, speaker and recency, and fills each section up to its share of
// the target size, then spends what is left on the best remaining items.
type Extractive struct{}

// NewExtractive returns the extractive summarizer.
func NewExtractive() *Extractive { return &Extractive{} }

// sectionShare is each section's first claim on the budget, in percent.
var sectionShare = map[string]int{
	SecDecisions: 26, SecProjects: 8, SecTasks: 22, SecContext: 24, SecErrors: 10, SecPreferences: 10,
}

// quotaMinScore is the least score an item needs to be taken on its
// section's reserved share; weaker items compete for what is left.
const quotaMinScore = 10

// entityQuotaMinScore is the same for the paths and identifiers that have
// the reserved share of the context section: they are short, and scored on
// a scale of their own (see entityCandidates).
const entityQuotaMinScore = 6

// routineRepeats is how many near-repeats about other things make a
// sentence routine, and routineFactor scales its score.
const (
	routineRepeats = 1
	routineFactor  = 0.5
)

// routineDiffWords is the most words (besides paths and identifiers) two
// sentences may differ in and still say the same thing of two things:
// "I can't finish the rollout until we X" said of two tasks X is two
// tasks, not narration.
const routineDiffWords = 6

// perSectionPool bounds how many candidates per section are considered
// after scoring (keeps de-duplication cheap on huge conversations).
const perSectionPool = 200

// Summarize implements Summarizer.
func (e *Extractive) Summarize(ctx context.Context, msgs []conv.Message, opt Options) (*Summary, error) {
	opt = opt.withDefaults()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("extractive summary: %w", err)
	}
	x := newExtractor()
	x.addMessages(msgs)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("extractive summary: %w", err)
	}
	today := opt.Now.Format(time.DateOnly)
	cands := append(x.cands, x.entityCandidates()...)
	cands = append(cands, previousCandidates(opt, today)...)
	pool := dedupe(cands)

	header := fmt.Sprintf("_Updated %s · %d messages summarized_", opt.Now.Format("2006-01-02 15:04"), len(msgs))
	sel := selectItems(pool, opt, header)
	secs := buildSections(sel)
	md := Render(header, secs)
	// Item costs are estimated one by one; trim until the whole fits.
	for opt.Counter.Count(md) > opt.TargetTokens && len(sel) > 0 {
		worst := 0
		for i := range sel {
			if sel[i].score < sel[worst].score {
				worst = i
			}
		}
		sel = append(sel[:worst], sel[worst+1:]...)
		secs = buildSections(sel)
		md = Render(header, secs)
	}
	dates := map[string]string{}
	for _, c := range sel {
		k := ItemKey(c.text)
		if d, ok := opt.PreviousDates[k]; ok {
			dates[k] = d
		} else {
			dates[k] = today
		}
	}
	return &Summary{Markdown: md, Tokens: opt.Counter.Count(md), Sections: secs, Method: "extractive", Dates: dates}, nil
}

// previousCandidates carries over the items of the previous summary that
// are younger than KeepDays, at a lower score than fresh items.
func previousCandidates(opt Options, today string) []candidate {
	if strings.TrimSpace(opt.Previous) == "" {
		return nil
	}
	cutoff := opt.Now.AddDate(0, 0, -opt.KeepDays).Format(time.DateOnly)
	var out []candidate
	seq := -100000
	for _, s := range ParseSections(opt.Previous) {
		for _, it := range s.Items {
			seq++
			if d, ok := opt.PreviousDates[ItemKey(it)]; ok && d < cutoff {
				continue
			}
			if s.Name == SecContext {
				out = append(out, previousEntities(it, seq)...)
				continue
			}
			out = append(out, candidate{section: s.Name, text: it, score: 4, seq: seq})
		}
	}
	return out
}

// previousEntities splits a "Files: a, b" context line back into entities.
func previousEntities(item string, seq int) []candidate {
	label, list, ok := strings.Cut(item, ": ")
	if !ok {
		return []candidate{{section: SecContext, text: item, score: 2, seq: seq, kind: EntID}}
	}
	kind := EntID
	switch strings.ToLower(label) {
	case "files":
		kind = EntPath
	case "urls":
		kind = EntURL
	}
	var out []candidate
	for _, e := range strings.Split(list, ", ") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, candidate{section: SecContext, text: e, score: 2, seq: seq, kind: kind})
		}
	}
	return out
}

// dedupe keeps the best candidates per section, dropping repeats (same
// normalized text) and near-repeats (mostly the same words), preferring
// the more recent of two near-repeats. Sentences that differ in more than
// routineDiffWords words are neither near-repeats nor narration, however
// long the frame they share. A sentence with many near-repeats
// is routine narration ("Note that a.go now returns ...", said of file
// after file) and scores lower.
func dedupe(cands []candidate) map[string][]candidate {
	bySec := map[string][]candidate{}
	for _, c := range cands {
		c.key = ItemKey(c.text)
		if c.key == "" {
			continue
		}
		bySec[c.section] = append(bySec[c.section], c)
	}
	for sec, list := range bySec {
		sort.SliceStable(list, func(i, j int) bool {
			if list[i].score != list[j].score {
				return list[i].score > list[j].score
			}
			return list[i].seq > list[j].seq
		})
		seen := map[string]bool{}
		var kept []candidate
		var words, names, frames []map[string]bool
		var repeats []int
		for _, c := range list {
			// The whole text, not the key: two items may open alike for
			// longer than a key ("The van's back from the garage, ...").
			whole := strings.ToLower(strings.Join(strings.Fields(c.text), " "))
			if seen[whole] || len(kept) >= perSectionPool {
				continue
			}
			seen[whole] = true
			var w, n, f map[string]bool
			same := 0
			if sec != SecContext || c.sentence {
				w, n, f = wordSet(c.text), nameSet(c.text), frameSet(c.text)
				dup := false
				for i, o := range words {
					if jaccard(w, o) > 0.6 && subset(n, names[i]) && differ(w, o) <= routineDiffWords {
						dup = true
						repeats[i]++
						break
					}
					if jaccard(f, frames[i]) > 0.6 && differ(f, frames[i]) <= routineDiffWords {
						repeats[i]++
						same++
					}
				}
				if dup {
					continue
				}
			}
			kept = append(kept, c)
			words = append(words, w)
			names = append(names, n)
			frames = append(frames, f)
			repeats = append(repeats, same)
		}
		// A sentence said in the same words about routineRepeats or more
		// other things (files, features) is routine narration, not a fact.
		routine := false
		for i, r := range repeats {
			if r >= routineRepeats {
				kept[i].score *= routineFactor
				routine = true
			}
		}
		if routine {
			sort.SliceStable(kept, func(i, j int) bool { return kept[i].score > kept[j].score })
		}
		bySec[sec] = kept
	}
	return bySec
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(s)) {
		m[strings.Trim(w, ".,;:!?()`'\"")] = true
	}
	return m
}

// frameSet is the words of s without its paths, URLs and identifiers:
// what is left when narration says the same thing of another file.
func frameSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		if _, _, ok := classifyWord(w); !ok {
			m[strings.ToLower(strings.Trim(w, ".,;:!?()`'\""))] = true
		}
	}
	return m
}

// nameSet is the names in s, its capitalized words after the first: two
// sentences in the same words about different names ("Did anyone object
// to Foo?", "... to Bar?") are not repeats. Paths are not counted: routine
// narration repeats itself about one file after another.
func nameSet(s string) map[string]bool {
	var m map[string]bool
	for i, w := range strings.Fields(s) {
		t := strings.Trim(w, "([{\"'`,;:.!?)")
		if i > 0 && len(t) > 1 && t[0] >= 'A' && t[0] <= 'Z' && !strings.ContainsAny(t, "/\\") {
			if m == nil {
				m = map[string]bool{}
			}
			m[strings.ToLower(t)] = true
		}
	}
	return m
}

// subset reports whether every key of a is in b.
func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// differ counts the words in one of a and b but not the other.
func differ(a, b map[string]bool) int {
	n := 0
	for w := range a {
		if !b[w] {
			n++
		}
	}
	for w := range b {
		if !a[w] {
			n++
		}
	}
	return n
}

func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// selectItems fills each section up to its share, then the rest of the
// budget with the best remaining items. Entities already named by a chosen
// sentence are skipped: the sentence keeps them.
func selectItems(pool map[string][]candidate, opt Options, header string) []candidate {
	budget := opt.TargetTokens - opt.Counter.Count(Title+"\n"+header+"\n") - 2
	var sel []candidate
	used := 0
	headingCost := 4
	opened := map[string]bool{}
	chosenText := strings.Builder{}
	cost := func(c candidate) int {
		n := opt.Counter.Count(c.text) + 2
		if c.section == SecContext && !c.sentence {
			n = opt.Counter.Count(c.text) + 1
			if !opened[c.section+kindLabel(c.kind)] {
				n += 3
			}
		}
		if !opened[c.section] {
			n += headingCost
		}
		return n
	}
	take := func(c candidate) {
		used += cost(c)
		opened[c.section] = true
		if c.section == SecContext && !c.sentence {
			opened[c.section+kindLabel(c.kind)] = true
		} else {
			chosenText.WriteString(c.text)
			chosenText.WriteByte('\n')
		}
		sel = append(sel, c)
	}
	taken := map[string][]bool{}
	// Sentences first, so that context entities they contain are not paid twice.
	order := []string{SecDecisions, SecTasks, SecPreferences, SecErrors, SecProjects, SecContext}
	for _, sec := range order {
		quota := budget * sectionShare[sec] / 100
		spent := 0
		list := pool[sec]
		taken[sec] = make([]bool, len(list))
		for i, c := range list {
			if sec == SecContext && !c.sentence && strings.Contains(chosenText.String(), c.text) {
				taken[sec][i] = true // named by a chosen sentence already
				continue
			}
			if sec == SecContext && c.sentence {
				continue // the reserved share of context is for its paths and identifiers
			}
			min := float64(quotaMinScore)
			if sec == SecContext {
				min = entityQuotaMinScore
			}
			k := cost(c)
			if spent+k > quota || used+k > budget || c.score < min {
				break
			}
			take(c)
			taken[sec][i] = true
			spent += k
		}
	}
	// Leftover budget: best remaining items across sections.
	var rest []candidate
	for _, sec := range order {
		for i, c := range pool[sec] {
			if !taken[sec][i] {
				rest = append(rest, c)
			}
		}
	}
	sort.SliceStable(rest, func(i, j int) bool { return rest[i].score > rest[j].score })
	for _, c := range rest {
		if c.section == SecContext && !c.sentence && strings.Contains(chosenText.String(), c.text) {
			continue
		}
		if k := cost(c); used+k <= budget {
			take(c)
		} else if c.short != "" {
			// What does not fit whole may fit without its reason or tail.
			sc := c
			sc.text = c.short
			if used+cost(sc) <= budget {
				take(sc)
			}
		}
	}
	return sel
}

func kindLabel(k EntityKind) string {
	switch k {
	case EntPath:
		return "Files"
	case EntURL:
		return "URLs"
	}
	return "IDs"
}

// buildSections orders the chosen items: sections in document order, items
// in the order they appeared; context entities grouped into Files, URLs
// and IDs lines.
func buildSections(sel []candidate) []Section {
	by := map[string][]candidate{}
	for _, c := range sel {
		by[c.section] = append(by[c.section], c)
	}
	var out []Section
	for _, name := range SectionOrder {
		list := by[name]
		if len(list) == 0 {
			continue
		}
		sort.SliceStable(list, func(i, j int) bool { return list[i].seq < list[j].seq })
		s := Section{Name: name}
		if name == SecContext {
			groups := map[EntityKind][]string{}
			for _, c := range list {
				if c.sentence {
					s.Items = append(s.Items, c.text)
					continue
				}
				groups[c.kind] = append(groups[c.kind], c.text)
			}
			for _, k := range []EntityKind{EntPath, EntURL, EntID} {
				if len(groups[k]) > 0 {
					s.Items = append(s.Items, kindLabel(k)+": "+strings.Join(groups[k], ", "))
				}
			}
		} else {
			for _, c := range list {
				s.Items = append(s.Items, c.text)
			}
		}
		out = append(out, s)
	}
	return out
}
