package summarize

import (
	"slices"
	"strings"
	"testing"
)

func TestIdentifierShapes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string // identifiers found, in order
	}{
		{"It failed in build #54691 again.", []string{"build #54691"}},
		{"See PR #88 for the diff.", []string{"PR #88"}},
		{"see #1234 for context", []string{"#1234"}},
		{"fixes #77 and closes #78", []string{"#77", "#78"}},
		{"The PLC answers on 10.29.97.16:4840.", []string{"10.29.97.16:4840"}},
		{"Route 10.0.0.0/16 through the VPN.", []string{"10.0.0.0/16"}},
		{"Version 1.2.3 and 10:30:00 are no hosts.", nil},
		{"fwiw it is arn:aws:mediapackage:us-east-1:683867557928:channels/741a93.", []string{"arn:aws:mediapackage:us-east-1:683867557928:channels/741a93"}},
		{"Use std::vector here, or note:this:thing.", nil},
		{"urn:isbn:0451450523 is the book.", []string{"urn:isbn:0451450523"}},
		{"The audit log points at 9877689.", []string{"9877689"}},
		{"We sold 1000000 units in 2026, about 1234 a day.", nil},
		{"Claim CLM-25-0012345 and CVE-2026-12345.", []string{"CLM-25-0012345", "CVE-2026-12345"}},
	} {
		var got []string
		for _, e := range findEntities(c.in, nil) {
			if e.kind == EntID {
				got = append(got, e.text)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEchoedAnswer(t *testing.T) {
	for _, c := range []struct {
		answer, question string
		want             bool
	}{
		{"We said we'd load the new rules into the crew system.", "Remind me, what did we say we'd do before go-live?", true},
		{"It uses port 8443 behind the balancer.", "Which port does it use?", true},
		{"Sure, I can look into that later.", "What did we say we'd do?", false},
		{"The config lives in the usual place.", "What did we say we'd do?", false},
	} {
		got := answerTo(c.answer, strings.ToLower(c.answer), []string{c.question}, []bool{false}) == 0
		if got != c.want {
			t.Errorf("%q answers %q: got %v, want %v", c.answer, c.question, got, c.want)
		}
	}
}

func TestPlateAndOweAreTasks(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"Still on my plate: re-run the pairing optimizer.", true},
		{"We owe the client one more export.", true},
		{"The plate count in the kitchen was fine.", false},
	} {
		sec, _, ok := classify(strings.ToLower(c.in), "")
		if got := ok && sec == SecTasks; got != c.want {
			t.Errorf("%q: task %v, want %v", c.in, got, c.want)
		}
	}
}

func TestMovesOnto(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"moves video edge delivery over to widevine.", true},
		{"we're migrating the session cache onto valkey.", true},
		{"hand the pager over to bob tomorrow.", false},
		{"remove the old jobs over to the left.", false},
		{"moves to valkey.", false}, // a cue phrase already
	} {
		if got := movesOnto(c.in); got != c.want {
			t.Errorf("movesOnto(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}
