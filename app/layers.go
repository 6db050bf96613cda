package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/archon-memory/archon/archive"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/layers"
	"github.com/archon-memory/archon/layers/promote"
	"github.com/archon-memory/archon/memory"
)

// Status reports, per layer, files, entries, tokens and dates covered.
func (l *Local) Status(ctx context.Context) (*Status, error) {
	kn, err := l.store(ctx, false)
	if err != nil && ctx.Err() != nil {
		return nil, fmt.Errorf("status: %w", err)
	}
	st, serr := layers.ReadStatus(ctx, l.ws, l.cfg.L1.WindowDays, l.cfg.L1.BudgetTokens, kn)
	if serr == nil && err != nil {
		// A knowledge database that does not open costs L3 only.
		st.L3.Note = layers.L3Unavailable(err)
	}
	if serr == nil && l.node != nil {
		st.Notes = append(st.Notes, l.sharedNote(ctx))
	}
	if serr == nil && l.idx != nil && l.configChanged() {
		note := fmt.Sprintf("%s changed since this service started (%s): restart archon serve to apply it",
			filepath.Base(l.cfgPath), l.started.Format("2006-01-02 15:04"))
		cfg, err := config.Load(l.cfgPath, os.Environ())
		if err == nil {
			err = CheckConfig(cfg)
		}
		if err != nil {
			// A restart would not start: say why first.
			note = fmt.Sprintf("%s changed since this service started (%s) and no longer loads: %v; fix it before restarting archon serve",
				filepath.Base(l.cfgPath), l.started.Format("2006-01-02 15:04"), err)
		}
		st.Notes = append(st.Notes, note)
	}
	return st, serr
}

// sharedNote says how the workspace stands in shared mode: what waits to
// be sent and, in a service, whether the store answers.
func (l *Local) sharedNote(ctx context.Context) string {
	ns := l.node.Status(ctx)
	note := fmt.Sprintf("shared: tenant %s, %d entries waiting to be sent", ns.Tenant, ns.Outbox)
	switch {
	case l.idx == nil:
		return note + " (a running archon serve sends them)"
	case ns.LastError != "":
		return note + "; the store fails: " + ns.LastError
	case ns.Connected:
		return note + "; connected, " + strconv.FormatInt(ns.Applied, 10) + " of the tenant's entries applied"
	}
	return note + "; not connected yet"
}

// configChanged reports whether the configuration file is no longer the
// one a service loaded: it goes on with what it read.
func (l *Local) configChanged() bool {
	fi, err := os.Stat(l.cfgPath)
	if l.cfgFile == nil || err != nil {
		return (l.cfgFile == nil) != (err != nil) // made, or removed, since
	}
	return fi.Size() != l.cfgFile.Size() || !fi.ModTime().Equal(l.cfgFile.ModTime())
}

// L1 builds the L1 payload within budget tokens (0: l1.budget_tokens).
func (l *Local) L1(ctx context.Context, budget int) (*Payload, error) {
	if budget < 0 || budget > 1_000_000 {
		return nil, Invalidf("budget must be between 1 and 1000000, got %d", budget)
	}
	if budget == 0 {
		budget = l.cfg.L1.BudgetTokens
	}
	return layers.BuildPayload(ctx, l.ws, layers.PayloadOptions{Budget: budget, WindowDays: l.cfg.L1.WindowDays})
}

// DefaultWarmthBudget is the token budget of Warmth when none is given.
const DefaultWarmthBudget = 10000

// Warmth selects the learnings of MEMORY.md and of the L3 knowledge items
// within budget tokens (0: DefaultWarmthBudget), by priority.
func (l *Local) Warmth(ctx context.Context, budget int) (*Warmth, error) {
	if budget < 0 || budget > 1_000_000 {
		return nil, Invalidf("budget must be between 1 and 1000000, got %d", budget)
	}
	if budget == 0 {
		budget = DefaultWarmthBudget
	}
	ls, err := layers.WisdomLearnings(l.ws)
	if err != nil {
		return nil, err
	}
	// L3 out of reach (its shared store down, its database damaged) takes
	// its learnings out, not MEMORY.md's.
	var kl []layers.Learning
	kn, err := l.store(ctx, false)
	if err == nil {
		kl, err = layers.KnowledgeLearnings(ctx, kn)
	}
	if err != nil && ctx.Err() != nil {
		return nil, err
	}
	w := layers.SelectWarmth(append(ls, kl...), budget)
	if err != nil {
		w.Warnings = append(w.Warnings, fmt.Sprintf("L3 knowledge left out: %v", err))
	}
	return w, nil
}

// Archive moves daily logs past the window (r.OlderThan, else
// l1.window_days) to memory/archive/.
func (l *Local) Archive(ctx context.Context, r ArchiveRequest) (*ArchiveResult, error) {
	age := time.Duration(l.cfg.L1.WindowDays) * 24 * time.Hour
	if r.OlderThan != "" {
		var err error
		if age, err = archive.ParseAge(r.OlderThan); err != nil {
			return nil, wrap(Invalid, fmt.Errorf("older_than: %w", err))
		}
	}
	res, err := archive.Run(ctx, l.ws, archive.Options{OlderThan: age, DryRun: r.DryRun})
	if res != nil && !r.DryRun && len(res.Moved) > 0 {
		l.Changed()
		if l.opt.OneShot {
			// No service indexes the moves behind this command: done
			// here, so that get finds a moved entry at its new path.
			if _, ierr := l.Index(ctx, IndexRequest{}); ierr != nil {
				l.log.Warn("archive: the moved logs are indexed by the next search or index", "err", ierr)
			}
		}
	}
	return res, err
}

// Promote runs L4 promotion (archon promote) with the promote.* rule.
func (l *Local) Promote(ctx context.Context, r PromoteRequest) (*PromoteResult, error) {
	kn, err := l.store(ctx, true)
	if err != nil {
		return nil, err
	}
	wisdom, err := l.ws.Inside(memory.WisdomFile)
	if err != nil {
		return nil, wrap(Invalid, err)
	}
	opt := promote.Options{
		Rule: promote.RuleFrom(l.cfg.Promote), WisdomPath: wisdom, DryRun: r.DryRun, Now: l.ws.Now,
		BackupDir: filepath.Join(l.ws.StateDir(), promote.BackupDirName), Reject: r.Reject,
	}
	if r.Items != nil {
		opt.Only = append([]string{}, r.Items...) // a verdict: nothing beyond what it approves (Run adds nothing for a rejection alone)
	}
	// With promote.review, what is added is what a person approved: a run
	// without a verdict only proposes, whoever runs it.
	review := l.cfg.Promote.Review && r.Items == nil && r.Reject == nil && !r.DryRun
	opt.DryRun = opt.DryRun || review
	res, err := promote.Run(ctx, kn, opt)
	if res != nil {
		res.Review = review
	}
	if err == nil && !r.DryRun && len(res.Rejected) > 0 {
		l.updated(UpdateKnowledge)
	}
	if err == nil && !r.DryRun && len(res.Added) > 0 {
		l.changed(UpdateWisdom)
	}
	return res, err
}

// AddSection appends a "## Heading" section to MEMORY.md, written
// atomically, unless a section with that heading is there (so importing
// twice adds nothing). The text's own headings move two levels down, so
// it stays one section. Lines a person wrote are kept as they are.
func (l *Local) AddSection(ctx context.Context, r SectionRequest) (*SectionResult, error) {
	heading := strings.TrimSpace(r.Heading)
	if heading == "" || strings.ContainsAny(heading, "\n\r") || len(heading) > 200 {
		return nil, Invalidf("heading: one line of at most 200 bytes")
	}
	redacted, _ := l.ws.Redact(r.Text)
	text, err := memory.NormalizeText(redacted, l.cfg.Log.MaxEntryBytes)
	if err != nil {
		return nil, wrap(Invalid, err)
	}
	unlock, err := l.ws.LockEdits(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	path, err := l.ws.Inside(memory.WisdomFile)
	if err != nil {
		return nil, wrap(Invalid, err)
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	res := &SectionResult{Path: memory.WisdomFile}
	body := promote.Nested(text, 2)
	if found, same := hasSection(string(old), heading, body); found {
		res.Differs = !same
		return res, nil
	}
	doc := strings.TrimRight(string(old), "\n")
	if doc != "" {
		doc += "\n\n"
	}
	doc += "## " + heading + "\n\n" + body + "\n"
	if err := memory.WriteFileAtomic(path, []byte(doc), 0o644); err != nil {
		return nil, err
	}
	l.changed(UpdateWisdom)
	res.Added = true
	return res, nil
}

// hasSection reports whether doc has a level-2 section titled heading,
// or one of any title saying exactly body (the same file imported before
// under another name), and whether that section says body.
func hasSection(doc, heading, body string) (found, same bool) {
	body = strings.TrimSpace(body)
	type section struct {
		title string
		lines []string
	}
	var secs []section
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "## ") {
			secs = append(secs, section{title: strings.TrimSpace(line)})
			continue
		}
		if n := len(secs); n > 0 {
			secs[n-1].lines = append(secs[n-1].lines, line)
		}
	}
	for _, sec := range secs {
		if strings.TrimSpace(strings.Join(sec.lines, "\n")) == body {
			return true, true
		}
		found = found || sec.title == "## "+heading
	}
	return found, false
}
