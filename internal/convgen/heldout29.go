package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut35 returns n facts of each kind from the thirty-fifth held-out
// set. Its domains are a crematorium's booking and records office, a hop
// farm's oast kilns, an orchestra's instrument insurance and touring, a
// municipal wastewater lab, a ferry terminal's ticket desk and a specialty
// mushroom grower. Decisions come as an emailed approval, a terse chat
// confirmation, a settings change the assistant reports, meeting minutes, a
// resolved ticket, a grudging concession, code comments, a changelog entry,
// a transcribed voicemail and a choice buried mid-way through a long,
// rambling message. Pending tasks come as obligations before an inspection,
// blockers, shift hand-over notes, requests phrased as questions, deadlines
// mentioned in passing, promises made to outsiders by email, tracker rows,
// an unchecked item among checked ones, reminders, someone waiting on us,
// and TODO/FIXME comments. Paths are Unix absolute and relative paths, ./
// and ../ forms, a home directory with spaces, Windows drives, a UNC share,
// s3://, gs:// and sftp:// locations and an intranet URL, found in logs,
// tickets, runbooks, configs and chat; identifiers are cremation register
// numbers, identity discs, cremator serials, hop lot and bale codes,
// insurance policies, claims and ATA carnets, lab sample IDs and discharge
// permits, ferry booking refs, sailing codes and card transactions, and
// mushroom batch and spawn lots. Distractors are options trialled and
// dropped, rejected in minutes or beaten on old data, contingencies,
// another site's setup, open questions, a placeholder in example config,
// and tasks already done. The set is blind: it was written without reading
// the summarizer or any other held-out set.
func HeldOut35(seed uint64, n int) []Fact { return heldOut35.facts(seed, n) }

var heldOut35 = factSet{
	decisionTpl: []template{
		{"From: Gwen Ashby <gwen.ashby@lakeside-ops.example>\nTo: site-supervisors\nSubject: Re: quotes for {P}\n\nThanks for pulling the three quotes together. I'm approving {X}. The other two were fine on price, but {R}, and that settled it for me. Please raise the PO against the operations budget line, not capital.\n\nGwen", SpeakerTool},
		{"{X} for {P}. confirmed. {R}, so no point going round the houses again", SpeakerUser},
		{"Done: the settings file now points {P} at {X} instead of the old setup. I left a comment next to the entry saying that {R}, so whoever opens it next knows why it changed.", SpeakerAssistant},
		{"Minutes, site leads call (Thursday)\nPresent: Okafor, Lindqvist, Baptiste; apologies from Mae\n\nItem 3: {P}\n  Discussion: Lindqvist walked through both options again.\n  Resolved: adopt {X}. Reason minuted: {R}.\nItem 4: car park resurfacing\n  Deferred to next month.", SpeakerTool},
		{"Ticket OPS-2291 | Status: Resolved\nSummary: pick something for {P}\nResolution: going with {X}. Closing note from Baptiste: {R}; the losing quotes are attached for the record.", SpeakerTool},
		{"alright, alright. I still don't love it, but fine, use {X} for {P}. you're right that {R}, I can't really argue with that", SpeakerUser},
		{"{P}: handled by {X}.\nWe priced up building our own, but {R}. Don't rip this out without talking to ops first.", SpeakerCode},
		{"## 2026-11-18\n- Changed: switched {P} to {X} ({R}).\n- Fixed: duplicate rows in the weekly export.\n- Removed: the unused fax cover template.", SpeakerTool},
		{"sorry for the wall of text, it's been a day. the van broke down again on the coast road, Ilse is off sick, and the printer in the back office only prints the top half of every page. oh and on {P}, we're going with {X} after all, because {R}. anyway can you look at the failing export first? that's the thing that's actually on fire", SpeakerUser},
		{"remind me what we ended up doing about {P}?" + TurnSep + "You went with {X}. The deciding point was that {R}; I've built the import around it since then.", SpeakerTwoTurns},
		{"Summary of the change: {P} is handled by {X} from today. I picked it over the other candidate because you told me {R}, and nothing in last month's data contradicts that.", SpeakerAssistant},
		{"is it really going to be {X} for {P}? I thought everyone hated it" + TurnSep + "It is. All three leads signed off on Monday, and the argument that won was that {R}. I'm treating it as final.", SpeakerTwoTurns},
		{"DECISION (November review): use {X} for {P}.\nWhy: {R}.\nThe fallback branch below is dead code, kept only until the cutover is verified.", SpeakerCode},
		{"typing up Bram's voicemail from this morning: \"hi, it's Bram, quick one. for {P} just book {X}. {R}. ring me if the supplier gives you any grief.\"", SpeakerUser},
	},
	choices: []string{"CRaKN", "Passare", "Matthews Power-Pak II", "Delmhorst G-7", "Argus Titan", "kilnwise",
		"Heritage Instrument Plan", "Prima Vista Inventory", "Hach WIMS", "Colilert-18", "iZettle", "Hogia Ferry",
		"Zebra ZD421", "TrolMaster Hydro-X", "Inkbird ITC-308", "lime pasteurization"},
	purposes: []string{"the cremation slot calendar", "the witness-cremation bookings", "the cremator's emissions log",
		"the identity discs that go through with each coffin", "the kiln moisture checks", "the burner schedule on kiln 2",
		"the insured instrument schedule", "the pre-tour condition reports", "the E. coli counts on final effluent",
		"the monthly discharge report", "vehicle deck bookings", "the walk-on ticket till", "boarding-card printing",
		"the fruiting room humidity", "substrate pasteurization", "the spawn run temperature logs"},
	reasons: []string{"the funeral directors can book slots themselves without phoning",
		"the coroner's office already accepts its printouts",
		"the old meters read three points wet at the top of the bale",
		"it cuts the burner if the plenum passes 65 degrees",
		"the insurer accepts its valuations without a fresh appraisal",
		"the state permit names that method explicitly",
		"the night technician can enter results without a second login",
		"the ramp card readers kept dropping their connection under the canopy",
		"the harbour authority wants passenger counts broken down by sailing",
		"the blue oyster flush collapsed when humidity dipped last spring",
		"the organic certifier will accept its logs as they are",
		"it doesn't need the boiler running overnight",
		"the touring insurer wants every value quoted in euros",
		"Gustav can service it himself in the workshop",
		"the county already pays for the licence",
		"it survived a whole season of salt spray on the quay"},
	taskTpl: []template{
		{"the council inspector is booked for the 3rd, so we have to {X} before then. no way round it", SpeakerUser},
		{"I can't close the ticket yet: it's blocked until someone can {X}, and that needs site access I don't have.", SpeakerAssistant},
		{"Handover, nights to days\n- boiler pressure normal all night\n- days please {X}, I ran out of time\n- radio 3 battery is dead, charger is on the shelf", SpeakerTool},
		{"could someone {X} today, or is that pushing it? the supplier closes at four", SpeakerUser},
		{"not urgent urgent, but by the 20th we need to {X}. anyway, back to the report layout, the totals column is still misaligned", SpeakerUser},
		{"From: Ruth Okonjo\nTo: Sam Hale\nSubject: Re: your visit on Wednesday\n\nSam, as promised on the phone, we will {X} before your team arrives. I'll confirm by email once it's done.\n\nRuth", SpeakerTool},
		{"#    | Task                                  | Who    | State\n118  | {X} | Tomasz | open\n117  | order spare fuses for the panel       | Ana    | done", SpeakerTool},
		{"Opening checklist\n- [x] unlock the side gate\n- [x] read the overnight alarms\n- [ ] {X}\n- [x] log the first reading of the day", SpeakerTool},
		{"Reminder, since you asked me to nag: you still need to {X}. It's been on the list since last Tuesday.", SpeakerAssistant},
		{"Marguerite has emailed twice now, she's waiting on us to {X} and I keep pushing it back. can it go on today's list", SpeakerUser},
		{"TODO(ana): {X}.\nThe figures below assume it has been done, and it hasn't yet.", SpeakerCode},
		{"FIXME: this check is skipped until we {X}.\nTurn it back on afterwards; it's the only guard we have.", SpeakerCode},
		{"anything outstanding before I sign off for the week?" + TurnSep + "Just one: we still have to {X}. Nobody has picked it up yet.", SpeakerTwoTurns},
		{"who said they'd {X}?" + TurnSep + "Nobody yet, as far as I can see, so it's still open. I've put it at the top of Monday's list.", SpeakerTwoTurns},
		{"Status:\n- export fix: done\n- tests: green\n- outstanding: {X}\n- docs: nothing to change", SpeakerAssistant},
		{"[07:52] ilse: is anyone able to {X} this morning?\n[07:58] bram: I'll do it after the first sailing\n[07:58] ilse: thanks, you're a star", SpeakerTool},
	},
	tasks: []string{"recertify the cremator's opacity monitor before the council visit",
		"reconcile the cremation authority forms with the retort log",
		"send the unclaimed ashes list to the coroner's office",
		"re-stack the Cascade bales away from the kiln door",
		"send the alpha-acid samples from kiln 2 to the lab",
		"replace the torn burlap on the upper drying floor",
		"photograph the principal cellist's Gofriller for the insurer",
		"renew the carnet before the Vienna tour",
		"get the second bassoon revalued",
		"recalibrate the dissolved-oxygen probe on aeration basin 3",
		"rerun Tuesday's failed BOD blanks",
		"file the October discharge report before the 28th",
		"reprint the vehicle deck plan for the 06:40 sailing",
		"refund Saturday's cancelled walk-on bookings",
		"order more shiitake plug spawn for the spring logs",
		"descale the humidifier nozzles in fruiting room B",
		"move the lion's mane blocks into the cold room"},
	pathTpl: []template{
		{"2026-11-21 04:17:09 ERROR exporter: could not write {X}: quota exceeded\n2026-11-21 04:17:09 INFO exporter: next attempt at 04:47", SpeakerTool},
		{"Source of truth: {X}\nEverything else is a copy; edit it there and let the sync job push it out.", SpeakerCode},
		{"Ticket FAC-5520\nReporter: front desk\nDescription: the weekly report still reads from {X} and it's showing last month's numbers. Can it be pointed at the new location?", SpeakerTool},
		{"the one you want is {X}, not whatever was attached to the email, that's a draft from before the audit", SpeakerUser},
		{"Runbook: end-of-day close\n1. Stop the sync service.\n2. Export the day's records and check they show up in {X}.\n3. Restart the sync service and check the dashboard goes green.", SpeakerTool},
		{"I traced it: the scheduler writes its output to `{X}`, which is why the folder you were checking stays empty.", SpeakerAssistant},
		{"where's the latest copy living these days?" + TurnSep + "At {X}. I checked the job's config just now to be certain.", SpeakerTwoTurns},
		{"heads up, IT moved everything over the weekend. it's {X} now, the old bookmarks won't work", SpeakerUser},
		{"Loaded once at startup from {X}.\nIf that location is unreachable the last cached copy is used and a warning is logged.", SpeakerCode},
		{"I've put the cleaned-up export at {X} so you can compare it side by side with the original.", SpeakerAssistant},
	},
	paths: []string{"/srv/crematorium/bookings/witness_slots.csv", `\\OAST-PC\KilnLogs\kiln2_2026.csv`,
		`D:\Hops\Moisture\bale_checks_week44.xlsx`, "~/Documents/Tour Insurance/Vienna 2027/schedule of instruments.pdf",
		"s3://harbourline-tickets/exports/2026/11/", "gs://riverbend-wwtp-lab/dmr/2026-10.xml",
		"sftp://drop.bowandbrass-insure.example/inbound/orchestra/", "https://intranet.lakeside-ferries.example/desk/refunds?week=47",
		"./rooms/fruiting-b/setpoints.yaml", "../lab-shared/qc/bod_blanks_2026-11-11.csv", "/etc/kilnd/burners.toml",
		"mycology/batches/shiitake/2026-11/spawn_run.log", "/opt/ferrydesk/print/boarding_card.zpl",
		`C:\Users\Public\Orchestra\Condition Reports\principal_cello.docx`, "/mnt/cremation-records/authority_forms/2026/"},
	idTpl: []template{
		{"From: accounts payable\nSubject: Re: overcharge\n\nGood afternoon, I'm writing again about {X}. The amount on our statement still doesn't match what we agreed on the phone.\n\nKind regards,\nD. Whitlow", SpeakerTool},
		{"11:02:44 WARN match: {X} appears twice in today's batch; second copy held for review\n11:02:45 INFO match: 212 records processed", SpeakerTool},
		{"Ticket FAC-5611 | Priority: high\nAffected record: {X}\nNotes: the figures differ between the paper sheet and the system. Please don't amend until the supervisor has seen it.", SpeakerTool},
		{"it's {X} that's wrong, I've got the paper copy here with it highlighted. leave the rest alone", SpeakerUser},
		{"Found the culprit: {X} is the only record still in the old format, which is what makes the nightly import fall over.", SpeakerAssistant},
		{"Known bad record: {X}.\nSkipped on purpose until the office confirms the correct figures.", SpeakerCode},
		{"what was the reference on the one that bounced this morning?" + TurnSep + "{X}. I've added it to the ticket so it doesn't get lost.", SpeakerTwoTurns},
		{"please copy {X} exactly into the note, people search by it and one wrong character means nobody finds it", SpeakerUser},
		{"ref,state,changed_by,changed_at\n{X},ON HOLD,desk2,2026-11-19\n(1 row)", SpeakerTool},
		{"Searching the last month of logs for {X} gives four hits, all from the Saturday morning shift.", SpeakerAssistant},
	},
	ids: func(r *rand.Rand) string {
		up := func() byte { return "ABCDEFGHJKLMNPQRSTUVWXYZ"[r.IntN(24)] }
		switch r.IntN(15) {
		case 0: // cremation register number
			return fmt.Sprintf("CR/%d/%04d", 2025+r.IntN(2), r.IntN(10000))
		case 1: // stainless identity disc
			return fmt.Sprintf("ID disc %05d", r.IntN(100000))
		case 2: // cremator serial
			return fmt.Sprintf("PP2-%05d-%c", r.IntN(100000), up())
		case 3: // hop lot code
			return fmt.Sprintf("HL%02d-%s-%04d", 25+r.IntN(2), []string{"CAS", "CEN", "CHI", "MOS", "NUG", "ZEU"}[r.IntN(6)], r.IntN(10000))
		case 4: // bale tag
			return fmt.Sprintf("BALE %c-%04d", up(), r.IntN(10000))
		case 5: // instrument insurance policy
			return fmt.Sprintf("POL-IN-%06d", r.IntN(1000000))
		case 6: // ATA carnet
			return fmt.Sprintf("ATA GB%07d", r.IntN(10000000))
		case 7: // insurance claim
			return fmt.Sprintf("CLM%02d-%05d", 25+r.IntN(2), r.IntN(100000))
		case 8: // lab sample ID
			return fmt.Sprintf("WW%02d%02d-%04d", 25+r.IntN(2), 1+r.IntN(12), r.IntN(10000))
		case 9: // discharge permit
			return fmt.Sprintf("%s00%05d", []string{"MN", "OH", "WI", "OR", "ME"}[r.IntN(5)], r.IntN(100000))
		case 10: // ferry booking reference
			return fmt.Sprintf("%c%c%d%c%d%c", up(), up(), r.IntN(10), up(), r.IntN(10), up())
		case 11: // sailing code
			return fmt.Sprintf("SLG-%02d%02d-%s", 5+r.IntN(16), 10*r.IntN(6), []string{"ISL", "ARA", "MUL", "COL", "BUT"}[r.IntN(5)])
		case 12: // card terminal transaction
			return fmt.Sprintf("txn_%08x", r.Uint32())
		case 13: // mushroom batch
			return fmt.Sprintf("%s-B%02d-%04d", []string{"SHI", "LMN", "BLO", "KNG"}[r.IntN(4)], 1+r.IntN(40), r.IntN(10000))
		}
		// spawn lot
		return fmt.Sprintf("SPAWN LOT %c%05d", up(), r.IntN(100000))
	},
	distractorTpl: []template{
		{"we had {X} on trial for {P} over the summer and gave it up, the support line never once answered. not going back to it", SpeakerUser},
		{"Item 2: {P}\n  {X} was considered and rejected as too expensive for what it does.\n  No further action.", SpeakerTool},
		{"If the grant doesn't come through, {X} could cover {P}, but that's purely a contingency; nobody has chosen it.", SpeakerAssistant},
		{"Copied from the Northport site's wiki: \"{P} is done with {X} here, because {R}.\" That's how they run it; nothing has changed on our side.", SpeakerTool},
		{"did we ever settle whether {X} is an option for {P}?" + TurnSep + "No, it's still open. I've parked it until the supplier comes back with prices.", SpeakerTwoTurns},
		{"Example config only: \"{X}\" is a placeholder name for the manual.\nIt is not what this site uses.", SpeakerCode},
		{"you can strike the one to {T}, Ilse did it before lunch", SpeakerUser},
		{"Done this week\n  [x] {T} (signed off by Bram)\n  [x] nothing else carried over", SpeakerTool},
		{"No need to {T}; the log shows it was done on Friday, so I've taken it off the list.", SpeakerAssistant},
		{"We used to have to {T} by hand after every cycle.\nThat's automated now; nothing left to do here.", SpeakerCode},
		{"I also ran {X} against last month's data for {P}; it came out worse than the current setup, so I threw that branch away.", SpeakerAssistant},
	},
	rejected: []string{"Osiris Crematory", "FDMS Pro", "Aginco dryer controls", "Clarion Musical Cover", "STARLIMS 12",
		"Quanti-Tray 2000", "SumUp Air", "Stripe Terminal", "growlink", "autoclave pasteurization", "Hopsteiner HopLab"},
	done: []string{"empty the ash pan on retort 1", "swap the thermocouples on kiln 1", "send the tour itinerary to the broker",
		"clear the jammed boarding-card printer at window 3", "restock the sampling bottles in the van",
		"autoclave the grain spawn jars", "sweep the oast drying floor", "renew the cremator operator certificates"},
}
