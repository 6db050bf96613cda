package summarize

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

func TestJudgeShapes(t *testing.T) {
	tests := []struct {
		text, asked string
		role        conv.Role
		want        string // section, "" for none
	}{
		{"[ ] renew the signing certificate", "", conv.RoleUser, SecTasks},
		{"[x] renew the signing certificate", "", conv.RoleUser, ""},
		{"Done: moved the cron jobs.", "", conv.RoleAssistant, ""},
		{"We could maybe switch to Foo at some point.", "", conv.RoleUser, ""},
		{"We looked at Foo for the cache but ruled it out.", "", conv.RoleUser, ""},
		{"We ruled out Foo in favour of Bar for the cache.", "", conv.RoleUser, SecDecisions},
		{"Should we go with Foo?", "", conv.RoleUser, ""},
		{"Sounds good, that is what we will do.", "Foo for the cache?", conv.RoleAssistant, SecDecisions},
		{"Deferred the index rebuild until the freeze ends.", "", conv.RoleAssistant, SecTasks},
		{"I'll look at the handler first.", "", conv.RoleAssistant, ""},
		{"session storage: Valkey.", "", conv.RoleUser, SecDecisions},
		{"For event collection we're locking in Foo - it is cheaper.", "", conv.RoleAssistant, SecDecisions},
		{"For example, the handler retries three times.", "", conv.RoleAssistant, ""},
		{"What should the exporter use?", "", conv.RoleUser, ""},
		{"Maybe one day we look at Foo; not now.", "", conv.RoleUser, ""},
		{"The vendor portal is down again today.", "", conv.RoleUser, SecContext},
		{"Valkey.", "What should the session store use?", conv.RoleAssistant, SecDecisions},
		// Completed work, however it is marked, is not pending.
		{"~~renew the signing certificate~~ (done)", "", conv.RoleUser, ""},
		{"Renew the signing certificate - done and verified.", "", conv.RoleAssistant, ""},
		{"We still need to renew the signing certificate (shipped last night).", "", conv.RoleUser, ""},
		{"We still need to renew the signing certificate - the old one expires Friday.", "", conv.RoleUser, SecTasks},
		// A request to nobody in particular waits for an owner; a question
		// about work left assigns nothing, its answer is the work.
		{"Can someone renew the signing certificate?", "", conv.RoleUser, SecTasks},
		{"Who can renew the signing certificate?", "", conv.RoleUser, SecTasks},
		{"Could one of you renew the signing certificate?", "", conv.RoleUser, SecTasks},
		{"Can you look at the handler in api.go?", "", conv.RoleUser, ""},
		{"Anything left over from the migration?", "", conv.RoleUser, ""},
		{"Yes, one thing: renew the signing certificate.", "Anything left over from the migration?", conv.RoleAssistant, SecTasks},
		// A deadline makes a task of what is owed.
		{"Owed to the auditors by end of month: the access review.", "", conv.RoleUser, SecTasks},
		{"Expected from legal by Friday: the signed DPA.", "", conv.RoleUser, SecTasks},
		// "since" a time gives no reason; a reason on its own line goes with
		// the line before; a file is no name chosen for something.
		{"It's been sitting there since Tuesday.", "", conv.RoleAssistant, ""},
		{"We kept Foo since the billing team depends on it.", "", conv.RoleAssistant, SecDecisions},
		{"Reasoning: the drivers already use it.", "", conv.RoleAssistant, ""},
		{"Checking README.md for the relevant code.", "", conv.RoleAssistant, ""},
		// Withdrawing from something tried is a rejection, not a choice.
		{"We piloted Foo for the cache in spring and pulled out; it leaked memory.", "", conv.RoleAssistant, ""},
		{"The Foo rollout for the cache was scrapped.", "", conv.RoleAssistant, ""},
	}
	for _, tt := range tests {
		s := sentence{text: tt.text, lower: strings.ToLower(tt.text), role: tt.role, asked: tt.asked}
		sec, _, item, ok := judge(&s)
		if !ok {
			sec = ""
		}
		if sec != tt.want {
			t.Errorf("judge(%q) = %q, want %q", tt.text, sec, tt.want)
		}
		if tt.asked != "" && ok && !strings.Contains(item, tt.asked) {
			t.Errorf("answer %q lost its question: %q", tt.text, item)
		}
	}
}

func TestExtractiveReadsNotesAndComments(t *testing.T) {
	input, _ := json.Marshal(map[string]string{"file_path": "a.go", "new_string": "// TODO(ops): purge the quarantined uploads\nfunc f() {}\n"})
	msgs := []conv.Message{
		conv.NewText(conv.RoleUser, "Please read the notes."),
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolID: "1", ToolName: "Read", Input: json.RawMessage(`{"file_path":"notes.md"}`)}}},
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "1", ToolName: "Read",
			Text: "# notes.md\n\nStatus: accepted\nOutcome: Zstandard for the archive codec (smaller files)\n\tcode line;\n2026-11-03 INFO noise"}}},
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolID: "2", ToolName: "Edit", Input: input}}},
	}
	s, err := NewExtractive().Summarize(context.Background(), msgs, Options{Counter: tokens.ForModel("gpt-4")})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Zstandard for the archive codec", "purge the quarantined uploads"} {
		if !strings.Contains(s.Markdown, want) {
			t.Errorf("summary lacks %q:\n%s", want, s.Markdown)
		}
	}
}

func TestJudgeWithReason(t *testing.T) {
	tests := []struct {
		text, reason, want string
	}{
		{"Wired the export through Foo.", "Reasoning: it streams.", SecDecisions},
		{"I went ahead and put the cache on Foo.", "Why: it is cheaper.", SecDecisions},
		{"Wired the export through it.", "Reasoning: it streams.", ""}, // names nothing
		{"We might wire the export through Foo.", "Because it streams.", ""},
		// A continuation in lower case rides along, it makes no decision.
		{"We picked Foo for the export.", "cheaper at our volume, apparently.", SecDecisions},
		{"Let me check Foo next.", "cheaper at our volume, apparently.", ""},
	}
	for _, tt := range tests {
		s := sentence{text: tt.text, lower: strings.ToLower(tt.text), role: conv.RoleAssistant, reason: tt.reason,
			because: startsWithReason(tt.reason)}
		sec, _, item, ok := judge(&s)
		if !ok {
			sec = ""
		}
		if sec != tt.want || ok && sec == SecDecisions && !strings.Contains(item, tt.reason) {
			t.Errorf("judge(%q; %q) = %q %q, want %q with the reason", tt.text, tt.reason, sec, item, tt.want)
		}
	}
}

func TestContinues(t *testing.T) {
	for s, want := range map[string]bool{
		"cheaper at our volume, apparently.": true, "Cheaper at our volume.": false, "frontend deps: Foo.": false,
		"renew the cert - done.": false, "the file is a/b.go.": false, "is it cheaper?": false,
	} {
		if got := continues(s); got != want {
			t.Errorf("continues(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestDeadlinesAndRequests(t *testing.T) {
	for s, want := range map[string]bool{
		"owed to finance by end of month": true, "ship it by friday": true, "send it by the 5th": true,
		"due by 2026-12-01": true, "ship it before q3 closes": true, "written by the team": false, "go by car": false,
		"stand by me": false,
	} {
		if got := hasDeadline(s); got != want {
			t.Errorf("hasDeadline(%q) = %v, want %v", s, got, want)
		}
	}
	for s, want := range map[string]bool{
		"can someone renew the cert?": true, "who will take the release?": true, "can you renew the cert?": false,
		"could one of you renew the cert?": true, "who knows?": false, "can anyone": false,
	} {
		if got := asksSomeone(s); got != want {
			t.Errorf("asksSomeone(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestRareNamesAndChoices(t *testing.T) {
	x := newExtractor()
	for w, n := range map[string]int{"foodb": 1, "errnotfound": 9, "handler": 9, "reports": 1, "snakemake": 1} {
		x.df[w] = n
	}
	tests := []struct {
		s, rare string
		choice  bool
	}{
		{"After the calls FooDB gets the contract for routing.", "FooDB", true},
		{"FooDB won the bake-off for routing.", "FooDB", true},
		{"The Handler wraps the request for retries.", "", false},
		{"Reports for the regulator are archived here.", "", false}, // a first word is no name
		{"Snakemake won the bake-off for routing.", "", false},      // unless written like one
		{"We keep FooDB, and the rest for later.", "FooDB", false},  // the clause ends first
		{"Kafka for the event bus.", "", false},
		{"We run Kafka for the event bus.", "", true},
	}
	for _, tt := range tests {
		rare := x.rareName(tt.s)
		if rare != tt.rare {
			t.Errorf("rareName(%q) = %q, want %q", tt.s, rare, tt.rare)
		}
		if got := choiceShape(tt.s, rare); got != tt.choice {
			t.Errorf("choiceShape(%q, %q) = %v, want %v", tt.s, rare, got, tt.choice)
		}
	}
}

func TestJudgeIntent(t *testing.T) {
	tests := []struct {
		text    string
		guarded bool
		want    string
	}{
		{"routing goes through Foo on purpose: it is cheaper.", false, SecDecisions},
		{"Routing deliberately bypasses Foo.", false, SecDecisions},
		{"Routing goes through Foo.", true, SecDecisions}, // "Ask ops before changing this."
		{"Routing goes through Foo.", false, ""},
		{"routing goes through it on purpose.", false, ""}, // names nothing
	}
	for _, tt := range tests {
		s := sentence{text: tt.text, lower: strings.ToLower(tt.text), role: conv.RoleAssistant, src: srcCode, guarded: tt.guarded}
		sec, _, _, ok := judge(&s)
		if !ok {
			sec = ""
		}
		if sec != tt.want {
			t.Errorf("judge(%q, guarded %v) = %q, want %q", tt.text, tt.guarded, sec, tt.want)
		}
	}
	if !isGuard("talk to the compliance team before changing this.") || isGuard("we changed this last week.") {
		t.Error("isGuard")
	}
}

// TestOthersChoice: a choice disclaimed or made by another party is no
// decision of ours, nor context; the speakers' own team's is.
func TestOthersChoice(t *testing.T) {
	tests := []struct {
		text string
		role conv.Role
		want string
	}{
		{"Not our call, but the data team went with Foo on their side.", conv.RoleUser, ""},
		{"The billing team picked Foo for their queue.", conv.RoleUser, ""},
		{"They went with Foo for the reporting cache.", conv.RoleAssistant, ""},
		{"The platform team decided we'll use Foo for the cache.", conv.RoleUser, SecDecisions},
		{"The team decided on Foo for the cache.", conv.RoleUser, SecDecisions},
		{"Foo came up for the cache too, but we passed on it - too pricey.", conv.RoleUser, ""},
	}
	for _, tt := range tests {
		s := sentence{text: tt.text, lower: strings.ToLower(tt.text), role: tt.role}
		sec, _, _, ok := judge(&s)
		if !ok {
			sec = ""
		}
		if sec != tt.want {
			t.Errorf("judge(%q) = %q, want %q", tt.text, sec, tt.want)
		}
	}
}
