package memory

import (
	"strings"
	"testing"
)

// TestEntryKeys: entries logged alike but for their tags share a key;
// any other difference (time, agent, title, a word or a line of the text)
// parts them; the keys of a log read through are those of its entries as
// Stored writes them.
func TestEntryKeys(t *testing.T) {
	base := Entry{Time: "10:00", Agent: "bot", Text: "password rotated\n\nsecond paragraph"}
	key := keyOf(base.Stored())
	for _, tc := range []struct {
		name string
		e    Entry
		same bool
	}{
		{"tags", Entry{Time: "10:00", Agent: "bot", Tags: []string{"mistake"}, Text: base.Text}, true},
		{"time", Entry{Time: "10:01", Agent: "bot", Text: base.Text}, false},
		{"agent", Entry{Time: "10:00", Agent: "ops", Text: base.Text}, false},
		{"title", Entry{Time: "10:00", Agent: "bot", Title: "Rotation", Text: base.Text}, false},
		{"word", Entry{Time: "10:00", Agent: "bot", Text: "password rotated\n\nsecond paragraphs"}, false},
		{"blank lines", Entry{Time: "10:00", Agent: "bot", Text: "password rotated\nsecond paragraph"}, false},
		{"heading-like line", Entry{Time: "10:00", Agent: "bot", Text: "## 10:00 bot\npassword rotated"}, false},
	} {
		if got := keyOf(tc.e.Stored()) == key; got != tc.same {
			t.Errorf("%s: same key %v, want %v", tc.name, got, tc.same)
		}
	}
	log := "# 2026-12-03\n" + base.Stored() + Entry{Time: "10:00", Agent: "bot", Tags: []string{"x"}, Text: base.Text}.Stored() +
		Entry{Time: "11:00", Text: strings.Repeat("a", 100<<10) + "\nend"}.Stored() + "\n\n"
	k := newKeyer(nil)
	n, err := k.readLines(strings.NewReader(log))
	k.flush()
	if err != nil || n != strings.Count(log, "\n") {
		t.Fatalf("read %d lines (%v), want %d", n, err, strings.Count(log, "\n"))
	}
	if k.keys[key] != 2 || len(k.keys) != 2 {
		t.Errorf("keys %v: want %x twice and one other", k.keys, key)
	}
}
