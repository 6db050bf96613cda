package summarize

import (
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

// TestOpenWork covers obligations stated without a task cue word: a
// question after a lead-in asking who will do the work, a TODO left in
// pasted code, and a sentence the next one says nobody has started.
func TestOpenWork(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want bool
	}{
		{"who is going to renew the cert?", true},
		{"open question for friday: who's going to renew the cert?", true},
		{"who'll renew the cert?", true},
		{"who should renew the cert?", true},
		{"who needs to sign off on it?", false},
		{"who has to renew the cert?", true},
		{"who wrote this handler?", false},
		{"who is on call this week?", false},
		{"quick one: who owns the billing service?", false},
		{"can someone renew the cert?", true},
	} {
		if got := asksSomeone(tc.q); got != tc.want {
			t.Errorf("asksSomeone(%q) = %v, want %v", tc.q, got, tc.want)
		}
	}
	for _, tc := range []struct{ line, want string }{
		{"+    // TODO: rotate the API keys before the audit", "TODO: rotate the API keys before the audit"},
		{"    # FIXME(ana) drop the legacy flag", "TODO: drop the legacy flag"},
		{"-    // TODO: rotate the API keys", ""}, // removed in a diff
		{"+    return nil", ""},
		{"// todos are counted below", ""},
		{"x := todo(1) // TODO", ""},
		{"<!-- TODO: add alt text to the hero image -->", "TODO: add alt text to the hero image"},
	} {
		got, _ := fencedTodo(tc.line)
		if got != tc.want {
			t.Errorf("fencedTodo(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"Nobody has picked it up yet.", true},
		{"It hasn't been started.", true},
		{"That one is still open.", true},
		{"Nobody has picked up the Kafka ticket yet.", false}, // names its own work
		{"It works now.", false},
	} {
		if got := saysLeftOpen(tc.s); got != tc.want {
			t.Errorf("saysLeftOpen(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct {
		text string
		role conv.Role
		want string
	}{
		{"Open question before the freeze: who is going to rotate the signing keys?", conv.RoleUser, SecTasks},
		{"Who wrote the signing code?", conv.RoleUser, ""},
		{"Here's my patch:\n```diff\n-    // TODO: old note\n+    // TODO: rotate the signing keys\n+    return nil\n```", conv.RoleUser, SecTasks},
		{"I filed a ticket to rotate the signing keys last week. Nobody has picked it up yet.", conv.RoleUser, SecTasks},
		{"I filed a ticket to rotate the signing keys last week. It was closed on Monday.", conv.RoleUser, ""},
	} {
		x := newExtractor()
		x.addText(tc.text, tc.role, 1, srcText)
		got := ""
		for _, s := range x.sents {
			if sec, _, item, ok := judge(&s); ok && strings.Contains(item, "rotate the signing keys") && sec != SecContext {
				got = sec
			}
		}
		if got != tc.want {
			t.Errorf("%q: section %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestFinishedAndOthers covers completion in words and choices another
// party made, which are neither tasks nor decisions.
func TestFinishedAndOthers(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"good news: i was able to renew the cert, so that one's closed.", true},
		{"i wasn't able to renew the cert.", false},
		{"i was not able to renew the cert.", false},
		{"the renewal is wrapped up.", true},
		{"we still need to renew the cert.", false},
	} {
		if got := isFinished(tc.s); got != tc.want {
			t.Errorf("isFinished(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"the radiology department went with foo for their side.", true},
		{"the finance group picked bar.", true},
		{"that's their stack, not ours.", true},
		{"the team went with foo.", false},
		{"the data team went with foo and we'll use it too.", false},
	} {
		if got := othersChoice(tc.s); got != tc.want {
			t.Errorf("othersChoice(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct {
		w    string
		want bool
	}{
		{"search_ltr_rerank", true},
		{"checkout_dark_launch", true},
		{"dry_run", false},
		{"a_b_c", false},
		{"snake__case_x", false},
	} {
		if got := looksLikeID(tc.w); got != tc.want {
			t.Errorf("looksLikeID(%q) = %v, want %v", tc.w, got, tc.want)
		}
	}
}

// TestChangelogHeadings: a changelog's "Changed" items say what now runs on
// what (decisions); its "Fixed" items are finished work.
func TestChangelogHeadings(t *testing.T) {
	for _, tc := range []struct{ h, want string }{
		{"### Changed", SecDecisions},
		{"### Fixed", hintDone},
		{"## [2.14.0] - 2027-03-02", ""},
	} {
		if got := headingHint(tc.h); got != tc.want {
			t.Errorf("headingHint(%q) = %q, want %q", tc.h, got, tc.want)
		}
	}
}
