package summarize

import (
	"testing"

	"github.com/archon-memory/archon/summarize/acts"
	"github.com/archon-memory/archon/tokens"
)

func TestActSection(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"We decided the case is rubber.", SecDecisions},
		{"I'll send the cost figures tonight.", SecTasks},
		{"Could you send the cost figures to everyone?", SecTasks},
		{"We need to send the cost figures to finance.", SecTasks},
		{"I'm going to draw the case tonight.", SecTasks},
		// A future or a need with no one behind it commits nobody.
		{"It's going to be cheap in the shops.", ""},
		{"Most people need to replace a remote every few years.", ""},
		// A label names what follows.
		{"Decision: we use PostgreSQL for the ledger.", SecDecisions},
		{"**Decision:** we use PostgreSQL for the ledger.", SecDecisions},
		// Raising a choice to be made, or a final anything, decides nothing.
		{"We must reach a decision on the remote control functions.", ""},
		{"In this meeting we will discuss our final design.", ""},
		// A question decides and commits to nothing.
		{"Have we decided on the colour of the case?", ""},
		{"Are we going to need a second battery?", ""},
		{"Do you think the case should be rubber?", ""},
		{"Is there a cheaper chip?", ""},
	}
	for _, tt := range tests {
		us := splitUnits([]said{{text: tt.text}}, acts.Default())
		if len(us) != 1 {
			t.Fatalf("%q: %d units", tt.text, len(us))
		}
		if got := actSection(us[0].cue, us[0].text); got != tt.want {
			t.Errorf("actSection(%q, %q) = %q, want %q", us[0].cue, tt.text, got, tt.want)
		}
	}
}

// TestProseRankedAsOne: in a conversation without tool use, a sentence
// filed under a section does not go before a better-ranked key point.
func TestProseRankedAsOne(t *testing.T) {
	c := tokens.ForModel("gpt-4")
	items := []item{
		{sec: SecPoints, text: "The case is made of rubber and comes in six fruit colours.", score: 50},
		{sec: SecDecisions, text: "We decided the buttons go on the top of the case.", score: 49},
	}
	p := newPacker(c, 0, "_Updated_")
	p.budget = p.used + p.cost(items[0]) // room for one line
	secs := pack(p, items, proseShares)
	if len(secs) != 1 || secs[0].Name != SecPoints {
		t.Fatalf("kept %+v, want the key point alone", secs)
	}
}

func TestPlanGist(t *testing.T) {
	tests := []struct{ plan, want string }{
		{"# Plan: Enrich the renderer\n\n## Context\nThe panel is hard to scan. Paths are absolute.\n\n## Approach\nRender tool calls with their results.",
			"Plan: Enrich the renderer — The panel is hard to scan. — Paths are absolute."},
		{"Add an index on users.email, then run the migration.", "Add an index on users.email, then run the migration."},
		{"## Steps\n", "Steps"},
	}
	for _, tt := range tests {
		if got := planGist(tt.plan); got != tt.want {
			t.Errorf("planGist(%q) = %q, want %q", tt.plan, got, tt.want)
		}
	}
}

// TestRequestSeenTo: a request of the user's that a later request
// followed is no pending task (they moved on: it was seen to); the
// latest one may be.
func TestRequestSeenTo(t *testing.T) {
	s := &session{n: 20, requests: []said{
		{text: "Can you first check if we really use UTC consistently?", at: 2, user: true},
		{text: "Please add the per-file counts to the failing test.", at: 15, user: true},
	}}
	var tasks []string
	for _, it := range sessionItems(s, acts.Default()) {
		if it.sec == SecTasks {
			tasks = append(tasks, it.text)
		}
	}
	if len(tasks) != 1 || tasks[0] != "Please add the per-file counts to the failing test." {
		t.Errorf("pending tasks %q, want the latest request alone", tasks)
	}
}

// TestKeyPointsAreFindings: the words that lead to a tool call ("Let me
// check the others too.") and a report of what the assistant was about
// to do are no key points; what it found is.
func TestKeyPointsAreFindings(t *testing.T) {
	s := &session{n: 10, tools: 3,
		reports: []said{{text: "Let me also check if the flash helpers are available.", at: 8}},
		prose: []said{
			{text: "Let me check the other templates too.", at: 2, narrates: true},
			{text: "The root layout does not render flash messages.", at: 5},
		}}
	var points []string
	for _, it := range sessionItems(s, acts.Default()) {
		if it.sec == SecPoints {
			points = append(points, it.text)
		}
	}
	if len(points) != 1 || points[0] != "The root layout does not render flash messages." {
		t.Errorf("key points %q, want the finding alone", points)
	}
}
