package memtool

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"syscall"

	"github.com/archon-memory/archon/memory"
)

// maxListedLogs is how many daily logs a view of /memories lists (the
// newest); a view of /memories/daily lists them all.
const maxListedLogs = 14

// listing is one line of a directory view.
type listing struct {
	path string // tool path; directories end in "/"
	size int64
}

// view answers a view of p: a directory listing two levels deep, or a
// file with line numbers.
func (t *Tool) view(ctx context.Context, p target, rng []int) (string, error) {
	switch p.kind {
	case kindRoot:
		return t.viewRoot(ctx)
	case kindDailyDir:
		logs, err := t.logs(ctx)
		if err != nil {
			return "", err
		}
		var ls []listing
		var total int64
		for _, l := range logs {
			ls = append(ls, l)
			total += l.size
		}
		return render(p.path, total, ls, t.opt.MaxViewBytes), nil
	case kindDaily:
		rel, ok, err := t.logPath(ctx, p.date)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", notExist(p.path)
		}
		return t.viewFile(p.path, rel, rng)
	case kindFixed:
		return t.viewFile(p.path, p.rel, rng)
	}
	r, err := t.folder(false)
	if err != nil {
		return "", err
	}
	if r == nil {
		return "", notExist(p.path)
	}
	defer r.Close()
	fi, err := r.Stat(p.name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", notExist(p.path)
	}
	if err != nil {
		return "", confined(p, err)
	}
	if !fi.IsDir() {
		return t.viewFile(p.path, p.rel, rng)
	}
	ls, total, err := walk(ctx, r, p.name, p.path, 2)
	if err != nil {
		return "", err
	}
	return render(p.path, total, ls, t.opt.MaxViewBytes), nil
}

// viewRoot lists /memories: the two curated files, the newest daily logs
// and the memories/ folder, two levels deep.
func (t *Tool) viewRoot(ctx context.Context) (string, error) {
	var ls []listing
	var total int64
	for _, name := range []string{memory.WisdomFile, memory.SummaryFile} {
		abs, err := t.ws.Path(name)
		if err != nil {
			return "", err
		}
		if fi, err := os.Stat(abs); err == nil && fi.Mode().IsRegular() {
			ls = append(ls, listing{Root + "/" + name, fi.Size()})
			total += fi.Size()
		}
	}
	logs, err := t.logs(ctx)
	if err != nil {
		return "", err
	}
	if len(logs) > 0 {
		var size int64
		for _, l := range logs {
			size += l.size
		}
		ls = append(ls, listing{Root + "/" + dailyDir + "/", size})
		total += size
		if len(logs) > maxListedLogs {
			logs = logs[len(logs)-maxListedLogs:]
		}
		ls = append(ls, logs...)
	}
	r, err := t.folder(false)
	if err != nil {
		return "", err
	}
	if r != nil {
		defer r.Close()
		fl, size, err := walk(ctx, r, ".", Root, 2)
		if err != nil {
			return "", err
		}
		// Files of memories/ that the tool's own paths shadow (a
		// MEMORY.md or daily/ put there by hand) are not reachable
		// through it: not listed.
		for _, l := range fl {
			shadowed := l.path == Root+"/"+memory.WisdomFile || l.path == Root+"/"+memory.SummaryFile ||
				l.path == Root+"/"+dailyDir+"/" || strings.HasPrefix(l.path, Root+"/"+dailyDir+"/")
			if !shadowed {
				ls = append(ls, l)
			}
		}
		total += size
	}
	sort.SliceStable(ls, func(i, j int) bool { return ls[i].path < ls[j].path })
	return render(Root, total, ls, t.opt.MaxViewBytes), nil
}

// render formats a directory view the way the memory tool's reference
// implementations do: a header, then one "size<TAB>path" line each.
// A listing longer than limit bytes ends with how many entries it left
// out.
func render(dir string, total int64, ls []listing, limit int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Here're the files and directories up to 2 levels deep in %s, excluding hidden items and node_modules:\n", dir)
	fmt.Fprintf(&b, "%s\t%s", human(total), dir)
	for i, l := range ls {
		line := fmt.Sprintf("\n%s\t%s", human(l.size), l.path)
		if b.Len()+len(line) > limit {
			fmt.Fprintf(&b, "\n[%d more entries left out to keep the answer short: view a folder inside]", len(ls)-i)
			break
		}
		b.WriteString(line)
	}
	return b.String()
}

// walk lists dir of r (inside memories/) depth levels deep, hidden names
// left out, and the bytes of the files under it.
func walk(ctx context.Context, r *os.Root, dir, toolDir string, depth int) ([]listing, int64, error) {
	var ls []listing
	var total int64
	sizes := map[string]int64{} // directory (tool path) -> bytes under it
	err := fs.WalkDir(r.FS(), dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		rel := strings.TrimPrefix(p, dir+"/")
		if dir == "." {
			rel = p
		}
		if memory.Hidden(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		levels := strings.Count(rel, "/") + 1
		tp := toolDir + "/" + rel
		if d.IsDir() {
			if levels <= depth {
				ls = append(ls, listing{path: tp + "/"})
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil // gone since the listing
		}
		total += fi.Size()
		for q := path.Dir(tp); q != toolDir && strings.HasPrefix(q, toolDir); q = path.Dir(q) {
			sizes[q+"/"] += fi.Size()
		}
		if levels <= depth {
			ls = append(ls, listing{tp, fi.Size()})
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	for i := range ls {
		if strings.HasSuffix(ls[i].path, "/") {
			ls[i].size = sizes[ls[i].path]
		}
	}
	return ls, total, nil
}

// viewFile shows the workspace file rel with line numbers, the lines of
// rng only when given, cut at MaxViewBytes.
func (t *Tool) viewFile(toolPath, rel string, rng []int) (string, error) {
	data, err := t.ws.ReadFile(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return "", notExist(toolPath)
	}
	if err != nil {
		return "", err
	}
	lines := splitLines(string(data))
	first, last := 1, len(lines)
	if rng != nil {
		if len(rng) != 2 || rng[0] < 1 || (rng[1] != -1 && rng[1] < rng[0]) {
			return "", refuse("invalid view_range %v: [first, last] with 1 <= first <= last, or last -1 for the end", rng)
		}
		if rng[0] > len(lines) && !(len(lines) == 0 && rng[0] == 1) {
			return "", refuse("invalid view_range %v: %s has %d lines", rng, toolPath, len(lines))
		}
		first = rng[0]
		if rng[1] != -1 && rng[1] < last {
			last = rng[1]
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Here's the content of %s with line numbers:", toolPath)
	for i := first; i <= last; i++ {
		line := fmt.Sprintf("\n%6d\t%s", i, lines[i-1])
		if b.Len()+len(line) > t.opt.MaxViewBytes && i > first {
			fmt.Fprintf(&b, "\n[cut at line %d of %d to keep the answer short: view with view_range [%d, -1] for the rest]", i-1, len(lines), i)
			break
		}
		if room := t.opt.MaxViewBytes - b.Len(); len(line) > room {
			// One line longer than an answer: its start, and how much more.
			kept := strings.ToValidUTF8(line[:max(room, 0)], "")
			fmt.Fprintf(&b, "%s\n[line %d cut after %d of its %d bytes to keep the answer short]", kept, i, len(kept), len(line))
			break
		}
		b.WriteString(line)
	}
	return b.String(), nil
}

// splitLines splits text into lines; a final newline ends the last line
// rather than starting an empty one.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// logs lists the daily logs as tool paths, oldest first.
func (t *Tool) logs(ctx context.Context) ([]listing, error) {
	files, err := t.ws.ListLogs(ctx)
	if err != nil {
		return nil, err
	}
	var out []listing
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f.Date] {
			continue // a day both archived and active shows once
		}
		abs, err := t.ws.Path(f.Path)
		if err != nil {
			continue
		}
		fi, err := os.Stat(abs)
		if err != nil {
			continue
		}
		seen[f.Date] = true
		out = append(out, listing{Root + "/" + dailyDir + "/" + f.Date + ".md", fi.Size()})
	}
	return out, nil
}

// logPath finds the file that holds date's log: memory/ or, once
// archived, memory/archive/.
func (t *Tool) logPath(ctx context.Context, date string) (string, bool, error) {
	for _, rel := range []string{t.ws.LogPath(date), t.ws.ArchivePath(date)} {
		abs, err := t.ws.Path(rel)
		if err != nil {
			return "", false, err
		}
		if _, err := os.Stat(abs); err == nil {
			return rel, true, nil
		}
	}
	return "", false, ctx.Err()
}

// folder opens the memories/ folder as an os.Root, creating it when
// create is set; without create a missing folder is (nil, nil).
func (t *Tool) folder(create bool) (*os.Root, error) {
	ws, err := os.OpenRoot(t.ws.Root())
	if err != nil {
		return nil, err
	}
	defer ws.Close()
	if create {
		if err := ws.Mkdir(memory.MemoriesDir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	r, err := ws.OpenRoot(memory.MemoriesDir)
	if errors.Is(err, fs.ErrNotExist) && !create {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s/: %w (%w)", memory.MemoriesDir, memory.ErrOutside, err)
	}
	return r, nil
}

// confined turns an os.Root refusal into one that names the path.
func confined(p target, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes") {
		return fmt.Errorf("%s resolves outside %s/: %w; refused", p.path, memory.MemoriesDir, memory.ErrOutside)
	}
	switch {
	case errors.Is(err, syscall.ENOTDIR): // a file used as a folder
		return notExist(p.path)
	case errors.Is(err, syscall.ENAMETOOLONG):
		return refuse("invalid path %s: a name is too long for this file system", p.path)
	}
	return err
}

func notExist(p string) error {
	return refuse("The path %s does not exist. Please provide a valid path.", p)
}

// human formats a size the way du -h does: 512B, 1.5K, 4.0M.
func human(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%dB", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1fK", float64(n)/(1<<10))
	case n < 1<<30:
		return fmt.Sprintf("%.1fM", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1fG", float64(n)/(1<<30))
}
