package monitor

import (
	"fmt"
	"strings"
)

// bar draws frac (0..1, clipped; over 1 is marked) as a bar of width cells.
func bar(frac float64, width int) string {
	over := frac > 1
	frac = min(max(frac, 0), 1)
	full := int(frac * float64(width))
	var b strings.Builder
	b.WriteByte('[')
	b.WriteString(strings.Repeat("█", full))
	if full < width {
		rest := frac*float64(width) - float64(full)
		switch {
		case rest >= 0.5:
			b.WriteString("▌")
		default:
			b.WriteString(" ")
		}
		b.WriteString(strings.Repeat(" ", width-full-1))
	}
	b.WriteByte(']')
	if over {
		b.WriteString("!")
	}
	return b.String()
}

// RenderText is the text view of a check, for `archon context check`
// without --json.
func RenderText(r *Report) string {
	var b strings.Builder
	exact := "exact " + r.Encoding
	if !r.Exact {
		exact = "calibrated estimate"
	}
	fmt.Fprintf(&b, "Model     %s (%s match) · %s tokens · %s messages (%s)\n", r.Model, r.Match, exact, commas(r.Messages), r.Format)
	src := ""
	if r.Source != "counted" {
		src = " from " + r.Source
	}
	fmt.Fprintf(&b, "Context   %s / %s tokens%s  %s %.1f%%\n", commas(r.Tokens), commas(r.Limit), src, bar(r.Percent/100, 30), r.Percent)
	fmt.Fprintf(&b, "          window %s, %s kept for the response\n", commas(r.Window), commas(r.Headroom))
	action := string(r.Action)
	if r.Block {
		action += ", do not spawn"
	}
	fmt.Fprintf(&b, "Level     %s -> %s (profile %s; compaction aims for %s tokens)\n", r.Level, action, r.Profile, commas(r.TargetTokens))
	if r.CostUSD > 0 {
		fmt.Fprintf(&b, "Cost      $%.4f per call at this size (input)\n", r.CostUSD)
	}
	b.WriteString("\nCategory      tokens     budget\n")
	for _, c := range r.Categories {
		mark := ""
		if c.Over {
			mark = "  over: " + c.Rule
		}
		frac := 0.0
		if c.Budget > 0 {
			frac = float64(c.Tokens) / float64(c.Budget)
		}
		if !c.Over {
			frac = min(frac, 1) // the reserve kept is more than its budget, and fine
		}
		fmt.Fprintf(&b, "%-9s %10s %10s %s%s\n", c.Category, commas(c.Tokens), commas(c.Budget), bar(frac, 20), mark)
	}
	b.WriteString("\nZones    ")
	for i, z := range r.Zones {
		if i > 0 {
			b.WriteString(" · ")
		}
		fmt.Fprintf(&b, "%s %s (%.1f%%)", z.Zone, commas(z.Tokens), z.Percent)
	}
	b.WriteString("\n")
	if len(r.Largest) > 0 {
		b.WriteString("\nLargest\n")
		for i, it := range r.Largest {
			what := it.Kind
			if it.Tool != "" {
				what += " " + it.Tool
			}
			where := ""
			if it.Line > 0 {
				where = fmt.Sprintf(" line %d", it.Line)
			}
			fmt.Fprintf(&b, "%2d. %-22s %9s tokens %5.1f%%  %s%s  %q\n", i+1, what, commas(it.Tokens), it.Percent, it.Role, where, it.Preview)
			if it.Advice != "" {
				fmt.Fprintf(&b, "    -> %s\n", it.Advice)
			}
		}
	}
	if len(r.Notes) > 0 {
		b.WriteString("\nNotes\n")
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "  - %s\n", n)
		}
	}
	return b.String()
}
