package compact

import (
	"context"
	"fmt"
	"sort"

	"github.com/archon-memory/archon/conv"
)

// DefaultKeepToolResults is how many recent tool results stay whole.
const DefaultKeepToolResults = 6

// ClearToolResults replaces every tool result but the last Keep with a stub
// naming the tool and the size of what it returned.
type ClearToolResults struct {
	Keep int // DefaultKeepToolResults when 0
}

// Name implements Step.
func (ClearToolResults) Name() string { return "clear-tool-results" }

// Stub is the text a cleared tool result is replaced with; where, if not
// empty, says where the full text is archived.
func Stub(tool string, tokens int, isError bool, where string) string {
	if tool == "" {
		tool = "unknown tool"
	}
	kind := "result"
	if isError {
		kind = "error"
	}
	s := fmt.Sprintf("[archon: %s of tool %s cleared (%d tokens)", kind, tool, tokens)
	if where != "" {
		s += "; the full text is archived in " + where
	}
	return s + "]"
}

// Apply implements Step.
func (s ClearToolResults) Apply(_ context.Context, st *State) (StepReport, error) {
	keep := s.Keep
	if keep <= 0 {
		keep = DefaultKeepToolResults
	}
	type loc struct{ msg, part int }
	var results []loc
	for i := range st.Conv.Messages {
		m := &st.Conv.Messages[i]
		if !m.Live() {
			continue
		}
		for j := range m.Parts {
			if m.Parts[j].Kind == conv.PartToolResult {
				results = append(results, loc{i, j})
			}
		}
	}
	changed := 0
	if len(results) <= keep {
		return StepReport{}, nil
	}
	saved := map[int]bool{}
	for _, l := range results[:len(results)-keep] {
		m := &st.Conv.Messages[l.msg]
		p := &m.Parts[l.part]
		if isStub(p.Text) {
			continue
		}
		if !saved[l.msg] {
			orig := *m
			orig.Parts = append([]conv.Part(nil), m.Parts...)
			st.archive(orig)
			saved[l.msg] = true
			changed++
		}
		n := st.Count(&conv.Message{Role: m.Role, Parts: []conv.Part{*p}})
		p.Text = Stub(p.ToolName, n, p.IsError, st.Where)
		p.Raw = nil
		m.Modified = true
	}
	return StepReport{Changed: changed}, nil
}

func isStub(s string) bool { return len(s) > 8 && s[:8] == "[archon:" }

// DefaultWindow and EmergencyWindow are SlidingWindow sizes (messages).
const (
	DefaultWindow   = 20
	EmergencyWindow = 10
)

// SlidingWindow keeps the last Keep messages, every system message, and
// every message scoring KeepScore or more (checkpoints and decisions).
type SlidingWindow struct {
	Keep int // DefaultWindow when 0
}

// Name implements Step.
func (s SlidingWindow) Name() string { return fmt.Sprintf("sliding-window-%d", s.keep()) }

func (s SlidingWindow) keep() int {
	if s.Keep <= 0 {
		return DefaultWindow
	}
	return s.Keep
}

// Apply implements Step.
func (s SlidingWindow) Apply(_ context.Context, st *State) (StepReport, error) {
	msgs := st.Conv.Messages
	us := units(msgs)
	scoreUnits(msgs, us)
	keep := make([]bool, len(us))
	left := s.keep()
	for k := len(us) - 1; k >= 0 && left > 0; k-- {
		if us[k].system {
			continue
		}
		keep[k] = true
		left -= us[k].end - us[k].start
	}
	for k := range us {
		if us[k].score >= KeepScore {
			keep[k] = true
		}
	}
	removed := rebuild(st, us, keep, "sliding window")
	return StepReport{Removed: removed}, nil
}

// Truncate drops the oldest messages until the budget holds, keeping the
// system messages and at least the last turn. It prefers to start on a
// user turn: leading assistant turns are dropped when a user turn follows.
type Truncate struct{}

// Name implements Step.
func (Truncate) Name() string { return "truncate" }

// Apply implements Step.
func (Truncate) Apply(_ context.Context, st *State) (StepReport, error) {
	msgs := st.Conv.Messages
	us := units(msgs)
	keep := make([]bool, len(us))
	total := 0
	cost := make([]int, len(us))
	lastNonSys := -1
	for k, u := range us {
		for i := u.start; i < u.end; i++ {
			if msgs[i].Live() {
				cost[k] += st.Count(&msgs[i])
			}
		}
		total += cost[k]
		keep[k] = true
		if !u.system {
			lastNonSys = k
		}
	}
	for k, u := range us {
		if total <= st.Budget || k == lastNonSys {
			break
		}
		if u.system {
			continue
		}
		keep[k] = false
		total -= cost[k]
	}
	// Never start on an orphaned assistant or tool turn when a user turn
	// can start instead.
	for k, u := range us {
		if u.system || !keep[k] {
			continue
		}
		if u.userStart || !hasUserTurnAfter(us, keep, k) {
			break
		}
		keep[k] = false
	}
	removed := rebuild(st, us, keep, "hard truncation")
	return StepReport{Removed: removed}, nil
}

func hasUserTurnAfter(us []unit, keep []bool, k int) bool {
	for j := k + 1; j < len(us); j++ {
		if keep[j] && us[j].userStart {
			return true
		}
	}
	return false
}

// Prioritize keeps the system messages, the last turn, and then the
// highest-scoring turns that fit the budget (newest first among equals).
type Prioritize struct{}

// Name implements Step.
func (Prioritize) Name() string { return "prioritize" }

// Apply implements Step.
func (Prioritize) Apply(_ context.Context, st *State) (StepReport, error) {
	msgs := st.Conv.Messages
	us := units(msgs)
	scoreUnits(msgs, us)
	keep := make([]bool, len(us))
	cost := make([]int, len(us))
	total := 0
	var order []int
	for k, u := range us {
		for i := u.start; i < u.end; i++ {
			if msgs[i].Live() {
				cost[k] += st.Count(&msgs[i])
			}
		}
		if u.system {
			total += cost[k]
			continue
		}
		order = append(order, k)
	}
	if len(order) == 0 {
		return StepReport{}, nil
	}
	last := order[len(order)-1]
	keep[last] = true
	total += cost[last]
	// Room for a marker message.
	total += 40
	sort.SliceStable(order, func(a, b int) bool {
		if us[order[a]].score != us[order[b]].score {
			return us[order[a]].score > us[order[b]].score
		}
		return order[a] > order[b]
	})
	for _, k := range order {
		if keep[k] {
			continue
		}
		if total+cost[k] <= st.Budget {
			keep[k] = true
			total += cost[k]
		}
	}
	removed := rebuild(st, us, keep, "prioritized compression")
	return StepReport{Removed: removed}, nil
}
