package vector

import (
	"context"
	"fmt"
)

// scanBlock is how many signatures are compared between checks of the
// context.
const scanBlock = 16384

// scratch holds one search's buffers; Index.pool recycles them.
type scratch struct {
	rot  []float32 // encoder scratch
	qsig []uint64  // query signature
	dist []uint16  // Hamming distance per slot
	hist []int32   // slots per distance
	pick []int32   // slots of one pass, to rescore
	top  topK
}

func (ix *Index) getScratch(n int) *scratch {
	sc, _ := ix.pool.Get().(*scratch)
	if sc == nil {
		sc = &scratch{
			rot:  make([]float32, ix.enc.scratchLen()),
			qsig: make([]uint64, ix.enc.words),
			hist: make([]int32, ix.enc.bits+1),
		}
	}
	if cap(sc.dist) < n {
		sc.dist = make([]uint16, n+n/4)
	}
	sc.dist = sc.dist[:n]
	clear(sc.hist)
	return sc
}

// searchPrefiltered answers a query on a large collection: Hamming distances
// of all signatures, then exact rescoring of the closest candidates, in
// order of distance, until Candidates allowed ones have been scored. The
// caller holds the read lock; u is a unit vector.
func (ix *Index) searchPrefiltered(ctx context.Context, u []float32, k int, allow func(string) bool) ([]Hit, error) {
	n := len(ix.ids)
	sc := ix.getScratch(n)
	defer ix.pool.Put(sc)
	sc.top.reset(k)

	ix.enc.encode(u, sc.qsig, sc.rot)
	for lo := 0; lo < n; {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("vector: search: %w", err)
		}
		hi := min(lo+scanBlock, n)
		if lo < ix.nbase && hi > ix.nbase {
			hi = ix.nbase // a block ends where the snapshot's slots do
		}
		hamming(ix.sigRange(lo, hi), sc.qsig, sc.dist[lo:hi], sc.hist)
		lo = hi
	}

	m := max(ix.opts.Candidates, 2*k)
	hist, dist := sc.hist, sc.dist
	maxb := len(hist) - 1
	var (
		scored   int // candidates that passed allow and were rescored
		taken    int // candidates examined, allowed or not
		b        int // lowest distance bucket not yet fully examined
		takenInB int // examined slots of bucket b
		lastIdx  = -1
		target   = m
	)
	for scored < m && taken < n {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("vector: search: %w", err)
		}
		// Find the bucket hi where the target count is reached, and how many
		// of its slots (in slot order) to take.
		need := target - taken
		hi, rem := b, int(hist[b])-takenInB
		for rem < need && hi < maxb {
			need -= rem
			hi++
			rem = int(hist[hi])
		}
		quota := min(need, rem)
		takenHi, lastHi := 0, lastIdx
		pick := sc.pick[:0]
		for i, d16 := range dist {
			d := int(d16)
			if d < b || d > hi || (d == b && i <= lastIdx) {
				continue
			}
			if d == hi {
				if quota == 0 {
					continue
				}
				quota--
				takenHi++
				lastHi = i
			}
			taken++
			if allow != nil && !allow(ix.ids[i]) {
				continue
			}
			scored++
			pick = append(pick, int32(i))
		}
		// Rescore the pass's picks in one tight loop: their vectors lie
		// all over memory, and loads of the next can start while the
		// current one is summed.
		for _, i := range pick {
			sc.top.push(i, dot(u, ix.vec(i)), ix.ids)
		}
		sc.pick = pick
		if hi == b {
			takenInB += takenHi
		} else {
			takenInB = takenHi
		}
		b, lastIdx = hi, lastHi
		if takenInB >= int(hist[b]) {
			if b == maxb {
				break
			}
			b, takenInB, lastIdx = b+1, 0, -1
		}
		// Too few candidates passed allow: extend the walk by what the pass
		// rate so far says is still needed, with a margin.
		if scored == 0 {
			target = 8 * taken
		} else {
			target = taken + int(float64(m-scored)*float64(taken)/float64(scored)*1.25) + 64
		}
	}
	return sc.top.hits(ix.ids), nil
}

// cand is a scored slot.
type cand struct {
	slot  int32
	score float32
}

// topK keeps the k best candidates in a min-heap (worst at the root); ties
// in score are broken by id, smaller first.
type topK struct {
	k int
	h []cand
}

func (t *topK) reset(k int) {
	t.k = k
	t.h = t.h[:0]
}

// worse reports whether a ranks below b.
func worse(a, b cand, ids []string) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	return ids[a.slot] > ids[b.slot]
}

func (t *topK) push(slot int32, score float32, ids []string) {
	c := cand{slot, score}
	if len(t.h) < t.k {
		t.h = append(t.h, c)
		// sift up
		i := len(t.h) - 1
		for i > 0 {
			p := (i - 1) / 2
			if !worse(t.h[i], t.h[p], ids) {
				break
			}
			t.h[i], t.h[p] = t.h[p], t.h[i]
			i = p
		}
		return
	}
	if !worse(t.h[0], c, ids) {
		return
	}
	t.h[0] = c
	t.siftDown(0, len(t.h), ids)
}

func (t *topK) siftDown(i, n int, ids []string) {
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && worse(t.h[r], t.h[l], ids) {
			m = r
		}
		if !worse(t.h[m], t.h[i], ids) {
			return
		}
		t.h[i], t.h[m] = t.h[m], t.h[i]
		i = m
	}
}

// hits empties the heap into hits, best first.
func (t *topK) hits(ids []string) []Hit {
	out := make([]Hit, len(t.h))
	for n := len(t.h); n > 0; n-- {
		out[n-1] = Hit{ID: ids[t.h[0].slot], Score: t.h[0].score}
		t.h[0] = t.h[n-1]
		t.siftDown(0, n-1, ids)
	}
	t.h = t.h[:0]
	return out
}
