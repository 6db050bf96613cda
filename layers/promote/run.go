package promote

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/internal/linediff"
	"github.com/archon-memory/archon/layers/knowledge"
)

// DefaultKeepBackups is how many MEMORY.md backups are kept by default.
const DefaultKeepBackups = 10

// BackupDirName is the backup directory inside .archon.
const BackupDirName = "memory-md-backups"

// Options tell Run what to do.
type Options struct {
	// Rule is the promotion rule.
	Rule Rule
	// WisdomPath is MEMORY.md.
	WisdomPath string
	// BackupDir receives a copy of MEMORY.md before each rewrite
	// (.archon/memory-md-backups).
	BackupDir string
	// RecordPath lists the items archon wrote into MEMORY.md
	// (.archon/memory-md-items.json by default).
	RecordPath string
	// KeepBackups is how many backups to keep; 0 means DefaultKeepBackups.
	KeepBackups int
	// DryRun decides and explains without writing anything.
	DryRun bool
	// Only, when not nil, limits what is added to these items (approved in
	// review); each must be a candidate the rule promotes.
	Only []string
	// Reject records these candidates as turned down (they are not
	// proposed again). With Reject set and Only nil nothing is added: a
	// verdict adds only what it approves.
	Reject []string
	// Now returns the current time; nil means time.Now.
	Now func() time.Time

	beforeRename func() // test hook, see writer
}

// Result is what Run decided and did.
type Result struct {
	// DryRun tells that nothing was written.
	DryRun bool `json:"dry_run"`
	// Rule is the rule applied.
	Rule Rule `json:"rule"`
	// Path is MEMORY.md.
	Path string `json:"path"`
	// Decisions has one entry per candidate item, in id order.
	Decisions []Decision `json:"decisions"`
	// Added lists the items appended to MEMORY.md (or that would be).
	Added []string `json:"added"`
	// Diff is the unified diff of MEMORY.md for Added ("" when nothing
	// is added).
	Diff string `json:"diff"`
	// Rejected lists the items recorded as turned down.
	Rejected []string `json:"rejected,omitempty"`
	// Backup is the copy of the previous MEMORY.md, when it was rewritten.
	Backup string `json:"backup,omitempty"`
	// Retried tells that MEMORY.md changed under archon once and the
	// update was redone on the new content.
	Retried bool `json:"retried,omitempty"`
	// Review tells that promote.review is on and no verdict was given:
	// the candidates were only proposed (Added is what would be added).
	Review bool `json:"review,omitempty"`
}

// Run evaluates every candidate item and appends the ones that meet the
// rule to MEMORY.md. If MEMORY.md changes between reading and replacing it,
// Run starts over once on the new content; if it changes again, Run fails
// with ErrChanged and nothing is written. Promotions and removals are
// recorded in the store after MEMORY.md is written (the markers in the file
// stay the truth for "already there").
func Run(ctx context.Context, s *knowledge.Store, opt Options) (*Result, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.KeepBackups <= 0 {
		opt.KeepBackups = DefaultKeepBackups
	}
	if opt.BackupDir == "" {
		opt.BackupDir = filepath.Join(filepath.Dir(opt.WisdomPath), ".archon", BackupDirName)
	}
	if opt.RecordPath == "" {
		opt.RecordPath = filepath.Join(filepath.Dir(opt.BackupDir), RecordFile)
	}
	w := &writer{path: opt.WisdomPath, backupDir: opt.BackupDir, keep: opt.KeepBackups, now: opt.Now, beforeRename: opt.beforeRename}
	items, err := s.Items(ctx, knowledge.ItemFilter{})
	if err != nil {
		return nil, fmt.Errorf("promote: %w", err)
	}
	byID := map[string]knowledge.Item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	obs, err := s.Observations(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("promote: %w", err)
	}
	if opt.Reject != nil && opt.Only == nil {
		opt.Only = []string{}
	}
	for _, id := range opt.Reject {
		if slices.Contains(opt.Only, id) {
			return nil, fmt.Errorf("promote: %s is both approved and rejected: %w", id, ErrInvalidVerdict)
		}
	}
	var (
		res       *Result
		here      map[string]bool
		loaded    int
		finalData []byte
	)
	for attempt := 0; ; attempt++ {
		snap, err := readSnapshot(opt.WisdomPath)
		if err != nil {
			return nil, fmt.Errorf("promote: %w", err)
		}
		if here, err = loadRecord(opt.RecordPath, opt.BackupDir, snap.data, promotedAt(items)); err != nil {
			return nil, fmt.Errorf("promote: %w", err)
		}
		loaded, finalData = len(here), snap.data
		res = &Result{DryRun: opt.DryRun, Rule: opt.Rule, Path: opt.WisdomPath, Retried: attempt > 0, Added: []string{}}
		res.Decisions = Evaluate(opt.Rule, items, obs, MarkedItems(snap.data), here)
		if err := checkChosen(res.Decisions, opt.Only, opt.Reject); err != nil {
			return nil, err
		}
		var entries strings.Builder
		for _, d := range res.Decisions {
			if d.Action == ActionPromote && (opt.Only == nil || slices.Contains(opt.Only, d.Item)) && !slices.Contains(opt.Reject, d.Item) {
				res.Added = append(res.Added, d.Item)
				entries.WriteString(Entry(byID[d.Item], d, opt.Now()))
			}
		}
		if len(res.Added) == 0 {
			break
		}
		next := Insert(snap.data, entries.String())
		res.Diff = linediff.Unified(filepath.Base(opt.WisdomPath), filepath.Base(opt.WisdomPath), string(snap.data), string(next), 3)
		if opt.DryRun {
			break
		}
		res.Backup, err = w.replace(snap, next)
		if errors.Is(err, ErrChanged) && attempt == 0 {
			continue
		}
		if errors.Is(err, ErrChanged) {
			return nil, fmt.Errorf("promote: %w, twice in a row (someone is editing it); nothing was written: run `archon promote` again once the edit is saved", err)
		}
		if err != nil {
			return nil, fmt.Errorf("promote: %w", err)
		}
		finalData = next
		break
	}
	res.Rejected = opt.Reject
	if opt.Only != nil {
		verdict(res)
	}
	if opt.DryRun {
		return res, nil
	}
	maps.Copy(here, MarkedItems(finalData))
	if err := saveRecord(opt.RecordPath, here, loaded); err != nil {
		return res, fmt.Errorf("promote: MEMORY.md is written, but recording its items failed: %w", err)
	}
	for _, d := range res.Decisions {
		state := ""
		switch {
		case slices.Contains(opt.Reject, d.Item):
			state = knowledge.PromotionRejected
		case slices.Contains(res.Added, d.Item), d.Action == ActionAlready && byID[d.Item].Promotion != knowledge.PromotionPromoted:
			state = knowledge.PromotionPromoted
		case d.Action == ActionRemoved && byID[d.Item].Promotion != knowledge.PromotionRemoved:
			state = knowledge.PromotionRemoved
		}
		if state != "" {
			if err := s.SetPromotion(ctx, d.Item, state); err != nil {
				return res, fmt.Errorf("promote: MEMORY.md is written, but recording it failed: %w", err)
			}
		}
	}
	return res, nil
}

// promotedAt maps the items recorded as promoted to when they were.
func promotedAt(items []knowledge.Item) map[string]time.Time {
	out := map[string]time.Time{}
	for _, it := range items {
		if it.Promotion == knowledge.PromotionPromoted {
			out[it.ID] = it.Promoted
		}
	}
	return out
}

// verdict relabels the candidates of a review's verdict: those it turned
// down as rejected, those it named neither way as still waiting.
func verdict(res *Result) {
	for i := range res.Decisions {
		d := &res.Decisions[i]
		if d.Action != ActionPromote || slices.Contains(res.Added, d.Item) {
			continue
		}
		rest := d.Reasons[1:] // after "promote"
		if slices.Contains(res.Rejected, d.Item) {
			d.Action, d.Reasons = ActionRejected, append([]string{"turned down in this review; not proposed again"}, rest...)
		} else {
			d.Action, d.Reasons = ActionWaiting, append([]string{"meets the rule; not in this verdict, still waits for review"}, rest...)
		}
	}
}

// ErrInvalidVerdict is returned for a review that approves and rejects
// the same item.
var ErrInvalidVerdict = errors.New("invalid review verdict")

// ErrNotCandidate is returned when an item approved or rejected in review
// is not one the rule promotes now.
var ErrNotCandidate = errors.New("not a promotion candidate")

// checkChosen checks that every item approved (only) or rejected is a
// candidate the rule promotes.
func checkChosen(ds []Decision, only, reject []string) error {
	for _, id := range slices.Concat(only, reject) {
		i := slices.IndexFunc(ds, func(d Decision) bool { return d.Item == id })
		switch {
		case i < 0:
			return fmt.Errorf("promote: %s: %w (no candidate item of that id; kinds %s)", id, ErrNotCandidate, strings.Join(CandidateKinds(), ", "))
		case ds[i].Action != ActionPromote:
			return fmt.Errorf("promote: %s: %w (%s: %s)", id, ErrNotCandidate, ds[i].Action, strings.Join(ds[i].Reasons, "; "))
		}
	}
	return nil
}

// WriteText prints the decisions and what was done for a person; rel turns
// absolute paths into workspace-relative ones.
func (r *Result) WriteText(w io.Writer, rel func(string) string) {
	for _, d := range r.Decisions {
		fmt.Fprintf(w, "%-4s %-8s %s\n       %s\n", d.Item, d.Action, d.Title, strings.Join(d.Reasons, "; "))
	}
	if r.Review {
		fmt.Fprintf(w, "review is on (promote.review): %d entries wait for a verdict; add them with --approve ID, turn one down with --reject ID\n", len(r.Added))
		return
	}
	verb := "added"
	if r.DryRun {
		verb = "would add"
	}
	if len(r.Rejected) > 0 {
		fmt.Fprintf(w, "turned down (not proposed again): %s\n", strings.Join(r.Rejected, ", "))
	}
	fmt.Fprintf(w, "%s %d entries to %s", verb, len(r.Added), rel(r.Path))
	if r.Backup != "" {
		fmt.Fprintf(w, " (previous version: %s)", rel(r.Backup))
	}
	fmt.Fprintln(w)
}
