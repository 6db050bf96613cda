package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning20 returns n facts of each kind (plus n distractors) from the
// twentieth tuning set. Its domains are a wind farm's blade inspections
// (drone surveys, leading-edge erosion, bolt torque, lightning receptors),
// a theatre's box office (subscriptions, house seats, will-call, comps), a
// pet insurance claims desk (vet invoices, pre-existing condition reviews,
// reissued claims), a university's research computing cluster (Slurm
// partitions, scratch purges, software modules, allocations), a food
// bank's warehouse (donated pallets, TEFAP commodities, recalls, partner
// agency orders) and an elevator maintenance contractor (callouts, door
// operators, load tests, operating certificates). Most of the weight is on
// pending tasks said indirectly: a side remark buried in a long message, a
// condition on flipping a switch, an apology for not having done it yet, a
// teammate asking for status, an escalation bot's reminder, a changes
// requested review comment, an owner line in meeting notes, kanban and CSV
// rows still in todo or in progress, a voicemail transcript, a sticky note,
// TODOs inside YAML and SQL comments, "this still needs", "someone should"
// and "I'm on the hook to". Decisions are implied by a demo consensus, a
// countersigned contract, minutes, an ADR, an approval email, a chat export
// and code already wired to the choice; paths come in Unix, relative,
// home-directory, Windows drive, UNC and s3/gs/sftp forms; identifiers are
// turbine and blade tags, inspection reports, performance codes, box office
// orders, claim and policy numbers, Slurm job ids, project allocations,
// donation lots, agency numbers, elevator certificates and callouts.
// Distractors are options piloted and pulled, hypotheticals, another
// region's setup, open questions, API samples, rejected shortlists, a lost
// benchmark and finished tasks. It was written without reading the
// summarizer, as a tuning set.
func Tuning20(seed uint64, n int) []Fact { return tuning20.facts(seed, n) }

var tuning20 = factSet{
	decisionTpl: []template{
		{"right, so after yesterday's demo the room basically agreed on {X} for {P}: {R}, and nobody came up with a counter-argument worth writing down. go ahead and set it up when you get a minute", SpeakerUser},
		{"{P} now goes through {X}. I made it the default in the settings module because, per your note this morning, {R}.", SpeakerAssistant},
		{"Thursday coordination call, notes\nPresent: Oyelaran, Vos, Baptiste, the night lead\n\nItem 1, {P}: settled on {X}. Recorded reason: {R}.\nItem 2, contractor parking: deferred again.\nItem 3, holiday cover: Vos to circulate a sheet.", SpeakerTool},
		{"{X} is the backend for {P}; see the decision record.\nPicked because {R}. Replacing it needs the ops manager's sign-off.", SpeakerCode},
		{"which way did we go on {P} in the end? I missed the call" + TurnSep +
			"{X}. It came down to the fact that {R}. I've already updated the integration to match, so nothing else needs to change on your side.", SpeakerTwoTurns},
		{"finance countersigned the contract for {X} this morning, so {P} is sorted. the approval note says {R}, which is more or less what I argued last month", SpeakerUser},
		{"To be clear about what I've built against: {X} for {P}. You picked it on the grounds that {R}, and nothing in the code assumes the alternatives anymore.", SpeakerAssistant},
		{"From: Ilse Marchetti\nTo: operations\nSubject: Re: {P}, go/no-go\n\nGo with {X}. The clincher for me is that {R}. I'll let the other bidders know on Monday.\n\nIlse", SpeakerTool},
		{"ADR-017: {P}\nStatus: Accepted\nDecision: adopt {X}.\nWhy: {R}.\nConsequences: the legacy exporter is retired at the end of the quarter.", SpeakerTool},
		{"{X} for {P}, final answer. yes, I know it costs more, but {R}. moving on, what's next on the list?", SpeakerUser},
		{"[14:20] rafa: ok, {P}. last chance to object\n[14:21] ngozi: {X}. {R}\n[14:21] rafa: fine by me, it's {X} then\n[14:22] ngozi: coffee?", SpeakerTool},
		{"Production wiring: {P} -> {X}.\nAgreed in the spring review, since {R}.", SpeakerCode},
		{"I'm leaning towards {X} for {P}, mainly because {R}. unless you see a problem?" + TurnSep +
			"No problem from my side. I'll treat {X} as the pick and take out the stub I wrote for the other option.", SpeakerTwoTurns},
		{"Switched {P} over to {X}, as agreed. For the record, the deciding factor was that {R}.", SpeakerAssistant},
	},
	choices: []string{"SkySpecs Horizon", "Sulzer Schmid 3DX", "Aerones", "Spektrix", "Audience Republic Box Office",
		"AudienceView Professional", "Guidewire ClaimCenter", "Snapsheet", "Open OnDemand", "BeeGFS", "Spack",
		"Ceres6", "Link2Feed", "KONE 24/7 Connected Services", "Otis ONE", "BlueFolder"},
	purposes: []string{"drone imagery of the blade leading edges", "tracking leading-edge erosion between seasons",
		"rope-access repair scheduling", "subscriber seat renewals", "will-call and comp ticket handling",
		"weekend matinee pricing", "vet invoice intake", "pre-existing condition reviews",
		"interactive sessions on the GPU partition", "the shared scratch filesystem",
		"building the bioinformatics software stack", "partner agency ordering", "client intake at the mobile pantries",
		"remote monitoring of the hospital lifts", "callout dispatch for the night technicians",
		"cold-storage bay inventory"},
	reasons: []string{"the insurer accepts its reports as evidence for blade warranty claims",
		"it stitches a whole blade from a single drone flight",
		"subscribers can swap performances without phoning the box office",
		"the box office staff already trained on it last season",
		"it reads the itemised lines off a PDF invoice with no manual retyping",
		"underwriters see the full medical history in a single pane",
		"researchers get a browser desktop without having to learn SSH",
		"it survived the metadata storm that took the old filesystem down",
		"it pins compiler versions per module",
		"its exports map straight onto the Feeding America reporting template",
		"partner pantries can place orders from a phone",
		"the state inspector accepts its fault history as maintenance records",
		"it pages the on-call tech with the car's last error code",
		"it keeps working offline down in the machine rooms",
		"the county grant requires household counts by ZIP"},
	taskTpl: []template{
		{"ok so the export finally ran, numbers look sane, and I showed the dashboard to Marisol, who was weirdly happy about the colours. unrelated, but while I remember: somebody still has to {X}. it came up on Friday and I don't think anyone picked it up. anyway, can you look at why the totals row is off by one?", SpeakerUser},
		{"before we flip the switch on the new flow, someone needs to {X}. until that's done I'd rather keep the old path live", SpeakerUser},
		{"Sorry, I haven't gotten to {X} yet; the test failures ate the afternoon. It's still on my list and it's the next thing I'll pick up.", SpeakerAssistant},
		{"Gwen from the other team is asking for status: has anyone managed to {X}?" + TurnSep +
			"Not yet, nobody has. It's still open. I can take it after this refactor if you want me to.", SpeakerTwoTurns},
		{"[escalation-bot] Unacknowledged item, 2nd reminder\nTask: {X}\nOpen for: 6 days\nOwner: none\nReply ACK to take it, otherwise the duty manager gets paged at 18:00.", SpeakerTool},
		{"Review from t.achebe on PR #2214 (changes requested)\n\n> config/thresholds.go, line 88\nThis can't merge until you {X}. Everything else looks fine, happy to re-review after.", SpeakerTool},
		{"Standup notes, Wednesday\n- inspection backlog: down to 11\n- Action: {X}\n  Owner: Joaquín   Due: Tue\n- next sync moves to 10:30", SpeakerTool},
		{"card_id,title,status,assignee,updated\n4468,archive the old rota spreadsheets,done,bea,2026-05-30\n4471,{X},todo,,2026-06-02\n4472,fix the badge printer,in progress,omar,2026-06-01", SpeakerTool},
		{"Board export, In Progress lane\nCARD   ASSIGNEE  AGE  TITLE\nK-88   luz       3d   {X}\nK-91   luz       1d   tidy the shared drive", SpeakerTool},
		{"Voicemail, Tue 07:52, 0:41 (automatic transcript)\n\"Hi, it's Noor, um, calling from the loading dock. Just a heads-up that nobody's been able to {X} yet and we really need that done before the auditors show up. Call me back on the usual number. Thanks, bye.\"", SpeakerTool},
		{"found a sticky note on my monitor in my own handwriting: \"DON'T FORGET: {X}\". no idea when I wrote it, but it definitely hasn't happened", SpeakerUser},
		{"retention:\n  scratch_days: 30\n  notify_before_days: 7\n  # TODO(rk): {X} before this policy goes live\n  exempt_groups:\n    - admins", SpeakerTool},
		{"-- monthly rollup, run by cron at 02:00\n-- TODO: {X}; until that happens the June totals are provisional\nSELECT site, count(*) FROM visits GROUP BY site;", SpeakerTool},
		{"The patch is in and the tests pass, but this still needs someone to {X} before it's really finished. I can't do that part from the repo.", SpeakerAssistant},
		{"honestly someone should {X}. it's been bugging me for weeks and I keep assuming somebody else did it", SpeakerUser},
		{"I'm on the hook to {X} by Thursday and haven't even started, so if you can take the script part off my plate that would help a lot", SpeakerUser},
		{"TODO: {X}.\nThe fallback below only exists until that's done; delete it afterwards.", SpeakerCode},
		{"Don't remove this check until someone has been able to {X}.\nAsked about it in #ops on the 3rd; still no owner.", SpeakerCode},
		{"are we clear to ship this tonight?" + TurnSep +
			"Almost. The one thing in the way is that we still need to {X}; once that's done it can go out.", SpeakerTwoTurns},
		{"what was it Ifeoma wanted from us on the call? I zoned out halfway" + TurnSep +
			"She asked us to {X}. She wasn't pushy about it, but she did say it has to be done before month end.", SpeakerTwoTurns},
		{"Heads-up: the reviewer left a change request asking me to {X} first. I haven't done that yet, so the PR is still blocked.", SpeakerAssistant},
		{"FIXME(ops): is anyone actually going to {X}?\nUntil then the thresholds below are guesses.", SpeakerCode},
	},
	tasks: []string{"re-torque the blade bolts on turbine 14", "upload the north string drone footage to the inspection portal",
		"book the rope-access crew for the leading-edge repairs on T22", "reprint the will-call envelopes for Saturday's matinee",
		"release the unsold house seats for the Thursday preview", "refund the subscribers moved off the cancelled opening night",
		"request the full medical history for the cruciate ligament claim",
		"reissue the declined hip dysplasia claim with the corrected diagnosis code",
		"email the vet clinics about the itemised invoice requirement", "drain the GPU partition before the firmware update",
		"extend the scratch purge exemption for the genomics lab", "rebuild the CUDA modules against the new driver",
		"pull the recalled peanut butter lot from bay 6", "log the walk-in freezer temperatures from the power cut",
		"send the TEFAP shipment counts to the state office", "replace the door operator belt on car 3 at the Riverside tower",
		"schedule the five-year load test on the hospital service elevator",
		"renew the operating certificate for the library annex elevator"},
	pathTpl: []template{
		{"the file you want is {X}, not the one with 'final' in the name. that one's from last year", SpeakerUser},
		{"The loader was actually reading {X}; the path in the README is stale, so I fixed the README instead of the code.", SpeakerAssistant},
		{"Where things are (after the storage move)\n  current: {X}\n  archive: ask Paulo\n  temp: wiped nightly", SpeakerTool},
		{"Mirrors the layout of {X}.\nIf someone adds a column there this parser fails loudly, on purpose.", SpeakerCode},
		{"where does the nightly export land these days?" + TurnSep +
			"In {X}. I checked the cron job's config to be sure.", SpeakerTwoTurns},
		{"careful with {X}, the night shift opens it from the control room and they get cranky when it's locked", SpeakerUser},
		{"2026-06-03 04:10:55 ERROR sync: could not open {X}: permission denied\n2026-06-03 04:10:55 INFO sync: will retry in 10m", SpeakerTool},
		{"I copied {X} into testdata, so the tests no longer depend on the live share.", SpeakerAssistant},
		{"fyi it moved to {X} last week. IT sent one of those emails nobody reads", SpeakerUser},
		{"From: Site IT\nSubject: new location\n\nThe files you asked about now live at {X}. Old links stop working on Friday.", SpeakerTool},
	},
	paths: []string{"/srv/windops/inspections/2026/T14_blade_B.json", "C:\\BladeInspect\\exports\\north_string_erosion.xlsx",
		"s3://windfarm-drone-raw/2026-05/wtg-22/", "\\\\boxoffice-fs\\Shared\\Subscriptions\\renewals_2026-27.csv",
		"~/boxoffice/reports/house_seats_thursday.pdf", "claims/intake/rules/itemised_invoice.yaml",
		"gs://petclaims-docs-prod/vet-invoices/2026/06/", "/etc/slurm/partitions.d/gpu-a100.conf",
		"/scratch/genomics/.purge_exempt", "./modules/cuda/12.4.lua", "sftp://transfer.statefoodbank.org/tefap/inbound/",
		"D:\\Warehouse\\Recalls\\2026\\peanut_butter_bay6.docx", "/opt/liftmon/sites/riverside/car3_faults.log",
		"Z:\\Elevators\\Certificates\\library_annex.pdf", "~/Documents/Food Bank/partner agencies/order_window.xlsx",
		"../shared/inspection-templates/leading_edge_v4.docx"},
	idTpl: []template{
		{"the bad one is {X}, everything else in the batch went through", SpeakerUser},
		{"Only {X} fails validation; the rest of the batch parsed cleanly, so it's a data problem rather than a code one.", SpeakerAssistant},
		{"Ticket 55120\nRe: {X}\nPriority: P2\nReporter: front desk\nStatus: waiting on customer", SpeakerTool},
		{"Regression fixture: {X} used to make the importer skip a row.\nKeep it, even though it looks redundant.", SpeakerCode},
		{"what's the reference on the one that bounced? I need it for the incident form" + TurnSep +
			"{X}. It's in the error log twice, once per retry.", SpeakerTwoTurns},
		{"when you write to them put {X} in the subject line, or they'll bounce it back", SpeakerUser},
		{"2026-06-02T21:44:03Z WARN import: skipped {X}: duplicate key\n2026-06-02T21:44:03Z INFO import: 1204 ok, 1 skipped", SpeakerTool},
		{"I hard-coded {X} in the test because it's the record you pasted earlier.", SpeakerAssistant},
		{"Hello,\n\nI'm following up again about {X}. Nobody has replied in a week and I'd like an update.\n\nBest,\nA. Lindqvist", SpeakerTool},
		{"reference,state,touched_by\n{X},on_hold,night_shift\n(1 row)", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		slots := []string{"MAT", "EVE", "PRV", "GAL"}
		switch r.IntN(14) {
		case 0: // turbine tag
			return fmt.Sprintf("WTG-%c%02d", "NSEW"[r.IntN(4)], 1+r.IntN(60))
		case 1: // blade serial
			return fmt.Sprintf("BL%d-%c%06d", 58+r.IntN(20), letter(), r.IntN(1000000))
		case 2: // inspection report
			return fmt.Sprintf("INSP-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 3: // performance code
			return fmt.Sprintf("P%02d%02d-%s", 1+r.IntN(12), 1+r.IntN(28), slots[r.IntN(len(slots))])
		case 4: // box office order
			return fmt.Sprintf("BO-%08d", r.IntN(100000000))
		case 5: // pet insurance claim
			return fmt.Sprintf("CLM%d%07d", 25+r.IntN(2), r.IntN(10000000))
		case 6: // policy number
			return fmt.Sprintf("PP-%c%c-%06d", letter(), letter(), r.IntN(1000000))
		case 7: // Slurm array job
			return fmt.Sprintf("%d_%d", 40000000+r.IntN(9000000), r.IntN(500))
		case 8: // cluster allocation account
			return fmt.Sprintf("rc-%c%c%c%04d", letter()+32, letter()+32, letter()+32, r.IntN(10000))
		case 9: // donation lot
			return fmt.Sprintf("DN%02d%02d-%03d", 1+r.IntN(12), 1+r.IntN(28), r.IntN(1000))
		case 10: // partner agency number
			return fmt.Sprintf("AGY-%04d", r.IntN(10000))
		case 11: // elevator operating certificate
			return fmt.Sprintf("EOC %d-%06d", 25+r.IntN(2), r.IntN(1000000))
		case 12: // elevator callout
			return fmt.Sprintf("CO%07d", r.IntN(10000000))
		}
		// inspection drone flight log hash
		return fmt.Sprintf("flt-%012x", r.Uint64()&0xffffffffffff)
	},
	distractorTpl: []template{
		{"we piloted {X} for {P} last autumn and ripped it out after a month, so that's off the table", SpeakerUser},
		{"If we ever outgrow the current setup, {X} would be the obvious thing to evaluate for {P}. Just a thought for later, not a recommendation.", SpeakerAssistant},
		{"Forwarded from the northern region:\n\"We run {X} for {P} up here, mainly because {R}.\"\nTheir situation, not ours; no change planned here.", SpeakerTool},
		{"could {X} work for {P}, do you think?" + TurnSep +
			"Can't say without a trial. I've noted it as a question for the vendor call; nothing has been decided.", SpeakerTwoTurns},
		{"Sample payload copied from the {X} API reference.\nWe don't integrate with {X}; it's only here to show the field names.", SpeakerCode},
		{"Shortlist for {P}\n  {X}: rejected (no on-prem option, support in the wrong timezone)\n  incumbent: retained", SpeakerTool},
		{"oh and cross off the one to {T}, Femi sorted it before he left yesterday", SpeakerUser},
		{"Completed since the last report\n  - {T} (signed off by the shift lead)\n  - nothing reopened", SpeakerTool},
		{"You mentioned needing to {T}; I checked, and that was already done on Monday, so I've left it off the list.", SpeakerAssistant},
		{"Historical note: we used to {T} by hand every month.\nIt's scripted now; nothing to do here.", SpeakerCode},
		{"I also ran {X} against the current setup for {P}; it came out slower on every test, so I dropped it.", SpeakerAssistant},
	},
	rejected: []string{"Cyberhawk iHawk", "BladeBUG", "OvationTix", "ThunderTix", "PetHealth Claims Hub",
		"Vetsource Claims", "Lustre", "Warewulf", "Oasis Insight", "Vivery", "Schindler Ahead", "UpKeep CMMS"},
	done: []string{"re-seal the lightning receptors on turbine 9", "print the comp list for press night",
		"close out the duplicate claims from the vet portal outage", "migrate the home directories to the new storage",
		"count the turkey donations from the November drive", "reset the fire-service recall on car 2",
		"send the subscription renewal reminders", "patch the cluster login nodes"},
}
