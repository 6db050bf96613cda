package summarize

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

// TestNoteStructures reads notes of the shapes tools print and people
// paste (retros, tables, tracker records, mails, logs, diffs, ADRs,
// checklists, incident timelines, config, standups, quoted replies, review
// comments, alternatives considered, postmortems, changelogs, CSV, chat
// exports, minutes' action items), written by the team to probe the
// summarizer, and checks that each planted fact becomes a candidate of
// its kind, whether a tool read the note or the user pasted it.
func TestNoteStructures(t *testing.T) {
	docs := []struct {
		doc  string
		keys map[string]string // key -> want section (D, T, P, I)
	}{
		{"## Retro 2026-11-20\nWent well: deploys\nAction items:\n1. Lena: migrate the billing crons to Temporal\n2. Omar: delete the stale feature flags\nDecided: keep Grafana Cloud for dashboards (cost).",
			map[string]string{"migrate the billing crons to Temporal": "T", "delete the stale feature flags": "T", "Grafana Cloud": "D"}},
		{"| Item | Owner | Status |\n|---|---|---|\n| rotate the vault root token | ana | todo |\n| upgrade the ingress controller | ben | done |",
			map[string]string{"rotate the vault root token": "T"}},
		{"status: open\ntitle: backfill the missing ledger rows for October\nassignee: kim\ndue: 2026-12-04",
			map[string]string{"backfill the missing ledger rows for October": "T"}},
		{"From: ops@corp\nSubject: cutover\n\nHi all, we're switching the CDN to Bunnyway on Monday because the egress bill halved in the trial.\nPlease update the DNS TTLs before then.\n\nThanks",
			map[string]string{"Bunnyway": "D", "update the DNS TTLs": "T"}},
		{"$ kubectl logs deploy/ingest\n2026-11-30T10:00:01Z ERROR failed to read /data/inbox/batch-7781.json: EOF\n2026-11-30T10:00:02Z INFO retrying",
			map[string]string{"/data/inbox/batch-7781.json": "P"}},
		{"diff --git a/svc/pay.go b/svc/pay.go\n+// TODO: remove the legacy retry loop once Qpay is live\n+func Pay() {}",
			map[string]string{"remove the legacy retry loop once Qpay is live": "T"}},
		{"PURCHASE REQUISITION - APPROVED\nItem: Quorvia Taps\nFor: the pressure taps on the wing model\nJustification: the old detector missed cracks\nApprover: D. Achterberg",
			map[string]string{"Quorvia Taps": "D"}},
		{"PURCHASE ORDER 4471-B\nVendor: Quorvia Dose\nLine 1: annual subscription, for the washer dosing\nApproved by: M. Okafor\nJustification on file: the only one that fits the furnace.",
			map[string]string{"Quorvia Dose": "D"}},
		{"ADR-014: Event bus\nStatus: Accepted\nDecision: NATS JetStream for the event bus\nConsequences: we run three nodes",
			map[string]string{"NATS JetStream": "D"}},
		{"- [ ] wire up the Zeltra webhook signature check\n- [x] ship the invoice PDF fix",
			map[string]string{"wire up the Zeltra webhook signature check": "T"}},
		{"Incident INC-88123 timeline\n09:02 alert fired on checkout latency\n09:20 root cause: connection pool exhausted on db-replica-3\n09:45 mitigated",
			map[string]string{"INC-88123": "I"}},
		{"config:\n  export_path: /srv/exports/nightly/\n  bucket: s3://acme-archive-eu/ledger/",
			map[string]string{"/srv/exports/nightly/": "P", "s3://acme-archive-eu/ledger/": "P"}},
		{"Standup - Tue\nYesterday: finished the refund report\nToday: port the settlement job to Go\nBlockers: waiting on creds for the Vexa sandbox",
			map[string]string{"port the settlement job to Go": "T", "waiting on creds for the Vexa sandbox": "T"}},
		{"> On Mon, Dana wrote:\n> can we use Kestrel for the rate limiter?\n\nYes, Kestrel it is - it already ships with our base image.",
			map[string]string{"Kestrel": "D"}},
		{"PR #771 review\nnit: rename foo to bar\nblocking: add a migration for the orders_v2 table before merge\nLGTM otherwise",
			map[string]string{"add a migration for the orders_v2 table": "T"}},
		{"## Alternatives considered\n- Kafka: too heavy to run\n- Pulsar: no in-house experience\n## Decision\nWe go with Redpanda because it is Kafka-compatible and single-binary.",
			map[string]string{"Redpanda": "D"}},
		{"Postmortem 2026-11-02\nAction items\n| # | Action | Owner | Due |\n|---|---|---|---|\n| 1 | add an alert on replica lag | sre | 2026-11-15 |",
			map[string]string{"add an alert on replica lag": "T"}},
		{"CHANGELOG\n## 2.4.0\n### Changed\n- Payments now go through Stripe Connect instead of the in-house ledger.",
			map[string]string{"Stripe Connect": "D"}},
		{"id,name,status\n4471,retire the legacy SOAP endpoint,open\n4472,rotate the SFTP keys,closed",
			map[string]string{"retire the legacy SOAP endpoint": "T"}},
		{"#ops (export)\n[14:02] kai: prod db is on pg 16 now, we picked Crunchy Bridge for it\n[14:03] lu: :thumbsup:",
			map[string]string{"Crunchy Bridge": "D"}},
		{"AI: Mo to renew the wildcard cert before the 14th\nAI: Jo to write the rollback doc",
			map[string]string{"renew the wildcard cert": "T", "write the rollback doc": "T"}},
	}
	for _, via := range []string{"tool", "user"} {
		for _, d := range docs {
			var msgs []conv.Message
			if via == "tool" {
				msgs = []conv.Message{
					{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolID: "c1", ToolName: "Read", Input: []byte(`{"file_path": "notes.md"}`)}}},
					{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "c1", Text: d.doc}}},
				}
			} else {
				msgs = []conv.Message{conv.NewText(conv.RoleUser, "Here is what I have:\n"+d.doc)}
			}
			x := newExtractor()
			x.addMessages(msgs)
			pool := append(x.cands, x.entityCandidates()...)
			sort.SliceStable(pool, func(i, j int) bool { return pool[i].score > pool[j].score })
			for key, want := range d.keys {
				found := ""
				for _, c := range pool {
					if strings.Contains(c.text, key) {
						found = fmt.Sprintf("%s %.1f", c.section, c.score)
						break
					}
				}
				ok := found != "" && (want == "D" && strings.HasPrefix(found, SecDecisions) || want == "T" && strings.HasPrefix(found, SecTasks) ||
					(want == "P" || want == "I") && strings.HasPrefix(found, SecContext) || found != "" && (want == "P" || want == "I"))
				if !ok {
					t.Errorf("%s: %q (want %s) -> %q", via, key, want, found)
				}
			}
		}
	}
}

// TestGitLogBodyIsRead: the indented body of a commit in git log output is
// prose, and the work it says is left is a task.
func TestGitLogBodyIsRead(t *testing.T) {
	log := "commit 4e1c9a2\nAuthor: Ana Ruiz\n\n    billing: stop double-charging retries\n\n    Still need to backfill the refunds for the October batch\n    before this ships to the other regions.\n"
	x := newExtractor()
	x.addMessages([]conv.Message{
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolName: "bash", ToolID: "t1", Input: []byte(`{"command":"git log -1"}`)}}},
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "t1", Text: log}}},
	})
	for _, c := range x.cands {
		if c.section == SecTasks && strings.Contains(c.text, "backfill the refunds for the October batch") {
			return
		}
	}
	t.Errorf("no task for the commit body; candidates %+v", x.cands)
}

// TestOneWordHeadingInNote: a one-word heading ("Actions") in a note a
// tool read still says what the list under it is.
func TestOneWordHeadingInNote(t *testing.T) {
	note := "Minutes, Tuesday\n\nActions\n- AR to publish the draft rota to the staff portal (carried over)\n- TL: no actions\n"
	x := newExtractor()
	x.addMessages([]conv.Message{
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolName: "read", ToolID: "t1", Input: []byte(`{"path":"minutes.md"}`)}}},
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "t1", Text: note}}},
	})
	for _, c := range x.cands {
		if c.section == SecTasks && strings.Contains(c.text, "publish the draft rota") {
			return
		}
	}
	t.Errorf("no task for the action under a one-word heading; candidates %+v", x.cands)
}

// TestJSONRecords: one-line JSON objects a tool prints are records: a task
// with an open status is pending work, an accepted decision is a choice.
func TestJSONRecords(t *testing.T) {
	out := `{"task": "order the hammer felts for the Bechstein", "status": "blocked", "owner": null, "due": "2026-06-12"}
{"record": "DR-0031", "scope": "the dosing records", "decision": "Quorvia Ledger", "status": "accepted", "rationale": "the regulator accepts its exports"}
{"task": "renew the site certificate", "status": "done"}`
	x := newExtractor()
	x.addMessages([]conv.Message{
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolName: "bash", ToolID: "t1", Input: []byte(`{"command":"jq -c . items.json"}`)}}},
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "t1", Text: out}}},
	})
	found := map[string]string{}
	for _, c := range x.cands {
		for _, k := range []string{"order the hammer felts", "Quorvia Ledger", "renew the site certificate"} {
			if strings.Contains(c.text, k) {
				found[k] = c.section
			}
		}
	}
	if found["order the hammer felts"] != SecTasks || found["Quorvia Ledger"] != SecDecisions || found["renew the site certificate"] == SecTasks {
		t.Errorf("sections = %v; want the blocked task pending, the decision chosen, the done task not pending", found)
	}
}

// TestReviewCommentAsksForWork: a review comment that asks, after a
// lead-in, for something to be done before merging is pending work.
func TestReviewCommentAsksForWork(t *testing.T) {
	note := "Review by mkoval, changes requested\n\n> schedule/export.py, line 88\nBefore this can merge, please order replacement felts for the Bechstein. Otherwise the rows stay visible.\n"
	x := newExtractor()
	x.addMessages([]conv.Message{
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolName: "gh", ToolID: "t1", Input: []byte(`{"pr":"12"}`)}}},
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "t1", Text: note}}},
	})
	for _, c := range x.cands {
		if c.section == SecTasks && strings.Contains(c.text, "order replacement felts") {
			return
		}
	}
	t.Errorf("no task for the review's request; candidates %+v", x.cands)
}

func TestSetsPath(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"output_dir = /srv/pianoworks/orders/quotes.ods", true},
		{"  source: s3://bucket/key", true},
		{"15 2 * * * /usr/local/bin/sync-run --source C:\\data\\x.csv", true},
		{"EXPORT_URL=https://files.example/x.zip", true},
		{`export_to = "Z:\\Campaign 2026\\Haulage\\tare.pdf"`, true},
		{"drwxr-xr-x  2 root root 4096 Nov  3 10:00 logs", false},
		{"at com.example.Foo.bar(Foo.java:42)", false},
		{"retain_days = 30", false},
	} {
		if got := setsPath(tt.line); got != tt.want {
			t.Errorf("setsPath(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestWhatsAppExport: a chat export with dates, times and capitalized
// sender names reads as what was said.
func TestWhatsAppExport(t *testing.T) {
	chat := "14/03/2026, 18:22 - Sofie: which one for the isotope runs then?\n14/03/2026, 18:31 - Bram: Quorvia Flux. the insurers ask for an unbroken record\n14/03/2026, 18:31 - Sofie: ok, ordering Monday\n"
	x := newExtractor()
	x.addMessages([]conv.Message{
		{Role: conv.RoleAssistant, Parts: []conv.Part{{Kind: conv.PartToolCall, ToolName: "read", ToolID: "t1", Input: []byte(`{"path":"chat.txt"}`)}}},
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolID: "t1", Text: chat}}},
	})
	for _, s := range x.sents {
		if strings.HasPrefix(s.text, "Bram") || strings.HasPrefix(s.text, "14/03") {
			t.Errorf("sentence %q keeps its stamp or sender", s.text)
		}
	}
}
