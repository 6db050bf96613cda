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
//   - Extractive (NewExtractive) works offline and is the default. It reads
//     the conversation twice: once to count how common each word is, once
//     to judge each sentence (of messages, of notes read by tools, of
//     comments in code the assistant wrote) by the structure of its lines,
//     by cue phrases and by shape. Items of a list under a heading that
//     names tasks or decisions are those, and key: value records (YAML,
//     tracker exports, minutes) and the rows of tables (markdown, or
//     columns aligned under a header) are read whole: open or due is a
//     task, closed is finished, a "resolved"/"decision"/"choice" field
//     with its "why" is a decision. Finished work (a done label, a checked
//     box, struck through, "- done", "that's done"), hypotheticals,
//     rejected or abandoned options, another party's choices ("not our
//     call", "the data team went with") and questions are not decisions;
//     checkboxes, deferrals, deadlines, reminders asked for, work assigned
//     to a person or picked up by nobody (also when the next sentence
//     says so: "Nobody has picked it up yet."), first-person promises,
//     TODO comments in pasted code and requests to nobody in particular
//     ("Can someone ...?", "Open question: who is going to ...?") are
//     tasks, a
//     denied one ("no need to") is not; a name the conversation seldom repeats
//     near its purpose, a choice made on purpose or guarded ("ask X before
//     changing this") or followed by its reason is a decision; an assent,
//     a denial or a terse name answers the user's question (several
//     questions are answered in order; a next sentence that only points
//     back, "I'd go with it", goes along), as a task if it asked about
//     work left. Sentences made of words rare in the conversation weigh
//     more (narration repeats itself, facts are said once), as do the
//     user's words and recent ones; a sentence said in the same words of
//     another file weighs half. Paths (also rooted at %VAR% or ${VAR},
//     relative with backslashes, globs, quoted with spaces, with a line
//     number), URLs and identifiers are collected. Identifiers are told by
//     the token's shape, not by known formats: letters and digits
//     alternating (HVZ5VDSX2), letters then four digits or more, capitals
//     with digits, letters and digits with separators (WTG-C17) or joined
//     by "#" or ":", hex-like runs, runs of six digits or more that are
//     not round or Unix times, besides keys, UUIDs, versions, "build #N"
//     with its noun, IP:port, ARNs and snake_case flag names; words with a
//     version (python3), numbers with a unit (100ms), dates and times are
//     not. Names in notes a tool read weigh more than machine output, and
//     names in a sentence asking to keep, watch, track, paste or use them
//     weigh most. An obligation with no subject ("Need to X before Y.") is
//     a task. Each section gets a reserved share of the
//     target size (Options.TargetTokens, 500 by default) for its strong
//     items, and the rest goes to the best remaining items.
//   - LLM (NewLLM) asks a model through an OpenAI-compatible chat
//     completions endpoint or the Anthropic Messages API, with the key taken
//     from the environment and a timeout; on any error it falls back to the
//     extractive summary and says why in Summary.Fallback.
//
// # Measured retention
//
// TestPlantedFactRetention plants 4 decisions, 4 pending tasks, 4 paths and
// 4 identifiers in generated conversations of 20K and 60K tokens (package
// monitor/convgen, all three formats) and checks which survive a 500-token
// extractive summary. On the tuning sets it keeps 100%. On held-out
// sets written in other words and domains (facts also in tool results,
// code comments, checklists and across two turns, with distractors) it
// kept 93.2% (scored at milestones) and 89.6% (scored once, blind, at the
// end: decisions 47/48, tasks 36/48, paths 41/48, identifiers 48/48);
// before this summarizer they scored 60.9% and 77.1%. held-out8 was then
// studied (Windows and extensionless paths, "still to do" tasks; 99.5%
// since), and a ninth set written before that change kept 86.5% before and
// 87.5% after it, both blind (decisions 32/48, tasks 48/48, paths 48/48,
// identifiers 40/48). held-out9 was then studied too (answers across two
// turns, 0x identifiers, purpose-first choices: 97.9% since, seen), and a
// tenth set written before that, scored once at the end, blind, kept
// 66.7% (decisions 23/48, tasks 18/48, paths 48/48, identifiers 39/48):
// then the held-out figure. Its losses were mostly shapes of text, not
// words (lists under headings, tracker records, minutes, requests to
// nobody, answers about work left, identifiers without separators), and
// the summarizer changed by general rules for those: held-out10 keeps
// 99.0% since (seen), held-out9 99.5%, while held-out7, still blind,
// stayed at 94.3% (decisions 37/48), so phrasings no rule has met still
// lose decisions. held-out11, written meanwhile by someone who had not
// read the summarizer, kept 82.8% at its one blind score (decisions
// 40/48, tasks 29/48, paths 42/48; 13/48 distractors shown); it was then
// studied (path forms, aligned tracker tables, reminders, assignments, a
// yes/no question answered "no", other teams' choices, routine
// narration) and keeps 100% since (seen, 0/48 distractors), while
// held-out7 stayed at 94.3% and tuning3 rose to 100%. held-out12 kept
// 85.9% at its one blind score (tasks 33/48, identifiers 38/48); it was
// then studied (identifier shapes: "build #N" with its noun, IP:port,
// ARNs and URNs, bare 7-9 digit numbers; answers that open in the
// question's words; "on my plate", "we owe"; "moves X over to Y") and
// keeps 100% since (seen), held-out7 still 94.3%. held-out13 kept 88.0%
// at its one blind score (tasks 35/48, identifiers 42/48, 10/48
// distractors shown); it was then studied (a question after a lead-in
// asking who will do the work, a TODO left in pasted code or a diff, work
// the next sentence says nobody has started, snake_case flag names, a
// changelog's "Changed" items, completion as "I was able to ...", another
// department's choice) and keeps 97.4% since (seen, 1/48 distractors),
// held-out7 still 94.3%, held-out8..12 unchanged. held-out14 kept 78.6%
// at its one blind score (identifiers 28/48); it was then studied
// (identifiers by general token shape, names in tool notes and names to
// keep weighing more, subjectless obligations) and keeps 90.1% since
// (seen), held-out7 still 94.3%. The history is in
// monitor/convgen/history.go; score a set with
// ARCHON_EVAL_HELDOUT=held-out13 go test -run Retention -v.
//
// Options.Previous carries the items of the previous summary over while they
// are younger than Options.KeepDays (7), so MEMORY_SUMMARY.md keeps the last
// week; Summary.Dates records when each item was first seen, for the next
// call's Options.PreviousDates.
package summarize
