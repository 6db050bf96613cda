package compact

import (
	"context"
	"strings"

	"github.com/archon-memory/archon/conv"
)

// KeepRecentWithSummary is the trim of the auto-summarize protocol: every
// non-system message is replaced by one summary message (Text), except the
// most recent turns holding at least Keep messages (whole turns; 10 when
// 0). The summary is a user turn, so the kept turns never start orphaned.
type KeepRecentWithSummary struct {
	Keep int
	Text string
}

// Name implements Step.
func (KeepRecentWithSummary) Name() string { return "summary-plus-recent" }

// Apply implements Step.
func (s KeepRecentWithSummary) Apply(_ context.Context, st *State) (StepReport, error) {
	keepN := s.Keep
	if keepN <= 0 {
		keepN = 10
	}
	msgs := st.Conv.Messages
	us := units(msgs)
	keep := make([]bool, len(us))
	left := keepN
	for k := len(us) - 1; k >= 0 && left > 0; k-- {
		if !us[k].system {
			keep[k] = true
			left -= us[k].end - us[k].start
		}
	}
	summary := conv.NewText(conv.RoleUser, SummaryPrefix+"\n"+strings.TrimSpace(s.Text))
	summary.CompactSummary = true
	var out []conv.Message
	placed, removed := false, 0
	for k, u := range us {
		if !u.system && !keep[k] {
			st.archive(msgs[u.start:u.end]...)
			removed += u.end - u.start
			continue
		}
		if !u.system && !placed {
			out = append(out, summary)
			placed = true
		}
		out = append(out, msgs[u.start:u.end]...)
	}
	if !placed {
		out = append(out, summary)
	}
	st.Conv.Messages = out
	return StepReport{Removed: removed}, nil
}

// CompressPlans applies CompressPlan to the text of every message IsPlan
// selects, archiving the originals.
type CompressPlans struct {
	IsPlan func(i int, m *conv.Message) bool
}

// Name implements Step.
func (CompressPlans) Name() string { return "compress-plan" }

// Apply implements Step.
func (s CompressPlans) Apply(_ context.Context, st *State) (StepReport, error) {
	changed := 0
	for i := range st.Conv.Messages {
		m := &st.Conv.Messages[i]
		if s.IsPlan == nil || !s.IsPlan(i, m) {
			continue
		}
		orig := *m
		orig.Parts = append([]conv.Part(nil), m.Parts...)
		did := false
		for j := range m.Parts {
			p := &m.Parts[j]
			if p.Kind != conv.PartText {
				continue
			}
			if short := CompressPlan(p.Text); len(short) < len(p.Text) {
				p.Text, p.Raw = short, nil
				did = true
			}
		}
		if did {
			m.Modified = true
			st.archive(orig)
			changed++
		}
	}
	return StepReport{Changed: changed}, nil
}
