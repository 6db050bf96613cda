// Package memory owns an archon workspace's markdown files: the L1 summary
// (MEMORY_SUMMARY.md), the L4 wisdom file (MEMORY.md), identity files and the
// L2 daily logs under memory/.
//
// The files are the source of truth. Every index archon builds is derived from
// them and can be rebuilt. This package parses daily logs into entries with
// exact 1-based line ranges, appends entries safely when several processes
// write at once, and writes whole files atomically.
//
// # Daily log format
//
//	# 2026-11-29
//
//	## 14:03 planner #architecture #db
//	Decided to use PostgreSQL: the team knows it, and we need transactions.
//
// An entry starts at a level-2 heading "## HH:MM[:SS] [agent] [#tag ...]" and
// runs until the next such heading. A file without entry headings is still a
// valid log; it is reported as free-form. Entry text that itself contains a
// line that looks like an entry heading is stored with a leading backslash
// ("\## 14:03") so that it cannot split the entry, and it reads back unchanged.
//
// # Crashes
//
// An entry is acknowledged once Append returns, after its fsync. Before it
// writes, Append records the write it is about to make (offset, length,
// checksums) in .archon/appends/ and fsyncs that record, so a write torn by
// a crash is recognized exactly: the next append, or RepairLog, cuts it off
// and leaves the file as it was before that write began, or adds the final
// newline when only that was missing. Nothing acknowledged is removed.
package memory
