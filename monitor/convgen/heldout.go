package convgen

import (
	"fmt"
	"math/rand/v2"
)

// tuning3 was the second held-out set. Scored blind it kept 68.8%
// (decisions 12/48, tasks 24/48); the summarizer was then changed with its
// failures in view (sentence-shape fallbacks, more choice verbs), so it
// counts as tuning now.
var tuning3 = factSet{
	decisionTpl: []template{
		{"Quick update from the architecture review: {P} moves to {X}, mainly because {R}.", "user"},
		{"We landed on {X} for {P} in the end ({R}).", "user"},
		{"Going forward {P} will run on {X}, since {R}.", "assistant"},
		{"The team voted for {X} for {P} because {R}.", "user"},
	},
	choices: []string{"CockroachDB", "Celery", "Traefik", "HTMX", "Parquet", "Memcached", "Ansible", "Nx", "Loki",
		"scrypt", "Snowflake", "Dagster"},
	purposes: []string{"the inventory service", "background jobs", "ingress routing", "the support dashboard",
		"cold storage exports", "the session cache", "server provisioning", "frontend builds", "log aggregation",
		"token hashing", "finance reporting", "ETL orchestration"},
	reasons: []string{"it gives us multi-region writes", "the on-call team prefers it", "it cut cloud spend last quarter",
		"it integrates with our SSO", "nobody has to run a cluster", "it passed the security audit",
		"it scales without sharding", "the migration path is shortest"},
	taskTpl: []template{
		{"Before we close this out we must {X}.", "user"},
		{"Reminder for whoever picks this up: {X}.", "user"},
		{"I have not yet managed to {X}; that is still outstanding.", "assistant"},
		{"Handover note: somebody needs to {X}.", "assistant"},
	},
	tasks: []string{"re-enable the nightly backup verification", "notify finance about the rounding change",
		"move the secrets from .env into Vault", "drop the unused idx_orders_created index",
		"upgrade the Redis client past 9.2", "add a canary stage to the deploy pipeline",
		"clean up the stale preview environments", "shorten the session TTL to eight hours",
		"reconcile the March invoices by hand", "tag the release candidate in git"},
	pathTpl: []template{
		{"Heads-up, the production overrides sit in {X}.", "user"},
		{"The script that generates the report is {X}.", "assistant"},
		{"Our SSO metadata is stored at {X}.", "user"},
	},
	paths: []string{"/etc/inventory/overrides.ini", "ops/ansible/roles/db/tasks/main.yml", "services/support/app/views.py",
		"/data/exports/cold/2026-11.parquet", "apps/dashboard/src/components/Chart.tsx", "migrations/V58__drop_legacy.sql",
		"charts/ingress/templates/traefik.yaml", "/usr/local/share/sso/metadata.xml", "reports/finance/monthly_close.ipynb",
		"lib/hashing/scrypt_params.rs"},
	idTpl: []template{
		{"The vendor case number is {X}.", "user"},
		{"That panic first showed up in job run {X}.", "assistant"},
		{"Please quote change request {X} in the release notes.", "user"},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("CS%08d", r.IntN(100000000))
		case 1:
			return fmt.Sprintf("run-%x-%d", r.Uint32()&0xfffff|0x10000, r.IntN(100))
		}
		return fmt.Sprintf("CHG%07d", r.IntN(10000000))
	},
}

// tuning4 was the third held-out set. Scored blind it kept 60.4%
// (decisions 4/48, tasks 16/48); the summarizer was then changed with its
// failures in view, so it counts as tuning now.
var tuning4 = factSet{
	decisionTpl: []template{
		{"From the meeting notes: {X} is the pick for {P}. Why: {R}.", "user"},
		{"Thread summary - consensus is {X} for {P}, {R}.", "user"},
		{"commit message: use {X} for {P} ({R})", "assistant"},
		{"My recommendation, which the lead signed off on, is {X} for {P} given that {R}.", "assistant"},
	},
	choices: []string{"Valkey", "Pulsar", "Caddy", "Qwik", "Iceberg", "Hazelcast", "Chef", "Turborepo", "Tempo",
		"PBKDF2", "Redshift", "Prefect"},
	purposes: []string{"the pricing engine", "event sourcing", "TLS termination", "the marketing site", "the lakehouse",
		"distributed locks", "config management", "the web monorepo", "trace storage", "legacy password hashes",
		"the BI layer", "data pipelines"},
	reasons: []string{"its licence stays open", "ops can run it in one binary", "the benchmarks showed lower tail latency",
		"it ships with FIPS mode", "the compliance team asked for it", "it reuses our Postgres skills",
		"the pricing is predictable", "upgrades are painless"},
	taskTpl: []template{
		{"Still on my list: {X}.", "user"},
		{"Action for next sprint - {X}.", "user"},
		{"We can't ship until someone gets around to {X}.", "assistant"},
		{"Leaving a note so it isn't lost: {X} is not done.", "assistant"},
	},
	tasks: []string{"benchmarking the pricing engine under load", "wiring the audit events into the SIEM",
		"rewriting the flaky date parser", "expiring the old invite links", "migrating the wiki to the new space",
		"auditing who can read the billing bucket", "bumping the minimum TLS version", "removing the v2 SDK shims",
		"sizing the new Kafka partitions", "pruning dead feature toggles"},
	pathTpl: []template{
		{"fyi the feature toggles are defined in {X}", "user"},
		{"Careful, {X} is generated; edit the template instead.", "assistant"},
		{"The on-call runbook is {X}.", "user"},
	},
	paths: []string{"/srv/pricing/rules.yaml", "infra/chef/cookbooks/base/recipes/default.rb", "site/src/routes/index.tsx",
		"/var/log/pricing/engine.log", "tools/codegen/templates/client.tmpl", "lakehouse/iceberg/catalog.json",
		"docs/runbooks/oncall.md", "config/toggles/flags.json", "/mnt/backups/weekly/manifest.txt", "sdk/python/archon_client/retry.py"},
	idTpl: []template{
		{"Ops ticket for the outage: {X}.", "user"},
		{"The offending commit looks like {X}.", "assistant"},
		{"Billing account {X} is the affected one.", "user"},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("OPS-%d", 100+r.IntN(900))
		case 1:
			return fmt.Sprintf("%012x", r.Uint64()&0xffffffffffff|0x100000000000)
		}
		return fmt.Sprintf("acct_%d_%c%c", 1000+r.IntN(9000), 'a'+rune(r.IntN(26)), 'a'+rune(r.IntN(26)))
	},
}

// tuning5 was the fourth held-out set. It was written before the last
// round of changes, but those changes added cue phrases while its
// templates were in view ("blocker", "carry-over", "is now on", ...), so its
// 96.9% is not a blind score; it counts as tuning.
var tuning5 = factSet{
	decisionTpl: []template{
		{"Status: {P} is now on {X} - {R}, so that question is closed.", "user"},
		{"Review comment: please keep {X} for {P}; {R}.", "user"},
		{"Postmortem outcome: {P} switches over to {X} because {R}.", "assistant"},
		{"yeah {X} for {P}, {R}", "user"},
	},
	choices: []string{"MariaDB", "ZeroMQ", "HAProxy", "Astro", "Avro", "Etcd", "SaltStack", "Lerna", "Jaeger",
		"Blake3", "Databricks", "Luigi"},
	purposes: []string{"the catalog service", "internal messaging", "the load balancer", "the docs site", "schema encoding",
		"leader election", "host configuration", "the JS packages", "request tracing", "file checksums",
		"the ML platform", "batch jobs"},
	reasons: []string{"it is what the SREs are on call for", "the throughput numbers were twice as good",
		"we already pay for the enterprise tier", "it keeps the schema registry happy", "the fallback story is simpler",
		"legal cleared the license", "it removes one hop", "the hiring pool knows it"},
	taskTpl: []template{
		{"Blocker before GA: {X}.", "user"},
		{"Somebody please own {X} this week.", "user"},
		{"Unfinished: {X} (I ran out of time).", "assistant"},
		{"Carry-over from yesterday - {X}.", "assistant"},
	},
	tasks: []string{"rotating the signing keys for the mobile app", "writing the data retention policy",
		"fixing the timezone bug in the scheduler", "deleting the test tenants in production",
		"profiling the catalog import", "adding rate limits to the public search API",
		"replacing the hard-coded S3 region", "documenting the on-call escalation path",
		"upgrading Node in the build image", "checking the GDPR export for completeness"},
	pathTpl: []template{
		{"Note the HAProxy config is {X}.", "user"},
		{"The import job reads from {X}.", "assistant"},
		{"Don't touch {X}, it's vendored.", "user"},
	},
	paths: []string{"/etc/haproxy/haproxy.cfg", "catalog/importer/src/main/java/Importer.java", "/var/spool/catalog/inbox",
		"third_party/avro/schema.avsc", "docs/site/astro.config.mjs", "/opt/ml/models/ranker-v7.onnx",
		"salt/states/web/init.sls", "packages/ui/src/Button.tsx", "ops/postmortems/2026-10-12.md", "scripts/gdpr/export.py"},
	idTpl: []template{
		{"Sentry issue {X} has the stack trace.", "assistant"},
		{"PR {X} introduced it.", "user"},
		{"Order {X} was double-charged.", "user"},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("CATALOG-%d", 10+r.IntN(990))
		case 1:
			return fmt.Sprintf("#%d", 1000+r.IntN(9000))
		}
		return fmt.Sprintf("ord_%c%c%c%d", 'A'+rune(r.IntN(26)), 'A'+rune(r.IntN(26)), 'a'+rune(r.IntN(26)), 10000+r.IntN(90000))
	},
}

// tuning6 was the fifth held-out set, written after the extractive
// summarizer's last change then and scored once, blind: 65.6% kept
// (decisions 20/48, tasks 10/48, paths 48/48, identifiers 48/48). Its
// failures were then studied, so it counts as tuning now.
var tuning6 = factSet{
	decisionTpl: []template{
		{"Per the RFC discussion, {X} will back {P}. {R} was the deciding factor.", "user"},
		{"Ended up with {X} for {P} after the spike: {R}.", "assistant"},
		{"Ping: we're standing up {X} as {P} - {R}.", "user"},
		{"{X} is our answer for {P}; {R}.", "user"},
	},
	choices: []string{"Neo4j", "SQS", "Nginx", "Remix", "Protobuf", "Consul", "Puppet", "Rush", "Zipkin", "SHA-3",
		"Trino", "Argo"},
	purposes: []string{"the recommendations graph", "the order events", "the reverse proxy", "the customer portal",
		"wire formats", "service discovery", "fleet configuration", "the frontend repos", "span storage",
		"artifact digests", "ad-hoc analytics", "deploy workflows"},
	reasons: []string{"Managed hosting", "Lower memory use", "Existing expertise", "Vendor support",
		"Better observability", "Cheaper egress", "Simpler operations", "Stronger typing"},
	taskTpl: []template{
		{"Also, {X} - can't forget that one.", "user"},
		{"Parking this for now: {X}.", "assistant"},
		{"Tomorrow's first job is {X}.", "user"},
		{"I'll hand {X} to the next session.", "assistant"},
	},
	tasks: []string{"cleaning out the dead-letter queue", "bumping the portal's session timeout",
		"auditing the admin role grants", "re-running the failed nightly export", "tightening the CSP header",
		"splitting the recommendations job", "retiring the old status page", "renaming the billing topics",
		"backporting the TLS fix to 3.x", "measuring cold start on the portal"},
	pathTpl: []template{
		{"Our proxy rules: {X}.", "user"},
		{"I wrote the spike results to {X}.", "assistant"},
		{"The portal env file is {X} btw.", "user"},
	},
	paths: []string{"/etc/nginx/conf.d/portal.conf", "spikes/graph-db/RESULTS.md", "/srv/portal/.env.production",
		"proto/orders/v2/events.proto", "puppet/manifests/site.pp", "apps/portal/app/root.tsx",
		"/var/lib/consul/raft/peers.json", "docs/rfc/0031-graph-store.md", "ci/argo/deploy-workflow.yaml",
		"analytics/trino/catalog/hive.properties"},
	idTpl: []template{
		{"Escalated to support as {X}.", "user"},
		{"The nightly export run that failed was {X}.", "assistant"},
		{"Grafana alert {X} fired again.", "user"},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("SUP-%05d", r.IntN(100000))
		case 1:
			return fmt.Sprintf("export-%d%02d%02d-%x", 2026, 1+r.IntN(12), 1+r.IntN(28), r.Uint32()&0xffff)
		}
		return fmt.Sprintf("alert_%c%c%c_%d", 'a'+rune(r.IntN(26)), 'a'+rune(r.IntN(26)), 'a'+rune(r.IntN(26)), r.IntN(1000))
	},
}

// heldOut is the sixth held-out set (since studied: the current
// summarizer keeps 100% of it, so it is a tuning set in all but name), written before the last change to the
// extractive summarizer (user statements and deferrals as fallbacks) and
// scored once after it, blind: 70.8% kept (decisions 21/48, tasks 24/48,
// paths 47/48, identifiers 44/48). Across the blind scores (64.6%, 68.8%,
// 60.4%, 65.6%, 70.8%) the extractive summarizer keeps paths and
// identifiers but finds only about half of the decisions and tasks phrased
// in ways its cues have not seen; the LLM summarizer is the way past that.
var heldOut = factSet{
	decisionTpl: []template{
		{"Standup: the group agreed {X} handles {P} from now on; {R}.", "user"},
		{"Email from the CTO says {P} goes on {X}. {R}, apparently.", "user"},
		{"{P}: {X}. ({R})", "user"},
		{"So the design doc now lists {X} as the {P} option, {R}.", "assistant"},
	},
	choices: []string{"ScyllaDB", "Kinesis", "Istio", "SolidJS", "ORC", "ZooKeeper", "Nomad", "Yarn", "Grafana",
		"Ed25519", "Athena", "Kestra"},
	purposes: []string{"the telemetry store", "clickstream ingestion", "the service mesh", "the partner portal",
		"columnar archives", "cluster coordination", "batch scheduling", "frontend dependencies", "dashboards",
		"release signing", "log queries", "cron replacement"},
	reasons: []string{"cost per query is lower", "latency under load was flat", "the partner team already runs it",
		"signatures are tiny", "it needs no JVM", "auditors like the access model", "on-call knows the failure modes",
		"it was the only one that passed the failover drill"},
	taskTpl: []template{
		{"Heads up, {X} is still waiting on us.", "user"},
		{"Friday deadline: {X}.", "user"},
		{"Deferred {X} until the refactor lands.", "assistant"},
		{"Not started yet: {X}.", "assistant"},
	},
	tasks: []string{"resizing the telemetry disks", "signing the release artifacts with the new key",
		"reviewing the partner portal's CORS settings", "expiring API tokens older than a year",
		"adding a dashboard for mesh retries", "moving the cron jobs off the bastion host",
		"fixing the yarn lockfile drift", "archiving the 2023 clickstream data",
		"testing failover for the coordinator", "writing the ADR for release signing"},
	pathTpl: []template{
		{"Mesh config is at {X}.", "user"},
		{"I dumped the failover timings into {X}.", "assistant"},
		{"{X} holds the partner allowlist.", "user"},
	},
	paths: []string{"/etc/istio/mesh.yaml", "reports/failover/timings.csv", "config/partners/allowlist.yml",
		"/opt/telemetry/data", "web/partner/src/main.tsx", "nomad/jobs/cron.nomad", "/var/run/zookeeper/zk.pid",
		"release/keys/ed25519.pub", "dashboards/mesh-retries.json", "infra/athena/queries/daily_logs.sql"},
	idTpl: []template{
		{"Vendor ticket: {X}.", "user"},
		{"Failover drill run {X} is the reference.", "assistant"},
		{"Customer {X} reported it first.", "user"},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("VND-%d-%d", 10+r.IntN(90), r.IntN(10000))
		case 1:
			return fmt.Sprintf("drill_%d%c", 100+r.IntN(900), 'a'+rune(r.IntN(26)))
		}
		return fmt.Sprintf("C-%06d", r.IntN(1000000))
	},
}

// Blind scores of the seventh and eighth held-out sets (heldout2.go; "v5"
// and "v6" of issue #4's brief), 500-token extractive summaries of 12
// conversations each (seeds 1-6, 20K and 60K tokens), written and scored
// before the summarizer changed for them, failures not looked at:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out7  cue phrases (6a0c2a9) 60.9%  20/48     23/48  35/48  39/48  25/48
//	held-out8  cue phrases (6a0c2a9) 77.1%  38/48     26/48  36/48  48/48  27/48
//
// The summarizer was then changed (rarity salience, shape features, notes
// in tool results and code comments, see summarize/classify.go) with only
// the tuning sets and the sixth held-out set's failures in view. held-out7
// was scored at milestones, totals only (79.7%, then 93.2%); held-out8 was
// scored once, at the end:
//
//	held-out7  shapes (afc6dec)      93.2%  35/48     48/48  48/48  48/48  0/48
//	held-out8  shapes (afc6dec)      89.6%  47/48     36/48  41/48  48/48  0/48
//
// 89.6% on held-out8 is the held-out figure. Both sets were written by the
// engineer who then changed the summarizer, so their phrasings were known
// even though their failures were not. Their losses are still unlooked at:
// the evaluation keeps them blind (no per-fact log).
//
// held-out8 was then unblinded (its losses logged and studied, so it
// counts as seen from here on) and a ninth set, HeldOut9 (heldout3.go:
// game dev, healthcare data, firmware, marketing analytics, a research
// lab; Windows and extensionless paths), was written first and scored
// once, blind, with the unchanged summarizer:
//
//	held-out9  shapes (a481d76)      86.5%  32/48     48/48  46/48  40/48  10/48
//
// The summarizer then changed for held-out8's failures only (Windows drive
// and UNC paths, extensionless Makefile-style and dotfile paths after a
// directory, "still to do" task cues): held-out8 went to 99.5% (its one
// loss is a generator artifact: a "- [x]" distractor line runs on into the
// next planted sentence, which is then read as finished work). Tuning
// sets, held-out and held-out7 stayed where they were. held-out9 was then
// scored once more, blind:
//
//	held-out9  paths (9fe6bed)       87.5%  32/48     48/48  48/48  40/48  10/48
//
// 87.5% on held-out9 is the held-out figure, below the 90% target: it
// loses 16 decisions and 8 identifiers, which ones is still unlooked at
// (the evaluation keeps it blind), and surfaces 10 of 48 distractors.
// Caveat: held-out9 was written knowing held-out8 was suspected to lose
// Windows and extensionless paths, so it has such paths, and its two path
// gains are not independent evidence of the path rules.
//
// 2026-11-29: a tenth set, HeldOut10 (heldout4.go: logistics, fintech
// KYC/AML compliance, warehouse robotics, a university learning platform;
// URL, UNC and home-relative paths, ARNs, tracking numbers, versions), was
// written before held-out9's failures were looked at. It is blind and is
// to be scored once, at the end, totals only.
//
// The generator then stopped running a planted block (checklist, numbered
// list) on into the next planted sentence (b0bc969). On the same
// summarizer held-out7 went from 93.2% to 94.3% (blind, totals) and
// held-out8 stayed at 99.5% (its DocuSign loss gone, a PagerDuty one new).
//
// 2026-11-29: held-out9 was unblinded, its last blind score 87.5% (at
// 9fe6bed); with the generator fix it kept 88.5%, and its losses were
// looked at: answers across two turns ("What should X use?" / "Foo.")
// that the summarizer never paired with their question, 0x hex
// identifiers not read as identifiers, choices stated purpose first ("For
// X we're ... Foo"), and, on held-out8, two questions answered in one
// reply (paired to the last) and near-repeat decisions about different
// names merged. The summarizer changed for those (summarize/answers.go,
// classify.go, entities.go, extractive.go). held-out9 is seen from here on:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out9  answers (seen)        97.9%  44/48     48/48  48/48  48/48  7/48
//	held-out8  answers (seen)        100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  answers (blind)       94.3%  37/48     48/48  48/48  48/48  0/48
//
// The 7 distractors held-out9 surfaced were all hypotheticals a user said
// ("Maybe one day we look at Foo; not now.") kept as critical context;
// hypotheticals are no longer context: 0/48 since, retention unchanged.
//
// 2026-11-29: held-out10 scored once, blind, totals only, with the
// summarizer above (5ef21b8), nothing tuned on it:
//
//	held-out10 answers (5ef21b8)     66.7%  23/48     18/48  48/48  39/48  15/48
//
// 66.7% on held-out10 is the held-out figure, far below the 90% target:
// on a set in new domains and phrasings the extractive summarizer keeps
// every path but only about half of the decisions and under half of the
// pending tasks, and shows 15 of 48 distractors, like the first blind
// scores of earlier sets (60-77%). Which facts it loses is unlooked at;
// the evaluation keeps it blind.
//
// held-out9's remaining losses are "Foo won the bake-off for X": no cue
// covers winning a comparison, and adding the template's own phrase would
// be tuning on it.
//
// 2026-11-29: held-out10 was then unblinded, studied after its one blind
// score of 66.7% (its losses logged and looked at), so it counts as seen
// from here on. Its failures were mostly structural, not vocabulary: a
// numbered list under a heading naming open items, a YAML tracker record
// with "state: open", minutes with "Resolved: X -> Y" and a "Why:" line,
// a request to nobody in particular ("Can someone ...?"), an answer to a
// question about leftover work, completed items struck through or marked
// "(done)", a sentence followed by its rationale on the next line, and
// identifiers without separators or with slashes. The summarizer changed
// by general rules for such shapes, not by the set's phrases
// (summarize/blocks.go, shapes.go; commits 2d067a6..b37ef72): list items
// under a heading naming tasks or decisions, key: value records read
// whole, completion marked anywhere, withdrawal as rejection, requests to
// nobody in particular, answers inheriting their question's section,
// deadlines, a reason on the next line, intent and guard comments, and
// names seldom repeated in the conversation as the subject of a choice:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out10 shapes2 (seen)        99.0%  46/48     48/48  48/48  48/48  0/48
//	held-out9  shapes2 (seen)        99.5%  47/48     48/48  48/48  48/48  0/48
//	held-out8  shapes2 (seen)        100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  shapes2 (blind)       94.3%  37/48     48/48  48/48  48/48  0/48
//
// held-out7, still blind, did not move: whatever loses its 11 decisions
// is not among the shapes held-out10 showed. That, and held-out11 (written
// meanwhile, blind), are the measures of whether the rules generalize.
// held-out10's two remaining losses are "LTI 1.3 gets the contract" in
// conversations where LTI is named often enough not to count as rare.
//
// 2026-11-29: held-out11 (heldout5.go: newsroom CMS, payroll and HR, EV
// charger fleet, building permits; written by someone who had not read the
// summarizer) scored once, blind, totals only, with the summarizer above
// (2b64c64), nothing tuned on it:
//
//	held-out11 shapes2 (2b64c64)     82.8%  40/48     29/48  42/48  48/48  13/48
//
// Up from held-out10's first blind 66.7%, still below the 90% target:
// pending tasks (29/48) and, for the first time, paths (42/48) are lost;
// 13 of 48 distractors shown. Decision reasons kept 33/40.
//
// 2026-11-29: held-out11 was then unblinded, studied after its one blind
// score of 82.8% (its losses logged and looked at), so it counts as seen
// from here on. Its losses: %APPDATA%\... paths not read as paths; a
// tracker printed as columns aligned under a header (KEY STATUS ASSIGNEE
// SUMMARY); "remind me to ... before Friday's cutoff" (no reminder cue, a
// possessive deadline); work assigned to a person by name; a yes/no
// question answered "I don't think so - ..." with "I'd go with it" after;
// and among distractors another team's choice ("Not our call, but the
// data team went with Foo") and "Just curious, no need to answer now." as
// a task. The summarizer changed by general rules (commits bf40b77..
// 938f3d5: paths.go, tables.go, obligations.go, answers.go, shapes.go,
// extractive.go): paths in every common form, tables as records,
// reminders, assignments, denied obligations, denials as answers and
// sentences that only point back, other parties' choices, completion
// stated in words, unclaimed work, cues inside URLs ignored, and routine
// narration (the same words of another file) at half score:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out11 obligations (seen)    100%   48/48     48/48  48/48  48/48  0/48
//	held-out10 obligations (seen)    99.0%  46/48     48/48  48/48  48/48  0/48
//	held-out9  obligations (seen)    100%   48/48     48/48  48/48  48/48  0/48
//	held-out8  obligations (seen)    100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  obligations (blind)   94.3%  37/48     48/48  48/48  48/48  0/48
//
// Tuning sets 100% (tuning3 up from 99.5%), held-out 100%. held-out11's
// decision reasons kept rose from 33/40 to 44/48. held-out7, blind, did
// not move again: the rules held-out11 taught are not what loses its
// decisions, so the next unseen set (held-out12) is the measure.
//
// 2026-11-29: held-out12 (heldout6.go: airline crew scheduling, insurance
// claims, restaurant POS, water-utility SCADA, streaming CDN, e-discovery;
// written by someone who had not read the summarizer) scored once, blind,
// totals only, with the summarizer above (9144848), nothing tuned on it:
//
//	held-out12 (9144848)             85.9%  46/48     33/48  48/48  38/48  8/48
//
// Blind first scores so far: held-out9 87.5%, held-out10 66.7%, held-out11
// 82.8%, held-out12 85.9%, all below the 90% target; held-out7, blind
// throughout, 94.3%. Pending tasks (33/48) and identifiers (38/48) are
// what an unseen set still loses.
//
// 2026-11-29: held-out12 was then unblinded, studied after its one blind
// score of 85.9% (its losses logged and looked at), so it counts as seen
// from here on. Its losses: identifiers of shapes no rule knew ("build
// #54691" kept only as "#54691", an ARN, an IP:port endpoint, a 7-digit
// short SHA with no letter in it); pending tasks as "Still on my plate:
// ..." and as the answer to "Remind me, what did we say we'd do ...?"
// ("We said we'd ..."), which is neither assent nor a terse name; and a
// PR description's "Moves {P} over to {X}." (verb and target apart). The
// summarizer changed by general rules (98ed10f and the commit after it:
// idshapes.go, answers.go, cues.go, classify.go): a "#NNNN" keeps the
// noun before it unless that is a function word or a verb pointing at it
// ("see #12", "fixes #12"); IPv4 addresses with a port or prefix length,
// colon-qualified names with a lowercase scheme (arn:, urn:) and bare
// non-round numbers of 7-9 digits are identifiers; an answer that opens
// in the words of a which/what question (two of its first three words)
// answers it; "on my plate", "on our plate", "we owe" and "I owe" are
// task cues; moving, migrating, switching or porting something "over
// to" or "onto" a named thing is a choice:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out12 idshapes (seen)       100%   48/48     48/48  48/48  48/48  8/48
//	held-out11 idshapes (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out10 idshapes (seen)       99.0%  46/48     48/48  48/48  48/48  0/48
//	held-out9  idshapes (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out8  idshapes (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  idshapes (blind)      94.3%  37/48     48/48  48/48  48/48  0/48
//
// Tuning sets and held-out 100%; held-out12's decision reasons 36/46 ->
// 38/48. Left alone: held-out12 still shows 8 of 48 distractors (not
// studied). The next unseen set (held-out13) is the measure of whether
// these rules generalize.
//
// 2026-11-29: held-out13 (heldout7.go: hospital pharmacy, satellite ground
// station, semiconductor fab MES, museum archive, mobile banking,
// e-commerce search; written by someone who had not read the summarizer)
// scored once, blind, totals only, with the summarizer above (24c48e4):
//
//	held-out13 (24c48e4)             88.0%  44/48     35/48  48/48  42/48  10/48
//
// Blind first scores: 87.5%, 66.7%, 82.8%, 85.9%, 88.0% (held-out9 to 13);
// pending tasks remain what an unseen set loses most.
