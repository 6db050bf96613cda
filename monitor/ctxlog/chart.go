package ctxlog

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// ChartOptions shape a chart.
type ChartOptions struct {
	// Width is the number of columns for events (60 when 0); with more
	// events than columns, each column shows the latest event it covers.
	Width int
	// Height is the number of rows (12 when 0).
	Height int
	// Thresholds are drawn as dotted lines (percent).
	Thresholds []float64
	// Location is the time zone times are written in (the workspace's;
	// the machine's when nil).
	Location *time.Location
}

// Chart draws the percentage of each event over time as an ASCII chart:
//
//	100% ┤
//	 75% ┤┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄
//	 50% ┤           ▄█▌       ▄█
//	  0% ┼─────────────────────────────────────
//	      ▼ compaction  ● protocol  ✕ blocked
//
// Columns of compactions and protocol runs are marked under the axis.
func Chart(events []Event, opt ChartOptions) string {
	if len(events) == 0 {
		return "no context events logged yet\n"
	}
	w, h := opt.Width, opt.Height
	if w <= 0 {
		w = 60
	}
	if h <= 0 {
		h = 12
	}
	cols := min(w, len(events))
	vals := make([]float64, cols)
	marks := make([]rune, cols)
	for c := range cols {
		// Events [lo, hi) fall in column c.
		lo := c * len(events) / cols
		hi := (c + 1) * len(events) / cols
		marks[c] = ' '
		for _, e := range events[lo:hi] {
			vals[c] = e.Percent
			switch {
			case e.Kind == KindProtocol:
				marks[c] = '●'
			case e.Kind == KindCompaction && marks[c] != '●':
				marks[c] = '▼'
			case e.Kind == KindGate && e.Decision == "block":
				marks[c] = '✕'
			}
		}
	}
	top := 100.0
	for _, v := range vals {
		top = max(top, v)
	}
	for _, t := range opt.Thresholds {
		top = max(top, t)
	}
	top = math.Ceil(top/25) * 25
	var b strings.Builder
	for r := h; r >= 1; r-- {
		rowTop := top * float64(r) / float64(h)
		rowBot := top * float64(r-1) / float64(h)
		label := "     "
		if r == h || r == (h+1)/2 {
			label = fmt.Sprintf("%4.0f%%", rowTop)
		}
		line := []rune(strings.Repeat(" ", cols))
		for _, t := range opt.Thresholds {
			if t > rowBot && t <= rowTop {
				for i := range line {
					line[i] = '┄'
				}
				label = fmt.Sprintf("%4.0f%%", t)
			}
		}
		for c, v := range vals {
			switch {
			case v >= rowTop:
				line[c] = '█'
			case v > rowBot && v-rowBot >= (rowTop-rowBot)/2:
				line[c] = '▄'
			case v > rowBot:
				line[c] = '▁'
			}
		}
		fmt.Fprintf(&b, "%s ┤%s\n", label, string(line))
	}
	fmt.Fprintf(&b, "   0%% ┼%s\n", strings.Repeat("─", cols))
	fmt.Fprintf(&b, "       %s\n", strings.TrimRight(string(marks), " "))
	last := events[len(events)-1]
	loc := opt.Location
	if loc == nil {
		loc = time.Local
	}
	fmt.Fprintf(&b, "%d events from %s to %s; last: %s %.0f%% (%d tokens)",
		len(events), events[0].Time.In(loc).Format("2006-01-02 15:04"), last.Time.In(loc).Format("2006-01-02 15:04"),
		last.Kind, last.Percent, last.Tokens)
	var saved, runs int
	for _, e := range events {
		if e.Kind == KindCompaction || e.Kind == KindProtocol {
			saved += e.Saved
			runs++
		}
	}
	if runs > 0 {
		fmt.Fprintf(&b, "; %d compactions saved %d tokens", runs, saved)
	}
	b.WriteString("\n       ▼ compaction  ● auto-summarize  ✕ gate blocked\n")
	return b.String()
}
