// Package conv is archon's model of a live conversation: the messages an
// agent sends to a model, read from and written back to the three formats
// archon accepts.
//
//   - FormatOpenAI: OpenAI chat messages, either a JSON array of messages or a
//     request object {"model": ..., "messages": [...], ...}. Roles system,
//     developer, user, assistant, tool (and legacy function).
//   - FormatAnthropic: Anthropic Messages, either an array of messages or a
//     request object with a top-level "system". Content blocks text,
//     tool_use, tool_result, thinking, image, document, ...
//   - FormatClaudeCode: a Claude Code transcript, one JSON object per line.
//     Lines of type user/assistant carry a message; other lines (summary,
//     system, file-history-snapshot, ...) are kept as they are. Sidechain
//     (sub-agent) lines are kept but are not part of the main context.
//
// Parse reads any of them (Detect guesses the format), Write writes a
// Conversation back in its format. Untouched messages are written back byte
// for byte from their original JSON; a message whose parts were changed (a
// cleared tool result, say) is written by patching its original object, so
// fields archon does not know survive. Messages archon creates (summaries,
// truncation markers) are marked Synthetic.
//
// Malformed JSONL lines and unknown roles do not stop parsing: they are
// reported in Conversation.Warnings with their line numbers. A malformed JSON
// document is an error that names the line and column.
package conv
