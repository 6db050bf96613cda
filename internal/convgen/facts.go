package convgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Fact kinds.
const (
	KindDecision = "decision"
	KindTask     = "task"
	KindPath     = "path"
	KindID       = "identifier"
	// KindDistractor is planted but should not be mistaken for a decision
	// or a pending task: a rejected or hypothetical option, a finished
	// task. It is reported, not scored as retention.
	KindDistractor = "distractor"
)

// Where a fact is planted (Fact.Speaker).
const (
	SpeakerUser      = "user"
	SpeakerAssistant = "assistant"
	// SpeakerTool facts are in a tool result: a notes file the assistant
	// reads.
	SpeakerTool = "tool"
	// SpeakerCode facts are comments in code the assistant writes (a tool
	// call's input).
	SpeakerCode = "code"
	// SpeakerTwoTurns facts span two turns: Text is the user's part, TurnSep,
	// then the assistant's answer.
	SpeakerTwoTurns = "user>assistant"
)

// TurnSep separates the two turns of a SpeakerTwoTurns fact's Text.
const TurnSep = " || "

// Fact is a planted piece of information a summary should keep.
type Fact struct {
	Kind string
	// Key must appear in the summary (case-insensitive) for the fact to
	// count as kept.
	Key string
	// Reason, for decisions, is a word of the reason that should come along.
	Reason string
	// Text is the sentence planted in the conversation.
	Text string
	// Speaker says where it is planted: SpeakerUser, SpeakerAssistant,
	// SpeakerTool, SpeakerCode or SpeakerTwoTurns.
	Speaker string
}

// Found reports whether the fact survives in text: its key is there.
func (f Fact) Found(text string) bool {
	return strings.Contains(strings.ToLower(text), strings.ToLower(f.Key))
}

// template is a sentence with slots: {X} the key, {P} the purpose, {R} the
// reason.
type template struct {
	text    string
	speaker string
}

type factSet struct {
	decisionTpl, taskTpl, pathTpl, idTpl []template
	choices, purposes, reasons           []string
	tasks, paths                         []string
	ids                                  func(r *rand.Rand) string
	// distractorTpl, when set, plants n distractors too: {X} is filled from
	// rejected (an option not taken), {T} from done (a finished task), {P}
	// and {R} as for decisions. The key is the {X} or {T} value.
	distractorTpl  []template
	rejected, done []string
}

// Tuning returns n facts of each kind from the tuning set, the one the
// extractive summarizer was developed against.
func Tuning(seed uint64, n int) []Fact { return tuning.facts(seed, n) }

// Tuning2 returns n facts of each kind from the second tuning set. It was
// written as a held-out set and scored once (64.6% retention) before its
// failures were looked at; the summarizer was then tuned on it too, so it
// is a tuning set now.
func Tuning2(seed uint64, n int) []Fact { return tuning2.facts(seed, n) }

// Tuning3 returns n facts of each kind from the third tuning set (a former
// held-out set, see heldout.go).
func Tuning3(seed uint64, n int) []Fact { return tuning3.facts(seed, n) }

// Tuning4 returns n facts of each kind from the fourth tuning set (a former
// held-out set, see heldout.go).
func Tuning4(seed uint64, n int) []Fact { return tuning4.facts(seed, n) }

// Tuning5 returns n facts of each kind from the fifth tuning set (a former
// held-out set, see heldout.go).
func Tuning5(seed uint64, n int) []Fact { return tuning5.facts(seed, n) }

// Tuning6 returns n facts of each kind from the sixth tuning set (a former
// held-out set, see heldout.go).
func Tuning6(seed uint64, n int) []Fact { return tuning6.facts(seed, n) }

// HeldOut returns n facts of each kind from the held-out set: templates and
// values written apart from both tuning sets and never used to tune the
// summarizer (see heldout.go).
func HeldOut(seed uint64, n int) []Fact { return heldOut.facts(seed, n) }

func (s factSet) facts(seed uint64, n int) []Fact {
	r := rand.New(rand.NewPCG(seed, 0xfac7))
	var out []Fact
	used := map[string]bool{}
	uniq := func(pool []string) string {
		for range 100 {
			v := pool[r.IntN(len(pool))]
			if !used[v] {
				used[v] = true
				return v
			}
		}
		return pool[r.IntN(len(pool))]
	}
	fill := func(t template, x, p, reason string) Fact {
		text := strings.NewReplacer("{X}", x, "{P}", p, "{R}", reason).Replace(t.text)
		return Fact{Key: x, Text: text, Speaker: t.speaker}
	}
	for range n {
		x, p, why := uniq(s.choices), uniq(s.purposes), uniq(s.reasons)
		f := fill(s.decisionTpl[r.IntN(len(s.decisionTpl))], x, p, why)
		f.Kind, f.Reason = KindDecision, strings.Fields(why)[len(strings.Fields(why))-1]
		out = append(out, f)
		t := uniq(s.tasks)
		f = fill(s.taskTpl[r.IntN(len(s.taskTpl))], t, "", "")
		f.Kind = KindTask
		out = append(out, f)
		path := uniq(s.paths)
		f = fill(s.pathTpl[r.IntN(len(s.pathTpl))], path, "", "")
		f.Kind = KindPath
		out = append(out, f)
		id := s.ids(r)
		f = fill(s.idTpl[r.IntN(len(s.idTpl))], id, "", "")
		f.Kind = KindID
		out = append(out, f)
	}
	for i := range n {
		if len(s.distractorTpl) == 0 {
			break
		}
		t := s.distractorTpl[(i+r.IntN(len(s.distractorTpl)))%len(s.distractorTpl)]
		x, done, p, why := uniq(s.rejected), uniq(s.done), uniq(s.purposes), uniq(s.reasons)
		f := fill(t, x, p, why)
		f.Text = strings.ReplaceAll(f.Text, "{T}", done)
		f.Kind = KindDistractor
		if !strings.Contains(t.text, "{X}") {
			f.Key = done
		}
		out = append(out, f)
	}
	// Interleave kinds in a shuffled order, as real sessions do.
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

var tuning = factSet{
	decisionTpl: []template{
		{"Decision: we'll use {X} for {P} because {R}.", "user"},
		{"We decided to use {X} for {P}, since {R}.", "user"},
		{"Let's go with {X} for {P}. The reason is {R}.", "user"},
		{"I chose {X} for {P} because {R}.", "assistant"},
	},
	choices: []string{"PostgreSQL", "Redis Streams", "gRPC", "Tailwind", "SQLite", "NATS", "Terraform", "pnpm",
		"OpenTelemetry", "Argon2id", "ClickHouse", "Temporal"},
	purposes: []string{"the session store", "the job queue", "service-to-service calls", "styling", "local caching",
		"event fan-out", "infrastructure", "package management", "tracing", "password hashing", "analytics", "workflows"},
	reasons: []string{"the team already knows it", "we need transactions", "it halves p99 latency",
		"it is what ops can support", "it keeps the build reproducible", "licensing is simpler",
		"the vendor SLA covers it", "it survives node restarts"},
	taskTpl: []template{
		{"TODO: {X}.", "assistant"},
		{"We still need to {X}.", "user"},
		{"Next step: {X}.", "assistant"},
		{"Don't forget to {X} before the release.", "user"},
	},
	tasks: []string{"rotate the staging API keys", "backfill the invoice_totals column", "update the runbook for failover",
		"remove the legacy /v1/export endpoint", "add alerting on queue depth", "bump the Go toolchain in CI",
		"write the migration rollback script", "document the webhook retry policy", "delete the temporary feature flag",
		"load-test the search endpoint"},
	pathTpl: []template{
		{"The config lives at {X}.", "user"},
		{"I edited {X} to add the handler.", "assistant"},
		{"Put the new schema in {X}.", "user"},
	},
	paths: []string{"/etc/billing/prod.yaml", "services/ledger/cmd/reconcile/main.go", "infra/terraform/rds.tf",
		"/var/lib/atlas/state.db", "web/src/pages/Checkout.tsx", "db/migrations/0042_add_tenant_id.sql",
		"configs/otel-collector.yaml", "scripts/rotate_keys.sh", "pkg/ratelimit/token_bucket.go", "docs/adr/0011-queue.md"},
	idTpl: []template{
		{"This is tracked in {X}.", "user"},
		{"The failing build is {X}.", "assistant"},
		{"Reference ticket {X} in the PR.", "user"},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("BILL-%d", 1000+r.IntN(9000))
		case 1:
			return fmt.Sprintf("%07x", r.Uint32()&0xfffffff|0x1000000)
		}
		return fmt.Sprintf("build-%d-%c%c", 10000+r.IntN(90000), 'a'+rune(r.IntN(26)), 'a'+rune(r.IntN(26)))
	},
}

var tuning2 = factSet{
	decisionTpl: []template{
		{"After comparing the options, we are going with {X} for {P}: {R}.", "user"},
		{"OK, final call on {P} is {X}. Rationale: {R}.", "user"},
		{"For {P} I've settled on {X}, as {R}.", "assistant"},
		{"Agreed, {X} it is for {P}; {R}.", "user"},
	},
	choices: []string{"MySQL", "Kafka", "Envoy", "Svelte", "DuckDB", "RabbitMQ", "Pulumi", "Bazel", "Prometheus",
		"bcrypt", "BigQuery", "Airflow"},
	purposes: []string{"the orders database", "the audit pipeline", "the edge proxy", "the admin UI", "offline reports",
		"the email queue", "cloud resources", "the monorepo build", "metrics", "API key hashing", "the data warehouse", "nightly jobs"},
	reasons: []string{"the DBA team runs it already", "it handles our write volume", "it has the best tracing story",
		"the bundle is a third of the size", "it needs no server", "support contracts exist for it",
		"it is cheaper at our scale", "it matches the rest of the platform"},
	taskTpl: []template{
		{"Remaining work: {X}.", "assistant"},
		{"Can you also {X} at some point?", "user"},
		{"One thing left for tomorrow: {X}.", "user"},
		{"Open item: {X}.", "assistant"},
	},
	tasks: []string{"renew the TLS certificate for the admin host", "purge the orphaned S3 uploads",
		"migrate the cron jobs to the scheduler", "raise the connection pool limit in production",
		"archive the 2024 audit tables", "fix the flaky TestCheckoutTimeout", "split the monolith config file",
		"revoke the contractor VPN accounts", "translate the onboarding emails", "pin the base image digest"},
	pathTpl: []template{
		{"The real settings are in {X}, not the sample file.", "user"},
		{"Logs for that job end up in {X}.", "assistant"},
		{"Keep the fixtures under {X}.", "user"},
	},
	paths: []string{"/opt/orders/conf/orders.toml", "tools/release/publish.py", "k8s/overlays/prod/kustomization.yaml",
		"/srv/reports/nightly.log", "frontend/admin/src/routes/Users.svelte", "sql/schema/orders_v3.sql",
		"deploy/envoy/edge.yaml", "/home/ci/.cache/bazel", "analytics/dbt/models/revenue.sql", "testdata/golden/invoice.json"},
	idTpl: []template{
		{"The customer reference is {X}.", "user"},
		{"See incident {X} for the timeline.", "assistant"},
		{"Deployment {X} is the one that regressed.", "user"},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("INC-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 1:
			return fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", r.Uint32(), r.Uint32()&0xffff, r.Uint32()&0xfff, r.Uint32()&0xfff, r.Uint64()&0xffffffffffff)
		}
		return fmt.Sprintf("cus_%c%c%d%c%d", 'A'+rune(r.IntN(26)), 'a'+rune(r.IntN(26)), r.IntN(1000), 'a'+rune(r.IntN(26)), r.IntN(100))
	},
}
