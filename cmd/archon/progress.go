package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progressBar draws a one-line progress bar on a terminal, and nothing when
// the output is not a terminal or the work finishes within a second.
type progressBar struct {
	w     io.Writer
	label string
	tty   bool
	start time.Time
	drawn bool
	last  time.Time
}

func newProgressBar(w io.Writer, label string) *progressBar {
	tty := false
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return &progressBar{w: w, label: label, tty: tty, start: time.Now()}
}

// update is a rag.Progress.
func (p *progressBar) update(done, total int) {
	if !p.tty || total == 0 || time.Since(p.start) < time.Second || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	const width = 30
	n := done * width / total
	fmt.Fprintf(p.w, "\r%s [%s%s] %d/%d files", p.label, strings.Repeat("=", n), strings.Repeat(" ", width-n), done, total)
	p.drawn = true
}

func (p *progressBar) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
