package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut38 returns n facts of each kind from a blind held-out set, written
// without reading the summarizer or any other held-out set. Its domains are
// a luthier's violin repair bench, an inshore lifeboat station's launch
// log, a hospital sterile-services department, a cider press co-op, a
// railway signal box and a wildlife rehabilitation centre. Decisions come
// as an approval in an email, a terse chat confirmation, a settings change
// the assistant reports, committee minutes, a resolved ticket, a grudging
// "fine" from the user, a code comment, a changelog line, a choice buried
// in the middle of a chatty paragraph, a phone message relayed second hand
// and two-turn exchanges where the assistant recalls what was settled.
// Pending tasks are promises to outsiders, blockers, hand-offs, requests
// put as questions, deadlines mentioned in passing, tracker rows, an
// unchecked item among checked ones, reminders, an email from someone
// still waiting, TODO and FIXME comments and chat logs. Paths are Unix
// absolute and relative (./ and ../), home directories with spaces,
// Windows drives, UNC shares, s3://, gs:// and sftp:// locations and
// intranet URLs, met in logs, configs, runbooks, tickets and chat.
// Identifiers are what those trades quote: repair tickets and rental-fleet
// tags, launch and boat numbers, tray barcodes, sterilizer cycles and
// indicator lots, pressing bookings and duty batches, headcodes and fault
// numbers, admission numbers and bird rings, and a config commit hash.
// Distractors are options sent back after a trial, a what-if fallback,
// another station's arrangement quoted with its reason, an open question,
// a placeholder in docs, a comparison that lost, and tasks already done.
func HeldOut38(seed uint64, n int) []Fact { return heldOut38.facts(seed, n) }

var heldOut38 = factSet{
	decisionTpl: []template{
		{"From: Gwen Aldous\nTo: bench; office\nSubject: Re: the two quotes\n\nHappy to approve {X} for {P}. I went through both quotes again last night and what tipped it is that {R}. Please raise the PO against the workshop code, not the rentals one.\n\nGwen", SpeakerTool},
		{"[07:41] ifan: {P}, {X} or not?\n[07:43] carys: {X}. {R}\n[07:43] ifan: ok going with that\n[07:44] carys: also the kettle's gone again", SpeakerTool},
		{"Done: {X} is now the default for {P} in settings.toml (I commented out the old entry rather than deleting it). I made the switch because you said {R}.", SpeakerAssistant},
		{"Minutes of the committee meeting, 3 October\nPresent: H. Price (chair), D. Okafor, M. Lund, S. Baptiste\n\nItem 4, {P}: after some discussion the committee agreed to adopt {X}. S. Baptiste noted that {R}. Carried with one abstention.\nItem 5, AOB: the gate code changes on Monday.", SpeakerTool},
		{"Request: pick something for {P}\nStatus: Resolved\nResolution: going with {X}. Reason given by the requester: {R}.\nClosed by: m.lund", SpeakerTool},
		{"ugh, fine. {X} for {P}. I still don't love it but I can't argue with the fact that {R}. let's move on before I change my mind", SpeakerUser},
		{"Note: {P} goes through {X}.\nChosen over the other two because {R}; ask the lead before swapping it out.", SpeakerCode},
		{"CHANGELOG\n\n## 2026-10-14\n- Changed: {P} now uses {X} ({R}).\n- Fixed: typo on the intake label template.\n\n## 2026-10-02\n- Added: second printer queue.", SpeakerTool},
		{"so this morning was chaos, the van wouldn't start and Pete had to jump it off the tractor. anyway about the thing from last week, we're going with {X} for {P} since {R}, and I've told the others. the van's at the garage now so I'll be on the bus tomorrow", SpeakerUser},
		{"remind me what we ended up with for {P}?" + TurnSep + "{X}. You signed it off last Thursday because {R}, and everything I've set up since assumes it.", SpeakerTwoTurns},
		{"is {X} really the best we can do for {P}? feels like overkill" + TurnSep + "It's what you approved on Tuesday, and the reason hasn't changed: {R}. I'm keeping {X} for {P} unless you tell me otherwise.", SpeakerTwoTurns},
		{"Rhiannon rang back, she's ok with {X} for {P}. her words were \"{R}, so just get it ordered\". so that's settled then", SpeakerUser},
		{"Settled in the October review: {X} for {P}.\nWhy: {R}. Trial notes are on the shared drive if anyone asks.", SpeakerCode},
		{"Everything I've drafted for {P} now uses {X}, as you asked. Your note said {R}, and none of the others could claim that.", SpeakerAssistant},
	},
	choices: []string{"Kremer pearl glue", "Thomastik Dominant", "D4H", "iamresponding", "Icom IC-M94DE",
		"Browne TST", "Steris V-PRO maX", "T-DOC", "3M Attest Auto-reader 490", "orchardly", "SafCider AB-1",
		"Voran belt press", "eTRB", "Tyer's No. 6 tablet", "Fox Valley 32/40", "WRMD", "Panacur"},
	purposes: []string{"regluing open seams on rental violins", "the rental fleet's strings", "crew callout paging",
		"the D-class VHF refit", "the daily Bowie-Dick test", "low-temperature endoscope reprocessing",
		"instrument tray tracking", "the pressing-day booking sheet", "backup yeast for stuck ferments",
		"the bottle pasteurising run", "the train register", "token working on the branch line",
		"orphaned squirrel kit feeding", "the casualty admissions database", "hedgehog lungworm treatment",
		"biological indicator incubation"},
	reasons: []string{"it can be undone by the next repairer", "the school orchestras keep them in tune for a whole term",
		"the coxswain wants availability and callouts in one app", "it keeps working with wet gloves on the buttons",
		"the infection control lead signed it off at the last audit", "the scope manufacturer only warrants that cycle",
		"every tray scan ties back to the patient record", "members can book a slot from their phone",
		"the wild ferment stalled twice last October", "the bottles come out clear without a filter",
		"the carbon-paper book was unreadable by the end of each shift",
		"the S&T engineer won't certify anything else on a single line",
		"the kits gained weight steadily on it at Hollybank", "the Ashcombe vet already prescribes it for lungworm",
		"readouts come back in 24 minutes instead of 48 hours", "the regional vets can all see the same records"},
	taskTpl: []template{
		{"I told the harbour master we'd {X} before the weekend, so that one's on us now. should have checked with you first, sorry", SpeakerUser},
		{"I can't close out the weekly return until someone can {X}; I've left it marked incomplete for now.", SpeakerAssistant},
		{"Sian's off from tomorrow and handing over to you. the one thing she didn't get to is to {X}, her notes are in the usual folder", SpeakerUser},
		{"could you {X} this week? or at least tell me who can", SpeakerUser},
		{"anyway, the inspector's in on the 21st so we need to {X} by then. what was I saying about the printer", SpeakerUser},
		{"#  | item | owner | state\n14 | {X} | - | open\n13 | fix the drip tray sensor | bryn | done\n12 | new mop heads | bryn | done", SpeakerTool},
		{"Weekend handover checklist\n- [x] fridge temperatures logged\n- [x] keys back in the safe\n- [ ] {X}\n- [x] bins out", SpeakerTool},
		{"Reminder for Monday: you still need to {X}. I've put it at the top of the notes file so it doesn't slide again.", SpeakerAssistant},
		{"From: Dr A. Mensah\nTo: duty manager\nSubject: still waiting\n\nHello, we are still waiting for someone to {X}. Lists restart on Monday and I can't sign anything off until it's done.\n\nA. Mensah", SpeakerTool},
		{"TODO: {X}.\nUntil then this screen shows the old figures, so don't rely on it.", SpeakerCode},
		{"FIXME(ow): hard-coded until we {X}.\nLeave the warning in so nobody trusts the output yet.", SpeakerCode},
		{"what's left on my plate from Thursday's meeting?" + TurnSep + "Just one: you took the action to {X}. Nobody has marked it done yet.", SpeakerTwoTurns},
		{"can someone {X} before the next shift?" + TurnSep + "Nobody's picked it up yet, so I've added it to the handover sheet as open with your name pencilled next to it.", SpeakerTwoTurns},
		{"Status: the import ran cleanly and the counts match the paper sheet. Outstanding: {X} (not started).", SpeakerAssistant},
		{"[18:20] tomos: has anyone managed to {X} yet?\n[18:22] nia: no, been flat out\n[18:22] tomos: ok it has to happen before Friday, I'll grab it if nobody else does", SpeakerTool},
		{"not urgent but before the season's out somebody needs to {X}. stick it on the list?", SpeakerUser},
	},
	tasks: []string{"reset the soundpost on the Mittenwald viola", "order an ebony fingerboard blank for the quarter-size cello",
		"re-cut the bridge feet on the Strad-pattern rental violin", "enter Saturday's exercise launch in the station return",
		"replace the perished kill-cord on the D-class", "book the crew onto the sea survival refresher",
		"send the failed Bowie-Dick sheet from sterilizer 3 to estates",
		"requalify the number 2 washer-disinfector after the door seal change",
		"recount the orthopaedic loan set before the rep collects it", "sanitise the belt press rollers before the Bramley pressing",
		"take a gravity reading on the Dabinett in tank 4", "chase the duty stamp order for the perry bottles",
		"report the failed track circuit at Hartley crossing to control",
		"chalk the new temporary speed restriction on the box whiteboard",
		"move the fledgling swifts into the flight aviary", "send the oiled guillemot's bloods to the Ashcombe lab",
		"renew the Natural England licence for the badger cub release"},
	pathTpl: []template{
		{"the stuff from that job is all in {X}, not on the bench laptop. the laptop copy is the rough first go", SpeakerUser},
		{"Found it: the nightly export writes to `{X}`, which is why nothing showed up where you were looking.", SpeakerAssistant},
		{"2026-10-19 05:47:02 ERROR export: could not write {X}: no space left on device\n2026-10-19 05:47:02 INFO export: will retry at 06:00", SpeakerTool},
		{"Runbook: end of shift\n1. Close the register.\n2. Copy the day's file to {X}.\n3. Sign the paper sheet as well, until audit says otherwise.", SpeakerTool},
		{"Source of truth is {X}.\nAnything cached on the box is a copy and may be a day old.", SpeakerCode},
		{"where does that file live now?" + TurnSep + "In {X}. I checked a minute ago and the latest version is there.", SpeakerTwoTurns},
		{"Ticket: file not opening\nReporter: front desk\nDetails: can't open {X} from the front-desk PC since the server move. It worked fine until the 12th.", SpeakerTool},
		{"can you check {X}? Hefin swears he saved the new version there last night", SpeakerUser},
		{"I've pointed the import at {X} instead of the desktop copy; nothing else referenced the old location.", SpeakerAssistant},
		{"[storage]\narchive = \"{X}\"\nretain_days = 400", SpeakerTool},
	},
	paths: []string{"/srv/bench/repairs/2026/cello-crack-photos/", "~/Documents/Bench Notes/Maggini copy.md",
		`C:\StationLog\Launches\2026\launch_return.xlsx`, `\\CSSD-FS02\Validation\Sterilizer 3\BD records`,
		"s3://pressco-op-bookings/2026-autumn/slots.csv", "gs://hartley-box-archive/train-register/2026/",
		"sftp://tdoc-export.sterile.local/outgoing/tray_trace/", "https://intranet.hollybank-wildlife.org/admissions/intake",
		"./press-log/yields_2026.tsv", "../signalbox-shared/regs/sectional_appendix_p14.pdf",
		"/var/log/pager-gateway/callouts.log", "/etc/cssd/sterilizers.d/hs66-no3.conf",
		"rehab/admissions/hedgehogs/2026-10.csv", `D:\Orchard\Pasteuriser\runs\batch_0917.log`,
		"~/Library/Mobile Documents/Cider Co-op/yeast pitching.numbers"},
	idTpl: []template{
		{"it's {X} I'm worried about, the rest of that lot look fine", SpeakerUser},
		{"{X} appears in both the paper log and the export, so it isn't a transcription slip.", SpeakerAssistant},
		{"From: a member\nSubject: Re: my booking\n\nHi, my reference is {X}. Nobody has called me back and the date is next week.\n\nThanks, Ffion", SpeakerTool},
		{"Special case: {X} skips the usual check.\nTake this out once the supplier replaces it.", SpeakerCode},
		{"what was the number on the one that failed?" + TurnSep + "{X}. I've copied it into the incident note so nobody has to dig for it.", SpeakerTwoTurns},
		{"2026-10-22 14:03:55 WARN trace: {X} scanned out but never scanned back in\n2026-10-22 14:03:55 INFO trace: flagged for review", SpeakerTool},
		{"please quote {X} when you ring them, they won't find it otherwise", SpeakerUser},
		{"ref,status,last_seen\n{X},QUARANTINE,2026-10-21\n(1 row)", SpeakerTool},
		{"Searching the notes for {X} finds two entries, both from the Tuesday night shift.", SpeakerAssistant},
		{"[21:10] ella: anyone know where {X} went?\n[21:12] dom: back on shelf C, I put it there after lunch", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // luthier repair ticket
			return fmt.Sprintf("LR-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 1: // rental fleet tag: violin, viola or cello
			return fmt.Sprintf("RF-%c%04d", "VAC"[r.IntN(3)], r.IntN(10000))
		case 2: // lifeboat service launch number
			return fmt.Sprintf("Launch %d/%03d", 25+r.IntN(2), 1+r.IntN(400))
		case 3: // boat official number and D-class number
			if r.IntN(2) == 0 {
				return fmt.Sprintf("ON %d", 1100+r.IntN(400))
			}
			return fmt.Sprintf("D-%d", 700+r.IntN(200))
		case 4: // CSSD tray barcode
			return fmt.Sprintf("TRY%07d", r.IntN(10000000))
		case 5: // sterilizer and cycle number
			return fmt.Sprintf("AC%d/%05d", 1+r.IntN(6), r.IntN(100000))
		case 6: // biological indicator lot
			return fmt.Sprintf("BI %d%02d%c%c", 25+r.IntN(2), 1+r.IntN(52), letter(), letter())
		case 7: // pressing-day booking reference
			return fmt.Sprintf("PRS-%c%d%c%c", letter(), r.IntN(10), letter(), letter())
		case 8: // cider duty batch
			return fmt.Sprintf("B%d-%s-%02d", 25+r.IntN(2), []string{"DAB", "KBB", "YAR", "BRM", "MIC"}[r.IntN(5)], 1+r.IntN(40))
		case 9: // train headcode
			return fmt.Sprintf("%d%c%02d", 1+r.IntN(9), letter(), r.IntN(100))
		case 10: // signalling fault number
			return fmt.Sprintf("FMS %07d", r.IntN(10000000))
		case 11: // wildlife admission number
			return fmt.Sprintf("WR%d-%04d", 25+r.IntN(2), r.IntN(10000))
		case 12: // BTO ring number
			return fmt.Sprintf("%c%c%05d", letter(), letter(), r.IntN(100000))
		}
		// commit of the station config repo
		return fmt.Sprintf("%07x%02x", r.IntN(1<<28), r.IntN(256))
	},
	distractorTpl: []template{
		{"we had {X} on trial for {P} over the summer and sent it back, more trouble than it was worth. not going there again", SpeakerUser},
		{"Item 6: {X} trial for {P}\nThe trial ended early and the committee agreed not to proceed with it.", SpeakerTool},
		{"If the grant falls through, {X} could cover {P}, but that's only a what-if at this stage; nobody has chosen it.", SpeakerAssistant},
		{"Note from the Porthcawl crew, pasted for reference: \"we use {X} for {P} because {R}.\" That's their arrangement, not ours.", SpeakerTool},
		{"did we ever settle whether {X} is allowed for {P}?" + TurnSep + "No, that's still open. I've parked it until the supplier gets back to us.", SpeakerTwoTurns},
		{"Example config only: \"{X}\" is a placeholder name used in the docs.\nReplace it with whatever the site actually runs.", SpeakerCode},
		{"you can strike the one to {T} off the list, Owain did it on Sunday", SpeakerUser},
		{"Done this week\n- [x] {T}\n- [x] order more blue roll", SpeakerTool},
		{"No need to {T}: the log shows it was done on Wednesday, so I've taken it off the open items.", SpeakerAssistant},
		{"Historical: this step used to wait for someone to {T}.\nThat was done and signed off in the log, so the wait is gone.", SpeakerCode},
		{"I compared {X} for {P} as well, but it came out worse on every measure you gave me, so I've left it out.", SpeakerAssistant},
	},
	rejected: []string{"Elmer's Carpenter's Glue", "Pirastro Tonica", "Standard Horizon HX890", "Cantel Rapicide PA",
		"Red Star Cote des Blancs", "Speidel Hydropress", "Esbilac", "ARK Wildlife", "Lalvin EC-1118", "WhatsApp Business"},
	done: []string{"steam out the old hide glue from the cello neck joint", "wash down the launch tractor after the beach launch",
		"top up the rinse aid in washer 1", "collect the Katy apples from the Whitland orchard",
		"oil the lever frame locking", "clean out the hedgehog hospital pens",
		"fit the new fingerboard to the workshop viola", "service the winch on the launch tractor"},
}
