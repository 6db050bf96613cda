package summarize

import (
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

// TestObligations covers what makes a sentence an open obligation: a
// reminder asked for, work assigned to a person, a deadline (also in the
// possessive), and what denies one.
func TestObligations(t *testing.T) {
	tests := []struct {
		text string
		role conv.Role
		want string // section, "" for none
	}{
		{"remind me to renew the signing certificate.", conv.RoleUser, SecTasks},
		{"Please remind us to rotate the keys after the freeze.", conv.RoleUser, SecTasks},
		{"Assigning this one to Priya: renew the signing certificate.", conv.RoleUser, SecTasks},
		{"Reassigned the cert renewal to @okafor.", conv.RoleAssistant, SecTasks},
		{"Handing the key rotation over to Sam.", conv.RoleUser, SecTasks},
		{"The renewal has to happen before Friday's cutoff.", conv.RoleAssistant, SecTasks},
		{"Just curious, no need to answer now.", conv.RoleUser, ""},
		{"You don't need to rerun the migration.", conv.RoleUser, ""},
		{"No need to wait for QA, but we still need to renew the cert.", conv.RoleUser, SecTasks},
		// Work nobody has taken is pending ("picked" is no choice here).
		{"Just one: we still need to renew the cert, and nobody's picked it up.", conv.RoleAssistant, SecTasks},
		// Completion stated in words is not pending, nor context.
		{"Re renew the cert: that's done, Olu did it yesterday.", conv.RoleUser, ""},
		{"The cert renewal is already merged.", conv.RoleUser, ""},
		// A cue inside a URL is no cue; in a logfmt record it is.
		{"Can you diff https://x.example.gov/api?status=pending against prod?", conv.RoleUser, ""},
		{"status=todo task=renew-the-cert owner=unassigned", conv.RoleAssistant, SecTasks},
	}
	for _, tt := range tests {
		s := sentence{text: tt.text, lower: strings.ToLower(tt.text), role: tt.role}
		sec, _, _, ok := judge(&s)
		if !ok || sec == SecContext {
			sec = ""
		}
		if sec != tt.want {
			t.Errorf("judge(%q) = %q, want %q", tt.text, sec, tt.want)
		}
	}
	for s, want := range map[string]bool{
		"Assigning this one to Priya: renew the cert.": true, "assigned to @okafor": true,
		"Delegating the renewal to Sam.": true, "Assign the result to Handler.go first.": false,
		"We assign ports to services dynamically.": false, "Handed it to the team.": false,
	} {
		if got := assigns(s); got != want {
			t.Errorf("assigns(%q) = %v, want %v", s, got, want)
		}
	}
	if !hasDeadline("renew it before friday's cutoff") {
		t.Error(`hasDeadline("before friday's cutoff") = false`)
	}
}
