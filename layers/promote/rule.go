// Package promote is archon's L4 step: it decides which knowledge items
// (patterns, best practices, gotchas) have proven themselves, from the
// observations agents recorded, and appends them to MEMORY.md.
//
// MEMORY.md belongs to people first. archon only ever inserts new entries
// just before the end marker of its managed section (creating the section at
// the end of the file the first time); every other byte stays as it was.
// Each entry carries its item id in an HTML comment (<!-- archon:item K7 -->),
// which is how archon knows an item is already there. An entry a person
// deletes is recorded as removed and never re-added on its own.
package promote

import (
	"fmt"
	"slices"
	"strings"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/layers/knowledge"
)

// Rule is the promotion rule (config section promote).
type Rule struct {
	// MinSuccesses is how many successful observations are needed.
	MinSuccesses int `json:"min_successes"`
	// MinAgents is how many distinct agents must have succeeded.
	MinAgents int `json:"min_agents"`
	// CrossProject refuses items tied to exactly one project.
	CrossProject bool `json:"cross_project"`
	// MaxFailureRate is the largest share of failed observations allowed.
	MaxFailureRate float64 `json:"max_failure_rate"`
}

// RuleFrom returns the rule of a configuration.
func RuleFrom(p config.Promote) Rule {
	return Rule{MinSuccesses: p.MinSuccesses, MinAgents: p.MinAgents, CrossProject: p.CrossProject, MaxFailureRate: p.MaxFailureRate}
}

// CandidateKinds are the item kinds that can be promoted.
func CandidateKinds() []string { return []string{"pattern", "best-practice", "gotcha"} }

// Actions of a Decision.
const (
	ActionPromote  = "promote"  // meets the rule; added (or would be, in a dry run)
	ActionNotYet   = "not-yet"  // does not meet the rule yet
	ActionAlready  = "already"  // MEMORY.md holds it already
	ActionRemoved  = "removed"  // a person removed it from MEMORY.md; not re-added
	ActionRejected = "rejected" // a person turned it down in review; not proposed again
	ActionWaiting  = "waiting"  // meets the rule, but a review's verdict named other items
)

// Decision explains what happens to one candidate item and why.
type Decision struct {
	// Item, Kind and Title name the item.
	Item  string `json:"item"`
	Kind  string `json:"kind"`
	Title string `json:"title"`
	// Action is one of ActionPromote, ActionNotYet, ActionAlready,
	// ActionRemoved.
	Action string `json:"action"`
	// Reasons explain the action: failed checks first, then passed ones.
	Reasons []string `json:"reasons"`
	// Successes and Failures count the observations.
	Successes int `json:"successes"`
	Failures  int `json:"failures"`
	// Agents are the distinct agents that succeeded, sorted.
	Agents []string `json:"agents"`
	// Projects are the item's project and those of successful
	// observations, sorted and distinct.
	Projects []string `json:"projects"`
	// FailureRate is Failures / (Successes + Failures), 0 without any.
	FailureRate float64 `json:"failure_rate"`
}

// Evaluate decides for every candidate item. inFile holds the ids MEMORY.md
// carries markers for, wroteHere those archon ever wrote into it. An item
// archon wrote there that the file no longer carries was removed by a
// person: it is reported as removed, as is one recorded as removed. One
// recorded as promoted that this MEMORY.md never held (promoted in the
// workspace an export came from) is judged by the rule again.
func Evaluate(rule Rule, items []knowledge.Item, obs []knowledge.Observation, inFile, wroteHere map[string]bool) []Decision {
	byItem := map[string][]knowledge.Observation{}
	for _, o := range obs {
		byItem[o.Item] = append(byItem[o.Item], o)
	}
	var out []Decision
	for _, it := range items {
		if !slices.Contains(CandidateKinds(), it.Kind) {
			continue
		}
		d := tally(it, byItem[it.ID])
		switch {
		case inFile[it.ID]:
			d.Action, d.Reasons = ActionAlready, []string{"already in MEMORY.md"}
		case it.Promotion == knowledge.PromotionRejected:
			d.Action = ActionRejected
			d.Reasons = []string{fmt.Sprintf("turned down in review; not proposed again "+
				"(`archon knowledge update %s --promotion none` allows it again)", it.ID)}
		case it.Promotion == knowledge.PromotionRemoved || it.Promotion == knowledge.PromotionPromoted && wroteHere[it.ID]:
			d.Action = ActionRemoved
			d.Reasons = []string{fmt.Sprintf("removed from MEMORY.md by a person after its promotion; not re-added "+
				"(`archon knowledge update %s --promotion none` allows it again)", it.ID)}
		case it.Promotion == knowledge.PromotionPromoted:
			d.Action, d.Reasons = judge(rule, &d)
			d.Reasons = append([]string{"promoted elsewhere, never into this MEMORY.md"}, d.Reasons...)
		default:
			d.Action, d.Reasons = judge(rule, &d)
		}
		out = append(out, d)
	}
	return out
}

func tally(it knowledge.Item, obs []knowledge.Observation) Decision {
	d := Decision{Item: it.ID, Kind: it.Kind, Title: it.Title, Agents: []string{}, Projects: []string{}}
	if it.Project != "" {
		d.Projects = append(d.Projects, it.Project)
	}
	for _, o := range obs {
		if !o.Success {
			d.Failures++
			continue
		}
		d.Successes++
		if !slices.ContainsFunc(d.Agents, func(a string) bool { return strings.EqualFold(a, o.Agent) }) {
			d.Agents = append(d.Agents, o.Agent) // one agent written Alice and alice is one
		}
		if o.Project != "" {
			d.Projects = append(d.Projects, o.Project)
		}
	}
	slices.Sort(d.Agents)
	d.Agents = slices.Compact(d.Agents)
	slices.Sort(d.Projects)
	d.Projects = slices.Compact(d.Projects)
	if n := d.Successes + d.Failures; n > 0 {
		d.FailureRate = float64(d.Failures) / float64(n)
	}
	return d
}

// judge applies the rule and explains every check, failed ones first.
func judge(rule Rule, d *Decision) (string, []string) {
	var fail, pass []string
	check := func(ok bool, yes, no string) {
		if ok {
			pass = append(pass, yes)
		} else {
			fail = append(fail, no)
		}
	}
	check(d.Successes >= rule.MinSuccesses,
		fmt.Sprintf("%d/%d successes", d.Successes, rule.MinSuccesses),
		fmt.Sprintf("not yet: %d/%d successes", d.Successes, rule.MinSuccesses))
	agents := strings.Join(d.Agents, ", ")
	check(len(d.Agents) >= rule.MinAgents,
		fmt.Sprintf("%d/%d agents (%s)", len(d.Agents), rule.MinAgents, agents),
		fmt.Sprintf("not yet: %d/%d agents succeeded%s", len(d.Agents), rule.MinAgents, paren(agents)))
	if rule.CrossProject {
		tied := len(d.Projects) == 1
		yes := "not tied to a project"
		if len(d.Projects) > 1 {
			yes = "used in projects " + strings.Join(d.Projects, ", ")
		}
		no := ""
		if tied {
			no = fmt.Sprintf("tied to project %s (cross_project: it must succeed in another project too)", d.Projects[0])
		}
		check(!tied, yes, no)
	}
	check(d.FailureRate <= rule.MaxFailureRate,
		fmt.Sprintf("failure rate %.2f <= %.2f", d.FailureRate, rule.MaxFailureRate),
		fmt.Sprintf("failure rate %.2f > %.2f (%d of %d failed)", d.FailureRate, rule.MaxFailureRate, d.Failures, d.Failures+d.Successes))
	if len(fail) > 0 {
		return ActionNotYet, append(fail, pass...)
	}
	return ActionPromote, append([]string{"promote"}, pass...)
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}
