package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning16 returns n facts of each kind (plus n distractors) from the
// sixteenth tuning set. Its domains are an airport's ground-support
// equipment (tugs, belt loaders, de-icing rigs), a private bank's client
// onboarding (mandates, source-of-wealth papers), a vineyard's harvest and
// barrel tracking, a university's exam scheduling (rooms, invigilators,
// clashes), a home-health agency's visit routing and a cinema chain's
// projection booths (KDMs, playlists, lamp hours). Facts are phrased the
// way they turn up in long working sessions: chatty user messages with
// asides, approvals that carry the decision, questions answered on the
// next turn, meeting minutes, email threads, chat exports, tracker tables,
// change lists, log lines and code comments; tasks come as promises,
// nudges, blockers, shopping lists and minutes' actions. Distractors are
// options trialled and dropped, ideas for later, another site's choice,
// undecided questions, example configs and work already finished. The set
// was written without reading the summarizer, and is used as a tuning set.
func Tuning16(seed uint64, n int) []Fact { return tuning16.facts(seed, n) }

var tuning16 = factSet{
	decisionTpl: []template{
		{"ok, came out of the procurement call with an answer: we're going with {X} for {P}, mostly because {R}. nobody has the energy for another bake-off", SpeakerUser},
		{"which one did you end up wiring in for {P}?" + TurnSep + "{X}. I went with it because {R}; the adapter is in and the old client calls are gone.", SpeakerTwoTurns},
		{"Ops tooling sync, minutes\nPresent: R. Okafor, J. Marsh, T. Lindqvist\n1. {P}: agreed on {X} (reason given: {R}).\n2. AOB: contractor parking passes, no change.", SpeakerTool},
		{"Everything for {P} goes through {X}.\nPicked because {R}. Talk to ops before swapping it for something else.", SpeakerCode},
		{"I've moved {P} over to {X} and deleted the old integration. That lines up with what you said this morning, since {R}.", SpeakerAssistant},
		{"Read your comparison. approved: {X} for {P}. the bit that sold me is that {R}. go ahead and raise the PO", SpeakerUser},
		{"From: Hannah Cole\nTo: ops-leads\nSubject: RE: {P}\n\nHi all,\n\nSigning off on {X} here. Main driver is that {R}. Invoices to AP as usual.\n\nHannah", SpeakerTool},
		{"Changes in this pass:\n- {P}: moved to {X} (chosen because {R})\n- dropped the unused fixtures\n- bumped the linter config", SpeakerAssistant},
		{"procurement says they don't mind what we use for {P} as long as it fits the budget, so it's your call really" + TurnSep + "Then {X}, given that {R}. I've already started on the integration branch.", SpeakerTwoTurns},
		{"[09:14] dana.w: are we doing {X} for {P} or not?\n[09:15] marco.r: yes, {X}. it's settled, because {R}\n[09:15] dana.w: great, booking the kickoff", SpeakerTool},
		{"Using {X} here rather than rolling our own for {P}:\n{R}, and the contract is already signed.", SpeakerCode},
		{"Sorry for the wall of text earlier. Short version: {X} is what we're standing up for {P}, since {R}. Marta's team gets access next week.", SpeakerUser},
	},
	choices: []string{"GroundStar", "Fenergo", "InnoVint", "CELCAT", "AlayaCare", "Qube Wire", "Appway", "vintrace",
		"HHAeXchange", "Dolby IMS3000", "Scientia Enterprise", "TaxiBot", "Avaloq", "Barco Alchemy"},
	purposes: []string{"the tug and belt-loader telematics", "GPU and air-start unit scheduling", "de-icing rig maintenance logs",
		"source-of-wealth document capture", "the client risk questionnaire", "e-signing the account mandates",
		"barrel topping records", "weighbridge tickets at crush", "exam room allocation", "invigilator rostering",
		"clash detection for resit exams", "nurse visit routing", "electronic visit verification", "KDM delivery to the booths",
		"projector lamp-hour tracking", "show playlist scheduling"},
	reasons: []string{"it runs offline on the handhelds for a full shift", "their API pushes changes in under a minute",
		"the regulator already accepts its audit export", "the data stays in a Zurich data centre",
		"the per-seat price halves above two hundred users", "it imports our existing spreadsheets without any cleanup",
		"IT already supports it on the managed laptops", "its support desk answered within an hour during the trial",
		"it keeps a tamper-evident history of every edit", "the previous vendor is ending support next spring",
		"it prints to the Zebra printers already on site", "the pilot site cut double entry by a third",
		"it reads barcodes through gloves in the cold", "it copes with overnight shifts without manual fixes"},
	taskTpl: []template{
		{"before I forget: someone has to {X} this week and it's probably going to be you, sorry", SpeakerUser},
		{"Still open on my side: I need to {X}. I'll do it once the import finishes.", SpeakerAssistant},
		{"ID   Owner  Due  Status  Item\n412  mk     Thu  OPEN    {X}\n409  jl     --   DONE    update the shift handover sheet", SpeakerTool},
		{"FIXME(jo): blocked until we {X}.\nThe numbers below are placeholders till then.", SpeakerCode},
		{"is there anything I still owe the ops people?" + TurnSep + "One thing: you promised to {X} by Thursday, and I don't see it done yet.", SpeakerTwoTurns},
		{"ugh, and I still haven't managed to {X}. that can't slip past Monday", SpeakerUser},
		{"Subject: action needed\n\nHi, quick nudge: could you {X} before the audit on the 14th? We're blocked on it.\n\nThanks,\nPriya", SpeakerTool},
		{"I didn't get to it in this pass. We're waiting on the vendor's reply before I can {X}.", SpeakerAssistant},
		{"for tomorrow:\n- {X}\n- lunch with the auditors\n- look at the parking thing", SpeakerUser},
		{"can we {X} today, or is that blocked?" + TurnSep + "Blocked until the access request clears. I'll pick it up as soon as it does.", SpeakerTwoTurns},
		{"Not safe to run unattended until somebody has time to {X}.\nUntil then, trigger it by hand and watch the first batch.", SpeakerCode},
		{"Actions\n- AR to {X} (carried over from last week)\n- TL: no actions", SpeakerTool},
		{"Heads up: the ticket says the deadline to {X} is end of day tomorrow, and nobody has picked it up.", SpeakerAssistant},
		{"Marta says she'll only sign off once we {X}, so that's on us now", SpeakerUser},
	},
	tasks: []string{"recalibrate the load cells on the weighbridge", "re-tag the barrels moved to the north cellar",
		"pull the lamp-hour readings from screens 4 through 9", "chase the missing KDMs for Friday's premiere",
		"upload the certified passport copies to the client file", "get the second signatory on the Keller family mandate",
		"publish the draft exam timetable to the faculty portal", "book extra invigilators for the Saturday sitting",
		"reroute the Tuesday visits around the bridge closure", "confirm the wound-care nurse for the Hadley Road patient",
		"swap the hydraulic hoses on belt loader 12", "renew the airside permits for the night-shift tug drivers",
		"reconcile the topping log against the barrel inventory", "email the clash report to the registry office"},
	pathTpl: []template{
		{"the file you want is {X}, ignore the copy on the shared desktop", SpeakerUser},
		{"Found it: the value is coming from {X}, not from the defaults in code.", SpeakerAssistant},
		{"[11:02] tomas: whoever picks this up next, the bit that matters is in {X}\n[11:03] ines: noted, thanks", SpeakerTool},
		{"Kept in sync with {X}.\nIf you change one, change the other, or the nightly check fails.", SpeakerCode},
		{"which file did you end up changing?" + TurnSep + "Just {X}. Nothing else needed touching.", SpeakerTwoTurns},
		{"careful with {X}, ops keep their own copy and they don't know we touch it", SpeakerUser},
		{"Ticket notes:\nCustomer reports stale data on the dashboard. Traced it to {X}, last modified 9 days ago; refreshed it and re-synced.", SpeakerTool},
		{"I've left {X} alone for now; it's referenced from two places and I'd rather you look first.", SpeakerAssistant},
		{"can you diff {X} against the copy Jo emailed? something's off with the totals", SpeakerUser},
	},
	paths: []string{"/etc/gse-telematics/tugs.d/ramp-east.yaml", "onboarding/src/forms/SourceOfWealth.tsx",
		`C:\ProgramData\DoremiIMS\kdm\incoming\KDM_screen04_2025-10-17.xml`, `\\booth-srv02\cinema\playlists\screen07.xml`,
		"s3://cellar-lots-prod/2025/barrels/export.parquet", "~/harvest/weighbridge/2025-09-bin-tags.csv",
		"exams/timetable/solver/constraints/room_capacity.py", "/var/log/visitrouter/optimizer.log",
		"db/migrations/0031_add_barrel_topping_events.sql", "./scripts/export_invigilator_rota.sh",
		"gs://homehealth-evv-archive/visits/2025/10/part-00017.json.gz", "ramp-ops/config/stands/B-pier.toml",
		"/mnt/tms/dcp-ingest/HARBOURLIGHTS_FTR-1_F_EN-XX_51_4K_20250301_IOP_OV/ASSETMAP.xml",
		"clients/onboarding/templates/mandate_letter_ch.docx", `%APPDATA%\VisitNav\offline-cache.db`,
		"/Users/dlopez/Downloads/Exam_Clash_Report_Spring.xlsx"},
	idTpl: []template{
		{"the one we keep going round in circles about is {X} btw", SpeakerUser},
		{"Matched it: {X} is the record with the duplicate entry.", SpeakerAssistant},
		{"Please quote {X} in any reply so it reaches the right team.\n\nKind regards,\nService Desk", SpeakerTool},
		{"Hard-coded for now: only {X} goes down this path.\nRemove once the lookup table is populated.", SpeakerCode},
		{"what's the reference on the one that failed last night?" + TurnSep + "{X}. It's the only one with an error in the log.", SpeakerTwoTurns},
		{"if they call back, it's {X}. write it down somewhere", SpeakerUser},
		{"2025-10-03T06:41:17Z WARN reconcile: mismatch on {X} (expected 1 record, got 2)\n2025-10-03T06:41:17Z INFO reconcile: 1 mismatch, 3112 ok", SpeakerTool},
		{"I've pinned the test fixture to {X} so the regression reproduces every time.", SpeakerAssistant},
		{"It's {X}, not the number in the screenshot. The screenshot is from the old system.", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		pick := func(list ...string) string { return list[r.IntN(len(list))] }
		switch r.IntN(14) {
		case 0: // ground-support equipment asset tag
			return fmt.Sprintf("GSE-%s-%04d", pick("LHR", "DUB", "CPH", "ZRH", "MAN", "AMS"), r.IntN(10000))
		case 1: // GSE maintenance work order
			return fmt.Sprintf("WO-%07d", 1000000+r.IntN(9000000))
		case 2: // onboarding case
			return fmt.Sprintf("ONB-%d-%05d", 2024+r.IntN(3), r.IntN(100000))
		case 3: // private bank portfolio number
			return fmt.Sprintf("%04d-%06d.%03d", 100+r.IntN(900), r.IntN(1000000), 1+r.IntN(20))
		case 4: // barrel
			return fmt.Sprintf("BRL-%s%02d-%03d", pick("FR", "US", "HU"), 19+r.IntN(7), r.IntN(1000))
		case 5: // harvest lot
			return fmt.Sprintf("%02d%s-B%d-%c", 20+r.IntN(6), pick("CS", "PN", "CH", "SB", "ME", "SY"), 1+r.IntN(24), 'A'+rune(r.IntN(6)))
		case 6: // weighbridge ticket
			return fmt.Sprintf("WT%06d", r.IntN(1000000))
		case 7: // exam paper
			return fmt.Sprintf("%s%d-EX-S%d", pick("MATH", "CHEM", "ECON", "LAWS", "HIST", "PHYS"), 1000+r.IntN(4000), 1+r.IntN(2))
		case 8: // student number
			return fmt.Sprintf("s%07d", r.IntN(10000000))
		case 9: // home-health visit
			return fmt.Sprintf("VST-%s-%06d", pick("N", "E", "SW", "C"), r.IntN(1000000))
		case 10: // patient record number
			return fmt.Sprintf("MRN%08d", r.IntN(100000000))
		case 11: // cinema composition playlist
			return fmt.Sprintf("urn:uuid:%08x-%04x-4%03x-%x%03x-%012x", r.Uint32(), r.Uint32()&0xffff, r.Uint32()&0xfff,
				8+r.IntN(4), r.Uint32()&0xfff, r.Uint64()&0xffffffffffff)
		case 12: // media server serial
			return fmt.Sprintf("IMS3K-%c%05d", 'A'+rune(r.IntN(8)), r.IntN(100000))
		}
		// tracker key
		return fmt.Sprintf("%s-%d", pick("RAMP", "ONBD", "CELLAR", "EXAMS", "ROUTE", "BOOTH"), 10+r.IntN(2990))
	},
	distractorTpl: []template{
		{"we trialled {X} for {P} in the spring and dropped it, so please don't bring it back up", SpeakerUser},
		{"If the budget ever frees up, {X} might be worth a look for {P}, but nothing's been decided and I haven't touched it.", SpeakerAssistant},
		{"FYI: the Lyon site went with {X} for {P} last year because {R}. Not our call, sharing for context only.", SpeakerTool},
		{"has anyone actually decided between {X} and what we have now for {P}?" + TurnSep + "Not yet. It's on the steering group agenda and nobody has committed to anything.", SpeakerTwoTurns},
		{"Example config only, e.g. vendor = \"{X}\".\nThe real value comes from the environment; don't read anything into this one.", SpeakerCode},
		{"Closed this week\n- [x] {T}\n- [x] updated the on-call sheet", SpeakerTool},
		{"fyi I already {T} this morning, cross it off", SpeakerUser},
		{"Item 3, {P}: proposal to move to {X} declined by the board on cost. Revisit in Q3.", SpeakerTool},
		{"That part's done: I {T} before lunch, nothing left there.", SpeakerAssistant},
	},
	rejected: []string{"Syllabus Plus", "Vinsight", "WellSky", "GDC SR-1000", "Temenos", "Moxtra", "Axxess", "eVineyard", "RampTrak"},
	done: []string{"replaced the xenon lamp in screen 3", "re-ran the exam clash report for the spring session",
		"loaded the 2025 block maps into the harvest app", "migrated the visit notes off the old tablets",
		"scanned the signed mandates into the client file", "serviced the de-icing rig at stand 14",
		"topped the new French oak barrels"},
}
