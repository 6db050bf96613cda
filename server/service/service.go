// Package service is the engine set archon serve shares between its HTTP
// API and its MCP server: one resident retrieval engine, the context
// monitor, the L3 knowledge store and the workspace, with the operations
// both front ends expose. Errors carry a Kind (see Error) that the front
// ends map to status codes.
package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/rag"
	"github.com/archon-memory/archon/rag/embed"
)

// Options tune Open.
type Options struct {
	// Logger receives diagnostics (nil: discard).
	Logger *slog.Logger
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
	// Observer, when set, is told about index runs and context checks
	// (for metrics).
	Observer Observer
}

// Observer is told what the service did, for metrics.
type Observer interface {
	// Indexed is called after every index run.
	Indexed(st *rag.IndexStats, err error)
	// Checked is called after every context check.
	Checked(r *monitor.Report)
}

// Service is one workspace's engines. It is safe for concurrent use.
type Service struct {
	ws      *memory.Workspace
	cfg     *config.Loaded
	rag     *rag.Engine
	mon     *monitor.Monitor
	kn      *knowledge.Store
	log     *slog.Logger
	opt     Options
	started time.Time
	idx     *indexer

	mu     sync.Mutex // guards chunks
	chunks int
}

// Open opens every engine of ws as configured by cfg and brings the index
// up to date. The retrieval engine is resident (positions kept in memory).
func Open(ctx context.Context, ws *memory.Workspace, cfg *config.Loaded, opt Options) (*Service, error) {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.IndexDelay <= 0 {
		opt.IndexDelay = 500 * time.Millisecond
	}
	if opt.Rescan == 0 {
		opt.Rescan = 10 * time.Second
	}
	s := &Service{ws: ws, cfg: cfg, log: opt.Logger, opt: opt, started: time.Now()}
	ro := rag.Options{Logger: opt.Logger, Rank: rag.DefaultRankParams(), Resident: true}
	ro.Rank.Vector = cfg.Search.VectorWeight
	if cfg.Embedder.Provider != "none" && cfg.Search.VectorWeight > 0 {
		emb, err := embed.New(embed.Config{
			Provider: cfg.Embedder.Provider, Model: cfg.Embedder.Model, URL: cfg.Embedder.URL,
			Dimensions: cfg.Embedder.Dimensions, APIKeyEnv: cfg.Embedder.APIKeyEnv,
		})
		if err != nil {
			return nil, fmt.Errorf("embedder: %w", err)
		}
		ro.Embedder = emb
	}
	mcfg, err := monitor.LoadConfig(ws.ConfigPath())
	if err != nil {
		return nil, err
	}
	if s.mon, err = monitor.New(mcfg, opt.Logger); err != nil {
		return nil, fmt.Errorf("%s: context: %w", ws.ConfigPath(), err)
	}
	if err := s.mon.LoadTokenCaches(ws.StateDir()); err != nil {
		s.log.Debug("token caches not loaded", "err", err)
	}
	if s.kn, err = knowledge.Open(ctx, knowledge.DefaultPath(ws.StateDir()), knowledge.Options{Now: ws.Now, Location: ws.Location()}); err != nil {
		return nil, err
	}
	if s.rag, err = rag.Open(ctx, ws, ro); err != nil {
		s.kn.Close()
		return nil, err
	}
	s.idx = newIndexer(s)
	if _, err := s.Index(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Close stops background indexing, waits for a run in progress, saves the
// token caches and flushes and closes the indexes and the database.
func (s *Service) Close() error {
	if s.idx != nil {
		s.idx.stop()
	}
	if err := s.mon.SaveTokenCaches(s.ws.StateDir()); err != nil {
		s.log.Warn("token caches not saved", "err", err)
	}
	return errors.Join(s.rag.Close(), s.kn.Close())
}

// Workspace returns the workspace served.
func (s *Service) Workspace() *memory.Workspace { return s.ws }

// Config returns the workspace configuration.
func (s *Service) Config() *config.Loaded { return s.cfg }

// Knowledge returns the L3 store.
func (s *Service) Knowledge() *knowledge.Store { return s.kn }

// Monitor returns the context monitor.
func (s *Service) Monitor() *monitor.Monitor { return s.mon }

// Health is the answer of GET /v1/health.
type Health struct {
	Status   string  `json:"status"`
	Version  string  `json:"version"`
	Root     string  `json:"root"`
	PID      int     `json:"pid"`
	Uptime   float64 `json:"uptime_seconds"`
	Chunks   int     `json:"chunks"`
	Indexing bool    `json:"indexing"`
}

// Chunks returns the number of chunks after the last index run.
func (s *Service) Chunks() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.chunks
}
