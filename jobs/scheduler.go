// Package jobs runs archon serve's scheduled jobs (archival, reindex,
// summary refresh, promotion) with robfig/cron in the workspace's time
// zone. Jobs never overlap: one job runs at a time, the others wait their
// turn. A failure is logged and recorded, and the next scheduled run tries
// again. Every job's last run is kept in .archon/jobs.json, so `archon
// jobs` can list it while the service is not running.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/robfig/cron/v3"
)

// DefaultTimeout bounds one run of a job.
const DefaultTimeout = time.Hour

// Func runs a job and returns a one-line account of what it did. An error
// that wraps ErrSkipped records the run as skipped, not failed.
type Func func(ctx context.Context) (string, error)

// Job is a named task with its schedule.
type Job struct {
	Name string
	// Schedule is a cron spec (see Parse) or Off.
	Schedule string
	Run      Func
}

// ErrSkipped, wrapped by a Func's error, means there was nothing to do.
var ErrSkipped = errors.New("skipped")

// Errors of Run.
var (
	// ErrUnknown: no job has that name.
	ErrUnknown = errors.New("no job")
	// ErrBusy: the job runs already, or the scheduler is stopping.
	ErrBusy = errors.New("busy")
)

// Options tune New.
type Options struct {
	// Location is the time zone of the schedules (default time.Local).
	Location *time.Location
	// StateDir is the directory of StateFile; "" keeps state in memory.
	StateDir string
	// Logger receives failures and runs (nil: discard).
	Logger *slog.Logger
	// Now is the clock of the records and next runs (default time.Now).
	Now func() time.Time
	// Timeout bounds one run (default DefaultTimeout).
	Timeout time.Duration
	// OnRun, when set, is called after every run (for metrics); err is nil
	// for a run that succeeded or skipped.
	OnRun func(name string, err error, d time.Duration)
}

// Scheduler runs jobs on their schedules and on demand, one at a time.
type Scheduler struct {
	opt   Options
	order []string
	jobs  map[string]Job
	cron  *cron.Cron
	sem   chan struct{} // held by the job that runs
	quit  chan struct{} // closed by Stop: waiting jobs give up
	wg    sync.WaitGroup
	// aborted ends the contexts of running jobs (Abort).
	aborted context.Context
	abort   context.CancelFunc

	mu      sync.Mutex // guards the fields below and the state file
	recs    map[string]record
	since   *time.Time // when a scheduler first ran here (stateDoc.Since)
	running map[string]bool
	stopped bool
}

// New returns a scheduler of jobs; Start starts the clock. The state file
// is read now; a damaged one is logged and replaced.
func New(jobs []Job, opt Options) (*Scheduler, error) {
	if opt.Location == nil {
		opt.Location = time.Local
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	cl := cronLogger{opt.Logger}
	s := &Scheduler{opt: opt, jobs: map[string]Job{}, running: map[string]bool{},
		sem: make(chan struct{}, 1), quit: make(chan struct{}),
		cron: cron.New(cron.WithParser(Parser()), cron.WithLocation(opt.Location), cron.WithLogger(cl),
			cron.WithChain(cron.Recover(cl), cron.SkipIfStillRunning(cl)))}
	s.aborted, s.abort = context.WithCancel(context.Background())
	for _, j := range jobs {
		if _, dup := s.jobs[j.Name]; dup || j.Name == "" || j.Run == nil {
			return nil, fmt.Errorf("job %q: empty, repeated or without a function", j.Name)
		}
		if j.Schedule != Off {
			name := j.Name
			if _, err := s.cron.AddJob(j.Schedule, cron.FuncJob(func() { s.scheduled(name) })); err != nil {
				return nil, fmt.Errorf("job %s: schedule %q: %w", j.Name, j.Schedule, err)
			}
		}
		s.jobs[j.Name] = j
		s.order = append(s.order, j.Name)
	}
	s.recs = map[string]record{}
	if opt.StateDir != "" {
		d, err := loadState(StatePath(opt.StateDir))
		if err != nil {
			opt.Logger.Warn("job state not read; starting afresh", "err", err)
		} else {
			s.recs, s.since = d.Jobs, d.Since
		}
	}
	return s, nil
}

// Start starts running the jobs on their schedules, and runs now, one
// after the other, each job whose scheduled time passed since its last
// run while no scheduler ran (a service stopped overnight still archives
// on its next start); for a job that never ran, since a scheduler first
// ran on the workspace (a laptop whose service never runs at 03:00 still
// archives). On the first start ever, every job waits for its schedule.
func (s *Scheduler) Start() {
	s.cron.Start()
	now := s.opt.Now()
	var due []string
	s.mu.Lock()
	since := s.since
	if since == nil && s.opt.StateDir != "" {
		s.since = &now
		if err := s.saveLocked(); err != nil {
			s.opt.Logger.Warn("job state not saved", "err", err)
		}
	}
	for _, n := range s.order {
		spec := s.jobs[n].Schedule
		last := s.recs[n].LastStart
		if last == nil {
			last = since
		}
		if spec == Off || last == nil {
			continue
		}
		if sched, err := Parse(spec); err == nil {
			if next := sched.Next(last.In(s.opt.Location)); !next.IsZero() && next.Before(now) {
				due = append(due, n)
			}
		}
	}
	if len(due) == 0 || s.stopped {
		s.mu.Unlock()
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		for _, n := range due {
			select {
			case <-s.quit:
				return
			default:
			}
			s.opt.Logger.Info("running a job its schedule missed", "job", n)
			s.scheduled(n)
		}
	}()
}

// Stop stops the schedules and waits, up to ctx, for the job in progress
// to finish; jobs waiting for their turn do not run.
func (s *Scheduler) Stop(ctx context.Context) error {
	s.mu.Lock()
	if !s.stopped {
		s.stopped = true
		close(s.quit)
	}
	s.mu.Unlock()
	cronDone := s.cron.Stop()
	done := make(chan struct{})
	go func() {
		<-cronDone.Done()
		s.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("jobs still running at shutdown: %w", ctx.Err())
	}
}

// Abort ends the context of the jobs running now and of any to come: a
// second Ctrl-C while archon serve waits for one. Archon's jobs stop at a
// safe point (archive between two logs, an index run between batches).
func (s *Scheduler) Abort() { s.abort() }

// Running returns the names of the jobs running now.
func (s *Scheduler) Running() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, n := range s.order {
		if s.running[n] {
			out = append(out, n)
		}
	}
	return out
}

// Statuses returns every job's status in listing order.
func (s *Scheduler) Statuses() []Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.opt.Now()
	out := make([]Status, 0, len(s.order))
	for _, n := range s.order {
		st := status(n, s.jobs[n].Schedule, s.recs[n], now, s.opt.Location)
		st.Running = s.running[n]
		out = append(out, st)
	}
	return out
}

// Run runs job name now, after the job in progress if any, and returns
// its Status. A job that ran and failed is no error: its Status says so.
// When ctx ends first the run still finishes and is recorded.
func (s *Scheduler) Run(ctx context.Context, name string) (Status, error) {
	if _, ok := s.jobs[name]; !ok {
		return Status{}, fmt.Errorf("%w %q (jobs: %v)", ErrUnknown, name, s.order)
	}
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return Status{}, fmt.Errorf("%w: the scheduler is stopping", ErrBusy)
	}
	s.wg.Add(1)
	s.mu.Unlock()
	errc := make(chan error, 1)
	go func() {
		defer s.wg.Done()
		errc <- s.execute(name)
	}()
	select {
	case err := <-errc:
		if err != nil {
			return Status{}, err
		}
		return s.statusOf(name), nil
	case <-ctx.Done():
		return Status{}, fmt.Errorf("job %s still runs (see archon jobs): %w", name, ctx.Err())
	}
}

func (s *Scheduler) statusOf(name string) Status {
	for _, st := range s.Statuses() {
		if st.Name == name {
			return st
		}
	}
	return Status{Name: name}
}

// scheduled is what cron runs.
func (s *Scheduler) scheduled(name string) {
	if err := s.execute(name); err != nil {
		s.opt.Logger.Info("scheduled job did not run", "job", name, "reason", err)
	}
}

// execute runs job name once, waiting for its turn, and records the run.
// It returns an error only when the job did not run.
func (s *Scheduler) execute(name string) error {
	s.mu.Lock()
	if s.running[name] {
		s.mu.Unlock()
		return fmt.Errorf("%w: job %s is already running", ErrBusy, name)
	}
	s.running[name] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.running[name] = false
		s.mu.Unlock()
	}()
	select {
	case <-s.quit: // first: when both are ready, a select picks at random
		return fmt.Errorf("%w: job %s: the scheduler is stopping", ErrBusy, name)
	default:
	}
	select {
	case s.sem <- struct{}{}:
	case <-s.quit:
		return fmt.Errorf("%w: job %s: the scheduler is stopping", ErrBusy, name)
	}
	select {
	case <-s.quit: // stopped while it waited for its turn
		<-s.sem
		return fmt.Errorf("%w: job %s: the scheduler is stopping", ErrBusy, name)
	default:
	}
	defer func() { <-s.sem }()
	// A run is not tied to whoever asked: it finishes even at shutdown,
	// unless the operator aborts it (Abort).
	ctx, cancel := context.WithTimeout(s.aborted, s.opt.Timeout)
	defer cancel()
	start := s.opt.Now()
	msg, err := s.call(ctx, name)
	end := s.opt.Now()
	s.record(name, start, end, msg, err)
	return nil
}

// call runs the job's function, turning a panic into an error.
func (s *Scheduler) call(ctx context.Context, name string) (msg string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
			s.opt.Logger.Error("job panicked", "job", name, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	return s.jobs[name].Run(ctx)
}

// saveLocked writes the state file (none without a state directory); s.mu
// is held.
func (s *Scheduler) saveLocked() error {
	if s.opt.StateDir == "" {
		return nil
	}
	return saveState(StatePath(s.opt.StateDir), &stateDoc{Jobs: s.recs, Since: s.since})
}

// record keeps the outcome of a run, logs it and saves the state.
func (s *Scheduler) record(name string, start, end time.Time, msg string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.recs[name]
	r.LastStart, r.LastEnd, r.Runs = &start, &end, r.Runs+1
	d := end.Sub(start)
	switch {
	case err == nil:
		r.LastResult, r.Message = ResultOK, msg
		s.opt.Logger.Info("job done", "job", name, "result", msg, "duration", d)
	case errors.Is(err, ErrSkipped):
		r.LastResult, r.Message = ResultSkipped, err.Error()
		s.opt.Logger.Info("job skipped", "job", name, "reason", err)
		err = nil
	default:
		r.LastResult, r.Message, r.Failures = ResultError, err.Error(), r.Failures+1
		s.opt.Logger.Error("job failed; the next scheduled run tries again", "job", name, "err", err, "duration", d)
	}
	s.recs[name] = r
	if err := s.saveLocked(); err != nil {
		s.opt.Logger.Error("job state not saved", "err", err)
	}
	if s.opt.OnRun != nil {
		s.opt.OnRun(name, err, d)
	}
}

// cronLogger sends cron's messages to slog (its chatter at debug level).
type cronLogger struct{ l *slog.Logger }

func (c cronLogger) Info(msg string, kv ...any) { c.l.Debug("cron: "+msg, kv...) }

func (c cronLogger) Error(err error, msg string, kv ...any) {
	c.l.Error("cron: "+msg, append([]any{"err", err}, kv...)...)
}
