package fulltext

import (
	"slices"
	"strings"
	"testing"
)

// TestMatcherAgreesWithTerms: for every term of a text, a Matcher finds
// it at the positions it has among the text's terms (Terms), without
// analysing the whole text.
func TestMatcherAgreesWithTerms(t *testing.T) {
	an, err := NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"We went with PostgreSQL because the migrations need transactions.",
		"The user's saved searches weren't persisting; fetchDevToken returned an empty string.",
		"Children ran the config_flow setup twice, then the tests passed on Python 3.12.",
		"Décidé: la base de données reste PostgreSQL. Naïve caching was removed.",
		"- [ ] Implement Config Flow (Phase 1) based on `config_flow_plan.md`\n- [x] Add logging",
		"It's the API's JWKS keys that are cached between requests, not the tokens.",
		"Version 2.14.34 shipped; 1,200 users, e.g. the ops team, got it at 09:30.",
		"key:value pairs and a.b.c names",
		"A blob " + strings.Repeat("QUJD", 100) + " between the words, then " + strings.Repeat("é", 200) + " more words.",
		"",
	}
	for _, text := range texts {
		terms := an.Terms(text)
		want := map[string][]int{}
		for i, term := range terms {
			want[term] = append(want[term], i)
		}
		for term := range want {
			m := an.Matcher(map[string]bool{term: true, "zzzz": true})
			var got []int
			n := m.Scan(text, func(pos int, tm string) {
				if tm != term {
					t.Errorf("%q: found %q, want only %q", text, tm, term)
				}
				got = append(got, pos)
			})
			if !slices.Equal(got, want[term]) {
				t.Errorf("%q: term %q at %v, want %v (terms %q)", text, term, got, want[term], terms)
			}
			if n != len(terms) {
				t.Errorf("%q: %d words, want %d (terms %q)", text, n, len(terms), terms)
			}
		}
	}
}

// BenchmarkMatcherEntry is the matcher on an entry-sized text, beside
// BenchmarkTermsEntry, the analysis it saves.
func BenchmarkMatcherEntry(b *testing.B) {
	an, err := NewAnalyzer()
	if err != nil {
		b.Fatal(err)
	}
	m := an.Matcher(map[string]bool{"json": true, "pars": true, "fail": true})
	for b.Loop() {
		m.Scan(benchEntry, func(int, string) {})
	}
}

func BenchmarkTermsEntry(b *testing.B) {
	an, err := NewAnalyzer()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		an.Terms(benchEntry)
	}
}

const benchEntry = "[2025-08-17 07:52:27] - Enhanced JSON Parsing Robustness\n" +
	"Decision: Implemented multi-stage JSON parsing with repair and fallback extraction.\n" +
	"Rationale: LLM responses occasionally generate malformed JSON causing pipeline failures.\n" +
	"Implementation: Added _repair_json() for common issues (trailing commas, unquoted keys), " +
	"then a regex extraction of the outermost object, then a plain-text fallback so the writer " +
	"never stops on a parse error. Tests cover each stage and the telemetry counts every repair."
