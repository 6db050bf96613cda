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
//   - Extractive (NewExtractive) works offline and is the default; see
//     below.
//   - LLM (NewLLM) asks a model through an OpenAI-compatible chat
//     completions endpoint or the Anthropic Messages API, with the key taken
//     from the environment and a timeout; on any error it falls back to the
//     extractive summary and says why in Summary.Fallback.
//
// # The extractive summarizer
//
// It reads the conversation twice: once to count how often each word is
// used, once to judge each sentence (of messages, of notes read by tools,
// of comments in code the assistant wrote) and to weigh the paths, URLs and
// identifiers named. It judges by, from the strongest evidence to the
// weakest:
//
//   - Structure. Items of a list under a heading that names tasks or
//     decisions are those; "key: value" records (YAML, tracker exports,
//     minutes), the rows of tables (markdown, aligned columns, CSV) and
//     lines opening with a state ("TO DO | ...", "[BLOCKED] ...") are read
//     as records; checkboxes, TODO and FIXME comments, temporary code and
//     action labels are tasks; mail headers, log records and code are no
//     items.
//   - Cue phrases and shapes (cues.go, choices.go, work.go): how choices
//     are stated (chosen, approved, moving or wiring something to a name
//     the conversation seldom uses, a name and what it is for, a concession
//     "fine, Foo then", a comparison's winner, a proposal agreed to, a
//     question asking why we did something) and how work is owed
//     (obligations, deadlines and time given, waiting, promises, requests
//     to someone else, a question whether it was done answered "not yet",
//     a short follow-up saying the sentence before is still owed). An
//     answer carries the question it answers.
//   - What holds a judgement back (polarity.go): finished work, scoped to
//     its own clause and to work only (after "but" the rest may be open; a
//     finished change states a choice; "until that's done" is a condition),
//     hypotheticals, examples, rejected or lost options, another party's
//     choice, notes that disclaim themselves, narration of the agent's next
//     step, questions (a long statement with a question run on at its end
//     still states).
//   - Words alone. A statement naming something the conversation seldom
//     names, or made mostly of words it seldom uses, is kept as context,
//     and such a request from the user as possible work, even when no cue
//     says what it is: narration repeats itself, facts are said once. The
//     "ablate" build tag switches the cue lists of decisions and tasks off
//     (ARCHON_EVAL_ABLATE=decision,task) to measure how much this fallback
//     keeps of facts said in words no cue knows.
//
// Sentences weigh by their evidence, by the share of rare words in them,
// by speaker (the user's words most, tool output least) and by recency;
// items that name nothing ("Everything else can wait.") are dropped or
// weigh half. Paths, URLs and identifiers are told by their shape:
// identifiers by what they are not (dates, times, plain numbers, versions,
// quantities) as well as by known forms, also when written in spaced groups
// or after a reference noun ("PR 4412"). An entity weighs by the sentence
// naming it (the news it carries, whether it was judged an item), by where
// it is (a note, an error line or a warning weigh more than machine output;
// a tool result echoing its call's arguments adds nothing) and by how often
// the file or identifier is named in any form: a path said once is what a
// summary must not lose. Each section gets a reserved share of the target
// size (Options.TargetTokens, 500 by default) for its strong items, the
// context section's share for its paths and identifiers, and the rest goes
// to the best remaining items.
//
// # Measured retention
//
// TestPlantedFactRetention plants 4 decisions, 4 pending tasks, 4 paths and
// 4 identifiers in generated conversations of 20K and 60K tokens (package
// conv/convgen, all three formats) and checks which survive a 500-token
// extractive summary: ARCHON_EVAL_HELDOUT=held-out17 go test -count=1 -run
// Retention -v ./summarize/. Sets written by someone who had not read the
// summarizer are scored once, blind, before anyone looks at what they
// lose; every score, blind and seen, is recorded in
// conv/convgen/history.go. At 6defcc3 the latest blind batch
// (held-out38 to held-out41) kept 699 of 768 planted facts (91.0%,
// 83.9-94.3% per set) and held-out21 to held-out25, still unseen, 900 of
// 960 (93.8%); the sets tuned on and studied keep 97.2%.
// BenchmarkExtractive200K times a 200K-token conversation.
//
// Options.Previous carries the items of the previous summary over while they
// are younger than Options.KeepDays (7), so MEMORY_SUMMARY.md keeps the last
// week; Summary.Dates records when each item was first seen, for the next
// call's Options.PreviousDates.
package summarize
