package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/archon-memory/archon/summarize/acts"
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
