package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/jobs"
	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/rag"
	"github.com/archon-memory/archon/shared"
)

// Options tune Open.
type Options struct {
	// Logger receives diagnostics (nil: discard).
	Logger *slog.Logger
	// OneShot opens the memory for one command: each engine opens on first
	// use (an `archon log` never opens the retrieval engine), nothing runs
	// in the background, Open does not index, and the retrieval engine
	// keeps no positions resident. Without it the memory is a long-lived
	// service (archon serve, archon mcp): Open opens the retrieval engine
	// and indexes, writes are indexed in the background and the files are
	// rescanned for changes made outside it.
	OneShot bool
	// IndexDelay is the least time between two background index runs after
	// writes (default 500ms): entries written under sustained load are
	// searchable within about this delay plus one index run (a write after
	// a quiet spell is indexed at once). Shorter delays spend more of the
	// machine on index runs: with 32 clients on two cores, 200ms instead of
	// 500ms raised search p99 from about 26 to 31 ms.
	IndexDelay time.Duration
	// Rescan is how often the files are checked for changes made outside
	// the service (default 10s; negative: never).
	Rescan time.Duration
	// Version is reported by Health.
	Version string
	// Observer, when set, is told about index runs, context checks and job
	// runs (for metrics).
	Observer Observer
	// CatchUp makes a service's Open return before its first index run,
	// which then runs in the background: a service restarted after a
	// kill, with an index to rebuild, answers at once (archon serve),
	// and searches say that the index is catching up until it has.
	CatchUp bool
}

// Observer is told what the memory did: for metrics and for the
// dashboard's live updates. Its methods are called after the fact, on the
// caller's goroutine: they must return quickly.
type Observer interface {
	// Indexed is called after every index run.
	Indexed(st *rag.IndexStats, err error)
	// Checked is called after every context check, with the check as
	// kept for its session.
	Checked(s *ContextSession)
	// JobRan is called after every run of a scheduled job; err is nil for
	// a run that succeeded or skipped.
	JobRan(name string, err error, d time.Duration)
	// Logged is called after an entry was appended to a daily log.
	Logged(e *Entry)
	// Updated is called after a change a front end shows: one of the
	// Update* names.
	Updated(what string)
}

// What Observer.Updated names.
const (
	UpdateModel     = "model"     // the model override
	UpdateWisdom    = "memory_md" // MEMORY.md
	UpdateSummary   = "summary"   // MEMORY_SUMMARY.md
	UpdateKnowledge = "knowledge" // L3
	UpdateLogs      = "logs"      // daily logs, but for an entry logged (forget)
)

// Observers tells each of its observers.
type Observers []Observer

// Indexed implements Observer.
func (o Observers) Indexed(st *rag.IndexStats, err error) {
	for _, x := range o {
		x.Indexed(st, err)
	}
}

// Checked implements Observer.
func (o Observers) Checked(s *ContextSession) {
	for _, x := range o {
		x.Checked(s)
	}
}

// JobRan implements Observer.
func (o Observers) JobRan(name string, err error, d time.Duration) {
	for _, x := range o {
		x.JobRan(name, err, d)
	}
}

// Logged implements Observer.
func (o Observers) Logged(e *Entry) {
	for _, x := range o {
		x.Logged(e)
	}
}

// Updated implements Observer.
func (o Observers) Updated(what string) {
	for _, x := range o {
		x.Updated(what)
	}
}

// Local is the Memory of one workspace, served by its engines in this
// process. It owns each engine, opened once: the retrieval engine, the
// context monitor, the one L3 knowledge store and the job scheduler.
type Local struct {
	ws      *memory.Workspace
	cfg     *config.Loaded
	log     *slog.Logger
	opt     Options
	started time.Time
	cfgPath string      // the configuration file (the workspace's when none was read)
	cfgFile os.FileInfo // cfgPath as it was when loaded (nil: none)

	rag   lazy[rag.Engine]
	mon   lazy[monitor.Monitor]
	l3    lazy[knowledge.Store]
	sched lazy[jobs.Scheduler]
	idx   *indexer // nil when OneShot
	// node is the workspace in shared mode (nil when off); stopNode ends
	// its run in a service.
	node     *shared.Node
	stopNode func()

	mu          sync.Mutex // guards chunks, indexedAt, logDays, jobsOn, repairsSeen
	chunks      int
	indexedAt   time.Time
	indexBegan  time.Time         // when the last index run that succeeded began
	indexBytes  int64             // the index's size on disk, as measured at sizedAt
	sizedAt     time.Time         // (Health measures it at most every indexSizeAge)
	logDays     map[string]logDay // Logs' counts by path, while size and mtime hold
	jobsOn      bool
	repairsSeen int // engine repairs Doctor has reported
	// caughtUp: the first index run finished (see Options.CatchUp).
	caughtUp atomic.Bool
}

var _ Memory = (*Local)(nil)

// Open returns the memory of ws as configured by cfg. Unless
// opt.OneShot, it opens the retrieval engine (resident) and brings the
// index up to date before it returns.
func Open(ctx context.Context, ws *memory.Workspace, cfg *config.Loaded, opt Options) (*Local, error) {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.IndexDelay <= 0 {
		opt.IndexDelay = 500 * time.Millisecond
	}
	if opt.Rescan == 0 {
		opt.Rescan = 10 * time.Second
	}
	l := &Local{ws: ws, cfg: cfg, log: opt.Logger, opt: opt, started: time.Now()}
	l.cfgPath = cmp.Or(cfg.File, filepath.Join(ws.Root(), memory.ConfigFile))
	l.cfgFile, _ = os.Stat(l.cfgPath)
	if err := l.openShared(); err != nil {
		return nil, err
	}
	if opt.OneShot {
		return l, nil
	}
	if _, err := l.engine(ctx); err != nil {
		return nil, err
	}
	l.idx = newIndexer(l)
	l.startShared()
	if opt.CatchUp {
		l.idx.notify() // the first run starts now, in the background
		return l, nil
	}
	if _, err := l.Index(ctx, IndexRequest{}); err != nil {
		l.Close()
		return nil, err
	}
	return l, nil
}

// catchingUp is the warning a search carries while a service's first
// index run has not finished.
const catchingUp = "the index is catching up with the files after a restart: recent changes may be missing from these results"

// receiving is the warning a search carries while a shared workspace's
// node has not yet brought in, and indexed, the tenant's log.
const receiving = "this node is still receiving the team's entries from the shared store: some may be missing from these results"

// sharedCatchingUp reports whether the node has yet to apply the tenant's
// log and an index run to begin after that.
func (l *Local) sharedCatchingUp() bool {
	if l.node == nil || l.idx == nil {
		return false
	}
	at := l.node.CaughtUp()
	l.mu.Lock()
	defer l.mu.Unlock()
	return at == nil || l.indexBegan.Before(*at)
}

// Close stops background indexing (waiting for a run in progress), saves
// the token caches and closes the indexes and the database. Stop the jobs
// first (StopJobs): a job in progress uses the engines.
func (l *Local) Close() error {
	if l.stopNode != nil {
		l.stopNode() // it appends to the logs and asks for index runs
	}
	if l.idx != nil {
		l.idx.stop()
	}
	var errs []error
	if m, ok := l.mon.peek(); ok {
		if err := m.SaveTokenCaches(l.ws.StateDir()); err != nil {
			l.log.Warn("token caches not saved", "err", err)
		}
	}
	if e, ok := l.rag.peek(); ok {
		errs = append(errs, e.Close())
	}
	if s, ok := l.l3.peek(); ok {
		errs = append(errs, s.Close())
	}
	return errors.Join(errs...)
}

// Workspace returns the workspace served.
func (l *Local) Workspace() *memory.Workspace { return l.ws }

// Config returns the workspace configuration.
func (l *Local) Config() *config.Loaded { return l.cfg }

// IndexDir returns the directory of the retrieval indexes.
func (l *Local) IndexDir() string { return rag.IndexDir(l.ws) }

// IndexInUse reports whether another process (a running archon serve)
// holds the indexes of the workspace whose state directory is stateDir.
func IndexInUse(stateDir string) bool { return rag.InUse(stateDir) }

// engine returns the retrieval engine, opening it on first use with the
// configured embedder and reranker.
func (l *Local) engine(ctx context.Context) (*rag.Engine, error) {
	eng, err := l.openEngine(ctx, false)
	if errors.Is(err, rag.ErrNewerIndex) {
		return nil, fmt.Errorf("%w; use that archon, or run `archon doctor --repair` to set the index aside and build this version's from the workspace files", err)
	}
	return eng, err
}

// openEngine opens the retrieval engine once; replaceNewer sets aside an
// index written by a newer archon (see rag.Options.ReplaceNewer).
func (l *Local) openEngine(ctx context.Context, replaceNewer bool) (*rag.Engine, error) {
	return l.rag.get(func() (*rag.Engine, error) {
		cfg := l.cfg
		ro := rag.Options{Logger: l.log, Rank: rag.DefaultRankParams(), Resident: !l.opt.OneShot, Records: records{l}, LockWait: indexWait,
			ReplaceNewer: replaceNewer}
		ro.Rank.Vector = cfg.Search.VectorWeight
		var err error
		if ro.Embedder, ro.Reranker, err = providers(cfg); err != nil {
			return nil, err
		}
		if ro.Reranker != nil {
			ro.RerankTopN = cfg.Rerank.TopN
		}
		return rag.Open(ctx, l.ws, ro)
	})
}

// monitor returns the context monitor, built on first use from the
// context section, with its token caches loaded.
func (l *Local) monitor() (*monitor.Monitor, error) {
	return l.mon.get(func() (*monitor.Monitor, error) {
		mcfg, err := monitor.ConfigFrom(l.cfg.Context)
		if err != nil {
			return nil, err
		}
		m, err := monitor.New(mcfg, l.log)
		if err != nil {
			return nil, l.cfg.Blame(err)
		}
		if err := m.LoadTokenCaches(l.ws.StateDir()); err != nil {
			l.log.Debug("token caches not loaded", "err", err)
		}
		return m, nil
	})
}

// store returns the L3 knowledge store, opened on first use. Unless
// create, a workspace without a knowledge database gets nil: reading L3
// never creates it.
func (l *Local) store(ctx context.Context, create bool) (*knowledge.Store, error) {
	if s, ok := l.l3.peek(); ok {
		return s, nil
	}
	if c := l.cfg.Shared; c.PostgresURL != "" {
		// Shared mode: the tenant's L3 is in PostgreSQL, for every node.
		return l.l3.get(func() (*knowledge.Store, error) {
			// A tenant the store does not know gets no L3 schema.
			if err := l.node.CheckTenant(ctx); err != nil {
				return nil, err
			}
			return knowledge.OpenPostgres(ctx, c.PostgresURL, c.Tenant, knowledge.Options{Now: l.ws.Now, Location: l.ws.Location(), Notify: shared.L3Channel})
		})
	}
	path := knowledge.DefaultPath(l.ws.StateDir())
	if !create {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
	}
	return l.l3.get(func() (*knowledge.Store, error) {
		return knowledge.Open(ctx, path, knowledge.Options{Now: l.ws.Now, Location: l.ws.Location()})
	})
}

// records gives the retrieval engine the L3 records to index.
type records struct{ l *Local }

func (r records) Records(ctx context.Context) ([]rag.Record, error) {
	s, err := r.l.store(ctx, false)
	if err != nil || s == nil {
		return nil, err
	}
	docs, err := s.Documents(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]rag.Record, len(docs))
	for i, d := range docs {
		out[i] = rag.Record{ID: d.ID, Kind: d.Kind, Title: d.Title, Text: d.Text, Tags: d.Tags,
			Project: d.Project, Agent: d.Agent, Date: d.Date, Seq: d.UpdatedSeq}
	}
	return out, nil
}

// indexSizeAge is how long Health reuses the index size it measured.
const indexSizeAge = 5 * time.Second

// indexWait is how long a command (or the service, starting) waits for
// another archon process that holds the index, a one-shot `archon index`
// rebuilding it, before it says the index is in use.
const indexWait = time.Minute

// Health reports that the memory is up, with a few figures.
func (l *Local) Health(ctx context.Context) (*Health, error) {
	busy := false
	if l.idx != nil {
		busy = l.idx.busy()
	}
	h := &Health{Status: "ok", Version: l.opt.Version, Root: l.ws.Root(), PID: os.Getpid(),
		Uptime: time.Since(l.started).Seconds(), Indexing: busy, Ready: l.idx == nil || l.caughtUp.Load(),
		Shared: l.sharedStatus(ctx)}
	l.mu.Lock()
	h.Chunks, h.IndexBytes = l.chunks, l.indexBytes
	fresh := time.Since(l.sizedAt) < indexSizeAge
	if !l.indexedAt.IsZero() {
		at := l.indexedAt.UTC()
		h.IndexedAt = &at
	}
	l.mu.Unlock()
	if !fresh {
		h.IndexBytes = memory.DirBytes(l.IndexDir()) // a walk of the index directory: not on every call
		l.mu.Lock()
		l.indexBytes, l.sizedAt = h.IndexBytes, time.Now()
		l.mu.Unlock()
	}
	return h, nil
}

// Chunks returns the number of chunks after the last index run.
func (l *Local) Chunks() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.chunks
}

// lazy holds a value opened on first use. Once opened, get costs one
// atomic load; a failed open is tried again by the next get.
type lazy[T any] struct {
	v  atomic.Pointer[T]
	mu sync.Mutex
}

func (z *lazy[T]) get(open func() (*T, error)) (*T, error) {
	if v := z.v.Load(); v != nil {
		return v, nil
	}
	z.mu.Lock()
	defer z.mu.Unlock()
	if v := z.v.Load(); v != nil {
		return v, nil
	}
	v, err := open()
	if err != nil {
		return nil, err
	}
	z.v.Store(v)
	return v, nil
}

// take removes the opened value, if any, and returns it (the next get
// opens anew).
func (z *lazy[T]) take() (*T, bool) {
	z.mu.Lock()
	defer z.mu.Unlock()
	v := z.v.Swap(nil)
	return v, v != nil
}

// peek returns the value if it was opened.
func (z *lazy[T]) peek() (*T, bool) {
	v := z.v.Load()
	return v, v != nil
}
