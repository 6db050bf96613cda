package rag

import (
	"context"
	"math"

	"github.com/archon-memory/archon/rag/chunk"
)

// proximity adds to the score of each of rs (the best candidates, scores
// not yet normalized) the evidence of the query's words standing close
// together in its text: a text that says "saved searches" answers a
// question about saved searches more surely than one that says "saved"
// in one place and "searches" in another (term proximity, as in Tao &
// Zhai 2007). The evidence is 1/(1+d), d the fewest words between two
// different query words (stop words not counted), scaled by the text's
// length up to ProximityLength words: in a short text every pair of
// words is close, which says nothing. It is added at Proximity times
// best, the best score before it. rs is sorted best first; only the
// first k can be results, so a candidate below them by more than the
// most it could gain is left as it is (and its text unread). It returns
// the chunks it read.
func (e *Engine) proximity(ctx context.Context, rs []ranked, k int, words map[string]bool, p RankParams, best float64) ([]chunk.Chunk, error) {
	if len(words) < 2 || len(rs) == 0 {
		return nil, nil
	}
	// Every boost is at most gain, and boosts only raise scores: a
	// candidate that cannot reach the kth score now cannot make the cut.
	gain := p.Proximity * best / 2
	cut := rs[min(k, len(rs))-1].score
	for len(rs) > k && rs[len(rs)-1].score+gain < cut {
		rs = rs[:len(rs)-1]
	}
	ids := make([]string, len(rs))
	for i, r := range rs {
		ids[i] = r.id
	}
	cs, err := e.fetch(ctx, ids)
	if err != nil {
		return nil, err
	}
	text := make(map[string]string, len(cs))
	for _, c := range cs {
		text[c.ID] = c.Text
	}
	m := e.ft.Analyzer().Matcher(words)
	var near nearness
	for i := range rs {
		near.reset()
		t := text[rs[i].id]
		n := m.Scan(t[:min(len(t), proximityBytes)], near.see)
		if d := near.d; d > 0 {
			add := p.Proximity * best / float64(1+d) * math.Min(1, float64(n)/float64(max(1, p.ProximityLength)))
			rs[i].score += add
			rs[i].lex += add
		}
	}
	return cs, nil
}

// proximityBytes bounds the text read of one candidate: a chunk is some
// 320 tokens; only a line without white space (a pasted blob) makes a
// longer one, and it holds no words to find.
const proximityBytes = 64 << 10

// nearness finds the fewest words between two different terms in a text.
type nearness struct {
	d    int            // the fewest words so far; 0 until two terms are seen
	last map[string]int // the last position of each term seen
}

func (n *nearness) reset() {
	n.d = 0
	if n.last == nil {
		n.last = map[string]int{}
	}
	clear(n.last)
}

// see notes term at pos (positions increasing).
func (n *nearness) see(pos int, term string) {
	for t, at := range n.last {
		if t != term && (n.d == 0 || pos-at < n.d) {
			n.d = pos - at
		}
	}
	n.last[term] = pos
}
