package promote

import (
	"strings"
	"testing"

	"github.com/archon-memory/archon/layers/knowledge"
)

var defaultRule = Rule{MinSuccesses: 3, MinAgents: 2, CrossProject: true, MaxFailureRate: 0.34}

type ob struct {
	agent, project string
	ok             bool
}

func observations(id string, obs []ob) []knowledge.Observation {
	var out []knowledge.Observation
	for _, o := range obs {
		out = append(out, knowledge.Observation{Item: id, Agent: o.agent, Project: o.project, Success: o.ok})
	}
	return out
}

func TestRule(t *testing.T) {
	cases := []struct {
		name    string
		rule    Rule
		item    knowledge.Item
		obs     []ob
		inFile  bool
		action  string
		reason  string
		nReason int
	}{
		{"3 successes by 1 agent", defaultRule, knowledge.Item{Kind: "pattern"},
			[]ob{{"a", "", true}, {"a", "", true}, {"a", "", true}}, false, ActionNotYet, "not yet: 1/2 agents succeeded (a)", 4},
		{"3 successes by 2 agents", defaultRule, knowledge.Item{Kind: "pattern"},
			[]ob{{"a", "", true}, {"b", "", true}, {"a", "", true}}, false, ActionPromote, "3/3 successes", 5},
		{"2 of 3 successes", defaultRule, knowledge.Item{Kind: "gotcha"},
			[]ob{{"a", "", true}, {"b", "", true}}, false, ActionNotYet, "not yet: 2/3 successes", 4},
		{"single project", defaultRule, knowledge.Item{Kind: "pattern", Project: "x"},
			[]ob{{"a", "x", true}, {"b", "", true}, {"a", "x", true}}, false, ActionNotYet, "tied to project x", 4},
		{"two projects", defaultRule, knowledge.Item{Kind: "best-practice", Project: "x"},
			[]ob{{"a", "x", true}, {"b", "y", true}, {"a", "x", true}}, false, ActionPromote, "used in projects x, y", 5},
		{"one agent spelled three ways", defaultRule, knowledge.Item{Kind: "pattern"},
			[]ob{{"alice", "", true}, {"Alice", "", true}, {"ALICE", "", true}}, false, ActionNotYet, "not yet: 1/2 agents succeeded (alice)", 4},
		{"single project allowed", Rule{MinSuccesses: 3, MinAgents: 2, MaxFailureRate: 0.34}, knowledge.Item{Kind: "pattern", Project: "x"},
			[]ob{{"a", "x", true}, {"b", "x", true}, {"a", "x", true}}, false, ActionPromote, "failure rate 0.00 <= 0.34", 4},
		{"one failure in four", defaultRule, knowledge.Item{Kind: "pattern"},
			[]ob{{"a", "", true}, {"b", "", true}, {"a", "", true}, {"c", "", false}}, false, ActionPromote, "failure rate 0.25 <= 0.34", 5},
		{"too many failures", defaultRule, knowledge.Item{Kind: "pattern"},
			[]ob{{"a", "", true}, {"b", "", true}, {"a", "", true}, {"c", "", false}, {"c", "", false}}, false, ActionNotYet, "failure rate 0.40 > 0.34 (2 of 5 failed)", 4},
		{"already in MEMORY.md", defaultRule, knowledge.Item{Kind: "pattern"},
			[]ob{{"a", "", true}, {"b", "", true}, {"a", "", true}}, true, ActionAlready, "already in MEMORY.md", 1},
		{"removed by a person", defaultRule, knowledge.Item{Kind: "pattern", Promotion: knowledge.PromotionPromoted},
			[]ob{{"a", "", true}, {"b", "", true}, {"a", "", true}}, false, ActionRemoved, "removed from MEMORY.md by a person", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.item.ID, c.item.Title = "K1", "t"
			// An item with a promotion state was promoted into this MEMORY.md.
			wrote := map[string]bool{"K1": c.inFile || c.item.Promotion != ""}
			ds := Evaluate(c.rule, []knowledge.Item{c.item, {ID: "K2", Kind: "decision"}}, observations("K1", c.obs), map[string]bool{"K1": c.inFile}, wrote)
			if len(ds) != 1 {
				t.Fatalf("decisions: %+v (decisions are not candidates)", ds)
			}
			d := ds[0]
			if d.Action != c.action || !strings.Contains(strings.Join(d.Reasons, "; "), c.reason) || len(d.Reasons) != c.nReason {
				t.Fatalf("got %s %q, want %s with %q (%d reasons)", d.Action, d.Reasons, c.action, c.reason, c.nReason)
			}
		})
	}
}

func TestInsertKeepsEveryByte(t *testing.T) {
	entry := "<!-- archon:item K1 -->\n### x\n\n"
	cases := []struct{ name, in, want string }{
		{"empty file", "", "# MEMORY\n\n" + SectionHeading + "\n\n" + BeginMarker + "\n\n" + entry + EndMarker + "\n"},
		{"no newline at end", "# MEMORY\n- mine", "# MEMORY\n- mine\n\n" + SectionHeading + "\n\n" + BeginMarker + "\n\n" + entry + EndMarker + "\n"},
		{"existing section", "# M\n\n## Promoted patterns\n" + BeginMarker + "\nold\n" + EndMarker + "\n\n## After\nkept\n",
			"# M\n\n## Promoted patterns\n" + BeginMarker + "\nold\n" + entry + EndMarker + "\n\n## After\nkept\n"},
		{"end marker deleted", "# M\n" + BeginMarker + "\nold", "# M\n" + BeginMarker + "\nold\n" + entry + EndMarker + "\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := string(Insert([]byte(c.in), entry)); got != c.want {
				t.Fatalf("got\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}
