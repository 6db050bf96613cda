package summarize

import "strings"

// shapes classifies what the cue phrases miss by the sentence's form: an
// answer to the user's question (a task if the question is about work
// left, else a decision), deferral, a deadline or a debt, a first-person
// commitment to act, a "purpose: Choice" label, a named thing with the
// modality of a settled plan, chosen on purpose, guarded by the next line
// or followed by its reason.
func shapes(s *sentence, hypo, question bool) (string, float64, string, bool) {
	t, lower := s.text, s.lower
	if question {
		return "", 0, "", false
	}
	if s.asked != "" && !hypo && !hasAny(strings.ToLower(s.asked), hypotheticals) && !rejects(strings.ToLower(s.asked)) {
		// The answer is what its question asks about: work left, or a choice.
		if asksWhyChosen(strings.ToLower(s.asked)) {
			return SecDecisions, 8, s.asked + " " + t, true
		}
		if asksIfDone(strings.ToLower(s.asked)) {
			// "Did you get a chance to X?" - "Not yet": still owed; "Yes,
			// done" is finished.
			if denies(lower) || hasAny(lower, []string{"not yet", "haven't", "have not", "not done", "next on", "still"}) {
				return SecTasks, 8, s.asked + " " + t, true
			}
			return "", 0, "", false
		}
		if sec, _, ok := classify(strings.ToLower(s.asked), ""); ok && sec == SecTasks {
			return SecTasks, 8, s.asked + " " + t, true
		}
		return SecDecisions, 8, s.asked + " " + t, true
	}
	if (hasAny(lower, deferrals) || hasDeadline(lower) || assigns(t) || onList(lower)) && !hypo && !onlyNegatedNeed(lower) {
		return SecTasks, 7, t, true
	}
	if commits(lower) {
		return SecTasks, 6, t, true
	}
	if label, _, ok := strings.Cut(lower, ": "); ok && (isOneOf(withoutOwner(label), taskLabels) ||
		isOneOf(label, []string{"open", "pending", "blocked", "waiting", "in progress", "not started", "still open"})) && !hypo && !rejects(lower) {
		return SecTasks, 9, t, true // "Action: Priya to migrate the webhooks.", "ACTION (Priya): book the rooms."
	}
	if hypo || rejects(lower) || othersChoice(lower) || !hasNamedThing(t) {
		return "", 0, "", false
	}
	if label, value, ok := strings.Cut(t, ": "); ok && personName(label) && value != "" && value[0] >= 'a' && value[0] <= 'z' &&
		!hypo && len(strings.Fields(value)) >= 3 {
		return SecTasks, 8, t, true // "Lena: migrate the billing crons": work handed to a person
	}
	if f := strings.Fields(t); len(f) >= 4 && f[1] == "to" && (personName(f[0]) || isAcronym(f[0]) && len(f[0]) <= 3) &&
		f[2] != "" && f[2][0] >= 'a' && f[2][0] <= 'z' && !hypo {
		return SecTasks, 8, t, true // "AR to publish the timetable", "Ines to circulate the rota"
	}
	if s.src == srcTool && pleaseDo(lower) && !hypo {
		// a note asking its reader: "Please update the DNS TTLs before
		// then.", "Before this can merge, please order the felts."
		return SecTasks, 7, t, true
	}
	if s.src == srcCode && instructs(lower) && !hypo {
		return SecTasks, 7, t, true // "When the creds arrive, resend the letters and delete this branch."
	}
	if label, value, ok := strings.Cut(t, ": "); ok && s.hint != hintField && (len(strings.Fields(label)) <= 5 || settles(label)) && startsWithChoice(value) &&
		!isOneOf(strings.ToLower(strings.TrimSpace(label)), headerLabels) {
		return SecDecisions, 7, t, true
	}
	if hasAny(lower, settled) && !firstPersonSingular(lower) || hasAny(lower, intentional) || s.guarded {
		return SecDecisions, 6, t, true
	}
	if s.because {
		return SecDecisions, 7, t, true // a named thing, then why: "Wired X through Foo. Reasoning: ..."
	}
	return "", 0, "", false
}

// startsWithName reports whether s opens with a name: a capitalized word
// (not a pronoun or article) or a path or identifier.
func startsWithName(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	w := strings.Trim(f[0], "([{\"'`,;:.")
	if _, _, ok := classifyWord(w); ok {
		return true
	}
	switch strings.ToLower(w) {
	case "i", "we", "the", "a", "an", "it", "this", "that", "they", "you", "our", "no", "yes", "not":
		return false
	}
	return len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z'
}

// startsWithChoice reports a value that opens with a name that can be
// chosen (a product, a team, a method: "Valkey", "Foo Cloud"), not with a
// path, an identifier, a URL or a quote, which are facts, not choices.
func startsWithChoice(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 || strings.ContainsAny(f[0][:1], "\"'`([") {
		return false
	}
	if _, _, ok := classifyWord(f[0]); ok {
		return false
	}
	return startsWithName(s)
}

// taskLabels label work to do: "Action: ...", "Follow-up: ...".
var taskLabels = []string{"action", "actions", "action item", "action items", "ai", "follow-up", "follow up", "followup",
	"next step", "next steps", "todo", "to do", "to-do", "task", "owed", "open item", "outstanding", "blocking", "blocker",
	"must fix", "required", "needs", "today", "tomorrow", "this week", "next week", "up next", "plan", "planned"}

// headerLabels head lines of mail, tickets and minutes: what follows them
// is no choice ("Fwd: FYI", "Subject: Quick favour").
var headerLabels = []string{"from", "to", "cc", "bcc", "subject", "re", "fwd", "fw", "date", "sent", "attendees",
	"present", "absent", "agenda", "requester", "reporter", "priority", "severity", "labels", "tags", "owner",
	"assignee", "component", "environment", "reported by", "filed by", "author", "reviewers", "title", "issue"}

// hasNamedThing reports whether s names something: a capitalized word
// after the first, or a path or identifier.
func hasNamedThing(s string) bool {
	words := strings.Fields(s)
	for i, w := range words {
		w = strings.Trim(w, "([{\"'`,;:.")
		if i > 0 && len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z' && !(w[0] == 'I' && w[1] == '\'') {
			return true // a name, not "I'd", "I've"
		}
		if _, _, ok := classifyWord(w); ok {
			return true
		}
	}
	return false
}

// settles reports a label that says a question came to an end: "Quick
// recap of where porter paging landed", "what we settled on".
func settles(label string) bool {
	return hasAny(strings.ToLower(label), []string{"landed", "settled", "decided", "ended up", "went with", "chose",
		"picked", "agreed", "outcome", "verdict", "conclusion", "final answer", "owner of", "provider for", "vendor for",
		"platform for", "tool for", "system of record", "source of truth"})
}

// instructs reports a comment in code that tells the reader what to do,
// after any condition ("When they arrive, resend ...", "Remove after ...",
// "Rename this once ..."): its first word is a verb of work on code or
// data.
func instructs(lower string) bool {
	for _, c := range []string{"when ", "once ", "after ", "before ", "if ", "until "} {
		if strings.HasPrefix(lower, c) {
			if _, rest, ok := strings.Cut(lower, ", "); ok {
				lower = rest
			}
			break
		}
	}
	first, _, _ := strings.Cut(lower, " ")
	return isOneOf(strings.Trim(first, ",.;:"), workVerbs) && len(strings.Fields(lower)) >= 3
}

// workVerbs open an instruction to change code or data.
var workVerbs = []string{"add", "remove", "delete", "drop", "update", "rename", "move", "migrate", "replace", "fix",
	"resend", "send", "rerun", "re-run", "backfill", "rotate", "revert", "restore", "verify", "clean", "switch",
	"enable", "disable", "bump", "upgrade", "document", "wire", "hook", "port", "rewrite", "refactor", "split",
	"merge", "retire", "deprecate", "reconcile", "regenerate", "re-enable", "unpin", "pin", "purge", "archive",
	"notify", "email", "tell", "ask", "recheck", "re-check", "revisit", "reset", "renew", "re-import", "import",
	"export", "sync", "schedule", "reschedule", "reprocess", "replay", "rebuild", "reindex"}

// withoutOwner is a label without the owner it names in brackets:
// "action (priya)" is "action", "todo(bob)" is "todo".
func withoutOwner(label string) string {
	if i := strings.IndexByte(label, '('); i > 0 && strings.HasSuffix(label, ")") {
		label = label[:i]
	}
	return strings.TrimSpace(label)
}

// pleaseDo reports a sentence that asks its reader to do something:
// "please" and at least three words of work, at its start or after a
// lead-in clause, but not "please note", "please don't", "please see".
func pleaseDo(lower string) bool {
	rest, ok := strings.CutPrefix(lower, "please ")
	for _, lead := range []string{", please ", ": please ", "; please "} {
		if i := strings.Index(lower, lead); !ok && i >= 0 {
			rest, ok = lower[i+len(lead):], true
		}
	}
	if !ok {
		return false
	}
	f := strings.Fields(rest)
	return len(f) >= 3 && !isOneOf(strings.Trim(f[0], ",.;:"), []string{"note", "don't", "do", "see", "ignore", "find", "be",
		"disregard", "accept", "excuse", "forgive", "enjoy", "feel"})
}
