package rag

import (
	"context"
	"errors"
	"fmt"
	"golang.org/x/sys/unix"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/store"
)

// Repair says what Open found damaged and did about it.
type Repair struct {
	// File is the derived file or directory, relative to the workspace
	// root (.archon/index/rag.db).
	File string `json:"file"`
	// Problem is what was wrong with it.
	Problem string `json:"problem"`
	// Action is what was done: "rebuilt", "set aside as ..., rebuilt".
	Action string `json:"action"`
}

// keepDamaged is how many set-aside copies of a damaged index directory
// are kept (for a post-mortem); older ones are removed.
const keepDamaged = 2

// openStore opens the index database. A damaged one (not SQLite, cut
// short, failing quick_check when check is set) is set aside with the
// whole index directory, whose other parts were derived from it, and a
// new empty one takes its place: the next Index rebuilds everything from
// the workspace files.
func (e *Engine) openStore(ctx context.Context, check bool) (*store.Store, error) {
	path := filepath.Join(e.dir, "rag.db")
	st, err := store.Open(ctx, path)
	if err == nil && check {
		if err = st.Check(ctx); err != nil {
			st.Close()
		}
	}
	if err != nil && store.Damaged(err) {
		if err := e.setAsideFor(path, err); err != nil {
			return nil, err
		}
		st, err = store.Open(ctx, path)
	}
	if err == nil {
		e.dbFile, _ = os.Stat(path) // the file this engine opened (see dbReplaced)
	}
	return st, err
}

// dbReplaced reports whether the index database at e.dir is no longer the
// one this engine opened: another process found it damaged too, set it
// aside and made a new one, which is not to be set aside again.
func (e *Engine) dbReplaced() bool {
	fi, err := os.Stat(filepath.Join(e.dir, "rag.db"))
	return e.dbFile != nil && err == nil && !os.SameFile(fi, e.dbFile)
}

// setAsideFor sets the index directory aside because file was found
// damaged (cause), and says so in the log and the engine's repairs.
func (e *Engine) setAsideFor(file string, cause error) error {
	what, kind := "index database damaged", "damaged"
	if errors.Is(cause, ErrNewerIndex) {
		what, kind = "index database written by a newer archon", "newer"
	}
	aside, err := e.setAside(kind)
	if err != nil {
		return fmt.Errorf("%w; setting it aside failed: %w", cause, err)
	}
	e.log.Warn(what+"; set aside, rebuilding from the files", "file", file, "aside", aside, "err", cause)
	e.repairs = append(e.repairs, Repair{File: e.ws.Rel(file), Problem: cause.Error(),
		Action: "set aside with the index directory as " + e.ws.Rel(aside) + "; rebuilt from the files"})
	return nil
}

// setAside renames the index directory to index.KIND-TIME (damaged, or
// newer: written by a newer archon) and makes a new empty one, keeping
// the newest keepDamaged copies of each kind.
func (e *Engine) setAside(kind string) (string, error) {
	aside := e.dir + "." + kind + "-" + time.Now().UTC().Format("20060102T150405.000000000")
	if err := os.Rename(e.dir, aside); err != nil {
		return "", err
	}
	old, _ := filepath.Glob(e.dir + "." + kind + "-*")
	sort.Strings(old)
	for len(old) > keepDamaged {
		os.RemoveAll(old[0])
		old = old[1:]
	}
	return aside, os.MkdirAll(e.dir, 0o755)
}

// openFulltext opens the full-text index, creating it when there is
// none. One that cannot be opened, or has a segment failing its checksum,
// is removed and marked for the next Index to rebuild from the database.
// Segments in trusted are not read (see stamps.go).
//
// The engine first takes the index's ownership (holdFulltext), which it
// keeps until Close: the index is used, rebuilt and swapped by one
// process at a time.
func (e *Engine) openFulltext(ctx context.Context, trusted map[string]bool) (*fulltext.Index, error) {
	if err := e.holdFulltext(ctx); err != nil {
		return nil, err
	}
	ft, err := fulltext.Open(e.ftDir())
	if err == nil {
		if err = ft.Verify(func(p string) bool { return trusted[p] }); err != nil {
			ft.Close()
			ft = nil // closed: the engine must not hold it
		}
	}
	if !errors.Is(err, fulltext.ErrCorrupt) {
		return ft, err
	}
	e.log.Warn("full-text index unreadable; rebuilding it", "dir", e.ftDir(), "err", err)
	return e.resetFulltext(ctx, err.Error())
}

// InUse reports whether another process holds the workspace's full-text
// index now (a running archon serve holds it for as long as it runs): one
// try of the lock holdFulltext takes, let go at once.
func InUse(stateDir string) bool {
	f, err := os.OpenFile(filepath.Join(stateDir, "fulltext.lock"), os.O_RDWR, 0)
	if err != nil {
		return false // no lock file: nothing was ever opened
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		return errors.Is(err, unix.EWOULDBLOCK)
	}
	unix.Flock(int(f.Fd()), unix.LOCK_UN)
	return false
}

// holdFulltext takes an flock on .archon/fulltext.lock, a file outside
// the index directory and so the same across a rebuild's swap of the
// directories (bleve's own lock is on a file inside them): another
// process that opens the index waits for the owner to close it, up to
// Options.LockWait, and is then told the index is in use. The lock is
// let go by Close.
func (e *Engine) holdFulltext(ctx context.Context) error {
	return e.holdFulltextWithin(ctx, max(e.opt.LockWait, fulltext.LockTimeout))
}

// holdFulltextWithin is holdFulltext waiting at most wait (0: one try).
func (e *Engine) holdFulltextWithin(ctx context.Context, wait time.Duration) error {
	if e.ftLock != nil {
		return nil
	}
	f, err := e.takeLock(ctx, "fulltext.lock", min(wait, fulltext.LockTimeout))
	if errors.Is(err, errLockWait) && wait > fulltext.LockTimeout {
		e.log.Warn("the index is in use by another archon process; waiting for it", "at most", wait.String())
		f, err = e.takeLock(ctx, "fulltext.lock", wait-fulltext.LockTimeout)
	}
	if errors.Is(err, errLockWait) {
		return fmt.Errorf("open full-text index %s: %w (waited %v; is `archon serve` running?)", e.ftDir(), fulltext.ErrLocked, wait)
	}
	if err != nil {
		return fmt.Errorf("open full-text index: %w", err)
	}
	e.ftLock = f
	// The owner writes the vector snapshot: a temporary one left by a
	// killed writer is nobody's now (44 MB at 40,000 entries).
	if left, _ := filepath.Glob(e.vectorFiles().Snapshot + ".tmp-*"); len(left) > 0 {
		for _, p := range left {
			os.Remove(p)
		}
		e.log.Info("removed vector snapshots a killed run left", "files", len(left))
	}
	return nil
}

// releaseFulltext lets go of the index's ownership (after closing it).
func (e *Engine) releaseFulltext() {
	if e.ftLock != nil {
		memory.UnlockFile(e.ftLock)
		e.ftLock.Close()
		e.ftLock = nil
	}
}

// resetFulltext removes the (closed) full-text index, marks it for the
// next Index to rebuild from the database, records why, and opens a new
// empty one.
func (e *Engine) resetFulltext(ctx context.Context, problem string) (*fulltext.Index, error) {
	if err := os.RemoveAll(e.ftDir()); err != nil {
		return nil, fmt.Errorf("remove damaged full-text index: %w", err)
	}
	if err := e.st.SetMeta(ctx, metaFulltextDirty, "1"); err != nil {
		return nil, err
	}
	e.repairs = append(e.repairs, Repair{File: e.ws.Rel(e.ftDir()), Problem: problem, Action: "removed; rebuilt from the index database"})
	return fulltext.Open(e.ftDir())
}

// Repairs lists what Open found damaged and set right (or will have set
// right after the first Index).
func (e *Engine) Repairs() []Repair { return append([]Repair(nil), e.repairs...) }

// ErrDamagedIndex marks an index found damaged.
var ErrDamagedIndex = store.ErrDamaged

// ErrNewerIndex marks an index database written by a newer archon. Open
// refuses it (the newer archon can still use it) unless
// Options.ReplaceNewer.
var ErrNewerIndex = store.ErrNewer

// Damaged reports whether err says an index file is damaged (and
// Repair would set it right).
func Damaged(err error) bool { return store.Damaged(err) || errors.Is(err, fulltext.ErrCorrupt) }

// Repair sets the whole index aside because of cause (an operation that
// found it damaged) and rebuilds it from the workspace files.
func (e *Engine) Repair(ctx context.Context, cause error) (*IndexStats, error) {
	e.ixMu.Lock()
	defer e.ixMu.Unlock()
	if err := e.recoverDamage(ctx, cause); err != nil {
		return nil, err
	}
	return e.index(ctx, nil)
}

// recoverDamage closes the indexes, sets their directory aside and opens
// new empty ones, forgetting everything held from the old ones. The
// caller holds ixMu.
func (e *Engine) recoverDamage(ctx context.Context, cause error) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.st == nil {
		return ErrClosed
	}
	unlock, err := e.lockOpen(ctx)
	if err != nil {
		return fmt.Errorf("%w; %w", cause, err)
	}
	defer unlock()
	e.ft.Close()
	e.st.Close()
	e.ft, e.st = nil, nil
	e.vec.mu.Lock()
	e.vec.reset()
	e.vec.mu.Unlock()
	if e.dbReplaced() {
		// Set aside and made anew by another process meanwhile: its
		// work stands (setting it aside again would keep a sound copy
		// and drop the damaged one).
		e.log.Warn("index damaged; another archon process set it aside already, rebuilding from the files", "err", cause)
	} else {
		aside, err := e.setAside("damaged")
		if err != nil {
			return fmt.Errorf("%w; setting the index aside failed: %w", cause, err)
		}
		e.log.Warn("index damaged; set aside, rebuilding from the files", "aside", aside, "err", cause)
		e.repairs = append(e.repairs, Repair{File: e.ws.Rel(e.dir), Problem: cause.Error(),
			Action: "set aside as " + e.ws.Rel(aside) + "; rebuilt from the files"})
	}
	e.repairsTold = false
	e.repairNoted.Store(false)
	st, err := store.Open(ctx, filepath.Join(e.dir, "rag.db"))
	if err != nil {
		return fmt.Errorf("open index database: %w", err)
	}
	e.dbFile, _ = os.Stat(filepath.Join(e.dir, "rag.db"))
	ft, err := fulltext.Open(e.ftDir())
	if err != nil {
		st.Close()
		return err
	}
	e.st, e.ft = st, ft
	e.states = stateCache{}
	e.pos = positions{}
	e.cache.clear()
	clear(e.blocks)
	if err := e.loadStats(ctx); err != nil {
		return err
	}
	return e.loadAgents(ctx)
}

// damagedNote is the warning a search carries while the index it answers
// from is being rebuilt.
func damagedNote(rs []Repair) string {
	var files []string
	for _, r := range rs {
		files = append(files, r.File)
	}
	return "repaired damaged " + strings.Join(files, ", ") + " (rebuilt from the workspace files)"
}

// The parts of the index a Finding is about.
const (
	PartDatabase = "database"
	PartFulltext = "fulltext"
	PartVectors  = "vectors"
)

// Finding is one derived file's state, as Check saw it.
type Finding struct {
	Part    string `json:"part"`              // PartDatabase, PartFulltext or PartVectors
	File    string `json:"file"`              // relative to the workspace root
	OK      bool   `json:"ok"`                // usable as it is
	Problem string `json:"problem,omitempty"` // what is wrong with it
}

// Check reads every index file through: the database (SQLite's
// quick_check), each full-text segment (its CRC), the vectors (their
// CRC) and the full-text index against the database (document counts).
// It changes nothing; Repair sets right what it finds.
func (e *Engine) Check(ctx context.Context) ([]Finding, error) {
	e.ixMu.Lock()
	defer e.ixMu.Unlock()
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.st == nil {
		return nil, ErrClosed
	}
	find := func(part, path string, err error) Finding {
		f := Finding{Part: part, File: e.ws.Rel(path), OK: err == nil}
		if err != nil {
			f.Problem = err.Error()
		}
		return f
	}
	out := []Finding{find(PartDatabase, filepath.Join(e.dir, "rag.db"), e.st.Check(ctx))}
	ftErr := e.ft.Verify(nil)
	if ftErr == nil {
		ftErr = e.countsAgree(ctx)
	}
	out = append(out, find(PartFulltext, e.ftDir(), ftErr))
	if e.emb != nil {
		out = append(out, find(PartVectors, e.vectorFiles().Snapshot, e.checkVectors(ctx)))
	}
	return out, ctx.Err()
}

// checkVectors opens the vector files as a search would, reading every
// vector against the snapshot's CRC (no snapshot yet: nothing to check).
func (e *Engine) checkVectors(ctx context.Context) error {
	files := e.vectorFiles()
	if _, err := os.Stat(files.Snapshot); err != nil {
		return nil
	}
	id, err := e.embedderID(ctx)
	if err != nil {
		return err
	}
	gen, err := e.vectorsGen(ctx)
	if err != nil {
		return err
	}
	files.SkipVectorCheck = false // read them all
	ix, err := files.Open(ctx, id, gen)
	if err != nil {
		return err
	}
	return ix.Close()
}

// countsAgree checks that the full-text index holds one document per
// chunk of the database.
func (e *Engine) countsAgree(ctx context.Context) error {
	chunks, err := e.st.CountChunks(ctx)
	if err != nil {
		return err
	}
	docs, err := e.ft.Count()
	if err != nil {
		return err
	}
	dirty, err := e.st.Meta(ctx, metaFulltextDirty)
	if err != nil {
		return err
	}
	if dirty != "1" && uint64(chunks) != docs {
		return fmt.Errorf("%w: %d documents for %d chunks", fulltext.ErrCorrupt, docs, chunks)
	}
	return nil
}

// RepairDerived rebuilds the full-text index from the database and drops
// the vector files (rebuilt from the database's vector cache on the next
// search): the repair for damage Check found outside the database.
func (e *Engine) RepairDerived(ctx context.Context, fulltextToo, vectorsToo bool) (*IndexStats, error) {
	e.ixMu.Lock()
	defer e.ixMu.Unlock()
	e.mu.Lock()
	if e.st == nil {
		e.mu.Unlock()
		return nil, ErrClosed
	}
	var err error
	if fulltextToo {
		e.ft.Close()
		e.ft, err = e.resetFulltext(ctx, "failed archon doctor's check")
	}
	if err == nil && vectorsToo {
		e.vec.mu.Lock()
		e.vec.reset()
		files := e.vectorFiles()
		// RemoveAll: a directory in their place is damage too.
		os.RemoveAll(files.Snapshot)
		os.RemoveAll(files.Delta)
		err = e.st.SetMeta(ctx, metaVectorsGen, "0")
		e.vec.mu.Unlock()
		e.repairs = append(e.repairs, Repair{File: e.ws.Rel(files.Snapshot), Problem: "failed archon doctor's check", Action: "rebuilt from the index database"})
	}
	e.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return e.index(ctx, nil)
}
