package main

import (
	"strings"
	"testing"
)

// TestTermSafe: control characters, C1 controls and bidirectional
// overrides are shown as U+FFFD on a terminal; text, tabs, line feeds and
// characters a write cut in two pass as they are.
func TestTermSafe(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"plain", []string{"T1  todo  Ship it\n"}, "T1  todo  Ship it\n"},
		{"escape sequence", []string{"title\x1b[2J\x1b[Hfake\n"}, "title\uFFFD[2J\uFFFD[Hfake\n"},
		{"carriage return", []string{"ok\rFAKE\n"}, "ok\uFFFDFAKE\n"},
		{"CRLF line ends", []string{"# MEMORY\r\n", "- mine\r", "\n"}, "# MEMORY\r\n- mine\r\n"},
		{"bidi override", []string{"file\u202egpj.exe\n"}, "file\uFFFDgpj.exe\n"},
		{"C1 control", []string{"a\u009bb"}, "a\uFFFDb"},
		{"tab", []string{"a\tb"}, "a\tb"},
		{"a character cut in two", []string{"caf\xc3", "\xa9 ok"}, "café ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			w := &termSafe{w: &b}
			for _, s := range tt.writes {
				if n, err := w.Write([]byte(s)); err != nil || n != len(s) {
					t.Fatalf("write %q: %d %v", s, n, err)
				}
			}
			if b.String() != tt.want {
				t.Fatalf("got %q, want %q", b.String(), tt.want)
			}
		})
	}
	// What the last write held is written at the end.
	var held strings.Builder
	w := &termSafe{w: &held}
	w.Write([]byte("caf\xc3"))
	w.Write([]byte("ok\r"))
	if err := w.Flush(); err != nil || held.String() != "caf\xc3ok\uFFFD" {
		t.Errorf("flushed %q", held.String())
	}
	var b strings.Builder
	if terminalSafe(&b) != &b {
		t.Error("output that is no terminal was wrapped")
	}
}
