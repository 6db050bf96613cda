package main

import (
	"io"
	"os"
	"unicode/utf8"
)

// termSafe writes to a terminal what the memory holds without letting it
// drive the terminal: an agent's text may carry escape sequences, other
// control characters or bidirectional overrides (a task title that clears
// the screen, or draws a fake line). Each such character is shown as
// U+FFFD; tabs, line feeds and CRLF line ends pass. Output that is not a
// terminal (a pipe, a file, JSON for a program) is written as it is.
type termSafe struct {
	w     io.Writer
	carry []byte // the start of a character the last write cut
}

// terminalSafe wraps w when it is a terminal.
func terminalSafe(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			return &termSafe{w: w}
		}
	}
	return w
}

// unsafeRune reports a character that changes what a terminal shows
// rather than showing itself.
func unsafeRune(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true // bidirectional embeddings, overrides and isolates
	}
	return false
}

func (t *termSafe) Write(p []byte) (int, error) {
	data := append(t.carry, p...)
	t.carry = nil
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 && !utf8.FullRune(data[i:]) || r == '\r' && i+1 == len(data) {
			t.carry = append([]byte(nil), data[i:]...) // the rest comes with the next write
			break
		}
		if r == '\r' && data[i+1] == '\n' { // a CRLF line end, as a file may have
			out = append(out, '\r')
		} else if unsafeRune(r) {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, data[i:i+n]...)
		}
		i += n
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what a write left held (a last character cut, a carriage
// return at the end), as the other bytes would have been.
func (t *termSafe) Flush() error {
	held := t.carry
	t.carry = nil
	if len(held) == 0 {
		return nil
	}
	if string(held) == "\r" {
		held = []byte(string(utf8.RuneError))
	}
	_, err := t.w.Write(held)
	return err
}
