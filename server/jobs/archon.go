package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor/conv"
	"github.com/archon-memory/archon/server/service"
)

// SummaryDays is how many days of daily logs (today included) the summary
// job summarizes.
const SummaryDays = 7

// Define returns archon's jobs on svc with the given schedules (see
// Schedules; a missing one is the default).
func Define(svc *service.Service, schedules map[string]string, logger *slog.Logger) []Job {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	spec := func(n string) string {
		if s, ok := schedules[n]; ok {
			return s
		}
		return DefaultSchedule(n)
	}
	return []Job{
		{Name: Archive, Schedule: spec(Archive), Run: func(ctx context.Context) (string, error) { return archiveJob(ctx, svc) }},
		{Name: Reindex, Schedule: spec(Reindex), Run: func(ctx context.Context) (string, error) { return reindexJob(ctx, svc) }},
		{Name: Summary, Schedule: spec(Summary), Run: func(ctx context.Context) (string, error) { return summaryJob(ctx, svc, logger) }},
		{Name: Promote, Schedule: spec(Promote), Run: func(ctx context.Context) (string, error) { return promoteJob(ctx, svc) }},
	}
}

// archiveJob moves the daily logs past the L1 window to memory/archive/,
// then reindexes.
func archiveJob(ctx context.Context, svc *service.Service) (string, error) {
	res, err := svc.Archive(ctx, service.ArchiveRequest{})
	if err != nil {
		return "", fmt.Errorf("archive: %w", err)
	}
	ix, err := reindexJob(ctx, svc)
	if err != nil {
		return "", fmt.Errorf("archived %d logs, then: %w", len(res.Moved), err)
	}
	return fmt.Sprintf("archived %d logs dated before %s (%d kept); %s", len(res.Moved), res.Cutoff, res.Kept, ix), nil
}

// reindexJob brings every index up to date (incremental).
func reindexJob(ctx context.Context, svc *service.Service) (string, error) {
	st, err := svc.Index(ctx)
	if err != nil {
		return "", fmt.Errorf("index: %w", err)
	}
	return fmt.Sprintf("indexed %d files (%d changed, %d removed), %d chunks", st.Files, st.Changed, st.Removed, st.Chunks), nil
}

// promoteJob promotes proven L3 knowledge to MEMORY.md.
func promoteJob(ctx context.Context, svc *service.Service) (string, error) {
	res, err := svc.Promote(ctx, false)
	if err != nil {
		return "", fmt.Errorf("promote: %w", err)
	}
	return fmt.Sprintf("promoted %d of %d candidates to MEMORY.md", len(res.Added), len(res.Decisions)), nil
}

// summaryJob rewrites MEMORY_SUMMARY.md (the old one kept in the history)
// from the entries of the last SummaryDays days of daily logs, with the
// configured summarizer. With no entries it skips.
func summaryJob(ctx context.Context, svc *service.Service, logger *slog.Logger) (string, error) {
	ws := svc.Workspace()
	now := ws.Now()
	msgs, days, err := RecentMessages(ctx, ws, now, SummaryDays)
	if err != nil {
		return "", err
	}
	if len(msgs) == 0 {
		return "", fmt.Errorf("no entries in the last %d days: %w", SummaryDays, ErrSkipped)
	}
	sum, err := svc.Monitor().Summarizer(logger)
	if err != nil {
		return "", fmt.Errorf("summarizer: %w", err)
	}
	res, _, err := svc.Monitor().SummarizeToWorkspace(ctx, ws, msgs, sum, "", now)
	if err != nil {
		return "", err
	}
	svc.Changed()
	return fmt.Sprintf("summarized %d entries of %d days into %s (%d tokens, %s)", len(msgs), days, memory.SummaryFile, res.Tokens, res.Method), nil
}

// RecentMessages turns the entries of the daily logs of the last days
// days up to now (today included; archived logs too) into messages for a
// summarizer, oldest first, and returns how many days had entries.
// Free-form logs (no entry headings) are left out.
func RecentMessages(ctx context.Context, ws *memory.Workspace, now time.Time, days int) ([]conv.Message, int, error) {
	from := now.AddDate(0, 0, -(days - 1)).Format(time.DateOnly)
	to := now.Format(time.DateOnly)
	logs, err := ws.ListLogs(ctx)
	if err != nil {
		return nil, 0, err
	}
	var msgs []conv.Message
	seen := map[string]bool{}
	for _, lf := range logs {
		if lf.Date < from || lf.Date > to {
			continue
		}
		lg, err := ws.ReadLog(lf.Path)
		if err != nil {
			return nil, 0, err
		}
		for _, e := range lg.Entries {
			if e.Text == "" {
				continue
			}
			msgs = append(msgs, conv.NewText(conv.RoleAssistant, e.Text))
			seen[lf.Date] = true
		}
	}
	return msgs, len(seen), nil
}
