package jobs

import (
	"fmt"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/archon-memory/archon/config"
)

// Names of the jobs archon serve schedules, in the order they are listed.
const (
	Archive = "archive" // archive old daily logs, then reindex
	Reindex = "reindex" // bring every index up to date
	Summary = "summary" // refresh MEMORY_SUMMARY.md from the last days of logs
	Promote = "promote" // promote proven L3 knowledge to MEMORY.md
)

// Off is the schedule of a disabled job.
const Off = "off"

// Names returns the job names in listing order.
func Names() []string { return []string{Archive, Reindex, Summary, Promote} }

// DefaultSchedule returns the default schedule of job name ("" if
// unknown): minute hour day month weekday, in workspace.timezone. The
// defaults avoid 02:00-02:59, which a DST change skips or repeats.
func DefaultSchedule(name string) string {
	switch name {
	case Archive:
		return "0 3 * * *"
	case Reindex:
		return "0 */6 * * *"
	case Summary:
		return "30 3 * * *"
	case Promote:
		return "0 4 * * *"
	}
	return ""
}

// EnvVar returns the environment variable that overrides name's schedule:
// ARCHON_JOBS_ARCHIVE, ARCHON_JOBS_REINDEX, ...
func EnvVar(name string) string { return "ARCHON_JOBS_" + strings.ToUpper(name) }

// Schedules returns every job's schedule: getenv(EnvVar(name)) when set,
// else the default. Each is checked; "off" disables a job.
func Schedules(getenv func(string) string) (map[string]string, error) {
	out := map[string]string{}
	for _, n := range Names() {
		spec := strings.TrimSpace(getenv(EnvVar(n)))
		if spec == "" {
			spec = DefaultSchedule(n)
		}
		if !strings.EqualFold(spec, Off) {
			if _, err := Parse(spec); err != nil {
				return nil, fmt.Errorf("%s=%q: %w", EnvVar(n), spec, err)
			}
		} else {
			spec = Off
		}
		out[n] = spec
	}
	return out, nil
}

// Parser returns the schedule parser: five fields (minute first) or six
// (seconds first), and the descriptors @daily, @every 1h, ...
func Parser() cron.Parser { return config.ScheduleParser() }

// Parse parses a schedule: "0 3 * * *", "0 0 3 * * *" (with seconds),
// "@daily" or "@every 6h" (config.ParseSchedule, which checks archon.yaml
// with it).
func Parse(spec string) (cron.Schedule, error) { return config.ParseSchedule(spec) }

// Next returns the first run of spec after now in loc, or the zero time
// when spec is off or invalid.
func Next(spec string, now time.Time, loc *time.Location) time.Time {
	if spec == Off {
		return time.Time{}
	}
	s, err := Parse(spec)
	if err != nil {
		return time.Time{}
	}
	return s.Next(now.In(loc))
}
