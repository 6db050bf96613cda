// Package config loads archon's configuration.
//
// Values come, from strongest to weakest, from command-line flags, the
// environment (ARCHON_<SECTION>_<KEY>, e.g. ARCHON_LOG_AGENT), the
// workspace's archon.yaml, and built-in defaults. Every key is declared once,
// as a field of Config with its documentation and allowed values in struct
// tags; parsing, validation, the environment names and the archon.yaml
// template written by `archon init` are all derived from that declaration.
//
// A struct-typed field of a section is a subsection: context.llm.timeout in
// archon.yaml is the key timeout of the mapping llm inside context:, and
// ARCHON_CONTEXT_LLM_TIMEOUT in the environment. Maps (context.budgets) and
// lists of objects (context.models, context.profiles) are decoded strictly
// from the file, unknown fields being errors with their line; in the
// environment and on the command line they are written as YAML flow or JSON
// (ARCHON_CONTEXT_BUDGETS='{history: 40}'), and Get formats them as compact
// JSON.
package config

import (
	"fmt"
	"strings"
	"time"

	"github.com/archon-memory/archon/internal/redact"
	"github.com/archon-memory/archon/memory"
)

// Config is archon's whole configuration. Each field of each section is one
// key, named section.key in archon.yaml (log.agent) and ARCHON_SECTION_KEY in
// the environment. A struct-typed field of a section is a subsection whose
// keys are named section.sub.key (context.llm.provider, in archon.yaml a
// mapping inside the section) and ARCHON_SECTION_SUB_KEY
// (ARCHON_CONTEXT_LLM_PROVIDER).
type Config struct {
	Workspace Workspace `yaml:"workspace" doc:"where things are"`
	Log       Log       `yaml:"log" doc:"L2 daily logs"`
	L1        L1        `yaml:"l1" doc:"L1: what is always loaded at session start"`
	Context   Context   `yaml:"context" doc:"context monitoring (archon context ..., archon summarize)"`
	Search    Search    `yaml:"search" doc:"retrieval"`
	Embedder  Embedder  `yaml:"embedder" doc:"vectors for the semantic half of hybrid search"`
	Rerank    Rerank    `yaml:"rerank" doc:"optional reranking of the best hits by a model"`
	Promote   Promote   `yaml:"promote" doc:"L4: when a pattern is promoted to MEMORY.md"`
	Jobs      Jobs      `yaml:"jobs" doc:"scheduled jobs inside archon serve, in workspace.timezone"`
	Serve     Serve     `yaml:"serve" doc:"archon serve: the local HTTP API and MCP server"`
	Privacy   Privacy   `yaml:"privacy" doc:"what archon never stores: secrets are redacted before anything is written"`
	Shared    Shared    `yaml:"shared" doc:"shared memory for a team: many hosts on one PostgreSQL (off while postgres_url is empty)"`
}

// Shared holds the keys of shared mode: the workspace replicates its
// tenant's log in PostgreSQL and sends its entries there.
type Shared struct {
	// PostgresURL is the shared store; empty turns shared mode off.
	PostgresURL string `yaml:"postgres_url" check:"postgres" doc:"the shared PostgreSQL, e.g. postgres://archon@db.internal:5432/archon?sslmode=require; keep the password out of this file (PGPASSWORD, or the whole URL in ARCHON_SHARED_POSTGRES_URL); empty: shared mode off"`
	// Tenant is the tenant whose log this workspace replicates.
	Tenant string `yaml:"tenant" doc:"the tenant whose shared log this workspace replicates (archon tenant add NAME)"`
	// Project is the project this node's entries are written under.
	Project string `yaml:"project" doc:"the project this node's entries are written under, tagged #project/NAME so that --project finds them on every node (empty: none)"`
	// AnyTenant makes archon serve answer every tenant's keys, each from
	// a replica of its own under .archon/tenants/.
	AnyTenant bool `yaml:"any_tenant" doc:"archon serve answers the API keys of every tenant, not only of tenant: each other tenant from a replica of its own under .archon/tenants/NAME, made on its first request (for nodes behind one load balancer)"`
}

// Privacy holds keys about redaction. The built-in patterns (provider
// keys, tokens, private keys, credentials in headers and URLs) always
// apply; these add the user's own.
type Privacy struct {
	// Patterns are NAME=REGEXP pairs (Go RE2 syntax).
	Patterns []string `yaml:"patterns" doc:"your own secret patterns as NAME=REGEXP (Go RE2), e.g. employee-id=EMP-[0-9]{6}; a group named secret limits what is replaced"`
}

// Defaults of the serve section; package server uses them too.
const (
	DefaultServeAddr         = "127.0.0.1:7420"
	DefaultServeMaxBodyBytes = 8 << 20 // 8 MiB: an entry may hold 4 MiB
)

// Serve holds keys about archon serve. The bearer token itself never goes
// in archon.yaml: it comes from ARCHON_SERVE_TOKEN or the file token_file
// names.
type Serve struct {
	// Addr is the listen address.
	Addr string `yaml:"addr" check:"hostport" doc:"listen address; any address but loopback requires a bearer token"`
	// TokenFile names a file holding the bearer token.
	TokenFile string `yaml:"token_file" doc:"file holding the bearer token (ARCHON_SERVE_TOKEN holds the token itself); empty: none"`
	// CORSOrigins lists the browser origins allowed to call the API.
	CORSOrigins []string `yaml:"cors_origins" doc:"origins browsers may call the API from, e.g. http://localhost:3000 (empty: CORS off)"`
	// MaxBodyBytes is the largest request body.
	MaxBodyBytes int `yaml:"max_body_bytes" doc:"largest request body in bytes (conversation endpoints take up to 64 MiB)" min:"1024" max:"1073741824"`
	// RequestTimeout bounds one request.
	RequestTimeout string `yaml:"request_timeout" doc:"longest a request may take, e.g. 60s (at least 1s)" check:"timeout"`
	// GCPercent sets the Go garbage collector's target for the service.
	GCPercent int `yaml:"gc_percent" doc:"garbage collector target (GOGC) inside archon serve: higher spends memory to save CPU under load; the GOGC variable wins" min:"25" max:"10000"`
	// MemoryLimitMB is the service's soft memory limit (GOMEMLIMIT).
	MemoryLimitMB int `yaml:"memory_limit_mb" doc:"soft memory limit of archon serve in MiB (GOMEMLIMIT): past it the garbage collector works harder instead of growing the heap, as when a replica catches up on 100,000 entries; 0: none; the GOMEMLIMIT variable wins" min:"0" max:"1048576"`
}

// Jobs holds the schedules of the jobs archon serve runs. A schedule is a
// cron line (5 fields, or 6 with seconds first), @daily, @every 6h, or off.
type Jobs struct {
	// Enabled turns every job on or off.
	Enabled bool `yaml:"enabled" doc:"run the scheduled jobs inside archon serve"`
	// Archive moves logs past the L1 window to the archive, then reindexes.
	Archive string `yaml:"archive" doc:"when to archive logs older than l1.window_days (avoid the hour DST skips or repeats in workspace.timezone; quote a descriptor: \"@daily\")" check:"schedule"`
	// Reindex brings every index up to date.
	Reindex string `yaml:"reindex" doc:"when to reindex everything (incremental)" check:"schedule"`
	// Summary refreshes MEMORY_SUMMARY.md from the last 7 days of logs.
	Summary string `yaml:"summary" doc:"when to refresh MEMORY_SUMMARY.md from the last 7 days of daily logs" check:"schedule"`
	// Promote promotes proven patterns to MEMORY.md.
	Promote string `yaml:"promote" doc:"when to promote proven patterns to MEMORY.md" check:"schedule"`
}

// Rerank holds keys about the optional model reranker.
type Rerank struct {
	// Provider picks the reranker.
	Provider string `yaml:"provider" doc:"none (built-in ranking only), cross-encoder (POST {url}/rerank: vLLM, TEI, Infinity, llama.cpp, Jina, Cohere-style) or llm (OpenAI-compatible chat completions)" enum:"none|cross-encoder|llm"`
	// Model names the reranking model.
	Model string `yaml:"model" doc:"reranking model, e.g. BAAI/bge-reranker-v2-m3 or gpt-4o-mini"`
	// URL is the endpoint's base URL.
	URL string `yaml:"url" doc:"base URL of the endpoint, e.g. http://127.0.0.1:8080/v1 (required when provider is not none)"`
	// APIKeyEnv names the environment variable holding the API key.
	APIKeyEnv string `yaml:"api_key_env" doc:"environment variable holding the API key (empty: no key)"`
	// TopN is how many of the best fused hits are reranked.
	TopN int `yaml:"top_n" doc:"how many of the best hits the model reorders" min:"1" max:"200"`
	// TimeoutSeconds bounds one rerank call; on timeout the built-in order stands.
	TimeoutSeconds int `yaml:"timeout_seconds" doc:"seconds a rerank call may take before search keeps the built-in order" min:"1" max:"600"`
}

// Promote holds the L4 promotion rule.
type Promote struct {
	// MinSuccesses is how many successful observations a pattern needs.
	MinSuccesses int `yaml:"min_successes" doc:"successful observations a pattern needs before it is promoted to MEMORY.md" min:"1" max:"1000"`
	// MinAgents is how many distinct agents must have succeeded with it.
	MinAgents int `yaml:"min_agents" doc:"distinct agents that must have succeeded with the pattern" min:"1" max:"100"`
	// CrossProject requires the pattern not to be tied to a single project.
	CrossProject bool `yaml:"cross_project" doc:"promote only patterns not tied to a single project"`
	// MaxFailureRate blocks promotion when failures are too frequent.
	MaxFailureRate float64 `yaml:"max_failure_rate" doc:"largest share of failed observations a promoted pattern may have" min:"0" max:"1"`
	// Review makes promotion propose only (the scheduled job and archon
	// promote without a verdict alike): candidates
	// wait for a person's approval.
	Review bool `yaml:"review" doc:"promotion only proposes (the scheduled job and archon promote alike); a person approves in the dashboard or with archon promote --approve"`
}

// Search holds keys about retrieval.
type Search struct {
	// TopK is the default number of hits.
	TopK int `yaml:"top_k" doc:"hits archon search returns when --top-k is not given" min:"1" max:"1000"`
	// VectorWeight weighs vector similarity against BM25 in the fusion.
	VectorWeight float64 `yaml:"vector_weight" doc:"weight of vector similarity in the hybrid fusion (0: BM25 only)" min:"0" max:"10"`
}

// Embedder holds keys about the embedding provider.
type Embedder struct {
	// Provider picks the embedder.
	Provider string `yaml:"provider" doc:"builtin (offline, lexical: shared words, stems, subwords, typos; not synonyms), ollama, openai (any OpenAI-compatible endpoint), or none" enum:"builtin|ollama|openai|none"`
	// Model names the provider's model.
	Model string `yaml:"model" doc:"model name for ollama or openai, e.g. nomic-embed-text or text-embedding-3-small"`
	// URL is the provider's endpoint.
	URL string `yaml:"url" doc:"endpoint; empty: http://localhost:11434 for ollama, https://api.openai.com/v1 for openai"`
	// Dimensions of the vectors (0: the provider's default).
	Dimensions int `yaml:"dimensions" doc:"vector dimensions; 0 takes the model's own (builtin: 256)" min:"0" max:"65536"`
	// APIKeyEnv names the environment variable holding the API key.
	APIKeyEnv string `yaml:"api_key_env" doc:"environment variable that holds the API key (openai); the key itself never goes in this file"`
}

// Workspace holds keys about the workspace as a whole.
type Workspace struct {
	// IdentityFiles lists the L1 identity files.
	IdentityFiles []string `yaml:"identity_files" doc:"identity files loaded into L1, relative to the workspace root (missing ones are skipped)" check:"relpath"`
	// Timezone decides "today" for logs and the time zone of schedules.
	Timezone string `yaml:"timezone" doc:"IANA time zone for log dates and times, e.g. Europe/Berlin; Local is this machine's zone" check:"tz"`
}

// Log holds keys about the daily logs.
type Log struct {
	// Agent is the agent name `archon log` uses when --agent is not given.
	Agent string `yaml:"agent" doc:"agent name written by archon log when --agent is not given (empty: none)" check:"agent"`
	// MaxEntryBytes limits the size of one entry's text.
	MaxEntryBytes int `yaml:"max_entry_bytes" doc:"largest entry text archon log accepts, in bytes" min:"1024" max:"268435456"`
}

// L1 holds keys about the always-loaded layer.
type L1 struct {
	// WindowDays is how many recent days of daily logs count as L1.
	WindowDays int `yaml:"window_days" doc:"days of daily logs digested into L1; older logs are archived" min:"1" max:"3650"`
	// BudgetTokens is the token budget of the L1 payload.
	BudgetTokens int `yaml:"budget_tokens" doc:"token budget of the L1 payload injected at session start" min:"100" max:"1000000"`
}

// Default returns the built-in defaults.
func Default() Config {
	return Config{
		Workspace: Workspace{
			IdentityFiles: memory.DefaultIdentityFiles(),
			Timezone:      "Local",
		},
		Log:      Log{MaxEntryBytes: memory.DefaultMaxEntryBytes},
		L1:       L1{WindowDays: 7, BudgetTokens: 1000},
		Context:  defaultContext(),
		Search:   Search{TopK: 10, VectorWeight: 0.15},
		Embedder: Embedder{Provider: "builtin", APIKeyEnv: "OPENAI_API_KEY"},
		Rerank:   Rerank{Provider: "none", TopN: 20, TimeoutSeconds: 10},
		Promote:  Promote{MinSuccesses: 3, MinAgents: 2, CrossProject: true, MaxFailureRate: 0.34},
		Jobs:     Jobs{Enabled: true, Archive: "0 3 * * *", Reindex: "0 */6 * * *", Summary: "30 3 * * *", Promote: "0 4 * * *"},
		Privacy:  Privacy{Patterns: []string{}},
		Serve:    Serve{Addr: DefaultServeAddr, CORSOrigins: []string{}, MaxBodyBytes: DefaultServeMaxBodyBytes, RequestTimeout: "60s", GCPercent: 400, MemoryLimitMB: 768},
	}
}

// Location returns the configured time zone.
func (c *Config) Location() (*time.Location, error) {
	return loadLocation(c.Workspace.Timezone)
}

// MemoryOptions returns the options for opening the workspace's files.
func (c *Config) MemoryOptions() (memory.Options, error) {
	loc, err := c.Location()
	if err != nil {
		return memory.Options{}, err
	}
	var pats []redact.Pattern
	for i, pv := range c.Privacy.Patterns {
		name, expr, ok := strings.Cut(pv, "=")
		if !ok {
			return memory.Options{}, fmt.Errorf("privacy.patterns[%d] %q: want NAME=REGEXP", i, pv)
		}
		p, err := redact.Compile(name, expr)
		if err != nil {
			return memory.Options{}, fmt.Errorf("privacy.patterns[%d]: %w", i, err)
		}
		pats = append(pats, p)
	}
	return memory.Options{
		Location:      loc,
		MaxEntryBytes: c.Log.MaxEntryBytes,
		IdentityFiles: append([]string{}, c.Workspace.IdentityFiles...),
		Patterns:      pats,
	}, nil
}

func loadLocation(name string) (*time.Location, error) {
	if name == "" || name == "Local" {
		return time.Local, nil
	}
	return time.LoadLocation(name)
}
