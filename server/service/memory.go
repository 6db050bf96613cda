package service

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/archon-memory/archon/archive"
	"github.com/archon-memory/archon/layers"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
)

// Health reports that the service is up, with a few figures.
func (s *Service) Health() Health {
	return Health{Status: "ok", Version: s.opt.Version, Root: s.ws.Root(), PID: os.Getpid(),
		Uptime: time.Since(s.started).Seconds(), Chunks: s.Chunks(), Indexing: s.idx.busy()}
}

// SearchRequest is a search with every filter archon search has.
type SearchRequest struct {
	Query     string   `json:"query"`
	TopK      int      `json:"top_k,omitempty"`
	Threshold float64  `json:"threshold,omitempty"`
	Tags      []string `json:"tags,omitempty"`
	AllTags   bool     `json:"all_tags,omitempty"`
	Agents    []string `json:"agents,omitempty"`
	Projects  []string `json:"projects,omitempty"`
	Layers    []string `json:"layers,omitempty"`
	Since     string   `json:"since,omitempty"`
	Until     string   `json:"until,omitempty"`
	// Refresh brings the index up to date first, as archon search does
	// unless --no-index (the service also indexes in the background).
	Refresh bool `json:"refresh,omitempty"`
}

// Query converts r into a rag query; a zero TopK takes search.top_k.
func (s *Service) query(r SearchRequest) rag.Query {
	q := rag.Query{Text: r.Query, TopK: r.TopK, Threshold: r.Threshold, Filter: rag.Filter{
		Tags: r.Tags, AllTags: r.AllTags, Agents: r.Agents, Projects: r.Projects, Since: r.Since, Until: r.Until,
	}}
	for _, l := range r.Layers {
		q.Filter.Layers = append(q.Filter.Layers, strings.ToUpper(strings.TrimSpace(l)))
	}
	if q.TopK == 0 {
		q.TopK = s.cfg.Search.TopK
	}
	return q
}

// Search answers r, best first, metadata first.
func (s *Service) Search(ctx context.Context, r SearchRequest) (*rag.Response, error) {
	q := s.query(r)
	check := q
	check.Filter.Tags = append([]string(nil), q.Filter.Tags...)
	if _, err := check.Validate(); err != nil {
		return nil, wrap(Invalid, err)
	}
	if r.Refresh {
		if _, err := s.Index(ctx); err != nil {
			return nil, fmt.Errorf("search: index: %w", err)
		}
	}
	return s.rag.Search(ctx, q)
}

// Get returns the full item behind a search hit with n neighbours a side.
func (s *Service) Get(ctx context.Context, id string, n int) (*rag.Item, error) {
	if n < 0 || n > 100 {
		return nil, Invalidf("context must be between 0 and 100, got %d", n)
	}
	if id == "" || !utf8.ValidString(id) || len(id) > 200 {
		return nil, Invalidf("bad item id %q: ids come from search results", id)
	}
	return s.rag.Get(ctx, id, n)
}

// LogRequest is one daily-log entry to append.
type LogRequest struct {
	Text  string   `json:"text"`
	Agent string   `json:"agent,omitempty"`
	Tags  []string `json:"tags,omitempty"`
	Date  string   `json:"date,omitempty"`
	Time  string   `json:"time,omitempty"`
}

// Log appends an entry (the agent defaults to log.agent) and has it
// indexed in the background.
func (s *Service) Log(ctx context.Context, r LogRequest) (memory.Entry, error) {
	if r.Agent == "" {
		r.Agent = s.cfg.Log.Agent
	}
	e, err := s.ws.Append(ctx, memory.Entry{Date: r.Date, Time: r.Time, Agent: r.Agent, Tags: r.Tags, Text: r.Text})
	if err != nil {
		return e, err
	}
	s.Changed()
	return e, nil
}

// L1 builds the L1 payload within budget tokens (0: l1.budget_tokens).
func (s *Service) L1(ctx context.Context, budget int) (*layers.Payload, error) {
	if budget < 0 || budget > 1_000_000 {
		return nil, Invalidf("budget must be between 1 and 1000000, got %d", budget)
	}
	if budget == 0 {
		budget = s.cfg.L1.BudgetTokens
	}
	return layers.BuildPayload(ctx, s.ws, layers.PayloadOptions{Budget: budget, WindowDays: s.cfg.L1.WindowDays})
}

// ArchiveRequest asks for archival of old daily logs.
type ArchiveRequest struct {
	// OlderThan is an age like 7d, 2w or 36h (default: l1.window_days).
	OlderThan string `json:"older_than,omitempty"`
	DryRun    bool   `json:"dry_run,omitempty"`
}

// Archive moves daily logs past the window to memory/archive/.
func (s *Service) Archive(ctx context.Context, r ArchiveRequest) (*archive.Result, error) {
	age := time.Duration(s.cfg.L1.WindowDays) * 24 * time.Hour
	if r.OlderThan != "" {
		var err error
		if age, err = archive.ParseAge(r.OlderThan); err != nil {
			return nil, wrap(Invalid, fmt.Errorf("older_than: %w", err))
		}
	}
	res, err := archive.Run(ctx, s.ws, archive.Options{OlderThan: age, DryRun: r.DryRun})
	if err == nil && !r.DryRun && len(res.Moved) > 0 {
		s.Changed()
	}
	return res, err
}
