// Package claudecode connects archon to Claude Code through its hooks:
// `archon hook claude-code` reads one hook event as JSON on stdin and
// dispatches it on hook_event_name to a Handler over an app.Memory.
//
// # The fields archon relies on
//
// From Claude Code 2.1.x (the hooks reference, and the types in sdk.d.ts of
// the npm package @anthropic-ai/claude-agent-sdk):
//
//	every event     session_id, transcript_path, cwd, hook_event_name;
//	                agent_id and agent_type inside a subagent
//	SessionStart    source: startup | resume | clear | compact | fork; model
//	UserPromptSubmit prompt; source (who authored it: user, sdk, system, ...)
//	PreCompact      trigger: manual | auto; custom_instructions (string or null)
//	PostCompact     trigger; compact_summary (the host model's own summary)
//	Stop            stop_hook_active; last_assistant_message
//	SubagentStop    the same, with agent_id, agent_type, agent_transcript_path
//	SessionEnd      reason (clear, logout, prompt_input_exit, other, ...)
//
// Output: for SessionStart and UserPromptSubmit, JSON on stdout of the form
// {"hookSpecificOutput": {"hookEventName": E, "additionalContext": TEXT}}
// adds TEXT to the model's context; for PreCompact, plain stdout becomes
// the compaction's custom instructions; the other events take no output.
//
// The transcript (transcript_path) is JSONL: user and assistant records
// (message, uuid, timestamp, isSidechain, gitBranch), system records (a
// compact_boundary marks a compaction), queue-operation records (prompts
// typed while the agent was busy: operation enqueue, content) and others
// (progress, file-history-snapshot) that archon skips. Assistant records
// carry message.usage; the context size is input + cache_creation +
// cache_read of the last main-thread assistant record with usage.
//
// # What each event does
//
//   - SessionStart: the L1 payload within l1.budget_tokens; after a
//     compaction (source compact), first what the session needs to go on
//     (branch, counted git status, last commits, the task in progress and
//     the latest todo list, open errors, the continuation note written at
//     PreCompact), all within RecoveryBudget tokens.
//   - UserPromptSubmit: the prompt goes to today's daily log (#prompt,
//     #session/ID); the context is measured from what the transcript
//     appended since the last measure; at a profile level a one-line notice
//     is added; at the critical level the auto-summarize protocol runs.
//   - PreCompact: the checkpoint: every turn of the transcript not yet
//     archived goes into the daily log as #checkpoint entries (text, tool
//     calls with their arguments, tool results bounded with a pointer to
//     their transcript line), MEMORY_SUMMARY.md is refreshed, a
//     continuation note is kept, and custom instructions name what the
//     compaction must keep.
//   - PostCompact: compact_summary becomes a #compact-summary entry and is
//     merged into MEMORY_SUMMARY.md.
//   - Stop, SubagentStop: the last assistant message is a #progress entry.
//   - SessionEnd: the final checkpoint.
//
// A hook never breaks the user's session: a malformed event, a missing
// transcript or a workspace that cannot be opened makes the command exit 0
// with one line on stderr, and every event runs under a deadline.
package claudecode
