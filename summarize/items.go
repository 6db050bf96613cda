package summarize

import (
	"cmp"
	"maps"
	"math"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/archon-memory/archon/summarize/acts"
)

// Item lengths, in runes.
const (
	requestRunes      = 300
	otherRequestRunes = 160 // the requests before the latest
	stepRunes         = 260
	itemRunes         = 220
	errorRunes        = 240
)

const (
	// cueMin is the least fitted weight (log-odds) a cue needs to file a
	// sentence under its act (see proseSection).
	cueMin = 0.04
	// recencyWeight is how much an agent session's last sentence outranks
	// its first: what the agent said last is what the next session needs.
	recencyWeight = 0.5
	// blockingWithin is how many tool calls may succeed after an error
	// for it to still count as what blocks the current work.
	blockingWithin = 3
	// recentRequests is how many of the user's latest requests rank as
	// requests; older ones (but the first) rank as prose.
	recentRequests = 8
)

// sessionItems are the candidate lines of an agent session's summary.
func sessionItems(s *session, lx *acts.Lexicon) []item {
	var out []item
	rec := func(at int) float64 { return float64(at+1) / float64(max(1, s.n)) }
	// list adds a line of names to Critical context, when there are any.
	list := func(label string, names []string, score float64, share int) {
		if len(names) > 0 {
			out = append(out, item{sec: SecContext, label: label, names: names, score: score, share: share})
		}
	}
	reqs := distinct(s.requests)
	last := len(reqs) - 1 // the latest request that says something
	for last >= 0 && len(acts.Words(reqs[last].text)) < 3 {
		last--
	}
	// Current work: the latest request, the todo list's open items, the
	// assistant's last words, what is still failing.
	if last >= 0 {
		out = append(out, item{sec: SecCurrent, text: "Task: " + clipRunes(oneLine(reqs[last].text), requestRunes), score: 100, at: 0})
	}
	todos := map[string][]string{} // by state, "" for open
	for _, t := range s.todos {
		st := itemStates()[t.status]
		todos[st] = append(todos[st], t.text)
	}
	for _, d := range todos[stateDoing] {
		out = append(out, item{sec: SecCurrent, text: "In progress: " + clipRunes(oneLine(d), itemRunes), score: 95, at: 1})
	}
	if next := todos[""]; len(next) > 0 {
		out = append(out, item{sec: SecCurrent, text: "Next: " + clipRunes(oneLine(strings.Join(next, "; ")), stepRunes), score: 92, at: 2})
	}
	if steps := recentSteps(s, 3); steps != "" {
		out = append(out, item{sec: SecCurrent, text: "Latest steps: " + clipRunes(steps, stepRunes+80), score: 97, at: 3})
	}
	// The last error is still in the way when little has worked since.
	if n := len(s.errors); n > 0 && s.okSince <= blockingWithin {
		if e := s.errors[n-1]; !e.resolved {
			out = append(out, item{sec: SecCurrent, text: "Failing: " + clipRunes(e.call+": "+e.text, errorRunes), score: 94, at: 4})
		}
	}
	if n := len(s.branches); n > 0 {
		out = append(out, item{sec: SecCurrent, text: "Branch: " + s.branches[n-1], score: 91, at: 5})
		older := slices.Clone(s.branches[:n-1])
		slices.Reverse(older)
		list("Branches", mergeNames(nil, older), 55, 2)
	}
	var open, closed []string
	for _, id := range s.trackOrd {
		if st := s.tracked[id]; itemStates()[st] == stateDone {
			closed = append(closed, id)
		} else {
			open = append(open, id+" ("+st+")")
		}
	}
	if len(open) > 0 {
		out = append(out, item{sec: SecCurrent, text: "Tracker: " + strings.Join(open, ", "), score: 93, at: 2})
	}
	if ahead := s.trackerOpen(); len(ahead) > 0 {
		out = append(out, item{sec: SecTasks, text: "Open in the tracker: " + clipRunes(strings.Join(ahead[:min(len(ahead), 5)], "; "), stepRunes), score: 78, at: s.n})
	}
	if len(closed) > 0 {
		out = append(out, item{sec: SecDone, text: "Closed: " + strings.Join(closed, ", "), score: 47, at: s.n})
	}
	// The user's other requests: the first (the session's goal) and the
	// latest weigh most; in a long, chatty session the rest rank below
	// the structure, and their decisions and tasks are judged as prose.
	for i, r := range reqs {
		if i == last {
			continue
		}
		sc := 40 + 20*rec(r.at)
		switch {
		case i == 0:
			sc = 58
		case i < len(reqs)-recentRequests:
			sc = 15 + 5*rec(r.at)
		}
		out = append(out, item{sec: SecRequests, text: clipRunes(oneLine(r.text), otherRequestRunes), score: sc, at: r.at})
	}
	for _, a := range s.answers {
		out = append(out, item{sec: SecDecisions, text: "User answered: " + clipRunes(oneLine(a.text), itemRunes), score: 56, at: a.at})
	}
	if s.plan != "" {
		out = append(out, item{sec: SecDecisions, text: "Approved plan: " + clipRunes(planGist(s.plan), 300), score: 50, at: s.n})
		if cmds := s.plannedCommands(); len(cmds) > 0 {
			out = append(out, item{sec: SecTasks, text: "Planned, not run yet: " + clipRunes(strings.Join(cmds, "; "), stepRunes), score: 80, at: s.planAt})
		}
	}
	for _, c := range s.commits {
		out = append(out, item{sec: SecDone, text: "Committed: " + clipRunes(c.text, itemRunes), score: 45 + 10*rec(c.at), at: c.at})
	}
	if done := todos[stateDone]; len(done) > 0 {
		out = append(out, item{sec: SecDone, text: clipRunes(oneLine(strings.Join(done, "; ")), 300), score: 44, at: s.n})
	}
	for _, e := range s.errors {
		// A failure fixed by a change says what the agent made of it
		// and the change; another, its telling lines and those words.
		t := e.call + ": " + e.text
		switch {
		case e.fix != "": // the fix kept whole, what the agent made of it cut to fit
			room := max(60, errorRunes-utf8.RuneCountInString(e.call+e.fix)-5)
			t = e.call + ": " + clipRunes(oneLine(cmp.Or(e.explain, e.text)), room) + " → " + e.fix
		case e.explain != "":
			t += " → " + e.explain
		}
		out = append(out, item{sec: SecErrors, text: clipRunes(oneLine(t), errorRunes), score: 30 + 15*rec(e.at), at: e.at})
	}
	// Files changed, the latest first, then the paths the user and the
	// assistant named.
	names := slices.Clone(s.files)
	slices.Reverse(names)
	list("Files", mergeNames(names, namedPaths(s)), 70, 9)
	list("Links", sessionLinks(s), 65, 5)
	list("IDs", sessionIDs(s), 60, 8)
	// What the assistant reported at the end of its turns, recent first,
	// as key points.
	// What it was about to do ("Let me also check...", "I'll add...") is no finding.
	us := slices.DeleteFunc(proseUnits(s.reports, lx), func(u *unit) bool { return u.cue == acts.Commitment })
	for _, u := range us {
		u.score += recencyWeight * rec(u.at)
	}
	for i, u := range pick(us, 40) {
		out = append(out, item{sec: SecPoints, text: clipRunes(u.text, itemRunes), score: 20 - float64(i)*0.1, at: u.at})
	}
	// The rest of the assistant's prose, below its reports; not the words
	// that lead to a tool call, which say what it does next ("Let me check...").
	prose := slices.DeleteFunc(slices.Clone(s.prose), func(p said) bool { return p.narrates })
	for i, u := range pick(proseUnits(prose, lx), 30) {
		out = append(out, item{sec: SecPoints, text: clipRunes(u.text, itemRunes), score: 10 - float64(i)*0.1, at: u.at})
	}
	// Decisions and tasks stated anywhere in the user's and the
	// assistant's words, by the strength of their cues. A sentence is
	// filed by what its cue does, whatever the cue's weight in meetings:
	// in a session directed at work, "we still need to" and "next step"
	// state open work.
	var acted []item
	for _, u := range proseUnits(slices.Concat(s.requests, prose), lx) {
		// Not: the assistant doing it as it says; a user's request a later one followed (seen to).
		sec := actSection(u.cue, u.text)
		if sec == "" || !u.user && u.cue == acts.Commitment && u.followed || u.user && u.cue == acts.Request && last >= 0 && u.at < reqs[last].at {
			continue
		}
		sc := 25 + 10*math.Tanh(u.actW) + 5*u.cent + 5*rec(u.at)
		acted = append(acted, item{sec: sec, text: clipRunes(u.text, itemRunes), score: sc, at: u.at})
	}
	sort.SliceStable(acted, func(a, b int) bool { return acted[a].score > acted[b].score })
	return append(out, acted[:min(len(acted), 40)]...)
}

// recentSteps returns the first sentences of the assistant's last k texts
// that say something (three words or more), oldest first.
func recentSteps(s *session, k int) string {
	var steps []string
	for i := len(s.prose) - 1; i >= 0 && len(steps) < k; i-- {
		p := s.prose[i]
		if p.user || len(acts.Words(p.text)) < 3 {
			continue
		}
		n := 1
		if len(steps) == 0 {
			n = 2 // the last text says what comes next
		}
		if ss := sentences(p.text); len(ss) > 0 {
			steps = append(steps, strings.Join(ss[:min(n, len(ss))], " "))
		}
	}
	slices.Reverse(steps)
	return oneLine(strings.Join(steps, " "))
}

// planGist is a plan's title (its first heading) and its first two
// sentences: what it is and why, not "Context; Approach; Verification".
func planGist(plan string) string {
	title, ss := "", sentences(plan) // sentences skips headings
	for _, l := range strings.Split(plan, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") {
			title = strings.TrimSpace(strings.TrimLeft(t, "#"))
			break
		}
	}
	return oneLine(strings.Join(slices.DeleteFunc(append([]string{title}, ss[:min(len(ss), 2)]...), func(x string) bool { return x == "" }), " — "))
}

// sessionIDs ranks the identifiers the user and the assistant wrote (not
// tool output): by how late and how often they were named, the user's
// words counting double. Names of changed files are left to Files.
func sessionIDs(s *session) []string {
	score := map[string]float64{}
	files := map[string]bool{}
	for _, f := range s.files {
		files[path.Base(f)] = true
		files[strings.TrimSuffix(path.Base(f), path.Ext(f))] = true
	}
	for _, t := range slices.Concat(s.requests, s.prose) {
		w := 0.5 + float64(t.at+1)/float64(max(1, s.n))
		if t.user {
			w *= 2
		}
		for _, id := range identifiers(t.text) {
			if files[id] || files[path.Base(id)] || len(pathsIn(id)) > 0 {
				continue
			}
			score[id] += w
		}
	}
	ids := slices.Collect(maps.Keys(score))
	slices.SortFunc(ids, func(a, b string) int {
		return cmp.Or(cmp.Compare(score[b], score[a]), strings.Compare(a, b))
	})
	return ids
}

// namedPaths are the paths the user and the assistant wrote, the user's
// first, then the latest first; paths of edited files (already listed by
// their short names) are left out.
func namedPaths(s *session) []string {
	texts := slices.Concat(s.requests, s.prose)
	sort.SliceStable(texts, func(a, b int) bool {
		if texts[a].user != texts[b].user {
			return texts[a].user
		}
		return texts[a].at > texts[b].at
	})
	short := map[string]bool{}
	for _, f := range s.files {
		short[f] = true
		short[path.Base(f)] = true
	}
	var out []string
	for _, t := range texts {
		for _, p := range pathsIn(t.text) {
			if !short[p] && !short[path.Base(p)] {
				out = append(out, p)
			}
		}
	}
	return out
}

// sessionLinks are the URLs the user and the assistant wrote: first
// those a command also printed (a resource the session made, such as a
// pull request), then the most often named, then the latest.
func sessionLinks(s *session) []string {
	count := map[string]int{}
	last := map[string]int{}
	for _, t := range slices.Concat(s.requests, s.prose) {
		for _, u := range urlsIn(t.text) {
			count[u]++
			last[u] = max(last[u], t.at)
		}
	}
	out := slices.Collect(maps.Keys(count))
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if s.printed[x] != s.printed[y] {
			return s.printed[x]
		}
		return cmp.Or(cmp.Compare(count[y], count[x]), cmp.Compare(last[y], last[x]), strings.Compare(x, y)) < 0
	})
	return out
}

// distinct drops repeated texts (a queued prompt is also written as a
// user line once the agent reads it), keeping the later one.
func distinct(ss []said) []said {
	last := map[string]int{}
	for i, s := range ss {
		last[ItemKey(s.text)] = i
	}
	var out []said
	for i, s := range ss {
		if last[ItemKey(s.text)] == i {
			out = append(out, s)
		}
	}
	return out
}

// proseItems are the candidate lines of a conversation without tool use
// (a meeting, a chat): its sentences in the order concept coverage takes
// them, each filed by its dialogue-act cue.
func proseItems(s *session, lx *acts.Lexicon, opt Options) []item {
	texts := slices.Concat(s.requests, s.prose)
	sort.SliceStable(texts, func(a, b int) bool { return texts[a].at < texts[b].at })
	us := splitUnits(texts, lx)
	n := opt.TargetTokens / 8
	cost := func(u *unit) int { return lineCost(opt.Counter, clipRunes(u.text, 400)) }
	chosen := cover(us, n, cost)
	if len(chosen) < n {
		// Too short a conversation for its concepts to recur, or all
		// covered: the rest follow by score, novel ones first.
		rank(us)
		rest := slices.DeleteFunc(slices.Clone(us), func(u *unit) bool { return slices.Contains(chosen, u) })
		chosen = append(chosen, pick(rest, n-len(chosen))...)
	}
	var out []item
	for i, u := range chosen {
		out = append(out, item{sec: proseSection(u), text: clipRunes(u.text, 400), score: 50 - float64(i)*0.01, at: u.at})
	}
	return out
}

// proseSection files a sentence by its strongest cue (actSection) when the
// cue's fitted weight raises the odds of the sentence being kept by at least
// cueMin (acceptance, "good", is no decision); anything else is a key point.
func proseSection(u *unit) string {
	if sec := actSection(u.cue, u.text); sec != "" && u.cueW >= cueMin {
		return sec
	}
	return SecPoints
}

// actSection files a decision cue as a decision, a commitment or request
// cue as a pending task, and no other (""). A question ("...?") decides
// and commits to nothing: only a request ("could you...?") files it.
func actSection(act, text string) string {
	asks := strings.HasSuffix(text, "?")
	switch {
	case act == acts.Request, act == acts.Commitment && !asks:
		return SecTasks
	case act == acts.Decision && !asks:
		return SecDecisions
	}
	return ""
}

// sourcePlace matches a file name with a line number.
var sourcePlace = regexp.MustCompile(`[\w.-]\.[A-Za-z]{1,6}(?::\d+|\(\d+)`)

// errorLines returns the telling lines of a failing tool's output: those
// naming a problem (the lexicon's problem cues) or code, at most two, or
// the first line.
func errorLines(text string) string {
	type line struct {
		t     string
		score int
	}
	var ls []line
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		words := acts.Words(t)
		if len(words) == 0 || strings.HasPrefix(strings.ToLower(t), "exit code") {
			continue
		}
		// A line is telling when it names a problem and, more, when it
		// names the code the problem is in: "--- FAIL: TestLoginRetry"
		// says more than "task failed".
		sc := 0
		if slices.ContainsFunc(acts.Default().Match(words), func(h acts.Hit) bool { return h.Class == acts.Problem }) {
			sc = 2
		}
		if len(identifiers(t)) > 0 {
			sc += 2
		}
		// A place in the source (file.go:760, app.ts(12,5)) is where
		// compilers, linters and test runners say what went wrong.
		if sourcePlace.MatchString(t) {
			sc += 3
		}
		ls = append(ls, line{t, sc})
		if len(ls) > 400 {
			break
		}
	}
	// The two most telling lines, in the order they were printed: the
	// first of the best (the first line when none tells anything), and the
	// first of the next best that tells something and reads differently.
	best, next := bestIndex(ls, func(a, b line) bool { return a.score > b.score }), -1
	if best < 0 {
		return ""
	}
	for i, l := range ls {
		if l.score > 0 && l.t != ls[best].t && (next < 0 || l.score > ls[next].score) {
			next = i
		}
	}
	if next < 0 {
		return oneLine(ls[best].t)
	}
	return oneLine(ls[min(best, next)].t + " / " + ls[max(best, next)].t)
}
