package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut39 returns n facts of each kind from a blind held-out set. Its
// domains are a rock-salt mine's underground haulage, a community radio
// station's playout and archive, a bone-marrow donor registry's typing and
// search work, a marionette theatre's workshop and cue booth, a country
// grain elevator's grading and bin monitoring, and a coastal erosion survey
// team's GNSS, drone and transect work. Decisions arrive as an approval
// email, a terse chat confirmation, a settings change the assistant
// reports, committee minutes, a resolved ticket, a grudging concession, a
// code comment, a changelog line, a choice buried in the middle of a
// rambling message and two-turn confirmations. Pending tasks come as
// obligations, blockers, shift handovers, requests asked as questions,
// deadlines mentioned in passing, promises made to outsiders, tracker
// rows, one unchecked item among checked ones, reminders, emails from
// someone still waiting, and TODO/FIXME comments. Paths are Unix absolute
// and relative (./ and ../), home directories with spaces, Windows drives,
// UNC shares, s3://, gs:// and sftp:// locations and web URLs, seen in
// logs, config files, tickets, runbooks and chat. Identifiers are haul
// cycle records, bills of lading, ISRCs, playout carts, donor GRIDs,
// search requests, sample barcodes, puppet inventory tags, box-office
// references, scale tickets, grain lots, survey benchmarks, receiver
// serials, flight-log hashes and commit hashes. Distractors are options
// turned down, trialled and dropped, or beaten in a comparison,
// contingencies, another site's setup, open questions, a documentation
// placeholder, and tasks already finished. The set is blind: it was
// written without reading the summarizer or any other held-out set.
func HeldOut39(seed uint64, n int) []Fact { return heldOut39.facts(seed, n) }

var heldOut39 = factSet{
	decisionTpl: []template{
		{"From: Gwen Aldous <g.aldous@wharfside.org.uk>\nTo: committee@\nSubject: Re: quotes for {P}\n\nHappy to approve {X} for {P}. What decided it for me was that {R}. Can someone forward the invoice to Bev so it lands in this quarter's accounts?\n\nGwen", SpeakerTool},
		{"[07:41] ines: {P}, are we doing {X} or not\n[07:42] rob: doing it. {R}\n[07:42] ines: ok, booked\n[07:44] rob: who has the van keys?", SpeakerTool},
		{"I've changed the settings so {P} goes through {X} from now on. The previous entry is commented out rather than deleted, in case you want to compare. That follows from your point that {R}.", SpeakerAssistant},
		{"Minutes of the steering group, 14 November\nPresent: A. Roper (chair), D. Mensah, K. Lowe\n\nItem 3. {P}\n  Resolved to adopt {X}. Carried without dissent once it was noted that {R}.\nItem 4. Any other business\n  None raised.", SpeakerTool},
		{"Ticket #2231: pick something for {P}\nStatus: Resolved\nResolution: going with {X}, because {R}. Closing; reopen if the quote changes.", SpeakerTool},
		{"ugh, alright. you're right that {R}, so {X} wins for {P}. I still don't love it, but I'm not going to keep relitigating it", SpeakerUser},
		{"For {P} we use {X}.\nChosen over the alternatives because {R}; talk to the site lead before swapping it out.", SpeakerCode},
		{"## 3.2.0 (2026-11-18)\n### Changed\n- Switched {P} to {X} ({R}).\n### Fixed\n- Typo in the weekend rota export.", SpeakerTool},
		{"Long day. The van broke down outside the depot so I was late, and Sam needed the store keys before I'd even parked. Anyway, on {P}: we're doing {X}, because {R}. Oh, and the coffee machine works again. Can you look at the failing import next?", SpeakerUser},
		{"what did we end up doing about {P}? I missed the call" + TurnSep + "You went with {X}. The argument that carried it was that {R}, and nobody pushed back after that.", SpeakerTwoTurns},
		{"Done: {X} is now the default for {P}. I took the other option out of the dropdown, since {R} and keeping both would only confuse people.", SpeakerAssistant},
		{"so, {X} for {P}? just need a yes or no" + TurnSep + "Yes, {X}, for the reason you gave yourself: {R}. I'm treating it as settled.", SpeakerTwoTurns},
		{"DECIDED at the site meeting on 3 Nov: {X} for {P}.\nReason as minuted: {R}.", SpeakerCode},
		{"confirmed with the foreman just now, {X} is what we're using for {P} from Monday on. reason being {R}. tell the others if they ask", SpeakerUser},
	},
	choices: []string{"Sandvik TH545i", "Strata HazardAvert", "mAirList", "liquidsoap", "Rivendell", "NGSengine",
		"HaploStats", "QLab", "Dyneema SK78", "Dickey-john GAC 2500", "Perten IM 9500", "OPI Blue",
		"Emlid Reach RS3", "CloudCompare", "DSAS", "Agisoft Metashape"},
	purposes: []string{"the haul trucks on the 600 level", "collision avoidance in the haulage drifts",
		"the overnight automation", "the stream to the web player", "the archive of recorded shows",
		"donor HLA typing analysis", "haplotype matching for patient searches", "cue playback in the bridge booth",
		"restringing the touring marionettes", "moisture testing at the probe station", "protein grading at the scale house",
		"bin temperature monitoring", "the cliff-top GNSS control points", "point-cloud comparison of the bluff faces",
		"shoreline change statistics", "photogrammetry of the dune profiles"},
	reasons: []string{"the electric drivetrain keeps diesel particulates out of the return airway",
		"the inspectorate already signed it off for our roadways", "the volunteers can learn it in one Saturday session",
		"it runs headless on the old Dell in the transmitter shed", "it resolves the ambiguity codes without manual review",
		"the transplant centres asked for the same frequency tables", "it already handles the latest IMGT release",
		"the puppeteers can fire cues from a foot pedal", "it doesn't creep under the hot stage lights",
		"the federal grain inspector accepts its readings", "it gives a protein figure in under a minute at the scale",
		"the cables came through last spring's flooding", "it logs corrections from the state CORS network",
		"it's free and the university won't fund another licence", "the county engineer wants results comparable with the 2009 survey",
		"the rope splices hold after a thousand cycles on the test rig"},
	taskTpl: []template{
		{"someone has to {X} this week and I have a feeling that someone is me. can you put it on my list so I don't lose it", SpeakerUser},
		{"I can't close the ticket yet: we still need to {X}, and the rest of the change is pointless until that's done.", SpeakerAssistant},
		{"Handover, nights to days\n- Gate code unchanged\n- Still outstanding: {X}. Ran out of time, sorry\n- Spare radio is charged and on the hook", SpeakerTool},
		{"could you {X} before Thursday? or is that too tight with everything else going on", SpeakerUser},
		{"btw the cut-off to {X} is the 30th, I only found out from Leon today. anyway, about that failing test", SpeakerUser},
		{"what did I promise the county people on Tuesday?" + TurnSep + "You told them we would {X} before the end of the month. As far as I can see that hasn't happened yet.", SpeakerTwoTurns},
		{"| #  | Item | Owner | State |\n|----|------|-------|-------|\n| 31 | {X} | Ade | open |\n| 30 | order replacement hi-vis vests | Ade | done |", SpeakerTool},
		{"Pre-season checklist\n- [x] renew the public liability certificate\n- [ ] {X}\n- [x] update the emergency contacts sheet\n- [x] test the fire alarm call points", SpeakerTool},
		{"Reminder for later, since you asked me to keep track: we still have to {X}. I'll raise it again once the tests are green.", SpeakerAssistant},
		{"From: Marguerite Osei\nTo: ops@\nSubject: still waiting\n\nHi both, just checking whether anyone has had a chance to {X}. We can't sign off on our side until it's done.\n\nThanks, M.", SpeakerTool},
		{"TODO: {X} (nobody has done it yet).\nEverything this function reports is provisional until then.", SpeakerCode},
		{"FIXME(jd): hard-coded until somebody finds time to {X}.\nDelete the constant once that happens.", SpeakerCode},
		{"Where things stand: the import runs clean now. Still open on our side: {X}. Everything else from this morning's list is done.", SpeakerAssistant},
		{"anything I'm forgetting before the weekend?" + TurnSep + "One thing: you still need to {X}. You said you'd do it on Friday morning.", SpeakerTwoTurns},
		{"Pat's waiting on us to {X}, she's asked twice now and she's being very polite about it. can we get it done?", SpeakerUser},
	},
	tasks: []string{"grade the haul road between crosscut 14 and the crusher",
		"replace the tail pulley lagging on the panel 6 conveyor", "file the monthly brake test sheets with the mine inspector",
		"submit the quarterly music returns to the licensing body", "re-record the station ident for the breakfast show",
		"fix the silence-detector relay in the transmitter shed", "chase the confirmatory typing samples from the Leeds drive",
		"re-consent the donors recruited at the 2019 student drive", "send the verification typing kits to the three matched donors",
		"restring the Punch marionette before the Saturday matinee", "re-glue the cracked control bar on the dragon puppet",
		"book the fire officer's walk-through for the flash-pot effect", "calibrate the moisture meter against the state check sample",
		"clean out the boot pit on leg 2", "re-certify the truck scale before harvest", "turn bin 7 before the hot spot spreads",
		"re-survey transect 12 at the next low spring tide", "replace the lost benchmark pin at Sandy Gap",
		"send the bluff retreat figures to the county planner"},
	pathTpl: []template{
		{"2026-11-21 04:17:09 ERROR export: cannot open {X}: permission denied (user svc_export)\n2026-11-21 04:17:09 INFO export: retrying at 04:47", SpeakerTool},
		{"[storage]\nlocation = {X}\nkeep_days = 90\ncompress = true", SpeakerTool},
		{"Ticket #5521: broken after the move\nReporter says {X} opened fine last week and now gives a not-found error from the office PCs.", SpeakerTool},
		{"the good copy is at {X}. the one on the shared desktop is from before the recalibration, ignore it", SpeakerUser},
		{"Runbook, end of day\n  4. Check that {X} shows today's date\n  5. Initial the sheet by the door", SpeakerTool},
		{"I pointed the script at {X} instead of the old location; a dry run against it finished without errors.", SpeakerAssistant},
		{"Source data: {X}\nRead-only. The nightly sync overwrites anything written there.", SpeakerCode},
		{"where does that live now? I keep opening the old one" + TurnSep + "It's at {X} now. I checked the current config a minute ago to be sure.", SpeakerTwoTurns},
		{"can you check what's in {X}? Kofi swears he uploaded it yesterday but I see nothing", SpeakerUser},
		{"Found the culprit: the old job has been using `{X}` all along, not the location you were checking, which is why nothing looked updated.", SpeakerAssistant},
	},
	paths: []string{"/srv/playout/carts/station_ids/", "~/Radio Station/Logs/2026-11 playout.csv",
		`C:\mAirList\config\silence.ini`, `\\REGISTRY-FS02\HLA Reports\Q4`, "s3://marrow-registry-typing/ngs/2026/run_044/",
		"gs://coast-survey-lidar/bluffs/2026-10/tiles/", "sftp://scalehouse.elevator.lan/exports/tickets_2026.csv",
		"https://wiki.saltworks.internal/haulage/brake-tests", "./cues/punch_and_judy.qlab5",
		"../stringing/charts/don_giovanni.pdf", "/opt/binmon/etc/cables.toml", "/var/log/haulage/cas-events.log",
		`D:\Survey\Transects\T12_2026-10.csv`, "~/marionettes/Repair Log 2026.xlsx", "data/hla/freq/haplo_2024.tsv"},
	idTpl: []template{
		{"From: Dr. R. Hallam\nSubject: query about {X}\n\nCould you check the record for {X}? The figures on our side don't match the report you sent on Monday.\n\nRegards, Ruth Hallam", SpeakerTool},
		{"2026-11-20 13:02:44 WARN lookup: {X} not in cache, fetching\n2026-11-20 13:02:46 ERROR lookup: {X} returned two rows, expected one", SpeakerTool},
		{"Ticket: duplicate entry\nAffected record: {X}\nPriority: normal\nNotes: appeared after the Tuesday import", SpeakerTool},
		{"it's {X}, the one with the orange sticker. don't mix it up with the one next to it, they look the same", SpeakerUser},
		{"That's {X}: it's the only entry in the export with a blank date, which is what breaks the parser.", SpeakerAssistant},
		{"Known bad record: {X}.\nSkip it until the source system is corrected.", SpeakerCode},
		{"which one did they mean on the phone?" + TurnSep + "{X}. I wrote it down while they were reading it out.", SpeakerTwoTurns},
		{"quote {X} when you reply to them, otherwise their office can't find anything", SpeakerUser},
		{"ref,status,checked_by,checked_at\n{X},QUERY,rl,2026-11-19\n(1 row)", SpeakerTool},
		{"Cross-checking {X} against last month's sheet: it's in both, with different weights, so one of them was keyed in wrong.", SpeakerAssistant},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(15) {
		case 0: // haul cycle record: level and cycle number
			return fmt.Sprintf("HC-%d-%06d", []int{400, 600, 800}[r.IntN(3)], r.IntN(1000000))
		case 1: // bill of lading for a rock-salt shipment
			return fmt.Sprintf("BOL %c%c%07d", letter(), letter(), r.IntN(10000000))
		case 2: // ISRC
			return fmt.Sprintf("GB-%c%c%c-%02d-%05d", letter(), letter(), letter(), 20+r.IntN(7), r.IntN(100000))
		case 3: // playout cart number
			return fmt.Sprintf("CART %05d", r.IntN(100000))
		case 4: // donor GRID
			return fmt.Sprintf("%04d-%013d-%02d", 1000+r.IntN(9000), r.Int64N(10000000000000), r.IntN(100))
		case 5: // patient search request
			return fmt.Sprintf("PSR-%d-%05d", 2025+r.IntN(2), r.IntN(100000))
		case 6: // typing sample barcode
			return fmt.Sprintf("HLA%08d", r.IntN(100000000))
		case 7: // marionette inventory tag
			return fmt.Sprintf("MAR/%03d-%c", r.IntN(1000), letter())
		case 8: // box-office booking reference
			return fmt.Sprintf("TKT%c%c%05d", letter(), letter(), r.IntN(100000))
		case 9: // grain scale ticket
			return fmt.Sprintf("SCT-%07d", r.IntN(10000000))
		case 10: // grain lot code
			return fmt.Sprintf("%s-%02d-%04d", []string{"HRW", "SRW", "HRS", "YSB"}[r.IntN(4)], 25+r.IntN(2), r.IntN(10000))
		case 11: // survey benchmark
			return fmt.Sprintf("BM %c%c-%03d", letter(), letter(), r.IntN(1000))
		case 12: // GNSS receiver serial
			return fmt.Sprintf("%04d%c%05d", 5000+r.IntN(5000), letter(), r.IntN(100000))
		case 13: // drone flight-log hash
			return fmt.Sprintf("flt_%08x", r.Uint32())
		}
		// processing script commit
		return fmt.Sprintf("%09x", r.Uint64()&0xfffffffff)
	},
	distractorTpl: []template{
		{"we looked at {X} for {P} and said no, the price was ridiculous. not worth bringing up again", SpeakerUser},
		{"{X} was trialled for {P} back in the spring and dropped after a month; I've left it out of the setup entirely.", SpeakerAssistant},
		{"if the grant falls through we might have to think about {X} for {P}, but that's a conversation for next year. nothing changes now", SpeakerUser},
		{"From the Northfield site handbook, pasted as written: \"{X} is used for {P}, since {R}.\"\nThat's their arrangement, not ours.", SpeakerTool},
		{"is {X} still in the running for {P}?" + TurnSep + "Nobody has decided. It stays an open question until the board meets, and I haven't assumed either way.", SpeakerTwoTurns},
		{"The example config below uses \"{X}\" as a made-up value.\nReplace it; it is not something we run.", SpeakerCode},
		{"the job to {T} is finished, Nia did it before her shift ended. one less thing", SpeakerUser},
		{"Done this week\n- [x] {T}\n- [x] returned the borrowed ladder to the depot", SpeakerTool},
		{"No need to {T}; the log shows it was done last Tuesday, so I've taken it off the list.", SpeakerAssistant},
		{"Used to have to {T} by hand every month.\nThat's handled automatically now; nothing to do here.", SpeakerCode},
		{"I compared {X} for {P} as well; it was slower and less accurate than what we already have, so I didn't keep it.", SpeakerAssistant},
	},
	rejected: []string{"ZaraRadio", "RadioDJ", "AzuraCast", "Epiroc Minetruck MT42", "Stage Research SFX", "Trimble R12i",
		"Pix4Dmatic", "Foss Infratec", "Leica GS18 T", "HLA Fusion"},
	done: []string{"recharge the cap lamps for the weekend crew", "digitise the reel-to-reel archive from the 1990s",
		"post the donor thank-you cards", "repaint the proscenium arch", "grease the head bearings on the bucket elevator",
		"re-stake the dune fence at North Beach", "replace the mic arm in studio B"},
}
