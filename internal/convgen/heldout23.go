package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut29 returns n facts of each kind from the twenty-ninth held-out set.
// Its domains are a pipe-organ restoration workshop, a fine-wine auction
// house's cellar intake, an ice-core laboratory's freezer archive, a
// touring circus's rigging and route logistics, a honey cooperative's
// apiaries and extraction room, and a parish cemetery's plot records.
// Decisions arrive as an approval in an email, a terse chat confirmation,
// a settings change the assistant reports, meeting minutes, a resolved
// ticket, a grudging concession, code comments, a changelog line, a choice
// buried in the middle of a chatty paragraph, a signed requisition, a chat
// export, and a two-turn exchange where the assistant recalls what was
// agreed. Pending tasks come as grant conditions, blockers, hand-offs,
// requests phrased as questions, deadlines mentioned in passing, promises
// to outsiders, tracker rows, an unchecked item among checked ones,
// reminders, an outsider waiting on us, TODO and FIXME comments, status
// lists, chat exports and action items. Paths come in Unix absolute and
// relative forms (./ and ../), home directories with spaces, Windows drive
// and UNC paths, s3://, gs:// and sftp:// locations and URLs, set in logs,
// configs, tickets, runbooks and chat. Identifiers are workshop job
// numbers, sale lots, consignment numbers, seal codes, ice-core bag
// numbers, freezer sensor serials, analyser run names, hoist and load-cell
// serials, ferry bookings, queen and hive-scale tags, cemetery plots and
// interment register entries. Distractors are options tried and dropped,
// what-ifs, another branch's setup, open questions, placeholder names in
// docs, a withdrawn proposal, and tasks already done. The set is blind:
// it was written without reading the summarizer or any other held-out set.
func HeldOut29(seed uint64, n int) []Fact { return heldOut29.facts(seed, n) }

var heldOut29 = factSet{
	decisionTpl: []template{
		{"From: Margit Osei\nTo: workshop-all\nSubject: Re: quotes for the Easter work\n\nApproved. Please order {X} for {P}. What persuaded me is that {R}. Charge it to the restoration grant, not to general funds.\n\nMargit", SpeakerTool},
		{"confirmed, {X} for {P}. reason being {R}, so no more debate please", SpeakerUser},
		{"Settings updated: {X} is now configured for {P}, and I deleted the fallback block since, as you put it, {R}.", SpeakerAssistant},
		{"Workshop meeting, 3 March\nPresent: Margit, Hamid, Ines, Pieter\n\nItem 2: {P}\n  Long discussion. Resolved to adopt {X}; Hamid noted that {R}.\nItem 3: van insurance renewal\n  Deferred to April.", SpeakerTool},
		{"Status: Resolved\nSummary: what we use for {P}\nResolution: {X} is the standard from now on. Requester's reason: {R}.\nClosed by: t.amari", SpeakerTool},
		{"not my first pick and I'll say so in the minutes, but {R}, so {X} wins for {P}. happy now?", SpeakerUser},
		{"Backend for {P}: {X} (see the minutes of 3 March; {R}).\nKeep the adapter thin so the vendor-specific bits stay in one file.", SpeakerCode},
		{"## 2026-03-14\n- Adopted {X} for {P} ({R}).\n- Fixed the typo in the intake form footer.\n- Label template bumped to v6.", SpeakerTool},
		{"Long week. The van's back from the garage, Pieter is off sick again, and after all that back and forth we're going with {X} for {P} because {R}. Anyway, what I actually wanted to ask about is the export script, it's timing out again.", SpeakerUser},
		{"sorry, I missed Thursday's meeting. anything I should know about {P}?" + TurnSep + "Just that it's settled: the group went with {X}. Hamid's argument carried it, that {R}.", SpeakerTwoTurns},
		{"The scheduler entry for the old process is gone; {X} takes over {P} from tonight's run onward. That's in line with your point that {R}.", SpeakerAssistant},
		{"14/03/2026, 18:22 - Sofie: which one for {P} then?\n14/03/2026, 18:31 - Bram: {X}. {R}\n14/03/2026, 18:31 - Sofie: ok, ordering Monday", SpeakerTool},
		{"remind me why we picked {X} for {P}? someone asked and I blanked" + TurnSep + "Because {R}. That's been the agreed choice since the March review, and nothing has changed it.", SpeakerTwoTurns},
		{"DECISION 2026-02: {X} for {P}.\nWhy: {R}. Revisit only if the supplier stops supporting it.", SpeakerCode},
		{"go ahead and order {X} for {P}, I've signed the requisition. the extra cost is justified because {R}.", SpeakerUser},
	},
	choices: []string{"Peterson StroboPlus HDC", "Syndyne", "Old Brown Glue", "eProvenance", "Prooftag", "vinoTrace",
		"Picarro L2140-i", "Stirling SU780XLE", "coreLedger", "Chainmaster D8 Plus", "Eilon RON 2501", "tourDash",
		"BEEP base", "hivelog", "Lyson radial extractor", "CemMap Pro", "GSSI UtilityScan"},
	purposes: []string{"reed stop tuning before the Easter recital", "the pouch leather repairs in the swell chest",
		"the console combination memory", "temperature tracking on consigned cases", "anti-tamper seals on the high-value lots",
		"the pre-sale condition reports", "the isotope runs on the meltwater samples", "overflow storage for the firn sections",
		"the core section chain of custody", "the flying trapeze rigging points", "load monitoring on the king poles",
		"advance sheets for the autumn route", "remote weighing of the out-apiary hives", "queen cell grafting records",
		"the spring honey extraction", "plot ownership and interment records", "the search for unmarked graves in Section F"},
	reasons: []string{"the wind pressure on that organ makes the cheaper tuners jitter",
		"the restoration charter only allows reversible materials",
		"it keeps eight levels of piston memory without a battery",
		"the insurers now ask for an unbroken temperature record",
		"the Hong Kong buyers won't bid on a lot without a verifiable seal",
		"the photographers can attach images straight from the cellar tablet",
		"it runs unattended overnight on the autosampler",
		"the walk-in room alarmed twice in January",
		"the funding agency audits every transfer between freezers",
		"the insurer's rigging inspector has certified that model",
		"nobody can read the old shackle gauges from the ring floor",
		"the crew already get their day sheets through it on their phones",
		"driving out to the heather sites every week burns a whole day",
		"it prints the cell-cup labels out in the field",
		"the stainless basket fits our existing uncapping tank",
		"the parish register scans import without any retyping",
		"the council won't authorise any digging before a survey"},
	taskTpl: []template{
		{"Before the trustees visit we have to {X}; Annelies made that a condition of the grant report.", SpeakerUser},
		{"The import keeps failing validation, and it will until someone is able to {X}. That part needs a person on site, so I've paused the job.", SpeakerAssistant},
		{"writing the handover for Pieter now. top of his list: {X}. can you check I haven't missed anything else in the notes?", SpeakerUser},
		{"could you {X} sometime this week? doesn't have to be today", SpeakerUser},
		{"Oh, and the inspector's back on the 22nd, so we need to {X} by then. But first, can you see why the report header gets cut off?", SpeakerUser},
		{"the insurance assessor just rang again and she sounded annoyed. any idea why?" + TurnSep + "Probably because you told her last month you'd {X} before the policy renews, and that still hasn't happened.", SpeakerTwoTurns},
		{"Issue #118 (open, no assignee): {X}\nIssue #117 (closed): replace the workshop kettle", SpeakerTool},
		{"Pre-season checklist\n- [x] renew the public liability certificate\n- [ ] {X}\n- [x] order new hi-vis vests\n- [x] test the fire exit signage", SpeakerTool},
		{"remind me tomorrow to {X}, I'll forget otherwise", SpeakerUser},
		{"From: Dr Sunniva Hald\nSubject: Bern shipment\n\nHi both, just checking: has anyone been able to {X}? Our courier slot is on the 9th and I'd rather not lose it.\n\nSunniva", SpeakerTool},
		{"TODO: {X}.\nThe label printer job reads the old values until then; don't ship this to the front desk.", SpeakerCode},
		{"FIXME(ines): hard-coded until we {X}.\nRemove the constant once that's sorted.", SpeakerCode},
		{"Everything in the import branch is merged except one piece I couldn't do from here: someone needs to {X}. I've written up the steps for whoever takes it.", SpeakerAssistant},
		{"before I go home, what's the riskiest thing we haven't done?" + TurnSep + "Probably that nobody has managed to {X} yet. Everything else can slip a week; that can't.", SpeakerTwoTurns},
		{"Radio log, north gate\n07:15 Kofi to yard: still need someone to {X} today, over\n07:16 Yard: copy, nobody free until after lunch, leave it on the board", SpeakerTool},
		{"Actions arising\n  1. Hamid: {X}, by the 20th\n  2. Minutes to be circulated by Friday", SpeakerTool},
	},
	tasks: []string{"re-leather the pouch board on the swell chest", "send the Trompette voicing notes to the church wardens",
		"photograph the ullage on the 1982 Pauillac consignment", "chase the missing provenance letters for the Kessler cellar",
		"re-cut the lot labels for the Burgundy sale", "log the freezer excursion from the night of the 12th",
		"re-box the brittle-zone sections from the Dome C core", "ship the duplicate meltwater vials to the Bern lab",
		"re-certify the trapeze rigging slings before the Lyon shows", "book the truck ferry for the Rosslare crossing",
		"send the revised tent plot to the Ghent city engineers", "requeen the three aggressive colonies at the Hollybush apiary",
		"send the varroa count sheet to the county bee inspector", "re-survey the collapsed headstones along the north wall",
		"reply to the Ahlberg family about reopening their grave", "update the interment register with the March burials"},
	pathTpl: []template{
		{"open {X} please. the printed copy Hamid has is two revisions behind", SpeakerUser},
		{"Tracked it down. The import's source setting still points at {X}, so every run pulls the withdrawn lots in again.", SpeakerAssistant},
		{"Runbook: nightly export\n1. Check the freezer logger is online.\n2. Confirm {X} is there and up to date.\n3. Email Sunniva once the upload finishes.", SpeakerTool},
		{"[uploader] Mar 11 02:14 open failed path=\"{X}\" err=ENOENT attempt=3/5\n[uploader] Mar 11 02:14 backing off 30m", SpeakerTool},
		{"Output goes to {X}.\nThe archive team reads it from there every Monday, so don't move it.", SpeakerCode},
		{"I need to send the surveyor the latest data, where is it now?" + TurnSep + "At {X}. It was updated yesterday, and I checked that you can write to it.", SpeakerTwoTurns},
		{"[export]\ntarget = \"{X}\"\nkeep_days = 90\nnotify = \"lise\"", SpeakerTool},
		{"Ticket: scanner output missing\nReporter: dora\nDetails: {X} is supposed to be refreshed every night but hasn't changed since Tuesday.\nPriority: normal", SpeakerTool},
		{"heads up, after the server swap it lives at {X}. the old share stays read-only until it's switched off at Easter", SpeakerUser},
		{"Wrote the deduplicated version to {X}; the original is untouched in case you want to compare.", SpeakerAssistant},
	},
	paths: []string{"/srv/organ-workshop/voicing/trompette_8ft_notes.md", "./surveys/section_f/gpr_2026-03.csv",
		"../cellar-intake/photos/kessler/", "~/Documents/Honey Coop/Extraction Logs/spring 2026.xlsx",
		`D:\Circus\Rigging\Load Plans\big_top_v4.pdf`, `\\ICELAB-FS02\Freezer Logs\walkin_B`,
		"s3://vinoauction-condition-reports/2026/spring-sale/", "gs://icecore-isotopes-raw/domec/run_0412/",
		"sftp://files.countybees.example.org/inspections/upload/", "https://plots.stbrannock-cemetery.org/register/section-f",
		"/var/log/hivescale/beep-sync.log", "/etc/circus/route/autumn_2026.toml",
		"cemetery/records/interments/1911-1920.tsv", "/Users/ines/Organ Restoration/Swell Chest/pouch_map.dwg",
		`C:\ProgramData\Picarro\Logs\L2140i\autosampler.log`},
	idTpl: []template{
		{"it's {X} that's wrong, not the one next to it. Pieter flagged it at the Tuesday check", SpeakerUser},
		{"Two records share {X}, one entered in January and one last week. I haven't merged anything yet, just flagged both.", SpeakerAssistant},
		{"From: Johan Ahlberg\nSubject: third attempt\n\nTo whom it may concern, my reference number is {X}. I was promised a call back a fortnight ago and have heard nothing.\n\nJohan Ahlberg", SpeakerTool},
		{"03:12:44 WARN custody: item {X} scanned out without a receiving signature\n03:12:44 INFO custody: alert sent to duty curator", SpeakerTool},
		{"{X} is exempted from the weight check below because its scale reads 2 kg heavy.\nMargit knows; don't fix it.", SpeakerCode},
		{"which one tripped the alarm last night?" + TurnSep + "The log says {X}. It tripped twice, at 01:10 and again at 03:40.", SpeakerTwoTurns},
		{"LABEL\n  Ref:      {X}\n  Location: bay 3, shelf C\n  Status:   QUARANTINE, do not release", SpeakerTool},
		{"put {X} in the subject line when you email them, otherwise it lands in the general inbox", SpeakerUser},
		{"I checked the custody log: the last time anyone touched {X} was on the 3rd, and it was a read, not an edit.", SpeakerAssistant},
		{"Reopened: {X} still shows the old status on the board.\nReopened by: lise", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(15) {
		case 0: // organ workshop job number
			return fmt.Sprintf("WJ-%d-%03d", 24+r.IntN(3), r.IntN(1000))
		case 1: // auction sale and lot
			return fmt.Sprintf("Lot %d-%03d", 4700+r.IntN(300), 1+r.IntN(600))
		case 2: // cellar consignment number
			return fmt.Sprintf("CNS/%d/%05d", 25+r.IntN(2), r.IntN(100000))
		case 3: // anti-tamper seal code
			return fmt.Sprintf("PT%c%c-%04d-%04d", letter(), letter(), r.IntN(10000), r.IntN(10000))
		case 4: // ice-core bag number
			return fmt.Sprintf("DC%02d-bag%04d", 1+r.IntN(40), r.IntN(10000))
		case 5: // freezer temperature sensor serial
			return fmt.Sprintf("ULT-%06X", r.Uint32()&0xffffff)
		case 6: // isotope analyser run file
			return fmt.Sprintf("HIDS%04d-202603%02d-%06dZ", 2000+r.IntN(300), 1+r.IntN(28), r.IntN(240000))
		case 7: // chain hoist serial
			return fmt.Sprintf("LS%c%06d", letter(), r.IntN(1000000))
		case 8: // wireless load cell
			return fmt.Sprintf("BW-T24-%05d", r.IntN(100000))
		case 9: // ferry booking reference
			return fmt.Sprintf("FB%c%c%c%d%d%d", letter(), letter(), letter(), r.IntN(10), r.IntN(10), r.IntN(10))
		case 10: // queen tag, year colour and number
			return fmt.Sprintf("Q-%s-%03d", []string{"WHT", "YEL", "RED", "GRN", "BLU"}[r.IntN(5)], r.IntN(1000))
		case 11: // hive scale device
			return fmt.Sprintf("BM-%02X:%02X:%02X", r.IntN(256), r.IntN(256), r.IntN(256))
		case 12: // cemetery plot
			return fmt.Sprintf("Plot %c-%02d-%03d", 'A'+rune(r.IntN(8)), 1+r.IntN(40), 1+r.IntN(200))
		case 13: // interment register entry
			return fmt.Sprintf("INT/%d/%04d", 1890+r.IntN(137), r.IntN(10000))
		}
		// export script commit
		return fmt.Sprintf("%04x%05x", r.IntN(1<<16), r.IntN(1<<20))
	},
	distractorTpl: []template{
		{"{X} for {P}? we trialled it for six weeks in the autumn and went back to what we had. not going there again", SpeakerUser},
		{"I ran {X} against the current setup for {P}; it was slower and kept dropping records, so I reverted and didn't keep it.", SpeakerAssistant},
		{"Purely hypothetically, and only if the grant falls through next year: {X} might be able to handle {P}. I haven't priced it and nobody has asked for it.", SpeakerAssistant},
		{"Forwarded from the Bergen office (their process, not ours): \"Here we run {X} for {P}, because {R}.\" Nobody here is switching.", SpeakerTool},
		{"where are we with {X} for {P}, did Hamid ever get back to us?" + TurnSep + "He didn't. No one has made a call on it, and it won't come up again before the sale.", SpeakerTwoTurns},
		{"Sample values for the README: \"{X}\" is only a placeholder name for the example.\nOur real integration is configured elsewhere.", SpeakerCode},
		{"Item 4: {X} for {P}\n  Proposal withdrawn: too expensive, and support is US hours only. No action.", SpeakerTool},
		{"Lise says she finished the job to {T} this morning, so strike that from the list", SpeakerUser},
		{"Completed since the last walkthrough (signed off by Margit)\n- [x] {T}\n- [x] sweep out the loading bay\n- [x] refill the first-aid box", SpeakerTool},
		{"The request to {T} turned out to be stale: the logbook shows it was signed off on Monday, so I've left it out of the plan.", SpeakerAssistant},
		{"Legacy: until last season someone had to {T} manually.\nThe nightly job covers it now, so this branch never runs.", SpeakerCode},
	},
	rejected: []string{"Korg OT-120", "Cleartune", "Titebond Liquid Hide Glue", "CellarTracker", "Tempmate S1",
		"LabWare LIMS", "Thermo TSX860", "EXE Rise", "Arnia", "ApiaryBook", "Cemify", "MALÅ GX"},
	done: []string{"rebush the trackers on the choir organ", "send the spring catalogue proofs to the printer",
		"defrost the chest freezer in the prep room", "re-splice the safety net lanyards",
		"clean the settling tanks after the oilseed rape honey", "repaint the section markers along the east path",
		"file the bonded warehouse stock return", "swap the hive scale batteries at Hollybush"},
}
