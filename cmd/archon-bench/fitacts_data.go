package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/archon-memory/archon/summarize/acts"
	porter "github.com/blevesearch/go-porterstemmer"
)

// qmMeeting is one meeting: its turns and the spans of its queries.
type qmMeeting struct {
	Name     string
	Corpus   string
	Roles    []string
	Contents []string
	// Decision holds the message spans of its decision and action
	// queries, Specific those of all its specific queries.
	Decision, Specific [][2]int
	// Answers are the answers of all its queries, DecisionAnswers those of
	// its decision and action queries. They stay in memory.
	Answers, DecisionAnswers []string
}

// loadQMSum reads the meetings, sorted by name, with their query spans.
func loadQMSum(dir string) ([]qmMeeting, error) {
	type meetingLine struct {
		Meeting   string `json:"meeting"`
		Corpus    string `json:"corpus"`
		NMessages int    `json:"n_messages"`
	}
	type queryLine struct {
		Meeting      string   `json:"meeting"`
		List         string   `json:"list"`
		Types        []string `json:"types"`
		Answer       string   `json:"answer"`
		MessageSpans [][]int  `json:"message_spans"`
	}
	byName := map[string]*qmMeeting{}
	var names []string
	err := readJSONL(filepath.Join(dir, "meetings.jsonl"), func(b []byte) error {
		var m meetingLine
		if err := json.Unmarshal(b, &m); err != nil {
			return err
		}
		data, err := os.ReadFile(filepath.Join(dir, "conv", m.Meeting+".json"))
		if err != nil {
			return err
		}
		var msgs []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		}
		if err := json.Unmarshal(data, &msgs); err != nil {
			return fmt.Errorf("conv/%s.json: %w", m.Meeting, err)
		}
		if len(msgs) != m.NMessages {
			return fmt.Errorf("conv/%s.json: %d messages, meetings.jsonl says %d", m.Meeting, len(msgs), m.NMessages)
		}
		qm := &qmMeeting{Name: m.Meeting, Corpus: m.Corpus}
		for _, msg := range msgs {
			qm.Roles = append(qm.Roles, msg.Role)
			qm.Contents = append(qm.Contents, msg.Content)
		}
		byName[m.Meeting] = qm
		names = append(names, m.Meeting)
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = readJSONL(filepath.Join(dir, "queries.jsonl"), func(b []byte) error {
		var q queryLine
		if err := json.Unmarshal(b, &q); err != nil {
			return err
		}
		m := byName[q.Meeting]
		if m == nil {
			return fmt.Errorf("queries.jsonl: unknown meeting %q", q.Meeting)
		}
		var spans [][2]int
		for _, s := range q.MessageSpans {
			if len(s) != 2 {
				return fmt.Errorf("queries.jsonl: %s: span %v is not [from, to]", q.Meeting, s)
			}
			spans = append(spans, [2]int{s[0], s[1]})
		}
		if slices.Contains(q.Types, "specific") {
			m.Specific = append(m.Specific, spans...)
		}
		m.Answers = append(m.Answers, q.Answer)
		if slices.Contains(q.Types, "decision") || slices.Contains(q.Types, "action") {
			m.Decision = append(m.Decision, spans...)
			m.DecisionAnswers = append(m.DecisionAnswers, q.Answer)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]qmMeeting, 0, len(names))
	for _, n := range names {
		out = append(out, *byName[n])
	}
	return out, nil
}

func readJSONL(path string, line func([]byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	n := 0
	for sc.Scan() {
		n++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if err := line(b); err != nil {
			return fmt.Errorf("%s:%d: %w", filepath.Base(path), n, err)
		}
	}
	return sc.Err()
}

// inSpans reports whether message i lies inside one of the inclusive spans.
func inSpans(spans [][2]int, i int) bool {
	for _, s := range spans {
		if s[0] <= i && i <= s[1] {
			return true
		}
	}
	return false
}

// oracleTurns is the greedy extractive oracle of one answer: it picks, one
// at a time, the turn that adds the most answer bigrams (Porter-stemmed
// words, as ROUGE-2 counts them) not yet covered, the earliest on ties,
// while that gain is at least minGain. It returns the picked turns in order.
func oracleTurns(turns [][]string, answer []string, minGain int) []int {
	want := map[string]bool{}
	for _, b := range stemBigrams(answer) {
		want[b] = true
	}
	cand := make([][]string, len(turns))
	for i, t := range turns {
		for _, b := range stemBigrams(t) {
			if want[b] && !slices.Contains(cand[i], b) {
				cand[i] = append(cand[i], b)
			}
		}
	}
	covered := map[string]bool{}
	taken := make([]bool, len(turns))
	var out []int
	for {
		best, gain := -1, 0
		for i, bs := range cand {
			if taken[i] {
				continue
			}
			g := 0
			for _, b := range bs {
				if !covered[b] {
					g++
				}
			}
			if g > gain {
				best, gain = i, g
			}
		}
		if best < 0 || gain < minGain {
			return out
		}
		taken[best] = true
		out = append(out, best)
		for _, b := range cand[best] {
			covered[b] = true
		}
	}
}

// stemBigrams returns the bigrams of words, each word Porter-stemmed.
func stemBigrams(words []string) []string {
	var out []string
	prev := ""
	for i, w := range words {
		s := porter.StemString(w)
		if i > 0 {
			out = append(out, prev+" "+s)
		}
		prev = s
	}
	return out
}

// sparseRow is one unit's non-zero features.
type sparseRow struct {
	idx []int32
	val []float64
}

// dataset holds every turn of every meeting with every target.
type dataset struct {
	rows     []sparseRow
	meeting  []int                // index into names
	y        map[string][]float64 // per target
	hasDec   []bool               // the meeting has a decision or action query with spans
	names    []string
	dim      int
	entryOcc []int // turns containing each entry
}

func buildDataset(ms []qmMeeting, lx *acts.Lexicon, entries []lexEntry) *dataset {
	nc := len(controlNames)
	col := map[string]int{}
	for j, e := range entries {
		col[e.Words] = nc + j
	}
	ds := &dataset{dim: nc + len(entries), entryOcc: make([]int, len(entries)), y: map[string][]float64{}}
	for mi, m := range ms {
		ds.names = append(ds.names, m.Name)
		ds.hasDec = append(ds.hasDec, len(m.Decision) > 0)
		n := len(m.Contents)
		turns := make([][]string, n)
		for i, c := range m.Contents {
			turns[i] = acts.Words(c)
		}
		picked := map[string]map[int]bool{targetOracle: {}, targetOracleDecision: {}}
		for t, answers := range map[string][]string{targetOracle: m.Answers, targetOracleDecision: m.DecisionAnswers} {
			for _, a := range answers {
				for _, i := range oracleTurns(turns, acts.Words(a), oracleMinGain) {
					picked[t][i] = true
				}
			}
		}
		for i := range m.Contents {
			words := turns[i]
			pos := 0.0
			if n > 1 {
				pos = float64(i) / float64(n-1)
			}
			chair := 0.0
			if m.Roles[i] == "user" {
				chair = 1
			}
			r := sparseRow{
				idx: []int32{0, 1, 2, 3},
				val: []float64{1, math.Log1p(float64(len(words))), pos, pos * pos},
			}
			if chair != 0 {
				r.idx = append(r.idx, 4)
				r.val = append(r.val, 1)
			}
			switch m.Corpus {
			case "ICSI":
				r.idx = append(r.idx, 5)
				r.val = append(r.val, 1)
			case "committee":
				r.idx = append(r.idx, 6)
				r.val = append(r.val, 1)
			}
			var hits []int
			for _, h := range lx.Match(words) {
				if c, ok := col[h.Words]; ok {
					hits = append(hits, c)
				}
			}
			sort.Ints(hits)
			for _, c := range hits {
				r.idx = append(r.idx, int32(c))
				r.val = append(r.val, 1)
				ds.entryOcc[c-nc]++
			}
			ds.rows = append(ds.rows, r)
			ds.meeting = append(ds.meeting, mi)
			ds.y[targetDecision] = append(ds.y[targetDecision], b2f(inSpans(m.Decision, i)))
			ds.y[targetSpecific] = append(ds.y[targetSpecific], b2f(inSpans(m.Specific, i)))
			ds.y[targetOracle] = append(ds.y[targetOracle], b2f(picked[targetOracle][i]))
			ds.y[targetOracleDecision] = append(ds.y[targetOracleDecision], b2f(picked[targetOracleDecision][i]))
		}
	}
	return ds
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (ds *dataset) occurring() int {
	n := 0
	for _, c := range ds.entryOcc {
		if c > 0 {
			n++
		}
	}
	return n
}

// subset returns the rows of a target: all meetings for the specific
// target, the meetings with decision or action spans for the decision one.
// keep, when not nil, further selects meetings.
func (ds *dataset) subset(target string, keep func(meeting int) bool) (rows []sparseRow, y []float64, meeting []int) {
	ys := ds.y[target]
	onlyDec := target == targetDecision || target == targetOracleDecision
	for i, r := range ds.rows {
		m := ds.meeting[i]
		if onlyDec && !ds.hasDec[m] {
			continue
		}
		if keep != nil && !keep(m) {
			continue
		}
		rows = append(rows, r)
		y = append(y, ys[i])
		meeting = append(meeting, m)
	}
	return
}

// controlsOnly drops the lexicon features of rows.
func controlsOnly(rows []sparseRow) []sparseRow {
	nc := int32(len(controlNames))
	out := make([]sparseRow, len(rows))
	for i, r := range rows {
		k := 0
		for k < len(r.idx) && r.idx[k] < nc {
			k++
		}
		out[i] = sparseRow{idx: r.idx[:k], val: r.val[:k]}
	}
	return out
}
