package app

import (
	"io"
	"time"

	"github.com/archon-memory/archon/jobs"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/monitor/ctxlog"
)

// RenderReport is the text view of a check, with bars (archon context
// check without --json).
func RenderReport(r *Report) string { return monitor.RenderText(r) }

// Chart draws context events as a terminal chart, marking the thresholds
// (a profile's levels, in percent).
func Chart(events []ContextEvent, thresholds []float64, loc *time.Location) string {
	return ctxlog.Chart(events, ctxlog.ChartOptions{Thresholds: thresholds, Location: loc})
}

// WriteJobs writes jobs as the table `archon jobs` shows, times in loc.
func WriteJobs(w io.Writer, list []JobStatus, loc *time.Location) { jobs.WriteTable(w, list, loc) }
