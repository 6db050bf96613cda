package summarize

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/summarize/acts"
)

// Extractive is the offline default Summarizer. It reads the host model's
// own compaction summary, the session's structure and prose judged with
// the embedded dialogue-act lexicon (see the package doc); items fill the
// sections up to their shares of the target size, the best remaining
// items take the rest.
type Extractive struct{}

// NewExtractive returns the extractive summarizer.
func NewExtractive() *Extractive { return &Extractive{} }

// agentShares are the first claims on the budget, in percent, of the
// sections of an agent session: served in document order and seldom full,
// they add up to 113 (scaled to 100, the transcripts kept 74.6% of facts).
var agentShares = map[string]int{
	SecCurrent: 30, SecRequests: 20, SecErrors: 10, SecDone: 10, SecDecisions: 8,
	SecContext: 14, SecTasks: 8, SecPoints: 8, SecPreferences: 5,
}

// proseShares are those of a conversation without tool use: its prose
// is ranked as one, so no section holds budget back or goes first.
var proseShares = map[string]int{SecContext: 10}

// Summarize implements Summarizer.
func (*Extractive) Summarize(ctx context.Context, msgs []conv.Message, opt Options) (*Summary, error) {
	opt = opt.withDefaults()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("extractive summary: %w", err)
	}
	lx := acts.Default()
	tagged, rest := taggedItems(msgs)
	s := readSession(rest)
	items := append(hostItems(s.host), tagged...)
	shares := proseShares
	if s.host != "" || s.tools > 0 || len(tagged) > 0 {
		shares = agentShares
	}
	if s.tools > 0 {
		items = append(items, sessionItems(s, lx)...)
	} else {
		items = append(items, proseItems(s, lx, opt)...)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("extractive summary: %w", err)
	}
	items = append(items, previousItems(opt)...)
	items = dedupe(items)

	header := fmt.Sprintf("_Updated %s · %d messages summarized_", opt.Now.Format("2006-01-02 15:04"), len(msgs))
	p := newPacker(opt.Counter, opt.TargetTokens, header)
	secs := pack(p, items, shares)
	md := Render(header, secs)
	for opt.Counter.Count(md) > opt.TargetTokens && p.drop() {
		secs = p.sections()
		md = Render(header, secs)
	}
	return &Summary{Markdown: md, Tokens: opt.Counter.Count(md), Sections: secs, Method: "extractive", Dates: itemDates(secs, opt)}, nil
}

// taggedItems files each message its author tagged with a section's word
// (sections.tsv; a daily-log entry's #decision, #todo, #errors) under that
// section, above prose and the newest first; it returns the other messages.
func taggedItems(msgs []conv.Message) (out []item, rest []conv.Message) {
	for i, m := range msgs {
		k := slices.IndexFunc(m.Tags, func(t string) bool { return tagSection(t) != "" })
		if k < 0 {
			rest = append(rest, m)
			continue
		}
		out = append(out, item{sec: tagSection(m.Tags[k]), text: clipRunes(oneLine(m.Text()), itemRunes), score: 60 + 10*float64(i+1)/float64(len(msgs)), at: i})
	}
	return out, rest
}

// previousItems carries over the items of the previous summary that are
// younger than KeepDays, below fresh items. What was current then is not
// carried: the new conversation says what is current now.
func previousItems(opt Options) []item {
	cutoff := opt.Now.AddDate(0, 0, -opt.KeepDays).Format(time.DateOnly)
	var out []item
	at := -100000
	for _, s := range ParseSections(opt.Previous) {
		if s.Name == SecCurrent {
			continue
		}
		for _, it := range s.Items {
			at++
			if d, ok := opt.PreviousDates[ItemKey(it)]; ok && d < cutoff {
				continue
			}
			if label, list, ok := strings.Cut(it, ": "); ok && s.Name == SecContext {
				out = append(out, item{sec: SecContext, label: label, names: strings.Split(list, ", "), score: 0.2, at: at, carried: true})
				continue
			}
			out = append(out, item{sec: s.Name, text: it, score: 0.3, at: at, carried: true})
		}
	}
	return out
}

// dedupe keeps the best-scored of items that read the same (ItemKey), and
// merges list items with the same section and label.
func dedupe(items []item) []item {
	seen := map[string]int{} // the index in out of each key
	var out []item
	for _, it := range items {
		k := it.sec + "\x00" + it.label // a list's key; an ItemKey has no \x00
		if it.label == "" {
			k = ItemKey(unlabelled(it.text))
		}
		i, ok := seen[k]
		switch {
		case !ok:
			seen[k] = len(out)
			out = append(out, it)
		case it.label != "" && (!it.carried || out[i].carried): // a fresh list is not padded with older names
			out[i].names = mergeNames(out[i].names, it.names)
		case it.label != "":
		case it.score > out[i].score:
			out[i] = it
		}
	}
	return out
}

// unlabelled strips a short label ("Task: ", "Committed: ") from an item.
func unlabelled(t string) string {
	if label, rest, ok := strings.Cut(t, ": "); ok && len(strings.Fields(label)) <= 2 {
		return rest
	}
	return t
}

func mergeNames(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range slices.Concat(a, b) {
		if n = strings.TrimSpace(n); n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}
