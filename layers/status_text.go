package layers

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the status as `archon status` shows it.
func (st *Status) WriteText(w io.Writer) {
	fmt.Fprintf(w, "workspace %s (today %s)\n\n", st.Root, st.Today)
	idTok, idFiles := 0, 0
	var missing []string
	for _, f := range st.L1.Identity {
		if f.Exists {
			idFiles++
			idTok += f.Tokens
			if f.Loaded != nil {
				idTok += *f.Loaded - f.Tokens
			}
		} else {
			missing = append(missing, f.Path)
		}
	}
	fmt.Fprintf(w, "L1 always loaded   %s %s; identity %d/%d files, %d tokens",
		st.L1.Summary.Path, presence(st.L1.Summary), idFiles, len(st.L1.Identity), idTok)
	if len(missing) > 0 {
		fmt.Fprintf(w, " (missing: %s)", strings.Join(missing, ", "))
	}
	fmt.Fprintf(w, "\n                   last %d days: %s\n", st.L1.WindowDays, logLine(st.L1.Recent))
	fmt.Fprintf(w, "L2 daily logs      %s\n", logLine(st.L2))
	if st.L3.Available {
		fmt.Fprintf(w, "L3 knowledge       %d projects, %d tasks, %d knowledge items\n", st.L3.Projects, st.L3.Tasks, st.L3.Items)
	} else {
		fmt.Fprintf(w, "L3 knowledge       %s\n", st.L3.Note)
	}
	fmt.Fprintf(w, "L4 curated wisdom  %s %s, %d items\n", st.L4.Path, presence(st.L4), st.L4.Entries)
	// What is odd in the curated files, with file and line.
	for _, f := range append([]FileStat{st.L1.Summary, st.L4}, st.L1.Identity...) {
		for _, warn := range f.Warnings {
			fmt.Fprintf(w, "warning: %s\n", warn)
		}
	}
	if st.L2.Warnings > 0 {
		fmt.Fprintf(w, "warning: %d problems in the daily logs (archon doctor lists them with file and line)\n", st.L2.Warnings)
	}
	for _, n := range st.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
}

func presence(f FileStat) string {
	switch {
	case !f.Exists:
		return "missing"
	case f.Loaded != nil && *f.Loaded != f.Tokens:
		return fmt.Sprintf("%d tokens to load (%d in the file)", *f.Loaded, f.Tokens)
	}
	return fmt.Sprintf("%d tokens", f.Tokens)
}

func logLine(s LogStats) string {
	if s.Files == 0 {
		return "no logs"
	}
	line := fmt.Sprintf("%d files (%d archived), %d entries, %d tokens, %s .. %s", s.Files, s.Archived, s.Entries, s.Tokens, s.First, s.Last)
	if s.FreeForm > 0 {
		line += fmt.Sprintf(", %d free-form", s.FreeForm)
	}
	if s.Warnings > 0 {
		line += fmt.Sprintf(", %d warnings", s.Warnings)
	}
	return line
}
