package rag

import (
	"cmp"
	"context"
	"regexp"
	"slices"
	"strings"

	"github.com/archon-memory/archon/rag/chunk"
)

// A list of work says which items are done by marking them: a checked box
// ([x]), a check mark (✅ ✔ ✓ ☑). An unchecked box ([ ]), with a bullet
// or without, or a plain list item is still open.
var (
	listItem    = regexp.MustCompile(`^\s*(?:(?:[-*+]|\d+[.)])\s+\S|\[ \]\s*\S)`)
	checkedItem = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])?\s*(?:\[[xX]\]|✅|✔|✓|☑)`)
)

// listState counts the open and the done items of the lists in text, a
// line each; box reports a line opening with an unchecked box.
func listState(text string) (open, done int, box bool) {
	for _, l := range strings.Split(text, "\n") {
		switch {
		case checkedItem.MatchString(l):
			done++
		case listItem.MatchString(l):
			open++
		}
		box = box || openBox.MatchString(l)
	}
	return open, done, box
}

// discountDone, when the query asks for open work, multiplies the score
// of each candidate tagged as an answer whose lists have checked items and
// no unchecked box by 1 - weight × their done share: a to-do list of
// finished items is a record of work done, not work left, but one box
// still unchecked is work left. An L3 task done counts as all done.
func (e *Engine) discountDone(ctx context.Context, cands []cand, pq *parsedQuery, weight float64) error {
	if !pq.asks["task"] || weight <= 0 {
		return nil
	}
	var ids []string
	at := map[string]int{}
	for i := range cands {
		if c := cands[i].c; c.Layer == chunk.L3 && strings.HasPrefix(c.Path, KnowledgePrefix+"T") && slices.Contains(c.Tags, "done") {
			// An L3 task (knowledge/T7) done, tagged with its status, is
			// work finished, whatever words it shares with the question.
			for ch := range channels {
				cands[i].s[ch] *= 1 - weight
			}
			continue
		}
		if answers(cands[i].c, pq) {
			ids = append(ids, cands[i].c.ID)
			at[cands[i].c.ID] = i
		}
	}
	if len(ids) == 0 {
		return nil
	}
	cs, err := e.fetch(ctx, ids)
	if err != nil {
		return err
	}
	for _, c := range cs {
		open, done, box := listState(c.Text)
		if done == 0 || box {
			continue
		}
		share := float64(done) / float64(open+done)
		cd := &cands[at[c.ID]]
		for ch := range channels {
			cd.s[ch] *= 1 - weight*share
		}
	}
	return nil
}

// latestWork, when the query asks for open work, weighs the candidates
// tagged or written as an answer by how recent they are: open work is a
// state, and a list of it is restated as work is done, so of the lists
// that answer, the latest is the current one. The latest (by date, then
// by place in the workspace) is multiplied by 1 + weight, the earliest by
// 1, those in between by their rank. Decisions are not weighed so: an old
// decision stays as findable as a new one.
func latestWork(cands []cand, pq *parsedQuery, weight float64) {
	if !pq.asks["task"] || weight <= 0 {
		return
	}
	var at []int // the answers, earliest first
	for i := range cands {
		if answers(cands[i].c, pq) {
			at = append(at, i)
		}
	}
	if len(at) < 2 {
		return
	}
	slices.SortFunc(at, func(a, b int) int {
		x, y := cands[a].c, cands[b].c
		return cmp.Or(cmp.Compare(x.Date, y.Date), cmp.Compare(x.Path, y.Path), cmp.Compare(x.Seq, y.Seq))
	})
	for r, i := range at {
		f := 1 + weight*float64(r)/float64(len(at)-1)
		for ch := range channels {
			cands[i].s[ch] *= f
		}
	}
}
