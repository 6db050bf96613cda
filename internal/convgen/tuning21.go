package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning21 returns n facts of each kind (plus n distractors) from the
// twenty-first tuning set. Its domains are a glassblowing studio (hot
// shop, glory holes, annealer schedules, colour rod and frit, classes), a
// rare-books dealer (incunabula, provenance, condition reports, book
// fairs, export licences), a quarry's blasting schedule (shot designs,
// electronic detonators, vibration monitoring, neighbour notices), a
// hearing-aid clinic (audiograms, real-ear measurement, remote fine-tuning,
// receiver recalls), a commercial laundry serving hotels (RFID linen
// tags, tunnel washers, per-piece billing) and a zoo's animal nutrition
// kitchen (diet sheets, browse, weighed rations, feed refusals). Most of
// the weight is on decisions said indirectly: an assistant's report of an
// importer already cut over, a purchase order and an invoice naming the
// product, a grudging concession ("fine, X it is"), a default changed in a
// config diff, a ticket's resolution field, a members' vote tally, the
// reason given before the choice ("since ..., we're on X"), a choice by
// elimination, two-turn exchanges where the answer names the choice (a
// question about what is in use, "you pick, tell me why", "was it X or the
// other one") and code comments saying why a module is pinned to a
// product; reasons come as a trailing clause, a justification line, a
// chair's note, a commit comment or the first half of the sentence. Tasks
// come as deadlines, reminders, checklist and tracker rows, emails,
// minutes' actions, TODO/FIXME comments and "anything left?" answers;
// paths in Unix, relative, home-directory, Windows drive, UNC and
// s3/gs/sftp forms, some inside log lines, crontabs, INI files and Python
// and Java stack traces; identifiers are glass batch and class booking
// codes, annealer runs, stock and ESTC numbers, sale lots, shot numbers,
// detonator lots, vibration events, hearing-aid serials, patient numbers,
// RFID EPCs, hotel accounts, zoo accession numbers and diet codes.
// Distractors are options trialled and dropped, hypotheticals, another
// branch's choice, vendor-doc examples, rejected shortlists, a lost
// benchmark and finished tasks. It was written without reading the
// summarizer, as a tuning set.
func Tuning21(seed uint64, n int) []Fact { return tuning21.facts(seed, n) }

var tuning21 = factSet{
	decisionTpl: []template{
		{"Cut the importer for {P} over to {X} this morning and switched the old feed off; nothing writes to it anymore. The reasoning we agreed on was that {R}.", SpeakerAssistant},
		{"PURCHASE ORDER 4471-B\nVendor: {X}\nLine 1: annual subscription, for {P}\nQty: 1\nApproved by: M. Okafor (director)\nJustification on file: {R}.", SpeakerTool},
		{"fine. {X} it is for {P}. I'm not happy about the price and I said so, but {R}, and I can't really argue with that", SpeakerUser},
		{"commit 3f9e2c1 studio: change default\n\n--- a/config/defaults.ini\n+++ b/config/defaults.ini\n@@ -12,3 +12,3 @@\n # {P}\n-backend = spreadsheet\n+backend = {X}\n # switched because {R}", SpeakerTool},
		{"OPS-2291  Pick a system for {P}\nStatus: Resolved\nAssignee: h.mbeki\nResolution: Done, went with {X}\nResolution comment: {R}.", SpeakerTool},
		{"Members' meeting, item 4: {P}\nVotes cast: {X} 9, keep the current setup 3, abstentions 1\nMotion carried.\nChair's note: {R}.", SpeakerTool},
		{"since {R}, {P} is on {X} now. told the others over lunch and nobody pushed back", SpeakerUser},
		{"ok, process of elimination for {P}: the spreadsheet is out, the free tool is far too slow once the list gets long, so that leaves {X}. and honestly {R}, so I'd have landed there anyway", SpeakerUser},
		{"so what are we actually using for {P}? I've heard three different names this week" + TurnSep +
			"{X}. That's the one that was signed off, because {R}. The other names were just the ones on the shortlist.", SpeakerTwoTurns},
		{"you choose for {P}, I trust you, just tell me why" + TurnSep +
			"{X}, then. Mainly because {R}. I've made it the default in the config so nobody has to pick again.", SpeakerTwoTurns},
		{"was it {X} or the other one for {P}? I forget where we landed" + TurnSep +
			"{X}. The other one fell out once it was clear that {R}.", SpeakerTwoTurns},
		{"This module sends everything for {P} to {X}, not the old spreadsheet import.\nWhy: {R}. Ask before swapping it out.", SpeakerCode},
		{"Pinned to {X} on purpose ({P}).\nA second backend was tried here and removed; the point is that {R}.", SpeakerCode},
		{"INVOICE INV-30918\nBill to: Harrow & Pike Ltd\nItem: {X}, twelve-month licence\nUse: {P}\nAmount due: 1,840.00\nCustomer note recorded at order: chosen because {R}.", SpeakerTool},
		{"Because {R}, I've moved {P} onto {X} and deleted the old adapter, so there's only one code path left.", SpeakerAssistant},
		{"Per your last message, {P} is standardised on {X}: every call goes there now and the fallback is gone. You gave the reason as {R}.", SpeakerAssistant},
		{"told the rep yes on {X} for {P}, deposit's paid. {R}, so it was never really close", SpeakerUser},
	},
	choices: []string{"Digitry V6", "Gaffer Glass", "Glass Alchemy", "Bookhound", "viaLibri",
		"Hiscox Fine Art", "SHOTPlus", "i-kon II", "Instantel Micromate", "DigiShot Plus", "Sycle",
		"Blueprint OMS", "Aurical Freefit", "myPhonak", "Noah 4", "Positek RFID", "Kannegiesser Power Tunnel",
		"FeedCalc Zoo", "Mazuri", "ZIMS for Husbandry"},
	purposes: []string{"the annealer firing schedules", "colour rod ordering for the hot shop",
		"bookings for the beginner paperweight classes", "the glory-hole burner controls",
		"cataloguing the incunabula", "listing stock for the book-fair circuit",
		"insuring consignments sent out to collectors", "designing the bench blast patterns",
		"initiating the shots on the north face", "ground-vibration monitoring at the nearest houses",
		"patient records and audiograms", "real-ear measurement at fittings", "remote fine-tuning of hearing aids",
		"recall reminders for annual hearing tests", "tracking hotel linen piece by piece",
		"the tunnel washer dosing", "diet sheets for the primate house", "weighing out the carnivore rations"},
	reasons: []string{"the insurer won't cover the studio without logged annealing curves",
		"the students already blow COE 96 and nothing else fits the furnace",
		"the burner shuts itself off when the flame fails",
		"it prints the provenance notes straight onto the invoice",
		"the book fairs take its feed without any reformatting",
		"twelve thousand titles are already keyed into its database",
		"every hole's delay is timed to the millisecond",
		"misfires dropped to zero in the trial blasts",
		"the county permit demands signed vibration records",
		"audiologists can open a fitting from any room",
		"it pulls the audiogram straight from the booth",
		"patients get adjustments without a clinic visit",
		"the health board contract names it as the supplier",
		"the hotels are billed per piece instead of per kilo",
		"its chips survive two hundred wash cycles",
		"the gas bill fell by a third during the pilot",
		"keepers can log refusals on a tablet at the enclosure",
		"the vets want nutrient totals per animal"},
	taskTpl: []template{
		{"before Friday somebody has to {X}, otherwise the inspector will have something to write about. I keep meaning to sort out who", SpeakerUser},
		{"Still outstanding on my side: {X}. I've put a line about it in the handover file so it doesn't get lost.", SpeakerAssistant},
		{"Open-day prep\n- [x] sweep the car park\n- [ ] {X}\n- [x] print the visitor map", SpeakerTool},
		{"From: D. Achterberg\nSubject: one more thing\n\nCould you please {X}? We need it done before the fair and I haven't seen anything yet.\n\nThanks,\nDirk", SpeakerTool},
		{"TODO(studio): {X}.\nThe constants below assume that's already happened; it hasn't.", SpeakerCode},
		{"anything left before I close the laptop?" + TurnSep +
			"One thing: we still have to {X}. I'd do it first thing tomorrow, before anything else.", SpeakerTwoTurns},
		{"remind me to {X} tomorrow, I'll forget otherwise. I always do", SpeakerUser},
		{"KEY      SUMMARY                                        STATUS  ASSIGNEE\nOPS-311  {X}  Open    (none)\nOPS-309  replace the label printer ribbon               Done    kaz", SpeakerTool},
		{"I can't {X} from here, there's no access to the site network from this machine, so that one is still yours.", SpeakerAssistant},
		{"the owner wants us to {X} by the end of the month. can you draft the steps? I'll do the physical part", SpeakerUser},
		{"Minutes, Monday ops meeting\n3. ACTION (Priya): {X}. Not started.\n4. Next meeting moved to the 14th.", SpeakerTool},
		{"FIXME: nobody has managed to {X} yet.\nKeep the manual override below until someone does.", SpeakerCode},
		{"has anyone got round to it? we were supposed to {X}" + TurnSep +
			"Not as far as I can see. Nothing in the log says it happened, so it's still open.", SpeakerTwoTurns},
	},
	tasks: []string{"recalibrate the annealer thermocouple", "order more cobalt blue frit from the supplier",
		"refund the deposits for the cancelled paperweight class", "photograph the foxing on the 1623 folio for the buyer",
		"send the condition report for the Kelmscott Chaucer", "chase the export licence for the Audubon plates",
		"notify the neighbours on Quarry Lane before Thursday's blast", "re-survey the face profile on bench 4",
		"file the vibration readings with the county minerals officer", "recall the patients fitted from the faulty receiver batch",
		"calibrate the sound booth audiometer", "book the wax-removal appointments at the care home",
		"re-tag the duvet covers from the Harbour Hotel", "descale the rinse zone of the tunnel washer",
		"reweigh the giraffe browse ration", "update the diet sheet for the pregnant tamarin",
		"order the frozen capelin for the penguin pool"},
	pathTpl: []template{
		{"the real export is {X}. the shortcut on the desktop points at an old copy, ignore it", SpeakerUser},
		{"I read the schedule from {X}; that's what the controller actually loads, whatever the manual says.", SpeakerAssistant},
		{"2026-06-04 03:15:02 ERROR sync: open {X}: no such file or directory\n2026-06-04 03:15:02 INFO sync: 0 records written, retry at 03:45", SpeakerTool},
		{"# m h dom mon dow command\n15 3 * * * /usr/local/bin/push-records --out {X}\n0 6 * * 1 /usr/local/bin/weekly-report --mail office", SpeakerTool},
		{"Traceback (most recent call last):\n  File \"/opt/app/run.py\", line 44, in <module>\n    load(cfg)\nFileNotFoundError: [Errno 2] No such file or directory: '{X}'", SpeakerTool},
		{"[storage]\nexport_dir = {X}\nkeep_days = 90\ncompress = yes", SpeakerTool},
		{"Reads {X} at startup.\nIf that file moves, change this constant and nothing else.", SpeakerCode},
		{"where did the scan backups end up after the move?" + TurnSep +
			"They're in {X} now. I checked the sync job's settings rather than trusting the wiki.", SpeakerTwoTurns},
		{"please don't touch {X}, the reception PC syncs from it every ten minutes", SpeakerUser},
		{"Exception in thread \"main\" java.io.FileNotFoundException: {X} (Access is denied)\n\tat java.io.FileInputStream.open0(Native Method)\n\tat java.io.FileInputStream.open(FileInputStream.java:219)", SpeakerTool},
	},
	paths: []string{"/srv/hotshop/annealer/profiles/schedule_b.json", "C:\\Studio\\Kilns\\annealer2_log.csv",
		"~/catalogue/incunabula/working_list.xlsx", "\\\\books-nas\\Stock\\Provenance\\folio_1623.pdf",
		"s3://quarry-blast-records/2026/north-face/", "gs://hearing-clinic-audiograms/exports/2026-06/",
		"sftp://ftp.countyminerals.gov.uk/vibration/inbound/", "/var/log/blastmon/micromate_sync.log",
		"./config/laundry/rfid_readers.yaml", "../zoo-nutrition/diets/primates/tamarin.csv",
		"E:\\Laundry\\Invoices\\harbour_hotel_june.pdf", "/opt/clinic/noah/import/queue",
		"~/Desktop/Book Fair/York 2026/stock_list.csv", "\\\\zoo-fs01\\Keepers\\Diet Sheets\\carnivores.docx",
		"/etc/hotshop/glory_hole.conf", "data/rarebooks/marc/export_2026-06-01.mrc"},
	idTpl: []template{
		{"quote {X} when you ring them, it's the only thing their system searches by", SpeakerUser},
		{"The mismatch is only on {X}; every other record reconciled, so I'd look at that entry by hand.", SpeakerAssistant},
		{"ref,status,updated\n{X},held,2026-06-04\n(1 row)", SpeakerTool},
		{"2026-06-04T22:10:41Z WARN ingest: rejected record {X}: checksum mismatch\n2026-06-04T22:10:41Z INFO ingest: 318 accepted, 1 rejected", SpeakerTool},
		{"Special-cased {X}: it was entered twice years ago and both rows are live.\nDon't dedupe it automatically.", SpeakerCode},
		{"which one was the customer complaining about?" + TurnSep +
			"{X}. I've pulled its full history into the notes.", SpeakerTwoTurns},
		{"Subject: query re {X}\n\nHello, we still have no answer on this one. Could someone look before Friday?\n\nRegards,\nC. Farrow", SpeakerTool},
		{"the one that failed the check is {X}, set it aside and label it", SpeakerUser},
		{"I added {X} to the exceptions list, so the nightly job stops flagging it.", SpeakerAssistant},
		{"record:\n  ref: {X}\n  state: quarantined\n  reason: awaiting review", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // glass batch
			return fmt.Sprintf("GB-%02d%02d-%02d", 1+r.IntN(12), 1+r.IntN(28), 1+r.IntN(40))
		case 1: // class booking
			return fmt.Sprintf("HS%05d", r.IntN(100000))
		case 2: // annealer run
			return fmt.Sprintf("ANL%d-%03d", 1+r.IntN(4), r.IntN(1000))
		case 3: // rare-book stock number
			return fmt.Sprintf("RB%06d%c", r.IntN(1000000), letter())
		case 4: // ESTC citation
			return fmt.Sprintf("ESTC %c%06d", "TNW"[r.IntN(3)], r.IntN(1000000))
		case 5: // auction sale lot
			return fmt.Sprintf("SL%d/%04d", 26+r.IntN(2), r.IntN(10000))
		case 6: // shot number
			return fmt.Sprintf("SHOT-N%d-%04d", 1+r.IntN(6), r.IntN(10000))
		case 7: // detonator lot
			return fmt.Sprintf("DDL%07d%c", r.IntN(10000000), letter())
		case 8: // vibration event
			return fmt.Sprintf("EV%06x", r.Uint32()&0xffffff)
		case 9: // hearing-aid serial
			return fmt.Sprintf("%d%c%07d", 10+r.IntN(89), letter(), r.IntN(10000000))
		case 10: // clinic patient number
			return fmt.Sprintf("PAT-%c%c%05d", letter(), letter(), r.IntN(100000))
		case 11: // RFID EPC
			return fmt.Sprintf("E28011%06X%012X", r.Uint32()&0xffffff, r.Uint64()&0xffffffffffff)
		case 12: // hotel account
			return fmt.Sprintf("HTL-%c%c%03d", letter(), letter(), r.IntN(1000))
		}
		if r.IntN(2) == 0 { // zoo global accession number
			return fmt.Sprintf("MIG%02d-%08d", 10+r.IntN(20), r.IntN(100000000))
		}
		// diet code
		return fmt.Sprintf("DIET/%c%c/%02d", letter(), letter(), 1+r.IntN(99))
	},
	distractorTpl: []template{
		{"we trialled {X} for {P} over the winter and dropped it in March; it never stuck with the staff", SpeakerUser},
		{"{X} might be worth a look for {P} one day, but that's speculation on my part; nothing has changed and I'm not suggesting we move.", SpeakerAssistant},
		{"Forwarded from the Leeds branch:\n\"We run {X} for {P}, mostly because {R}.\"\nThat's their setup; we're not following them.", SpeakerTool},
		{"what about {X} for {P}?" + TurnSep +
			"It was ruled out at the last review and nobody wants to reopen it, so I wouldn't spend time there.", SpeakerTwoTurns},
		{"Example only: copied from the {X} vendor docs to show the field names.\nWe don't use {X}; keep this out of the production path.", SpeakerCode},
		{"Options considered for {P}\n  {X}: rejected (too expensive to license, no UK support)\n  current setup: kept", SpeakerTool},
		{"if the budget ever stretched to it I'd move {P} to {X}, but it doesn't, so forget I said anything", SpeakerUser},
		{"I benchmarked {X} for {P} too; it lost on every run, so I didn't take it any further.", SpeakerAssistant},
		{"already did the one to {T} yesterday afternoon, tick it off the list", SpeakerUser},
		{"Done this week\n  [x] {T} (checked by the duty manager)\n  nothing carried over", SpeakerTool},
		{"I checked, and someone already managed to {T} last Tuesday, so I've left it off the open list.", SpeakerAssistant},
		{"We used to {T} by hand every month.\nThe script below does it now; nothing pending here.", SpeakerCode},
	},
	rejected: []string{"Wet Dog Glass", "Paragon Janus", "HomeBase 3", "Bibliopolis", "Austin Powder", "BlastLogic",
		"AuditBase", "Audiosoft Pro", "Lavatec LT", "Textile Track", "Animal Care Ledger", "Nutrition Compass"},
	done: []string{"sweep the cullet bins before the open day", "deliver the Darwin first edition to the Bristol collector",
		"replace the seismograph batteries at Hill Farm", "send the audiograms to the ENT consultant",
		"strip the reject sheets off the ironer", "thaw the fish for Tuesday's feeds",
		"reprint the price labels for the book fair", "reline the glory hole door", "post the blast warning notices for May"},
}
