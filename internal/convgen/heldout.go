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
