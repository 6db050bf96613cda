package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut20 returns n facts of each kind from the twentieth held-out set.
//
// The set is blind: its templates and values were written without reading
// the summarizer or its history, only the fact types, the tuning sets (as a
// format example) and the generator that plants facts, so its score is a
// measure of how the summarizer generalizes rather than of how well it was
// fitted. Its values come from six domains no other set uses: a regional
// electric utility's outage management (storm mode, feeders, crews,
// restoration estimates), a police records system (case files, evidence
// intake and chain of custody), a professional sports team's scouting and
// video room, a food-delivery restaurant tablet app, a pharmaceutical
// warehouse's cold chain (loggers, excursions, lots, waybills) and a
// language-learning mobile app. The phrasing is that of long working
// sessions: decisions implied by sign-off, meeting minutes, chat exports,
// emails or a comment left in code; pending tasks carried by obligations,
// promises, deadlines, waiting on someone, stand-up notes, plans and
// questions; paths and identifiers quoted in passing, in tickets, logs and
// answers. Distractors look close to the real thing: an option passed
// over, a fallback nobody proposes, another division's choice, a question
// still open, a placeholder in sample config, and tasks already finished.
func HeldOut20(seed uint64, n int) []Fact { return heldOut20.facts(seed, n) }

var heldOut20 = factSet{
	decisionTpl: []template{
		{"Talked to ops this morning. They're fine with {X} for {P} — the main thing for them is that {R}. So let's build against that and stop comparing options.", SpeakerUser},
		{"I've wired {P} straight to {X} instead of keeping both code paths around; {R}, so there was no point in carrying the fallback.", SpeakerAssistant},
		{"Architecture sync, minutes (draft)\nAttendees: R. Okafor, J. Lindqvist, T. Baptiste\n1. Item: {P}. Outcome: approved {X}. Rationale given: {R}.\n2. Retro moved to Thursday, same room.", SpeakerTool},
		{"Implementation for {P}: {X}.\nWe went this way because {R}; please don't swap it out\nwithout talking to the platform group first.", SpeakerCode},
		{"sorry, I lost track in that thread — what did we land on for {P} in the end?" + TurnSep + "{X}. Everyone signed off on Friday, mostly because {R}.", SpeakerTwoTurns},
		{"+1 from me on {X}. I know it isn't the cheapest option for {P}, but {R}, and for me that settles it. Anyway, back to the flaky test.", SpeakerUser},
		{"Switching the prototype over to {X} for {P}, since you approved it earlier — {R}. I'll drop the adapter layer I'd written for the other candidates.", SpeakerAssistant},
		{"From: dana.whitlock@procurement.internal\nSubject: Re: options for {P}\n\nAll, confirming that we are standardising on {X}. The deciding factor for procurement: {R}.\nImplementation can start this week.\n\nDana", SpeakerTool},
		{"[09:14] marco: whats the verdict on {P}? need to tell the vendor something\n[09:15] priyanka: {X}\n[09:15] priyanka: {R}\n[09:16] marco: ok works for me, I'll let them know", SpeakerTool},
		{"Can you lock {P} to {X}? I'd rather not reopen this — {R}." + TurnSep + "Done: {X} is now the only option wired up for {P}, and I removed the selector from the settings screen.", SpeakerTwoTurns},
		{"NOTE(decision): {X} is what {P} uses.\nReason: {R}.\nOther candidates were evaluated last quarter and dropped.", SpeakerCode},
		{"Updating the ticket now: {P} -> {X}. Reason in one line: {R}. Procurement is looped in, so you can start on the integration whenever.", SpeakerUser},
		{"Quick status before I go on: the branch now uses {X} for {P}, as agreed. Worth writing down why, since someone will ask: {R}.", SpeakerAssistant},
	},
	choices: []string{"Oracle NMS", "Esri ArcGIS Utility Network", "Everbridge", "Hudl Sportscode", "Catapult Vector",
		"Axon Evidence", "Mark43", "Zebra ZD621", "Sensitech TempTale", "ELPRO LIBERO", "Deliverect", "Epson TM-m30III",
		"FSRS-5", "Azure Pronunciation Assessment", "Kotlin Multiplatform", "Mapbox GL JS"},
	purposes: []string{"the storm-mode outage map", "the crew dispatch board", "the customer outage text alerts",
		"the evidence intake kiosk", "the chain-of-custody labels", "the case-file redaction step",
		"the opponent set-piece tagging", "the draft prospect clip library", "the practice GPS load tracking",
		"the kitchen ticket printing", "the menu sync with the delivery marketplaces", "the tablet order-arrival alerts",
		"the reefer trailer temperature monitoring", "the 2-8C vaccine cage loggers", "the spaced-repetition review scheduler",
		"the pronunciation scoring in speaking drills", "the offline lesson downloads"},
	reasons: []string{"the control room already trusts its fault-location estimates",
		"it is the only export format the DA's office accepts for discovery",
		"its loggers were validated during last year's GDP audit",
		"the video coordinators refuse to learn a second tagging tool",
		"it keeps working through the cellular dead spots at the depot",
		"it halved the time dispatchers spend re-keying tickets",
		"the state CJIS policy requires the data to stay on-prem",
		"its SDK adds under two megabytes to the app bundle",
		"half the partner restaurants run tablets we can't replace this year",
		"retention in the pilot cohort went up nine points",
		"the FDA inspector flagged our spreadsheet process last spring",
		"the linemen's union signed off on its location-sharing terms",
		"it survives a tablet reboot mid-order without dropping tickets",
		"the scouting director already pays for the league-wide license",
		"its audit trail has already held up under defense subpoenas"},
	taskTpl: []template{
		{"Before I forget — somebody has to {X}, and realistically that's you. Not today necessarily, but this week.", SpeakerUser},
		{"I haven't gotten to it yet, but I still owe you one thing: I need to {X}. I'll pick it up once the current change lands.", SpeakerAssistant},
		{"tracker export (filter: assignee = me, status != closed)\nSTATUS   OWNER     SUMMARY\nOPEN     kbrandt   {X}\nOPEN     kbrandt   look into the slow login on older tablets", SpeakerTool},
		{"TODO(jmercer): {X}.\nBlocked on the vendor sandbox; revisit once the credentials arrive.", SpeakerCode},
		{"are we good to close out the sprint?" + TurnSep + "Not quite. Nobody has managed to {X} yet, and that one is on the board for this sprint. Everything else is merged.", SpeakerTwoTurns},
		{"Heads up, compliance wants us to {X} by end of day Friday. Can you take that? I'm in audits all week.", SpeakerUser},
		{"Waiting on the field team for the last piece. Once they reply I'll {X}; until then it stays open.", SpeakerAssistant},
		{"Subject: action needed before Monday\n\nHi all,\nreminder from yesterday's call: please {X} before the Monday walkthrough. Reply-all when it's done so I can tick it off.\n\n— Gail", SpeakerTool},
		{"honestly what's bugging me is that we still haven't had a chance to {X}. can that go at the top of tomorrow's list?", SpeakerUser},
		{"FIXME: stopgap only. The proper fix is to {X};\nthis workaround should come out once that's done.", SpeakerCode},
		{"#standup export\n[08:58] lena: yesterday: review fixes. today: {X}. blockers: none\n[09:01] omar: out sick, back tomorrow", SpeakerTool},
		{"did you ever {X}? the ops lead asked me about it again" + TurnSep + "Not yet, sorry, it's still on my list. I'll do it right after this refactor.", SpeakerTwoTurns},
		{"Plan for the rest of the session:\n1. finish the migration test\n2. {X}\n3. write up the handoff note for the night shift", SpeakerAssistant},
		{"I promised the duty manager we'd {X} by Thursday, so please don't let that slip behind the UI work.", SpeakerUser},
	},
	tasks: []string{"re-run the restoration ETR backfill for the Harlan County feeders",
		"purge the expired retention holds on the body-cam footage",
		"recalibrate the probe in reefer bay 4 before the insulin shipment",
		"re-tag the opponent's corner kicks in Saturday's match film",
		"backfill the missing custody signatures on the seized-phone intake",
		"push the allergen badge fix to the kitchen tablets before the dinner rush",
		"export the excursion report for the Ozempic lot to the QA mailbox",
		"renew the APNs certificate for the streak reminder pushes",
		"move the Portuguese audio clips to the new media bucket",
		"reconcile the customer-minutes-interrupted totals against the SCADA event log",
		"add a pause-orders toggle to the tablet home screen",
		"cut the left winger's highlight reel for the draft board meeting",
		"map the legacy offense codes to the NIBRS categories",
		"rotate the storm-mode SMS gateway credentials",
		"re-qualify the summer pack-out for the Phoenix lane"},
	pathTpl: []template{
		{"fwiw the one you want is {X}; the location linked from the wiki is stale.", SpeakerUser},
		{"Found it. Everything points at {X}; the timestamps there line up with when the drift started overnight.", SpeakerAssistant},
		{"Setup notes (ops, last edited by hpatel)\n- {X} is managed by ops; ask in #ops before changing it\n- don't hand-edit anything in the cache folder\n- ask before rebooting the gateway", SpeakerTool},
		{"Keep in sync with {X};\nif one changes without the other, the nightly consistency check fails.", SpeakerCode},
		{"what's the exact path again? I keep mistyping it" + TurnSep + "{X}. Copy it from here rather than retyping it.", SpeakerTwoTurns},
		{"Can you check what still references {X}? I'd like that cleaned up before the audit, and lunch is in an hour.", SpeakerUser},
		{"I've left {X} exactly as it was; the change lives on a separate branch until you've had a look.", SpeakerAssistant},
		{"Ticket body:\nAffected location: {X}\nSymptom: stale values after the nightly job\nReported by: night shift supervisor", SpeakerTool},
		{"permission denied on {X} again. I think the service account lost access after the weekend patching", SpeakerUser},
		{"Do not move {X} without updating the deploy manifest;\nthe kiosk image hardcodes it.", SpeakerCode},
		{"the auditor asked which location that finding was about, do you remember?" + TurnSep + "{X}. I've put that in the audit response too.", SpeakerTwoTurns},
	},
	paths: []string{"/etc/oms/storm-mode.yaml", `C:\ProgramData\RecordsSync\evidence_queue.db`,
		"services/custody/internal/ledger/transfer.go", "s3://coldchain-loggers-prod/excursions/2026/",
		"android/app/src/main/res/raw/chime_new_order.ogg", "~/scouting/2026-draft/clips_index.csv",
		"scouting-api/migrations/V17__add_prospect_grades.sql", "/mnt/filmroom/opponents/week12/",
		"ios/Lingo/Resources/Decks/es_A2.json", `\\fs01\records\evidence\intake_templates`,
		"tablet-app/src/screens/OrderQueue/PrepTimer.tsx", "outage-sync/config/feeder_map.geojson",
		"/var/log/coldchain/probe-gateway.log", "gs://lingua-audio-raw/pt-BR/unit07/",
		"deploy/k8s/oms-ivr/values-storm.yaml"},
	idTpl: []template{
		{"the one the auditor keeps asking about is {X}, please don't lose it in the shuffle", SpeakerUser},
		{"Cross-checked the export: every failing row traces back to {X}.", SpeakerAssistant},
		{"From: dispatch-supervisor@ops.internal\nSubject: still open\n\nCan someone look at {X}? It's been sitting in the queue since Tuesday night and nobody has touched it.", SpeakerTool},
		{"Repro: load {X} from the staging snapshot;\nit is the only record that triggers the null timestamp.", SpeakerCode},
		{"which one was it, do you have the number handy?" + TurnSep + "Yes, {X}. I pasted it into the handoff doc as well.", SpeakerTwoTurns},
		{"put {X} in the commit message so QA can find the change later", SpeakerUser},
		{"2026-11-14T03:12:09Z WARN reconcile: mismatch for {X} (expected 2 scans, got 1)\n2026-11-14T03:12:09Z INFO reconcile: 4113 records ok, 1 mismatch", SpeakerTool},
		{"I'm using {X} as the test fixture, since it's the record from the original bug report.", SpeakerAssistant},
		{"Linked record: {X}\nPriority: P2\nNotes: caller phoned twice, wants an update by end of day", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		const alnum = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
		code := func(k int) string {
			b := make([]byte, k)
			for i := range b {
				b[i] = alnum[r.IntN(len(alnum))]
			}
			return string(b)
		}
		switch r.IntN(14) {
		case 0: // outage event in the OMS
			return fmt.Sprintf("OMS-%d-%06d", 2025+r.IntN(2), r.IntN(1000000))
		case 1: // police case report number
			return fmt.Sprintf("CR-%02d-%06d", 24+r.IntN(3), r.IntN(1000000))
		case 2: // evidence item barcode: case item, sub-item
			return fmt.Sprintf("EV%07d-%02d", r.IntN(10000000), 1+r.IntN(40))
		case 3: // distribution transformer asset tag
			feeders := []string{"HRL", "MDW", "KST", "BRK", "SVL"}
			return fmt.Sprintf("TX-%s%02d-%04d", feeders[r.IntN(len(feeders))], 1+r.IntN(40), r.IntN(10000))
		case 4: // pharmaceutical lot number
			return fmt.Sprintf("%c%02d%c%04d", 'A'+rune(r.IntN(26)), 24+r.IntN(3), 'A'+rune(r.IntN(26)), r.IntN(10000))
		case 5: // SAP purchase order
			return fmt.Sprintf("45%08d", r.IntN(100000000))
		case 6: // air waybill: airline prefix and serial
			prefixes := []string{"176", "020", "057", "125", "157"}
			return fmt.Sprintf("%s-%08d", prefixes[r.IntN(len(prefixes))], r.IntN(100000000))
		case 7: // temperature logger serial
			return fmt.Sprintf("TTU%c-%06d", 'A'+rune(r.IntN(26)), r.IntN(1000000))
		case 8: // delivery order shown on the restaurant tablet
			return fmt.Sprintf("#%s-%s", []string{"DD", "UE", "GH"}[r.IntN(3)], code(5))
		case 9: // restaurant merchant id
			return fmt.Sprintf("mx_store_%05d", r.IntN(100000))
		case 10: // scouting prospect id
			return fmt.Sprintf("PRSP-%05d", r.IntN(100000))
		case 11: // match video in the film room
			teams := []string{"BOS", "SEA", "ATL", "DEN", "MIN", "PHI"}
			return fmt.Sprintf("MATCH-%d-W%02d-%s", 2025+r.IntN(2), 1+r.IntN(34), teams[r.IntN(len(teams))])
		case 12: // language app lesson id
			langs := []string{"es", "pt", "de", "ja", "ko", "it"}
			levels := []string{"A1", "A2", "B1", "B2"}
			return fmt.Sprintf("%s-%s-U%02d-L%02d", langs[r.IntN(len(langs))], levels[r.IntN(len(levels))], 1+r.IntN(20), 1+r.IntN(12))
		}
		// mobile app build with its build number
		return fmt.Sprintf("%d.%d.%d (%d)", 4+r.IntN(3), r.IntN(30), r.IntN(10), 30000+r.IntN(20000))
	},
	distractorTpl: []template{
		{"We looked hard at {X} for {P} and passed on it; the renewal quote came back at roughly triple what we pay now.", SpeakerUser},
		{"If we ever had to move off the current setup, {X} would be the obvious fallback for {P}, but nobody is proposing that right now.", SpeakerAssistant},
		{"Regional newsletter, November:\nThe Eastside division now runs {X} for {P}, as of this quarter. Their write-up is on the intranet if anyone is curious.", SpeakerTool},
		{"has anyone actually decided whether {X} is in or out for {P}?" + TurnSep + "Not that I know of. It's on the agenda for the steering meeting, no answer yet.", SpeakerTwoTurns},
		{"Example config only: {X} appears here as a placeholder vendor for {P};\nreal deployments set this from the environment.", SpeakerCode},
		{"Good news, the contractor managed to {T} last night, so you can cross that one off.", SpeakerUser},
		{"Changelog\n- [x] {T} (verified by QA)\n- [x] bumped the tablet app minor version", SpeakerTool},
		{"Already handled earlier today: I got to {T} before standup and it checked out, nothing left there.", SpeakerAssistant},
		{"did the team {T} in the end?" + TurnSep + "Yes, that was wrapped up yesterday; there's nothing left to do on it.", SpeakerTwoTurns},
	},
	rejected: []string{"Milestone XProtect", "Genetec Clearance", "Dartfish", "Sportlogiq", "LogTag TRED30",
		"Berlinger Fridge-tag", "Chowly", "Olo Rails", "ServiceNow FSM", "OneSignal"},
	done: []string{"swap the thermal printer driver on the test tablets",
		"re-index the prospect database after the combine import",
		"close out the quarterly audit of property room B",
		"ship the Tagalog beginner deck to the beta testers",
		"restore the power-status webhook for the county EOC",
		"replace the failed data logger in freezer zone C",
		"re-seal the tamper bags from the Dobbs burglary case"},
}
