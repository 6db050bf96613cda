package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
	"github.com/archon-memory/archon/rag/chunk"
)

// Log appends an entry (the agent defaults to log.agent); a service has
// it indexed in the background.
func (l *Local) Log(ctx context.Context, r LogRequest) (*Entry, error) {
	if r.Agent == "" {
		r.Agent = l.cfg.Log.Agent
	}
	if err := l.ws.CheckLogDate(r.Date); err != nil {
		return nil, wrap(Invalid, err)
	}
	// A node of a project writes under it: tagged #project/NAME, which
	// --project finds on every node.
	if p := l.cfg.Shared.Project; l.node != nil && p != "" && !slices.ContainsFunc(r.Tags, isProjectTag) {
		if t, err := memory.NormalizeTag(chunk.ProjectTagPrefix + p); err == nil {
			r.Tags = append(slices.Clone(r.Tags), t)
		}
	}
	stored, err := l.ws.Append(ctx, memory.Entry{Date: r.Date, Time: r.Time, Agent: r.Agent, Tags: r.Tags, Text: r.Text, IfNew: r.IfNew})
	if err != nil {
		return nil, err
	}
	e := newEntry(stored)
	if stored.Existed {
		return e, nil // nothing written
	}
	l.Changed()
	if l.opt.Observer != nil {
		l.opt.Observer.Logged(e)
	}
	if err := l.share(ctx, &stored); err != nil {
		return nil, err
	}
	return e, nil
}

// isProjectTag reports a tag that puts an entry in a project.
func isProjectTag(t string) bool {
	return strings.HasPrefix(strings.ToLower(strings.TrimPrefix(t, "#")), chunk.ProjectTagPrefix)
}

// newEntry is an entry just appended, with its id.
func newEntry(e memory.Entry) *Entry {
	return &Entry{Entry: e, ID: chunk.EntryID(e, chunk.Options{})}
}

// Index brings every index up to date with the files and returns its
// counts. In a service the run starts after this call, so every change
// written before it is seen.
func (l *Local) Index(ctx context.Context, r IndexRequest) (*IndexStats, error) {
	if l.idx != nil {
		return l.idx.wait(ctx)
	}
	eng, err := l.engine(ctx)
	if err != nil {
		return nil, err
	}
	return eng.Index(ctx, r.Progress)
}

// Changed tells the memory that workspace files changed: a service's
// index catches up in the background.
func (l *Local) Changed() {
	if l.idx != nil {
		l.idx.notify()
	}
}

// changed is Changed for a change a front end shows (an Update* name).
func (l *Local) changed(what string) {
	l.Changed()
	l.updated(what)
}

// updated tells the observer about a change a front end shows.
func (l *Local) updated(what string) {
	if l.opt.Observer != nil {
		l.opt.Observer.Updated(what)
	}
}

// query converts r into a rag query; a zero TopK takes search.top_k.
func (l *Local) query(r SearchRequest) rag.Query {
	q := rag.Query{Text: r.Query, TopK: r.TopK, Threshold: r.Threshold, Explain: r.Explain, Filter: rag.Filter{
		Tags: r.Tags, AllTags: r.AllTags, Agents: r.Agents, Projects: r.Projects, Since: r.Since, Until: r.Until,
	}}
	for _, s := range r.Layers {
		q.Filter.Layers = append(q.Filter.Layers, strings.ToUpper(strings.TrimSpace(s)))
	}
	if q.TopK == 0 {
		q.TopK = l.cfg.Search.TopK
	}
	return q
}

// projectNames expands a search's project filter to the names its
// projects are stored under: an L3 project's name as written ("Billing"),
// and lower case, as a log entry's #project/ tag has it; an L3 id ("P1")
// stands for its project. Names are compared regardless of case.
func (l *Local) projectNames(ctx context.Context, refs []string) []string {
	var out []string
	add := func(s string) {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	var known []Project
	if len(refs) > 0 {
		known, _ = l.Projects(ctx, "") // L3 unavailable: the names as given
	}
	for _, r := range refs {
		add(r)
		add(strings.ToLower(r))
		for _, p := range known {
			if p.ID == r || strings.EqualFold(p.Name, r) {
				add(p.Name)
				add(strings.ToLower(p.Name))
			}
		}
	}
	return out
}

// unknownProjects says which of refs name no project: no L3 project has
// that id or name and no indexed entry belongs to it (a search filtered
// by a misspelt project finds nothing, and says why).
func (l *Local) unknownProjects(ctx context.Context, eng *rag.Engine, refs []string) []string {
	indexed, err := eng.Projects(ctx)
	if err != nil {
		return nil
	}
	known, _ := l.Projects(ctx, "")
	var out []string
	for _, r := range refs {
		if slices.ContainsFunc(indexed, func(p string) bool { return strings.EqualFold(p, r) }) ||
			slices.ContainsFunc(known, func(p Project) bool { return p.ID == r || strings.EqualFold(p.Name, r) }) {
			continue
		}
		w := fmt.Sprintf("no project named %q", r)
		if len(indexed) > 0 {
			w += " (projects: " + strings.Join(indexed[:min(len(indexed), 10)], ", ") + ")"
		}
		out = append(out, w)
	}
	return out
}

// Search answers r, best first, metadata first.
func (l *Local) Search(ctx context.Context, r SearchRequest) (*SearchResponse, error) {
	q := l.query(r)
	q.Filter.Projects = l.projectNames(ctx, q.Filter.Projects)
	check := q
	check.Filter.Tags = append([]string(nil), q.Filter.Tags...)
	if _, err := check.Validate(); err != nil {
		return nil, wrap(Invalid, err)
	}
	if r.Refresh {
		if _, err := l.Index(ctx, IndexRequest{}); err != nil {
			return nil, fmt.Errorf("search: index: %w", err)
		}
	}
	eng, err := l.engine(ctx)
	if err != nil {
		return nil, err
	}
	res, err := repaired(ctx, l, eng, func() (*SearchResponse, error) { return eng.Search(ctx, q) })
	if err == nil && len(res.Results) == 0 && len(r.Projects) > 0 {
		res.Warnings = append(res.Warnings, l.unknownProjects(ctx, eng, r.Projects)...)
	}
	if err == nil && l.idx != nil && !l.caughtUp.Load() {
		res.Warnings = append(res.Warnings, catchingUp)
	}
	if err == nil && l.sharedCatchingUp() {
		res.Warnings = append(res.Warnings, receiving)
	}
	return res, err
}

// repaired runs op on the engine; when op finds the index damaged, the
// index is set aside and rebuilt from the files, and op runs once more.
func repaired[T any](ctx context.Context, l *Local, eng *rag.Engine, op func() (T, error)) (T, error) {
	v, err := op()
	if err == nil || !rag.Damaged(err) || ctx.Err() != nil {
		return v, err
	}
	l.log.Warn("index damaged; rebuilding it from the files", "err", err)
	if _, rerr := eng.Repair(ctx, err); rerr != nil {
		return v, fmt.Errorf("%w (repair failed: %w)", err, rerr)
	}
	return op()
}

// Count counts the chunks that match r within its filters.
func (l *Local) Count(ctx context.Context, r SearchRequest) (*Counts, error) {
	// What shapes a list of hits does not apply to a count of every match:
	// refused rather than silently ignored.
	for _, o := range []struct {
		name string
		set  bool
	}{{"top_k", r.TopK != 0}, {"threshold", r.Threshold != 0}, {"explain", r.Explain}} {
		if o.set {
			return nil, Invalidf("a count counts every match: %s does not apply to it", o.name)
		}
	}
	q := l.query(r)
	q.Filter.Projects = l.projectNames(ctx, q.Filter.Projects)
	if _, err := q.Validate(); err != nil {
		return nil, wrap(Invalid, err)
	}
	if r.Refresh {
		if _, err := l.Index(ctx, IndexRequest{}); err != nil {
			return nil, fmt.Errorf("count: index: %w", err)
		}
	}
	eng, err := l.engine(ctx)
	if err != nil {
		return nil, err
	}
	c, err := repaired(ctx, l, eng, func() (*Counts, error) { return eng.Count(ctx, q) })
	if err == nil && c.Total == 0 && len(r.Projects) > 0 {
		c.Warnings = append(c.Warnings, l.unknownProjects(ctx, eng, r.Projects)...)
	}
	return c, err
}

// checkItemID refuses an id no search result gives: empty, not UTF-8, or
// too long.
func checkItemID(id string) error {
	if id == "" || !utf8.ValidString(id) || len(id) > 200 {
		return Invalidf("bad item id %q: ids come from search results", id)
	}
	return nil
}

// Get returns the full item behind a search hit with r.Context neighbours
// a side.
func (l *Local) Get(ctx context.Context, r GetRequest) (*Hit, error) {
	if r.Context < 0 || r.Context > 100 {
		return nil, Invalidf("context must be between 0 and 100, got %d", r.Context)
	}
	if err := checkItemID(r.ID); err != nil {
		return nil, err
	}
	eng, err := l.engine(ctx)
	if err != nil {
		return nil, err
	}
	get := func() (*Hit, error) { return eng.Get(ctx, r.ID, r.Context) }
	hit, err := repaired(ctx, l, eng, get)
	if errors.Is(err, rag.ErrNotFound) {
		// The id of an entry just logged, not indexed yet.
		if _, ierr := l.Index(ctx, IndexRequest{}); ierr == nil {
			hit, err = repaired(ctx, l, eng, get)
		}
	}
	return hit, err
}

// File returns MEMORY_SUMMARY.md or MEMORY.md as it is now.
func (l *Local) File(ctx context.Context, name string) (*File, error) {
	if name != memory.SummaryFile && name != memory.WisdomFile {
		return nil, wrap(NotFound, fmt.Errorf("no file %q (files: %s, %s)", name, memory.SummaryFile, memory.WisdomFile))
	}
	data, err := l.ws.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{Name: name}, nil
	}
	if err != nil {
		return nil, err
	}
	return &File{Name: name, Exists: true, Text: string(data)}, nil
}
