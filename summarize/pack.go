package summarize

import (
	"slices"
	"sort"
	"strings"

	"github.com/archon-memory/archon/tokens"
)

// item is a candidate line of a summary.
type item struct {
	sec, text string
	score     float64 // higher is kept first
	at        int     // where it was said, for ordering within its section
	// list items (files, identifiers) are names joined into one line of
	// their section under label, as many as fit.
	label string
	names []string
	// share, for a list, is its own first claim in percent (else its section's).
	share   int
	carried bool // from the previous summary: takes what fresh items leave
}

// packer fills a summary up to a token budget: each section first takes
// its best items up to its share, then the best of what is left take the
// rest. Costs are counted per line with the summary's counter.
type packer struct {
	counter tokens.Counter
	budget  int
	used    int
	secUsed map[string]int
	kept    []item
}

// newPacker returns a packer whose budget already holds the title and header.
func newPacker(c tokens.Counter, budget int, header string) *packer {
	return &packer{counter: c, budget: budget, used: c.Count(Title+"\n"+header+"\n") + 1, secUsed: map[string]int{}}
}

// cost is what adding it costs: its line, and the section's heading when
// it opens the section.
func (p *packer) cost(it item) int {
	n := lineCost(p.counter, it.text)
	if _, open := p.secUsed[it.sec]; !open {
		n += p.counter.Count("\n## " + it.sec + "\n")
	}
	return n
}

// add keeps it when it fits in limit (the section's share, or the whole
// budget) and the budget.
func (p *packer) add(it item, limit int) bool {
	c := p.cost(it)
	if p.used+c > p.budget || p.secUsed[it.sec]+c > limit {
		return false
	}
	p.used += c
	p.secUsed[it.sec] += c
	p.kept = append(p.kept, it)
	return true
}

// addList keeps as many of a list item's names as fit in limit, in order,
// joined by ", " after its label.
func (p *packer) addList(it item, limit int) {
	var names []string
	for _, n := range it.names {
		c := p.cost(item{sec: it.sec, text: it.label + ": " + strings.Join(append(names, n), ", ")})
		if p.used+c <= p.budget && p.secUsed[it.sec]+c <= limit {
			names = append(names, n)
		}
	}
	if len(names) > 0 {
		it.text = it.label + ": " + strings.Join(names, ", ")
		it.names = names
		p.add(it, p.budget)
	}
}

// pack keeps items within shares (section -> percent of the budget), then
// within the whole budget, best first.
func pack(p *packer, items []item, shares map[string]int) []Section {
	sort.SliceStable(items, func(a, b int) bool { return items[a].score > items[b].score })
	done := make([]bool, len(items))
	for _, sec := range SectionOrder {
		limit := p.budget * shares[sec] / 100
		for i, it := range items {
			switch {
			case it.sec != sec || it.carried:
			case it.label == "":
				done[i] = p.add(it, limit)
			case it.share > 0:
				p.addList(it, p.secUsed[sec]+p.budget*it.share/100)
			default:
				p.addList(it, limit)
			}
		}
	}
	// Then the whole budget, best first; a list takes what is left when
	// its turn comes.
	for i, it := range items {
		switch {
		case it.label != "":
			p.extend(it)
		case !done[i]:
			p.add(it, p.budget)
		}
	}
	return p.sections()
}

// extend replaces the kept line of list it, if any, by as many of its
// names as the budget allows.
func (p *packer) extend(it item) {
	if k := slices.IndexFunc(p.kept, func(x item) bool { return x.label == it.label && x.sec == it.sec }); k >= 0 {
		c := lineCost(p.counter, p.kept[k].text)
		p.used -= c
		p.secUsed[it.sec] -= c
		p.kept = slices.Delete(p.kept, k, k+1)
	}
	p.addList(it, p.budget)
}

// sections groups the kept items by section in order, items by where
// they were said (list lines last).
func (p *packer) sections() []Section {
	by := map[string][]item{}
	for _, it := range p.kept {
		by[it.sec] = append(by[it.sec], it)
	}
	var out []Section
	for _, sec := range SectionOrder {
		its := by[sec]
		if len(its) == 0 {
			continue
		}
		sort.SliceStable(its, func(a, b int) bool {
			if (its[a].label == "") != (its[b].label == "") {
				return its[a].label == ""
			}
			return its[a].at < its[b].at
		})
		s := Section{Name: sec}
		for _, it := range its {
			s.Items = append(s.Items, it.text)
		}
		out = append(out, s)
	}
	return out
}

// drop removes the kept item with the lowest score (for when the whole
// document counts more than its lines did).
func (p *packer) drop() bool {
	w := bestIndex(p.kept, func(a, b item) bool { return a.score < b.score })
	if w < 0 {
		return false
	}
	p.kept = append(p.kept[:w], p.kept[w+1:]...)
	return true
}

// bestIndex returns the index of the first element of s that no other beats
// (better(x, y) says x beats y), or -1 when s is empty.
func bestIndex[T any](s []T, better func(x, y T) bool) int {
	best := -1
	for i, x := range s {
		if best < 0 || better(x, s[best]) {
			best = i
		}
	}
	return best
}

// lineCost is what an item's line costs in a summary.
func lineCost(c tokens.Counter, text string) int {
	return c.Count("- " + text + "\n")
}
