package summarize

import (
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

// TestJudgeScopesCompletion checks that a completion covers its own
// clause and only work: what a finished change put in place is a choice,
// and the clause after a contrast may still be open.
func TestJudgeScopesCompletion(t *testing.T) {
	for _, tc := range []struct {
		text string
		role conv.Role
		want string
	}{
		{"The migration is mostly done, but we haven't managed to rotate the vault tokens yet.", conv.RoleUser, SecTasks},
		{"The migration is finished, but the vault tokens were rotated too.", conv.RoleUser, ""},
		{"Done - the invoicing queue now runs on Quarkwise.", conv.RoleAssistant, SecDecisions},
		{"Done: rotate the vault tokens.", conv.RoleAssistant, ""},
		{"Finished: the dashboards were rebuilt last night.", conv.RoleAssistant, ""},
		{"We still need to rotate the vault tokens, but that's done now.", conv.RoleUser, ""},
	} {
		s := sentence{text: tc.text, lower: strings.ToLower(tc.text), role: tc.role}
		sec, _, item, ok := judge(&s)
		if !ok {
			sec = ""
		}
		if sec != tc.want {
			t.Errorf("judge(%q) = %q, want %q", tc.text, sec, tc.want)
		}
		if ok && item != tc.text {
			t.Errorf("judge(%q) item %q, want the whole sentence", tc.text, item)
		}
	}
}

func TestAfterContrast(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"mostly ticked off, but we haven't rotated the keys", "we haven't rotated the keys"},
		{"it works; however, the export is still slow", ""}, // "; however, " is a contrast too, see below
		{"nothing to contrast here", ""},
		{"fine, but no", ""}, // too short to carry a point
	} {
		got, ok := afterContrast(tc.in)
		if tc.in == "it works; however, the export is still slow" {
			if !ok || got != "the export is still slow" {
				t.Errorf("afterContrast(%q) = %q, %v", tc.in, got, ok)
			}
			continue
		}
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("afterContrast(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestMovesToRareName: moving something to a name said once is a choice;
// to a common word it is narration.
func TestMovesToRareName(t *testing.T) {
	for _, tc := range []struct {
		lower, rare string
		want        bool
	}{
		{"i'm moving rate distribution to quarkwise: it pushes rates in a minute.", "Quarkwise", true},
		{"we are shifting the nightly exports over the next month to zentrix.", "Zentrix", false}, // too far apart
		{"we shifted the nightly exports to zentrix.", "Zentrix", true},
		{"i'm moving the check to the handler.", "", false},
		{"moving on to zentrix now", "Zentrix", false}, // no "to" after a move verb's object
	} {
		if got := movesTo(tc.lower, tc.rare); got != tc.want {
			t.Errorf("movesTo(%q, %q) = %v, want %v", tc.lower, tc.rare, got, tc.want)
		}
	}
}

// TestWhyQuestions: asking why the speakers did something takes the
// choice as made; its answer gives the reason.
func TestWhyQuestions(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want bool
	}{
		{"remind me, why did we end up on zentrix?", true},
		{"why are we using quarkwise for the ledger?", true},
		{"why does the export fail when the request is cancelled?", false},
		{"why not?", false},
		{"why did we end up on zentrix", false}, // no question
	} {
		if got := asksWhyChosen(tc.q); got != tc.want {
			t.Errorf("asksWhyChosen(%q) = %v, want %v", tc.q, got, tc.want)
		}
	}
	qs := []string{"Remind me, why did we end up on Zentrix?"}
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"Let me read the config first.", -1},
		{"I should check how the handler does this.", -1},
		{"That was for the ledger exports: it is the only one with an audit trail.", 0},
		{"Because it is the only one with an audit trail.", 0},
	} {
		if got := answerTo(tc.s, strings.ToLower(tc.s), qs, make([]bool, 1)); got != tc.want {
			t.Errorf("answerTo(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
	s := sentence{text: qs[0], lower: strings.ToLower(qs[0]), role: conv.RoleUser, rare: "Zentrix"}
	if sec, _, _, ok := judge(&s); !ok || sec != SecDecisions {
		t.Errorf("judge(%q) = %q, %v, want a decision", qs[0], sec, ok)
	}
}

// TestPendingPointedBack: a short sentence that says the one before it is
// still owed makes that one a task.
func TestPendingPointedBack(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"we haven't done it, right?", true},
		{"it needs to happen this week", true},
		{"No rush, but it has to happen before the audit.", true},
		{"It was done on Monday.", false},
		{"It needs to happen at the Zentrix office.", false}, // names a thing of its own
		{"no need to do it, it has to happen anyway", false},
	} {
		if got := saysLeftOpen(tc.s); got != tc.want {
			t.Errorf("saysLeftOpen(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct {
		lower string
		want  bool
	}{
		{"can you add this to your list: rotate the keys.", true},
		{"on the list for monday: rotate the keys.", true},
		{"it's in the backlog somewhere", true},
		{"the list of keys is long", false},
		{"i added a test to the suite", false},
	} {
		if got := onList(tc.lower); got != tc.want {
			t.Errorf("onList(%q) = %v, want %v", tc.lower, got, tc.want)
		}
	}
	for _, tc := range []struct {
		lower string
		want  bool
	}{
		{"the report is due friday", true},
		{"invoices due by the 5th", true},
		{"it syncs vaccine due dates into the reminders", false},
		{"overdue", false},
	} {
		if got := hasDeadline(tc.lower); got != tc.want {
			t.Errorf("hasDeadline(%q) = %v, want %v", tc.lower, got, tc.want)
		}
	}
}

func TestStatusLines(t *testing.T) {
	for _, tc := range []struct{ line, text, hint string }{
		{"TO DO | re-run the cleanup for the east field", "TO DO: re-run the cleanup for the east field", SecTasks},
		{"[BLOCKED] migrate the wiki to the new host", "BLOCKED: migrate the wiki to the new host", SecTasks},
		{"DONE  | update the printer drivers", "DONE: update the printer drivers", hintDone},
		{"DOING | (nothing)", "", ""},
		{"Status: open", "", ""},
		{"Note: the printer is slow", "", ""},
	} {
		u, ok := statusLine(tc.line)
		if !ok {
			u = unit{}
		}
		if u.text != tc.text || u.hint != tc.hint {
			t.Errorf("statusLine(%q) = %q/%q, want %q/%q", tc.line, u.text, u.hint, tc.text, tc.hint)
		}
	}
}

func TestProposalsAndAssent(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"dana: +1, it registers whole plates", true},
		{"LGTM", true},
		{"amir: locking that in, thanks all", true},
		{"Yesterday we looked at it", false},
		{"dana: not sure about that", false},
	} {
		if got := assentsTo(tc.s); got != tc.want {
			t.Errorf("assentsTo(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
	msgs := []conv.Message{conv.NewText(conv.RoleUser, "Chat export:\namir: proposal for plate intake: Zentrix\n"+
		"dana: +1, it registers whole plates through its API\namir: locking that in")}
	x := newExtractor()
	x.addMessages(msgs)
	found := false
	for _, c := range x.cands {
		if c.section == SecDecisions && strings.Contains(c.text, "Zentrix") && strings.Contains(c.text, "plates") {
			found = true
		}
	}
	if !found {
		t.Errorf("an agreed proposal is no decision: %+v", x.cands)
	}
}

func TestStripStamp(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"06:40 flagged the batch for follow-up", "flagged the batch for follow-up"},
		{"[09:14] amir: proposal for X", "amir: proposal for X"},
		{"2026-11-03 10:02:11 - backup finished", "backup finished"},
		{"15 2 * * * /usr/local/bin/sync", "15 2 * * * /usr/local/bin/sync"},
		{"3 apples left", "3 apples left"},
	} {
		if got := stripStamp(tc.in); got != tc.want {
			t.Errorf("stripStamp(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestMoreIdentifierShapes(t *testing.T) {
	for _, tc := range []struct {
		w    string
		want bool
	}{
		{"978-0-306-40615-7", true}, // ISBN-13
		{"4111-1111-1111-1111", true},
		{"2026-11-30", false}, // a date
		{"GATESYNC-LLR", true},
		{"TO-DO", false},
		{"NON-STOP", false},
		{"HGKZCDSX5", true},
		{"PYTHON3", false},
	} {
		k, _, ok := classifyWord(tc.w)
		if got := ok && k == EntID; got != tc.want {
			t.Errorf("classifyWord(%q) id = %v, want %v", tc.w, got, tc.want)
		}
	}
}

func TestStatesDone(t *testing.T) {
	for _, tc := range []struct {
		lower string
		want  bool
	}{
		{"that's done, olu did it yesterday", true},
		{"i'd hold until that's done", false},
		{"once it's done we can ship", false},
		{"nobody has been able to swap the watermark yet", false},
		{"we weren't able to reach them", false},
		{"meg was able to renew the cert on monday", true},
		{"so that question is closed", false},
		{"the ticket is closed", true},
		{"good news, bea managed to collect the signed agreements yesterday, so that one's off the list", true},
		{"we still haven't managed to reconcile the tap logs", false},
		{"don't take it off the list until it has run once", false},
	} {
		if got := statesDone(tc.lower); got != tc.want {
			t.Errorf("statesDone(%q) = %v, want %v", tc.lower, got, tc.want)
		}
	}
}

func TestDatesAndTimes(t *testing.T) {
	for _, tc := range []struct {
		tok  string
		want bool
	}{
		{"2026-11-03", true}, {"11/03", true}, {"03.11.2026", true}, {"06:40", true}, {"10:02:11.123", true},
		{"2025-03-18T07:42:11Z", true}, {"9:05am", true},
		{"33332-053", false}, {"1.2.840.10008", false}, {"10-20", false}, {"123:45", false},
	} {
		if got := isStamp(tc.tok); got != tc.want {
			t.Errorf("isStamp(%q) = %v, want %v", tc.tok, got, tc.want)
		}
	}
}

func TestCodeTokens(t *testing.T) {
	for _, tc := range []struct {
		w    string
		want bool
	}{
		{"1:24-cv-09222", true}, {"33332-053", true}, {"1.2.840.10008.5.1.4", true},
		{"1.2.3", false}, {"10-20", false}, {"3.14", false}, {"2026-11-03", false}, {"python3", false},
		{"100ms", false}, {"utf-8", false}, {"x86_64", true},
	} {
		if got := codeToken(tc.w); got != tc.want {
			t.Errorf("codeToken(%q) = %v, want %v", tc.w, got, tc.want)
		}
	}
}

func TestConcessionsAndWins(t *testing.T) {
	for _, tc := range []struct {
		t, rare string
		want    bool
	}{
		{"fine, Zentrix Cloud then.", "Zentrix", true},
		{"OK, Zentrix it is.", "Zentrix", true},
		{"Zentrix then.", "Zentrix", true},
		{"fine, Zentrix is slow today.", "Zentrix", false},
		{"Thanks Zentrix.", "Zentrix", false},
	} {
		if got := concedes(tc.t, tc.rare); got != tc.want {
			t.Errorf("concedes(%q) = %v, want %v", tc.t, got, tc.want)
		}
	}
	for _, tc := range []struct {
		t, rare string
		want    bool
	}{
		{"After a long debate, Zentrix won for the intake queue.", "Zentrix", true},
		{"Zentrix Cloud prevailed on price.", "Zentrix", true},
		{"Zentrix lost on price.", "Zentrix", false},
	} {
		if got := rareWins(strings.Fields(tc.t), tc.rare); got != tc.want {
			t.Errorf("rareWins(%q) = %v, want %v", tc.t, got, tc.want)
		}
	}
}

func TestRequestsToOthers(t *testing.T) {
	for _, tc := range []struct {
		lower string
		want  bool
	}{
		{"hi — could your team resubmit the permit before the review?", true},
		{"hey all, can someone rotate the keys?", true},
		{"could you all sign the form?", true},
		{"could you look at the handler?", false},
	} {
		if got := asksSomeone(tc.lower); got != tc.want {
			t.Errorf("asksSomeone(%q) = %v, want %v", tc.lower, got, tc.want)
		}
	}
}

// TestToolEchoNamesNothing: a tool result that repeats its call's input
// ("The file a.go has been updated.") does not make the path salient.
func TestToolEchoNamesNothing(t *testing.T) {
	msgs := []conv.Message{
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolID: "c1", ToolName: "Edit",
			Input: []byte(`{"file_path": "/srv/app/zz/handler.go"}`)}}},
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "c1",
			Text: "The file /srv/app/zz/handler.go has been updated. See /srv/app/zz/other.go too."}}},
	}
	x := newExtractor()
	x.addMessages(msgs)
	if e := x.entities["/srv/app/zz/handler.go"]; e == nil || e.count != 1 {
		t.Errorf("echoed path tallied again: %+v", e)
	}
	if e := x.entities["/srv/app/zz/other.go"]; e == nil {
		t.Error("a new path in the result is not tallied")
	}
}

func TestDigitGroups(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"9215 9453 7067 9728. I put it in the PR", "9215 9453 7067 9728"},
		{"7848 8815 8589 6301, same as Tuesday", "7848 8815 8589 6301"},
		{"+44 7700 900730 (expected 1)", "+44 7700 900730"},
		{"23 33 00-012 as priority", "23 33 00-012"},
		{"10 20 30 apples", ""},
		{"2026 11 30", ""},
	} {
		var got string
		for _, e := range findEntities(tc.in, nil) {
			if e.kind == EntID && strings.Contains(e.text, " ") {
				got = e.text
			}
		}
		if got != tc.want {
			t.Errorf("findEntities(%q) spaced id = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestNamesNothing(t *testing.T) {
	for _, tc := range []struct {
		item string
		want bool
	}{
		{"It's first on my list tomorrow.", true},
		{"Everything else on my list can wait.", true},
		{"Due: Friday", true},
		{"Status: In progress", true},
		{"Parking this for now: re-running the failed nightly export.", false},
		{"We still need to renew the cert, and nobody's picked it up.", false},
		{"Renew the Zentrix cert.", false},
	} {
		if got := namesNothing(tc.item); got != tc.want {
			t.Errorf("namesNothing(%q) = %v, want %v", tc.item, got, tc.want)
		}
	}
}

func TestSamePathCounts(t *testing.T) {
	x := newExtractor()
	x.addEntities("cmd/server/main.go", 1, 0, 1, "")
	x.addEntities("/work/app/cmd/server/main.go /work/app/cmd/server/main.go", 0.5, 0, 2, "")
	x.addEntities("other/main.go", 1, 0, 3, "")
	same := x.samePathCounts()
	if same["cmd/server/main.go"] != 2 || same["/work/app/cmd/server/main.go"] != 1 || same["other/main.go"] != 0 {
		t.Errorf("samePathCounts = %v", same)
	}
}

func TestLogLevels(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"2026-11-18T07:42:19Z WARN reconcile: mismatch on X", true},
		{"[ERROR] cannot open a.csv", true},
		{"level=warn msg=slow", true},
		{"INFO store: loaded", false},
		{"Warnings are fine", false},
	} {
		if got := isLogLevel(tc.line, "warn", "error"); got != tc.want {
			t.Errorf("isLogLevel(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

func TestUnwrapAndOffers(t *testing.T) {
	got := unwrap([]string{"FIXME: stopgap only. Somebody still needs to", "re-check the deck plan", "before the flow is on.", "- [ ] next item"})
	want := "FIXME: stopgap only. Somebody still needs to re-check the deck plan before the flow is on.\n- [ ] next item\n"
	if got != want {
		t.Errorf("unwrap = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		lower string
		want  bool
	}{
		{"should i rotate the ldm credentials now or can that wait until monday?", true},
		{"do you want me to backfill the volumes?", true},
		{"should i?", false},
		{"what should we do?", false},
	} {
		if got := offersWork(tc.lower); got != tc.want {
			t.Errorf("offersWork(%q) = %v, want %v", tc.lower, got, tc.want)
		}
	}
	units := splitUnits("OPEN   owner: ana   due: Fri\n  move the waitlist onto the new rules\nDONE   owner: Tunde\n  confirm the height")
	if len(units) < 2 || units[0].hint != SecTasks || !strings.Contains(units[0].text, "move the waitlist") || units[1].hint != hintDone {
		t.Errorf("status lines with titles under them: %+v", units)
	}
}
