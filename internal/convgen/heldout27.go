package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut33 returns n facts of each kind from the thirty-third held-out
// set. Its domains are a taxidermy workshop (capes, tanning, mount forms,
// client orders), a port pilotage service (dispatch, portable pilot units,
// under-keel clearance), a cord-blood bank (processing, cryostorage,
// courier shipments), a theatre fly-tower rigging crew (line sets,
// counterweight arbors, chain hoists), a rice mill's dryers and drying
// silos (moisture, temperature cables, paddy lots) and a translation
// agency's court interpreting roster (bookings, certifications, clerk
// invoicing). Decisions are phrased as an approval in an email, a terse
// chat confirmation, a config change the assistant reports, meeting
// minutes, a ticket resolution, a grudging concession, a code comment, a
// changelog line, a choice buried mid-paragraph in a user's complaint
// about their day, and two-turn recaps. Pending tasks come as obligations
// inherited from a colleague, blockers, hand-offs, requests as questions,
// deadlines mentioned in passing, promises to outsiders, tracker rows,
// unchecked checklist items among checked ones, shift handovers, reminders,
// an outsider's email saying they are waiting, and TODO/FIXME comments.
// Paths are Unix absolute and relative (./ and ../), home directories with
// spaces, Windows drives, UNC shares, mapped drives, s3://, gs://, sftp://
// and https URLs, quoted in logs, ini configs, tickets, chat and runbooks;
// identifiers are workshop job tags, game harvest tags, pilotage job
// numbers, IMO numbers, PPU serials, ISBT 128 donation numbers, dewar rack
// positions, air waybills, wire rope certificates, hoist serials, paddy
// lots, 1-Wire sensor ROMs, court case numbers, booking references and
// interpreter certification numbers. Distractors are options trialled and
// dropped, what-ifs, another site's setup, open questions, docs examples,
// options ruled out, and tasks already finished. The set is blind: it was
// written without reading the summarizer or any other held-out set.
func HeldOut33(seed uint64, n int) []Fact { return heldOut33.facts(seed, n) }

var heldOut33 = factSet{
	decisionTpl: []template{
		{"From: Ingrid Vass\nTo: workshop@\nSubject: Re: the two quotes\n\nGo ahead and order {X} for {P}. I read both quotes twice and {R}, so the extra cost doesn't bother me. Put it on the spring account, not the general one.\n\nIngrid", SpeakerTool},
		{"[07:41] okafor: {P}, what are we doing\n[07:41] lund: {X}\n[07:42] okafor: final?\n[07:42] lund: final. {R}\n[07:43] okafor: ok, noted", SpeakerTool},
		{"I've updated the site settings so {P} goes through {X} from now on. You said {R}, so I also removed the old fallback entry rather than leaving it half-wired.", SpeakerAssistant},
		{"Crew meeting, Thursday (draft minutes)\nPresent: Beatriz, Tomasz, Wen, Kofi\n\nItem 1: holiday cover. Deferred.\nItem 2: {P}\n  Agreed: {X}. Reason recorded: {R}.\n  Owner: Beatriz\nItem 3: parking by the loading door. No change.", SpeakerTool},
		{"Status: Resolved\nResolution: {X} selected for {P}.\nNotes: {R}. Quote attached, PO to follow.\nClosed by: w.adeyemi", SpeakerTool},
		{"fine. I still don't love it, but {X} wins for {P}. you're right that {R}, and I can't argue with that. just don't make me sit through another demo", SpeakerUser},
		{"For {P} we use {X}.\nChosen over the alternatives because {R}; ask Hollis before swapping it for anything else.", SpeakerCode},
		{"## 3.2.0\n### Changed\n- Switched to {X} for {P} ({R}).\n- Intake sheet no longer truncates long client names.", SpeakerTool},
		{"long day. the courier turned up twice with the wrong paperwork, the heater in the back room tripped again, and at least we finally agreed on {X} for {P} since {R}. anyway, can you look at why the export has blank rows?", SpeakerUser},
		{"remind me what we landed on for {P}?" + TurnSep + "{X}. You signed off on it on Wednesday because {R}, and the import I'm writing assumes it.", SpeakerTwoTurns},
		{"For the record, {X} is now what we use for {P}. That was your call yesterday, on the grounds that {R}; I've written the rest around it.", SpeakerAssistant},
		{"so is it {X} for {P}, or are we still waiting on the other quote?" + TurnSep + "It's {X}. The other quote came in, but you stuck with {X} because {R}.", SpeakerTwoTurns},
		{"Decision kept here so nobody reopens it: {X} for {P}.\nWhy: {R}.", SpeakerCode},
		{"ok I talked it over with the foreman and {X} is what we're going with for {P}. the clincher was that {R}. can you put that in whatever doc you're keeping", SpeakerUser},
	},
	choices: []string{"Lutan-F", "Research Mannikins", "hideTrack", "SEAiq Pilot", "Trimble SPS855",
		"pilotbook", "Sepax 2", "BioArchive", "Cryoport Express", "J.R. Clancy SceneControl", "Verlinde Stagemaker SR10",
		"Intellifarms BinManager", "OPIsystems", "Kett PM-450", "Boostlingo", "Interpreter Intelligence", "rosterBee"},
	purposes: []string{"pickling the deer capes", "the client mount-order queue", "shoulder-mount forms", "pilot dispatch",
		"the portable pilot units", "under-keel clearance checks", "volume reduction of new cord-blood units",
		"the cryostorage inventory", "shipping units to transplant centres", "the arbor load sheets",
		"the motorised line-set cues", "silo temperature monitoring", "moisture checks at the dryer outlet",
		"the interpreter booking roster", "remote interpreting at arraignments", "invoicing the clerk's office"},
	reasons: []string{"the hides come out of it without hair slippage", "Dmitri's skin reacts to the old formaldehyde",
		"the Harbour Master now audits every squat calculation", "its twin antennas hold heading inside a steel wheelhouse",
		"the night pilots need the schedule offline on the launch", "the accreditation inspectors insist on closed-system processing",
		"it keeps a rack-level map of every dewar", "the transplant centres only accept dry shippers with live temperature loggers",
		"the flymen can see the arbor load before each cue", "a rope lock slipped during the Tuesday tech rehearsal",
		"the sensor cables already hang in the centre of every silo", "the buyer docks us for any paddy over fourteen percent moisture",
		"the clerk's office pays only against certified interpreter numbers", "it pages the standby interpreter when a hearing overruns",
		"the county judges won't tolerate dropped audio", "the Creole interpreters already use it on their phones"},
	taskTpl: []template{
		{"Mireille is on leave from tomorrow and handed me her list. the one thing that can't wait is to {X}, and I've never done it, so I may need you to walk me through it", SpeakerUser},
		{"I can't produce the final report until we {X}; the figures depend on it, so I've left the report marked as a draft.", SpeakerAssistant},
		{"#  | item | who | state\n31 | {X} | (nobody yet) | OPEN\n30 | replace the cracked label holder on bench 2 | Jo | DONE", SpeakerTool},
		{"Pre-season checklist\n- [x] service the roller door\n- [x] reprint the safety placards\n- [ ] {X}\n- [x] test the alarm panel", SpeakerTool},
		{"TODO(mk): {X}.\nUntil then this import skips anything flagged HOLD; ask Priyanka whether it's still pending.", SpeakerCode},
		{"FIXME: the totals below assume somebody will {X} first.\nIf that hasn't happened, the report undercounts.", SpeakerCode},
		{"did I promise anyone outside the team anything on Tuesday's call?" + TurnSep + "You did: you told them we'd {X} before the end of the month. I haven't seen anything saying it's done.", SpeakerTwoTurns},
		{"could you {X}, or at least put it on someone's list? it's been sitting there since Monday", SpeakerUser},
		{"oh and by friday we have to {X}, otherwise the audit goes badly. anyway, back to the spreadsheet thing", SpeakerUser},
		{"From: Grace Obi (external)\nSubject: following up\n\nHello again. We're still waiting for you to {X}; we can't sign off on our side until that's done.\n\nKind regards,\nGrace", SpeakerTool},
		{"Handing this part back to you: the script is finished, but someone on site still has to {X}, since I can't do that from here.", SpeakerAssistant},
		{"[14:20] sol: who's taking the one to {X}?\n[14:22] bea: me, tomorrow first thing\n[14:22] sol: great, ta", SpeakerTool},
		{"Still outstanding from earlier: {X}. I haven't touched anything related to it yet.", SpeakerAssistant},
		{"remind me tomorrow to {X}. I will absolutely forget otherwise", SpeakerUser},
		{"Shift handover, 06:00\nQuiet night, two calls, both routine.\nOutstanding: {X}.\nThe coffee machine is fixed.", SpeakerTool},
		{"what's everyone waiting on me for?" + TurnSep + "Mainly one thing: Halvorsen is waiting for you to {X}. They can't close their side until then, and they asked again this morning.", SpeakerTwoTurns},
	},
	tasks: []string{"re-flesh the elk cape before it goes back in the pickle", "order replacement glass eyes for the bobcat mount",
		"call the Hendricks family about the late pheasant mount", "update the pilot exemption certificates on the dispatch board",
		"recheck the under-keel figures for the berth 7 tanker", "send the boarding-ladder defect reports to the harbour master",
		"top up the liquid nitrogen in dewar 4 before the weekend", "chase the maternity ward for the missing consent forms",
		"quarantine the cord-blood units from the failed courier run", "re-inspect the wire rope on line set 17",
		"re-weigh the counterweight for the Act 2 flown wall", "send the rigging inspection report to the venue insurer",
		"recalibrate the moisture probe on dryer 2", "empty silo 5 before the new paddy arrives",
		"book a Tagalog interpreter for the Monday bail hearings",
		"send the updated conflict-of-interest declarations to the court clerk", "renew Ana's court interpreter certification"},
	pathTpl: []template{
		{"the good copy is at {X}, the one on the desktop is stale so ignore it", SpeakerUser},
		{"The import was reading from {X}, which hasn't changed since the 3rd; that explains the gaps in the report.", SpeakerAssistant},
		{"2026-03-11 04:17:52 ERROR uploader: could not open {X}: permission denied\n2026-03-11 04:17:52 INFO uploader: will retry at 04:47", SpeakerTool},
		{"[storage]\nsource = {X}\nkeep_days = 90\n; changed by ops after the server move", SpeakerTool},
		{"Runbook: end-of-shift export\n1. Close the dispatch screen.\n2. Check that the day's entries show up in {X}.\n3. Tick the box on the whiteboard.", SpeakerTool},
		{"Source of truth: {X}\nAnything else is a hand-edited copy and will drift.", SpeakerCode},
		{"where does the stuff Rosa keeps going on about live?" + TurnSep + "At {X}. I checked it a minute ago to make sure it's the current version.", SpeakerTwoTurns},
		{"Ticket: export missing rows\nReported by: front desk\nDetails: yesterday's batch is missing from {X}. Last good run was Sunday.", SpeakerTool},
		{"moved everything over to {X} last night, so update whatever still points at the old place", SpeakerUser},
		{"I've written the cleaned output to {X} and left the original file untouched.", SpeakerAssistant},
	},
	paths: []string{"/srv/workshop/orders/2026/pending_mounts.csv", "~/Documents/Taxidermy Jobs/cape measurements.xlsx",
		`C:\PilotDesk\data\boarding_windows.json`, `\\PORTOPS-FS02\Pilotage\UKC Calcs\2026`,
		"sftp://pilots.portauthority.example/outbound/ppu_tracks/", "s3://cordvault-qc/cfu-counts/2026/03/",
		"/var/lib/cryotrack/dewar_map.sqlite", "./flyloft/linesets/act2_loadsheet.csv",
		"../rigging-shared/inspections/wire_rope_2026.pdf", "gs://ricemill-silo-telemetry/silo5/temps/",
		"/opt/dryerctl/conf/dryer2_probe.ini", "https://files.courtlingo.example/roster/exports/2026-04/",
		`Z:\Interpreters\Roster\April 2026.xlsx`, "/home/nadia/court roster/conflict_declarations/",
		"intake/labels/templates/hide_tag.zpl"},
	idTpl: []template{
		{"the number is {X}, it's on the paper tag as well if you want to double-check", SpeakerUser},
		{"{X} appears twice in the export, once with the old date and once with the new one, so it's a duplicate entry rather than two separate records.", SpeakerAssistant},
		{"From: clerk.office@\nSubject: query\n\nCould you confirm the details for {X}? Our records don't match the invoice you sent last week.\n\nThanks", SpeakerTool},
		{"Special case for {X}: it was entered before the format change.\nDelete this branch once it's closed.", SpeakerCode},
		{"what was the reference on the one that came in this morning?" + TurnSep + "{X}. I've copied it into the notes so it doesn't get lost.", SpeakerTwoTurns},
		{"03:12:44 WARN match: no record found for {X}\n03:12:44 INFO match: queued for manual review", SpeakerTool},
		{"ref,status,last_touched\n{X},ON HOLD,2026-03-09\n(1 row)", SpeakerTool},
		{"please don't close {X} yet, there's still a question open on it", SpeakerUser},
		{"The only record that still fails validation is {X}; everything else went through on the second run.", SpeakerAssistant},
		{"[11:03] ren: which one was it?\n[11:03] mo: {X}\n[11:04] ren: got it, thx", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		up := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // workshop job tag
			return fmt.Sprintf("TX-%02d-%04d", 25+r.IntN(2), r.IntN(10000))
		case 1: // state game harvest tag
			return fmt.Sprintf("GH%07d", r.IntN(10000000))
		case 2: // pilotage job number
			return fmt.Sprintf("PJ/%d/%05d", 2025+r.IntN(2), r.IntN(100000))
		case 3: // vessel IMO number
			return fmt.Sprintf("IMO 9%06d", r.IntN(1000000))
		case 4: // portable pilot unit serial
			return fmt.Sprintf("PPU-%c%c%04d", up(), up(), r.IntN(10000))
		case 5: // ISBT 128 donation identification number
			return fmt.Sprintf("W%04d %02d %06d", r.IntN(10000), 25+r.IntN(2), r.IntN(1000000))
		case 6: // dewar rack position
			return fmt.Sprintf("DW%d-R%02d-B%02d", 1+r.IntN(6), 1+r.IntN(24), 1+r.IntN(40))
		case 7: // courier air waybill
			return fmt.Sprintf("AWB %03d-%08d", 100+r.IntN(900), r.IntN(100000000))
		case 8: // wire rope test certificate
			return fmt.Sprintf("WRC-%05d/%c", r.IntN(100000), up())
		case 9: // chain hoist serial
			return fmt.Sprintf("LDS%d%c%05d", 1+r.IntN(9), up(), r.IntN(100000))
		case 10: // paddy intake lot
			return fmt.Sprintf("PD%02d-%03d-%c", 1+r.IntN(12), r.IntN(1000), up())
		case 11: // silo temperature sensor 1-Wire ROM
			return fmt.Sprintf("28-%012x", r.Uint64()&0xffffffffffff)
		case 12: // court case number
			return fmt.Sprintf("%dCF%06d", 2025+r.IntN(2), r.IntN(1000000))
		}
		if r.IntN(2) == 0 { // interpreter booking reference
			return fmt.Sprintf("BKG-%c%c%c-%04d", up(), up(), up(), r.IntN(10000))
		}
		// court interpreter certification number
		return fmt.Sprintf("CCI %05d", r.IntN(100000))
	},
	distractorTpl: []template{
		{"we tried {X} for {P} back in the autumn and gave up on it after a month, so that one's off the table", SpeakerUser},
		{"If the main quote falls through, {X} could cover {P}, but that's only a what-if; nobody has agreed to it.", SpeakerAssistant},
		{"Notes from the Leith site, pasted for comparison only: \"{X} handles {P} here because {R}.\" We are not changing ours.", SpeakerTool},
		{"has anyone decided whether {X} could work for {P}?" + TurnSep + "No decision yet. It stays an open question until the supplier calls back.", SpeakerTwoTurns},
		{"Example config only: \"{X}\" below is a made-up value for the docs.\nReplace it with whatever the site actually runs.", SpeakerCode},
		{"I looked at {X} for {P} as well, but ruled it out: it needs a subscription tier we don't have.", SpeakerAssistant},
		{"the one to {T} is done btw, Kofi finished it before lunch, so strike it off", SpeakerUser},
		{"Completed this week\n  [x] {T} (signed off by Ines)\n  [x] weekly walk-round", SpeakerTool},
		{"No need to {T}: it was finished on Tuesday (I checked the log), so I've dropped it from the list.", SpeakerAssistant},
		{"Step removed: {T}.\nThat was done last week, so there is nothing left to do here.", SpeakerCode},
	},
	rejected: []string{"Krowtann 2000", "McKenzie forms", "Trelleborg SeaPilot", "AXP AutoXpress", "CryoStork shippers",
		"Kinesys Elevation", "GrainSense", "LanguageLine", "Jeenie", "pilotLog360"},
	done: []string{"skin out the wild turkey", "repaint the ladder markings on the pilot launch", "replace the lid gasket on dewar 2",
		"re-tag the fire curtain hoist", "fumigate silo 2", "send the March roster to the interpreters",
		"mount the pheasant on the driftwood base", "renew the pilot boat's radio licence"},
}
