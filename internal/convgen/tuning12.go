package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning12 returns n facts of each kind from the twelfth tuning set. Its
// domains are a helicopter ambulance dispatch centre, a university's alumni
// fundraising office, a ceramics factory's kiln schedules, a toll road's
// license-plate billing, a children's hospital's NICU monitoring and a
// record label's royalty statements. Decisions are mostly implied: a signed
// purchase order, a config already switched over, a line in meeting minutes,
// an approval email, a "then it's this one" answer to a shrug. Pending tasks
// come as obligations, promises, blockers, checklist items, tracker rows,
// chat exports and emails asking for something by a deadline. Paths and
// identifiers (mission and tail numbers, gift batches, firing lots, toll
// notices and plates, device serials, ISRCs, statement numbers, tickets,
// hashes) are quoted in passing, in logs and in escalations. Distractors are
// options trialled and pulled, hypotheticals, another organisation's choice,
// unanswered questions, sample code and finished tasks. It was written
// without reading the summarizer, as a tuning set.
func Tuning12(seed uint64, n int) []Fact { return tuning12.facts(seed, n) }

var tuning12 = factSet{
	decisionTpl: []template{
		{"ok, talked to Dana and the money's there. {X} for {P}, mostly because {R}. can you start wiring it up after lunch? I'll be in and out", SpeakerUser},
		{"I've pointed {P} at {X} in the config and kept the old client behind a flag for a week, since {R}.", SpeakerAssistant},
		{"Ops sync, Tuesday\nPresent: R. Okafor, J. Lind, M. Ferreira\n- {P}: going with {X} ({R})\n- badge readers: parked, nothing decided\n- next sync moves to Thursday", SpeakerTool},
		{"As of this release we send {P} through {X}.\nPicked over the in-house option because {R}.\nCheck with ops before swapping it out.", SpeakerCode},
		{"so is it {X} for {P} or not? the vendor wants an answer today" + TurnSep + "Yes, {X}. I'd lock it in: {R}, and nothing else on the shortlist can say that.", SpeakerTwoTurns},
		{"PO for {X} got signed this morning, it's covering {P}. the deciding factor in the end was that {R}.", SpeakerUser},
		{"From: Gwen Halloran <ghalloran@procurement.example>\nSubject: RE: {P}\n\nHi all,\n\nConfirming the committee approved {X} for {P}. The main argument was that {R}. Paperwork follows next week.\n\nGwen", SpeakerTool},
		{"Going forward we run {P} on {X}. I picked it because {R}; the other two candidates both needed a custom adapter we'd have to maintain.", SpeakerAssistant},
		{"honestly I don't care what we use for {P}, just pick something and run with it" + TurnSep + "Then it's {X}, because {R}. Starting on the integration now.", SpeakerTwoTurns},
		{"NOTE: {X} was chosen for {P} ({R}).\nThe fallback below only exists for the migration window.", SpeakerCode},
		{"vendor call went fine btw. we're standardizing on {X} for {P}: {R}, which nobody else could promise. anyway, back to that flaky test", SpeakerUser},
		{"Change request, status: APPROVED\nRequested: tooling for {P}\nOutcome: {X}, rolling out next sprint\nJustification: {R}", SpeakerTool},
	},
	choices: []string{"Spidertracks", "FlightVector", "GiveCampus", "EverTrue", "Skutt KilnLink", "Bartlett Genesis",
		"Rekor Scout", "Nlets", "Masimo Patient SafetyNet", "Capsule MDIP", "Vistex", "Revelator", "Songtrust", "Watlow F4T"},
	purposes: []string{"the aircraft position feed", "the mission dispatch board", "the phonathon call lists",
		"the pledge reminder emails", "the firing-curve uploads", "the kiln temperature logging", "the plate-read review queue",
		"the out-of-state owner lookups", "the bedside alarm forwarding", "the NICU trend dashboards",
		"the quarterly artist statements", "the distributor sales imports", "the reunion-class giving reports",
		"the violation notice PDFs"},
	reasons: []string{"its Iridium pings keep coming when cell coverage drops",
		"the advancement office already pays for the seat licenses",
		"it logs every thermocouple reading at ten-second intervals",
		"it reads Texas paper plates without a manual review",
		"the biomed team already validated it against the bedside monitors",
		"it splits mechanical and performance income per territory",
		"the DMV contract only permits lookups through that channel",
		"it keeps the statement tables from breaking across pages",
		"the kiln crew can read its ramp display from across the floor",
		"it is the only option cleared for forwarding alarms to staff phones",
		"gift officers will actually open it on their phones",
		"distributors already send their sales reports in that format",
		"dispatchers can override its suggestion with a single keystroke",
		"finance refuses to maintain another reconciliation spreadsheet"},
	taskTpl: []template{
		{"before I forget: somebody has to {X} by Friday and apparently that's me, so stick it on the list", SpeakerUser},
		{"Still outstanding: I couldn't {X} yet because the staging credentials expired. I'll come back to it once they're reset.", SpeakerAssistant},
		{"id   status  owner   title\n412  open    kwame   {X}\n409  closed  lena    update the on-call contact sheet\n(2 rows)", SpeakerTool},
		{"TODO(mkaur): {X} once the vendor sandbox is back up.\nUntil then this returns the cached result.", SpeakerCode},
		{"anything still hanging from yesterday?" + TurnSep + "One thing: we still have to {X}. It's blocked on the export finishing, so I'll pick it up after that.", SpeakerTwoTurns},
		{"Mira is waiting on us to {X}, she's pinged twice already. can we get that done today?", SpeakerUser},
		{"Subject: action needed before month end\n\nHi,\n\nCould your team {X} before the 30th? Our audit window closes then and we can't extend it.\n\nThanks,\nT. Abernathy", SpeakerTool},
		{"I told Jonas I'd {X} right after the deploy, so that's next on my side.", SpeakerAssistant},
		{"plan for tomorrow:\n- {X}\n- look at why the nightly export is slow\n- 1:1 with Sam at 3", SpeakerUser},
		{"FIXME: we need to {X} before this goes live; the totals are wrong until then.", SpeakerCode},
		{"can you {X} while I'm in the budget meeting?" + TurnSep + "Not right now, that needs the prod read replica and my access hasn't come through. I've left it open and will do it as soon as it does.", SpeakerTwoTurns},
		{"[09:14] dana: who's going to {X}?\n[09:15] raj: me, after standup\n[09:15] dana: ty", SpeakerTool},
		{"We're blocked until someone can {X}; I've added it to the open items in the PR description so it doesn't get lost.", SpeakerAssistant},
	},
	tasks: []string{"re-run the tail-number reconciliation for the Bell 407 fleet",
		"import the flight nurse on-call roster into CAD",
		"dedupe the class-of-1998 alumni records before the phonathon",
		"send the matching-gift reminders to the Reunion Weekend donors",
		"upload the cone 10 reduction schedule to kiln 3",
		"recalibrate the zone 4 thermocouple on the tunnel kiln",
		"requeue the plate reads that came back as UNKNOWN_STATE",
		"mail the second-notice invoices for the unregistered trailers",
		"route the pod C desaturation alarms to the charge nurse phones",
		"backfill the missing apnea events from the overnight export",
		"regenerate the Q3 royalty statements for the reissued catalog",
		"reconcile the streaming mechanicals against the publisher's claim file",
		"email the cross-collateralization breakdown to the band's manager",
		"archive the 2019 pledge payment schedules"},
	pathTpl: []template{
		{"fyi the file you want is {X}, not the one linked from the wiki (that copy is two years stale)", SpeakerUser},
		{"Found it: the threshold comes from {X}. I'm changing it there rather than in the env override.", SpeakerAssistant},
		{"Handover notes (Lucia, before leave)\n- the file to watch: {X}\n- runbook: shared drive, Ops folder\n- escalation: the on-call phone", SpeakerTool},
		{"Depends on {X}.\nIf that file moves or gets renamed, update the deploy manifest too.", SpeakerCode},
		{"remind me which file the nightly job chokes on?" + TurnSep + "{X}. It's the first thing the job opens, and the stack trace points straight at it.", SpeakerTwoTurns},
		{"can you diff {X} against what's on the server? something changed over the weekend and nobody's owning up to it", SpeakerUser},
		{"I pointed the batch job at {X} instead of the copy in /tmp, so both runs read the same thing.", SpeakerAssistant},
		{"2026-11-18 03:12:44 ERROR open {X}: permission denied\n2026-11-18 03:12:44 WARN retrying in 30s (attempt 2/5)", SpeakerTool},
		{"Keep this in sync with {X}; the two drift apart every time someone edits only one of them.", SpeakerCode},
	},
	paths: []string{"/var/spool/airmed/cad/inbound/pending_missions.json", "dispatch/lifeflight/cmd/tailtrack/main.go",
		`C:\KilnCtl\profiles\cone10_reduction.kfp`, "~/advancement/exports/phonathon_2026_fall.csv",
		"s3://tollway-plate-images/2026/11/lane-07/manifest.csv", "/etc/nicu/alarm-routing.d/pod-c.yaml",
		"royalties/statements/templates/artist_statement.html.j2", `\\fs02\Royalties\Q3\mechanicals_import.xlsx`,
		"kiln_sched/firing_curves/bisque_04.json", "db/migrations/20261104_add_plate_jurisdiction.sql",
		"advancement/etl/match_gifts.py", "nicu-monitor/src/components/SpO2Trend.tsx",
		"/srv/heli/weather/metar_cache.sqlite", "./scripts/reissue_statements.sh"},
	idTpl: []template{
		{"the one that's wrong is {X}. if you search the logs for it you'll see three retries and then nothing", SpeakerUser},
		{"Traced the bad row back to {X}; every downstream total that looks off inherits from it.", SpeakerAssistant},
		{"Escalation from the service desk\nRef: {X}\nPriority: P2\nSummary: caller says the record doesn't match what's on paper. Please advise.", SpeakerTool},
		{"Regression case: {X} used to come out empty here.\nKeep it in the fixtures.", SpeakerCode},
		{"which one was it again, the record that broke the nightly run?" + TurnSep + "{X}. I've pinned it in the test data so it can't regress quietly.", SpeakerTwoTurns},
		{"quote {X} when you open the vendor ticket, they won't look at anything without it", SpeakerUser},
		{"For the record, the item I used to reproduce it is {X}.", SpeakerAssistant},
		{"WARN reconcile: mismatch on {X} (expected 1 row, got 2); skipping", SpeakerTool},
		{"Kemi sent over {X} as the example that's been bugging her. can you look at it after this?", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(15) {
		case 0:
			return fmt.Sprintf("MSN-%02d-%05d", 25+r.IntN(2), r.IntN(100000))
		case 1:
			return fmt.Sprintf("N%d%c%c", 100+r.IntN(900), letter(), letter())
		case 2:
			return fmt.Sprintf("GB%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 3:
			return fmt.Sprintf("FL-K%d-26%02d%02d-%02d", 1+r.IntN(6), 1+r.IntN(12), 1+r.IntN(28), 1+r.IntN(20))
		case 4:
			return fmt.Sprintf("NOV-%d-%07d", 2025+r.IntN(2), r.IntN(10000000))
		case 5:
			return fmt.Sprintf("TRX-%012d", r.Int64N(1000000000000))
		case 6:
			states := []string{"TX", "OK", "LA", "NM", "AR"}
			return fmt.Sprintf("%s %c%c%c%04d", states[r.IntN(len(states))], letter(), letter(), letter(), r.IntN(10000))
		case 7:
			return fmt.Sprintf("MX40-%c%06d", letter(), r.IntN(1000000))
		case 8:
			return fmt.Sprintf("ALM-2026%02d%02d-%06d", 1+r.IntN(12), 1+r.IntN(28), r.IntN(1000000))
		case 9:
			cc := []string{"US", "GB", "QZ", "CA"}
			return fmt.Sprintf("%s-%c%c%d-%02d-%05d", cc[r.IntN(len(cc))], letter(), letter(), r.IntN(10), 24+r.IntN(3), r.IntN(100000))
		case 10:
			return fmt.Sprintf("RS-%dQ%d-%05d", 2025+r.IntN(2), 1+r.IntN(4), r.IntN(100000))
		case 11:
			keys := []string{"AIRMED", "KILN", "TOLLBIL", "NICUMON", "ROYST", "ADVNC"}
			return fmt.Sprintf("%s-%d", keys[r.IntN(len(keys))], 100+r.IntN(4900))
		case 12:
			return fmt.Sprintf("%010x", r.Uint64()&0xffffffffff|0x1000000000)
		case 13:
			return fmt.Sprintf("19%010d", r.Int64N(10000000000))
		}
		return fmt.Sprintf("DSP-%d-%06d", 25+r.IntN(2), r.IntN(1000000))
	},
	distractorTpl: []template{
		{"fwiw we trialed {X} for {P} last spring and pulled it after three weeks. not going back there", SpeakerUser},
		{"If we were starting from scratch I might reach for {X} for {P}, but nobody's proposing a rewrite, so I'm leaving it as is.", SpeakerAssistant},
		{"---------- Forwarded message ----------\nFrom: j.whitcombe@partner.example\n\nFor what it's worth, our group went with {X} for {P} because {R}. Your call entirely, just sharing what we did.", SpeakerTool},
		{"did anyone ever decide whether {X} is OK for {P}?" + TurnSep + "Not as far as I can tell. It's still sitting on the vendor review list with no sign-off, so I wouldn't build on it yet.", SpeakerTwoTurns},
		{"Sample only: roughly what wiring {X} into {P} would look like.\nNot called anywhere; kept for the design doc.", SpeakerCode},
		{"update: Kofi managed to {T} last night and checked it on prod, so that one's off the list", SpeakerUser},
		{"id   status  owner  title\n388  closed  ines   {T}\nresolution: fixed, verified by requester", SpeakerTool},
		{"No need to {T} again, I already did that earlier in this session and the output checked out. Nothing left there.", SpeakerAssistant},
		{"Vendor review, round two\n- {X}: eliminated (pricing, and the pilot site hated it)\n- remaining finalists to present Friday", SpeakerTool},
	},
	rejected: []string{"Outerlink IRIS", "Raiser's Edge NXT", "Graduway", "Orton Sentry", "OpenALPR Watchman",
		"Conduent Vector", "IntelliVue Guardian", "Mindray BeneVision", "RoyaltyShare", "FUGA Analytics"},
	done: []string{"move the LifeFlight weather minimums into the shared config",
		"purge the duplicate donor records from the 2023 gala import",
		"load the glaze-fire ramp rates for kiln 2",
		"void the plate reads from the broken lane 5 camera",
		"export the overnight bradycardia events for the QI review",
		"send the corrected Q2 statements to the distributed labels",
		"retire the old phonathon caller scripts"},
}
