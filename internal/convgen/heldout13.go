package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut19 returns n facts of each kind (and n distractors) from the
// nineteenth held-out set. It is blind: its templates and values were
// written without reading the summarizer or its history, only the fact
// format in facts.go and the planting code in convgen.go, so its score is a
// measure of generalization rather than of tuning.
//
// Its domains are a commercial airline's aircraft maintenance records (MRO
// systems, work cards, deferred defects, engine serials), a city's
// public-transit fare payments (tap cards, validators, fare capping,
// acquirer settlement), a university's research grants office (awards,
// subawards, effort certification), a home-insurance claims adjuster's field
// app (roof measurements, estimates, reinspections), an online marketplace
// for used musical instruments (listings, payouts, instrument serials) and a
// zoo's veterinary hospital (anesthesia records, bloodwork, microchips).
//
// Decisions are mostly implied rather than announced: a casual approval in
// chat, a purchase order that was signed, a bake-off that was won, meeting
// minutes and an ADR, a Slack export, a code comment explaining why a
// provider is the only supported path, a question answered in the next
// turn. Pending tasks come as obligations, promises, nudging emails,
// deadlines from a contract, standup notes, unchecked items in an exported
// list, FIXMEs that wait on the work, and "did you get a chance to" questions.
// Paths take many shapes (absolute Unix paths, repo-relative files, S3 and
// GCS URIs, a Windows drive path, a UNC share, a macOS home path, a dotted
// relative script) and sit in runbooks, tickets and asides; identifiers
// (work cards, tail numbers, deferrals, engine serials, validator and
// clearing-batch ids, NIH and proposal numbers, claim and policy numbers,
// order and listing ids, guitar serials, microchips, lab accessions,
// commit hashes) are quoted in emails, log lines, tests and requests.
// Distractors are vendors that were trialled and dropped or vetoed, an
// option that would have been nice with more budget, another operator's
// choice, an open question, a quickstart example, and tasks already done.
func HeldOut19(seed uint64, n int) []Fact { return heldOut19.facts(seed, n) }

var heldOut19 = factSet{
	decisionTpl: []template{
		{"ok I talked it through with Dev and we're going with {X} for {P}, mainly because {R}. let's not drag the comparison out another week.", SpeakerUser},
		{"Since you signed off on {X} this morning, I've routed {P} through it and deleted the old adapter. What tipped it, per your notes, is that {R}.", SpeakerAssistant},
		{"Minutes, platform sync (Tue)\nAttendees: R. Okafor, J. Lindqvist, M. Teo\n\n1. Tooling for {P}: group agreed on {X}. Jarrah pointed out that {R}. No objections recorded.\n2. Holiday change freeze: dates unchanged.\n3. AOB: visitor parking validation is broken again.", SpeakerTool},
		{"Everything for {P} goes through {X} (picked over the alternatives because {R}).\nDo not add a second provider here without talking to the platform team first.", SpeakerCode},
		{"so what did we land on for {P}? I missed Thursday's call" + TurnSep + "{X}. The other demo was slicker, honestly, but what settled it is that {R}.", SpeakerTwoTurns},
		{"Heads up, procurement countersigned the PO for {X} yesterday afternoon, so everything for {P} lives there from now on. The short version of why: {R}.", SpeakerUser},
		{"Going forward I'll build {P} on {X} instead of patching the homegrown version again: {R}, and you said that's what matters most here.", SpeakerAssistant},
		{"[09:14] mkaur: can we please stop relitigating what we use for {P}\n[09:15] tbrooks: fine by me, {X} then?\n[09:15] mkaur: yes. {X}. because {R}\n[09:16] tbrooks: 👍 I'll write it up for the wiki", SpeakerTool},
		{"You can close the pilot ticket, {X} won the bake-off for {P}. Full scoring is in the doc but the gist is {R}.", SpeakerUser},
		{"Why {X}: we need it for {P} because {R}.\nIf that stops being true, revisit. Until then this is the only supported path.", SpeakerCode},
		{"can you double-check we're standardizing on {X} for {P} before I reply to the vendor?" + TurnSep + "Yes, that's right: {X} for {P}. I went back over the thread and the argument nobody disputed was that {R}.", SpeakerTwoTurns},
		{"ADR 0019: tooling for {P}\nStatus: Accepted\nContext: the current setup is held together with spreadsheets and one person's memory.\nDecision: adopt {X}.\nRationale: {R}.\nFollow-up: training slots for the two new hires.", SpeakerTool},
	},
	choices: []string{"Swiss-AS AMOS", "IFS Maintenix", "TRAX eMobility", "Littlepay", "Masabi Justride", "Cubic Umo",
		"Kuali Research", "Cayuse SP", "InfoEd eRA", "EagleView Assess", "Symbility Mobile Claims", "Hyperwallet",
		"Shippo", "Species360 ZIMS", "IDEXX VetConnect PLUS", "account-based ticketing", "store-and-forward tap batching"},
	purposes: []string{"the work card sign-off flow", "deferred defect tracking", "engine borescope photo storage",
		"fare capping", "tap deduplication on the validators", "refunds for double-charged riders",
		"the subaward invoicing portal", "effort certification", "budget justification drafts",
		"roof damage measurements", "contents inventories at the loss site", "seller payouts",
		"shipping labels for hard cases", "the appraisal queue for vintage guitars", "anesthesia records",
		"the quarantine bloodwork feed"},
	reasons: []string{"the Part 145 auditors already accept its e-signature trail",
		"mechanics on the night shift can use it wearing nitrile gloves",
		"the validators on the older buses only get 2G backhaul",
		"it settles everything with the acquirer in one nightly clearing batch",
		"it is already certified against the EMV contactless kernel",
		"NIH wants the financial report to match the Payment Management System",
		"the sponsored programs staff refuse to learn yet another login",
		"PIs can approve rebudgeting requests from their phones",
		"adjusters have no signal in most flooded basements",
		"carriers accept its roof pitch reports without a reinspection",
		"it pays sellers in Canada and the EU without extra tax forms",
		"its declared-value insurance is cheaper for anything over five thousand dollars",
		"the keepers already use it for their daily weight logs",
		"it speaks HL7 to the in-house chemistry analyzer",
		"its controlled-drug log is the format the DEA inspector requested",
		"the license is covered by the university's existing site agreement"},
	taskTpl: []template{
		{"Before I forget: the auditors land Monday and we still haven't managed to {X}. can you keep that on your radar?", SpeakerUser},
		{"Still outstanding on my side: {X}. I'll pick it up as soon as the pipeline is green again.", SpeakerAssistant},
		{"Open action items (exported Thu 17:02)\n[ ] {X} (owner: Sam, due Fri)\n[x] circulate the agenda (owner: Lee)\n[x] book the big meeting room (owner: Lee)", SpeakerTool},
		{"TODO(rkim): {X}. Blocked on the vendor sandbox; keep the feature flag off until that's done.", SpeakerCode},
		{"is anything left over from last week's list?" + TurnSep + "One thing: someone has to {X}. Nobody has picked it up, so I'll take it once this PR is merged.", SpeakerTwoTurns},
		{"my manager just pinged me, apparently I promised to {X} by end of day tomorrow 😬 so let's wrap this refactor up soon", SpeakerUser},
		{"From: Lorna Vasquez\nTo: dev-team\nSubject: still waiting on this\n\nHi all, gentle nudge: could somebody please {X}? It has been sitting for two weeks and I get asked about it in every standup.\n\nThanks,\nLorna", SpeakerTool},
		{"I couldn't {X} from this sandbox, it needs the production credentials only you have, so that one stays on your plate.", SpeakerAssistant},
		{"Put this on the list for after lunch: {X}. Nothing else is urgent today.", SpeakerUser},
		{"FIXME: remove this shim once we {X}.\nThe deadline for that is the end of the month; it's on the sprint board.", SpeakerCode},
		{"Standup 11/18\n- Ana: finished the label printer fix\n- Kofi: on call, nothing new\n- Wen: still needs to {X}, waiting for the vendor to send test data", SpeakerTool},
		{"Did you get a chance to {X}?" + TurnSep + "Not yet, sorry, it's still pending. I'll do it right after the migration; it shouldn't take long.", SpeakerTwoTurns},
		{"Per clause 7.2 we have ten business days to {X}, and the clock started on the 3rd, so that can't slip.", SpeakerAssistant},
	},
	tasks: []string{"re-sequence the C-check work cards for tail N872AX", "close out the MEL deferral on the left pack valve",
		"upload the borescope images for engine 896-431", "reconcile the October tap logs against the acquirer settlement file",
		"push validator firmware 4.2.1 to the Eastgate depot", "refund the riders who were double-charged on route 40",
		"submit the no-cost extension request for the Hollis lab grant", "chase the signed subaward agreement from Tulane",
		"certify effort for the summer salary lines", "attach the contractor's revised estimate to the Whitfield water claim",
		"schedule a reinspection for the hail claim on Larch Street", "release the payout hold on the 1962 Stratocaster seller",
		"re-grade the condition photos on the Martin D-28 listing", "reweigh the red panda before Thursday's dental",
		"renew the DEA registration for the pharmacy safe in the vet hospital", "send the new okapi's quarantine bloodwork to the reference lab"},
	pathTpl: []template{
		{"fwiw the thing you're after is {X}, not the copy in the old repo, that one's stale.", SpeakerUser},
		{"Found it: the value is read from {X}, so I changed it there and left the defaults alone.", SpeakerAssistant},
		{"Runbook: after a failed overnight sync\n1. Pause the sync worker.\n2. Check that {X} exists and is not empty.\n3. Resume the worker and watch the logs for ten minutes.", SpeakerTool},
		{"Reads its settings from {X} at startup; keep both in sync if you ever move either.", SpeakerCode},
		{"where do the exported files end up?" + TurnSep + "In {X}. A cron job rotates them weekly, so anything older than a month is gone.", SpeakerTwoTurns},
		{"if you need the sample data I dropped it in {X} last night", SpeakerUser},
		{"Heads-up: I had to touch {X} as well, because the loader hard-codes that location.", SpeakerAssistant},
		{"Support ticket (priority: normal)\nReporter: field ops\nDescription: app crashes on launch after the update. The crash log points at {X}.\nSteps: open the app, tap Sync, wait.", SpeakerTool},
		{"NOTE: never edit {X} by hand.\nIt is regenerated on every deploy and local changes get overwritten.", SpeakerCode},
	},
	paths: []string{"/var/lib/validators/taplog/2026-11/depot-7.ndjson", "mro/workcards/templates/A320_ATA32_landing_gear.yaml",
		"s3://osp-award-archive/closeout/FY26/", `C:\AdjusterSync\claims\outbox\pending.db`,
		"~/Library/Application Support/FieldClaims/photos.sqlite", "zoo-vet/anesthesia/protocols/felidae_ketamine.md",
		`\\fileserv02\grants\subawards\FY26`, "adjuster-app/android/app/src/main/assets/peril_codes.json",
		"/etc/fare-engine/capping-rules.d/50-weekly-cap.toml", "marketplace/web/src/components/ConditionGrader.vue",
		"db/migrations/20261104_add_serial_to_listings.sql", "gs://zoo-lab-results/hl7/inbound/",
		"./scripts/import_trax_export.py", "/mnt/mro-share/AMM/revisions/rev-58/", "infra/helm/fare-clearing/values-prod.yaml",
		"grants/effort/templates/certification_letter.docx"},
	idTpl: []template{
		{"the one Karen keeps complaining about is {X}, if you want to pull it up", SpeakerUser},
		{"The failing record is {X}: its sign-off timestamp is null and the exporter chokes on that.", SpeakerAssistant},
		{"Subject: Re: your enquiry\n\nHello,\n\nPlease quote reference {X} in any further correspondence so we can find the file quickly.\n\nKind regards,\nCustomer Operations", SpeakerTool},
		{"Regression test for {X}, the record that exposed the rounding bug in production.", SpeakerCode},
		{"which record blew up in the overnight import?" + TurnSep + "{X}. I reproduced it locally and it fails the same way.", SpeakerTwoTurns},
		{"pasting from the spreadsheet: {X}, that's the one finance is asking about", SpeakerUser},
		{"2026-11-21T03:12:09Z ERROR import: rejected {X}: duplicate key\n2026-11-21T03:12:09Z INFO import: 4118 rows ok, 1 rejected", SpeakerTool},
		{"I'll mention {X} in the commit message so whoever audits this can trace the change back.", SpeakerAssistant},
		{"Use {X} as the test case, it has every weird edge we've seen so far.", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		const b32 = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
		code := func(k int) string {
			b := make([]byte, k)
			for i := range b {
				b[i] = b32[r.IntN(len(b32))]
			}
			return string(b)
		}
		switch r.IntN(14) {
		case 0:
			return fmt.Sprintf("WC-%02d-%03d-%02d", 21+r.IntN(60), r.IntN(1000), 1+r.IntN(20))
		case 1:
			return fmt.Sprintf("N%d%c%c", 100+r.IntN(900), letter(), letter())
		case 2:
			return fmt.Sprintf("DD-%d-%05d", 2025+r.IntN(2), r.IntN(100000))
		case 3:
			return fmt.Sprintf("ESN %03d-%03d", 800+r.IntN(200), r.IntN(1000))
		case 4:
			return fmt.Sprintf("VAL-%c%02d-%04d", letter(), r.IntN(100), r.IntN(10000))
		case 5:
			return fmt.Sprintf("CLR-202611%02d-%03d", 1+r.IntN(28), r.IntN(1000))
		case 6:
			ics := []string{"GM", "HL", "AI", "CA", "MH", "NS"}
			return fmt.Sprintf("%dR01%s%06d-%02d", 1+r.IntN(5), ics[r.IntN(len(ics))], 100000+r.IntN(900000), 1+r.IntN(5))
		case 7:
			return fmt.Sprintf("OSP-%d-%04d", 25+r.IntN(2), r.IntN(10000))
		case 8:
			return fmt.Sprintf("HO-%d-%07d", 2025+r.IntN(2), r.IntN(10000000))
		case 9:
			return fmt.Sprintf("HO3-%07d-%02d", r.IntN(10000000), r.IntN(100))
		case 10:
			return fmt.Sprintf("ORD-%s-%s", code(4), code(4))
		case 11:
			return fmt.Sprintf("US%02d%06d", 10+r.IntN(16), r.IntN(1000000))
		case 12:
			return fmt.Sprintf("985%012d", r.Int64N(1000000000000))
		}
		return fmt.Sprintf("L%d-%05d", 25+r.IntN(2), r.IntN(100000))
	},
	distractorTpl: []template{
		{"We trialled {X} for {P} last spring and dropped it; support never answered a single ticket. Not going back there.", SpeakerUser},
		{"If the budget had stretched, {X} would have been the nicer option for {P}, but that isn't on the table this year.", SpeakerAssistant},
		{"From the regional user group newsletter:\nAnother operator we spoke to runs {P} on {X}; they say {R}. Interesting, but their setup, not ours.", SpeakerTool},
		{"should we be looking at {X} for {P}?" + TurnSep + "I genuinely don't know yet. Nobody has priced it, so it's an open question, not a plan.", SpeakerTwoTurns},
		{"Example only: the {X} client below is copied from their quickstart.\nIt is not what we ship; the real integration lives elsewhere.", SpeakerCode},
		{"quick status: {T}, done last night and the ticket's closed. moving on", SpeakerUser},
		{"That one's finished: I had to {T} earlier today and it went through cleanly, nothing left to do there.", SpeakerAssistant},
		{"Changelog\n- [x] {T} (verified by QA on 11/14)\n- [x] swap the on-call rotation", SpeakerTool},
		{"do we still need to {T}?" + TurnSep + "No, Pedro took care of it on Monday. It's off the list.", SpeakerTwoTurns},
		{"Legal vetoed {X} for {P}, even though {R}. So scratch that one.", SpeakerUser},
	},
	rejected: []string{"Rusada ENVISION", "Ramco Aviation Suite", "Genfare Link", "Flowbird Transit", "Streamlyne",
		"Huron Research Suite", "Xactimate Mobile", "Trolley payouts", "Payoneer", "Covetrus Pulse", "Tracks zoo records"},
	done: []string{"rotate the validator signing keys", "archive the 2023 grant closeout binders",
		"re-run the tap reconciliation for September", "fix the EXIF timestamp bug in the adjuster app",
		"migrate the listing photos to the new bucket", "import the hippo's paper medical history",
		"reprint the work card barcodes for hangar 3"},
}
