package jobs

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// WriteTable writes jobs as the table `archon jobs` shows, times in loc.
func WriteTable(w io.Writer, list []Status, loc *time.Location) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSCHEDULE\tNEXT RUN\tLAST RUN\tRESULT")
	for _, j := range list {
		result := j.LastResult
		if result == "" {
			result = "-"
		}
		if j.Message != "" {
			result += ": " + j.Message
		}
		if j.Running {
			result = "running (last: " + result + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", j.Name, j.Schedule, when(j.NextRun, loc), when(j.LastStart, loc), result)
	}
	tw.Flush()
}

// when formats t in loc, "-" for none.
func when(t *time.Time, loc *time.Location) string {
	if t == nil || t.IsZero() {
		return "-"
	}
	return t.In(loc).Format("2006-01-02 15:04 MST")
}
