// Package shared is archon's shared memory for teams: many archon serve
// nodes, on as many hosts, on one PostgreSQL.
//
// The shared truth is an append-only log of entries per tenant in
// PostgreSQL (Store). A node writes an entry to its own workspace first,
// then to a durable local outbox (Outbox), which a sender drains into
// PostgreSQL once and in order: while PostgreSQL is unreachable writes
// wait in the outbox and searches go on from the local replica. Each node
// follows its tenant's log (LISTEN/NOTIFY, with a poll as the fallback)
// and appends what other nodes wrote to its own daily logs, so its files,
// and every index built from them, are a replica of the tenant's log:
// ranking stays archon's, and a search on any node answers as a local
// search on the same entries would. Node ties the three together.
//
// API keys (stored as SHA-256 hashes, with read, write and admin scopes)
// belong to one tenant; every query is filtered by tenant, and every
// write leaves an audit row (key, agent, host, request id).
package shared
