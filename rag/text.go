package rag

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// WriteText writes the hits as `archon search` shows them: rank, path and
// lines, score, layer, date, agent, tags, id, then the snippet, and why it
// matched when the query asked (Query.Explain).
func (resp *Response) WriteText(w io.Writer) {
	rs := resp.Results
	if len(rs) == 0 {
		fmt.Fprintln(w, "no results")
		return
	}
	for i, r := range rs {
		meta := []string{r.Layer}
		if r.Date != "" {
			meta = append(meta, strings.TrimSpace(r.Date+" "+r.Time))
		}
		if r.Agent != "" {
			meta = append(meta, r.Agent)
		}
		for _, t := range r.Tags {
			meta = append(meta, "#"+t)
		}
		fmt.Fprintf(w, "%2d. %s:%d-%d  (%.2f)  %s  id %s\n    %s\n", i+1, r.Path, r.LineStart, r.LineEnd, r.Score, strings.Join(meta, " "), r.ID, r.Snippet)
		if b := r.SupersededBy; b != nil {
			fmt.Fprintf(w, "    superseded by %s (%s:%d-%d, id %s)\n", b.Date, b.Path, b.LineStart, b.LineEnd, b.ID)
		}
		for _, s := range r.Supersedes {
			fmt.Fprintf(w, "    supersedes %s (%s:%d-%d, id %s)\n", s.Date, s.Path, s.LineStart, s.LineEnd, s.ID)
		}
		if y := r.Why; y != nil {
			words := "no query word"
			if len(y.Words) > 0 {
				words = "words " + strings.Join(y.Words, ", ")
			}
			if len(y.Tags) > 0 {
				words += "; tags #" + strings.Join(y.Tags, " #")
			}
			if y.Added {
				fmt.Fprintf(w, "    why: %s; added as the change that superseded the next hit\n", words)
			} else {
				fmt.Fprintf(w, "    why: %s; text %.2f, meaning %.2f of its score\n", words, y.Text, y.Meaning)
			}
		}
	}
}

// WriteText writes the item as `archon get` shows it: the neighbours
// before, indented, the item, then the neighbours after.
func (it *Item) WriteText(w io.Writer) {
	for _, p := range it.Before {
		writePiece(w, p, "  ")
	}
	writePiece(w, it.Piece, "")
	for _, p := range it.After {
		writePiece(w, p, "  ")
	}
}

func writePiece(w io.Writer, p Piece, indent string) {
	head := fmt.Sprintf("%s:%d-%d", p.Path, p.LineStart, p.LineEnd)
	for _, s := range []string{p.Date, p.Time, p.Agent, p.Title} {
		if s != "" {
			head += " " + s
		}
	}
	for _, t := range p.Tags {
		head += " #" + t
	}
	fmt.Fprintf(w, "%s== %s\n", indent, head)
	for _, l := range strings.Split(p.Text, "\n") {
		fmt.Fprintf(w, "%s%s\n", indent, l)
	}
	fmt.Fprintln(w)
}

// String says what the index run did, in one line.
func (st *IndexStats) String() string {
	return fmt.Sprintf("indexed %d files (%d changed, %d removed): %d chunks added or changed, %d removed; %d chunks in all; %s",
		st.Files, st.Changed, st.Removed, st.Added, st.Deleted, st.Chunks, st.Duration.Round(time.Millisecond))
}
