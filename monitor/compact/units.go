package compact

import (
	"fmt"
	"strings"

	"github.com/archon-memory/archon/conv"
)

// unit is a run of messages that must be kept or cut together: an
// assistant turn with its tool calls, the results that answer them, the
// further lines of the same API response (Claude Code writes one response
// as several lines sharing message.id), and sidechain lines in between.
type unit struct {
	start, end int  // message indexes [start, end)
	system     bool // system messages, and the summaries archon put in: always kept
	marker     bool // archon's note of what was removed, replaced by the next one
	userStart  bool // begins with a user message that is not a tool result
	score      int
}

// units splits msgs into units.
func units(msgs []conv.Message) []unit {
	var out []unit
	pending := map[string]bool{}
	lastID := ""
	for i := range msgs {
		m := &msgs[i]
		join := false
		if len(out) > 0 && !out[len(out)-1].system && !out[len(out)-1].marker && !m.Synthetic {
			switch {
			case !m.Live():
				join = true
			case len(pending) > 0 && m.HasToolResults():
				join = true
			case m.Role == conv.RoleAssistant && m.ID != "" && m.ID == lastID:
				join = true
			}
		}
		if !join {
			if m.Live() {
				clear(pending)
			}
			marker := m.Synthetic && strings.HasPrefix(m.Text(), markerPrefix)
			out = append(out, unit{
				start: i, end: i,
				system:    m.Role == conv.RoleSystem || m.Synthetic && !marker,
				marker:    marker,
				userStart: isUserTurn(m),
			})
		}
		u := &out[len(out)-1]
		u.end = i + 1
		if !m.Live() {
			continue
		}
		for _, p := range m.Parts {
			switch p.Kind {
			case conv.PartToolCall:
				pending[p.ToolID] = true
			case conv.PartToolResult:
				delete(pending, p.ToolID)
			}
		}
		if m.Role == conv.RoleAssistant {
			lastID = m.ID
		} else if !m.HasToolResults() {
			lastID = ""
		}
	}
	return out
}

// isUserTurn reports whether m can open the conversation after the system
// messages: a user message (or unknown role) that carries no tool results.
func isUserTurn(m *conv.Message) bool {
	return (m.Role == conv.RoleUser || m.Role == conv.RoleOther) && !m.HasToolResults() && m.Live()
}

// markerPrefix opens archon's note of what was removed.
const markerPrefix = "[archon: "

// rebuild keeps the units marked in keep, puts a marker (a user message
// saying how many messages were removed and where they went) before the
// first kept non-system unit when anything was dropped, and archives every
// dropped message in st.Cut. It returns the number of messages removed.
// Because the marker is a user turn, the context never starts on an
// orphaned assistant turn.
func rebuild(st *State, us []unit, keep []bool, why string) int {
	msgs := st.Conv.Messages
	var out []conv.Message
	removed := 0
	firstKept := -1
	for k, u := range us {
		if u.marker {
			continue
		}
		if u.system || keep[k] {
			if !u.system && firstKept < 0 {
				firstKept = k
			}
			continue
		}
		removed += u.end - u.start
	}
	if removed == 0 {
		return 0
	}
	// One marker tells of every message removed so far, by every step.
	st.removed += removed
	if why != st.why && st.why != "" {
		why = st.why + ", then " + why
	}
	st.why = why
	insertAt := -1
	for k, u := range us {
		if u.marker {
			continue
		}
		if u.system || keep[k] {
			if k == firstKept {
				insertAt = len(out)
			}
			out = append(out, msgs[u.start:u.end]...)
			continue
		}
		st.archive(msgs[u.start:u.end]...)
	}
	{
		if insertAt < 0 {
			insertAt = len(out)
		}
		text := fmt.Sprintf("%s%d earlier messages were removed from this context (%s)", markerPrefix, st.removed, why)
		if st.Where != "" {
			text += "; they are archived verbatim in " + st.Where
		}
		marker := conv.NewText(conv.RoleUser, text+".]")
		out = append(out[:insertAt], append([]conv.Message{marker}, out[insertAt:]...)...)
	}
	st.Conv.Messages = out
	return removed
}
