package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut41 returns n facts of each kind from a blind held-out set. Its
// domains are a glass recycling depot's optical sorting line, a county
// archive's map room, a neonatal transport team, a cork harvest
// cooperative, a circus school's rigging and class bookings, and a weather
// balloon launch site. Decisions come as an approval in an email, a terse
// chat confirmation, a setting the assistant reports it changed, working
// group minutes with a resolved item, a ticket closed with a resolution, a
// grudging concession, code comments recording a standard, a changelog
// line, a choice buried in the middle of a chatty paragraph, a chat log
// where someone answers yes, and questions answered in the next turn.
// Pending tasks are obligations before an audit, blockers, shift handover
// notes, requests phrased as questions, deadlines mentioned in passing,
// promises made to outsiders, tracker rows, one unchecked item among
// checked ones, TODO and FIXME comments, someone outside waiting on the
// team, status lists and chat volunteers. Paths are Unix absolute and
// relative (./ and ../), home directories with spaces, Windows drives, UNC
// shares, s3://, gs:// and sftp:// locations and URLs, quoted in logs,
// config files, runbooks, tickets and chat; identifiers are weighbridge
// tickets, cullet lots, sorter serials, archive accession numbers, plan
// chest drawers, transport referrals, ventilator serials, hospital record
// numbers, cork lots, tree tags, class bookings, rigging inspection tags,
// radiosonde serials, NOTAM numbers and config commits. Distractors are
// options trialled and sent back, what-ifs, another depot's setup, open
// questions, placeholder names in docs, rejected minute items, and tasks
// already finished. The set is blind: it was written without reading the
// summarizer or any other held-out set.
func HeldOut41(seed uint64, n int) []Fact { return heldOut41.facts(seed, n) }

var heldOut41 = factSet{
	decisionTpl: []template{
		{"From: Inês Carvalho\nTo: yard-leads\nSubject: Re: quotes for {P}\n\nApproved, go ahead with {X}. I know the other quote came in lower, but {R}, and that matters more to me than the price gap.\n\nIf finance asks, send them my way.\nInês", SpeakerTool},
		{"{X} for {P}. confirmed with the shift lead just now, {R}. moving on", SpeakerUser},
		{"I've changed the site config so that {P} points at {X}. You said {R}, so I commented the previous default out rather than deleting it, in case we need to compare.", SpeakerAssistant},
		{"Minutes, map room working group, 3 February\nPresent: Aurelio, Blessing, Ward (chair)\nItem 2: {P}\n  Three options discussed. Resolved: adopt {X}.\n  Reason recorded: {R}.\nItem 3: any other business. None.", SpeakerTool},
		{"Ticket: choose a standard for {P}\nRaised by: ops desk\nResolution: Done. Standardising on {X}.\nClosing note: {R}; no further comparison needed.", SpeakerTool},
		{"fine. I still don't love it, but {X} wins for {P}. Siobhan's point stands, {R}. let's not reopen this one", SpeakerUser},
		{"Standard for {P}: {X}.\nChosen over the alternatives because {R}. Talk to the team lead before swapping it.", SpeakerCode},
		{"## 2.4.0 (2026-03-02)\n### Changed\n- Moved {P} to {X} ({R}).\n### Fixed\n- Duplicate rows in the weekly export.", SpeakerTool},
		{"Long week here. The line was down Tuesday for the belt splice, Marco is back from leave, and we finally settled {P}: it's {X}, since {R}. Anyway, the reason I'm writing is that the export script throws warnings again. Can you look?", SpeakerUser},
		{"remind me what we ended up with for {P}?" + TurnSep + "{X}. That was agreed at the last review; the deciding point was that {R}.", SpeakerTwoTurns},
		{"should I place the order for {X}, or is {P} still being argued about?" + TurnSep + "Place it. That's settled: {X} is the pick for {P}, because {R}.", SpeakerTwoTurns},
		{"Recap of the change: from today {P} runs on {X}. The deciding factor, going by your message this morning, was that {R}.", SpeakerAssistant},
		{"DECISION (Feb 2026): {X} for {P}.\nWhy: {R}.\nRevisit only if the vendor stops supporting it.", SpeakerCode},
		{"[07:41] tomasz: {P}, are we going with {X} or not?\n[07:43] lucia: yes. {X}. {R}\n[07:43] tomasz: ok, ordering today", SpeakerTool},
	},
	choices: []string{"Steinert UniSort Black", "Varisort X", "Krysteline", "Hollinger Metal Edge", "ArchivesSpace",
		"Zeutschel OS 12002", "Allmaps", "Airborne Voyager", "Hamilton T1", "iNOmax", "ImageTrend Elite",
		"Delmhorst J-2000", "Avery Weigh-Tronix", "Agroop", "Momence", "Rock Exotica", "Vaisala RS41-SGP",
		"Totex TA-800", "radiosonde_auto_rx", "sondehub"},
	purposes: []string{"the colour sort on the flint line", "ceramic and Pyrex rejection on line 2",
		"flat storage for the oversized estate plats", "the catalogue of tithe surveys",
		"scanning the fire insurance atlases", "georeferencing the 1880s road surveys",
		"the transport incubator on the night ambulance", "ventilation during neonatal transfers",
		"the referral call log", "weighing cork planks at the collection yard",
		"plank moisture readings before stacking", "the per-tree stripping record",
		"aerial silks studio bookings", "trapeze and silks rigging hardware",
		"the twice-daily radiosonde flights", "balloons for the long-duration flights",
		"sonde telemetry reception"},
	reasons: []string{"the optical sorter on line 1 already runs its software",
		"the plats won't lie flat in anything shallower than five centimetres",
		"the conservator will only let the book cradle touch bound atlases",
		"the helicopter base only certifies that unit for flight",
		"the NICU consultants already trained every nurse on its screens",
		"the harvest crews have no signal under the oaks",
		"the stopper buyers settle on the scale ticket weight",
		"the insurer wants load ratings stamped on every shackle",
		"parents book trial classes from their phones late at night",
		"the airspace waiver lists that sonde by model number",
		"it burst above thirty kilometres in every winter test",
		"the regional forecaster ingests its output without conversion",
		"the float-glass buyer's contamination fines doubled last quarter",
		"the volunteers could learn it in a single afternoon",
		"nitric oxide has to run in the vehicle and not only at the bedside",
		"the cooperative's auditor wants a per-tree harvest history"},
	taskTpl: []template{
		{"the county auditor visits on the 18th, and before then we have to {X}. that one's ours, not facilities'", SpeakerUser},
		{"I can't close out the export change yet: it's blocked until someone is able to {X}, so I've left the old job enabled alongside the new one.", SpeakerAssistant},
		{"Handover notes, night shift to day shift\n- Incubator 2 battery swapped, fine now\n- Still outstanding: {X} (Jo started it, didn't get far)\n- Fridge temperature log signed", SpeakerTool},
		{"could you {X} sometime this week? I'd do it myself but I'm on the launch rota until Sunday", SpeakerUser},
		{"oh, the cooperative meeting moved to Thursday, which means we need to {X} by Wednesday night. anyway, back to the CSV thing", SpeakerUser},
		{"what did I promise the buyer from Porto on the phone?" + TurnSep + "You told him we'd {X} before the end of the month. Nothing has been done on it yet.", SpeakerTwoTurns},
		{"#   | task | owner | state\n118 | {X} | (none) | open\n117 | replace the torn bay curtain | Ruth | closed", SpeakerTool},
		{"Pre-season checklist\n- [x] order more cable ties\n- [x] update the staff phone list\n- [ ] {X}\n- [x] book the van for Friday", SpeakerTool},
		{"TODO(ana): {X}.\nUntil that's done this check only warns instead of failing.", SpeakerCode},
		{"FIXME: the totals here are wrong until we {X}.\nLeaving the guard in so the report flags it.", SpeakerCode},
		{"From: Dr K. Okafor\nSubject: still waiting\n\nHello, just checking whether your team has managed to {X} yet. We can't sign off on our side until that's done.\n\nRegards,\nK. Okafor", SpeakerTool},
		{"Status after this session:\n  done: the importer and its tests\n  pending: {X}\n  not started: nothing else", SpeakerAssistant},
		{"[14:20] ruth: who's going to {X}?\n[14:22] sam: nobody yet, put my name down for Monday\n[14:22] ruth: noted, thanks", SpeakerTool},
		{"is there anything I've forgotten before the season starts?" + TurnSep + "One thing: you still need to {X}. It was on last week's list and nobody picked it up.", SpeakerTwoTurns},
		{"remind me to {X} tomorrow, I will absolutely forget otherwise and the inspection is Monday", SpeakerUser},
		{"I've promised the hospital liaison that we'll {X} before their review, so I'm flagging it here: it isn't done yet.", SpeakerAssistant},
	},
	tasks: []string{"recalibrate the NIR sensor on the flint sorting line",
		"send the amber cullet samples to the furnace lab in Leeds",
		"clear the jammed ceramic reject chute on line 2",
		"re-sleeve the torn 1872 parish plats in fresh Mylar",
		"log the humidity readings from the plan chests",
		"return the borrowed railway survey sheets to the planning office",
		"restock the nitric oxide cylinders for the transport incubator",
		"recertify the team on the isolette mounting bracket",
		"file the incident report for the delayed Ashford transfer",
		"weigh and tag the last stacks from the Herdade do Vale plot",
		"paint this year's harvest digit on the stripped trees",
		"send the moisture logs to the stopper buyer in Porto",
		"inspect the aerial hoops for cracked welds",
		"reschedule the juggling intensive around the spring showcase",
		"renew the public liability certificate for the big top",
		"file the NOTAM request for the Saturday night launch",
		"swap the hydrogen regulator on the filling bench",
		"order more 600-gram balloons before the summer campaign"},
	pathTpl: []template{
		{"the real one is {X}, the copy in my email is a week out of date so don't use that", SpeakerUser},
		{"Found it: the nightly export was writing to {X}, which is why you couldn't see anything in the usual folder.", SpeakerAssistant},
		{"2026-03-09 05:14:22 ERROR upload: could not open {X}: permission denied\n2026-03-09 05:14:22 INFO upload: will retry in 10 min", SpeakerTool},
		{"[storage]\n# moved here after the server swap in January\nexport_target = '{X}'\nkeep_days = 90", SpeakerTool},
		{"Runbook: end-of-shift export\n1. Stop the sync service.\n2. Confirm the day's export was written to {X}.\n3. Start the sync service again and check its log.", SpeakerTool},
		{"Ticket: report shows no data\nReported by: front desk\nDetail: the viewer was still pointed at the old share; the current location is {X}.\nStatus: waiting on IT", SpeakerTool},
		{"Input comes from {X}; the sync job copies it there every hour.\nDon't hard-code a different location in the tests.", SpeakerCode},
		{"where did the exports end up after the move?" + TurnSep + "In {X}. I checked the uploader's config a minute ago to be sure.", SpeakerTwoTurns},
		{"can you point the report at {X} instead? IT moved everything last week and didn't tell anyone", SpeakerUser},
		{"I updated the script to read from {X}; the old hard-coded location is gone and nothing else referenced it.", SpeakerAssistant},
	},
	paths: []string{"/srv/sortline/sorter1/recipes/flint_2026.xml", "./line2/reject_counts/2026-03.csv",
		"../archive-shared/maproom/plan_chest_index.xlsx", "~/Documents/Map Room/Tithe Surveys/condition notes.docx",
		`C:\NeoTransport\Checklists\isolette_predeparture.pdf`, `\\COUNTY-FS02\Archives\Map Room\Scans\Fire Atlas 1911`,
		"s3://corkcoop-harvest/weighbridge/2026/", "gs://balloonsite-telemetry/raw/rs41/",
		"sftp://uploads.stopper-buyer.example.pt/inbound/moisture/",
		"https://maps.countyarchive.example.org/georef/road-surveys/1884", "/var/log/sondehub-uploader/uploader.log",
		"/etc/launchsite/balloon_fill.toml", "circus-school/schedules/silks_studio_spring.ics",
		`D:\Weighbridge\tickets\herdade_vale.csv`, "/opt/neonatal/transport-log/exports/referrals_q1.json",
		"~/rigging/inspection sheets/hoops_2026.ods"},
	idTpl: []template{
		{"it's {X}, the one with the coffee ring on the docket, not the clean copy", SpeakerUser},
		{"{X} appears twice in the export, once with the old figure and once with the corrected one, so the duplicate is real.", SpeakerAssistant},
		{"From: Rui Mendes\nSubject: query on {X}\n\nGood morning, the figures we received for {X} don't match what we logged at intake. Could you check on your side?\n\nBest,\nRui", SpeakerTool},
		{"2026-04-02T03:11:09Z WARN import: checksum mismatch on record {X}, skipped 14 rows\n2026-04-02T03:11:10Z INFO import: continuing with next batch", SpeakerTool},
		{"Ticket subject: wrong location in catalogue\nAffected record: {X}\nPriority: normal\nNotes: caller says the label was corrected by hand in pencil.", SpeakerTool},
		{"Special case for {X}: it was entered twice by hand.\nDrop this branch once the duplicate is merged.", SpeakerCode},
		{"what was the reference on the one that came back this morning?" + TurnSep + "{X}. I've put it in the notes so it doesn't get lost.", SpeakerTwoTurns},
		{"please put {X} in the subject line when you email them, otherwise it lands in the wrong queue", SpeakerUser},
		{"ref,site,state,checked_by\n{X},yard B,ON HOLD,lucia\n(1 row)", SpeakerTool},
		{"I searched the logs for {X}: three entries, all from the early shift on Monday.", SpeakerAssistant},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(15) {
		case 0: // depot weighbridge ticket
			return fmt.Sprintf("WB-%d-%06d", 2025+r.IntN(2), r.IntN(1000000))
		case 1: // cullet load lot by colour
			return fmt.Sprintf("CUL-%s-%05d", []string{"FL", "AM", "GR", "MX"}[r.IntN(4)], r.IntN(100000))
		case 2: // optical sorter serial
			return fmt.Sprintf("AS%d-%c%c%05d", 3+r.IntN(3), letter(), letter(), r.IntN(100000))
		case 3: // archive accession number
			return fmt.Sprintf("ACC %d.%03d", 1950+r.IntN(76), 1+r.IntN(999))
		case 4: // plan chest and drawer
			return fmt.Sprintf("PC%02d-D%d%c", 1+r.IntN(40), 1+r.IntN(9), 'a'+rune(r.IntN(6)))
		case 5: // neonatal transport referral
			return fmt.Sprintf("NTR-%d%05d", 25+r.IntN(2), r.IntN(100000))
		case 6: // transport ventilator serial
			return fmt.Sprintf("T1-%d%c%05d", 2019+r.IntN(7), letter(), r.IntN(100000))
		case 7: // hospital record number
			return fmt.Sprintf("MRN %03d %03d %03d", r.IntN(1000), r.IntN(1000), r.IntN(1000))
		case 8: // cork lot
			return fmt.Sprintf("LOTE %d/%04d", 25+r.IntN(2), r.IntN(10000))
		case 9: // cork oak tree tag
			return fmt.Sprintf("SB-%c%05d", letter(), r.IntN(100000))
		case 10: // circus class booking
			return fmt.Sprintf("BK%c%c%c-%d", letter(), letter(), letter(), 1000+r.IntN(9000))
		case 11: // rigging inspection tag
			return fmt.Sprintf("RIG-%03d-%c%d", r.IntN(1000), letter(), r.IntN(10))
		case 12: // radiosonde serial
			return fmt.Sprintf("%c%d%06d", "STUVW"[r.IntN(5)], 1+r.IntN(9), r.IntN(1000000))
		case 13: // NOTAM number
			return fmt.Sprintf("A%04d/%d", r.IntN(10000), 25+r.IntN(2))
		}
		// launch site config commit
		return fmt.Sprintf("cfg-%010x", r.Uint64()&0xffffffffff)
	},
	distractorTpl: []template{
		{"we had {X} on trial for {P} over the winter and sent it back, it jammed every other day. it's off the table", SpeakerUser},
		{"If the grant falls through we might look at {X} for {P}, but that's only a what-if; nobody has decided anything.", SpeakerAssistant},
		{"Notes from the north depot visit, pasted as-is: \"They run {X} for {P} because {R}.\" That's their setup, not ours; we aren't changing anything.", SpeakerTool},
		{"did we ever settle whether {X} could work for {P}?" + TurnSep + "No, that's still open. I've left it as a question for the next review rather than guessing.", SpeakerTwoTurns},
		{"The sample config below uses \"{X}\" as a made-up vendor name.\nIt's for the docs only; nothing here talks to it.", SpeakerCode},
		{"I compared {X} for {P} as well, but it lost on every measure that mattered, so I've left it out.", SpeakerAssistant},
		{"Item 4: {X} for {P}\n  Outcome: rejected. Too expensive to run, and the supplier couldn't commit to spares.", SpeakerTool},
		{"you can strike the one about needing to {T}, Beatriz finished it on Friday", SpeakerUser},
		{"Done this week\n- [x] {T}\n- [x] nothing else carried over from the walkthrough", SpeakerTool},
		{"No need to {T}; I checked the log and it was done on Tuesday, so I've taken it off the list.", SpeakerAssistant},
		{"This used to need someone to {T} by hand every season.\nIt's automated now, nothing to do here.", SpeakerCode},
	},
	rejected: []string{"Sesotec Flake Purifier", "Redwave", "Preservica", "CONTENTdm", "GE Giraffe Shuttle", "Bio-Med Crossvent",
		"Farmbrite", "Jackrabbit Class", "Graw DFM-17", "Hwoyee 1600", "Pike13", "Petzl Rig"},
	done: []string{"replace the worn belt scraper on line 2", "digitise the 1905 drainage board map",
		"restock the transport drug box", "sharpen the harvest axes", "re-splice the tightwire cable",
		"repaint the launch pad markings", "change the air-knife nozzles on the sorter", "rehang the plan chest labels"},
}
