package app

import (
	"context"
)

// Memory is every operation a front end of archon offers: the CLI, the
// HTTP API, the MCP tools, the Claude Code hooks and the scheduled jobs
// all call it. Local (Open) implements it over the workspace's engines;
// package client implements it against a running archon serve. Both give
// the same answers for the same files, so a front end never needs to know
// which one it holds.
//
// Errors carry a Kind (see KindOf) that front ends map to exit codes and
// HTTP statuses. Every method is safe for concurrent use.
type Memory interface {
	// Health says the memory is up, with a few figures.
	Health(ctx context.Context) (*Health, error)
	// Status reports what each layer holds.
	Status(ctx context.Context) (*Status, error)

	// Log appends an entry to a daily log.
	Log(ctx context.Context, r LogRequest) (*Entry, error)
	// Index brings every index up to date with the files.
	Index(ctx context.Context, r IndexRequest) (*IndexStats, error)
	// Search answers a query, best first, metadata first.
	Search(ctx context.Context, r SearchRequest) (*SearchResponse, error)
	// Count says how many chunks match a search, by day, file, agent, tag
	// and layer (TopK and Threshold are not used).
	Count(ctx context.Context, r SearchRequest) (*Counts, error)
	// Get returns the full item behind a search hit.
	Get(ctx context.Context, r GetRequest) (*Hit, error)
	// File returns one of the workspace's curated files (MEMORY_SUMMARY.md
	// or MEMORY.md) as it is now.
	File(ctx context.Context, name string) (*File, error)

	// Check measures a conversation against its model's window and
	// records the check in the context log.
	Check(ctx context.Context, r ConvRequest) (*Report, error)
	// Stats is Check reduced to its headline figures.
	Stats(ctx context.Context, r ConvRequest) (*Stats, error)
	// Prepare runs what the level asks for and returns the prepared
	// conversation; cut messages go to today's daily log.
	Prepare(ctx context.Context, r PrepareRequest) (*Prepared, error)
	// Gate decides whether an orchestrator may go on, compressing first
	// when the level asks for it.
	Gate(ctx context.Context, r PrepareRequest) (*Gated, error)
	// Summarize writes a conversation's summary to MEMORY_SUMMARY.md.
	Summarize(ctx context.Context, r ConvRequest) (*Summary, error)
	// ContextLog returns the most recent context events, oldest first.
	ContextLog(ctx context.Context, n int) ([]ContextEvent, error)
	// ContextSessions returns the latest check of each session (or
	// agent), newest first.
	ContextSessions(ctx context.Context) ([]ContextSession, error)
	// Models lists the models known, with their windows and prices.
	Models(ctx context.Context) ([]ModelInfo, error)
	// Profile returns a threshold profile by name ("" the configured one).
	Profile(ctx context.Context, name string) (*Profile, error)
	// Model returns the runtime model override.
	Model(ctx context.Context) (*ModelOverride, error)
	// SetModel sets the override; nil, "" or "auto" clears it.
	SetModel(ctx context.Context, model *string) (*ModelOverride, error)

	// L1 builds the payload injected at session start.
	L1(ctx context.Context, budget int) (*Payload, error)
	// Warmth selects the learnings carried into a new session.
	Warmth(ctx context.Context, budget int) (*Warmth, error)
	// Forget removes entries from the daily logs and every index, leaving
	// an audit line (what and where, not the text).
	Forget(ctx context.Context, r ForgetRequest) (*ForgetResult, error)
	// MemoryTool runs one command of the Claude API's memory tool
	// (memory_20250818) on /memories, which maps to MEMORY.md,
	// MEMORY_SUMMARY.md, the daily logs and the memories/ folder; what
	// it writes is indexed before it returns.
	MemoryTool(ctx context.Context, r MemoryToolRequest) (*MemoryToolResult, error)
	// Doctor checks every derived file through and reports the
	// workspace's markdown problems; with Repair it rebuilds what is
	// damaged.
	Doctor(ctx context.Context, r DoctorRequest) (*DoctorReport, error)
	// Logs lists every daily log, archived ones too, oldest first.
	Logs(ctx context.Context) ([]LogDay, error)
	// Backups lists the earlier versions of MEMORY.md and
	// MEMORY_SUMMARY.md, newest first.
	Backups(ctx context.Context) ([]Backup, error)
	// Backup returns one earlier version of file, with the diff from the
	// file as it is now.
	Backup(ctx context.Context, file, id string) (*Backup, error)
	// Restore puts an earlier version back (the current one is kept as a
	// backup first).
	Restore(ctx context.Context, r RestoreRequest) (*RestoreResult, error)
	// Archive moves daily logs past the L1 window to memory/archive/.
	Archive(ctx context.Context, r ArchiveRequest) (*ArchiveResult, error)
	// Promote promotes proven patterns into MEMORY.md.
	Promote(ctx context.Context, r PromoteRequest) (*PromoteResult, error)
	// AddSection adds a section to MEMORY.md unless its heading is there.
	AddSection(ctx context.Context, r SectionRequest) (*SectionResult, error)

	// Projects lists projects, optionally of one status.
	Projects(ctx context.Context, status string) ([]Project, error)
	// Project returns a project by id or name.
	Project(ctx context.Context, ref string) (*Project, error)
	// AddProject creates a project.
	AddProject(ctx context.Context, in ProjectInput) (*Project, error)
	// UpdateProject changes the fields given.
	UpdateProject(ctx context.Context, ref string, p ProjectPatch) (*Project, error)
	// Tasks lists tasks: open ones by priority, then done ones.
	Tasks(ctx context.Context, f TaskFilter) ([]Task, error)
	// Task returns a task by id.
	Task(ctx context.Context, id string) (*Task, error)
	// AddTask creates a task.
	AddTask(ctx context.Context, in TaskInput) (*Task, error)
	// UpdateTask changes the fields given.
	UpdateTask(ctx context.Context, id string, p TaskPatch) (*Task, error)
	// DoneTask marks a task done (force: even with open dependencies).
	DoneTask(ctx context.Context, id string, force bool) (*Task, error)
	// Items lists knowledge items.
	Items(ctx context.Context, f ItemFilter) ([]KnowledgeItem, error)
	// Item returns a knowledge item with its observations.
	Item(ctx context.Context, id string) (*ItemDetail, error)
	// AddItem creates a knowledge item.
	AddItem(ctx context.Context, in ItemInput) (*KnowledgeItem, error)
	// UpdateItem changes the fields given.
	UpdateItem(ctx context.Context, id string, p ItemPatch) (*KnowledgeItem, error)
	// Observe records how an item went for an agent.
	Observe(ctx context.Context, id string, in ObserveInput) (*Observation, error)
	// Export writes all of L3 as one markdown document.
	Export(ctx context.Context) (*Export, error)
	// Import loads an export (idempotent, all or nothing).
	Import(ctx context.Context, r ImportRequest) (*ImportResult, error)

	// Jobs lists the scheduled jobs with their last and next run.
	Jobs(ctx context.Context) ([]JobStatus, error)
	// RunJob runs one job now and returns its status.
	RunJob(ctx context.Context, name string) (*JobStatus, error)

	// Close releases what the memory holds (engines, connections).
	Close() error
}
