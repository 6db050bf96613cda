package summarize

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

func TestAnswerTo(t *testing.T) {
	qs := []string{"Why does the export fail?", "Did anyone object to Foo for the cache?", "What should the queue use?",
		"Did anyone object to Bar for the proxy?"}
	tests := []struct {
		answer string
		done   []bool
		want   int
	}{
		{"No objections, so that is what we are doing.", []bool{false, false, false, false}, 1},
		{"No objections, so that is what we are doing.", []bool{false, true, false, false}, 3},
		{"No objections, so that is what we are doing.", []bool{false, true, false, true}, 3},
		{"Valkey.", []bool{false, false, false, false}, 2},
		{"Weights & Biases, for now.", []bool{false, false, false, false}, 2},
		{"Done.", []bool{false, false, false, false}, -1},
		{"Let me read the handler first.", []bool{false, false, false, false}, -1},
		{"Yes?", []bool{false, false, false, false}, -1},
		{"Yes.", []bool{false, false, false, false}, 1},
		{"I'll do it once the import finishes.", []bool{false, false, false, false}, -1},
		{"It is.", []bool{false, false, false, false}, 1},
	}
	for _, tt := range tests {
		if got := answerTo(tt.answer, strings.ToLower(tt.answer), qs, tt.done); got != tt.want {
			t.Errorf("answerTo(%q, done %v) = %d, want %d", tt.answer, tt.done, got, tt.want)
		}
	}
}

func TestOpensQuestion(t *testing.T) {
	tests := []struct {
		q    string
		want bool
	}{
		{"What should the patient records use?", true},
		{"Which broker do we keep, Kafka or NATS?", true},
		{"Did anyone object to Foo for paging?", true},
		{"Is that the plan?", false},                     // yes/no about nothing named
		{"Anything left over from the migration?", true}, // about work left
		{"Can you fix the handler in api/routes.go?", false},
		{"Hmm, it still fails in api/routes.go, can you take another look?", false},
		{"Why does the export fail in pkg/export.go?", false},
		{"What should we do.", false},
	}
	for _, tt := range tests {
		if got := opensQuestion(tt.q); got != tt.want {
			t.Errorf("opensQuestion(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
}

func TestDedupeKeepsDifferentNames(t *testing.T) {
	cands := []candidate{
		{section: SecDecisions, text: "Did anyone object to Foo for paging? No objections, so that is what we are doing.", score: 9, seq: 1},
		{section: SecDecisions, text: "Did anyone object to Bar for backups? No objections, so that is what we are doing.", score: 8, seq: 2},
		{section: SecDecisions, text: "Note that a/b.go now returns ErrNotFound for paging instead of nil.", score: 7, seq: 3},
		{section: SecDecisions, text: "Note that c/d.go now returns ErrNotFound for paging instead of nil.", score: 6, seq: 4},
	}
	got := dedupe(cands)[SecDecisions]
	if len(got) != 3 || !strings.Contains(got[1].text, "Bar") {
		var texts []string
		for _, c := range got {
			texts = append(texts, c.text)
		}
		t.Errorf("dedupe kept %q; want Foo, Bar and one Note", texts)
	}
}

func TestDenialsAndReferences(t *testing.T) {
	for s, want := range map[string]bool{
		"no, it is fine.": true, "i don't think so - it is cheap.": true, "nope.": true, "not really, no.": true,
		"notes are in the wiki.": false, "nobody objected.": false, "now it works.": false,
	} {
		if got := denies(s); got != want {
			t.Errorf("denies(%q) = %v, want %v", s, got, want)
		}
	}
	for s, want := range map[string]bool{
		"I'd go with it, and I've set the config up that way.": true, "Let's do that.": true,
		"I'd go with Foo.": false, "Tests pass.": false,
	} {
		if got := refersBack(s); got != want {
			t.Errorf("refersBack(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestDeniedQuestionIsDecision: a yes/no question answered "no", with a
// reason and a sentence that points back at it, is one decision item
// that keeps the question's name, the reason and the pointing sentence.
func TestDeniedQuestionIsDecision(t *testing.T) {
	x := newExtractor()
	x.addMessages([]conv.Message{
		{Role: conv.RoleUser, Parts: []conv.Part{{Kind: conv.PartText, Text: "Would Foo be overkill for the parcel lookups?"}}},
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartText,
			Text: "I don't think so - it keeps a year of readings on one node. I'd go with it, and I've set the config up that way."}}},
	})
	var decisions []string
	for _, c := range x.cands {
		if c.section == SecDecisions {
			decisions = append(decisions, c.text)
		}
	}
	if len(decisions) != 1 || !strings.Contains(decisions[0], "Foo") || !strings.Contains(decisions[0], "readings") ||
		!strings.Contains(decisions[0], "go with it") {
		t.Errorf("decisions = %q; want one item with Foo, its reason and the pointing sentence", decisions)
	}
}

// TestDedupeDemotesRoutine: a sentence said in the same words of another
// file is routine narration and ranks below a fact said once.
func TestDedupeDemotesRoutine(t *testing.T) {
	cands := []candidate{
		{section: SecTasks, text: "We should add a test for a/b.go later; paging is covered for now.", score: 9, seq: 1},
		{section: SecTasks, text: "We should add a test for c/d.go later; billing is covered for now.", score: 8.5, seq: 2},
		{section: SecTasks, text: "I have not yet managed to notify finance about the rounding change.", score: 6, seq: 3},
		{section: SecTasks, text: "I have not yet managed to upgrade the Redis client past 9.2.", score: 5, seq: 4},
	}
	got := dedupe(cands)[SecTasks]
	if len(got) != 3 || !strings.Contains(got[0].text, "finance") || !strings.Contains(got[1].text, "Redis") {
		var texts []string
		for _, c := range got {
			texts = append(texts, c.text)
		}
		t.Errorf("dedupe ranked %q; want the two facts first", texts)
	}
}

// TestAgreedProposalTakesItsReason: a thread where a proposal is agreed
// to, the choice said again and its reason given makes one decision that
// carries the reason, not one item for the proposal and another for the
// restatement.
func TestAgreedProposalTakesItsReason(t *testing.T) {
	threads := []string{
		"[09:15] tb: fine by me, Quorvia then?\n[09:15] mk: yes. Quorvia. because the keepers already use it for their weight logs\n[09:16] tb: I'll write it up",
		"[09:15] tb: fine by me, Quorvia then?\n[09:15] mk: yes. because the keepers already use it for their weight logs",
	}
	for _, thread := range threads {
		x := newExtractor()
		x.addMessages([]conv.Message{
			{Role: conv.RoleUser, Parts: []conv.Part{{Kind: conv.PartText, Text: "what did the thread settle?"}}},
			{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolName: "read", ToolID: "t1", Input: []byte(`{"path":"chat.txt"}`)}}},
			{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "t1", Text: thread}}},
		})
		var named []string
		for _, c := range x.cands {
			if c.section != SecContext && strings.Contains(c.text, "Quorvia") {
				named = append(named, c.text)
			}
		}
		if len(named) != 1 || !strings.Contains(named[0], "weight logs") {
			t.Errorf("%q: items naming the choice = %q; want one, with its reason", thread, named)
		}
	}
}

// TestDedupeKeepsTwoTasksInOneFrame: two pieces of work said in the same
// long sentence frame are two tasks, not narration repeated of another
// file, and keep their scores.
func TestDedupeKeepsTwoTasksInOneFrame(t *testing.T) {
	frame := "I can't finish the rollout until we %s, so I've left the feature flag off for now and noted it in the PR description."
	cands := []candidate{
		{section: SecTasks, text: fmt.Sprintf(frame, "retire the old boot fleet from rental inventory"), score: 9, seq: 1},
		{section: SecTasks, text: fmt.Sprintf(frame, "pull the expired rabies certificates from the packets"), score: 8, seq: 2},
	}
	got := dedupe(cands)[SecTasks]
	if len(got) != 2 || got[0].score != 9 || got[1].score != 8 {
		t.Errorf("dedupe gave %+v; want both tasks at their scores", got)
	}
}

// TestConfirmedRequestIsSettled: a user's request to confirm a choice,
// which the assistant confirms, is settled: it weighs less as pending work
// than the same request left unanswered.
func TestConfirmedRequestIsSettled(t *testing.T) {
	ask := "can you double-check we're standardizing on Quorvia for the invoicing portal before I reply to the vendor?"
	score := func(answer string) float64 {
		x := newExtractor()
		x.addMessages([]conv.Message{
			{Role: conv.RoleUser, Parts: []conv.Part{{Kind: conv.PartText, Text: ask}}},
			{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartText, Text: answer}}},
		})
		for _, c := range x.cands {
			if c.section == SecTasks && strings.Contains(c.text, "double-check") {
				return c.score
			}
		}
		return 0
	}
	open, settled := score("I'll look at the logs next."), score("Yes, that's right: Quorvia for the invoicing portal.")
	if open == 0 || settled >= open {
		t.Errorf("request scores %.1f unanswered and %.1f confirmed; want it lower once confirmed", open, settled)
	}
}

// TestAnswerIsNotAFollowUp: an answer to the user's question is that
// question's, even right after a sentence it could follow up.
func TestAnswerIsNotAFollowUp(t *testing.T) {
	x := newExtractor()
	x.addMessages([]conv.Message{
		{Role: conv.RoleUser, Parts: []conv.Part{{Kind: conv.PartText, Text: "did anyone reconcile the pill counts at the Eastgate store yet?"}}},
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartText,
			Text: "Update the tariff codes on the Quorvia shipment: waiting on you. Not yet, it's still open."}}},
	})
	for _, c := range x.cands {
		if c.section == SecTasks && strings.Contains(c.text, "reconcile the pill counts") {
			return
		}
	}
	t.Errorf("the answer did not keep its question; candidates %+v", x.cands)
}

// TestBareNameAnswers: a name written in lower case ("kizeo forms.") that
// the next sentence explains answers the question of which was chosen.
func TestBareNameAnswers(t *testing.T) {
	x := newExtractor()
	x.addMessages([]conv.Message{
		{Role: conv.RoleUser, Parts: []conv.Part{{Kind: conv.PartText, Text: "which one did we end up with for the intake forms? I was off that week"}}},
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartText,
			Text: "kizeo forms. The group picked it because it reads handwriting better than the old scanner."}}},
	})
	for _, c := range x.cands {
		if c.section == SecDecisions && strings.Contains(c.text, "kizeo forms") && strings.Contains(c.text, "intake forms") {
			return
		}
	}
	t.Errorf("no decision for the bare name with its question; candidates %+v", x.cands)
}

// TestDedupeKeepsLongSharedOpenings: two items that open alike for longer
// than an item key are still two items.
func TestDedupeKeepsLongSharedOpenings(t *testing.T) {
	open := "The van's back from the garage, Pieter is off sick again, and after all that back and forth "
	cands := []candidate{
		{section: SecDecisions, text: open + "we're going with Quorvia for the condition reports because it keeps eight levels of memory.", score: 9, seq: 1},
		{section: SecDecisions, text: open + "we're settling on Brantix for the grave search since the crew already get day sheets from it.", score: 8, seq: 2},
	}
	if got := dedupe(cands)[SecDecisions]; len(got) != 2 {
		t.Errorf("dedupe kept %d items; want both", len(got))
	}
}
