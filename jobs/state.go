package jobs

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/archon-memory/archon/memory"
)

// StateFile is the file under .archon/ that keeps every job's last run,
// so that `archon jobs` can show it while the service is not running.
const StateFile = "jobs.json"

// Results of a run.
const (
	ResultOK      = "ok"
	ResultError   = "error"
	ResultSkipped = "skipped"
)

// Status is one job as listed by `archon jobs` and GET /v1/jobs.
type Status struct {
	Name     string `json:"name"`
	Schedule string `json:"schedule"`
	// Running is true while the job runs (or waits for another job).
	Running bool `json:"running"`
	// LastStart and LastEnd bound the last finished run.
	LastStart *time.Time `json:"last_start,omitempty"`
	LastEnd   *time.Time `json:"last_end,omitempty"`
	// LastResult is ok, error or skipped; Message tells what the run did,
	// the error, or why it skipped.
	LastResult string `json:"last_result,omitempty"`
	Message    string `json:"message,omitempty"`
	// NextRun is the next scheduled run (absent when the job is off).
	NextRun *time.Time `json:"next_run,omitempty"`
	// Runs and Failures count the runs recorded.
	Runs     int `json:"runs"`
	Failures int `json:"failures"`
}

// record is what StateFile keeps of one job.
type record struct {
	LastStart  *time.Time `json:"last_start,omitempty"`
	LastEnd    *time.Time `json:"last_end,omitempty"`
	LastResult string     `json:"last_result,omitempty"`
	Message    string     `json:"message,omitempty"`
	Runs       int        `json:"runs"`
	Failures   int        `json:"failures"`
}

// stateDoc is the content of StateFile.
type stateDoc struct {
	Jobs map[string]record `json:"jobs"`
	// Since is when a scheduler first ran on the workspace: a job that
	// never ran missed the scheduled times after it.
	Since *time.Time `json:"scheduled_since,omitempty"`
}

// StatePath returns the state file of a state directory (.archon).
func StatePath(stateDir string) string { return filepath.Join(stateDir, StateFile) }

// loadState reads the state file; a missing file is an empty state.
func loadState(path string) (*stateDoc, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &stateDoc{Jobs: map[string]record{}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("job state: %w", err)
	}
	var d stateDoc
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("job state %s: %w", path, err)
	}
	if d.Jobs == nil {
		d.Jobs = map[string]record{}
	}
	return &d, nil
}

// saveState writes the state file atomically.
func saveState(path string, d *stateDoc) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("job state: %w", err)
	}
	if err := memory.WriteFileAtomic(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("job state: %w", err)
	}
	return nil
}

// status builds a job's Status from its record; the next run is computed
// from the schedule after now.
func status(name, spec string, r record, now time.Time, loc *time.Location) Status {
	st := Status{Name: name, Schedule: spec, LastStart: inLoc(r.LastStart, loc), LastEnd: inLoc(r.LastEnd, loc),
		LastResult: r.LastResult, Message: r.Message, Runs: r.Runs, Failures: r.Failures}
	if next := Next(spec, now, loc); !next.IsZero() {
		st.NextRun = &next
	}
	return st
}

func inLoc(t *time.Time, loc *time.Location) *time.Time {
	if t == nil {
		return nil
	}
	x := t.In(loc)
	return &x
}

// Offline lists the jobs from the state file under stateDir, for when no
// service runs: the next runs are computed from schedules after now.
// A damaged state file gives the list without last runs, and an error.
func Offline(stateDir string, schedules map[string]string, loc *time.Location, now time.Time) ([]Status, error) {
	var recs map[string]record
	d, err := loadState(StatePath(stateDir))
	if err != nil {
		// Derived state: the schedules are listed without their last
		// runs, and the error says why (the scheduler replaces the file).
		recs = map[string]record{}
		err = fmt.Errorf("%w; listed without the last runs (archon serve writes it afresh)", err)
	} else {
		recs = d.Jobs
	}
	out := make([]Status, 0, len(Names()))
	for _, n := range Names() {
		out = append(out, status(n, schedules[n], recs[n], now, loc))
	}
	return out, err
}
