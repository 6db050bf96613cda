// Package compact shrinks a conversation that no longer fits its budget,
// as a pipeline of composable steps:
//
//   - ClearToolResults: every tool result but the last Keep (6) becomes a
//     stub that names the tool and its size.
//   - SlidingWindow: keep the last Keep messages (20, or 10 in an
//     emergency) plus every checkpoint and decision.
//   - SummarizeOldest: replace the oldest half of the messages by one
//     summary message (extractive by default, or an LLM).
//   - Prioritize: keep the highest-scoring messages that fit the budget
//     (checkpoint 100, user decision 90, error 80, code change 70, file
//     operation 60, progress 50, other 30), newest first on ties.
//   - Truncate: drop the oldest messages until the budget holds.
//
// Wrap a step in IfOver to run it only while the conversation is over
// budget. Every step keeps these invariants, checked by property tests over
// random conversations in every format:
//
//   - system messages are kept;
//   - the first non-system message is a user message that is not a tool
//     result (a marker message is put in front when the cut leaves an
//     assistant turn first);
//   - a tool call and its result are kept or cut together;
//   - kept messages keep their order and, unless a step changed them on
//     purpose (stubs), their content.
//
// Every message a step removes or changes is appended, as it was, to
// State.Cut so that the caller can archive it verbatim: compaction loses
// nothing.
package compact
