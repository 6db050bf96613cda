package rag

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/memory"
)

func TestParseChanges(t *testing.T) {
	cs, err := parseChanges(changesFile)
	if err != nil || cs.re == nil || len(cs.old) == 0 {
		t.Fatalf("changes.txt: %+v %v", cs, err)
	}
	for _, bad := range []string{"switched to {new}", "moved from {old} to {newer}", "moved {what} to {new}"} {
		if _, err := parseChanges(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestChangedSubjects(t *testing.T) {
	ws := demoWorkspace(t)
	e := openIndexed(t, ws)
	tests := []struct {
		text string
		want []changed
	}{
		{"Switched from MySQL to PostgreSQL: we need JSONB.", []changed{{old: []string{"mysql"}, named: []bool{true}, new: []string{"postgresql"}}}},
		{"We no longer use the Redis cache for sessions.", []changed{{old: []string{"redis", "cache"}, named: []bool{true, false}}}},
		{"Replaced node-fetch with undici in the client.", []changed{{old: []string{"node-fetch"}, named: []bool{false}, new: []string{"undici"}}}},
		{"Switched to Vite from Webpack. The Jenkins setup was replaced by GitHub Actions.", []changed{
			{old: []string{"webpack"}, named: []bool{true}, new: []string{"vite"}},
			{old: []string{"jenkins", "setup"}, named: []bool{true, false}, new: []string{"github", "actions"}},
		}},
		// Asked, considered or planned, not done.
		{"Should we switch from Jenkins to GitHub Actions? Not yet.", nil},
		{"We considered migrating from MySQL to CockroachDB but rejected it.", nil},
		{"We will switch from Jenkins to GitHub Actions next quarter.", nil},
		{"We switched from Jenkins to Buildkite because it could not scale.", []changed{{old: []string{"jenkins"}, named: []bool{true}, new: []string{"buildkite"}}}},
		{"Chose MySQL for the orders database.", nil},
		// What changed named between the verb and "from".
		{"Migrated the session store from Redis to PostgreSQL.", []changed{{old: []string{"redis"}, named: []bool{true}, new: []string{"postgresql"}, what: []string{"session", "store"}}}},
		{"Last week we switched CI from Jenkins to GitHub Actions.", []changed{{old: []string{"jenkins"}, named: []bool{true}, new: []string{"github", "actions"}, what: []string{"ci"}}}},
		{"Moved the nightly export job from cron to Temporal.", []changed{{old: []string{"cron"}, named: []bool{false}, new: []string{"temporal"}, what: []string{"nightli", "export", "job"}}}},
		{"We are planning to move the cache from Redis to Valkey.", nil},
		{"We switched to PostgreSQL from MySQL to get JSONB.", []changed{{old: []string{"mysql"}, named: []bool{true}, new: []string{"postgresql"}}}},
		{"Changing the cache from Redis to Valkey.", []changed{{old: []string{"redis"}, named: []bool{true}, new: []string{"valkey"}, what: []string{"cach"}}}},
		// Denied, not made.
		{"We decided not to switch from Kafka to Pulsar.", nil},
		{"We never switched from Consul to etcd.", nil},
		{"We haven’t switched from Consul to etcd yet.", nil},
		{"Not sure it helps, but we switched from Consul to etcd.", []changed{{old: []string{"consul"}, named: []bool{true}, new: []string{"etcd"}}}},
	}
	for _, tt := range tests {
		if got := e.changes.subjects(tt.text); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: %+v, want %+v", tt.text, got, tt.want)
		}
	}
}

// TestSupersededDecision: a later entry that switched away from what an
// earlier decision chose ranks above it, both are found, and each hit
// names the other.
func TestSupersededDecision(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-10-01", Time: "09:00", Agent: "planner", Tags: []string{"decision", "db"}, Text: "Chose MySQL for the orders database: the team knows it well and the hosting plan includes it."},
		memory.Entry{Date: "2026-10-20", Time: "11:00", Agent: "executor", Tags: []string{"progress"}, Text: "Orders database backups run nightly."},
		memory.Entry{Date: "2026-11-15", Time: "14:00", Agent: "planner", Tags: []string{"decision"}, Text: "Switched from MySQL to PostgreSQL for orders: we need transactional DDL."},
	)
	e := openIndexed(t, ws)
	for _, q := range []string{"why did we choose MySQL for the orders database", "which database do orders use"} {
		rs := search(t, e, Query{Text: q, TopK: 5})
		first, old := -1, -1
		for i, r := range rs {
			switch r.Date {
			case "2026-11-15":
				first = i
			case "2026-10-01":
				old = i
			}
		}
		if first < 0 || old < 0 || first > old {
			t.Fatalf("%q: the switch (at %d) must rank above the old decision (at %d): %+v", q, first, old, rs)
		}
		if by := rs[old].SupersededBy; by == nil || by.Date != "2026-11-15" || by.Path != rs[first].Path || by.LineStart != rs[first].LineStart {
			t.Errorf("%q: superseded_by %+v", q, rs[old].SupersededBy)
		}
		if s := rs[first].Supersedes; len(s) != 1 || s[0].Date != "2026-10-01" {
			t.Errorf("%q: supersedes %+v", q, s)
		}
		for i, r := range rs {
			if i != old && r.SupersededBy != nil {
				t.Errorf("%q: hit %d (%s) marked superseded", q, i, r.Snippet)
			}
		}
	}
}

// TestSupersededBeyondTheHits: a decision hit says what superseded it,
// and the later entry ranks just above it, even when that entry shares no
// word with the question; and a change written with a short form ("Mongo") supersedes
// a decision that wrote the long one ("MongoDB").
func TestSupersededBeyondTheHits(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-10-01", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: "Chose Prisma as our ORM: typed queries and migrations."},
		memory.Entry{Date: "2026-10-02", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: "Store sessions in MongoDB for now."},
		memory.Entry{Date: "2026-10-20", Time: "11:00", Agent: "executor", Tags: []string{"progress"}, Text: "Nightly backups run at 02:00."},
		memory.Entry{Date: "2026-11-15", Time: "14:00", Agent: "executor", Tags: []string{"progress"}, Text: "Replaced Prisma with Drizzle: cold starts were too slow."},
		memory.Entry{Date: "2026-11-16", Time: "14:00", Agent: "executor", Tags: []string{"progress"}, Text: "No longer using Mongo: Redis holds them now."},
	)
	e := openIndexed(t, ws)
	for q, want := range map[string]string{
		"which ORM":                  "2026-11-15",
		"where do we store sessions": "2026-11-16",
	} {
		// The later entry takes the place above the decision it supersedes.
		rs := search(t, e, Query{Text: q, TopK: 2})
		if len(rs) != 2 || rs[0].Date != want || len(rs[0].Supersedes) != 1 || rs[1].SupersededBy == nil || rs[1].SupersededBy.Date != want {
			t.Errorf("%q: %+v, want the entry of %s, then the decision it superseded", q, rs, want)
		}
		// Explained, the entry that joined says so instead of sharing
		// out the decision's score.
		if rs := search(t, e, Query{Text: q, TopK: 2, Explain: true}); len(rs) != 2 || rs[0].Why == nil || !rs[0].Why.Added || rs[0].Why.Text != 0 ||
			rs[1].Why == nil || rs[1].Why.Added {
			t.Errorf("%q explained: %+v", q, rs)
		}
		// With room for one hit only, the decision stays, saying what
		// superseded it.
		if rs := search(t, e, Query{Text: q, TopK: 1}); len(rs) != 1 || rs[0].SupersededBy == nil || rs[0].SupersededBy.Date != want {
			t.Errorf("%q, top 1: %+v, want the decision superseded by the entry of %s", q, rs, want)
		}
		// A later entry outside the filters is named, never a hit.
		rs = search(t, e, Query{Text: q, TopK: 5, Filter: Filter{Until: "2026-10-31"}})
		if len(rs) == 0 || rs[0].SupersededBy == nil || rs[0].SupersededBy.Date != want || slices.ContainsFunc(rs, func(r Result) bool { return r.Date == want }) {
			t.Errorf("%q until 2026-10-31: %+v", q, rs)
		}
	}
	// The same change said again, when it is carried out, undoes nothing.
	ws = loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-10-01", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: "Order status updates\nChanged from polling to webhooks: fewer calls."},
		memory.Entry{Date: "2026-10-03", Time: "09:00", Agent: "executor", Tags: []string{"progress"}, Text: "Replaced polling with signed webhooks in the shop client."},
	)
	e = openIndexed(t, ws)
	for _, r := range search(t, e, Query{Text: "order status updates", TopK: 5}) {
		if r.SupersededBy != nil {
			t.Errorf("%s: superseded by %+v", r.Snippet, r.SupersededBy)
		}
	}
}

// TestWhatUndoesADecision: a change undoes a decision that named what it
// replaced, as a name when the change writes a name; not a question, not
// a decision that replaced the same thing itself; and a split decision is
// read from its first piece, whichever piece is the hit.
func TestWhatUndoesADecision(t *testing.T) {
	long := "Decided to keep Cassandra for telemetry.\n" + strings.Repeat("The write path batches points per device and the read path serves dashboards. ", 60) + "Cassandra is also what the team knows."
	tests := []struct {
		name            string
		decision, later string
		q               string
		undone          bool
	}{
		{"the rejected option comes back", "Chose Postgres over MySQL for the ledger service.", "Switched from Postgres to MySQL for the ledger.", "ledger service", true},
		{"a question", "Decided to use Jenkins for CI.", "Should we switch from Jenkins to GitHub Actions?", "Jenkins CI", false},
		{"a name, not the verb", "Decided to go with Redis for caching.", "Switched from Go to Rust for the agent.", "Redis caching", false},
		{"the same change said again", "Changed from polling to webhooks for order updates.", "Replaced polling with signed webhooks in the shop.", "order updates", false},
		{"a split decision", long, "Migrated from Cassandra to ScyllaDB for telemetry.", "what the team knows", true},
		// From a second review.
		{"a passive change", "Decided to use MySQL for the orders database.", "MySQL was replaced by PostgreSQL.", "orders database", true},
		{"what replaced it is not undone", "Decided to use PostgreSQL for reporting.", "MySQL was replaced by PostgreSQL.", "reporting", false},
		{"a name and a word after it", "Decided to use Redis for the session store.", "We no longer use Redis anywhere.", "session store", true},
		{"a lower-case decision", "decided to use redis for sessions", "Stopped using Redis.", "sessions", true},
		{"a short word in lower case", "Decided to go with Redis for caching.", "Switched from go to Rust for the CLI.", "Redis caching", false},
		{"a plan carried out", "Decided to use MySQL for billing.", "As planned, we switched from MySQL to PostgreSQL.", "billing", true},
		// From a code review.
		{"a sentence's first word", "Decided to use MySQL for the orders database.", "Eventually MySQL was replaced by PostgreSQL.", "orders database", true},
		{"in May", "Decided to use MySQL for the orders database.", "In May we switched from MySQL to PostgreSQL.", "orders database", true},
		{"a question with a dotted name", "Decided to use Jenkins for CI.", "Did we switch from Jenkins to Buildkite for the Node.js builds?", "Jenkins CI", false},
		{"what changed named", "Decided to use Redis for the session store.", "Migrated the session store from Redis to PostgreSQL.", "session store", true},
		{"what changed named in its short form", "Decided to use Helm for Kubernetes deploys.", "Switched k8s deploys from Helm to Kustomize.", "Kubernetes deploys", true},
		// From a black-box review: another thing changed, or a change denied.
		{"another thing changed", "Decided to use Redis for the session store.", "Moved the rate limiter from Redis to Memcached.", "session store", false},
		{"the rejected option changed elsewhere", "Chose PostgreSQL over MySQL for the orders database.", "Switched the test database from MySQL to SQLite.", "orders database", false},
		{"a change decided against", "Decided to use Kafka for the event bus.", "We decided not to switch from Kafka to Pulsar.", "event bus", false},
		{"its own later piece", "Decided to keep MySQL for the ledger service.\n" + strings.Repeat("The ledger writes are batched per account and replayed on failure. ", 60) + "We replaced MySQL with PostgreSQL in the staging copy only.", "Switched from Oracle to DB2 for the archive.", "ledger service", false},
	}
	for _, tt := range tests {
		ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
			memory.Entry{Date: "2026-10-01", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: tt.decision},
			memory.Entry{Date: "2026-11-01", Time: "09:00", Agent: "executor", Tags: []string{"progress"}, Text: tt.later},
		)
		e := openIndexed(t, ws)
		var dec *Result
		for _, r := range search(t, e, Query{Text: tt.q, TopK: 5}) {
			if r.Date == "2026-10-01" {
				dec = &r
				break
			}
		}
		if dec == nil {
			t.Errorf("%s: the decision is no hit", tt.name)
			continue
		}
		if got := dec.SupersededBy != nil; got != tt.undone {
			t.Errorf("%s: superseded %v, want %v (%+v)", tt.name, got, tt.undone, dec)
		}
	}
}

// TestSupersessionChain: X to Y, then Y to Z: each decision says what
// superseded it, whatever the question, and the current one joins the
// hits when there is room.
func TestSupersessionChain(t *testing.T) {
	ws := loggedWorkspace(t, time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC),
		memory.Entry{Date: "2026-10-01", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: "Decided to use Jenkins for continuous integration."},
		memory.Entry{Date: "2026-10-15", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: "Switched from Jenkins to Buildkite for continuous integration."},
		memory.Entry{Date: "2026-11-15", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: "Switched from Buildkite to GitHub Actions for continuous integration."},
		memory.Entry{Date: "2026-10-05", Time: "09:00", Agent: "planner", Tags: []string{"decision"}, Text: "Decided to use Kafka for the order events."},
	)
	e := openIndexed(t, ws)
	for _, q := range []string{"continuous integration", "Jenkins", "what do we use for CI"} {
		by := map[string]string{}
		for _, r := range search(t, e, Query{Text: q, TopK: 10}) {
			if r.SupersededBy != nil {
				by[r.Date] = r.SupersededBy.Date
			} else {
				by[r.Date] = ""
			}
		}
		if by["2026-10-01"] != "2026-10-15" || by["2026-10-15"] != "2026-11-15" || by["2026-11-15"] != "" {
			t.Errorf("%q: superseded by %v", q, by)
		}
	}
}
