package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/layers/promote"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
	"github.com/archon-memory/archon/rag/chunk"
)

// Forget removes the entries r names from the daily logs (an atomic
// rewrite under each log's lock) and the L3 records it names (by a hit's
// id or their own) from the knowledge store, then from every index, and
// records each in .archon/forgotten.jsonl without its text.
func (l *Local) Forget(ctx context.Context, r ForgetRequest) (*ForgetResult, error) {
	if len(r.IDs) == 0 && strings.TrimSpace(r.Query) == "" {
		return nil, Invalidf("forget what? give entry ids (from search results) or a query")
	}
	if r.TopK < 0 || r.TopK > 1000 {
		return nil, Invalidf("top-k must be between 1 and 1000 (0: 10), got %d", r.TopK)
	}
	for _, id := range r.IDs {
		if err := checkItemID(id); err != nil {
			return nil, err
		}
	}
	if _, err := l.Index(ctx, IndexRequest{}); err != nil {
		return nil, fmt.Errorf("forget: index: %w", err)
	}
	eng, err := l.engine(ctx)
	if err != nil {
		return nil, err
	}
	starts := map[string][]int{}
	add := func(path string, line int) {
		for _, s := range starts[path] {
			if s == line {
				return
			}
		}
		starts[path] = append(starts[path], line)
	}
	var records []string // L3 records, by id
	for _, id := range r.IDs {
		it, err := eng.Get(ctx, id, 0)
		if err != nil {
			return nil, err
		}
		if ref, ok := strings.CutPrefix(it.Path, rag.KnowledgePrefix); ok {
			if !slices.Contains(records, ref) {
				records = append(records, ref)
			}
			continue
		}
		if !strings.HasPrefix(it.Path, memory.LogDirName+"/") {
			return nil, wrap(Invalid, fmt.Errorf("%s is in %s: %w; edit that file by hand", id, it.Path, memory.ErrNotEntry))
		}
		if it.Kind != chunk.KindEntry {
			return nil, wrap(Invalid, fmt.Errorf("%s is text of %s:%d-%d outside any entry (written by hand): %w; edit that file by hand", id, it.Path, it.LineStart, it.LineEnd, memory.ErrNotEntry))
		}
		add(it.Path, it.LineStart)
	}
	left, k := 0, 0 // entries holding the query's words beyond the top k
	if q := strings.TrimSpace(r.Query); q != "" {
		k = r.TopK
		if k <= 0 {
			k = 10
		}
		// A few more are ranked than are forgotten, to say when entries
		// holding the words are left (this is how a secret is removed).
		res, err := l.Search(ctx, SearchRequest{Query: q, TopK: min(1000, k+forgetLookBeyond), Refresh: true})
		if err != nil {
			return nil, err
		}
		// Search ranks loose matches too; only entries holding every word
		// of the query are forgotten.
		words := strings.Fields(strings.ToLower(q))
		for i, h := range res.Results {
			if !strings.HasPrefix(h.Path, memory.LogDirName+"/") || h.Kind != chunk.KindEntry {
				continue // only entries are forgotten; other text is edited by hand
			}
			it, err := eng.Get(ctx, h.ID, 0)
			if err != nil {
				return nil, err
			}
			switch {
			case !containsAll(strings.ToLower(it.Text), words):
			case i < k:
				add(it.Path, it.LineStart)
			default:
				left++
			}
		}
	}
	// Every L3 record must be one forget may delete before any log is
	// touched: a refusal after the logs were rewritten would leave their
	// entries forgotten here but not told to the team or the indexes.
	kept, err := l.forgetRecords(ctx, records, true)
	if err != nil {
		return &ForgetResult{DryRun: r.DryRun}, err
	}
	got, err := l.forgetAt(ctx, starts, r.DryRun)
	out := &ForgetResult{Forgotten: got, DryRun: r.DryRun}
	if err != nil {
		return out, wrap(Invalid, err)
	}
	gone := kept
	if !r.DryRun {
		gone, err = l.forgetRecords(ctx, records, false)
	}
	out.Forgotten = append(out.Forgotten, gone...)
	out.Warnings = append(out.Warnings, l.promotedWarnings(gone)...)
	if left > 0 {
		out.Warnings = append(out.Warnings, fmt.Sprintf("%s more %s every word of %q beyond the top %d: run it again or raise top-k",
			atLeast(left, forgetLookBeyond), plural(left, "entry holds", "entries hold"), r.Query, k))
	}
	if err != nil {
		return out, err
	}
	if r.DryRun || len(out.Forgotten) == 0 {
		return out, nil
	}
	// The team forgets the log entries too: the shared store erases their
	// text and every node forgets them from its files. (An L3 record is
	// gone from the team's store already: in shared mode L3 is that.)
	warn, err := l.shareForget(ctx, got)
	out.Warnings = append(out.Warnings, warn...)
	if err != nil {
		return out, err
	}
	// Drop the entries from the indexes before answering: a forgotten
	// secret must not be found by the next search.
	l.changed(UpdateLogs)
	if _, err := l.Index(ctx, IndexRequest{}); err != nil {
		return out, fmt.Errorf("forgotten from the files; reindexing failed (run archon index): %w", err)
	}
	return out, nil
}

// forgetRecords deletes the L3 records refs names from the knowledge store
// (what links to one refuses it) and records each in the forget log, with
// the hash of its text, never the text. A dry run only reads them.
func (l *Local) forgetRecords(ctx context.Context, refs []string, dryRun bool) ([]memory.Forgotten, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	kn, err := l.store(ctx, false)
	if err != nil {
		return nil, err
	}
	now := l.ws.Now().UTC().Format(time.RFC3339)
	var out []memory.Forgotten
	for _, ref := range refs {
		var doc knowledge.Document
		if dryRun {
			doc, err = kn.CheckDelete(ctx, ref)
		} else {
			doc, err = kn.Delete(ctx, ref)
		}
		if err != nil {
			return out, err
		}
		text := strings.TrimRight(doc.Text, "\n")
		sum := sha256.Sum256([]byte(strings.TrimSpace(text)))
		out = append(out, memory.Forgotten{Time: now, Path: rag.KnowledgePrefix + doc.ID, LineStart: 1, LineEnd: strings.Count(text, "\n") + 1,
			Date: doc.Date, Agent: doc.Agent, Bytes: len(text), SHA256: hex.EncodeToString(sum[:])})
		if !dryRun {
			l.changed(UpdateKnowledge)
			if err := l.ws.RecordForgotten(out[len(out)-1:]); err != nil {
				return out, fmt.Errorf("forget: deleted %s, but the audit line failed: %w", ref, err)
			}
		}
	}
	return out, nil
}

// promotedWarnings says which of the L3 records forgotten MEMORY.md still
// holds, promoted there: a curated file is edited by hand.
func (l *Local) promotedWarnings(fs []memory.Forgotten) []string {
	data, err := l.ws.ReadFile(memory.WisdomFile)
	if err != nil {
		return nil
	}
	marked := promote.MarkedItems(data)
	var out []string
	for _, f := range fs {
		if id, ok := strings.CutPrefix(f.Path, rag.KnowledgePrefix); ok && marked[id] {
			out = append(out, fmt.Sprintf("%s was promoted into %s, which still holds it: edit that file by hand to take it out", id, memory.WisdomFile))
		}
	}
	return out
}

// forgetAt forgets the entries starting at the given lines of each log
// (by path, in path order) and returns what it forgot.
func (l *Local) forgetAt(ctx context.Context, starts map[string][]int, dryRun bool) ([]memory.Forgotten, error) {
	out := []memory.Forgotten{}
	for _, p := range slices.Sorted(maps.Keys(starts)) {
		got, err := l.ws.Forget(ctx, p, starts[p], dryRun)
		out = append(out, got...)
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

func containsAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// forgetLookBeyond is how many hits past the top k a forget by query ranks
// to tell whether entries holding its words are left.
const forgetLookBeyond = 100

// atLeast writes n, as "at least n" when n may be short of the count
// (looked caps what was looked at).
func atLeast(n, looked int) string {
	if n >= looked {
		return fmt.Sprintf("at least %d", n)
	}
	return fmt.Sprint(n)
}

// plural picks the singular or plural wording for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
