package claudecode

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/archon-memory/archon/internal/jsonedit"
	"github.com/archon-memory/archon/internal/jsonfile"
	"github.com/archon-memory/archon/memory"
)

// hookTimeouts are the events archon registers, with each one's timeout in
// seconds (SessionEnd's own timeout lifts Claude Code's shared 1.5 s).
var hookTimeouts = []struct {
	event   string
	timeout int
	async   bool
}{
	{SessionStart, 10, false}, {UserPromptSubmit, 10, false}, {PreCompact, 60, false}, {PostCompact, 60, false},
	{Stop, 10, true}, {SubagentStop, 10, true}, {SessionEnd, 5, false},
}

// Setup says what install writes where.
type Setup struct {
	// Exe is the archon binary the hooks and the MCP server run; Root is
	// the workspace they use.
	Exe, Root string
	// Settings is the settings file that gets the hooks (a plugin's
	// hooks/hooks.json has the same shape); MCP is the file that gets the
	// MCP server ("" for none); Plugin, when set, is a plugin directory
	// whose manifest is written too.
	Settings, MCP, Plugin string
	// Version goes into a plugin's manifest.
	Version string
}

// Change is one file install or uninstall changes.
type Change struct {
	Path string
	// Before is the file as it is (nil when missing); After as it will be
	// (nil: the file is removed).
	Before, After []byte
}

// Record is what install wrote, kept in the workspace so that uninstall
// removes exactly that: per file, the backup of what was there and the
// hash of what install wrote.
type Record map[string]RecordedFile

// RecordedFile is one file of a Record.
type RecordedFile struct {
	// Backup is the copy of the file before install ("" when there was none).
	Backup string `json:"backup,omitempty"`
	// Written is the SHA-256 of the bytes install wrote.
	Written string `json:"written"`
	// Edited says the file was edited between two installs: its backup
	// lacks the edits, so uninstall takes out archon's parts instead of
	// giving the backup back.
	Edited bool `json:"edited,omitempty"`
}

// isArchonHook reports whether a hook entry runs `archon ... hook
// claude-code` (any binary path or workspace).
func isArchonHook(h *jsonedit.Value) bool {
	var e struct {
		Type string   `json:"type"`
		Args []string `json:"args"`
	}
	if h.Decode(&e) != nil || e.Type != "command" || len(e.Args) < 2 {
		return false
	}
	return slices.Equal(e.Args[len(e.Args)-2:], []string{"hook", "claude-code"})
}

// isArchonServer reports whether an MCP server entry runs `archon ... mcp`.
func isArchonServer(v *jsonedit.Value) bool {
	var s struct {
		Command string   `json:"command"`
		Args    []string `json:"args"`
	}
	return v.Decode(&s) == nil && len(s.Args) > 0 && s.Args[len(s.Args)-1] == "mcp" && strings.HasPrefix(filepath.Base(s.Command), "archon")
}

// withoutArchonHooks removes archon's hook entries from a settings
// document's hooks, dropping groups and events they leave empty.
func withoutArchonHooks(doc *jsonedit.Value) {
	hooks := doc.Get("hooks")
	if !hooks.IsObject() {
		return
	}
	for _, t := range hookTimeouts {
		groups := hooks.Get(t.event)
		if !groups.IsArray() {
			continue
		}
		var keep []*jsonedit.Value
		for _, g := range groups.Items() {
			hs := g.Get("hooks")
			if !hs.IsArray() {
				keep = append(keep, g)
				continue
			}
			var rest []*jsonedit.Value
			for _, h := range hs.Items() {
				if !isArchonHook(h) {
					rest = append(rest, h)
				}
			}
			if len(rest) == len(hs.Items()) {
				keep = append(keep, g)
			} else if len(rest) > 0 {
				hs.SetItems(rest)
				keep = append(keep, g)
			}
		}
		if len(keep) == 0 {
			hooks.Delete(t.event)
		} else {
			groups.SetItems(keep)
		}
	}
	if hooks.Len() == 0 {
		doc.Delete("hooks")
	}
}

// archonHooks calls fn with each of archon's hook entries in doc's hooks,
// its event and its group.
func archonHooks(doc *jsonedit.Value, fn func(event string, group, hook *jsonedit.Value)) {
	items := func(v *jsonedit.Value) []*jsonedit.Value {
		if !v.IsArray() {
			return nil
		}
		return v.Items()
	}
	for _, t := range hookTimeouts {
		for _, g := range items(doc.Get("hooks").Get(t.event)) {
			for _, h := range items(g.Get("hooks")) {
				if isArchonHook(h) {
					fn(t.event, g, h)
				}
			}
		}
	}
}

// OtherRoots returns the workspaces, other than s.Root, that archon's
// hooks in s.Settings name: install would repoint them to s.Root, and
// uninstall remove them.
func OtherRoots(s Setup) []string {
	_, doc, err := readDoc(s.Settings)
	if err != nil {
		return nil
	}
	var out []string
	archonHooks(doc, func(_ string, _, h *jsonedit.Value) {
		var e struct{ Args []string }
		if h.Decode(&e) == nil {
			if i := slices.Index(e.Args, "--root"); i >= 0 && i+1 < len(e.Args) && e.Args[i+1] != s.Root && !slices.Contains(out, e.Args[i+1]) {
				out = append(out, e.Args[i+1])
			}
		}
	})
	return out
}

// hookEdit is what a person may have changed in archon's own hook for an
// event: its timeout and its group's matcher.
type hookEdit struct{ timeout, matcher *jsonedit.Value }

// archonHookEdits reads, by event, the timeout and matcher of archon's
// hooks in doc.
func archonHookEdits(doc *jsonedit.Value) map[string]hookEdit {
	out := map[string]hookEdit{}
	archonHooks(doc, func(event string, g, h *jsonedit.Value) {
		out[event] = hookEdit{timeout: h.Get("timeout"), matcher: g.Get("matcher")}
	})
	return out
}

// withArchonHooks adds (or replaces) archon's hook entries. A matcher a
// person gave archon's hook stays, and so does a timeout longer than
// archon's own (a shorter one is raised: archon's timeouts grow with what
// its hooks do).
func withArchonHooks(doc *jsonedit.Value, s Setup) error {
	// A "hooks" of another shape is the user's to fix: replacing it would
	// drop their hooks without a word.
	if h := doc.Get("hooks"); h != nil && !isNull(h) {
		if !h.IsObject() {
			return errors.New(`"hooks" is not an object (fix it by hand first)`)
		}
		for _, t := range hookTimeouts {
			if g := h.Get(t.event); g != nil && !isNull(g) && !g.IsArray() {
				return fmt.Errorf(`"hooks.%s" is not a list of hook groups (fix it by hand first)`, t.event)
			}
		}
	}
	edits := archonHookEdits(doc)
	withoutArchonHooks(doc)
	hooks := doc.Get("hooks")
	if !hooks.IsObject() {
		hooks = jsonedit.Object()
		doc.Set("hooks", hooks)
	}
	for _, t := range hookTimeouts {
		timeout := t.timeout
		var had float64
		if e := edits[t.event].timeout; e != nil && e.Decode(&had) == nil && had > float64(timeout) {
			timeout = int(had)
		}
		entry := jsonedit.Object().With("type", "command").With("command", s.Exe).
			With("args", []string{"--root", s.Root, "hook", "claude-code"}).With("timeout", timeout)
		if t.async {
			entry.With("async", true)
		}
		group := jsonedit.Object()
		if m := edits[t.event].matcher; m != nil {
			group.Set("matcher", m)
		}
		group.With("hooks", jsonedit.Array(entry))
		groups := hooks.Get(t.event)
		if !groups.IsArray() {
			groups = jsonedit.Array()
			hooks.Set(t.event, groups)
		}
		groups.SetItems(append(groups.Items(), group))
	}
	return nil
}

// isNull reports a JSON null, which install may replace.
func isNull(v *jsonedit.Value) bool {
	var x any
	return v.Decode(&x) == nil && x == nil
}

// withArchonServer adds (or replaces) the archon MCP server; without
// server it removes it.
func withArchonServer(doc *jsonedit.Value, s Setup, add bool) error {
	servers := doc.Get("mcpServers")
	if servers != nil && !isNull(servers) && !servers.IsObject() {
		return errors.New(`"mcpServers" is not an object (fix it by hand first)`)
	}
	if !servers.IsObject() {
		if !add {
			return nil
		}
		servers = jsonedit.Object()
		doc.Set("mcpServers", servers)
	}
	if cur := servers.Get("archon"); cur != nil && !isArchonServer(cur) {
		return errors.New(`an MCP server named "archon" that is not archon's is configured; rename it first`)
	}
	if !add {
		servers.Delete("archon")
		if servers.Len() == 0 {
			doc.Delete("mcpServers")
		}
		return nil
	}
	servers.Set("archon", jsonedit.Object().With("type", "stdio").With("command", s.Exe).With("args", []string{"--root", s.Root, "mcp"}))
	return nil
}

// readDoc reads a JSON settings file (a missing or empty file is {}).
func readDoc(path string) (before []byte, doc *jsonedit.Value, err error) {
	before, err = os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, jsonedit.Object(), nil
	}
	if err != nil {
		return nil, nil, err
	}
	if len(bytes.TrimSpace(before)) == 0 {
		return before, jsonedit.Object(), nil
	}
	if doc, err = jsonedit.Parse(before); err != nil || !doc.IsObject() {
		return nil, nil, fmt.Errorf("%s is not a JSON object (fix it by hand first): %v", path, err)
	}
	return before, doc, nil
}

// encode writes doc with the indentation and the line endings of before
// (JSON strings hold no raw line break, so every one is structure).
func encode(doc *jsonedit.Value, before []byte) []byte {
	out := append(doc.Marshal(jsonedit.Indent(before)), '\n')
	if bytes.Contains(before, []byte("\r\n")) {
		out = bytes.ReplaceAll(bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	}
	return out
}

// edit plans the change of one JSON file by fn.
func edit(path string, fn func(doc *jsonedit.Value) error) (Change, error) {
	before, doc, err := readDoc(path)
	if err != nil {
		return Change{}, err
	}
	if err := fn(doc); err != nil {
		return Change{}, fmt.Errorf("%s: %w", path, err)
	}
	return Change{Path: path, Before: before, After: encode(doc, before)}, nil
}

// PlanInstall returns the changes install makes: archon's hooks merged into
// the settings, the MCP server into its file, and a plugin's manifest;
// every other key and every other hook is kept. Installing twice changes
// nothing the second time.
func PlanInstall(s Setup) ([]Change, error) {
	if !filepath.IsAbs(s.Exe) || !filepath.IsAbs(s.Root) {
		return nil, errors.New("install needs the absolute paths of archon and of the workspace")
	}
	var out []Change
	c, err := edit(s.Settings, func(doc *jsonedit.Value) error { return withArchonHooks(doc, s) })
	if err != nil {
		return nil, err
	}
	out = append(out, c)
	if s.MCP != "" {
		if c, err = edit(s.MCP, func(doc *jsonedit.Value) error { return withArchonServer(doc, s, true) }); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if s.Plugin != "" {
		path := filepath.Join(s.Plugin, ".claude-plugin", "plugin.json")
		if c, err = edit(path, func(doc *jsonedit.Value) error {
			doc.With("name", "archon").With("version", s.Version).
				With("description", "archon: local memory for the agent (session-start context, checkpoints before compaction, recovery after it, MCP tools)")
			return nil
		}); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// PlanUninstall returns the changes that take out what install added. A
// file nobody changed since install gets back the bytes it had; one that
// was edited since (or between two installs) loses only archon's hooks
// and server.
func PlanUninstall(s Setup, rec Record) ([]Change, error) {
	paths := []string{s.Settings}
	if s.MCP != "" {
		paths = append(paths, s.MCP)
	}
	if s.Plugin != "" {
		paths = append(paths, filepath.Join(s.Plugin, ".claude-plugin", "plugin.json"))
	}
	var out []Change
	for _, path := range paths {
		before, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if r, ok := rec[path]; ok && !r.Edited && r.Written == hash(before) {
			var orig []byte
			if r.Backup != "" {
				if orig, err = os.ReadFile(r.Backup); err != nil {
					return nil, fmt.Errorf("the backup of %s: %w", path, err)
				}
			}
			out = append(out, Change{Path: path, Before: before, After: orig})
			continue
		}
		c, err := edit(path, func(doc *jsonedit.Value) error {
			withoutArchonHooks(doc)
			if strings.HasSuffix(path, "plugin.json") {
				for _, k := range []string{"name", "version", "description"} {
					doc.Delete(k)
				}
				return nil
			}
			return withArchonServer(doc, s, false)
		})
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Changed reports whether c changes its file.
func (c Change) Changed() bool {
	return !bytes.Equal(c.Before, c.After) || (c.Before == nil) != (c.After == nil)
}

func hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// LoadRecord reads the install record (a missing one is empty).
func LoadRecord(path string) (Record, error) {
	rec := Record{}
	if _, err := jsonfile.Read(path, &rec); err != nil {
		return nil, fmt.Errorf("install record: %w", err)
	}
	return rec, nil
}

// Apply writes the changes atomically; on install (backups != "") it keeps
// each file's previous bytes under backups and records what it wrote, on
// uninstall it forgets the files. An empty After removes a file install
// created. It writes nothing when a file to change is read-only or a file
// to create has a directory it cannot write; when a write fails midway,
// the record keeps what was written and the error names it.
func Apply(changes []Change, recordPath, backups string, stamp string) error {
	rec, err := LoadRecord(recordPath)
	if err != nil {
		return err
	}
	if err := writable(changes); err != nil {
		return err
	}
	var done []string
	fail := func(err error) error {
		if len(done) > 0 {
			err = fmt.Errorf("%w (already written: %s; `archon uninstall claude-code` takes it out)", err, strings.Join(done, ", "))
			if rerr := jsonfile.Write(recordPath, rec, 0o644); rerr != nil {
				err = errors.Join(err, rerr)
			}
		}
		return err
	}
	for _, c := range changes {
		if !c.Changed() {
			continue
		}
		var rf *RecordedFile // what the record says of c.Path once written
		if backups != "" {
			r := RecordedFile{Written: hash(c.After)}
			if prev, ok := rec[c.Path]; ok {
				// The first install's backup is the original; a file
				// edited since the last install has more to keep.
				r.Backup = prev.Backup
				r.Edited = prev.Edited || prev.Written != hash(c.Before)
			} else if c.Before != nil {
				r.Backup = filepath.Join(backups, stamp+"-"+strings.NewReplacer("/", "_", "\\", "_", ":", "_").Replace(strings.TrimPrefix(c.Path, "/")))
				if err := os.MkdirAll(backups, 0o755); err != nil {
					return fail(err)
				}
				if err := memory.WriteFileAtomic(r.Backup, c.Before, 0o600); err != nil {
					return fail(err)
				}
			}
			rf = &r
		}
		written := func() {
			if rf != nil {
				rec[c.Path] = *rf
			} else {
				delete(rec, c.Path)
			}
			done = append(done, c.Path)
		}
		if c.After == nil {
			if err := os.Remove(c.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fail(err)
			}
			written()
			continue
		}
		if err := os.MkdirAll(filepath.Dir(c.Path), 0o755); err != nil {
			return fail(err)
		}
		// A settings file linked from elsewhere (dotfiles) is written
		// where the link points, so it stays a link.
		path := c.Path
		if p, err := filepath.EvalSymlinks(c.Path); err == nil {
			path = p
		}
		mode := fs.FileMode(0o644)
		if fi, err := os.Stat(path); err == nil {
			mode = fi.Mode().Perm() // keep a private settings file private
		}
		if err := memory.WriteFileAtomic(path, c.After, mode); err != nil {
			return fail(err)
		}
		written()
	}
	return jsonfile.Write(recordPath, rec, 0o644)
}

// writable checks, before anything is written, that every file to change
// can be: an existing file has its owner's write bit (a settings file made
// read-only is so on purpose, even for root), and a file to create has a
// directory this process may write in (or one it can make).
func writable(changes []Change) error {
	for _, c := range changes {
		if !c.Changed() {
			continue
		}
		fi, err := os.Stat(c.Path)
		switch {
		case err == nil:
			if fi.Mode().Perm()&0o200 == 0 {
				return fmt.Errorf("%s is read-only (mode %#o): nothing written; make it writable, or add what --dry-run shows by hand", c.Path, fi.Mode().Perm())
			}
			// An atomic write makes its temporary file beside the file
			// (where a link points).
			target := c.Path
			if p, err := filepath.EvalSymlinks(c.Path); err == nil {
				target = p
			}
			if err := unix.Access(filepath.Dir(target), unix.W_OK); err != nil {
				return fmt.Errorf("cannot write %s (its folder: %v): nothing written", c.Path, err)
			}
		case errors.Is(err, fs.ErrNotExist):
			dir := filepath.Dir(c.Path)
			for {
				if _, err := os.Stat(dir); err == nil || filepath.Dir(dir) == dir {
					break
				}
				dir = filepath.Dir(dir)
			}
			if err := unix.Access(dir, unix.W_OK); err != nil {
				return fmt.Errorf("cannot create %s (%s: %v): nothing written", c.Path, dir, err)
			}
		default:
			return err
		}
	}
	return nil
}
