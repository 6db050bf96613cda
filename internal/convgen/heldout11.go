package convgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// HeldOut17 returns n facts of each kind from the seventeenth held-out set.
// It is blind: it was written without reading the summarizer's code, its
// tests or its tuning history, only the fact format (facts.go) and how
// facts are planted (convgen.go), so its score measures generalization.
//
// Its domains are clinical trial data capture (EDC, randomization, site
// queries), long-haul trucking telematics and dispatch, an online tutoring
// marketplace, residential property management (leases, work orders),
// live-event ticketing and venue access, and a public aquarium's
// life-support systems and animal records. Decisions are mostly implied:
// a signed order form, an approval in an email or change ticket, meeting
// minutes, a PR description, an answer to "what did you end up using",
// a design note in a code comment. Pending tasks come as obligations,
// deadlines, promises, reminders, action items, tracker rows and
// questions about whether something was done. Paths are absolute, relative,
// home, Windows, UNC and bucket URLs; identifiers are subject and
// randomization numbers, EDC queries, VINs, load numbers, booking and
// session references, work orders, lease ids, ticket orders and barcodes,
// animal accession numbers, PIT tags and life-support system tags.
// Distractors are options passed over, hypotheticals, another operator's
// or office's choice, open questions, placeholder samples and finished
// work.
func HeldOut17(seed uint64, n int) []Fact { return heldOut17.facts(seed, n) }

var heldOut17 = factSet{
	decisionTpl: []template{
		{"ok, talked it over with Priyanka and we're not re-running the bake-off: {X} for {P}, end of discussion, mostly because {R}. Can you wire up the client after lunch?", SpeakerUser},
		{"Since you gave the thumbs-up in the thread, I've moved {P} onto {X} and deleted the old adapter. The deciding factor was that {R}.", SpeakerAssistant},
		{"Ops sync, minutes (Thu)\nPresent: R. Okafor, D. Lind, T. Baptiste\n\n1. {P}: agreed on {X}. Why: {R}.\n2. Holiday on-call rota: no owner yet, revisit next week.\n3. AOB: none.", SpeakerTool},
		{"For {P} we deliberately go through {X}.\nWe evaluated the alternatives last quarter; {R}.\nTalk to Ines before replacing it.", SpeakerCode},
		{"so what did you end up wiring in for {P}?" + TurnSep + "{X}. I went back and forth on it, but {R}.", SpeakerTwoTurns},
		{"Signed the order form with {X} this morning, it covers {P}. Finance pushed back at first; what won them over is that {R}.", SpeakerUser},
		{"Heads up, the PR I just opened replaces our homegrown code for {P} with {X}. Short version of the argument: {R}. Happy to walk through the diff if you want.", SpeakerAssistant},
		{"From: Walt Behrens <walt.behrens@harborline.example>\nTo: platform-team\nSubject: Re: options for {P}\n\nApproved, go ahead with {X}. The clincher for me is that {R}. Don't wait on me for the PO, Sandra has it.\n\nWalt", SpeakerTool},
		{"fine by me, ship it with {X} handling {P}; {R}, and I really don't want to reopen this in January.", SpeakerUser},
		{"your call on {P}, I trust you. just pick one and tell me" + TurnSep + "Then it's {X}: {R}. I'll pin the version and write it up in the ADR.", SpeakerTwoTurns},
		{"CHG-4471  Status: APPROVED  (CAB 2026-11-18)\nSummary: move {P} to {X}\nJustification: {R}\nRollback: flip the feature flag back; the old path stays deployed for 30 days", SpeakerTool},
		{"ADR-0019 (short form): {X} backs {P}.\nReason: {R}.\nRevisit only if the vendor contract changes.", SpeakerCode},
		{"I went ahead and standardised on {X} for {P}, as we agreed on the call; {R}, so keeping two integrations around made no sense.", SpeakerAssistant},
	},
	choices: []string{"Medidata Rave", "Castor EDC", "Suvoda IRT", "Veeva Vault CDMS", "Platform Science", "Omnitracs One",
		"PC*MILER", "McLeod LoadMaster", "LiveKit", "Tipalti", "Whereby Embedded", "AppFolio", "Buildium",
		"Dropbox Sign", "Seats.io", "Neptune Apex", "Species360 ZIMS", "Hach Claros"},
	purposes: []string{"subject randomization", "the eCRF query workflow", "hours-of-service sync from the ELDs",
		"load tenders coming in from brokers", "tutor payouts", "the shared whiteboard in lessons", "lease e-signatures",
		"maintenance request triage", "gate scanning at the arena", "seat-map rendering on the box office screens",
		"telemetry from the seawater life-support loops", "the animal medical records",
		"overnight dispatch route planning", "rent reminders to tenants", "matching students to tutors"},
	reasons: []string{"it's the only one the sponsor's auditors have already validated",
		"its API hands us raw GPS pings every ten seconds rather than once a minute",
		"the per-seat price came in at half of what we pay today",
		"it keeps buffering events locally whenever the cellular link drops",
		"the night-shift techs already know it from the old site",
		"the vendor put a four-hour response SLA in writing",
		"it exports the full audit trail without a paid add-on",
		"hooking it up to the door controllers took one afternoon instead of a sprint",
		"legal already signed off on their data processing addendum",
		"the sandbox ships with realistic test data for every role",
		"it runs on the gateway hardware we already own",
		"its mobile SDK keeps working offline when the venue Wi-Fi dies",
		"it's the only option with a proper Spanish interface for residents",
		"support answered every one of our pre-sales questions within the hour",
		"the migration tool imported six years of records without a single reject"},
	taskTpl: []template{
		{"Before I forget, Legal pinged again: we have to {X} by Friday or it goes up the chain.", SpeakerUser},
		{"That fixes the import. What's still outstanding on my side is to {X}; I'll pick it up as soon as the credentials arrive.", SpeakerAssistant},
		{"OPEN   P2   owner: dmitri   due: 2026-12-05\n  {X}\n  blocked-by: vendor sandbox access (requested 11/20)", SpeakerTool},
		{"TODO(asha): {X}; until then this path serves stale data.\nTracked on the ops board.", SpeakerCode},
		{"anything left before we can call this sprint done?" + TurnSep + "One thing: I still need to {X}. Everything else is merged and deployed.", SpeakerTwoTurns},
		{"can you {X}? no rush, but it has to happen before the auditors show up in January", SpeakerUser},
		{"Hi all,\n\nFriendly reminder that somebody needs to {X} this week. The last time it slipped we got a very unfriendly letter.\n\nThanks,\nRenata (Operations)", SpeakerTool},
		{"I promised Kwame I'd {X} tonight, so I'm parking the refactor after this commit.", SpeakerAssistant},
		{"still waiting on you to {X}, the rest of the release is blocked behind it", SpeakerUser},
		{"Action items\n- Lou: {X} (due Mon)\n- Aylin: nothing new this week\n- Everyone: fill in the holiday sheet", SpeakerTool},
		{"FIXME: stopgap only. We must {X} before go-live,\notherwise the nightly job keeps paging whoever is on call.", SpeakerCode},
		{"did you get a chance to {X}?" + TurnSep + "Not yet, sorry. It's next on my list right after this test run finishes.", SpeakerTwoTurns},
		{"Remaining before the handoff:\n1. {X}\n2. get sign-off from the site lead", SpeakerAssistant},
	},
	tasks: []string{"re-run the randomization dry run for the pediatric cohort",
		"lock the database for site 114 once the last query closes",
		"reconcile the drug kit inventory against the IRT export",
		"recalibrate the fuel-level sensors on the reefer trailers",
		"push the new Joliet yard geofence to every truck",
		"backfill the missing HOS logs from the Cheyenne outage",
		"refund the students who lost their October 3 sessions",
		"rerun the background checks for tutors that expired in September",
		"send the lease renewal notices for building C",
		"reschedule the boiler inspection at Maple Court",
		"reissue the mobile tickets for section 112 row K",
		"allowlist the new turnstile scanners on the venue VLAN",
		"swap the ozone probe on the shark tank loop",
		"upload the green sea turtle necropsy report to the husbandry records",
		"export the water-quality logs for the AZA accreditation visit",
		"renew the certificate of insurance for the plumbing contractor"},
	pathTpl: []template{
		{"the dump you want is at {X}, I copied it there last night before the vendor wiped their side", SpeakerUser},
		{"I traced the bad value back to {X}. That's the first place it goes wrong; everything upstream of it looks clean.", SpeakerAssistant},
		{"Runbook: recover after a failed overnight sync\n1. stop the sync agent\n2. copy {X} somewhere safe\n3. restart the agent and tail its log until the backlog drains", SpeakerTool},
		{"Keep this in sync with {X};\nthe two drift apart every time someone edits only one of them.", SpeakerCode},
		{"where did the export end up?" + TurnSep + "{X}, same place as last month's.", SpeakerTwoTurns},
		{"careful, do NOT touch {X}. prod reads from it directly and there's no backup of the current version", SpeakerUser},
		{"The diff is small: one change in {X} plus a test. Pushing now.", SpeakerAssistant},
		{"#2281 Scanner app crashes after update\nStatus: In progress\n\nComment (l.thomas): reproduced on my machine. Everything points at {X}; diffing it against last week's copy now.", SpeakerTool},
		{"NOTE: the same lookup is duplicated in {X}.\nIf this logic changes, update that copy too.", SpeakerCode},
	},
	paths: []string{"/etc/edc/randomization/block_schedule.yaml", "services/dispatch/internal/hos/duty_clock.go",
		`C:\ProgramData\LifeSupport\Logs\ozone_loop2.csv`, "s3://venue-gate-scans-prod/2026/11/arena-north/",
		"~/tutor-payouts/exports/2026-11.csv", "apps/tenant-portal/src/pages/WorkOrderForm.vue",
		"/var/spool/eld-bridge/outbound/", "db/migrations/20261104_add_lease_renewal_window.sql",
		"infra/ansible/roles/turnstile-agent/tasks/main.yml", `\\nas01\husbandry\records\sea_otters\mako_2026.xlsx`,
		"studies/NVR-301/ecrf/visit_schedule.json", "matching/ranker/testdata/tutor_ratings_fixture.json",
		"/opt/aquarium/lss/plc/tag_map.csv", "config/geofences/yards_midwest.geojson",
		"gs://tix-boxoffice-exports/seatmaps/venue_0417.svg", "./scripts/reissue_mobile_tickets.py"},
	idTpl: []template{
		{"ugh, it blew up again on {X}, same as Tuesday", SpeakerUser},
		{"The entry that breaks the import is {X}; every row before it loads fine.", SpeakerAssistant},
		{"Subject: Re: your support case\n\nThanks for the logs. Please keep {X} in the subject line of any follow-up so it routes back to me.\n\nKelsey, Tier 2 Support", SpeakerTool},
		{"Regression guard for {X}: this input used to crash the parser.\nKeep the fixture even if it looks redundant.", SpeakerCode},
		{"which one was it again?" + TurnSep + "{X}. I put it in the PR description so we don't lose it.", SpeakerTwoTurns},
		{"Ops keeps asking about {X}, can you check what our logs say about it?", SpeakerUser},
		{"Found it: {X} shows up twice in the export with different timestamps, which explains the double count.", SpeakerAssistant},
		{"[09:12] nadia: anyone seen {X} before?\n[09:14] ben: yeah, that's the one from the outage\n[09:15] nadia: ok, pinning it", SpeakerTool},
		{"for the write-up, the reference is {X}. quote it exactly please, the auditors search by it", SpeakerUser},
	},
	ids: heldOut17ID,
	distractorTpl: []template{
		{"We passed on {X} for {P} even though {R}; the pilot users hated the UI, so please don't bring it back up.", SpeakerUser},
		{"If we ever outgrow the current setup, {X} would be the obvious candidate for {P}, but nothing in this ticket needs it and I haven't touched it.", SpeakerAssistant},
		{"Fwd: notes from the regional users' group\n\n- the operator out of Fresno runs {X} for {P} and seems happy with it\n- nobody had numbers on cost\n(FYI only, not a recommendation for us)", SpeakerTool},
		{"should we be looking at {X} for {P}?" + TurnSep + "Honestly, no idea yet. Nobody has priced it and I'd rather not guess; let's leave it open until Marta is back.", SpeakerTwoTurns},
		{"Example only: the sample config names {X} as a placeholder for {P}.\nReal deployments pick their own provider; nothing here depends on it.", SpeakerCode},
		{"For comparison, the Phoenix office settled on {X} for {P} on their side. That changes nothing for us; ours stays as is.", SpeakerAssistant},
		{"Tracker export: closed items, last 7 days\n[x] {T}  (closed by jrivera, 11/02)\n[x] fix the typo on the pricing page  (closed by mk, 11/03)", SpeakerTool},
		{"checklist update: \"{T}\" is finished, verified on staging and crossed off yesterday.", SpeakerUser},
		{"Already handled, no action needed: {T}. That went out with the last deploy, so I'm leaving it alone.", SpeakerAssistant},
		{"History: we had to {T} back in October; that's done.\nLeft here so nobody redoes it.", SpeakerCode},
		{"did you ever {T}?" + TurnSep + "Yes, done last week and Ops confirmed it. Nothing left there.", SpeakerTwoTurns},
	},
	rejected: []string{"Oracle InForm", "Verizon Connect", "Entrata", "Eventbrite", "Zoom Video SDK", "Rent Manager",
		"ClinCapture", "Paciolan", "Trimble TMW", "Yardi Voyager"},
	done: []string{"migrate the site 207 subjects to the new visit schedule",
		"replace the cracked dash cam in unit 4412",
		"void the duplicate payouts from the October 9 batch",
		"close out the mold work order at Linden Row",
		"reprint the wristbands for the Saturday matinee",
		"top up the kalkwasser reactor on the reef exhibit",
		"revoke the former dispatcher's TMS login",
		"rotate the webhook secret for the tutoring calendar sync"},
}

// heldOut17ID returns an identifier in one of the shapes people in these
// domains quote.
func heldOut17ID(r *rand.Rand) string {
	const upper = "ABCDEFGHJKLMNPRSTUVWXYZ"
	const vinChars = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
	const b62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	pick := func(alphabet string, k int) string {
		var b strings.Builder
		for range k {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	switch r.IntN(14) {
	case 0: // trial subject number: protocol, site, subject
		protocols := []string{"NVR301", "ALD214", "KTX-118", "BRV302"}
		return fmt.Sprintf("%s-%03d-%03d", protocols[r.IntN(len(protocols))], 100+r.IntN(200), 1+r.IntN(400))
	case 1: // randomization number from the IRT
		return fmt.Sprintf("RAND%06d", r.IntN(1000000))
	case 2: // EDC data query
		return fmt.Sprintf("QRY-%07d", r.IntN(10000000))
	case 3: // tractor VIN
		wmis := []string{"1FUJ", "3AKJ", "1XKY", "4V4N", "1M1A"}
		return wmis[r.IntN(len(wmis))] + pick(vinChars, 13)
	case 4: // load number in the TMS
		return fmt.Sprintf("LD%d%05d", 26, r.IntN(100000))
	case 5: // tutoring session id
		return "sess_" + pick(b62, 14)
	case 6: // booking reference
		return "BK" + pick(upper+"23456789", 8)
	case 7: // maintenance work order
		return fmt.Sprintf("WO-%05d", r.IntN(100000))
	case 8: // lease id: building, unit, year
		return fmt.Sprintf("LSE-%c%d%02d-%d", upper[r.IntN(6)], 1+r.IntN(9), 1+r.IntN(30), 2025+r.IntN(3))
	case 9: // ticket order number with venue code
		venues := []string{"CHI", "ATL", "DEN", "PHX", "SEA"}
		return fmt.Sprintf("%d-%05d/%s", 10+r.IntN(90), r.IntN(100000), venues[r.IntN(len(venues))])
	case 10: // ticket barcode
		return fmt.Sprintf("%04d %04d %04d %04d", r.IntN(10000), r.IntN(10000), r.IntN(10000), r.IntN(10000))
	case 11: // Species360 global accession number
		return fmt.Sprintf("MIG12-%08d", r.IntN(100000000))
	case 12: // ISO FDX-B PIT tag
		makers := []string{"982", "985", "900"}
		return fmt.Sprintf("%s%012d", makers[r.IntN(len(makers))], r.Int64N(1000000000000))
	}
	// life-support system tag
	systems := []string{"KELP", "REEF", "SHRK", "OTTR", "JELY"}
	return fmt.Sprintf("LSS-%s-%02d-%s", systems[r.IntN(len(systems))], 1+r.IntN(12), pick("0123456789ABCDEF", 4))
}
