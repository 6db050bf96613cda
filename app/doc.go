// Package app is archon's application layer: one interface, Memory, with
// every operation a front end offers (log, search, get, index, the context
// monitor's check, prepare and gate, summarize, the L1 payload, warmth,
// archive, promote, L3 projects, tasks and knowledge, jobs, status and the
// model override), and Local, its implementation over one workspace's
// engines. The CLI, the HTTP API, the MCP tools and the scheduled jobs all
// go through it; package client implements the same interface against a
// running archon serve.
//
// Local opens each engine once, on first use, and owns the one L3
// knowledge store; the retrieval engine gets its L3 records from it. Errors
// carry a Kind (see KindOf) that front ends map to exit codes and HTTP
// statuses.
package app
