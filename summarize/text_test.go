package summarize

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestSentences(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"We ship Friday. QA signs off first! Then what?", []string{"We ship Friday.", "QA signs off first!", "Then what?"}},
		{"- **Use** e.g. Redis here. OK", []string{"Use e.g. Redis here.", "OK"}},
		{"Intro\n```go\nx := 1\n```\n2. Second item", []string{"Intro", "Second item"}},
		{"Version 1.2 is out. 3 bugs remain.", []string{"Version 1.2 is out.", "3 bugs remain."}},
		// A title is not a sentence end; a number and a word with a vowel are.
		{"Over to Mr. Blaikie and Dr. Tam. It cost 42. No. It did.", []string{"Over to Mr. Blaikie and Dr. Tam.", "It cost 42.", "No.", "It did."}},
		{"We bought a new TV. Open a PR. It works.", []string{"We bought a new TV.", "Open a PR.", "It works."}},
		// A file or host name ends a sentence; a dotted abbreviation does not.
		{"Put it in pkg/store/main.go. Let's go with gRPC. See example.com. It is the U.S. Army.", []string{"Put it in pkg/store/main.go.", "Let's go with gRPC.", "See example.com.", "It is the U.S. Army."}},
		{"Put it in db.go. Then ask Ph.D. Smith, i.e. Jo.", []string{"Put it in db.go.", "Then ask Ph.D. Smith, i.e. Jo."}},
		// A heading is a title, not a statement.
		{"## My Recommendation\nUse per-file pools.\n**Why**\nIt is exact.", []string{"Use per-file pools.", "It is exact."}},
		{"**Note** that it is exact.", []string{"Note that it is exact."}},
		// A lead-in takes the first items of its list, after a blank line too.
		{"I'd go with pools because:\n\n1. It is exact.\n2. It is cheap.\n3. It is simple.\nDone.",
			[]string{"I'd go with pools because: It is exact; It is cheap", "Done."}},
		{"Updated both functions:\n   - `toStrategy()` copies the map\n", []string{"Updated both functions: `toStrategy()` copies the map"}},
		// A long one too: "because:" says nothing without its reasons.
		{"For your use case, I'd go with Approach 4 (per-file pools) because:\n\n1. The bug scenario is the common case\n2. Full line tracking adds complexity\n3. It is cheap",
			[]string{"For your use case, I'd go with Approach 4 (per-file pools) because: The bug scenario is the common case; Full line tracking adds complexity"}},
		{"Steps:\nRun the tests.", []string{"Steps:", "Run the tests."}},
		// A list item takes the items indented under it: alone, "Status:
		// Not yet fixed" would read as an item of its own.
		{"   - **Linter error**: `IsBinary` not checked\n     - Fixed by checking: `binErr == nil`\n   - **Failing test**: 33.3%, want 42.9%\n     - Status: Not yet fixed\nNext.",
			[]string{"Linter error: `IsBinary` not checked; Fixed by checking: `binErr == nil`", "Failing test: 33.3%, want 42.9%; Status: Not yet fixed", "Next."}},
	}
	for _, tt := range tests {
		if got := sentences(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("sentences(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCodeShaped(t *testing.T) {
	for w, want := range map[string]bool{
		"UserAddedPerFile": true, "estimateUserSelfModifications": true, "invoice_totals": true,
		"BILL-3677": true, "fc9da67": true, "spotter-gqc.6": true, "pkg.Func": false, "os.ReadFile": true,
		"Hello": false, "100ms": false, "v1.2.3": false, "the": false, "2nd": false, "https://x.io/a": false,
	} {
		if got := codeShaped(w); got != want {
			t.Errorf("codeShaped(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestPathsIn(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"See web/src/pages/Checkout.tsx:41, /etc/billing/prod.yaml and ~/notes/todo (not https://x.io/a.b or and/or).",
			[]string{"web/src/pages/Checkout.tsx", "/etc/billing/prod.yaml", "~/notes/todo"}},
		{`Windows: C:\Users\me\report.docx, a share \\fs01\claims\2026.xlsx, \\fs01\scans\inbox (not \\fs01\only).`,
			[]string{`C:\Users\me\report.docx`, `\\fs01\claims\2026.xlsx`, `\\fs01\scans\inbox`}},
		{`A share's host alone, \\fileserver or \\nas\, is no path.`, nil},
	} {
		if got := pathsIn(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("pathsIn(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShortNames(t *testing.T) {
	got := shortNames([]string{"app/a/package.json", "functions/package.json", "app/ErrorMapper.swift"})
	want := []string{"a/package.json", "functions/package.json", "ErrorMapper.swift"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shortNames = %q, want %q", got, want)
	}
}

func TestCommitMessage(t *testing.T) {
	tests := map[string]string{
		`git commit -m "fix: retry \"twice\""`:                                   `fix: retry "twice"`,
		`git add . && git commit -am 'feat: x'`:                                  "feat: x",
		"git commit -m \"$(cat <<'EOF'\nfeat: heredoc subject\n\nbody\nEOF\n)\"": "feat: heredoc subject",
		"git -C repo commit --message=\"chore: y\"":                              "chore: y",
		"git log --oneline":                                                      "",
	}
	for in, want := range tests {
		if got := commitMessage(in); got != want {
			t.Errorf("commitMessage(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestClipRunes(t *testing.T) {
	if got := clipRunes("naïve words here and more", 12); got != "naïve words..." {
		t.Errorf("clipRunes = %q", got)
	}
	if got := clipRunes("short", 12); got != "short" {
		t.Errorf("clipRunes = %q", got)
	}
}

func TestCanonicalSection(t *testing.T) {
	for title, want := range map[string]string{
		"1. Primary Request and Intent": SecRequests, "Optional Next Step": SecCurrent, "Key Decisions": SecDecisions,
		"Pending Tasks": SecTasks, "Errors and fixes": SecErrors, "Files and Code Sections": SecContext, "Misc": "Misc",
	} {
		if got := canonicalSection(title); got != want {
			t.Errorf("canonicalSection(%q) = %q, want %q", title, got, want)
		}
	}
	for _, sec := range tsvPairs(sectionsTSV) {
		if !slices.Contains(SectionOrder[:], sec) {
			t.Errorf("sections.tsv names unknown section %q", sec)
		}
	}
	for status, state := range itemStates() {
		if state != stateDoing && state != stateDone {
			t.Errorf("statuses.tsv: %q means %q, not %s or %s", status, state, stateDoing, stateDone)
		}
	}
}

func TestPromptNamesEverySection(t *testing.T) {
	sys := render("system", struct{ Target int }{432})
	for _, name := range SectionOrder {
		if !strings.Contains(sys, "\n## "+name) {
			t.Errorf("llm_prompt.tmpl does not name section %q", name)
		}
	}
	if !strings.Contains(sys, "432 tokens") {
		t.Errorf("system prompt lacks the target:\n%s", sys)
	}
	if got := render("conversation", struct{ Shown, Total int }{3, 9}); !strings.Contains(got, "3 of 9") {
		t.Errorf("conversation preface = %q", got)
	}
}

func TestSubagentAnswer(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"The callables are generateWorkout and sendChat.\nagentId: a1704a4fbcabff6c0 (for resuming to continue this agent's work if needed)\n<usage>total_tokens: 50856\ntool_uses: 17\nduration_ms: 57271</usage>",
			"The callables are generateWorkout and sendChat."},
		{"No trailer here.", "No trailer here."},
		{"Quoted:\nagentId: x\n\nand the answer goes on.", "Quoted:\nagentId: x\n\nand the answer goes on."},
	} {
		if got := subagentAnswer(tt.in); got != tt.want {
			t.Errorf("subagentAnswer(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
