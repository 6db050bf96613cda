package summarize

import (
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
)

// TestJudgeProbes judges sentences written to probe the summarizer with
// phrasings of its own team, not taken from any evaluation set: choices
// implied by action or approval, work implied by obligation, waiting,
// deadlines and promises, and the near misses that are neither. "c" is a
// sentence kept as plain context, which keeps its names in the summary
// but not under a heading.
func TestJudgeProbes(t *testing.T) {
	for _, p := range []struct {
		want string
		role conv.Role
		text string
	}{
		{"D", conv.RoleAssistant, "I've wired the checkout flow to Quillpay and removed the Stripe fallback."},
		{"D", conv.RoleUser, "Quillpay gets the nod for checkout - cheaper per transaction."},
		{"D", conv.RoleAssistant, "Checkout now talks to Quillpay; the old Stripe client is gone."},
		{"D", conv.RoleUser, "Legal approved Quillpay for the EU storefront last night."},
		{"D", conv.RoleUser, "we're all in on Quillpay for checkout"},
		{"D", conv.RoleUser, "Quillpay is the winner for checkout, it settles same day."},
		{"D", conv.RoleAssistant, "Per the RFC outcome, the ledger service is built on Quillpay."},
		{"D", conv.RoleUser, "Let's not overthink it: Quillpay for checkout."},
		{"D", conv.RoleAssistant, "Rolled checkout over to Quillpay behind the flag, 100% of traffic since noon."},
		{"D", conv.RoleUser, "My vote's Quillpay and nobody objected, so Quillpay it is."},
		{"D", conv.RoleUser, "For the record, checkout runs through Quillpay now."},
		{"D", conv.RoleUser, "finance countersigned the contract for Quillpay this morning, so refunds are sorted."},
		{"D", conv.RoleUser, "honestly Quillpay is the answer for the refund flow: it settles same day."},
		{"T", conv.RoleUser, "Before the audit someone has to rotate the Quillpay signing key."},
		{"T", conv.RoleUser, "rotate the Quillpay signing key by Thursday pls"},
		{"T", conv.RoleAssistant, "I still owe you the migration of the refund webhooks."},
		{"T", conv.RoleUser, "Waiting on finance to sign off the new refund flow."},
		{"T", conv.RoleUser, "Don't let me forget the refund webhooks migration."},
		{"T", conv.RoleAssistant, "Outstanding: migrate the refund webhooks to the new queue."},
		{"T", conv.RoleUser, "the refund webhooks still go to the old queue, that needs fixing this week"},
		{"T", conv.RoleUser, "Can you migrate the refund webhooks tomorrow?"},
		{"T", conv.RoleAssistant, "I'll migrate the refund webhooks once the queue is live."},
		{"T", conv.RoleUser, "Action: Priya to migrate the refund webhooks."},
		{"T", conv.RoleUser, "Next week's job is migrating the refund webhooks."},
		{"T", conv.RoleUser, "we never got around to migrating the refund webhooks"},
		{"T", conv.RoleUser, "Put migrating the refund webhooks on the sprint."},
		{"T", conv.RoleUser, "The refund webhooks migration is overdue."},
		{"T", conv.RoleUser, "FIXME(ops): is anyone actually going to migrate the refund webhooks?"},
		{"T", conv.RoleUser, "ACTION (Priya): migrate the refund webhooks. Not started."},
		{"D", conv.RoleUser, "Owner of the refund feed to the finance laptops: Quillpay."},
		{"D", conv.RoleUser, "After the trial week I'm approving Quillpay for the refund queue."},
		{"D", conv.RoleAssistant, "Blank cells no longer crash the parser, and refunds now run through Quillpay, which is the choice you made."},
		{"D", conv.RoleUser, "alright, you win. I'm still not thrilled, but Quillpay for refunds is fine."},
		{"T", conv.RoleUser, "is anyone able to migrate the refund webhooks?"},
		{"T", conv.RoleUser, "could whoever's covering please migrate the refund webhooks before the freeze?"},
		{"T", conv.RoleUser, "has anyone volunteered to migrate the refund webhooks?"},
		{"T", conv.RoleUser, "Shift handover. Carried over for day shift: migrate the refund webhooks."},
		{"T", conv.RoleUser, "who said they'd migrate the refund webhooks?"},
		{"T", conv.RoleAssistant, "You promised her we'd migrate the refund webhooks. She's back on the 18th to check."},
		{"D", conv.RoleAssistant, "I've gone with Quillpay for the refund queue and written the reasoning into the README."},
		{"T", conv.RoleUser, "open: migrate the refund webhooks"},
		{"T", conv.RoleUser, "Just confirming what you agreed on your side: you'll migrate the refund webhooks before the end of the month."},
		{"D", conv.RoleAssistant, "I've updated the settings so refunds now go through Quillpay and restarted the worker."},
		{"D", conv.RoleUser, "Go ahead and raise the PO for Quillpay."},
		{"D", conv.RoleUser, "Happy to approve Quillpay for the refund queue."},
		{"D", conv.RoleAssistant, "I've changed the site settings so the refund queue now uses Quillpay."},
		{"D", conv.RoleUser, "Oh, and we settled the refund queue: it's Quillpay, because it settles same day."},
		{"T", conv.RoleUser, "We're still waiting for you to migrate the refund webhooks; we can't sign off on our side until that's done."},
		{"D", conv.RoleAssistant, "I've recorded Quillpay as the choice for the refund queue in the project notes, since it settles same day."},
		{"D", conv.RoleAssistant, "Switched the refund queue to Quillpay (it settles same day)."},
		{"T", conv.RoleUser, "writing the handover now. top of his list: migrate the refund webhooks."},
		{"T", conv.RoleUser, "the first thing she'll ask is whether we managed to migrate the refund webhooks, so that has to happen this week."},
		{"T", conv.RoleAssistant, "All of it is merged except one piece: someone needs to migrate the refund webhooks."},
		{"T", conv.RoleUser, "I'm handing this over while I'm away: migrate the refund webhooks."},
		{"T", conv.RoleUser, "has anyone got round to it? we were supposed to migrate the refund webhooks"},
		{"T", conv.RoleAssistant, "I can't migrate the refund webhooks from here, so that one is still yours."},
		{"T", conv.RoleUser, "She asked us to migrate the refund webhooks before the freeze."},
		{"T", conv.RoleUser, "Back in May your team agreed to migrate the refund webhooks, and nothing since."},
		{"T", conv.RoleUser, "nobody's been able to migrate the refund webhooks yet and we really need that done."},
		{"D", conv.RoleUser, "We agreed to use Quillpay for the refunds."},
		{"-", conv.RoleUser, "Good news, Priya managed to migrate the refund webhooks, so that one's off the list."},
		{"-", conv.RoleUser, "We trialled Quillpay for checkout but dropped it after two weeks."},
		{"-", conv.RoleUser, "What if we used Quillpay for checkout?"},
		{"-", conv.RoleUser, "The marketing team picked Quillpay for their landing pages."},
		{"-", conv.RoleAssistant, "Migrated the refund webhooks yesterday; all green."},
		{"-", conv.RoleUser, "Quillpay was considered and rejected for checkout."},
		{"-", conv.RoleUser, "Is Quillpay any good for checkout?"},
		{"c", conv.RoleAssistant, "The docs show Quillpay as an example provider."},
		{"-", conv.RoleUser, "Quillpay might be worth a look someday."},
		{"-", conv.RoleAssistant, "Refund webhooks migration: done and verified."},
	} {
		s := sentence{text: p.text, lower: strings.ToLower(p.text), role: p.role}
		if strings.Contains(p.text, "Quillpay") {
			s.rare = "Quillpay"
		}
		sec, _, _, ok := judge(&s)
		got := "-"
		switch {
		case ok && sec == SecDecisions:
			got = "D"
		case ok && sec == SecTasks:
			got = "T"
		case ok:
			got = "c"
		}
		if got != p.want {
			t.Errorf("judge(%q) = %s (%s), want %s", p.text, got, sec, p.want)
		}
	}
}

// TestIdentifierProbes finds identifiers in lines of the kinds tools and
// people write, again in shapes of the team's own choosing.
func TestPathProbes(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"In ~/Library/Application Support/FieldClaims/photos.sqlite. A cron job", "~/Library/Application Support/FieldClaims/photos.sqlite"},
		{"git add a/b.go c/d.go", "c/d.go"},
		{"see docs/guide and then notes/readme.md", "notes/readme.md"},
		{"Output goes to /Users/mb/Documents/Pass Notes/eclipse season.md; the tablets read it.", "/Users/mb/Documents/Pass Notes/eclipse season.md"},
		{"the real copy is D:\\Office\\Property\\Inventory 2026.xlsx, the other is old", "D:\\Office\\Property\\Inventory 2026.xlsx"},
		{"Mirror target: ~/tour/rig plans/big top v9.dwg", "~/tour/rig plans/big top v9.dwg"},
		{"cannot open ~/plasma runs/handover notes.txt: no such file", "~/plasma runs/handover notes.txt"},
		{"look in /tmp/build and notes.txt", "notes.txt"},
		{"cd /var/log and/or check it", "/var/log"},
	} {
		if got := lastEntity(tc.line, EntPath); got != tc.want {
			t.Errorf("findEntities(%q) last path = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestIdentifierProbes(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"Ticket QP-4821 was reopened by the customer.", "QP-4821"},
		{"see PR 4412 for details", "PR 4412"},
		{"build 2026.11.30-rc2 failed on arm64", "build 2026.11.30-rc2"},
		{"Regression test for SKU 25357-IVR-XS: this input", "SKU 25357-IVR-XS"},
		{"commit 3f9c2e1d fixed it", "3f9c2e1d"},
		{"invoice INV/2026/00931 is overdue", "INV/2026/00931"},
		{"MRN 00482913 admitted", "MRN 00482913"},
		{"someone called about IMO 9305776 again", "IMO 9305776"},
		{"case no. 2:23-cv-01142-JLR", "no. 2:23-cv-01142-JLR"},
		{"ref No. 25-517 on hold", "No. 25-517"},
		{"about LOT KD55127 again", "LOT KD55127"},
		{"the one that bounced was S/N EH692708, can you see why", "S/N EH692708"},
		{"the one to chase is NH 2845 6927, not the one before it", "NH 2845 6927"},
		{"TX0158500-B;night shift;2026-06-02", "TX0158500-B"},
		{"The log mentions DRUM 25/313 exactly once", "DRUM 25/313"},
		{"Subject: query about CCD SN 63746", "CCD SN 63746"},
		{"I've added MRN 857-08-381 to the fixtures", "MRN 857-08-381"},
		{"pushed 1 record (JOB# 207265) to the portal", "JOB# 207265"},
		{"pushed Exhibit 44-K to the portal", "Exhibit 44-K"},
		{"chip FA424153,shelf 14,ceri,awaiting recheck", "chip FA424153"},
		{"Special case for W9208 26 856768: it predates the format", "W9208 26 856768"},
		{"Known bad case: plc@0a9d4aad, keep it in the fixtures.", "plc@0a9d4aad"},
		{"mail ops@example.com about it", ""},
		{"INC-4412 took 45 minutes", "INC-4412"},
		{"Only Cast 1528/F fails the check.", "Cast 1528/F"},
		{"CM-L2-24254,review,raised by the overnight shift", "CM-L2-24254"},
		{"the last time anyone touched Plot B-04-077 was on the 3rd", "Plot B-04-077"},
		{"comes down to a single record, Paddle 8204; every other row lines up", "Paddle 8204"},
		{"error code E1042 on unit 7", "E1042"},
		{"job_id=9f2c81ab status=failed", "9f2c81ab"},
		{"user 48213 reported it", "user 48213"},
		{"release v3.14.0-beta.2", "v3.14.0-beta.2"},
		{"flight BA2490 delayed", "BA2490"},
		{"amount 1,250.00 EUR", ""},
		{"the query took 0.40s", ""},
		{"ERROR import: rejected ESN 836-284: duplicate key", "ESN 836-284"},
		{"customer cus_NffrFeUfNV2Hib churned", "cus_NffrFeUfNV2Hib"},
		{"room 4.12 booked", ""},
	} {
		if got := lastEntity(tc.line, EntID); got != tc.want {
			t.Errorf("findEntities(%q) id = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// lastEntity is the last entity of kind that findEntities finds in line,
// or "".
func lastEntity(line string, kind EntityKind) string {
	got := ""
	for _, e := range findEntities(line, nil) {
		if e.kind == kind {
			got = e.text
		}
	}
	return got
}
