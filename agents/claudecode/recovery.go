package claudecode

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

// RecoveryBudget is the most tokens (cl100k) the context added after a
// compaction may cost: what the session needs to go on, then as much of
// the L1 payload as fits.
const RecoveryBudget = 1500

// minPayload is the smallest L1 payload worth adding.
const minPayload = 100

// preCompact is the pre-compact checkpoint: the transcript not yet
// archived goes into the daily log, MEMORY_SUMMARY.md is refreshed, the
// continuation note is kept (for the recovery after compaction), and the
// compaction is told what it must keep.
func (h *Handler) preCompact(ctx context.Context, ev Event) (Output, error) {
	if ev.TranscriptPath == "" {
		return Output{}, errNoTranscript
	}
	// Delivered again (the hooks installed twice), the compaction has its
	// instructions from the first: nothing is archived, summarized or
	// noted twice.
	if h.delivered(ev, "") {
		return Output{}, nil
	}
	// The whole transcript is read once: for the summary and the note.
	whole, err := readChunk(ev.TranscriptPath, 0, 0)
	if err != nil {
		return Output{}, err
	}
	st := loadState(h.StateDir, ev.SessionID, ev.TranscriptPath)
	if _, err := h.checkpoint(ctx, ev, &st); err != nil {
		return Output{}, err
	}
	if err := h.summarize(ctx, ev, whole.Data); err != nil {
		return Output{}, err
	}
	s := h.situation(ctx, ev, whole)
	// The note is kept in the hooks' state and said again after the
	// compaction: what the transcript held of secrets is not.
	st.Note = s.note()
	if h.Redact != nil {
		st.Note = h.Redact(st.Note)
	}
	if err := h.log(ctx, ev, st.Note, "continuation", "claude-code"); err != nil {
		return Output{}, err
	}
	if err := saveState(h.StateDir, ev.SessionID, st); err != nil {
		return Output{}, err
	}
	return Output{Instructions: s.instructions()}, h.recordDelivery(ev, "")
}

// situation is where a session stands: what the next context needs.
type situation struct {
	task, next  string
	todos       []todo
	files       []string
	errors      []string
	status      string // git status --short
	branch, log string
	inGit       bool // cwd is a git work tree (branch, status and log are git's)
}

// openErrors returns up to n failed tool results among the last window
// messages that no later success of the same tool followed, newest first.
func openErrors(msgs []conv.Message, window, n int) []string {
	var out []string
	succeeded := map[string]bool{}
	for i := len(msgs) - 1; i >= 0 && i >= len(msgs)-window && len(out) < n; i-- {
		for _, p := range msgs[i].Parts {
			if p.Kind != conv.PartToolResult {
				continue
			}
			switch {
			case !p.IsError:
				succeeded[p.ToolName] = true
			case !succeeded[p.ToolName] && strings.TrimSpace(p.Text) != "" && len(out) < n:
				out = append(out, p.ToolName+": "+oneLine(p.Text, 200))
			}
		}
	}
	return out
}

// situation reads where ev's session stands from its transcript (c, nil
// when there is none) and git.
func (h *Handler) situation(ctx context.Context, ev Event, c *chunk) situation {
	var msgs []conv.Message
	if c != nil {
		msgs = c.Conv.Messages
	}
	s := situation{todos: latestTodos(msgs), files: filesInFlight(msgs, 10)}
	if ev.Cwd != "" {
		for i, f := range s.files {
			s.files[i] = strings.TrimPrefix(f, strings.TrimSuffix(ev.Cwd, "/")+"/")
		}
	}
	for i := len(msgs) - 1; i >= 0; i-- {
		m := &msgs[i]
		if s.task == "" {
			if t := m.PromptText(); t != "" {
				s.task = oneLine(t, 400) // the user's words: not "Tool loaded." beside results, nor a notification
			}
		}
		if s.next == "" && m.Role == conv.RoleAssistant && !m.Sidechain && strings.TrimSpace(m.Text()) != "" {
			s.next = oneLine(m.Text(), 400)
		}
	}
	s.errors = openErrors(msgs, 40, 3)
	s.branch = h.git(ctx, ev.Cwd, "rev-parse", "--abbrev-ref", "HEAD")
	s.inGit = s.branch != ""
	if !s.inGit && c != nil {
		s.branch = lastBranch(c.Data)
	}
	s.status = h.git(ctx, ev.Cwd, "status", "--short")
	s.log = h.git(ctx, ev.Cwd, "log", "--oneline", "-3")
	return s
}

// dropLines returns text without its lines that start with prefix.
func dropLines(text, prefix string) string {
	lines := strings.Split(text, "\n")
	return strings.Join(slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, prefix) }), "\n")
}

// note is the continuation note: current task, next step, files in
// flight, uncommitted changes.
func (s situation) note() string {
	var b strings.Builder
	b.WriteString("Continuation note (written before compaction).\n")
	if s.task != "" {
		fmt.Fprintf(&b, "- Current task: %s\n", s.task)
	}
	if s.next != "" {
		fmt.Fprintf(&b, "- Last step: %s\n", s.next)
	}
	if open := openTodos(s.todos); len(open) > 0 {
		fmt.Fprintf(&b, "- Todo: %s\n", strings.Join(open, "; "))
	}
	if len(s.files) > 0 {
		fmt.Fprintf(&b, "- Files in flight: %s\n", strings.Join(s.files, ", "))
	}
	if s.status != "" {
		fmt.Fprintf(&b, "- Uncommitted: %s\n", statusCounts(s.status))
	}
	for _, e := range s.errors {
		fmt.Fprintf(&b, "- Open error: %s\n", e)
	}
	return strings.TrimSpace(b.String())
}

// instructions tell the compaction what must survive it.
func (s situation) instructions() string {
	var b strings.Builder
	b.WriteString("When you summarize, keep verbatim: the user's current request and every decision with its reason; pending work; " +
		"file paths, identifiers, branch names, commit hashes and error messages with how they were fixed.")
	if s.task != "" {
		fmt.Fprintf(&b, "\nThe current task: %s", s.task)
	}
	if open := openTodos(s.todos); len(open) > 0 {
		fmt.Fprintf(&b, "\nPending todo items: %s", strings.Join(open, "; "))
	}
	if len(s.files) > 0 {
		fmt.Fprintf(&b, "\nFiles in flight: %s", strings.Join(s.files, ", "))
	}
	b.WriteString("\n(archon has archived the whole session in its daily log; `archon search` finds any of it again.)")
	return b.String()
}

// recovery is what SessionStart adds after a compaction: where the
// session stands, then the L1 payload, within RecoveryBudget tokens.
func (h *Handler) recovery(ctx context.Context, ev Event) (Output, error) {
	var whole *chunk
	if ev.TranscriptPath != "" {
		var err error
		if whole, err = readChunk(ev.TranscriptPath, 0, 0); err != nil {
			h.logger().Debug("recovery without the transcript", "err", err)
		}
	}
	st := loadState(h.StateDir, ev.SessionID, ev.TranscriptPath)
	s := h.situation(ctx, ev, whole)
	var b strings.Builder
	if s.branch != "" {
		fmt.Fprintf(&b, "- Branch: %s\n", s.branch)
	}
	if s.status != "" {
		fmt.Fprintf(&b, "- Uncommitted: %s\n", statusCounts(s.status))
	} else if s.inGit {
		b.WriteString("- Working tree clean\n")
	}
	if s.log != "" {
		fmt.Fprintf(&b, "- Last commits: %s\n", strings.ReplaceAll(s.log, "\n", "; "))
	}
	if tasks, err := h.Memory.Tasks(ctx, app.TaskFilter{Status: "doing"}); err == nil {
		for _, t := range tasks {
			fmt.Fprintf(&b, "- Task in progress: %s\n", t.Summary())
		}
	}
	if st.Note != "" {
		// The note of the pre-compact checkpoint says the rest; the
		// uncommitted changes as they are now are said above.
		note := st.Note
		if s.status != "" || s.inGit {
			note = dropLines(note, "- Uncommitted: ")
		}
		b.WriteString("\n" + note + "\n")
	} else {
		if open := openTodos(s.todos); len(open) > 0 {
			fmt.Fprintf(&b, "- Todo: %s\n", strings.Join(open, "; "))
		}
		for _, e := range s.errors {
			fmt.Fprintf(&b, "- Open error: %s\n", e)
		}
	}
	text := ""
	if b.Len() > 0 { // nothing known of the session: no heading with nothing under it
		text = "## Where this session stands (archon, after compaction)\n" + b.String()
	}
	text = fitTokens(text, RecoveryBudget)
	if left := RecoveryBudget - tokens.Count(text) - 2; left >= minPayload {
		if pl, err := h.Memory.L1(ctx, left); err == nil && strings.TrimSpace(pl.Text) != "" {
			text += "\n" + pl.Text
		}
	}
	return Output{Context: strings.TrimSpace(text)}, nil
}

// openTodos lists the todo items not completed, with their status.
func openTodos(ts []todo) []string {
	var out []string
	for _, t := range ts {
		if t.Status != "completed" && strings.TrimSpace(t.Content) != "" {
			out = append(out, oneLine(t.Content, 160)+" ("+t.Status+")")
		}
	}
	return out
}

// statusCounts summarises `git status --short`: counts by kind and the
// first paths, not the whole list.
func statusCounts(status string) string {
	lines := strings.Split(strings.TrimRight(status, "\n"), "\n")
	kinds := map[string]int{}
	var order []string
	for _, l := range lines {
		if len(l) < 3 {
			continue
		}
		k := "modified"
		switch code := strings.TrimSpace(l[:2]); {
		case code == "??":
			k = "untracked"
		case strings.Contains(code, "A"):
			k = "added"
		case strings.Contains(code, "D"):
			k = "deleted"
		case strings.Contains(code, "R"):
			k = "renamed"
		}
		if kinds[k] == 0 {
			order = append(order, k)
		}
		kinds[k]++
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%d %s", kinds[k], k))
	}
	var paths []string
	for i, l := range lines {
		if i == 5 {
			paths = append(paths, fmt.Sprintf("and %d more", len(lines)-5))
			break
		}
		if len(l) > 3 {
			paths = append(paths, strings.TrimSpace(l[3:]))
		}
	}
	return strings.Join(parts, ", ") + " (" + strings.Join(paths, ", ") + ")"
}

// oneLine squeezes s onto one line of at most n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return prefix(s, n) + "…"
}

// fitTokens keeps whole lines of s while they fit n tokens.
func fitTokens(s string, n int) string {
	var b strings.Builder
	used := 0
	for _, l := range strings.SplitAfter(s, "\n") {
		t := tokens.Count(l)
		if used+t > n {
			break
		}
		used += t
		b.WriteString(l)
	}
	return b.String()
}
