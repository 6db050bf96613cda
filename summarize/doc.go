// Package summarize writes the summaries archon keeps in MEMORY_SUMMARY.md
// and puts in place of compacted messages.
//
// A summary is markdown with fixed sections (see Render), each left out
// when empty:
//
//	# Memory summary
//	_Updated 2026-11-29 14:03 · 120 messages summarized_
//
//	## Current work       the task, the todo list's open items, the latest steps, what fails
//	## User requests
//	## Pending tasks
//	## Decisions
//	## Errors             what failed, and what the agent said next
//	## Done               commits, finished todos, closed tracker items
//	## Key points
//	## Active projects
//	## Critical context   Files: ..., Links: ..., IDs: ..., Branches: ...
//	## User preferences
//
// Two Summarizers are provided:
//
//   - Extractive (NewExtractive) works offline and is the default.
//   - LLM (NewLLM) asks a model through an OpenAI-compatible chat
//     completions endpoint or the Anthropic Messages API, with the key taken
//     from the environment and a timeout; on any error it falls back to the
//     extractive summary and says why in Summary.Fallback.
//
// # The extractive summarizer
//
// It reads three kinds of evidence, the strongest first (a message its
// author tagged, a daily-log entry's #decision or #todo, goes under the
// section its tag names, as in sections.tsv):
//
//   - The host model's own summary: a Claude Code compaction summary is
//     condensed, each of its numbered sections going to the section its
//     title names (host.go).
//   - The session's structure, in all three formats (session.go): the
//     user's prompts, queued prompts and notes on rejected tool calls; the
//     latest todo or plan list; an approved plan, and the commands of its
//     shell blocks that never ran (pending); the user's answers to the
//     agent's questions; files changed, and the paths, URLs and
//     code-shaped names written; git commits; branches checked out;
//     tracker items (tracker.go); failing commands with their telling
//     lines and the assistant's next words. The assistant's words right
//     before a tool call narrate what it is doing: they are never
//     decisions or pending tasks.
//   - Prose (prose.go): sentences ranked by centrality (continuous LexRank
//     over TF-IDF cosine, Erkan & Radev 2004), by the words the
//     conversation seldom uses, and by a dialogue-act lexicon kept as data
//     (acts/acts.tsv, fitted on QMSum's labelled train meetings), with
//     stall words removed. In an agent session they are picked by maximal
//     marginal relevance, the assistant's reports and recent sentences
//     first; in a conversation without tool use (a meeting, a chat), by
//     concept coverage (cover.go, Gillick & Favre 2009). A statement whose
//     strongest cue is a decision is a decision, a commitment or request a
//     pending task; a question is a task if it requests; the rest are key points.
//
// Each section has a first claim on the budget (Options.TargetTokens, in
// Options.Counter's tokens; the monitor counts in cl100k when a model's
// tokenizer is not public), the best remaining items take the rest, and
// the lists of names in Critical context take what is left. Items of
// Options.Previous are carried over for Options.KeepDays, so
// MEMORY_SUMMARY.md keeps the last week. The README says how it is
// measured, and what.
package summarize
