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
// It reads three kinds of evidence, the strongest first:
//
//   - The host model's own summary. A Claude Code compaction summary (the
//     isCompactSummary message after a compact_boundary) is condensed:
//     each of its numbered sections goes to the section its title names,
//     ranked the way the next session needs them (request, current work
//     and next step, pending tasks, errors, the user's messages, files).
//   - The session's structure, in all three formats (session.go): the
//     user's prompts, prompts queued while the agent worked and notes on
//     rejected tool calls; the latest todo or plan list with each item's
//     status (TodoWrite, update_plan, any list of items with a status);
//     an approved plan (a "plan" argument), and the commands of its shell
//     blocks that never ran after it (pending); the user's answers to the
//     agent's questions; files created or edited (Edit, Write, MultiEdit,
//     NotebookEdit, apply_patch, editor tools) and paths, URLs and
//     code-shaped names the user and the assistant wrote; git commits
//     (the message, the hash from the result; a failed commit is none);
//     branches checked out; tracker items whose status a command set, and
//     the items the tracker's latest listing shows open (tracker.go);
//     failing commands with their telling lines (a source location
//     first) and the assistant's next words, an error counting as current
//     while little has worked since. The assistant's words right before
//     a tool call narrate what it is doing: they are never decisions or
//     pending tasks.
//   - Prose (prose.go): sentences ranked by centrality (continuous LexRank
//     over TF-IDF cosine, Erkan & Radev 2004, on the most central
//     sentences; similarity to the centroid for the rest), by the words
//     the conversation seldom uses (fragments made of common words are
//     dropped), and by a dialogue-act lexicon kept as data
//     (acts/acts.tsv: entry, class, weight, fitted on QMSum's labelled
//     train meetings). Stall words and stammered repeats are removed. In
//     an agent session they are picked by maximal marginal relevance so
//     that they say different things; the assistant's reports (its last
//     words before each of the user's turns) rank first, and recent
//     sentences above old ones. In a conversation without tool use (a
//     meeting, a chat) they are taken by concept coverage instead
//     (cover.go, Gillick & Favre 2009): the recurring pairs of stemmed
//     content words are the concepts, and each step takes the sentence
//     that adds the most uncovered concepts per token. A sentence whose
//     strongest cue is a decision is filed as a decision, a commitment
//     or request as a pending task, anything else as a key point.

// Each section has a first claim on the budget (Options.TargetTokens, in
// Options.Counter's tokens; the monitor counts in cl100k when a model's
// tokenizer is not public), the best remaining items take the rest, and
// the lists of names in Critical context take what is left.
//
// # Measured quality
//
// On real Claude Code sessions (../shared/bench/transcripts, dev split):
//
//	ARCHON_CONTEXT_SUMMARY_TOKENS=600 bash transcripts/run_archon.sh ARCHON OUT transcripts/*/
//	python3 transcripts/score_summary.py --checklists transcripts/*/checklist.json --summaries OUT
//
// On real meetings (../shared/bench/qmsum, train split) with the loop in
// its README. The generated conversations of internal/convgen are a
// regression floor (TestPlantedFactRetention). BenchmarkExtractive200K
// times a 200K-token conversation.
//
// Options.Previous carries the items of the previous summary over while they
// are younger than Options.KeepDays (7), so MEMORY_SUMMARY.md keeps the last
// week; Summary.Dates records when each item was first seen, for the next
// call's Options.PreviousDates.
package summarize
