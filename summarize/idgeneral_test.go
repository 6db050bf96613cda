package summarize

import (
	"strings"

	"github.com/archon-memory/archon/conv"
	"testing"
)

// TestGeneralIdentifierShapes checks that identifiers are told by the
// shape of the token, not by known formats, and that ordinary words,
// numbers with units, versions of a word, dates and times are not.
func TestGeneralIdentifierShapes(t *testing.T) {
	for _, c := range []struct {
		w    string
		want bool
	}{
		{"HVZ5VDSX2", true},            // flowcell: letters and digits alternate
		{"H0780DSX7", true},            //
		{"b3badb839", true},            // hex-like
		{"WTG-C17", true},              // turbine id with a dash
		{"MAEU3182497", true},          // container number: letters then digits
		{"HD44780", true},              // capitals then two digits or more
		{"a7f3k9x", true},              //
		{"59556920270881047226", true}, // 20-digit submission id
		{"9321483", true},              // IMO ship number
		{"482913", true},               // six digits, not round
		{"WTG-C17#3", true},            // joined by #
		{"job:88412", true},            // joined by :
		{"FC-H7K2:lane4", true},        //
		{"python3", false},             // a word with its version
		{"utf8", false},                //
		{"i18n", false},                // short abbreviation
		{"100ms", false},               // number with a unit
		{"1080p", false},               //
		{"3rd", false},                 //
		{"250000", false},              // round quantity
		{"2026", false},                // year
		{"12345", false},               // small number
		{"1732550400", false},          // Unix time
		{"10:04:05", false},            // clock time
		{"16:9", false},                // ratio
		{"Note:", false},               //
		{"std::vector", false},         // C++ scope
		{"Monday", false},              // ordinary word
	} {
		_, _, got := classifyWord(c.w)
		if got != c.want {
			t.Errorf("classifyWord(%q) = %v, want %v", c.w, got, c.want)
		}
	}
}

// TestKeepCueWeighsEntities checks that an identifier someone asked to
// keep, watch or use weighs more than one merely mentioned, and that one
// in a note a tool read weighs more than machine output but less than
// the conversation's own words.
func TestKeepCueWeighsEntities(t *testing.T) {
	for _, c := range []struct {
		text string
		src  source
		want float64
	}{
		{"- watch item: HVZ5VDSX2, details in the thread", srcTool, 0}, // set below: 3*0.85 + 1
		{"the run finished", srcTool, noteEntityWeight},
		{"paste this into the ticket please: X-1234", srcText, 3*1.5 + 1},
		{"it ran on X-1234 yesterday", srcText, 2 * 1.5},
		{"keep an eye on X-1234", srcText, 3*1.5 + 1},
		{"bookkeeping on X-1234", srcText, 2 * 1.5}, // no cue inside a word
	} {
		s := sentence{text: c.text, lower: strings.ToLower(c.text), src: c.src}
		rw := 1.5
		if c.src == srcTool {
			rw = 0.85
		}
		want := c.want
		if c.src == srcTool && keepCue(s.lower) {
			want = 3*rw + 1
		}
		if got := entityWeight(&s, rw, false); got != want {
			t.Errorf("entityWeight(%q) = %v, want %v", c.text, got, want)
		}
	}
}

// TestSubjectlessObligation checks that an obligation with no subject, a
// note of work to do, is a task, and that the speaker's own next step and
// a bare "should" are not.
func TestSubjectlessObligation(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"Need to recalibrate the anemometers before the flag gets turned on.", true},
		{"Have to re-run the import once the feed lands.", true},
		{"Must rotate the keys by Friday.", true},
		{"I need to check the logs first.", false},
		{"Should be fine either way.", false},
	} {
		st := sentence{text: c.s, lower: strings.ToLower(c.s), role: conv.RoleAssistant, src: srcCode}
		sec, _, ok := fallback(&st)
		if got := ok && sec == SecTasks; got != c.want {
			t.Errorf("fallback(%q) task = %v, want %v", c.s, got, c.want)
		}
	}
}
