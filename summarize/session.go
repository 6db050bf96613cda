package summarize

import (
	"cmp"
	"encoding/json"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/summarize/acts"
)

// session is what an agent session says in its structure: the user's
// words, the latest plan and todo list, files changed, commits and errors.
type session struct {
	requests []said      // the user's prompts, queued prompts, rejection notes
	answers  []said      // the user's answers to the agent's questions
	todos    []todo      // the latest todo or plan list
	plan     string      // the latest approved plan
	planAt   int         // the message that approved it
	ran      []said      // the shell commands run, split at && ; | and ||
	files    []string    // files created or edited, last change last
	edits    []edit      // the changes to files, in order
	commits  []said      // commit subjects (with the hash when the result gave one)
	errors   []toolError // failing tool results, in order
	prose    []said      // the assistant's text, the user's prose, subagent answers
	// reports are the assistant's last texts before each of the user's
	// turns (and at the end): where an agent says what it did.
	reports  []said
	host     string          // the host model's own compaction summary, the latest
	tools    int             // tool calls seen
	okSince  int             // tool results that succeeded since the last error
	printed  map[string]bool // URLs shell commands printed (a PR or a deploy they made)
	branches []string        // git branches checked out, in order
	// tracked maps an issue tracker's item to its latest status, as shell
	// commands set it (`<tracker> update ID --status in_progress`,
	// `<tracker> close ID`); trackOrd lists items by first update.
	tracked  map[string]string
	trackOrd []string
	// outputs are the latest outputs of each program's shell commands,
	// newest last, kept to read a tracker's listings once it is known.
	outputs      map[string][]string
	trackerProgs []string // the programs whose commands changed item statuses
	n            int      // messages
	cwd          string   // the working directory, when a message or call gives it
}

// said is a text with where it was said.
type said struct {
	text string
	at   int // message index
	user bool
	call string // the tool call it came from (a commit's), if any
	// narrates marks the assistant's words right before a tool call:
	// what it is doing this moment ("Let me read the config"), not what
	// it decided or left to do.
	narrates bool
}

type todo struct{ text, status string }

// edit is a change to a file and the line that tells what it changed.
type edit struct {
	at         int
	file, line string
}

type toolError struct {
	call     string // what failed: a shell command's first line, or the tool name
	text     string // the error's telling lines
	explain  string // the assistant's next words after it
	resolved bool   // a later call of the same command or tool succeeded
	fix      string // the changes made between the error and that call
	at       int
}

// readSession reads msgs' structure.
func readSession(msgs []conv.Message) *session {
	s := &session{n: len(msgs), printed: map[string]bool{}, tracked: map[string]string{}, outputs: map[string][]string{}}
	calls := map[string]conv.Part{} // by tool id
	var report *said
	lastCall := -1 // the message of the latest tool call
	for i := range msgs {
		m := &msgs[i]
		if s.cwd == "" && m.Raw != nil {
			var l struct{ Cwd string }
			if json.Unmarshal(m.Raw, &l) == nil {
				s.cwd = l.Cwd
			}
		}
		if m.CompactSummary {
			s.host = m.Text()
			continue
		}
		for _, p := range m.Parts {
			switch p.Kind {
			case conv.PartText:
				switch {
				case m.Role == conv.RoleUser && !m.Meta && !conv.MachineText(p.Text) && !m.HasToolResults():
					s.requests = append(s.requests, said{text: p.Text, at: i, user: true})
					// A turn's report is its last words, unless they
					// introduced a tool call: the turn was cut short.
					if report != nil && !report.narrates {
						s.reports = append(s.reports, *report)
					}
					report = nil
				case m.Role == conv.RoleAssistant && strings.TrimSpace(p.Text) != "":
					s.prose = append(s.prose, said{text: p.Text, at: i})
					report = &s.prose[len(s.prose)-1]
					if n := len(s.errors); n > 0 && s.errors[n-1].explain == "" && !s.errors[n-1].resolved {
						// What it makes of the error while unresolved: its first sentence that says something.
						if ss := slices.DeleteFunc(sentences(p.Text), func(x string) bool { return len(acts.Words(x)) < 3 }); len(ss) > 0 {
							s.errors[n-1].explain = ss[0]
						}
					}
				}
			case conv.PartToolCall:
				if n := len(s.prose); n > 0 && s.prose[n-1].at >= lastCall {
					s.prose[n-1].narrates = true
				}
				lastCall = i
				s.tools++
				calls[p.ToolID] = p
				s.readCall(p, i)
			case conv.PartToolResult:
				if k := s.commitOf(p.ToolID); k >= 0 && p.IsError {
					// A commit whose command failed or was rejected did not happen.
					s.commits = append(s.commits[:k], s.commits[k+1:]...)
				}
				if note, ok := conv.RejectionNote(p); ok {
					s.requests = append(s.requests, said{text: note, at: i, user: true})
					continue
				}
				if conv.Rejected(p) {
					continue
				}
				s.readResult(calls[p.ToolID], p, i)
			}
		}
	}
	if report != nil {
		s.reports = append(s.reports, *report)
	}
	for i, f := range s.files { // relative to the working directory, when under it
		if rest, ok := strings.CutPrefix(f, strings.TrimRight(s.cwd, "/")+"/"); ok && s.cwd != "" {
			s.files[i] = rest
		}
	}
	s.files = shortNames(s.files)
	return s
}

// editTools are the tools that create or change files, by name, with the
// input field naming the file.
var editTools = map[string][]string{
	"Edit": {"file_path"}, "Write": {"file_path"}, "MultiEdit": {"file_path"},
	"NotebookEdit":                {"notebook_path"},
	"str_replace_based_edit_tool": {"path"}, "str_replace_editor": {"path"},
	"edit_file": {"path", "target_file"}, "write_file": {"path"}, "create_file": {"path"},
}

// shellTools are tools that run a command, with the input field holding it.
var shellTools = map[string]string{"Bash": "command", "bash": "command", "shell": "command",
	"exec_command": "cmd", "local_shell": "command", "run_terminal_cmd": "command"}

// harnessTools are the coding agent's own tools (reading, searching,
// editing, planning): their errors are the agent misusing them ("file not
// read yet", "string not found"), not the project failing.
var harnessTools = map[string]bool{"Read": true, "Glob": true, "Grep": true, "LS": true, "Edit": true,
	"Write": true, "MultiEdit": true, "NotebookEdit": true, "TodoWrite": true, "Skill": true, "ToolSearch": true,
	"WebFetch": true, "WebSearch": true, "AskUserQuestion": true, "ExitPlanMode": true, "EnterPlanMode": true,
	"TaskOutput": true, "KillShell": true, "str_replace_based_edit_tool": true, "str_replace_editor": true}

// gitSwitch finds the branch a command moves to: git checkout [-b] X,
// git switch [-c] X.
var gitSwitch = regexp.MustCompile(`git\s+(?:checkout|switch)\s+(?:-[bcBC]\s+)?([A-Za-z0-9][\w./-]*)`)

var patchFile = regexp.MustCompile(`(?m)^\*\*\* (?:Update|Add) File: (.+)$`)

func (s *session) readCall(p conv.Part, at int) {
	var in map[string]json.RawMessage
	if json.Unmarshal(p.Input, &in) != nil {
		return
	}
	str := func(k string) string {
		var v string
		_ = json.Unmarshal(in[k], &v)
		return v
	}
	if fields, ok := editTools[p.ToolName]; ok && str("command") != "view" {
		old, nu := str("old_string")+str("old_str"), str("new_string")+str("new_str")
		var edits []struct { // MultiEdit's
			Old string `json:"old_string"`
			New string `json:"new_string"`
		}
		_ = json.Unmarshal(in["edits"], &edits)
		for _, e := range edits {
			old, nu = old+"\n"+e.Old, nu+"\n"+e.New
		}
		for _, f := range fields {
			if v := str(f); v != "" {
				s.touch(v)
				s.edits = append(s.edits, edit{at, v, addedLine(old, nu)})
			}
		}
	}
	if p.ToolName == "apply_patch" || strings.Contains(string(p.Input), "*** Begin Patch") {
		text := cmp.Or(str("input")+str("patch"), string(p.Input))
		for _, m := range patchFile.FindAllStringSubmatch(strings.ReplaceAll(text, `\n`, "\n"), -1) {
			s.touch(strings.TrimSpace(m[1]))
		}
	}
	if plan := str("plan"); len(plan) > 40 {
		s.plan, s.planAt = plan, at
	}
	if list := todoList(in); list != nil {
		s.todos = list
	}
	s.cwd = cmp.Or(s.cwd, str("cwd"))
	if f, ok := shellTools[p.ToolName]; ok {
		cmd := str(f)
		if cmd == "" {
			var argv []string
			_ = json.Unmarshal(in[f], &argv)
			cmd = strings.Join(argv, " ")
		}
		s.trackerUpdates(cmd, at)
		for _, part := range commandSep.Split(cmd, -1) {
			if part = strings.TrimSpace(part); part != "" {
				s.ran = append(s.ran, said{text: part, at: at})
			}
		}
		for _, m := range gitSwitch.FindAllStringSubmatch(cmd, -1) {
			s.branches = append(s.branches, m[1])
		}
		if msg := commitMessage(cmd); msg != "" {
			s.commits = append(s.commits, said{text: msg, at: at, call: p.ToolID})
		}
	}
}

// todoList returns a todo or plan list in a tool call's input: an array of
// objects with a status and a text (TodoWrite's todos, update_plan's
// plan), or nil.
func todoList(in map[string]json.RawMessage) []todo {
fields:
	for _, raw := range in {
		var items []map[string]any
		if len(raw) == 0 || raw[0] != '[' || json.Unmarshal(raw, &items) != nil || len(items) == 0 {
			continue
		}
		var out []todo
		for _, it := range items {
			str := func(k string) string {
				v, _ := it[k].(string)
				return v
			}
			st := str("status")
			text := cmp.Or(str("content"), str("step"), str("title"), str("subject"), str("description"), str("text"))
			if st == "" || text == "" {
				continue fields // not a todo list
			}
			out = append(out, todo{text: text, status: st})
		}
		return out
	}
	return nil
}

var (
	commitFlag    = regexp.MustCompile(`(?s)git\s+(?:-C\s+\S+\s+)?commit\b.*?(?:\s-[a-zA-Z]*m|--message)[ =]?\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')`)
	commitHeredoc = regexp.MustCompile(`(?s)git\s+(?:-C\s+\S+\s+)?commit\b.*?<<-?\s*'?"?(\w+)'?"?\s*\n(.*?)\n\s*(\w+)`)
	commitResult  = regexp.MustCompile(`^\[([^\]\s]+)(?: \([^)]*\))? ([0-9a-f]{7,40})\] (.+)`)
)

// commitMessage returns the subject of a `git commit` in a shell command.
func commitMessage(cmd string) string {
	if !strings.Contains(cmd, "commit") {
		return ""
	}
	if m := commitHeredoc.FindStringSubmatch(cmd); m != nil {
		if line := firstLine(m[2]); line != "" {
			return line
		}
	}
	if m := commitFlag.FindStringSubmatch(cmd); m != nil {
		return firstLine(strings.ReplaceAll(m[1]+m[2], `\"`, `"`))
	}
	return ""
}

// firstLine returns the first line of s that is not blank, trimmed.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(line)
}

func (s *session) readResult(call, p conv.Part, at int) {
	name := cmp.Or(call.ToolName, p.ToolName)
	what := callLabel(call)
	if !p.IsError {
		s.okSince++
		if k := s.commitOf(p.ToolID); k >= 0 {
			if m := commitResult.FindStringSubmatch(strings.TrimSpace(p.Text)); m != nil {
				s.commits[k].text = m[3] + " (" + m[2] + ")"
			}
		}
		if name == "AskUserQuestion" && p.Text != "" {
			s.answers = append(s.answers, said{text: p.Text, at: at, user: true})
		}
		if _, shell := shellTools[name]; shell {
			s.keepOutput(call, p.Text)
			for _, u := range urlsIn(p.Text) {
				s.printed[u] = true
			}
		}
		if name == "Task" || name == "Agent" {
			s.prose = append(s.prose, said{text: subagentAnswer(p.Text), at: at})
		}
		for i := range s.errors {
			if e := &s.errors[i]; sameKind(e.call, what) && !e.resolved {
				// Fixed by the changes since, or by this run of it, another ("git push --set-upstream").
				if e.resolved = true; e.fix == "" {
					if e.fix = s.fixSince(e.at); e.fix == "" && what != e.call {
						e.fix = "ran `" + what + "`"
					}
				}
			}
		}
		return
	}
	// The agent's own tools refusing a call, or the harness a malformed
	// one, is not the project failing.
	if harnessTools[name] || strings.HasPrefix(strings.TrimSpace(p.Text), "<tool_use_error>") {
		return
	}
	text := errorLines(p.Text)
	if text == "" {
		return
	}
	// The changes since a failure of the same kind, which now fails
	// otherwise, dealt with that failure.
	for i := range s.errors {
		if e := &s.errors[i]; !e.resolved && sameKind(e.call, what) && e.text != text && e.fix == "" {
			e.fix = s.fixSince(e.at)
		}
	}
	s.errors = append(s.errors, toolError{call: what, text: text, at: at})
	s.okSince = 0
}

// subagentAnswer is a subagent's answer without the trailer Claude Code
// adds for the model: the agent's id to resume it and a <usage> block
// (which filled IDs with agentId, tool_uses and duration_ms).
func subagentAnswer(text string) string {
	if i := strings.LastIndex(text, "\nagentId: "); i >= 0 && !strings.Contains(text[i+1:], "\n\n") {
		return text[:i]
	}
	return text
}

// callLabel names a tool call for pairing an error with its fix: a shell
// command's first line, else the tool name and the file it works on.
func callLabel(call conv.Part) string {
	var in map[string]any
	_ = json.Unmarshal(call.Input, &in)
	if f, ok := shellTools[call.ToolName]; ok {
		if c, ok := in[f].(string); ok {
			return clipRunes(firstLine(c), 80)
		}
	}
	for _, k := range []string{"file_path", "path", "notebook_path"} {
		if v, ok := in[k].(string); ok {
			return call.ToolName + " " + path.Base(v)
		}
	}
	return call.ToolName
}

var (
	commandSep = regexp.MustCompile(`&&|\|\||;|\|`)
	quoted     = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'[^']*'`)
)

// sameKind reports whether two call labels run the same command or tool:
// their first two words agree.
func sameKind(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	return slices.Equal(fa[:min(len(fa), 2)], fb[:min(len(fb), 2)])
}

// commitOf returns the index of the commit made by tool call id, or -1.
func (s *session) commitOf(id string) int {
	if id == "" {
		return -1
	}
	return slices.IndexFunc(s.commits, func(c said) bool { return c.call == id })
}

// touch moves file to the end of the files changed.
func (s *session) touch(file string) {
	s.files = append(slices.DeleteFunc(s.files, func(f string) bool { return f == file }), file)
}

// shortNames writes each path by its shortest tail of whole segments
// that no other path in the list shares: "ErrorMapper.swift" for
// "App/Presentation/ErrorMapper.swift", "functions/package.json" when
// there is another package.json.
func shortNames(files []string) []string {
	out := make([]string, len(files))
	for i, f := range files {
		seg := strings.Split(f, "/")
		out[i] = f
		for k := len(seg) - 1; k >= 0; k-- {
			tail := strings.Join(seg[k:], "/")
			endsInTail := func(g string) bool { return g == tail || strings.HasSuffix(g, "/"+tail) }
			if !slices.ContainsFunc(files[:i], endsInTail) && !slices.ContainsFunc(files[i+1:], endsInTail) {
				out[i] = tail
				break
			}
		}
	}
	return out
}

// shellFence opens a fenced code block of shell commands in markdown.
var shellFence = regexp.MustCompile("^(`{3,}|~{3,})\\s*(?:bash|sh|shell|zsh|console|terminal)\\s*$")

// plannedCommands returns the commands of the plan's shell code blocks
// that no command run after the plan was approved starts like (the same
// first two words): steps of the plan still to be taken.
func (s *session) plannedCommands() []string {
	var out []string
	fence := ""
	for _, l := range strings.Split(s.plan, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case fence == "":
			if m := shellFence.FindStringSubmatch(t); m != nil {
				fence = m[1]
			}
		case strings.HasPrefix(t, fence):
			fence = ""
		default:
			t = strings.TrimPrefix(strings.TrimPrefix(t, "$ "), "> ")
			if t != "" && !strings.HasPrefix(t, "#") && !s.hasRun(t) && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// hasRun reports whether a command like cmd ran after the plan.
func (s *session) hasRun(cmd string) bool {
	for i := len(s.ran) - 1; i >= 0 && s.ran[i].at > s.planAt; i-- {
		if sameKind(s.ran[i].text, cmd) {
			return true
		}
	}
	return false
}

// addedLine is the line of an edit's new text that brings the most words
// its old text did not have, the first on ties; comments bring none.
func addedLine(old, new string) string {
	had := map[string]bool{}
	for _, w := range acts.Words(old) {
		had[w] = true
	}
	best, most := "", 0
	for _, l := range strings.Split(new, "\n") {
		t, n := strings.TrimSpace(l), 0
		if strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "*") {
			continue
		}
		for _, w := range acts.Words(t) {
			if !had[w] {
				n++
			}
		}
		if n > most {
			best, most = clipRunes(t, 100), n
		}
	}
	return best
}

// fixSince says what the edits after message at changed: the line the
// last of them added that says something (the change that made it pass,
// most often), its file first, and one more file changed.
func (s *session) fixSince(at int) string {
	var files []string
	line, lineFile := "", ""
	for _, e := range s.edits {
		if e.at <= at {
			continue
		}
		if f := path.Base(e.file); !slices.Contains(files, f) {
			files = append(files, f)
		}
		if e.line != "" {
			line, lineFile = e.line, path.Base(e.file)
		}
	}
	if len(files) == 0 {
		return ""
	}
	if lineFile != "" {
		files = append([]string{lineFile}, slices.DeleteFunc(files, func(f string) bool { return f == lineFile })...)
	}
	t := "fixed in " + strings.Join(files[:min(len(files), 2)], ", ")
	if line != "" {
		t += ": `" + line + "`"
	}
	return t
}
