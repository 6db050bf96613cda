package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/archon-memory/archon/summarize/acts"
	porter "github.com/blevesearch/go-porterstemmer"
)

// runFitActs fits the weights of the dialogue-act lexicon
// (summarize/acts/acts.tsv) on QMSum's train split
// (../shared/bench/qmsum): one L2-regularised logistic regression over
// turns, whose features are the lexicon entries a turn contains plus
// controls that are not entries (length, position, role), and whose target
// is whether human annotators drew on the turn to answer a query. It
// chooses the L2 strength by cross-validation over meetings, reports the
// held-out fit against the controls alone, and rewrites the weight column
// of the lexicon with the coefficients fitted on all meetings. Only the
// fitted numbers reach the repository, never QMSum text.
func runFitActs(args []string) error {
	fl := flag.NewFlagSet("fit-acts", flag.ExitOnError)
	dir := fl.String("qmsum", filepath.Join("..", "shared", "bench", "qmsum"), "QMSum train split (conv/, queries.jsonl, meetings.jsonl)")
	lexPath := fl.String("lexicon", filepath.Join("summarize", "acts", "acts.tsv"), "lexicon to fit; its weight column is rewritten")
	target := fl.String("target", targetOracle, "target whose weights are written: "+strings.Join(targetNames, ", "))
	folds := fl.Int("folds", 5, "cross-validation folds (by meeting)")
	lambdas := fl.String("lambdas", "3,10,30,100,300,1000,3000", "L2 strengths tried (penalty lambda/2 * sum of squared entry weights)")
	dry := fl.Bool("n", false, "report only; leave the lexicon file unchanged")
	fl.Parse(args)
	if !slices.Contains(targetNames, *target) {
		return fmt.Errorf("fit-acts: -target must be one of %s", strings.Join(targetNames, ", "))
	}
	if _, err := os.Stat(filepath.Join(*dir, "queries.jsonl")); errors.Is(err, fs.ErrNotExist) {
		fmt.Printf("fit-acts: skipped: no QMSum data at %s (queries.jsonl not found); nothing was changed\n", *dir)
		return nil
	}
	var grid []float64
	for _, s := range strings.Split(*lambdas, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || v <= 0 {
			return fmt.Errorf("fit-acts: -lambdas: %q is not a positive number", s)
		}
		grid = append(grid, v)
	}
	if *folds < 2 {
		return errors.New("fit-acts: -folds must be at least 2")
	}
	raw, err := os.ReadFile(*lexPath)
	if err != nil {
		return err
	}
	lx, err := acts.Parse(string(raw))
	if err != nil {
		return fmt.Errorf("fit-acts: %s: %w", *lexPath, err)
	}
	entries := lexiconOrder(string(raw))
	meetings, err := loadQMSum(*dir)
	if err != nil {
		return fmt.Errorf("fit-acts: %w", err)
	}
	ds := buildDataset(meetings, lx, entries)
	fmt.Printf("fit-acts: %d meetings, %d turns, %d lexicon entries (%d occur), %d controls\n",
		len(meetings), len(ds.rows), len(entries), ds.occurring(), len(controlNames))

	results := map[string]cvResult{}
	for _, t := range targetNames {
		r := crossValidate(ds, t, grid, *folds)
		results[t] = r
		r.print(t)
	}
	kept := results[*target]
	fmt.Printf("\nkept target: %s (-target), L2 lambda %g\n", *target, kept.lambda)
	beta := fitTarget(ds, *target, kept.lambda, nil)
	other := targetSpecific
	if *target == targetSpecific {
		other = targetOracle
	}
	betaOther := fitTarget(ds, other, results[other].lambda, nil)
	printWeights(entries, ds, beta, betaOther, *target, other)
	if *dry {
		fmt.Println("\n-n: lexicon left unchanged")
		return nil
	}
	header := fitHeader(*target, kept, len(meetings), ds, beta)
	weights := map[string]float64{}
	for j, e := range entries {
		weights[e.Words] = beta[len(controlNames)+j]
	}
	if err := rewriteLexicon(*lexPath, raw, header, weights); err != nil {
		return err
	}
	fmt.Printf("\nwrote %s\n", *lexPath)
	return nil
}

// The two targets: turns drawn on by a decision or action query (within the
// meetings that have one), or by any specific query (all meetings).
//
// The oracle targets label instead the turns an extractive oracle picks:
// for each query, turns are taken greedily while one adds at least
// oracleMinGain answer bigrams (stemmed, as ROUGE-2 counts them) not yet
// covered; a turn is positive if it is picked for any query (all queries
// for oracle, decision and action queries for oracle-decision).
const (
	targetDecision       = "decision"
	targetSpecific       = "specific"
	targetOracle         = "oracle"
	targetOracleDecision = "oracle-decision"
	oracleMinGain        = 2
)

var targetNames = []string{targetDecision, targetSpecific, targetOracle, targetOracleDecision}

// targetDoc says what a target labels.
var targetDoc = map[string]string{
	targetDecision:       "the turn lies inside the message span of a decision or action query, in the meetings that have one",
	targetSpecific:       "the turn lies inside the message span of any specific query (QMSum relevant_text_span), all meetings",
	targetOracle:         fmt.Sprintf("a greedy ROUGE-2 oracle picks the turn for the answer of any query (gain >= %d stemmed bigrams), all meetings", oracleMinGain),
	targetOracleDecision: fmt.Sprintf("a greedy ROUGE-2 oracle picks the turn for the answer of a decision or action query (gain >= %d), in the meetings that have one", oracleMinGain),
}

// controlNames are the features that are not lexicon entries; the
// intercept is feature 0. They are not penalised.
var controlNames = []string{"intercept", "log(1+words)", "position", "position^2", "chair (user role)", "corpus ICSI", "corpus committee"}

// lexEntry is a lexicon line in file order.
type lexEntry struct {
	Words, Class string
}

// lexiconOrder lists the entries of a lexicon file in file order, keyed as
// acts.Words writes them (acts.Parse has checked the file).
func lexiconOrder(text string) []lexEntry {
	var out []lexEntry
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			continue
		}
		out = append(out, lexEntry{Words: strings.Join(acts.Words(f[0]), " "), Class: strings.TrimSpace(f[1])})
	}
	return out
}

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

// penalties is lambda for the lexicon features and 0 for the controls.
func penalties(dim int, lambda float64) []float64 {
	p := make([]float64, dim)
	for j := len(controlNames); j < dim; j++ {
		p[j] = lambda
	}
	return p
}

// fitTarget fits a target on the meetings keep selects (all when nil).
func fitTarget(ds *dataset, target string, lambda float64, keep func(int) bool) []float64 {
	rows, y, _ := ds.subset(target, keep)
	return fitLogistic(rows, y, ds.dim, penalties(ds.dim, lambda))
}

// fitLogistic minimises the logistic loss of rows against y plus
// sum_j penalty[j]/2 * beta_j^2 by Newton's method with step halving. It is
// deterministic. Features that never occur and are penalised stay at 0.
func fitLogistic(rows []sparseRow, y []float64, dim int, penalty []float64) []float64 {
	beta := make([]float64, dim)
	obj := func(b []float64) float64 {
		f := 0.0
		for i, r := range rows {
			z := dot(r, b)
			f += softplus(z) - y[i]*z
		}
		for j, l := range penalty {
			f += l / 2 * b[j] * b[j]
		}
		return f
	}
	cur := obj(beta)
	h := make([]float64, dim*dim)
	g := make([]float64, dim)
	for iter := 0; iter < 100; iter++ {
		clear(h)
		clear(g)
		for i, r := range rows {
			p := sigmoid(dot(r, beta))
			w := p * (1 - p)
			d := p - y[i]
			for a, ia := range r.idx {
				g[ia] += d * r.val[a]
				wa := w * r.val[a]
				row := h[int(ia)*dim:]
				for b := 0; b <= a; b++ {
					row[r.idx[b]] += wa * r.val[b]
				}
			}
		}
		for j := range dim {
			g[j] += penalty[j] * beta[j]
			h[j*dim+j] += penalty[j] + 1e-9
			for k := 0; k < j; k++ {
				h[k*dim+j] = h[j*dim+k]
			}
		}
		step, ok := solveSPD(h, g, dim)
		if !ok {
			break
		}
		t := 1.0
		next := make([]float64, dim)
		var f float64
		for range 30 {
			for j := range dim {
				next[j] = beta[j] - t*step[j]
			}
			f = obj(next)
			if f <= cur {
				break
			}
			t /= 2
		}
		if f > cur {
			break
		}
		maxStep := 0.0
		for j := range dim {
			maxStep = max(maxStep, math.Abs(t*step[j]))
		}
		beta, cur = next, f
		if maxStep < 1e-7 {
			break
		}
	}
	return beta
}

// solveSPD solves h x = g for a symmetric positive definite h (row-major,
// n x n) by Cholesky decomposition; h is overwritten.
func solveSPD(h, g []float64, n int) ([]float64, bool) {
	for j := range n {
		s := h[j*n+j]
		for k := range j {
			s -= h[j*n+k] * h[j*n+k]
		}
		if s <= 0 || math.IsNaN(s) {
			return nil, false
		}
		d := math.Sqrt(s)
		h[j*n+j] = d
		for i := j + 1; i < n; i++ {
			s := h[i*n+j]
			for k := range j {
				s -= h[i*n+k] * h[j*n+k]
			}
			h[i*n+j] = s / d
		}
	}
	x := slices.Clone(g)
	for i := range n {
		for k := range i {
			x[i] -= h[i*n+k] * x[k]
		}
		x[i] /= h[i*n+i]
	}
	for i := n - 1; i >= 0; i-- {
		for k := i + 1; k < n; k++ {
			x[i] -= h[k*n+i] * x[k]
		}
		x[i] /= h[i*n+i]
	}
	return x, true
}

func dot(r sparseRow, b []float64) float64 {
	z := 0.0
	for k, j := range r.idx {
		z += r.val[k] * b[j]
	}
	return z
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// softplus is log(1 + e^z), computed without overflow.
func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

// logLoss is the mean negative log-likelihood of p against y.
func logLoss(p, y []float64) float64 {
	s := 0.0
	for i := range p {
		q := min(max(p[i], 1e-12), 1-1e-12)
		if y[i] > 0.5 {
			s -= math.Log(q)
		} else {
			s -= math.Log(1 - q)
		}
	}
	return s / float64(len(p))
}

// auc is the area under the ROC curve of scores s for labels y (the
// Mann-Whitney statistic, ties counted half); NaN when a class is empty.
func auc(s, y []float64) float64 {
	idx := make([]int, len(s))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return s[idx[a]] < s[idx[b]] })
	var pos, neg, rankSum float64
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && s[idx[j]] == s[idx[i]] {
			j++
		}
		rank := float64(i+j+1) / 2 // mean of ranks i+1..j
		for k := i; k < j; k++ {
			if y[idx[k]] > 0.5 {
				rankSum += rank
				pos++
			} else {
				neg++
			}
		}
		i = j
	}
	if pos == 0 || neg == 0 {
		return math.NaN()
	}
	return (rankSum - pos*(pos+1)/2) / (pos * neg)
}

// meetingAUC is the mean over meetings of the AUC within each meeting
// (meetings whose turns are all one class are skipped): how well the
// scores rank the turns of one meeting, which is what a summarizer uses.
func meetingAUC(s, y []float64, meeting []int) float64 {
	by := map[int][]int{}
	var ms []int
	for i, m := range meeting {
		if _, ok := by[m]; !ok {
			ms = append(ms, m)
		}
		by[m] = append(by[m], i)
	}
	sum, n := 0.0, 0
	for _, m := range ms {
		var ss, yy []float64
		for _, i := range by[m] {
			ss = append(ss, s[i])
			yy = append(yy, y[i])
		}
		if a := auc(ss, yy); !math.IsNaN(a) {
			sum += a
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// assignFolds splits meetings into k folds: a fixed shuffle, then round
// robin, so the split is the same on every run.
func assignFolds(meetings []int, k int) map[int]int {
	ms := slices.Clone(meetings)
	slices.Sort(ms)
	ms = slices.Compact(ms)
	rng := rand.New(rand.NewPCG(12, 1))
	rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	out := map[int]int{}
	for i, m := range ms {
		out[m] = i % k
	}
	return out
}

// cvScore is the held-out fit of one model, predictions pooled over folds.
type cvScore struct {
	LogLoss, AUC, MeetingAUC float64
}

type cvResult struct {
	folds, meetings, turns, positives int
	prior                             float64 // log-loss of the base rate
	base                              cvScore // controls only
	grid                              []float64
	lex                               []cvScore // one per grid lambda
	lambda                            float64   // the grid lambda of least log-loss
	best                              cvScore
}

// crossValidate scores the controls-only model and the lexicon model at
// every lambda of grid by k-fold cross-validation over meetings. Fits run
// in parallel; each writes its own slots, so the result is deterministic.
func crossValidate(ds *dataset, target string, grid []float64, k int) cvResult {
	rows, y, meeting := ds.subset(target, nil)
	fold := assignFolds(meeting, k)
	res := cvResult{folds: k, turns: len(rows), grid: grid}
	res.meetings = len(fold)
	for _, v := range y {
		res.positives += int(v)
	}
	rate := float64(res.positives) / float64(len(y))
	prior := make([]float64, len(y))
	for i := range prior {
		prior[i] = rate
	}
	res.prior = logLoss(prior, y)

	base := controlsOnly(rows)
	// preds[0] is the controls-only model, preds[1+g] the lexicon model at grid[g].
	preds := make([][]float64, 1+len(grid))
	for i := range preds {
		preds[i] = make([]float64, len(rows))
	}
	type job struct{ model, fold int }
	var jobs []job
	for m := range preds {
		for f := range k {
			jobs = append(jobs, job{m, f})
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, jb := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			src := rows
			pen := make([]float64, ds.dim)
			if jb.model == 0 {
				src = base
			} else {
				pen = penalties(ds.dim, grid[jb.model-1])
			}
			var tr []sparseRow
			var ty []float64
			for i := range src {
				if fold[meeting[i]] != jb.fold {
					tr = append(tr, src[i])
					ty = append(ty, y[i])
				}
			}
			beta := fitLogistic(tr, ty, ds.dim, pen)
			for i := range src {
				if fold[meeting[i]] == jb.fold {
					preds[jb.model][i] = sigmoid(dot(src[i], beta))
				}
			}
		}()
	}
	wg.Wait()
	score := func(p []float64) cvScore {
		return cvScore{LogLoss: logLoss(p, y), AUC: auc(p, y), MeetingAUC: meetingAUC(p, y, meeting)}
	}
	res.base = score(preds[0])
	for g := range grid {
		s := score(preds[1+g])
		res.lex = append(res.lex, s)
		if g == 0 || s.LogLoss < res.best.LogLoss {
			res.best, res.lambda = s, grid[g]
		}
	}
	return res
}

func (r cvResult) print(target string) {
	fmt.Printf("\ntarget %s: %s\n", target, targetDoc[target])
	fmt.Printf("  %d meetings, %d turns, %d positive (%.1f%%); base-rate log-loss %.4f\n",
		r.meetings, r.turns, r.positives, 100*float64(r.positives)/float64(r.turns), r.prior)
	fmt.Printf("  %-22s %9s %9s %12s\n", "model (CV by meeting)", "log-loss", "AUC", "meeting AUC")
	fmt.Printf("  %-22s %9.4f %9.4f %12.4f\n", "controls only", r.base.LogLoss, r.base.AUC, r.base.MeetingAUC)
	for g, l := range r.grid {
		mark := ""
		if l == r.lambda {
			mark = "  <- chosen"
		}
		s := r.lex[g]
		fmt.Printf("  %-22s %9.4f %9.4f %12.4f%s\n", fmt.Sprintf("+ lexicon, L2 %g", l), s.LogLoss, s.AUC, s.MeetingAUC, mark)
	}
}

// printWeights prints the controls, the mean weight per class for both
// targets, and the strongest entries of the kept target.
func printWeights(entries []lexEntry, ds *dataset, beta, other []float64, target, otherName string) {
	nc := len(controlNames)
	fmt.Printf("\ncontrols (%s): ", target)
	for j, n := range controlNames {
		fmt.Printf("%s %.3f; ", n, beta[j])
	}
	fmt.Println()
	type agg struct {
		n, occ     int
		sum, sumOt float64
	}
	classes := map[string]*agg{}
	var order []string
	for j, e := range entries {
		a := classes[e.Class]
		if a == nil {
			a = &agg{}
			classes[e.Class] = a
			order = append(order, e.Class)
		}
		a.n++
		if ds.entryOcc[j] > 0 {
			a.occ++
			a.sum += beta[nc+j]
			a.sumOt += other[nc+j]
		}
	}
	fmt.Printf("\nmean weight per class (entries that occur; never-occurring entries keep weight 0)\n")
	fmt.Printf("  %-12s %7s %7s %10s %10s\n", "class", "entries", "occur", target, otherName)
	for _, c := range order {
		a := classes[c]
		fmt.Printf("  %-12s %7d %7d %10.3f %10.3f\n", c, a.n, a.occ, a.sum/float64(max(a.occ, 1)), a.sumOt/float64(max(a.occ, 1)))
	}
	idx := make([]int, len(entries))
	for j := range idx {
		idx[j] = j
	}
	sort.SliceStable(idx, func(a, b int) bool { return beta[nc+idx[a]] > beta[nc+idx[b]] })
	show := func(title string, js []int) {
		fmt.Printf("\n%s\n", title)
		for _, j := range js {
			fmt.Printf("  %+7.3f  %-16s %-12s %6d turns  (%s %+.3f)\n", beta[nc+j], entries[j].Words, entries[j].Class, ds.entryOcc[j], otherName, other[nc+j])
		}
	}
	var never []string
	for j, e := range entries {
		if ds.entryOcc[j] == 0 {
			never = append(never, strconv.Quote(e.Words))
		}
	}
	fmt.Printf("  never in the data (weight 0, kept): %s\n", strings.Join(never, ", "))
	n := min(15, len(idx))
	show("top 15 entries", idx[:n])
	bottom := slices.Clone(idx[len(idx)-n:])
	slices.Reverse(bottom)
	show("bottom 15 entries", bottom)
}

// fitHeader is the comment block fit-acts writes at the top of the lexicon.
func fitHeader(target string, r cvResult, meetings int, ds *dataset, beta []float64) []string {
	var ctl []string
	for j, n := range controlNames {
		ctl = append(ctl, fmt.Sprintf("%s %.3f", n, beta[j]))
	}
	return []string{
		fitMark + "Weights fitted " + time.Now().Format("2006-01-02") + " by (from the repository root):",
		fitMark + "  go run ./cmd/archon-bench fit-acts -qmsum ../shared/bench/qmsum -lexicon summarize/acts/acts.tsv",
		fitMark + fmt.Sprintf("Data: QMSum's train split (%d meetings, %d turns; QMSum is MIT; its AMI and ICSI transcripts CC BY 4.0;", meetings, len(ds.rows)),
		fitMark + "  its committee hearings under their publishers' terms). Only fitted numbers are kept here, no QMSum text.",
		fitMark + "Unit: one turn. Target (-target " + target + "): " + targetDoc[target] + ".",
		fitMark + "Model: L2-regularised logistic regression (Newton). Features: each entry 1 if (*Lexicon).Match finds it in",
		fitMark + "  acts.Words(turn), else 0; controls (not stored here): " + strings.Join(ctl, ", ") + ".",
		fitMark + fmt.Sprintf("  L2 penalty lambda/2 * sum of squared entry weights, lambda = %g, chosen from %v by %d-fold CV by meeting.", r.lambda, r.grid, r.folds),
		fitMark + "Weight: the entry's coefficient, in log-odds, added over every entry Match finds (\"mm hmm\" also counts \"mm\");",
		fitMark + "  entries never seen in the data have weight 0.",
		fitMark + fmt.Sprintf("CV held-out (pooled / within-meeting AUC, log-loss): lexicon+controls %.3f / %.3f, %.4f;",
			r.best.AUC, r.best.MeetingAUC, r.best.LogLoss),
		fitMark + fmt.Sprintf("  controls only %.3f / %.3f, %.4f; base rate %.4f.", r.base.AUC, r.base.MeetingAUC, r.base.LogLoss, r.prior),
	}
}

// fitMark starts the header lines fit-acts writes; a rewrite replaces them.
const fitMark = "#: "

// rewriteLexicon replaces the weight column of the lexicon with weights
// (keyed by acts.Words form; missing entries get 0) and its fit-acts header
// with header, keeping every other line as it was. It writes a temporary
// file beside path and renames it over path.
func rewriteLexicon(path string, raw []byte, header []string, weights map[string]float64) error {
	var out []string
	out = append(out, header...)
	for _, line := range strings.Split(strings.TrimRight(string(raw), "\n"), "\n") {
		if strings.HasPrefix(line, fitMark) || strings.TrimRight(line, " ") == strings.TrimRight(fitMark, " ") {
			continue
		}
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" || len(f) != 3 {
			out = append(out, line)
			continue
		}
		f[2] = formatWeight(weights[strings.Join(acts.Words(f[0]), " ")])
		out = append(out, strings.Join(f, "\t"))
	}
	text := strings.Join(out, "\n") + "\n"
	if _, err := acts.Parse(text); err != nil {
		return fmt.Errorf("fit-acts: rewritten lexicon does not parse: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".acts-*.tsv")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if st, err := os.Stat(path); err == nil {
		os.Chmod(tmp.Name(), st.Mode().Perm())
	}
	return os.Rename(tmp.Name(), path)
}

// formatWeight writes a weight with three decimals, 0 as "0".
func formatWeight(w float64) string {
	s := strconv.FormatFloat(w, 'f', 3, 64)
	if s == "0.000" || s == "-0.000" {
		return "0"
	}
	return s
}
