package summarize

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/archon-memory/archon/summarize/acts"
)

// unit is one sentence of prose, judged.
type unit struct {
	text  string
	words []string
	vec   []term // TF-IDF, unit length, by term id
	at    int    // message index
	user  bool
	actW  float64 // the summed weights of its cues
	// cue is the class of its strongest cue, and cueW that cue's weight:
	// what the sentence does, even where the fitted weight says such
	// sentences are seldom kept (cueW <= 0).
	cue      string
	cueW     float64
	cent     float64 // centrality, 0..1 by rank
	content  int     // its distinct words not common in the conversation
	followed bool    // more of its text comes after it: what a "let me" goes on to do
	score    float64
}

// Weights of the prose score, chosen by a grid on QMSum's train meetings
// (lambda 0.5 / 0.7, lead 0 / 0.3 / 0.6, content 0.2 / 0.4): ROUGE-2
// recall of every query's answer at 500 cl100k tokens, with the loop in
// ../shared/bench/qmsum/README.md.
const (
	actWeight    = 0.35 // per unit of summed cue weight (log-odds), squashed
	userWeight   = 0.05 // the user's (or the chair's) own words
	simThreshold = 0.1  // LexRank edge threshold (cosine)
	damping      = 0.85
	maxGraph     = 500  // sentences ranked by LexRank; the rest by the centroid
	maxPool      = 2000 // the candidates a selection considers
	mmrLambda    = 0.5  // relevance against novelty in selection
	minWords     = 4    // shorter sentences carry no content, unless a cue says what they are
	// commonShare: a word in more than this share of sentences is common;
	// a sentence needs minContent words that are not.
	commonShare   = 0.02
	minContent    = 2
	contentWeight = 0.2 // for up to 8 uncommon words
)

// proseUnits splits said texts into units and scores them.
func proseUnits(texts []said, lx *acts.Lexicon) []*unit {
	us := splitUnits(texts, lx)
	rank(us)
	return us
}

// splitUnits splits said texts into units with their cues and TF-IDF
// vectors, dropping stall words and sentences too short to carry content.
func splitUnits(texts []said, lx *acts.Lexicon) []*unit {
	var us []*unit
	for _, t := range texts {
		ss := sentences(t.text)
		for i, s := range ss {
			s, w := compress(s, lx)
			if len(w) < 2 {
				continue
			}
			u := &unit{text: s, words: w, at: t.at, user: t.user, cueW: math.Inf(-1), followed: i < len(ss)-1}
			for _, h := range lx.Match(w) {
				if h.Class == acts.Issue && h.Pos == 0 && strings.HasPrefix(strings.ToLower(s), h.Words+":") {
					h.Class = acts.Decision // a label names what follows: "Decision: use PostgreSQL."
				}
				u.actW += h.Weight
				if h.Class != acts.Backchannel && h.Class != acts.Inform && h.Weight > u.cueW {
					u.cue, u.cueW = h.Class, h.Weight
				}
			}
			if len(w) >= minWords || u.cueW > 0 {
				us = append(us, u)
			}
		}
	}
	dfs := vectorize(us)
	// Fragments of common words ("I don't know if that") carry no content.
	common := max(1, commonShare*float64(len(us)))
	kept := us[:0]
	for _, u := range us {
		for _, t := range u.vec {
			if float64(dfs[t.id]) <= common {
				u.content++
			}
		}
		if u.content >= minContent || u.cueW > 0 && u.content > 0 {
			kept = append(kept, u)
		}
	}
	return kept
}

// rank scores units by their centrality, cues and content.
func rank(us []*unit) {
	centrality(us)
	for _, u := range us {
		u.score = u.cent + actWeight*math.Tanh(u.actW) + contentWeight*math.Min(1, float64(u.content)/8)
		if u.user {
			u.score += userWeight
		}
	}
}

// compress removes backchannel and stall phrases (the lexicon's
// backchannel entries: "um", "you know", "I mean") where they stand
// apart: opening the sentence, set off by commas, or, for the short stall
// words, anywhere; and stammered repeats ("the the", "what about what
// about"). An entry's fitted weight does not matter here: it says how
// often a sentence holding the phrase is kept, not whether the phrase
// says anything. It returns the text left and its words, as acts.Words
// splits them.
func compress(s string, lx *acts.Lexicon) (string, []string) {
	fields := strings.Fields(s)
	words := make([]string, len(fields)) // each field's one word, or ""
	var buf []string
	for i, f := range fields {
		if buf = acts.AppendWords(buf[:0], f); len(buf) == 1 {
			words[i] = buf[0]
		}
	}
	var out []string
	for i := 0; i < len(fields); {
		if n := stallAt(fields, words, i, len(out) == 0, lx); n > 0 {
			i += n
			continue
		}
		out = append(out, fields[i])
		i++
		out = out[:len(out)-repeatedTail(out)]
	}
	r := strings.TrimLeft(strings.Join(out, " "), ",.;:- ")
	if r != "" && r[0] >= 'a' && r[0] <= 'z' {
		r = strings.ToUpper(r[:1]) + r[1:]
	}
	return r, acts.Words(r)
}

// repeatedTail returns k when the last k fields of out (k up to 4: "what
// about what about") say again the k before them, else 0. Inside a
// sentence, a word written twice alike with a capital or a digit is a name
// or a figure ("to Walla Walla"), not a stammer ("It's It's", "I I").
func repeatedTail(out []string) int {
	same := func(a, b string) bool { return strings.EqualFold(strings.Trim(a, ",."), strings.Trim(b, ",.")) }
	for k := 1; k <= 4 && 2*k <= len(out); k++ {
		n, w := len(out), strings.Trim(out[len(out)-1], ",.") // "Walla Walla." too, not "Dirk, Dirk"
		if k == 1 && n > 2 && w == out[n-2] && nameLike(w) {
			continue
		}
		if n := len(out); slices.EqualFunc(out[n-2*k:n-k], out[n-k:], same) {
			return k
		}
	}
	return 0
}

// nameLike reports a word with a capital or a digit that is no function
// word (stopwords.txt: I, I'm, It's).
func nameLike(w string) bool {
	return !stopWords.Has(strings.ReplaceAll(strings.ToLower(w), "’", "'")) &&
		strings.ContainsFunc(w, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) })
}

// stallAt returns how many fields from i make a stall phrase to drop, or 0.
func stallAt(fields, words []string, i int, opening bool, lx *acts.Lexicon) int {
	best := 0
	lx.Walk(words, i, func(n int, e acts.Entry) {
		apart := opening || strings.HasSuffix(fields[i+n-1], ",") || (i > 0 && strings.HasSuffix(fields[i-1], ","))
		if e.Class == acts.Backchannel && (apart || n == 1 && len(words[i]) <= 2) {
			best = n
		}
	})
	return best
}

// term is one weighted entry of a sparse vector: a word of a sentence's,
// or an edge of a unit's row of the LexRank graph.
type term struct {
	id int32
	w  float64
}

// vectorize gives each unit its unit-length TF-IDF vector (terms sorted
// by id) and returns the document frequencies, by term id.
func vectorize(us []*unit) []int {
	ids := map[string]int32{}
	var dfs []int
	for _, u := range us {
		row := make([]int32, len(u.words))
		for i, w := range u.words {
			row[i] = intern(ids, w)
		}
		dfs = append(dfs, make([]int, len(ids)-len(dfs))...)
		slices.Sort(row)
		for i, id := range row { // term frequencies first
			if i > 0 && id == row[i-1] {
				u.vec[len(u.vec)-1].w++
				continue
			}
			u.vec = append(u.vec, term{id, 1})
			dfs[id]++
		}
	}
	n := float64(len(us))
	for _, u := range us {
		var norm float64
		for i, t := range u.vec {
			u.vec[i].w = t.w * math.Log((n+1)/float64(dfs[t.id]))
			norm += u.vec[i].w * u.vec[i].w
		}
		if norm = math.Sqrt(norm); norm > 0 {
			for i := range u.vec {
				u.vec[i].w /= norm
			}
		}
	}
	return dfs
}

// intern returns the id of k in ids, the next free one when k is new.
func intern[K comparable](ids map[K]int32, k K) int32 {
	id, ok := ids[k]
	if !ok {
		id = int32(len(ids))
		ids[k] = id
	}
	return id
}

// cosine is the dot product of two unit vectors.
func cosine(a, b []term) float64 {
	var s float64
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].id == b[j].id:
			s += a[i].w * b[j].w
			i++
			j++
		case a[i].id < b[j].id:
			i++
		default:
			j++
		}
	}
	return s
}

// centrality sets each unit's centrality: its similarity to the
// conversation's centroid, then, for the best maxGraph units, continuous
// LexRank (Erkan & Radev 2004) over the cosine graph; the result is
// turned into ranks scaled to 0..1 so it mixes with the cue weights.
func centrality(us []*unit) {
	var centroid []float64
	for _, u := range us {
		for _, t := range u.vec {
			for int(t.id) >= len(centroid) {
				centroid = append(centroid, 0)
			}
			centroid[t.id] += t.w
		}
	}
	raw := make([]float64, len(us))
	for i, u := range us {
		for _, t := range u.vec {
			raw[i] += t.w * centroid[t.id]
		}
	}
	ranked := descending(raw)
	top := slices.Clone(ranked[:min(len(ranked), maxGraph)])
	// The graph's units rank above the rest, by their LexRank score.
	for r, k := range descending(lexRank(us, top)) {
		ranked[r] = top[k]
	}
	den := float64(max(1, len(ranked)-1))
	for r, i := range ranked {
		us[i].cent = 1 - float64(r)/den
	}
}

// descending returns the indices of v, the largest value first, ties in
// order.
func descending(v []float64) []int {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return v[idx[a]] > v[idx[b]] })
	return idx
}

// lexRank returns the stationary scores of the units top over a graph
// whose edges join pairs with cosine above simThreshold, weighted by the
// cosine and normalized per row.
func lexRank(us []*unit, top []int) []float64 {
	n := len(top)
	adj := make([][]term, n)  // each unit's edges, by the other's index in top
	sum := make([]float64, n) // the weights of each unit's edges
	for a := range n {
		for b := a + 1; b < n; b++ {
			if c := cosine(us[top[a]].vec, us[top[b]].vec); c > simThreshold {
				adj[a] = append(adj[a], term{int32(b), c})
				adj[b] = append(adj[b], term{int32(a), c})
				sum[a] += c
				sum[b] += c
			}
		}
	}
	p := slices.Repeat([]float64{1 / float64(n)}, n)
	next := make([]float64, n)
	for range 40 {
		for i := range next {
			next[i] = (1 - damping) / float64(n)
		}
		for a := range adj {
			for _, e := range adj[a] {
				next[e.id] += damping * p[a] * e.w / sum[a]
			}
		}
		p, next = next, p
	}
	return p
}

// pick selects up to n units by maximal marginal relevance: the best
// score, less its similarity to what is already picked.
func pick(us []*unit, n int) []*unit {
	cand := append([]*unit(nil), us...)
	sort.SliceStable(cand, func(a, b int) bool { return cand[a].score > cand[b].score })
	cand = cand[:min(len(cand), maxPool)]
	var out []*unit
	maxSim := make([]float64, len(cand))
	used := make([]bool, len(cand))
	for len(out) < n {
		best, bestV := -1, math.Inf(-1)
		for i, u := range cand {
			if used[i] {
				continue
			}
			v := mmrLambda*u.score - (1-mmrLambda)*maxSim[i]
			if v > bestV {
				best, bestV = i, v
			}
			if i > 200+len(out)*4 && best >= 0 {
				break // the rest rank too low to win
			}
		}
		if best < 0 {
			break
		}
		used[best] = true
		out = append(out, cand[best])
		for i, u := range cand {
			if !used[i] {
				maxSim[i] = max(maxSim[i], cosine(u.vec, cand[best].vec))
			}
		}
	}
	return out
}
