package rag

import (
	"reflect"
	"sort"
	"testing"
)

func TestIntents(t *testing.T) {
	intents, err := parseIntents(intentsFile)
	if err != nil || len(intents) < 3 {
		t.Fatalf("intents.txt: %v %v", intents, err)
	}
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"why did we pick PostgreSQL?", []string{"adr", "decision", "decisions"}},
		{"what's still left to do before launch", []string{"blocked", "next", "pending", "task", "todo"}},
		{"what broke in the migration and how was it fixed", []string{"bug", "error", "fix", "incident"}},
		{"tell me about the invoice pages", nil},
	} {
		var got []string
		for tag := range intentTags(intents, tc.q) {
			got = append(got, tag)
		}
		sort.Strings(got)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.q, got, tc.want)
		}
	}
	if _, err := parseIntents("decision: why"); err == nil {
		t.Error("a line without tags is an error")
	}
}
