package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut31 returns n facts of each kind from the thirty-first held-out set.
// Its domains are a bell foundry's casting schedule, a harbour pilotage
// service's boarding and passage planning, a herbarium's specimen
// digitisation, a kidney dialysis unit's chair bookings and machines, a
// beekeeping co-op's queen rearing and out-apiaries, and a community ice
// rink's resurfacing and league bookings. Decisions arrive as a purchase
// approval in an email, a terse chat confirmation, a settings change the
// assistant reports, committee minutes with a resolution, a resolved ticket,
// a grudging concession, a code comment, a changelog line, a choice buried
// in the middle of a rambling message, a trustees' letter quoted by the
// user and a two-turn "remind me what we picked". Pending tasks are
// contract obligations, blockers, hand-offs before leave, requests put as
// questions, deadlines mentioned in passing, promises made to outsiders,
// tracker rows, an unchecked item among checked ones, reminders, an outside
// party waiting on us, and TODO and FIXME comments. Paths mix Unix absolute
// and relative forms, ./ and ../, a home directory with spaces, Windows
// drives, UNC shares, s3://, gs://, sftp:// and an https wiki URL, planted
// in logs, configs, tickets, chat and runbooks. Identifiers are heat and
// casting-order numbers, bell serials, IMO numbers and pilot booking refs,
// herbarium barcodes and accession numbers, dialysis machine serials,
// dialyser lots and chair booking refs, queen marks and apiary
// registrations, ice-time booking refs and a scheduler commit hash.
// Distractors are kit that was loaned and sent back, a trial that was
// backed out, a what-if, another site's setup, an open question, a README
// example value, an option the committee did not adopt, and tasks already
// done. The set is blind: it was written without reading the summarizer or
// any other held-out set.
func HeldOut31(seed uint64, n int) []Fact { return heldOut31.facts(seed, n) }

var heldOut31 = factSet{
	decisionTpl: []template{
		{"From: Imogen Halloran\nTo: works-office\nSubject: RE: options for {P}\n\nGo ahead and raise the PO for {X}. I read both quotes twice over the weekend and what tips it is that {R}. Copy me in on the delivery date please.\n\nImogen", SpeakerTool},
		{"[07:41] bryn: {P}, final answer?\n[07:42] ossie: {X}\n[07:42] ossie: {R}\n[07:43] bryn: ok, noted. writing it on the whiteboard", SpeakerTool},
		{"I've updated the settings so {P} now goes through {X} and restarted the worker. You said yesterday that {R}, so the previous value is commented out rather than deleted.", SpeakerAssistant},
		{"Minutes of the works committee\nPresent: G. Ashdown (chair), M. Kowalczyk, T. Oyelaran\n\nItem 4: {P}\nResolved that {X} be adopted. Proposed MK, seconded TO, carried. Grounds: {R}.\n\nItem 5: any other business\nNone.", SpeakerTool},
		{"Status: Resolved\nSummary: pick a supplier/method for {P}\nResolution: going with {X}.\nComment (w.achterberg): closing this, since {R}. Reopen if the trial figures change.", SpeakerTool},
		{"fine. I still don't love it, but it's {X} for {P}. I can't really argue with the point that {R}. let's move on before I change my mind", SpeakerUser},
		{"Used for {P}: {X}.\nPicked over the alternatives because {R}; read the committee minutes before swapping it out.", SpeakerCode},
		{"## 3.2.0\n### Changed\n- Switched {P} to {X} ({R}).\n### Fixed\n- Duplicate rows in the weekly export.", SpeakerTool},
		{"long morning. the crane inspector didn't turn up, the van needs two tyres, and Hester is off sick again. oh and we settled {P} over lunch: {X}, because {R}. anyway, can you look at why the export keeps skipping rows?", SpeakerUser},
		{"remind me, what did we end up with for {P}?" + TurnSep + "{X}. You signed it off on Monday on the grounds that {R}, and the import I wrote last night is built around it.", SpeakerTwoTurns},
		{"Done: from today {P} runs on {X}. I kept the old settings file as a backup and, going by your note that {R}, didn't add a fallback.", SpeakerAssistant},
		{"should I just order {X} for {P}? honestly the deciding thing for me is that {R}" + TurnSep + "Yes, order it. Everything I've set up now expects {X}, so the sooner it arrives the better.", SpeakerTwoTurns},
		{"forwarding what the trustees wrote back: \"we are content for you to proceed with {X} for {P}, given that {R}.\" so that's that, it's approved", SpeakerUser},
		{"Decided at the May review: {X} for {P}, because {R}.\nDon't revert this without talking to the manager first.", SpeakerCode},
	},
	choices: []string{"Spectro MAXx", "Foseco FEEDEX", "furan no-bake sand", "Trelleborg SafePilot", "AD Navigation ADX",
		"OpenCPN", "Specify 7", "Inselect", "Fresenius 5008S", "RotaCloud", "Nikkiso DBB-EXA", "Nicot cupkit",
		"Solutionbee", "Api-Bioxal", "Zamboni 552AC", "Jet Ice", "Spond"},
	purposes: []string{"the tenor bell pour", "bronze melt chemistry checks", "feeding the treble moulds",
		"deep-draught passage planning", "the pilots' portable units", "label transcription on the Jepson sheets",
		"the specimen catalogue", "cropping the sheet scans", "the evening chair rota", "the replacement machines in bay 3",
		"nurse shift swaps", "queen-cell grafting", "hive weight logging at the out-apiaries", "the winter varroa treatment",
		"the Friday night resurface", "line marking on the curling sheets", "junior league bookings"},
	reasons: []string{"it reads tin and lead in a single burn", "the treble moulds kept shrinking at the crown",
		"the harbour master wants every track log archived", "it shows under-keel clearance at both bow and stern",
		"it exports straight into a Darwin Core archive", "it crops a whole tray of sheets in one pass",
		"the evening patients need the same chair every session", "the renal consultants asked for conductivity profiling",
		"the nurses can swap shifts without ringing the ward clerk", "the grafted larvae took better in plastic cups",
		"it reports hive weight every fifteen minutes over LoRa", "it is licensed for use during the honey flow",
		"the electric machine doesn't fog up the arena", "the treasurer can export fees into the club ledger",
		"the paint stays white through a whole playoff weekend", "the insurer wants a record of every pour temperature"},
	taskTpl: []template{
		{"the contract says we have to {X} before they release the second payment, so that one isn't optional", SpeakerUser},
		{"I can't mark the schedule final yet: nobody has managed to {X}, and the rest of the plan hangs on it.", SpeakerAssistant},
		{"handing this one to you since I'm off from tomorrow: please {X}. Wyn knows the background if you get stuck", SpeakerUser},
		{"could you {X} this week? or is that too tight with everything else going on", SpeakerUser},
		{"went to the supplier, parked terribly, and remembered on the way back that we need to {X} by the 20th. also the coffee machine is broken again", SpeakerUser},
		{"did I promise the inspector anything on that call?" + TurnSep + "Yes: you said we'd {X} before her next visit. Nothing has been done on it so far.", SpeakerTwoTurns},
		{"id,summary,assignee,state\n318,{X},,open\n317,replace the kettle in the mess room,ossie,done", SpeakerTool},
		{"Pre-season checklist\n- [x] test the alarm panel\n- [x] restock the first-aid box\n- [ ] {X}\n- [x] update the emergency contacts sheet", SpeakerTool},
		{"Reminder for when you're back: you still need to {X}. I've put a note at the top of the handover file as well.", SpeakerAssistant},
		{"From: Siobhan Reilly\nSubject: still waiting\n\nHello again, just checking whether anyone has had a chance to {X}. Our committee meets on the 3rd and they will ask me about it.\n\nSiobhan", SpeakerTool},
		{"TODO: {X} (promised for the end of the month).\nThe figures below are placeholders until then.", SpeakerCode},
		{"FIXME: this rota assumes somebody will {X}.\nIf nobody does, the Thursday column is wrong.", SpeakerCode},
		{"anything I should chase before the weekend?" + TurnSep + "Just one: someone still has to {X}. It's been sitting open since Monday.", SpeakerTwoTurns},
		{"Status\n  done: import, validation\n  open: {X}\n  skipped: nothing", SpeakerAssistant},
		{"[14:20] maud: has anyone volunteered to {X}?\n[14:22] tomasz: not yet. I can take it on Thursday if nobody else does\n[14:22] maud: put your name on it then", SpeakerTool},
	},
	tasks: []string{"re-ram the cope for the number six bell", "send the inscription proof to St Aldhelm's parish",
		"order two tonnes of tin ingot before the price review", "re-certify the pilot ladder on the launch Curlew",
		"update the tidal window table for the Ferris Bank channel", "brief the relief pilots on the new swing basin",
		"re-house the Rhododendron type sheets in acid-free folders", "georeference the Mackintosh collection labels",
		"return the loaned Carex sheets to Kew", "move Mr Okafor's Tuesday session to chair 7",
		"chase the water treatment test results for bay 2", "book a holiday dialysis slot for the patient going to Porto",
		"requeen the three hives at the Glebe Farm apiary", "register the new out-apiary with the bee inspector",
		"re-flood sheet 4 before the bonspiel", "sharpen the resurfacer blade before the weekend",
		"send the junior league invoices to the treasurer"},
	pathTpl: []template{
		{"2026-09-03T05:58:40Z ERROR export: cannot write {X}: no space left on device\n2026-09-03T05:58:40Z INFO export: will retry at the next window", SpeakerTool},
		{"Source of truth: {X}\nAnything cached locally is rebuilt from it at startup.", SpeakerCode},
		{"Ticket: files missing after the server move\nReporter: front office\nDetails: since the server move this is supposed to live at {X}, but the copy there is empty and the old share is read-only.", SpeakerTool},
		{"its at {X} - dont use the copy in the email, that one has last year's numbers in it", SpeakerUser},
		{"Runbook: end of day\n1. Stop the sync service.\n2. Export the day's entries to {X}.\n3. Check the file count matches the one on the screen.", SpeakerTool},
		{"The script was reading a stale placeholder file; the real data is at {X}. I've pointed it there.", SpeakerAssistant},
		{"which copy does the service actually use?" + TurnSep + "{X}. I checked the service's own settings rather than trusting the README.", SpeakerTwoTurns},
		{"when you rebuild it, read from {X}. that's the copy the auditor actually checked", SpeakerUser},
		{"Writes the nightly extract to {X}.\nIf that location changes, update the backup job too.", SpeakerCode},
		{"I moved the working copy to {X} and updated the single reference to it in the deploy script.", SpeakerAssistant},
	},
	paths: []string{"/srv/foundry/pours/2026/tenor_pour_log.csv", `\\BELLFOUNDRY-FS\Moulds\Strickle Boards\treble.dxf`,
		`D:\Pilotage\Passage Plans\deep_draught_v4.pdf`, "sftp://ppu-sync@files.harbourpilots.net/tracks/inbound/",
		"s3://herbarium-scans-raw/jepson/batch_0417/", "gs://renal-unit-exports/chair_bookings/2026-q3.parquet",
		"~/Documents/Bee Co-op/Queen Rearing/graft_calendar_2026.ods", "../apiary-sync/config/hive_scales.yaml",
		"./rink/schedule/winter_league.ics", "https://wiki.glebeherbarium.org/Digitisation/Label_Transcription_Guide",
		"/var/log/resurfacer/telemetry.log", "herbarium/specify/workbench/templates/carex_import.xlsx",
		`\\RENAL-SRV02\Rota$\Evening\bay3_chairs.xlsx`, "/etc/foundry/furnace.d/induction2.toml",
		`C:\ProgramData\RinkOps\iceplant\brine_setpoints.json`},
	idTpl: []template{
		{"From: bookings office\nSubject: Amendment to your booking\n\nPlease quote {X} on all further correspondence. Anything sent without it goes to the back of the queue.\n\nKind regards", SpeakerTool},
		{"05:12:09 WARN reconcile: record {X} present in source but missing from target\n05:12:09 INFO reconcile: 1 mismatch, 4212 ok", SpeakerTool},
		{"it's {X}, not the one above it on the list. i checked the paper copy twice", SpeakerUser},
		{"The mismatch comes from one record, {X}; every other row agrees between the two exports.", SpeakerAssistant},
		{"Subject: wrong details printed\nAffected item: {X}\nSteps: open the item, press print, and the label shows yesterday's details.", SpeakerTool},
		{"Special case for {X}: its paperwork predates the current numbering.\nDelete once it has been re-registered.", SpeakerCode},
		{"which one did the inspector flag?" + TurnSep + "{X}. I've put it at the top of the handover note.", SpeakerTwoTurns},
		{"copy {X} onto the form character for character, the supplier's system rejects anything that doesn't match exactly", SpeakerUser},
		{"I searched last month's logs for {X}; it appears twice, both times on the evening run.", SpeakerAssistant},
		{"ref,location,checked_by\n{X},store 2,ah\n(1 row)", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // bronze heat number
			return fmt.Sprintf("HT-%d-%04d", 25+r.IntN(3), r.IntN(10000))
		case 1: // casting order
			return fmt.Sprintf("CO/%d/%03d", 2025+r.IntN(2), 1+r.IntN(999))
		case 2: // bell serial, foundry number and bell in the ring
			return fmt.Sprintf("BF%05d/%d", r.IntN(100000), 1+r.IntN(12))
		case 3: // ship's IMO number
			return fmt.Sprintf("IMO %d", 9100000+r.IntN(900000))
		case 4: // pilot booking reference
			return fmt.Sprintf("PLT-%c%c%c-%04d", letter(), letter(), letter(), r.IntN(10000))
		case 5: // herbarium specimen barcode
			return fmt.Sprintf("GLBH%08d", r.IntN(100000000))
		case 6: // accession number
			return fmt.Sprintf("Acc. %d.%03d", 1950+r.IntN(76), 1+r.IntN(999))
		case 7: // dialysis machine serial
			return fmt.Sprintf("5008-%c%c%05d", letter(), letter(), r.IntN(100000))
		case 8: // dialyser lot
			return fmt.Sprintf("LOT %d%c%05d", 24+r.IntN(3), letter(), r.IntN(100000))
		case 9: // chair booking reference
			return fmt.Sprintf("CHR-%04X-%02d", r.IntN(1<<16), 1+r.IntN(24))
		case 10: // queen marking: year colour and number
			return fmt.Sprintf("Q%d-%s-%02d", 25+r.IntN(2), []string{"BLU", "WHT", "YEL", "RED", "GRN"}[r.IntN(5)], 1+r.IntN(99))
		case 11: // apiary registration
			return fmt.Sprintf("APY%06d", r.IntN(1000000))
		case 12: // ice-time booking
			return fmt.Sprintf("ICE%02d%02d-%03d", 1+r.IntN(12), 1+r.IntN(28), r.IntN(1000))
		}
		// chair scheduler commit
		return fmt.Sprintf("%06x%03x", r.IntN(1<<24), r.IntN(1<<12))
	},
	distractorTpl: []template{
		{"we had {X} on loan for a month for {P} and sent it back. nobody could get consistent numbers out of it", SpeakerUser},
		{"I tried {X} for {P} against a copy of last week's data. It was slower and got two records wrong, so I've backed it out.", SpeakerAssistant},
		{"If the grant falls through, {X} could cover {P} in a pinch. That's only a what-if; nobody has decided anything.", SpeakerAssistant},
		{"Notes from the visit to the Aberdeen site: they use {X} for {P} because {R}. Interesting, but we're not changing ours.", SpeakerTool},
		{"are we actually considering {X} for {P}, or was that just Marek thinking aloud?" + TurnSep + "Thinking aloud, as far as I can tell. Nobody has costed it and it isn't on any agenda, so it's still an open question.", SpeakerTwoTurns},
		{"e.g. vendor = \"{X}\"\nIllustrative value for the README only; it is not what we run.", SpeakerCode},
		{"Item 6: {X} for {P}\nNot adopted. The committee felt the quote was too high and the trial too short.", SpeakerTool},
		{"the one to {T} is finished, Hester did it before lunch. scratch it off", SpeakerUser},
		{"Last week\n- [x] {T}\n- [x] close the incident from the fire drill", SpeakerTool},
		{"You don't need to {T}; the log shows it was completed on the 2nd, so I've taken it off the open list.", SpeakerAssistant},
		{"This used to be blocked until someone could {T}; that was done in March.\nThe check below only matters for records older than that.", SpeakerCode},
	},
	rejected: []string{"Niton XL5", "Seapilot", "BRAHMS", "Arctos", "Baxter AK 98", "Deputy", "Thymovar",
		"MAQS strips", "Olympia Millennium H", "Pitchero"},
	done: []string{"sweep out the casting pit", "repaint the boarding ladder marks on the launch Plover",
		"replace the dehumidifier filters in the herbarium basement", "reseal the water loop in bay 1",
		"clean the extractor after the spring harvest", "edge the boards on sheet 2", "file the tin assay certificates",
		"re-label the press drawers in the basement"},
}
