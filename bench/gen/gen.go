// Package gen generates synthetic archon workspaces for benchmarks: daily
// logs over a span of days, written by many agents with many tags, whose
// words follow a Zipf distribution over a realistic software-project
// vocabulary extended with generated rare words (names, identifiers).
//
// Output is deterministic for a given Options.Seed.
package gen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Options describe the workspace to generate.
type Options struct {
	Entries int       // total entries (default 100,000)
	Days    int       // days covered, ending at End (default 365)
	End     time.Time // last day (default 2026-11-29)
	Agents  int       // distinct agents (default 40)
	Tags    int       // distinct tags (default 120)
	Vocab   int       // vocabulary size (default 30,000)
	Seed    uint64
}

func (o *Options) defaults() {
	if o.Entries <= 0 {
		o.Entries = 100_000
	}
	if o.Days <= 0 {
		o.Days = 365
	}
	if o.End.IsZero() {
		o.End = time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	}
	if o.Agents <= 0 {
		o.Agents = 40
	}
	if o.Tags <= 0 {
		o.Tags = 120
	}
	if o.Vocab <= 0 {
		o.Vocab = 30_000
	}
}

// Generator produces entry texts; it is not safe for concurrent use.
type Generator struct {
	opt    Options
	rng    *rand.Rand
	vocab  []string
	zipf   *rand.Zipf
	agents []string
	tags   []string
	tagZ   *rand.Zipf
}

// New returns a generator for opt.
func New(opt Options) *Generator {
	opt.defaults()
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15))
	g := &Generator{opt: opt, rng: rng}
	g.vocab = buildVocab(rng, opt.Vocab)
	g.zipf = rand.NewZipf(rng, 1.07, 2, uint64(len(g.vocab)-1))
	for i := range opt.Agents {
		g.agents = append(g.agents, fmt.Sprintf("%s%d", roles[i%len(roles)], i/len(roles)+1))
	}
	for i := range opt.Tags {
		base := tagBase[i%len(tagBase)]
		if i >= len(tagBase) {
			base = fmt.Sprintf("%s-%d", base, i/len(tagBase))
		}
		g.tags = append(g.tags, base)
	}
	g.tagZ = rand.NewZipf(rng, 1.2, 1, uint64(len(g.tags)-1))
	return g
}

// Word returns one word drawn from the Zipf distribution.
func (g *Generator) Word() string { return g.vocab[g.zipf.Uint64()] }

// Sentence returns n words with light punctuation.
func (g *Generator) Sentence(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := g.Word()
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		b.WriteString(w)
	}
	b.WriteByte('.')
	return b.String()
}

// Entry returns the heading fields and text of one random entry.
func (g *Generator) Entry() (agent string, tags []string, text string) {
	agent = g.agents[g.rng.IntN(len(g.agents))]
	for range g.rng.IntN(4) {
		t := g.tags[g.tagZ.Uint64()]
		dup := false
		for _, x := range tags {
			dup = dup || x == t
		}
		if !dup {
			tags = append(tags, t)
		}
	}
	var parts []string
	for range 1 + g.rng.IntN(3) {
		parts = append(parts, g.Sentence(6+g.rng.IntN(18)))
	}
	return agent, tags, strings.Join(parts, " ")
}

// WriteWorkspace writes memory/YYYY-MM-DD.md daily logs under root and
// returns the number of entries and files written.
func WriteWorkspace(ctx context.Context, root string, opt Options) (entries, files int, err error) {
	opt.defaults()
	g := New(opt)
	dir := filepath.Join(root, "memory")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, 0, err
	}
	per := opt.Entries / opt.Days
	extra := opt.Entries % opt.Days
	for d := range opt.Days {
		if err := ctx.Err(); err != nil {
			return entries, files, err
		}
		day := opt.End.AddDate(0, 0, d-opt.Days+1)
		n := per
		if d < extra {
			n++
		}
		if n == 0 {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "# %s\n", day.Format(time.DateOnly))
		step := 86400 / (n + 1)
		for i := range n {
			sec := (i + 1) * step
			agent, tags, text := g.Entry()
			fmt.Fprintf(&b, "\n## %02d:%02d:%02d %s", sec/3600, sec/60%60, sec%60, agent)
			for _, t := range tags {
				b.WriteString(" #" + t)
			}
			b.WriteString("\n" + text + "\n")
		}
		p := filepath.Join(dir, day.Format(time.DateOnly)+".md")
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			return entries, files, err
		}
		entries += n
		files++
	}
	return entries, files, nil
}

var roles = []string{"planner", "executor", "reviewer", "researcher", "tester", "deployer", "analyst", "writer"}

var tagBase = []string{"db", "auth", "api", "deploy", "testing", "frontend", "perf", "security", "decision",
	"error", "task", "docs", "infra", "payments", "search", "billing", "migration", "ci", "design", "bug"}

// buildVocab returns n words, most frequent first: common English and
// software words, then generated rare words (names, ids).
func buildVocab(rng *rand.Rand, n int) []string {
	words := strings.Fields(commonWords)
	seen := make(map[string]bool, n)
	var out []string
	for _, w := range words {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	syll := strings.Fields("ka ri to mi sa lo ne vu ta pe zo ra di ko ma lu fe gi ba no te si ya ho")
	for len(out) < n {
		var w string
		switch rng.IntN(4) {
		case 0: // identifier-like
			w = fmt.Sprintf("%s-%d", syll[rng.IntN(len(syll))]+syll[rng.IntN(len(syll))], rng.IntN(1000))
		default:
			k := 2 + rng.IntN(3)
			for range k {
				w += syll[rng.IntN(len(syll))]
			}
		}
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out[:n]
}

const commonWords = `the a to of and in is for on that with we it this be as at by from not are was
was have has will should can use used using need needs after before when then but or if so all new
test tests failed fix fixed error errors build deploy release migration database schema table query
index cache server client request response api endpoint handler config file files path service
user users account session token auth login password key secret payment invoice billing customer
plan task tasks done pending blocked review reviewed merge branch commit pr issue bug feature
decided decision because reason tradeoff option chose choose prefer postgres sqlite redis queue
worker job jobs retry timeout latency memory cpu disk network log logs metric metrics alert
frontend backend component page form button render state store hook test flaky slow fast
docker image container cluster region rollout rollback canary health check probe port
stripe webhook event events idempotency key signature currency tax refund charge subscription
go module package function method struct interface field type value nil pointer panic goroutine
lock mutex race channel context deadline cancel shutdown graceful signal restart crash
document docs readme guide note notes summary meeting sync standup agenda action item owner
week day today yesterday tomorrow monday tuesday wednesday thursday friday morning afternoon
agent planner executor reviewer tester researcher model prompt context window tokens budget
search ranking vector embedding bm25 score result results recall precision benchmark dataset
security vulnerability patch upgrade dependency version semver changelog license audit
performance profile benchmark allocation throughput p99 p50 regression improvement optimize
design architecture layer boundary contract interface protocol format spec proposal draft
customer feedback bug report support ticket priority severity incident postmortem outage
`
