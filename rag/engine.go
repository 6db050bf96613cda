// Package rag is archon's retrieval engine. It indexes every layer's files
// as chunks (rag/chunk), keeps their metadata and text in SQLite
// (rag/store), scores them with BM25 (rag/fulltext, bleve) and with vectors
// (rag/embed, rag/vector, chromem-go), fuses and reranks the candidates
// (rag/rank), and answers metadata-first: a snippet with path, line range,
// date, agent and tags; the full item only on request.
//
// All derived state lives under the workspace's .archon/index directory and
// can be deleted at any time: the next Index call rebuilds it from the files.
package rag

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/archon-memory/archon/internal/wordset"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag/chunk"
	"github.com/archon-memory/archon/rag/embed"
	"github.com/archon-memory/archon/rag/fulltext"
	"github.com/archon-memory/archon/rag/rerank"
	"github.com/archon-memory/archon/rag/store"
)

// Options configure an Engine.
type Options struct {
	// Chunk tunes chunking.
	Chunk chunk.Options
	// Rank tunes ranking; the zero value means DefaultRankParams().
	Rank RankParams
	// Embedder computes vectors for the semantic half of hybrid search;
	// nil turns vectors off (BM25 only).
	Embedder embed.Embedder
	// Reranker, when set, reorders the best RerankTopN fused hits (a
	// cross-encoder or an LLM behind an endpoint; see rag/rerank). On any
	// error the built-in order stands.
	Reranker   rerank.Reranker
	RerankTopN int
	// Resident keeps every chunk's position in memory (about 100 bytes a
	// chunk), loaded on the first search, so that queries skip a SQLite
	// round trip. Long-lived engines (the server) want it; a one-shot
	// command does not.
	Resident bool
	// LockWait is how long Open waits for another process that holds
	// the index (a one-shot `archon index` rebuilding it) before it says
	// the index is in use; past fulltext.LockTimeout it logs that it
	// waits. 0 means fulltext.LockTimeout.
	LockWait time.Duration
	// ReplaceNewer sets aside an index database written by a newer archon
	// (ErrNewerIndex) and builds this version's from the files, instead of
	// refusing to open it.
	ReplaceNewer bool
	// MaxSearches bounds the searches that rank at once (0: one per
	// processor, GOMAXPROCS); more wait their turn in arrival order.
	MaxSearches int
	// Records, when set, lists the L3 records to index with the files.
	Records Records
	// Logger receives warnings (nil: slog.Default()).
	Logger *slog.Logger
}

// Engine indexes and searches one workspace. It is safe for concurrent use;
// indexing is serialized, searches run in parallel with each other.
type Engine struct {
	ws  *memory.Workspace
	opt Options
	log *slog.Logger
	dir string

	// ixMu serializes Index and Close. An incremental Index runs beside
	// searches (the store, the full-text index, the positions and the
	// vector index are each safe for that); it takes mu for writing only
	// to swap what searches hold: a rebuilt full-text index or vector
	// snapshot.
	ixMu sync.Mutex
	// ftLock holds the full-text index's ownership (see holdFulltext).
	ftLock *os.File
	// dbFile is the index database this engine opened (see dbReplaced).
	dbFile os.FileInfo
	states stateCache          // guarded by ixMu
	blocks map[string][32]byte // session document id -> hash of its text as indexed; guarded by ixMu

	slots chan struct{} // one per search ranking now, at most MaxSearches

	mu sync.RWMutex // searches hold it for reading
	st *store.Store
	ft *fulltext.Index
	// agents holds the workspace's agent names by lower-case name, each
	// with its spellings as written (Planner and planner are one agent to
	// a filter).
	agents atomic.Pointer[map[string][]string]
	pos    positions      // with Options.Resident
	cache  chunkCache     // chunks of recent results
	emb    embed.Embedder // nil: no vectors
	vec    vectors
	// intents are what questions ask for (intents.txt); shortForms map a
	// word to its other forms (shortforms.txt).
	intents    []intent
	shortForms map[string][]string
	// changes are the patterns of change statements (changes.txt).
	changes *changeSet
	// written finds what a chunk's text is written as (written.txt).
	written *writtenAs
	events  *eventWords
	// layoutAhead is how far the full-text index's layout is from this
	// version's while no index run has rebuilt it (a search with
	// --no-index says so): below 0 an older archon wrote it, above 0 a
	// newer one.
	layoutAhead atomic.Int64
	// recap are the words that ask for an account of a time (recap.txt).
	recap    wordset.Set
	subjects subjectCache
	// repairs lists what Open found damaged (see Repairs); the first
	// search says so.
	repairs     []Repair
	repairNoted atomic.Bool
	repairsTold bool // guarded by ixMu
	// vecTrusted: the vector snapshot is the one the last index run saw,
	// so a one-shot command need not read all of it (see stamps.go).
	vecTrusted bool
}

// exclusive takes an engine's search lock for writing on first need and
// keeps it until release: Index calls lock before it replaces what a
// search may be using.
type exclusive struct {
	mu   *sync.RWMutex
	held bool
}

func (x *exclusive) lock() {
	if !x.held {
		x.mu.Lock()
		x.held = true
	}
}

func (x *exclusive) release() {
	if x.held {
		x.mu.Unlock()
		x.held = false
	}
}

// ErrClosed is returned by an engine's methods after Close.
var ErrClosed = errors.New("rag: engine closed")

// IndexDir returns where the engine keeps its state for ws.
func IndexDir(ws *memory.Workspace) string { return filepath.Join(ws.StateDir(), "index") }

// Open opens the engine's indexes for ws, creating them when missing. A
// full-text index that cannot be opened is deleted and rebuilt from the
// database by the next Index call; it is reported as a warning.
func Open(ctx context.Context, ws *memory.Workspace, opt Options) (*Engine, error) {
	e := &Engine{ws: ws, opt: opt, log: opt.Logger, dir: IndexDir(ws), emb: opt.Embedder, blocks: map[string][32]byte{}}
	n := opt.MaxSearches
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	e.slots = make(chan struct{}, n)
	var err error
	if e.intents, err = parseIntents(intentsFile); err != nil {
		return nil, err
	}
	e.shortForms = parseShortForms(shortFormsFile)
	e.recap = wordset.Parse(recapFile)
	if e.changes, err = parseChanges(changesFile); err != nil {
		return nil, err
	}
	if e.events, err = parseEventWords(eventWordsFile); err != nil {
		return nil, err
	}
	if e.written, err = parseWritten(writtenFile, e.intents, e.changes, changesFile+"\x00"+hedgesFile); err != nil {
		return nil, err
	}
	if e.log == nil {
		e.log = slog.Default()
	}
	if e.opt.Rank == (RankParams{}) {
		e.opt.Rank = DefaultRankParams()
	}
	err = e.openIndexes(ctx, opt.Resident)
	if err != nil && (Damaged(err) || opt.ReplaceNewer && errors.Is(err, ErrNewerIndex)) && ctx.Err() == nil {
		// What opening read first found the database damaged (a one-shot
		// open trusts it without reading it through), or written by a
		// newer archon and to be replaced.
		e.Close()
		cause := err
		var unlock func()
		if unlock, err = e.lockOpen(ctx); err == nil {
			if errors.Is(cause, ErrNewerIndex) {
				// Sound, and maybe in use by the archon that wrote it: set
				// aside only when no process holds the index, asked once
				// (a wait here would hold index.lock, and every other
				// process opening the index, that long).
				err = e.holdFulltextWithin(ctx, 0)
			}
			if err == nil && !e.dbReplaced() { // else another process has set it aside
				err = e.setAsideFor(filepath.Join(e.dir, "rag.db"), cause)
			}
			unlock()
		}
		if err == nil {
			err = e.openIndexes(ctx, opt.Resident)
		}
	}
	if err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// lockOpen takes the workspace's lock on opening the index database (an
// flock on .archon/index.lock, outside the index directory, which a repair
// may set aside), held to create, migrate and check it or set it aside:
// processes that open the index at once, such as two `archon mcp` sessions
// right after `archon init`, never see each other's half-made database.
func (e *Engine) lockOpen(ctx context.Context) (func(), error) {
	// Held for moments (a migration, a check); a wait this long is a
	// process stuck with it.
	f, err := e.takeLock(ctx, "index.lock", openLockWait)
	if errors.Is(err, errLockWait) {
		return nil, fmt.Errorf("open index: %w (another archon process has held .archon/index.lock for %v)", fulltext.ErrLocked, openLockWait)
	}
	if err != nil {
		return nil, fmt.Errorf("open index: %w", err)
	}
	return func() {
		memory.UnlockFile(f)
		f.Close()
	}, nil
}

// openLockWait bounds the wait for .archon/index.lock.
const openLockWait = 30 * time.Second

// errLockWait is takeLock's error when the wait ran out.
var errLockWait = errors.New("the lock is held by another process")

// takeLock takes an flock on the state directory's lock file name,
// waiting up to wait (then errLockWait), and returns the file that holds
// it. Something else in the file's place (a directory) is derived state
// gone wrong: removed, and the file made.
func (e *Engine) takeLock(ctx context.Context, name string, wait time.Duration) (*os.File, error) {
	if err := os.MkdirAll(e.ws.StateDir(), 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(e.ws.StateDir(), name)
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if fi, serr := os.Lstat(path); err != nil && serr == nil && !fi.Mode().IsRegular() && os.RemoveAll(path) == nil {
		f, err = os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	}
	if err != nil {
		return nil, err
	}
	wctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	if err := memory.LockFile(wctx, f); err != nil {
		f.Close()
		if ctx.Err() == nil && wctx.Err() != nil {
			return nil, errLockWait
		}
		return nil, err
	}
	return f, nil
}

// openIndexes opens the database, the full-text index and what the engine
// keeps in memory of them. On an error the caller closes the engine.
func (e *Engine) openIndexes(ctx context.Context, resident bool) error {
	if err := os.MkdirAll(e.dir, 0o755); err != nil {
		return fmt.Errorf("open index: %w", err)
	}
	// The checks that read every byte run where the engine lives long
	// (the service); a one-shot command trusts what opens cleanly.
	unlock, err := e.lockOpen(ctx)
	if err != nil {
		return err
	}
	st, err := e.openStore(ctx, resident)
	unlock()
	if err != nil {
		return fmt.Errorf("open index database: %w", err)
	}
	e.st = st
	if layout, err := st.Meta(ctx, metaFulltextLayout); err == nil && layout != "" && layout != fulltextLayout {
		n, _ := strconv.Atoi(layout)
		cur, _ := strconv.Atoi(fulltextLayout)
		e.layoutAhead.Store(cmp.Or(int64(n-cur), -1)) // until an index run rebuilds it
	}
	if err := e.refreshMarks(ctx); err != nil {
		return fmt.Errorf("open index database: %w", err)
	}
	// What the last index run stamped and is unchanged since need not be
	// read through by a one-shot command (see stamps.go).
	trusted := map[string]bool{}
	if !resident {
		if trusted, err = e.unchanged(ctx); err != nil {
			return err
		}
	}
	e.vecTrusted = trusted[e.vectorFiles().Snapshot]
	if e.ft, err = e.openFulltext(ctx, trusted); err != nil {
		return err
	}
	if err := e.loadStats(ctx); err != nil {
		return err
	}
	return e.loadAgents(ctx)
}

func (e *Engine) ftDir() string { return filepath.Join(e.dir, "fulltext") }

// Close flushes and closes the indexes. Closing twice is harmless.
func (e *Engine) Close() error {
	e.ixMu.Lock()
	defer e.ixMu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	var errs []error
	if e.ft != nil {
		errs = append(errs, e.ft.Close())
		e.ft = nil
	}
	e.releaseFulltext()
	if e.st != nil {
		errs = append(errs, e.st.Close())
		e.st = nil
	}
	e.vec.mu.Lock()
	e.vec.reset() // unmaps the vector snapshot
	e.vec.mu.Unlock()
	return errors.Join(errs...)
}

// Meta keys in the store.
const (
	// metaFulltextDirty is "1" while the full-text index may disagree with
	// the database (set before a change, cleared after both committed).
	metaFulltextDirty = "fulltext_dirty"
	// metaAgents holds the comma-separated agent names, kept by Index.
	metaAgents = "agents"
	// metaChunks holds the number of chunks after the last Index run that
	// changed any: a run that changes nothing reads it instead of
	// counting 100,000 rows (a one-shot search's refresh).
	metaChunks = "chunks"
	// metaFulltextLayout records the layout of the full-text index
	// (fulltextLayout); another one is rebuilt.
	metaFulltextLayout = "fulltext_layout"
	// metaFulltextStats holds the full-text index's BM25 statistics
	// (fulltext.Stats as JSON), saved by every Index run that changed it.
	metaFulltextStats = "fulltext_stats"
	// fulltextLayout 8: a y Porter turned into i after a vowel is
	// given back (deploy, deployment: fulltext.vowelYFilter); 7: runs of
	// letters too long to be terms are left
	// out of the documents' text (fulltext.StripLongWords); 6: a
	// session document is its entries' documents
	// (see sessions); 5: the first line of a whole entry counts twice
	// (see ftDoc); 4: documents store their lengths (see fulltext's
	// stats); 3: words longer than fulltext.MaxTermBytes are left out; 2:
	// session documents per block of sessionBlock chunks; 1: one per file.
	fulltextLayout = "8"
)

// loadStats hands the full-text index the BM25 statistics the last index
// run saved. Statistics whose document counts are not the index's mean the
// index changed behind archon's back (a segment lost, a directory
// deleted, an old copy restored): it is rebuilt by the next Index, and
// searches meanwhile count their own.
func (e *Engine) loadStats(ctx context.Context) error {
	raw, err := e.st.Meta(ctx, metaFulltextStats)
	if err != nil {
		return err
	}
	if raw != "" {
		var st fulltext.Stats
		ok := json.Unmarshal([]byte(raw), &st) == nil
		if ok {
			if ok, err = e.ft.UseStats(st); err != nil {
				return err
			}
		}
		if ok {
			return nil
		}
		e.log.Warn("full-text index out of step with the database; it will be rebuilt", "dir", e.ftDir())
		if err := e.st.SetMeta(ctx, metaFulltextDirty, "1"); err != nil {
			return err
		}
	}
	return e.ft.RefreshStats()
}

// saveStats keeps the full-text index's statistics for loadStats.
func (e *Engine) saveStats(ctx context.Context) error {
	b, err := json.Marshal(e.ft.Stats())
	if err != nil {
		return err
	}
	return e.st.SetMeta(ctx, metaFulltextStats, string(b))
}

// loadAgents reads the workspace's agent names, which Index keeps in the
// database.
func (e *Engine) loadAgents(ctx context.Context) error {
	v, err := e.st.Meta(ctx, metaAgents)
	if err != nil {
		return err
	}
	m := map[string][]string{}
	for _, a := range strings.Split(v, ",") {
		if a != "" {
			m[strings.ToLower(a)] = append(m[strings.ToLower(a)], a)
		}
	}
	e.agents.Store(&m)
	return nil
}

// Projects returns the projects the indexed chunks belong to, sorted.
func (e *Engine) Projects(ctx context.Context) ([]string, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.st == nil {
		return nil, ErrClosed
	}
	ps, err := e.st.Projects(ctx)
	if err != nil {
		return nil, fmt.Errorf("projects: %w", err)
	}
	return ps, nil
}

// agentsAnyCase returns the agent names a filter names, with every
// spelling of each the workspace holds: a filter's agent is any case.
func (e *Engine) agentsAnyCase(names []string) []string {
	sp := e.agents.Load()
	if len(names) == 0 || sp == nil {
		return names
	}
	out := slices.Clone(names)
	for _, n := range names {
		for _, s := range (*sp)[strings.ToLower(n)] {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// neighbourhood returns the positions of ids and of their neighbours within
// radius, each once, sorted by file and position: from memory when
// resident, else from the database.
func (e *Engine) neighbourhood(ctx context.Context, ids []string, radius int) ([]*store.Position, error) {
	if !e.opt.Resident {
		ps, err := e.st.Neighbourhood(ctx, ids, radius)
		if err != nil {
			return nil, err
		}
		out := make([]*store.Position, len(ps))
		for i := range ps {
			out[i] = &ps[i]
		}
		slices.SortFunc(out, byPathSeq)
		return slices.CompactFunc(out, func(a, b *store.Position) bool { return byPathSeq(a, b) == 0 }), nil
	}
	if err := e.pos.load(ctx, e.st); err != nil {
		return nil, err
	}
	return e.pos.neighbourhood(ids, radius), nil
}

// readPositions runs read on the resident positions, loading them first:
// an index run may empty them between the load and the read (read then
// reports false), and they are loaded again.
func (e *Engine) readPositions(ctx context.Context, read func() bool) error {
	for range 3 {
		if err := e.pos.load(ctx, e.st); err != nil {
			return err
		}
		if read() {
			return nil
		}
	}
	return nil
}

// marked returns the positions of the chunks holding mark (one that sorts
// before every intent's name: see markChange) dated since or later.
func (e *Engine) marked(ctx context.Context, mark, since string) ([]*store.Position, error) {
	var out []*store.Position
	if e.opt.Resident {
		err := e.readPositions(ctx, func() (ok bool) {
			out, ok = e.pos.marked(mark, since)
			return ok
		})
		return out, err
	}
	err := e.st.EachPositionMarked(ctx, mark, since, func(c store.Position) error {
		out = append(out, &c)
		return nil
	})
	return out, err
}

// ftDoc is the full-text view of chunk i of cs, a file's chunks in
// position order (or a run of them that holds whole entries). The first
// line of a whole entry or section of several lines counts twice: a
// record's first line names what it is about ("JWT-based
// authentication"), as a title does, and weighs more than a word further
// down (field weighting by repetition, BM25F's idea). The pieces of a
// split entry keep their words once, so the piece that holds a query's
// words is still the one that ranks. Runs of letters too long to be terms
// (a pasted blob) are left out of its text.
func ftDoc(cs []chunk.Chunk, i int) fulltext.Doc {
	c := &cs[i]
	text := fulltext.StripLongWords(c.Text)
	if whole(cs, i) {
		if lead, _, ok := strings.Cut(strings.TrimSpace(text), "\n"); ok {
			text = lead + "\n" + text
		}
	}
	if c.Title != "" {
		text = c.Title + "\n" + text
	}
	return fulltext.Doc{ID: c.ID, Text: text, Agent: c.Agent, Tags: c.Tags, Project: c.Project, Layer: c.Layer, Date: c.Date}
}

// whole reports whether chunk i of cs is an entry or section of its own,
// not a piece of a split one: split pieces are numbered from 0, so the
// first is told by the piece that follows it.
func whole(cs []chunk.Chunk, i int) bool {
	return cs[i].Part == 0 && (i+1 == len(cs) || cs[i+1].Part == 0)
}

// sessionBlock is how many consecutive chunks of a file one session
// document holds. A day's log is one session (one document) unless it grows
// past this; then each block of it is one, so that appending to a very long
// log rewrites only its last block instead of the whole day.
const sessionBlock = 1000

// sessionID names block b of path's session documents.
func sessionID(path string, b int) string { return path + "#" + strconv.Itoa(b) }

// sessionOf returns the session document that holds chunk c of path.
func sessionOf(path string, seq int) string { return sessionID(path, seq/sessionBlock) }

// sessions returns the full-text view of a file, block by block: the
// full-text documents of its entries (the first piece of a split one),
// each followed by a newline. cs are in position order and docs are their
// documents (appendDocs). Each session's Docs are the indices in cs of
// the chunks it holds, so that a full build can reuse their analysis.
func sessions(path string, cs []chunk.Chunk, docs []fulltext.Doc) []fulltext.Session {
	var out []fulltext.Session
	var parts []int
	var b strings.Builder
	block := -1
	flush := func() {
		if block >= 0 {
			out = append(out, fulltext.Session{ID: sessionID(path, block), Text: b.String(), Docs: parts})
			parts = nil
			b.Reset()
		}
	}
	for i := range cs {
		if k := cs[i].Seq / sessionBlock; k != block {
			flush()
			block = k
		}
		if cs[i].Part > 0 {
			continue // split parts overlap; the first part stands for the entry
		}
		parts = append(parts, i)
		b.WriteString(docs[i].Text)
		b.WriteByte('\n')
	}
	flush()
	return out
}

// sessionBlocks returns how many session documents a file with the given
// stored chunk states has.
func sessionBlocks(states map[string]store.ChunkState) int {
	n := 0
	for _, st := range states {
		n = max(n, st.Seq/sessionBlock+1)
	}
	return n
}
