// Package summarize writes the summaries archon keeps in MEMORY_SUMMARY.md
// and puts in place of compacted messages.
//
// A summary is markdown with fixed sections (see Render):
//
//	# Memory summary
//	_Updated 2026-11-29 14:03 · 120 messages summarized_
//
//	## Decisions          decisions with their reasons
//	## Active projects
//	## Pending tasks
//	## Critical context   Files: ..., URLs: ..., IDs: ...
//	## Errors
//	## User preferences
//
// Two Summarizers are provided:
//
//   - Extractive (NewExtractive) works offline and is the default. It picks
//     sentences by cue phrases ("decided", "TODO", "I prefer", ...), speaker
//     (the user's words weigh most) and recency, collects paths, URLs and
//     identifiers, and fills each section up to a share of the target size
//     (Options.TargetTokens, 500 by default).
//   - LLM (NewLLM) asks a model through an OpenAI-compatible chat
//     completions endpoint or the Anthropic Messages API, with the key taken
//     from the environment and a timeout; on any error it falls back to the
//     extractive summary and says why in Summary.Fallback.
//
// Options.Previous carries the items of the previous summary over while they
// are younger than Options.KeepDays (7), so MEMORY_SUMMARY.md keeps the last
// week; Summary.Dates records when each item was first seen, for the next
// call's Options.PreviousDates.
package summarize
