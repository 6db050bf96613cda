package memory

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/archon-memory/archon/internal/redact"
)

// File names inside a workspace.
const (
	SummaryFile = "MEMORY_SUMMARY.md"
	WisdomFile  = "MEMORY.md"
	ConfigFile  = "archon.yaml"
	LogDirName  = "memory"
	ArchiveName = "archive"
	StateName   = ".archon"
)

// DefaultMaxEntryBytes is the default limit on one entry's text (4 MiB). A
// compaction checkpoint of a 200K-token conversation fits well inside it.
const DefaultMaxEntryBytes = 4 << 20

// DefaultIdentityFiles returns the identity files loaded into L1 by default.
func DefaultIdentityFiles() []string { return []string{"SOUL.md", "PRINCIPLES.md", "SKILLS.md"} }

// Options tune a Workspace. The zero value is ready to use.
type Options struct {
	// Location is the time zone that decides "today" and entry times. Nil
	// means time.Local.
	Location *time.Location
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// MaxEntryBytes limits one entry's text; zero means DefaultMaxEntryBytes,
	// a negative value means no limit.
	MaxEntryBytes int
	// IdentityFiles lists identity files relative to the root; nil means
	// DefaultIdentityFiles().
	IdentityFiles []string
	// Patterns are the user's own secret patterns (privacy.patterns),
	// redacted from every entry with the built-in ones.
	Patterns []redact.Pattern
}

// Workspace is an archon workspace rooted at a directory. It is safe for
// concurrent use, also by several processes at once.
type Workspace struct {
	root   string
	opt    Options
	redact *redact.Redactor
	// tearWrite, set by this package's tests, makes the next data write
	// stop after the bytes it returns, as if the process died there (no
	// cleanup, the record stays pending). A negative value lets it through.
	tearWrite func(data []byte) int
	logs      *logStates // the line counts appends left, by log
}

// Open opens the workspace at root, which must be an existing directory.
func Open(root string) (*Workspace, error) { return OpenWith(root, Options{}) }

// OpenWith is Open with options.
func OpenWith(root string, opt Options) (*Workspace, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", root, err)
	}
	fi, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("workspace %s does not exist (run `archon --root %s init`): %w", abs, root, err)
	}
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", abs, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("workspace path %s is a file, not a directory", abs)
	}
	if opt.Location == nil {
		opt.Location = time.Local
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.MaxEntryBytes == 0 {
		opt.MaxEntryBytes = DefaultMaxEntryBytes
	}
	if opt.IdentityFiles == nil {
		opt.IdentityFiles = DefaultIdentityFiles()
	}
	r, err := redact.New(opt.Patterns...)
	if err != nil {
		return nil, err
	}
	return &Workspace{root: abs, opt: opt, redact: r, logs: &logStates{}}, nil
}

// Redact removes secrets and <private> spans from text, as every write
// to the workspace does; it returns the names of what it removed.
func (w *Workspace) Redact(text string) (string, []string) { return w.redact.Redact(text) }

// Options returns the options the workspace was opened with (defaults
// filled in), to open another workspace alike.
func (w *Workspace) Options() Options { return w.opt }

// Root returns the absolute workspace directory.
func (w *Workspace) Root() string { return w.root }

// Path returns the absolute path of rel, a slash-separated path relative to
// the root. It rejects paths that leave the workspace.
func (w *Workspace) Path(rel string) (string, error) {
	clean := filepath.Clean(filepath.FromSlash(rel))
	if filepath.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("path %q is outside the workspace", rel)
	}
	return filepath.Join(w.root, clean), nil
}

// Rel returns abs relative to the root with forward slashes.
func (w *Workspace) Rel(abs string) string {
	r, err := filepath.Rel(w.root, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

// SummaryPath returns the path of MEMORY_SUMMARY.md (L1).
func (w *Workspace) SummaryPath() string { return filepath.Join(w.root, SummaryFile) }

// WisdomPath returns the path of MEMORY.md (L4).
func (w *Workspace) WisdomPath() string { return filepath.Join(w.root, WisdomFile) }

// ConfigPath returns the path of archon.yaml.
func (w *Workspace) ConfigPath() string { return filepath.Join(w.root, ConfigFile) }

// LogDir returns the directory of the daily logs.
func (w *Workspace) LogDir() string { return filepath.Join(w.root, LogDirName) }

// MaxEntryBytes is the limit on one entry's text (log.max_entry_bytes).
func (w *Workspace) MaxEntryBytes() int { return w.opt.MaxEntryBytes }

// ArchiveDir returns the directory of archived daily logs.
func (w *Workspace) ArchiveDir() string { return filepath.Join(w.root, LogDirName, ArchiveName) }

// StateDir returns the directory of derived state (.archon). Deleting it
// loses nothing but L3 knowledge, which lives in its SQLite database.
func (w *Workspace) StateDir() string { return filepath.Join(w.root, StateName) }

// IdentityPaths returns the configured identity files, relative to the root.
func (w *Workspace) IdentityPaths() []string { return append([]string(nil), w.opt.IdentityFiles...) }

// Location returns the workspace's time zone.
func (w *Workspace) Location() *time.Location { return w.opt.Location }

// Now returns the current time in the workspace's time zone.
func (w *Workspace) Now() time.Time { return w.opt.Now().In(w.opt.Location) }

// LogPath returns the relative path of the daily log of date (YYYY-MM-DD).
func (w *Workspace) LogPath(date string) string { return LogDirName + "/" + date + ".md" }

// ArchivePath returns the relative path of date's log once archived:
// memory/archive/YYYY/YYYY-MM-DD.md.
func (w *Workspace) ArchivePath(date string) string {
	return LogDirName + "/" + ArchiveName + "/" + date[:min(4, len(date))] + "/" + date + ".md"
}

// LogFile names one daily-log file.
type LogFile struct {
	// Path is relative to the root, with forward slashes.
	Path string `json:"path"`
	// Date is the day the file covers.
	Date string `json:"date"`
	// Archived is true for files under memory/archive/.
	Archived bool `json:"archived"`
}

// ListLogs lists every daily log (YYYY-MM-DD.md) under memory/, archived ones
// included, sorted by date and then path.
func (w *Workspace) ListLogs(ctx context.Context) ([]LogFile, error) {
	var out []LogFile
	err := w.walkLogDir(ctx, func(rel string, d fs.DirEntry) {
		if date, ok := LogDate(d.Name()); ok && d.Type().IsRegular() {
			out = append(out, LogFile{Path: rel, Date: date, Archived: strings.HasPrefix(rel, LogDirName+"/"+ArchiveName+"/")})
		}
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Date != out[j].Date {
			return out[i].Date < out[j].Date
		}
		return out[i].Path < out[j].Path
	})
	return out, nil
}

// StrayLogs returns the markdown files under the log directory that are no
// daily log (not named YYYY-MM-DD.md with a real date, say 2026-12-4.md or
// a copy's "2026-12-05 (copy).md"): nothing reads, indexes or archives
// them, so doctor names them.
func (w *Workspace) StrayLogs(ctx context.Context) ([]string, error) {
	var out []string
	err := w.walkLogDir(ctx, func(rel string, d fs.DirEntry) {
		if _, ok := LogDate(d.Name()); !ok && strings.EqualFold(path.Ext(rel), ".md") {
			out = append(out, rel)
		}
	})
	return out, err
}

// walkLogDir calls fn with each file under the log directory (none when it
// is missing), by its workspace-relative path.
func (w *Workspace) walkLogDir(ctx context.Context, fn func(rel string, d fs.DirEntry)) error {
	err := filepath.WalkDir(w.LogDir(), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == w.LogDir() {
				return filepath.SkipDir
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if !d.IsDir() {
			fn(w.Rel(p), d)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("list daily logs: %w", err)
	}
	return nil
}

// ReadLog reads and parses the daily log at rel.
func (w *Workspace) ReadLog(rel string) (*Log, error) {
	data, err := w.ReadFile(rel)
	if err != nil {
		return nil, fmt.Errorf("read daily log: %w", err)
	}
	return ParseLog(rel, data), nil
}
