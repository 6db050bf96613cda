package summarize

import (
	"strings"
	"testing"
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
