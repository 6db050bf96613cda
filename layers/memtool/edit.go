package memtool

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/archon-memory/archon/memory"
)

// The commands that change files. Each runs under the workspace's edit
// lock (taken by Run).

func (t *Tool) create(ctx context.Context, p target, text string) (*Result, error) {
	switch p.kind {
	case kindRoot, kindDailyDir:
		return nil, refuse("%s is a directory: create a file inside it", p.path)
	case kindDaily:
		return t.appendLog(ctx, p, text, "create")
	}
	text, err := t.checkText("file_text", text)
	if err != nil {
		return nil, err
	}
	if err := t.secretName(p); err != nil {
		return nil, err
	}
	r, name, err := t.open(p, true)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	existed := false
	if fi, err := r.Stat(name); err == nil {
		if fi.IsDir() {
			return nil, refuse("%s is a directory: create a file inside it", p.path)
		}
		if p.kind == kindFixed {
			// MEMORY.md and MEMORY_SUMMARY.md hold what people and
			// promotion wrote: replaced whole, it would be gone.
			return nil, refuse("File %s already exists: change it with str_replace or insert (create would replace all it holds)", p.path)
		}
		existed = true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, confined(p, err)
	}
	if dir := path.Dir(name); dir != "." {
		if err := r.MkdirAll(filepath.FromSlash(dir), 0o755); err != nil {
			return nil, confined(p, err)
		}
	}
	if err := memory.WriteFileAtomicIn(r, filepath.FromSlash(name), []byte(text), 0o644); err != nil {
		return nil, confined(p, err)
	}
	msg := "File created successfully at: " + p.path
	if existed {
		msg = "File " + p.path + " has been overwritten."
	}
	return &Result{Content: msg, Changed: []string{p.rel}}, nil
}

func (t *Tool) strReplace(p target, oldStr, newStr string) (*Result, error) {
	if p.kind == kindDaily {
		return nil, refuse("%s is a daily log, which is append-only: nothing in it is replaced (insert or create add an entry; `archon forget ID` removes one)", p.path)
	}
	return t.edit(p, "new_str", newStr, func(content, newStr string) (string, string, error) {
		switch n := strings.Count(content, oldStr); {
		case n == 0:
			return "", "", refuse("No replacement was performed, old_str `%s` did not appear verbatim in %s.", oldStr, p.path)
		case n > 1:
			return "", "", refuse("No replacement was performed. Multiple occurrences of old_str `%s` in lines: %s. Please ensure it is unique", oldStr, occurrences(content, oldStr))
		}
		at := strings.Index(content, oldStr)
		updated := content[:at] + newStr + content[at+len(oldStr):]
		line := strings.Count(content[:at], "\n") + 1
		return updated, "The memory file has been edited. " + snippet(updated, line, strings.Count(newStr, "\n")), nil
	})
}

func (t *Tool) insert(ctx context.Context, p target, at int, text string) (*Result, error) {
	if p.kind == kindDaily {
		return t.appendLog(ctx, p, text, "insert")
	}
	return t.edit(p, "insert_text", text, func(content, text string) (string, string, error) {
		lines := splitLines(content)
		if at < 0 || at > len(lines) {
			return "", "", refuse("Invalid `insert_line` parameter: %d. It should be within the range of lines of the file: [0, %d]", at, len(lines))
		}
		ins := splitLines(strings.TrimSuffix(text, "\n") + "\n")
		if text == "" || text == "\n" {
			ins = []string{""}
		}
		out := make([]string, 0, len(lines)+len(ins))
		out = append(append(append(out, lines[:at]...), ins...), lines[at:]...)
		updated := strings.Join(out, "\n") + "\n"
		return updated, fmt.Sprintf("The file %s has been edited. %s", p.path, snippet(updated, at+1, len(ins)-1)), nil
	})
}

// edit is what str_replace and insert share on a file target: text (the
// command's field) is checked and redacted, change turns the file's
// content and text into the new content and the answer, and the file is
// rewritten atomically within the size limit.
func (t *Tool) edit(p target, field, text string, change func(content, text string) (string, string, error)) (*Result, error) {
	if p.kind == kindRoot || p.kind == kindDailyDir {
		return nil, refuse("The path %s is not a file.", p.path)
	}
	text, err := t.checkText(field, text)
	if err != nil {
		return nil, err
	}
	content, r, name, err := t.read(p)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	updated, answer, err := change(content, text)
	if err != nil {
		return nil, err
	}
	// What the edit makes is redacted as a whole: a secret can be
	// completed, or a <private> span closed, by an edit of one part.
	if red, hits := t.ws.Redact(updated); len(hits) > 0 {
		updated = red
		answer += "\n(secrets in the result were redacted before it was written)"
	}
	if err := t.rewrite(r, name, p, updated); err != nil {
		return nil, err
	}
	return &Result{Content: answer, Changed: []string{p.rel}}, nil
}

func (t *Tool) delete(p target) (*Result, error) {
	switch p.kind {
	case kindRoot:
		return nil, refuse("Cannot delete the %s directory itself", Root)
	case kindDaily, kindDailyDir:
		return nil, refuse("%s: daily logs are append-only and are never deleted (`archon forget ID` removes one entry; old logs are archived)", p.path)
	case kindFixed:
		return nil, refuse("%s is one of archon's own files and is not deleted: edit it with str_replace or insert", p.path)
	}
	r, err := t.folder(false)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, refuse("The path %s does not exist", p.path)
	}
	defer r.Close()
	name := filepath.FromSlash(p.name)
	if _, err := r.Lstat(name); errors.Is(err, fs.ErrNotExist) {
		return nil, refuse("The path %s does not exist", p.path)
	} else if err != nil {
		return nil, confined(p, err)
	}
	if err := r.RemoveAll(name); err != nil {
		return nil, confined(p, err)
	}
	if err := memory.SyncDirIn(r, filepath.Dir(name)); err != nil {
		return nil, err
	}
	return &Result{Content: "Successfully deleted " + p.path, Changed: []string{p.rel}}, nil
}

func (t *Tool) rename(c Command) (*Result, error) {
	if c.OldPath == "" || c.NewPath == "" {
		return nil, refuse("rename needs old_path and new_path")
	}
	from, err := parse(c.OldPath)
	if err != nil {
		return nil, err
	}
	to, err := parse(c.NewPath)
	if err != nil {
		return nil, err
	}
	if err := t.secretName(to); err != nil {
		return nil, err
	}
	for _, p := range []target{from, to} {
		switch p.kind {
		case kindRoot:
			return nil, refuse("Cannot rename the %s directory itself", Root)
		case kindDaily, kindDailyDir:
			return nil, refuse("%s: daily logs are append-only and keep their names", p.path)
		case kindFixed:
			return nil, refuse("%s is one of archon's own files and keeps its name (edit it with str_replace)", p.path)
		}
	}
	if to.name == from.name || strings.HasPrefix(to.name, from.name+"/") {
		return nil, refuse("Cannot rename %s into itself", from.path)
	}
	r, err := t.folder(true)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	src, dst := filepath.FromSlash(from.name), filepath.FromSlash(to.name)
	if _, err := r.Lstat(src); errors.Is(err, fs.ErrNotExist) {
		return nil, refuse("The path %s does not exist", from.path)
	} else if err != nil {
		return nil, confined(from, err)
	}
	if _, err := r.Lstat(dst); err == nil {
		return nil, refuse("The destination %s already exists", to.path)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, confined(to, err)
	}
	if dir := filepath.Dir(dst); dir != "." {
		if err := r.MkdirAll(dir, 0o755); err != nil {
			return nil, confined(to, err)
		}
	}
	if err := r.Rename(src, dst); err != nil {
		return nil, confined(to, err)
	}
	for _, dir := range []string{filepath.Dir(src), filepath.Dir(dst)} {
		if err := memory.SyncDirIn(r, dir); err != nil {
			return nil, err
		}
	}
	return &Result{Content: fmt.Sprintf("Successfully renamed %s to %s", from.path, to.path), Changed: []string{from.rel, to.rel}}, nil
}

// appendLog adds text as an entry to the day's log: what create and
// insert do on /memories/daily/DATE.md. A date archon log refuses (too
// far ahead, before 1970) is refused here too.
func (t *Tool) appendLog(ctx context.Context, p target, text, verb string) (*Result, error) {
	if err := t.ws.CheckLogDate(p.date); err != nil {
		return nil, refuse("%s: %v", p.path, err)
	}
	_, existed, err := t.logPath(ctx, p.date)
	if err != nil {
		return nil, err
	}
	e, err := t.ws.Append(ctx, memory.Entry{Date: p.date, Text: text, Tags: t.opt.Tags})
	if err != nil {
		return nil, err
	}
	how := fmt.Sprintf("appended as an entry at lines %d-%d", e.LineStart, e.LineEnd)
	if verb == "insert" {
		how += " (daily logs are append-only: entries go at the end, whatever insert_line says)"
	}
	msg := fmt.Sprintf("File created successfully at: %s (%s)", p.path, how)
	if existed {
		msg = fmt.Sprintf("The file %s has been edited: %s.", p.path, how)
	}
	return &Result{Content: msg, Changed: []string{e.Path}, Logged: &e}, nil
}

// open returns the root a file target lives in and its name there: the
// workspace root for MEMORY.md and MEMORY_SUMMARY.md, memories/ for the
// rest (created when create is set).
func (t *Tool) open(p target, create bool) (*os.Root, string, error) {
	if p.kind == kindFixed {
		// An escaping symlink is refused here, before anything replaces it.
		if _, err := t.ws.ReadFile(p.rel); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, "", err
		}
		r, err := os.OpenRoot(t.ws.Root())
		return r, p.rel, err
	}
	r, err := t.folder(create)
	if err != nil {
		return nil, "", err
	}
	if r == nil {
		return nil, "", notExist(p.path)
	}
	return r, filepath.FromSlash(p.name), nil
}

// read returns the current text of a file target with its root (which
// the caller closes) and name.
func (t *Tool) read(p target) (string, *os.Root, string, error) {
	r, name, err := t.open(p, false)
	if err != nil {
		return "", nil, "", err
	}
	fi, err := r.Stat(name)
	if err == nil && fi.IsDir() {
		r.Close()
		return "", nil, "", refuse("The path %s is not a file.", p.path)
	}
	var data []byte
	if err == nil {
		data, err = r.ReadFile(name)
	}
	if errors.Is(err, fs.ErrNotExist) {
		r.Close()
		return "", nil, "", notExist(p.path)
	}
	if err != nil {
		r.Close()
		return "", nil, "", confined(p, err)
	}
	return string(data), r, name, nil
}

// rewrite replaces the file name of r (target p) by text, atomically,
// within the size limit.
func (t *Tool) rewrite(r *os.Root, name string, p target, text string) error {
	if len(text) > t.opt.MaxFileBytes {
		return fmt.Errorf("%w: %s would be %d bytes, the limit is %d", memory.ErrTooLarge, p.path, len(text), t.opt.MaxFileBytes)
	}
	if err := memory.WriteFileAtomicIn(r, name, []byte(text), 0o644); err != nil {
		return confined(p, err)
	}
	return nil
}

// occurrences lists the lines where sub starts in s.
func occurrences(s, sub string) string {
	var lines []string
	for off := 0; ; {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			break
		}
		lines = append(lines, fmt.Sprint(strings.Count(s[:off+i], "\n")+1))
		off += i + 1
	}
	return strings.Join(lines, ", ")
}

// snippet shows the lines around a change, numbered: from two lines
// before line to two lines after line+extra.
func snippet(s string, line, extra int) string {
	lines := splitLines(s)
	from, to := max(1, line-2), min(len(lines), line+extra+2)
	var b strings.Builder
	b.WriteString("Here is the snippet showing the change (with line numbers):")
	for i := from; i <= to; i++ {
		fmt.Fprintf(&b, "\n%6d\t%s", i, lines[i-1])
	}
	return b.String()
}

// secretName refuses a new file name that holds what redaction takes for
// a secret: a name is not redacted (it is how the file is found), so the
// secret would be on disk and in search paths.
func (t *Tool) secretName(p target) error {
	if _, hits := t.ws.Redact(p.path); len(hits) > 0 {
		return refuse("invalid path: the name holds what looks like a secret (%s); choose another name", strings.Join(hits, ", "))
	}
	return nil
}
