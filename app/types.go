package app

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/archon-memory/archon/archive"
	"github.com/archon-memory/archon/jobs"
	"github.com/archon-memory/archon/layers"
	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/layers/promote"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/monitor/ctxlog"
	"github.com/archon-memory/archon/rag"
)

// The answers of Memory are the engines' own records, named here so that
// front ends depend on this package alone (the CLI imports no engine).
// Their JSON forms are the stable output of `--json` and of the HTTP API.
type (
	// Entry is a daily-log entry as stored, with the id search, get and
	// forget know it by.
	Entry struct {
		memory.Entry
		ID string `json:"id"`
	}
	// SearchResponse is the answer to a search.
	SearchResponse = rag.Response
	// Counts is the answer of Count.
	Counts = rag.Counts
	// Result is one search hit, metadata first.
	Result = rag.Result
	// Hit is the full item behind a search hit, with its neighbours.
	Hit = rag.Item
	// Piece is one entry or section of a Hit.
	Piece = rag.Piece
	// IndexStats says what an index run did.
	IndexStats = rag.IndexStats
	// Status is what each layer holds.
	Status = layers.Status
	// FileStat describes one file of Status.
	FileStat = layers.FileStat
	// LogStats describes the daily logs of Status.
	LogStats = layers.LogStats
	// Payload is the L1 payload.
	Payload = layers.Payload
	// Warmth is the selection of learnings for a new session.
	Warmth = layers.Warmth
	// Report is a context check.
	Report = monitor.Report
	// Profile is a threshold profile.
	Profile = monitor.Profile
	// ModelInfo is a model the monitor knows: its window, tokenizer and
	// price.
	ModelInfo = monitor.Model
	// ContextEvent is one record of the context log.
	ContextEvent = ctxlog.Event
	// ArchiveResult says which logs moved.
	ArchiveResult = archive.Result
	// PromoteResult explains each promotion decision.
	PromoteResult = promote.Result
	// Project is an L3 project.
	Project = knowledge.Project
	// Task is an L3 task.
	Task = knowledge.Task
	// KnowledgeItem is an L3 knowledge item.
	KnowledgeItem = knowledge.Item
	// Observation records how a knowledge item went.
	Observation = knowledge.Observation
	// TaskFilter selects tasks.
	TaskFilter = knowledge.TaskFilter
	// ItemFilter selects knowledge items.
	ItemFilter = knowledge.ItemFilter
	// ImportResult says what an import did.
	ImportResult = knowledge.ImportResult
	// JobStatus is a scheduled job with its last and next run.
	JobStatus = jobs.Status
)

// Health is the answer of Health.
type Health struct {
	Status   string  `json:"status"`
	Version  string  `json:"version"`
	Root     string  `json:"root,omitempty"`
	PID      int     `json:"pid,omitempty"`
	Uptime   float64 `json:"uptime_seconds"`
	Chunks   int     `json:"chunks"`
	Indexing bool    `json:"indexing"`
	// Ready: the first index run since the service started finished
	// (until then searches may miss recent changes, and say so).
	Ready bool `json:"ready"`
	// IndexBytes is the size of .archon/index on disk; IndexedAt ends the
	// last index run that succeeded in this process (absent before one).
	IndexBytes int64      `json:"index_bytes"`
	IndexedAt  *time.Time `json:"indexed_at,omitempty"`
	// Shared is the node's state in shared mode (absent when off).
	Shared *SharedStatus `json:"shared,omitempty"`
}

// LogRequest is one daily-log entry to append.
type LogRequest struct {
	Text  string   `json:"text"`
	Agent string   `json:"agent,omitempty"`
	Tags  []string `json:"tags,omitempty"`
	Date  string   `json:"date,omitempty"`
	Time  string   `json:"time,omitempty"`
	// IfNew logs the entry only when its day's log holds none logged
	// alike (time, agent, title and text; tags aside); the answer then
	// says existed. Imports set it: run again, they add nothing twice.
	IfNew bool `json:"if_new,omitempty"`
}

// IndexRequest asks for an index run.
type IndexRequest struct {
	// Progress, when set, is told how many files are done (in this
	// process only; a remote run reports nothing).
	Progress func(done, total int) `json:"-"`
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
	// Explain makes each result say why it matched (Result.Why).
	Explain bool `json:"explain,omitempty"`
}

// CountRequest is what a count over HTTP takes: a search's query and
// filters, none of what shapes a list of hits (top_k, threshold, explain).
type CountRequest struct {
	Query    string   `json:"query"`
	Tags     []string `json:"tags,omitempty"`
	AllTags  bool     `json:"all_tags,omitempty"`
	Agents   []string `json:"agents,omitempty"`
	Projects []string `json:"projects,omitempty"`
	Layers   []string `json:"layers,omitempty"`
	Since    string   `json:"since,omitempty"`
	Until    string   `json:"until,omitempty"`
	Refresh  bool     `json:"refresh,omitempty"`
}

// Search is the SearchRequest that counts as r asks.
func (r CountRequest) Search() SearchRequest {
	return SearchRequest{Query: r.Query, Tags: r.Tags, AllTags: r.AllTags, Agents: r.Agents, Projects: r.Projects,
		Layers: r.Layers, Since: r.Since, Until: r.Until, Refresh: r.Refresh}
}

// GetRequest names a search hit and how many neighbours to show.
type GetRequest struct {
	ID string `json:"id"`
	// Context is the number of neighbouring entries on each side (0-100).
	Context int `json:"context,omitempty"`
}

// File is a curated workspace file.
type File struct {
	Name   string `json:"name"`
	Exists bool   `json:"exists"`
	Text   string `json:"text"`
}

// ConvRequest carries a conversation: OpenAI or Anthropic messages (a JSON
// array or request object), or any format as a JSON string (a Claude Code
// transcript is JSONL, so it always comes as a string).
type ConvRequest struct {
	Conversation json.RawMessage `json:"conversation"`
	// Format is openai, anthropic or claude-code; empty detects it.
	Format string `json:"format,omitempty"`
	// Model names the model (its window and tokenizer).
	Model string `json:"model,omitempty"`
	// Profile names the threshold profile.
	Profile string `json:"profile,omitempty"`
	// Largest is how many of the largest messages to list (default 5).
	Largest int `json:"largest,omitempty"`
	// Session and Agent name whose context this is (a Claude Code
	// session id, an agent name); a check is kept as the latest of its
	// session (see ContextSessions).
	Session string `json:"session,omitempty"`
	Agent   string `json:"agent,omitempty"`
}

// Stats are the headline figures of a check.
type Stats struct {
	Model           string  `json:"model"`
	Messages        int     `json:"messages"`
	HistoryMessages int     `json:"history_messages"`
	HistoryTokens   int     `json:"history_tokens"`
	SystemTokens    int     `json:"system_tokens"`
	TotalTokens     int     `json:"total_tokens"`
	Window          int     `json:"window"`
	Limit           int     `json:"limit"`
	Percent         float64 `json:"percent"`
	Level           string  `json:"level"`
	Action          string  `json:"action"`
	// Notes say what the figures assume (a model not known: its tier's
	// window), as the full check says them.
	Notes []string `json:"notes,omitempty"`
}

// PrepareRequest is a conversation to prepare (archon context prepare) or
// to gate (archon context gate).
type PrepareRequest struct {
	// ConvRequest's Agent and Session name whose conversation it is: the
	// entries archived are the agent's, tagged with the session.
	ConvRequest
	Action     string `json:"action,omitempty"`
	ArchiveAll bool   `json:"archive_all,omitempty"`
	DryRun     bool   `json:"dry_run,omitempty"`
	// AsText returns the prepared conversation as a JSON string holding
	// its exact bytes, whatever its format.
	AsText bool `json:"as_text,omitempty"`
}

// Prepared is the answer to a PrepareRequest.
type Prepared struct {
	Action      string         `json:"action"`
	Changed     bool           `json:"changed"`
	Saved       int            `json:"saved"`
	Before      *Report        `json:"before"`
	After       *Report        `json:"after"`
	Archived    []memory.Entry `json:"archived"`
	SummaryPath string         `json:"summary_path,omitempty"`
	HistoryPath string         `json:"history_path,omitempty"`
	// Conversation is the prepared conversation in the input's format: JSON
	// for messages, a string for a JSONL transcript (or with AsText).
	Conversation json.RawMessage `json:"conversation"`
}

// Text returns the prepared conversation's bytes as a file holds them.
func (p *Prepared) Text() []byte {
	var s string
	if len(p.Conversation) > 0 && p.Conversation[0] == '"' && json.Unmarshal(p.Conversation, &s) == nil {
		return []byte(s)
	}
	return append(append([]byte(nil), p.Conversation...), '\n')
}

// Gated is the gate's decision; Prepared holds what led to it.
type Gated struct {
	Decision string `json:"decision"`
	ExitCode int    `json:"exit_code"`
	Reason   string `json:"reason"`
	// Prepared is the preparation run by the gate.
	Prepared *Prepared `json:"prepared,omitempty"`
}

// Summary is the answer of Summarize.
type Summary struct {
	Path     string `json:"path"`
	History  string `json:"history"`
	Tokens   int    `json:"tokens"`
	Method   string `json:"method"`
	Fallback string `json:"fallback,omitempty"`
}

// ModelOverride is the runtime model override; Model is null when none.
type ModelOverride struct {
	Model *string `json:"model"`
	// Note says what a name the registry does not know stands for (a tier
	// default, or the generic window), as a context check would.
	Note string `json:"note,omitempty"`
}

// ForgetRequest names entries to forget: by id (from search results), or
// the top hits of a query, daily-log entries only.
type ForgetRequest struct {
	IDs    []string `json:"ids,omitempty"`
	Query  string   `json:"query,omitempty"`
	TopK   int      `json:"top_k,omitempty"`
	DryRun bool     `json:"dry_run,omitempty"`
}

// ForgetResult lists what was (or, in a dry run, would be) forgotten.
type ForgetResult struct {
	Forgotten []memory.Forgotten `json:"forgotten"`
	DryRun    bool               `json:"dry_run,omitempty"`
	// Warnings say what the forget could not reach (in shared mode, an
	// entry no copy in the shared store reads as).
	Warnings []string `json:"warnings,omitempty"`
}

// ArchiveRequest asks for archival of old daily logs.
type ArchiveRequest struct {
	// OlderThan is an age like 7d, 2w or 36h (default: l1.window_days).
	OlderThan string `json:"older_than,omitempty"`
	DryRun    bool   `json:"dry_run,omitempty"`
}

// PromoteRequest asks for L4 promotion. With Items or Reject (even
// empty) it is a review's verdict: only the items approved are added, the
// ones rejected are never proposed again; each must be a candidate the
// rule promotes now (else a Conflict error, and nothing is written).
// Without either every candidate is added: promote.review holds back
// only the scheduled job, a person's plain promote is their approval.
type PromoteRequest struct {
	DryRun bool     `json:"dry_run,omitempty"`
	Items  []string `json:"items,omitempty"`
	Reject []string `json:"reject,omitempty"`
}

// Priority is a task priority given as 0-3 or low, normal, high, urgent.
type Priority int

// DefaultPriority is a task's priority when none is given: normal, on
// every way in (CLI, HTTP, MCP).
const DefaultPriority Priority = 1

// UnmarshalJSON accepts a number or a name.
func (p *Priority) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		var n int
		if err := json.Unmarshal(b, &n); err != nil {
			return Invalidf("priority: want 0-3 or low, normal, high, urgent")
		}
		s = strconv.Itoa(n)
	}
	n, err := knowledge.ParsePriority(s)
	if err != nil {
		return err
	}
	*p = Priority(n)
	return nil
}

// ProjectInput creates a project.
type ProjectInput struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Status      string `json:"status,omitempty"`
}

// ProjectPatch changes the fields given.
type ProjectPatch struct {
	Name        *string `json:"name,omitempty"`
	Description *string `json:"description,omitempty"`
	Status      *string `json:"status,omitempty"`
}

// TaskInput creates a task.
type TaskInput struct {
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	Project     string `json:"project,omitempty"`
	Status      string `json:"status,omitempty"`
	// Priority is nil for the default, normal.
	Priority  *Priority `json:"priority,omitempty"`
	Assignee  string    `json:"assignee,omitempty"`
	DependsOn []string  `json:"depends_on,omitempty"`
}

// TaskPatch changes the fields given.
type TaskPatch struct {
	Title       *string   `json:"title,omitempty"`
	Description *string   `json:"description,omitempty"`
	Project     *string   `json:"project,omitempty"`
	Status      *string   `json:"status,omitempty"`
	Priority    *Priority `json:"priority,omitempty"`
	Assignee    *string   `json:"assignee,omitempty"`
	DependsOn   *[]string `json:"depends_on,omitempty"`
}

// ItemInput creates a knowledge item (the agent defaults to log.agent).
type ItemInput struct {
	Kind    string   `json:"kind"`
	Title   string   `json:"title"`
	Body    string   `json:"body,omitempty"`
	Tags    []string `json:"tags,omitempty"`
	Agent   string   `json:"agent,omitempty"`
	Project string   `json:"project,omitempty"`
}

// ItemPatch changes the fields given; Promotion "" lets a removed item be
// promoted again.
type ItemPatch struct {
	Kind      *string   `json:"kind,omitempty"`
	Title     *string   `json:"title,omitempty"`
	Body      *string   `json:"body,omitempty"`
	Tags      *[]string `json:"tags,omitempty"`
	Agent     *string   `json:"agent,omitempty"`
	Project   *string   `json:"project,omitempty"`
	Promotion *string   `json:"promotion,omitempty"`
}

// ItemDetail is a knowledge item and what agents recorded about it.
type ItemDetail struct {
	knowledge.Item
	Observations []knowledge.Observation `json:"observations"`
}

// ObserveInput records how an item went (the agent defaults to log.agent).
type ObserveInput struct {
	Agent   string `json:"agent"`
	Success *bool  `json:"success"`
	Project string `json:"project,omitempty"`
	Note    string `json:"note,omitempty"`
}

// Export is L3 as one markdown document.
type Export struct {
	Document string `json:"document"`
}

// ImportRequest loads an export; Overwrite lets the document win where a
// record differs.
type ImportRequest struct {
	Document  string `json:"document"`
	Overwrite bool   `json:"overwrite,omitempty"`
}

// Kinds lists the kinds of knowledge items.
func Kinds() []string { return knowledge.Kinds() }

// ParsePriority reads a task priority: 0-3 or low, normal, high, urgent.
func ParsePriority(s string) (Priority, error) {
	n, err := knowledge.ParsePriority(s)
	return Priority(n), err
}

// Actions lists the actions a PrepareRequest may force.
func Actions() []string {
	var out []string
	for _, a := range monitor.Actions() {
		out = append(out, string(a))
	}
	return out
}

// JobNames lists the scheduled jobs.
func JobNames() []string { return jobs.Names() }

// JobFailed is the LastResult of a job whose last run failed.
const JobFailed = jobs.ResultError

// SectionRequest adds a section to MEMORY.md (L4), after what is there,
// unless a section with its heading exists.
type SectionRequest struct {
	Heading string `json:"heading"`
	Text    string `json:"text"`
}

// SectionResult says whether the section was added.
type SectionResult struct {
	Path  string `json:"path"`
	Added bool   `json:"added"`
	// Differs is set when a section of that heading is there with other
	// text (the source changed since, or the section was edited by hand):
	// it is left as it is, a person's to reconcile.
	Differs bool `json:"differs,omitempty"`
}
