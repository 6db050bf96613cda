package jobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func okJob(context.Context) (string, error) { return "done", nil }

// fakeClock is a settable clock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Two jobs triggered together run one after the other, never at once.
func TestJobsNeverOverlap(t *testing.T) {
	var active, most atomic.Int32
	var order []string
	var mu sync.Mutex
	job := func(name string) Func {
		return func(context.Context) (string, error) {
			n := active.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(50 * time.Millisecond)
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
			active.Add(-1)
			return name, nil
		}
	}
	s, err := New([]Job{{Name: "a", Schedule: Off, Run: job("a")}, {Name: "b", Schedule: Off, Run: job("b")}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, n := range []string{"a", "b"} {
		wg.Go(func() { s.scheduled(n) }) // as cron triggers them
	}
	wg.Go(func() {
		if _, err := s.Run(t.Context(), "a"); err != nil && !errors.Is(err, ErrBusy) {
			t.Error(err)
		}
	})
	wg.Wait()
	if most.Load() != 1 {
		t.Errorf("%d jobs ran at once", most.Load())
	}
	if len(order) < 2 {
		t.Errorf("ran %v, want a and b", order)
	}
	// A job asked for while it already runs is refused, not queued twice.
	release := make(chan struct{})
	started := make(chan struct{})
	s2, _ := New([]Job{{Name: "slow", Schedule: Off, Run: func(context.Context) (string, error) {
		close(started)
		<-release
		return "", nil
	}}}, Options{})
	go s2.Run(context.Background(), "slow")
	<-started
	if _, err := s2.Run(t.Context(), "slow"); !errors.Is(err, ErrBusy) {
		t.Errorf("second run of a running job: %v, want a conflict", err)
	}
	if st := s2.Statuses()[0]; !st.Running {
		t.Error("the running job is not listed as running")
	}
	close(release)
	if err := s2.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// A failing job is recorded and logged, and the next scheduled run tries
// again; state survives a restart.
func TestFailureRecordedAndRetriedNextTime(t *testing.T) {
	dir := t.TempDir()
	clock := &fakeClock{t: time.Date(2026, 6, 1, 3, 0, 0, 0, time.UTC)}
	var calls atomic.Int32
	flaky := func(context.Context) (string, error) {
		if calls.Add(1) == 1 {
			return "", errors.New("disk full")
		}
		return "archived 2 logs", nil
	}
	var ran []error
	opt := Options{Location: time.UTC, StateDir: dir, Now: clock.Now, OnRun: func(_ string, err error, _ time.Duration) { ran = append(ran, err) }}
	s, err := New([]Job{{Name: Archive, Schedule: "0 3 * * *", Run: flaky}}, opt)
	if err != nil {
		t.Fatal(err)
	}
	s.scheduled(Archive)
	st := s.Statuses()[0]
	if st.LastResult != ResultError || st.Message != "disk full" || st.Failures != 1 || st.Runs != 1 {
		t.Fatalf("after the failure: %+v", st)
	}
	if calls.Load() != 1 {
		t.Fatalf("the failing job ran %d times at once (a retry loop)", calls.Load())
	}
	if want := time.Date(2026, 6, 2, 3, 0, 0, 0, time.UTC); !st.NextRun.Equal(want) {
		t.Errorf("next run %s, want %s", st.NextRun, want)
	}
	clock.Add(24 * time.Hour)
	s.scheduled(Archive) // the next day's run
	st = s.Statuses()[0]
	if st.LastResult != ResultOK || st.Message != "archived 2 logs" || st.Runs != 2 || st.Failures != 1 {
		t.Fatalf("after the retry: %+v", st)
	}
	if len(ran) != 2 || ran[0] == nil || ran[1] != nil {
		t.Errorf("OnRun saw %v", ran)
	}
	// Persisted: a new scheduler and the offline listing read it back.
	s2, err := New([]Job{{Name: Archive, Schedule: "0 3 * * *", Run: flaky}}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if got := s2.Statuses()[0]; got.Runs != 2 || got.LastResult != ResultOK || !got.LastStart.Equal(clock.Now()) {
		t.Errorf("reloaded: %+v", got)
	}
	list, err := Offline(dir, map[string]string{Archive: "0 3 * * *", Reindex: Off}, time.UTC, clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != len(Names()) || list[0].Name != Archive || list[0].Runs != 2 || list[0].NextRun == nil {
		t.Errorf("offline: %+v", list)
	}
	if list[1].Name != Reindex || list[1].NextRun != nil || list[1].LastStart != nil {
		t.Errorf("offline reindex (off, never ran): %+v", list[1])
	}
}

func TestSkippedAndPanickingJobs(t *testing.T) {
	s, _ := New([]Job{
		{Name: "idle", Schedule: Off, Run: func(context.Context) (string, error) {
			return "", errors.Join(errors.New("nothing to do"), ErrSkipped)
		}},
		{Name: "bad", Schedule: Off, Run: func(context.Context) (string, error) { panic("boom") }},
	}, Options{})
	v, err := s.Run(t.Context(), "idle")
	if err != nil || v.LastResult != ResultSkipped {
		t.Errorf("idle: %+v %v", v, err)
	}
	v, err = s.Run(t.Context(), "bad")
	if err != nil || v.LastResult != ResultError || v.Message != "panic: boom" {
		t.Errorf("bad: %+v %v", v, err)
	}
	if _, err := s.Run(t.Context(), "nope"); !errors.Is(err, ErrUnknown) {
		t.Errorf("unknown job: %v", err)
	}
}

func TestDamagedStateStartsAfresh(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(StatePath(dir), []byte("{not json"), 0o644)
	s, err := New([]Job{{Name: "a", Schedule: Off, Run: okJob}}, Options{StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Run(t.Context(), "a"); err != nil {
		t.Fatal(err)
	}
	recs, err := loadState(StatePath(dir))
	if err != nil || recs.Jobs["a"].Runs != 1 {
		t.Errorf("state after a run: %v %v", recs, err)
	}
	if _, err := Offline(t.TempDir(), nil, time.UTC, time.Now()); err != nil {
		t.Errorf("no state file: %v", err)
	}
}

// Through real cron: a job fires on its schedule, and Stop waits for it
// to finish while refusing new runs.
func TestStopLetsTheJobInProgressFinish(t *testing.T) {
	started := make(chan struct{})
	release := make(chan struct{})
	var once sync.Once
	var finished atomic.Bool
	s, err := New([]Job{{Name: "tick", Schedule: "* * * * * *", Run: func(context.Context) (string, error) {
		once.Do(func() { close(started) })
		<-release
		finished.Store(true)
		return "", nil
	}}}, Options{StateDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	s.Start()
	select {
	case <-started:
	case <-time.After(3 * time.Second):
		t.Fatal("the every-second job did not fire")
	}
	stopped := make(chan error, 1)
	go func() { stopped <- s.Stop(context.Background()) }()
	select {
	case <-stopped:
		t.Fatal("Stop returned while the job ran")
	case <-time.After(100 * time.Millisecond):
	}
	if _, err := s.Run(t.Context(), "tick"); err == nil {
		t.Error("a run was accepted while stopping")
	}
	close(release)
	if err := <-stopped; err != nil {
		t.Fatal(err)
	}
	if !finished.Load() || s.Statuses()[0].Runs != 1 {
		t.Errorf("finished %v, status %+v", finished.Load(), s.Statuses()[0])
	}
	// Stop with a deadline reports a job that does not finish.
	block := make(chan struct{})
	defer close(block)
	s2, _ := New([]Job{{Name: "stuck", Schedule: Off, Run: func(context.Context) (string, error) { <-block; return "", nil }}}, Options{})
	go s2.Run(context.Background(), "stuck")
	for !s2.Statuses()[0].Running {
		time.Sleep(5 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := s2.Stop(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Stop of a stuck job: %v", err)
	}
}

// TestAbortEndsTheJobInProgress: while Stop waits for a job, Abort ends
// its context (a second Ctrl-C): the job stops and Stop returns; the run
// is recorded as an error.
func TestAbortEndsTheJobInProgress(t *testing.T) {
	s, err := New([]Job{{Name: "long", Schedule: Off, Run: func(ctx context.Context) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	}}}, Options{StateDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	go s.Run(context.Background(), "long")
	for len(s.Running()) == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	stopped := make(chan error, 1)
	go func() { stopped <- s.Stop(context.Background()) }()
	select {
	case <-stopped:
		t.Fatal("Stop returned while the job ran")
	case <-time.After(50 * time.Millisecond):
	}
	s.Abort()
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Stop did not return after Abort")
	}
	if st := s.Statuses()[0]; st.LastResult != ResultError || len(s.Running()) != 0 {
		t.Errorf("after the abort: %+v", st)
	}
}

// TestOfflineWithADamagedState: a damaged state file still lists every
// job's schedule (no last runs), with an error saying why.
func TestOfflineWithADamagedState(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(StatePath(dir), []byte("garbage{"), 0o644); err != nil {
		t.Fatal(err)
	}
	list, err := Offline(dir, map[string]string{Archive: "0 3 * * *"}, time.UTC, time.Now())
	if err == nil || len(list) != len(Names()) || list[0].Schedule != "0 3 * * *" {
		t.Fatalf("offline: %+v %v", list, err)
	}
}

// TestStartRunsMissedJobs: a job whose scheduled time passed since its
// last run, while no scheduler ran, runs on Start; one that ran since its
// last scheduled time, and one that never ran, wait for their schedules.
func TestStartRunsMissedJobs(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	twoDaysAgo, anHourAgo := now.Add(-48*time.Hour), now.Add(-time.Hour)
	if err := saveState(StatePath(dir), &stateDoc{Jobs: map[string]record{
		"missed": {LastStart: &twoDaysAgo, Runs: 1},
		"recent": {LastStart: &anHourAgo, Runs: 1},
	}}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	ran := map[string]int{}
	job := func(name string) func(context.Context) (string, error) {
		return func(context.Context) (string, error) {
			mu.Lock()
			ran[name]++
			mu.Unlock()
			return "", nil
		}
	}
	daily := "0 3 * * *" // run two days ago: 03:00 yesterday and today were missed
	s, err := New([]Job{
		{Name: "missed", Schedule: daily, Run: job("missed")},
		{Name: "recent", Schedule: "0 9 * * *", Run: job("recent")},
		{Name: "never", Schedule: daily, Run: job("never")},
	}, Options{StateDir: dir, Location: time.UTC, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	s.Start()
	deadline := time.Now().Add(3 * time.Second)
	for {
		mu.Lock()
		n := ran["missed"]
		mu.Unlock()
		if n == 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if ran["missed"] != 1 || ran["recent"] != 0 || ran["never"] != 0 {
		t.Fatalf("runs at start: %v", ran)
	}
}

// TestStartRunsNeverRunJobs: a job that never ran runs on a later Start
// when one of its scheduled times passed since a scheduler first ran on
// the workspace (the service of a laptop never up at 03:00); on the very
// first Start it waits for its schedule.
func TestStartRunsNeverRunJobs(t *testing.T) {
	dir := t.TempDir()
	first := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	var ran atomic.Int32
	start := func(now time.Time) {
		t.Helper()
		s, err := New([]Job{{Name: "archive", Schedule: "0 3 * * *", Run: func(context.Context) (string, error) {
			ran.Add(1)
			return "", nil
		}}}, Options{StateDir: dir, Location: time.UTC, Now: func() time.Time { return now }})
		if err != nil {
			t.Fatal(err)
		}
		s.Start()
		time.Sleep(50 * time.Millisecond)
		if err := s.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	start(first)
	if n := ran.Load(); n != 0 {
		t.Fatalf("first start ran it %d times", n)
	}
	start(first.Add(2 * time.Hour)) // no 03:00 since
	if n := ran.Load(); n != 0 {
		t.Fatalf("ran %d times with no scheduled time missed", n)
	}
	start(first.Add(20 * time.Hour)) // 03:00 the next day passed
	if n := ran.Load(); n != 1 {
		t.Fatalf("ran %d times, want once for the missed 03:00", n)
	}
}

// TestStopEndsMissedRuns: the missed runs Start queues do not start once
// Stop is called (a job waiting for its turn does not run): only the one
// in progress finishes.
func TestStopEndsMissedRuns(t *testing.T) {
	for range 10 {
		dir := t.TempDir()
		now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
		ago := now.Add(-48 * time.Hour)
		recs := map[string]record{}
		var js []Job
		var ran atomic.Int32
		release := make(chan struct{})
		for i := range 4 {
			name := fmt.Sprint("j", i)
			recs[name] = record{LastStart: &ago, Runs: 1}
			js = append(js, Job{Name: name, Schedule: "0 3 * * *", Run: func(ctx context.Context) (string, error) {
				if ran.Add(1) == 1 {
					<-release
				}
				return "", nil
			}})
		}
		if err := saveState(StatePath(dir), &stateDoc{Jobs: recs}); err != nil {
			t.Fatal(err)
		}
		s, err := New(js, Options{StateDir: dir, Location: time.UTC, Now: func() time.Time { return now }})
		if err != nil {
			t.Fatal(err)
		}
		s.Start()
		for len(s.Running()) == 0 {
			time.Sleep(time.Millisecond)
		}
		done := make(chan error)
		go func() { done <- s.Stop(context.Background()) }()
		time.Sleep(20 * time.Millisecond)
		close(release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if n := ran.Load(); n != 1 {
			t.Fatalf("%d jobs ran; want only the one in progress at Stop", n)
		}
	}
}
