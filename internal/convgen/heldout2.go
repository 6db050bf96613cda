package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut7 returns n facts of each kind from the seventh held-out set
// ("v5" in issue #4's brief): a data-engineering and ML-training team,
// decisions and tasks also planted in tool results, code comments,
// checklists and across two turns, with distractors (rejected and
// hypothetical options, finished tasks). It is scored only at milestones.
func HeldOut7(seed uint64, n int) []Fact { return heldOut7.facts(seed, n) }

// HeldOut8 returns n facts of each kind from the eighth held-out set ("v6"
// in issue #4's brief): a mobile-app team with SRE and legal/ops
// colleagues, built like HeldOut7 but with its own phrasings. It is kept
// blind: scored once before the summarizer changed and once at the end.
func HeldOut8(seed uint64, n int) []Fact { return heldOut8.facts(seed, n) }

// heldOut7: see HeldOut7 and the blind scores in history.go.
var heldOut7 = factSet{
	decisionTpl: []template{
		{"We're going with {X} for {P} - {R}.", SpeakerUser},
		{"Let's standardize on {X} for {P} across every pipeline, since {R}.", SpeakerUser},
		{"Going forward, {P} is to be built on {X}, as {R}.", SpeakerAssistant},
		{"Quick one on {P}: keep the homegrown thing or move? || Move it to {X}; {R}.", SpeakerTwoTurns},
		{"Status: accepted\nContext: {P}\nOutcome: {X} ({R})", SpeakerTool},
		{"{P}: {X} per the data platform review ({R}).\nDo not swap it without a new review.", SpeakerCode},
	},
	choices: []string{"Flink", "Delta Lake", "Great Expectations", "Feast", "MLflow", "DeepSpeed", "Kubeflow",
		"Airbyte", "Debezium", "Polars", "Hudi", "SageMaker"},
	purposes: []string{"the streaming joins", "the bronze tables", "data quality checks", "the feature store",
		"experiment tracking", "multi-node fine-tuning", "training pipelines", "SaaS ingestion", "change data capture",
		"the local transforms", "the upsert-heavy tables", "model hosting"},
	reasons: []string{"exactly-once sinks matter for billing", "time travel saved us twice already",
		"analysts can read the expectations", "online and offline features stay consistent",
		"the registry plugs into our CI", "ZeRO-3 fits the 70B model on our nodes", "the connectors are maintained upstream",
		"it was four times faster on the benchmark"},
	taskTpl: []template{
		{"We still need to {X} before the cutover.", SpeakerUser},
		{"Follow-up: {X}.", SpeakerAssistant},
		{"I'm blocked on the platform team's quota bump, so {X} will have to wait.", SpeakerAssistant},
		{"Where we are:\n- [x] schema reviewed\n- [ ] {X}\n- [x] dashboards migrated", SpeakerUser},
		{"I'll take care of the part where we {X} once the current run finishes.", SpeakerAssistant},
		{"TODO(data-eng): {X}", SpeakerCode},
	},
	tasks: []string{"backfill the clickstream table from January", "re-run the eval harness on the 13B checkpoint",
		"set a retention policy on the raw bucket", "shard the tokenized dataset by language",
		"add freshness alerts to the orders DAG", "pin the CUDA base image for the trainers",
		"drop the duplicated customer_dim rows", "export the learning-rate sweep to the team wiki",
		"move the PII columns behind column masking", "rebuild the vocab with the new special tokens"},
	pathTpl: []template{
		{"The raw drop lands in {X}.", SpeakerUser},
		{"Checkpoints are written to {X}.", SpeakerAssistant},
		{"Sweep config: {X}", SpeakerUser},
	},
	paths: []string{"s3://acme-lake/raw/clickstream/", "gs://ml-ckpt/llama-ft/step_12000/", "dags/ingest_orders.py",
		"configs/train/lr_sweep.yaml", "/mnt/nvme/datasets/tokenized/en", "feature_repo/feature_store.yaml",
		"dbt/models/marts/fct_orders.sql", "notebooks/churn_eda.ipynb", "/opt/airflow/logs/scheduler/latest",
		"training/recipes/sft_13b.toml"},
	idTpl: []template{
		{"The MLflow run to compare against is {X}.", SpeakerAssistant},
		{"Data ticket {X} has the details.", SpeakerUser},
		{"The broken DAG run id was {X}.", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("%016x%016x", r.Uint64()|1<<60, r.Uint64())
		case 1:
			return fmt.Sprintf("DATA-%d", 100+r.IntN(9900))
		}
		return fmt.Sprintf("scheduled__2026-%02d-%02dT%02d:00:00+00:00", 1+r.IntN(12), 1+r.IntN(28), r.IntN(24))
	},
	distractorTpl: []template{
		{"We benchmarked {X} for {P} as well but dropped it; too much ops burden.", SpeakerAssistant},
		{"We could maybe try {X} at some point, nothing decided though.", SpeakerUser},
		{"Done: {T}.", SpeakerAssistant},
		{"\n- [x] {T}", SpeakerUser},
	},
	rejected: []string{"Spark Streaming", "Hive Metastore", "Deequ", "Tecton", "Comet ML", "Horovod", "Metaflow",
		"Fivetran"},
	done: []string{"rename the staging schema", "upgrade the Airflow providers", "delete the old parquet snapshots",
		"tag the baseline checkpoint", "split the orders DAG", "document the lineage graph"},
}

// heldOut8: see HeldOut8 and the blind scores in history.go.
var heldOut8 = factSet{
	decisionTpl: []template{
		{"Final call: {X} for {P}. {R}.", SpeakerUser},
		{"We ruled out the in-house option in favour of {X} for {P}; {R}.", SpeakerUser},
		{"After two weeks of back and forth we settled on {X} as {P}, {R}.", SpeakerAssistant},
		{"{P} is being moved to {X} as of this sprint; {R}.", SpeakerAssistant},
		{"Did anyone object to {X} for {P}? || No objections, so that is what we are doing. {R}.", SpeakerTwoTurns},
		{"From: ops-lead\nSubject: {P}\nWe'll run {X} for {P} starting Monday. {R}.", SpeakerTool},
	},
	choices: []string{"React Native", "Fastlane", "RevenueCat", "Bitrise", "PagerDuty", "Karpenter", "Linkerd",
		"Velero", "Thanos", "DocuSign", "Ironclad", "Backstage"},
	purposes: []string{"the new mobile client", "store releases", "in-app subscriptions", "mobile CI", "paging",
		"node autoscaling", "the mesh", "cluster backups", "long-term metrics", "contract signatures",
		"contract lifecycle management", "the developer portal"},
	reasons: []string{"one codebase for iOS and Android halves the work", "it signs and uploads builds without a Mac mini",
		"receipt validation is handled for us", "macOS runners are included", "escalation policies already live there",
		"it bin-packs spot nodes well", "mTLS comes with no config", "legal requires seven years of retention"},
	taskTpl: []template{
		{"Next up: {X}.", SpeakerAssistant},
		{"Getting to {X} is blocked on the vendor's reply.", SpeakerUser},
		{"I'll take care of {X} tomorrow morning.", SpeakerUser},
		{"Launch checklist\n- [ ] {X}\n- [x] store screenshots uploaded", SpeakerUser},
		{"Still to do before the store submission: {X}.", SpeakerAssistant},
		{"OPEN  {X}  (assignee: none, due Friday)", SpeakerTool},
	},
	tasks: []string{"renew the Apple push certificate", "add the privacy nutrition labels",
		"page the secondary on-call for sev2 alerts", "countersign the DPA with the analytics vendor",
		"raise the Android target SDK to 35", "restore-test last night's cluster backup",
		"rotate the Play Console service account key", "write the data deletion flow for the app",
		"move the status page off the old cluster", "get legal to review the new EULA"},
	pathTpl: []template{
		{"The entitlements are in {X}.", SpeakerUser},
		{"I changed {X} for the new bundle id.", SpeakerAssistant},
		{"Signed copy is filed at {X}.", SpeakerUser},
	},
	paths: []string{"ios/Runner/Runner.entitlements", "android/app/src/main/AndroidManifest.xml", "fastlane/Fastfile",
		"k8s/prod/karpenter/nodepool.yaml", "legal/dpa/2026/analytics-dpa-signed.pdf", "/etc/pagerduty/escalation.json",
		"runbooks/sev1-mobile-outage.md", "app/src/screens/Checkout/PaymentSheet.tsx", `C:\Legal\Contracts\MSA_v3.docx`,
		"terraform/modules/eks/velero.tf"},
	idTpl: []template{
		{"The crash group is {X}.", SpeakerAssistant},
		{"Legal matter {X} covers this.", SpeakerUser},
		{"PagerDuty incident {X} woke me up.", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("MOB-%d", 1000+r.IntN(9000))
		case 1:
			return fmt.Sprintf("LGL-2026-%03d", r.IntN(1000))
		}
		const up = "ABCDEFGHJKLMNPQRSTUVWXYZ"
		return fmt.Sprintf("P%c%d%c%d%c%d", up[r.IntN(len(up))], r.IntN(10), up[r.IntN(len(up))], r.IntN(10), up[r.IntN(len(up))], 10+r.IntN(90))
	},
	distractorTpl: []template{
		{"Someone floated {X} for {P}, but we said no: {R} matters more.", SpeakerUser},
		{"In theory we might move to {X} next year, if budget allows.", SpeakerAssistant},
		{"Finished: {T}.", SpeakerAssistant},
		{"\n- [x] {T}", SpeakerUser},
	},
	rejected: []string{"Flutter", "Codemagic", "Opsgenie", "Cluster Autoscaler", "Consul Connect", "Kasten",
		"Cortex", "Adobe Sign"},
	done: []string{"upload the new app icons", "close the sev3 from Tuesday", "archive the 2024 NDAs",
		"bump the React Native version", "delete the unused staging node group", "send the SOC 2 evidence"},
}
