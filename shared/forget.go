package shared

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/archon-memory/archon/memory"
)

// LayerForget marks a record of a tenant's log that forgets earlier
// entries instead of adding one. Its text is the JSON list of what it
// forgets ([]ForgetTarget), never the forgotten text itself. Appending it
// also erases the text of the entries it names from the store, and every
// node that applies it forgets them from its own files.
const LayerForget = "forget"

// ForgetTarget names forgotten entries by their place and the SHA-256 of
// their text (TextHash). Identical entries (an agent logging the same line
// twice in a minute) are told apart by count only: Keep is how many of
// them the forgetting node kept, and applying the target, in the store or
// on a node, leaves at most that many. It reads the same however often it
// is applied, and to a node that never had the copies erased from the
// store before it caught up. A record written before Keep (0) forgets
// every copy, as it did then.
type ForgetTarget struct {
	Date  string `json:"date"`
	Time  string `json:"time"`
	Agent string `json:"agent,omitempty"`
	Hash  string `json:"sha256"`
	Keep  int    `json:"keep,omitempty"`
}

// TextHash is the hash a ForgetTarget names an entry's text by
// (memory.TextHash); forgetTargetSQL's btrim trims the same four
// characters.
func TextHash(text string) string { return memory.TextHash(text) }

// ForgetRecord returns the record that forgets targets (to be filled in
// by Node.Entry and written with Node.Write).
func ForgetRecord(date, time string, targets []ForgetTarget) (Entry, error) {
	if len(targets) == 0 {
		return Entry{}, fmt.Errorf("%w: forget nothing", ErrInvalid)
	}
	b, err := json.Marshal(targets)
	if err != nil {
		return Entry{}, err
	}
	return Entry{Date: date, Time: time, Layer: LayerForget, Text: string(b)}, nil
}

// Targets reads what a forget record forgets.
func (e *Entry) Targets() ([]ForgetTarget, error) {
	if e.Layer != LayerForget {
		return nil, nil
	}
	var ts []ForgetTarget
	if err := json.Unmarshal([]byte(e.Text), &ts); err != nil {
		return nil, fmt.Errorf("%w: forget record %s: %v", ErrInvalid, e.ID, err)
	}
	return ts, nil
}

// Unmatched returns the targets that no entry of the tenant's log, sent or
// waiting in this node's outbox, reads as: a forget of them erases no copy
// elsewhere (the entry was edited here since it was shared, or was written
// before shared mode). It asks the store; an error says it could not.
func (n *Node) Unmatched(ctx context.Context, ts []ForgetTarget) ([]ForgetTarget, error) {
	matches := func(t ForgetTarget, e Entry) bool {
		return e.Layer != LayerForget && e.Date == t.Date && e.Time == t.Time && e.Agent == t.Agent && TextHash(e.Text) == t.Hash
	}
	waiting, _, err := n.outbox.Pending(ctx, maxOutboxScan)
	if err != nil {
		return nil, err
	}
	s, err := n.connect(ctx)
	if err != nil {
		return nil, err
	}
	var out []ForgetTarget
	for _, t := range ts {
		if slices.ContainsFunc(waiting, func(e Entry) bool { return matches(t, e) }) {
			continue
		}
		var found bool
		err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM archon_entries WHERE `+forgetTargetSQL+`)`,
			n.opt.Tenant, LayerForget, t.Date, t.Time, t.Agent, t.Hash).Scan(&found)
		if err != nil {
			return nil, wrapErr("forget check", err)
		}
		if !found {
			out = append(out, t)
		}
	}
	return out, nil
}

// maxOutboxScan bounds the entries of the outbox a check reads.
const maxOutboxScan = 100000
