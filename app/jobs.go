package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/jobs"
	"github.com/archon-memory/archon/layers"
	"github.com/archon-memory/archon/memory"
)

// SummaryDays is how many days of daily logs (today included) the summary
// job summarizes.
const SummaryDays = 7

// jobsStopWait is how long StopJobs waits by default for the job in
// progress (it holds the engines).
const jobsStopWait = 10 * time.Minute

// defineJobs returns archon's jobs on m with the configured schedules
// (jobs.*; jobs.enabled false turns every one off). The jobs call the
// same Memory every front end does.
// With review set the promote job only proposes: candidates wait for a
// person's verdict (the dashboard's review, archon promote --approve).
func defineJobs(m Memory, specs map[string]string, review bool, summary func(ctx context.Context) (string, error)) []jobs.Job {
	return []jobs.Job{
		{Name: jobs.Archive, Schedule: specs[jobs.Archive], Run: func(ctx context.Context) (string, error) {
			res, err := m.Archive(ctx, ArchiveRequest{})
			if err != nil && (res == nil || len(res.Moved) == 0) {
				return "", fmt.Errorf("archive: %w", err)
			}
			// Logs that could not move fail the job, after the others
			// moved and were indexed at their new places.
			ix, ierr := reindex(ctx, m)
			if ierr != nil {
				return "", fmt.Errorf("archived %d logs, then: %w", len(res.Moved), ierr)
			}
			if err != nil {
				return "", fmt.Errorf("archived %d logs (%s), but: %w", len(res.Moved), ix, err)
			}
			return fmt.Sprintf("archived %d logs dated before %s (%d kept); %s", len(res.Moved), res.Cutoff, res.Kept, ix), nil
		}},
		{Name: jobs.Reindex, Schedule: specs[jobs.Reindex], Run: func(ctx context.Context) (string, error) { return reindex(ctx, m) }},
		{Name: jobs.Summary, Schedule: specs[jobs.Summary], Run: summary},
		{Name: jobs.Promote, Schedule: specs[jobs.Promote], Run: func(ctx context.Context) (string, error) {
			res, err := m.Promote(ctx, PromoteRequest{DryRun: review})
			if err != nil {
				return "", fmt.Errorf("promote: %w", err)
			}
			if review {
				return fmt.Sprintf("%d of %d candidates wait for review (promote.review)", len(res.Added), len(res.Decisions)), nil
			}
			return fmt.Sprintf("promoted %d of %d candidates to MEMORY.md", len(res.Added), len(res.Decisions)), nil
		}},
	}
}

// reindex brings every index up to date (incremental).
func reindex(ctx context.Context, m Memory) (string, error) {
	st, err := m.Index(ctx, IndexRequest{})
	if err != nil {
		return "", fmt.Errorf("index: %w", err)
	}
	return fmt.Sprintf("indexed %d files (%d changed, %d removed), %d chunks", st.Files, st.Changed, st.Removed, st.Chunks), nil
}

// schedules returns the configured schedules; jobs.enabled false turns
// every job off.
func (l *Local) schedules() map[string]string {
	c := l.cfg.Jobs
	specs := map[string]string{jobs.Archive: c.Archive, jobs.Reindex: c.Reindex, jobs.Summary: c.Summary, jobs.Promote: c.Promote}
	for _, n := range jobs.Names() {
		if !c.Enabled || strings.EqualFold(specs[n], jobs.Off) {
			specs[n] = jobs.Off
		}
	}
	return specs
}

// scheduler returns the job scheduler, built on first use; its clock runs
// only after StartJobs.
func (l *Local) scheduler() (*jobs.Scheduler, error) {
	return l.sched.get(func() (*jobs.Scheduler, error) {
		loc, err := l.cfg.Location()
		if err != nil {
			return nil, err
		}
		opt := jobs.Options{Location: loc, StateDir: l.ws.StateDir(), Logger: l.log}
		if l.opt.Observer != nil {
			opt.OnRun = l.opt.Observer.JobRan
		}
		return jobs.New(defineJobs(l, l.schedules(), l.cfg.Promote.Review, l.summaryJob), opt)
	})
}

// StartJobs starts running the jobs on their schedules (archon serve).
func (l *Local) StartJobs() error {
	s, err := l.scheduler()
	if err != nil {
		return err
	}
	l.mu.Lock()
	l.jobsOn = true
	l.mu.Unlock()
	s.Start()
	return nil
}

// StopJobs stops the schedules and waits for the job in progress (up to
// ten minutes, or ctx); call it before Close.
func (l *Local) StopJobs(ctx context.Context) error {
	s, ok := l.sched.peek()
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, jobsStopWait)
	defer cancel()
	return s.Stop(ctx)
}

// AbortJobs ends the jobs running now (see jobs.Scheduler.Abort) and
// returns their names.
func (l *Local) AbortJobs() []string {
	s, ok := l.sched.peek()
	if !ok {
		return nil
	}
	names := s.Running()
	s.Abort()
	return names
}

// RunningJobs returns the names of the jobs running now.
func (l *Local) RunningJobs() []string {
	if s, ok := l.sched.peek(); ok {
		return s.Running()
	}
	return nil
}

// Jobs lists the jobs with their last and next run: the scheduler's view
// while it runs, else the state file's (next runs from the schedules).
func (l *Local) Jobs(ctx context.Context) ([]JobStatus, error) {
	l.mu.Lock()
	on := l.jobsOn
	l.mu.Unlock()
	if s, ok := l.sched.peek(); ok && on {
		return s.Statuses(), nil
	}
	loc, err := l.cfg.Location()
	if err != nil {
		return nil, err
	}
	list, err := jobs.Offline(l.ws.StateDir(), l.schedules(), loc, time.Now())
	if err != nil && list != nil {
		l.log.Warn(err.Error())
		err = nil
	}
	if list == nil {
		list = []JobStatus{}
	}
	return list, err
}

// RunJob runs job name now, after the job in progress if any, and returns
// its status; a job that ran and failed says so in its status.
func (l *Local) RunJob(ctx context.Context, name string) (*JobStatus, error) {
	if !slices.Contains(JobNames(), name) {
		// An unknown name, like an unknown id: not found (exit 1, 404),
		// locally and through a service alike.
		return nil, fmt.Errorf("%w %q (jobs: %s)", jobs.ErrUnknown, name, strings.Join(JobNames(), ", "))
	}
	s, err := l.scheduler()
	if err != nil {
		return nil, err
	}
	st, err := s.Run(ctx, name)
	if err != nil {
		return nil, err
	}
	return &st, nil
}

// summaryJob rewrites MEMORY_SUMMARY.md (the old one kept in the history)
// from the entries of the last SummaryDays days of daily logs, with the
// configured summarizer. With no entries it skips.
func (l *Local) summaryJob(ctx context.Context) (string, error) {
	now := l.ws.Now()
	msgs, days, err := RecentMessages(ctx, l.ws, now, SummaryDays)
	if err != nil {
		return "", err
	}
	if len(msgs) == 0 {
		return "", fmt.Errorf("no entries in the last %d days: %w", SummaryDays, jobs.ErrSkipped)
	}
	m, err := l.monitor()
	if err != nil {
		return "", err
	}
	sum, err := m.Summarizer(l.log)
	if err != nil {
		return "", fmt.Errorf("summarizer: %w", err)
	}
	res, _, err := m.SummarizeToWorkspace(ctx, l.ws, msgs, sum, "", now)
	if err != nil {
		return "", err
	}
	l.changed(UpdateSummary)
	return fmt.Sprintf("summarized %d entries of %d days into %s (%d tokens, %s)", len(msgs), days, memory.SummaryFile, res.Tokens, res.Method), nil
}

// PromptTag marks an entry that holds what a person asked an agent (the
// Claude Code hook logs each prompt so): the summary job reads it as the
// user's words, not as an agent's record.
const PromptTag = "prompt"

// requestTag files a message under the summary's User requests.
const requestTag = "request"

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
			m := conv.NewText(conv.RoleAssistant, e.Text)
			switch {
			case slices.Contains(e.Tags, PromptTag):
				// What a person asked: the user's message, filed as a
				// request (a tag the summarizer's sections know).
				m = conv.NewText(conv.RoleUser, e.Text)
				m.Tags = []string{requestTag}
			case !slices.Contains(e.Tags, layers.ArchiveTag):
				// A verbatim archive of a conversation (its #context tag
				// says what it came from) is prose, not a record to file.
				m.Tags = e.Tags
			}
			msgs = append(msgs, m)
			seen[lf.Date] = true
		}
	}
	return msgs, len(seen), nil
}
