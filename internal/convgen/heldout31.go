package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut37 returns n facts of each kind from a blind held-out set: it was
// written without reading the summarizer or any other held-out set. Its
// domains are a chocolate factory's tempering and enrobing line, a prison
// library, a low-speed wind-tunnel test facility, an egg-grading station, a
// harp maker's workshop and a volunteer search-and-rescue dog unit.
// Decisions come as a budget holder's approval in an email, a terse chat
// confirmation, a settings change the assistant reports, shift-lead
// minutes, a resolved evaluation ticket, a grudging concession, code
// comments, a changelog entry, an approved requisition, and a choice buried
// in the middle of a chatty paragraph about something else. Pending tasks
// are obligations from an inspection, blockers, hand-offs before a shift
// change, requests phrased as questions, deadlines mentioned in passing,
// promises made to an inspector, tracker rows, an unchecked item among
// checked ones, reminders, an outsider waiting on us, handover notes and
// TODO/FIXME comments. Paths are Unix absolute and relative (./ and ../),
// home directories with spaces, Windows drives, UNC shares, s3://, gs://,
// sftp:// and https URLs, seen in logs, configs, tickets, chat and
// runbooks. Identifiers are what those trades quote: chocolate batch lots,
// tempering-machine serials, PLC program hashes, prison numbers, library
// barcodes, interlibrary-loan references, wind-tunnel run numbers, balance
// serials, egg producer codes, pallet tickets, harp opus numbers, string
// orders, search incident numbers and collar IDs. Distractors are options
// trialled and pulled, hypothetical fallbacks, another site's setup, open
// questions, documentation placeholders, quotes declined at budget review,
// options that lost a comparison, and tasks already finished.
func HeldOut37(seed uint64, n int) []Fact { return heldOut37.facts(seed, n) }

var heldOut37 = factSet{
	decisionTpl: []template{
		{"From: Odile Ferrand\nTo: line-leads\nSubject: RE: {P} - sign-off\n\nApproved. Go ahead with {X}; I read Hamid's write-up and I agree that {R}. Keep the loaner unit until month end in case we need to compare.\n\nOdile", SpeakerTool},
		{"{X} for {P}. confirmed. {R}, so no more back and forth on it", SpeakerUser},
		{"I've changed the site settings so {P} now uses {X} (the `provider` line near the top). That follows what you said about how {R}; the previous value is commented out just above it.", SpeakerAssistant},
		{"Minutes, shift leads, Wednesday 07:30\nPresent: B. Osei, L. Marchetti, Y. Tran\n\nItem 2, {P}: after the trial figures were read out the group agreed on {X}. Reason recorded: {R}.\nItem 3, canteen rota: deferred to next week.", SpeakerTool},
		{"Status: RESOLVED\nResolution: going with {X} for {P}. Closing the evaluation, as {R}.\nResolved by: m.kowalczyk\nLinked: none", SpeakerTool},
		{"honestly I still don't love it, but fine, {X} wins for {P}. I can't argue with the fact that {R}.", SpeakerUser},
		{"Backend for {P}: {X}.\nPicked over the other candidates because {R}; read the evaluation notes before changing it.", SpeakerCode},
		{"## Unreleased\n### Changed\n- Switched {P} to {X} ({R}).\n### Fixed\n- Shift report no longer double-counts the night run.", SpeakerTool},
		{"Long morning. The delivery van was late again, the heater in the back room is making that ticking noise, and Gwen wants the rota by Friday. Oh, and we settled {P}: it's {X}, because {R}. Anyway, can you look at why the export keeps timing out?", SpeakerUser},
		{"remind me what we landed on for {P}?" + TurnSep + "{X}. You signed off on it after the trial, on the grounds that {R}.", SpeakerTwoTurns},
		{"so are we really doing {X} for {P}, or is that still up in the air?" + TurnSep + "It's decided: {X} is what we're using for {P}. What tipped it was that {R}, and everything I've set up since assumes it.", SpeakerTwoTurns},
		{"From here on, {P} runs on {X}. I've taken the other candidates out of the setup notes, since you confirmed that {R}.", SpeakerAssistant},
		{"DECISION (ops review, March): {P} -> {X}.\nWhy: {R}. Don't swap this out without asking the site manager.", SpeakerCode},
		{"PURCHASE REQUISITION - APPROVED\nItem: {X}\nFor: {P}\nJustification: {R}\nApprover: D. Achterberg, budget holder", SpeakerTool},
	},
	choices: []string{"Selmi Futura", "cocoaTrack", "libib", "Follett Destiny", "Scanivalve DSA3217", "LaVision DaVis",
		"nanoDAQ", "Moba Omnia FT", "eggScan", "Bow Brand Pedal Gut", "Titebond Liquid Hide", "Camac levers",
		"CalTopo", "Garmin Alpha 200", "sniffLog", "Hilliard temperScope"},
	purposes: []string{"the dark-chocolate seed tempering", "batch traceability on the enrobing line",
		"the catalogue kiosks on the wings", "interlibrary loan requests from the units",
		"the surface-pressure taps on the wing model", "flow visualisation behind the mirror housing",
		"the balance data acquisition", "crack detection at the grading head", "weight classing of the jumbo eggs",
		"the bass wires on the concert grand", "gluing the soundboard ribs", "the sharping levers on the lever harps",
		"search segment mapping", "tracking the dogs' collars in the field", "the cadaver-dog training records"},
	reasons: []string{"it held the temper index steady across all three shifts",
		"the cocoa butter checks need one log per kettle",
		"security will only approve software that runs offline",
		"it works on the segregated network without any outside connection",
		"the old scanner topped out at 64 channels",
		"the comparison runs from the university were processed in the same package",
		"it samples at 10 kHz without dropping frames",
		"the acoustic detector kept missing hairline cracks on brown shells",
		"the grading inspector already signed off on its calibration",
		"gut holds pitch better in the humid showroom",
		"hide glue lets us reopen a joint during repairs",
		"customers keep asking for them by name",
		"the sheriff's office shares incident maps on the same platform",
		"the collars stay readable under dense canopy",
		"handlers can log a training run from the truck in under a minute",
		"the state certification board accepts its exports"},
	taskTpl: []template{
		{"per the inspection letter we have to {X}. it's a condition of keeping the certificate, not a suggestion", SpeakerUser},
		{"I can't close out the run sheet yet: it's blocked until someone can {X}. I've marked the sheet as provisional in the meantime.", SpeakerAssistant},
		{"handing this one to you since I'm on nights from tomorrow: please {X}. Bogdan knows where the keys are.", SpeakerUser},
		{"could you {X} sometime this week? nobody else has the login for it", SpeakerUser},
		{"totally unrelated, but Pieter mentioned we've got until the 22nd to {X}, so that's ticking away in the background", SpeakerUser},
		{"what did I tell the inspector on Tuesday?" + TurnSep + "You promised her we'd {X}. She's back on the 18th to check, and as far as I can see it hasn't happened yet.", SpeakerTwoTurns},
		{"#   | task | owner | due | state\n118 | {X} | - | 03/14 | OPEN\n117 | order more label stock | sanne | 03/10 | DONE", SpeakerTool},
		{"Pre-season checklist\n- [x] order the replacement gaskets\n- [x] update the emergency contact sheet\n- [ ] {X}\n- [x] test the backup generator", SpeakerTool},
		{"reminder for future me (and you): {X}. it's been slipping for two weeks now", SpeakerUser},
		{"From: Harriet Lowe\nSubject: still waiting\n\nHello, just checking in: we're still waiting for your team to {X}. Our side can't move forward until that's done.\n\nRegards,\nHarriet", SpeakerTool},
		{"TODO: {X}.\nThe figures this produces are provisional until that's done.", SpeakerCode},
		{"FIXME(ana): nobody has had time to {X} yet, so the check below is switched off.\nTurn it back on once that's sorted.", SpeakerCode},
		{"Status: the report generator is finished and tested. Still outstanding: {X}. That needs someone on site, so it's yours.", SpeakerAssistant},
		{"anything I'm forgetting before the weekend?" + TurnSep + "Yes, you still need to {X}. It came up on Monday and nobody has picked it up.", SpeakerTwoTurns},
		{"Shift handover, nights to days\nQuiet after 02:00. Carried over for day shift: {X}.\nNothing else outstanding.", SpeakerTool},
	},
	tasks: []string{"descale the cooling tunnel on the enrobing line", "recalibrate the temper meter on kettle 3",
		"send the allergen swab results to the QA auditor", "weed the water-damaged paperbacks from the C-block trolley",
		"get the legal reference request list countersigned by the education manager",
		"re-zero the six-component balance before the yaw sweep", "replace the torn honeycomb screen in the settling chamber",
		"book a tunnel slot for the cyclist drag runs", "recalibrate the candling lights on lane 4",
		"send the weekly grade-out report to the packing plant", "swap the worn suction cups on the loader head",
		"restring the 47-string pedal harp for the Kessler order", "regulate the disc action on the showroom concert grand",
		"refresh the scent articles for the trailing dogs", "renew the handler certifications before the state evaluation",
		"replace the cracked GPS collar on Juniper"},
	pathTpl: []template{
		{"the current version is {X}, don't use the copy on the USB stick, that one's from before the refit", SpeakerUser},
		{"The sync job is writing to `{X}`, which is why the files weren't where you expected.", SpeakerAssistant},
		{"2026-03-11 05:47:09 ERROR export: could not open {X} (permission denied)\n2026-03-11 05:47:09 INFO export: will retry at 06:00", SpeakerTool},
		{"Runbook, step 4\nBefore starting the line, check that {X} exists and was updated today.\nStep 5: sign the sheet.", SpeakerTool},
		{"Loads its settings from {X}.\nIf that file is missing the defaults below apply, and they are wrong for this site.", SpeakerCode},
		{"where's the master copy kept these days?" + TurnSep + "At {X}. I checked the job's config to be sure it hasn't moved again.", SpeakerTwoTurns},
		{"Ticket #552: files missing after the move\nReporter: front office\nDetails: the desktop shortcut to {X} stopped working after the move; nobody can open it.", SpeakerTool},
		{"I've added {X} to the nightly backup and ran it once by hand; it finished without errors.", SpeakerAssistant},
		{"ok it's {X} now, IT moved it over the weekend and didn't tell anyone", SpeakerUser},
		{"Keep in step with {X}.\nThese two drifted apart once and the totals were off for a month.", SpeakerCode},
	},
	paths: []string{"/opt/tempering/recipes/dark_70_seed.json", "./line2/exports/enrober_batch_log.csv",
		`C:\Library\Circulation\holds_C-block.xlsx`, `\\HMP-FILE02\Education\Library\legal_requests`,
		"~/Documents/Tunnel Runs/2026-03 yaw sweep/", "s3://windtunnel-raw/run-0412/pressure/",
		"gs://eggstation-grading/lane4/candling-frames/", "sftp://grader@10.20.4.11/outgoing/gradeout_weekly.csv",
		"../harp-shop/jigs/soundboard_rib_layout.dxf", "/home/harpshop/orders/kessler_47/stringing_chart.pdf",
		"https://maps.k9-sar.example.org/incidents/2026-031/segments", "/var/log/collar-sync/alpha200.log",
		`D:\K9\Training Records\Juniper\2026.xlsx`, "tunnel/balance/cal/six_component_2026.mat",
		"/etc/grader/lanes.d/lane4.toml"},
	idTpl: []template{
		{"the one that failed is {X}, it's written on the tag taped to the rack. the rest of that batch passed", SpeakerUser},
		{"Cross-checking the two reports, {X} appears in both, so it's a genuine duplicate rather than a display bug.", SpeakerAssistant},
		{"From: a customer\nSubject: Re: my order\n\nHello again, I'm writing about {X}. The portal still shows it as pending and it was meant to go out last week.\n\nThanks", SpeakerTool},
		{"Known bad case: {X}, keep it in the test fixtures.", SpeakerCode},
		{"what was the number on the one that came back this morning?" + TurnSep + "{X}. I've added it to the ticket so it doesn't get lost.", SpeakerTwoTurns},
		{"leave {X} alone for now please, Ines is still going through it", SpeakerUser},
		{"The logs mention {X} four times, all during the early shift on Thursday.", SpeakerAssistant},
		{"ref,state,by,when\n{X},QUARANTINE,qa_desk,2026-03-09\n(1 row)", SpeakerTool},
		{"Special-cased: {X} needs the manual override.\nDrop this once the supplier fixes their side.", SpeakerCode},
		{"type {X} exactly as written on the form, the front desk searches by it and one wrong character breaks it", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // chocolate batch lot
			return fmt.Sprintf("CB-%02d%02d-%02d%c", 25+r.IntN(2), 1+r.IntN(12), 1+r.IntN(31), "ABC"[r.IntN(3)])
		case 1: // tempering machine serial
			return fmt.Sprintf("SF%02d-%07d", 10+r.IntN(15), r.IntN(10000000))
		case 2: // PLC program revision hash
			return fmt.Sprintf("plc@%08x", r.Uint32())
		case 3: // prison number
			return fmt.Sprintf("%c%04d%c%c", letter(), r.IntN(10000), letter(), letter())
		case 4: // library item barcode
			return fmt.Sprintf("3104%010d", r.IntN(10000000000))
		case 5: // interlibrary loan reference
			return fmt.Sprintf("ILL/%d/%04d", 2025+r.IntN(2), r.IntN(10000))
		case 6: // wind tunnel run number
			return fmt.Sprintf("Run %04d-%02d", r.IntN(10000), 1+r.IntN(40))
		case 7: // force balance serial
			return fmt.Sprintf("BAL6C-%05d", r.IntN(100000))
		case 8: // egg producer code (system, country, establishment)
			return fmt.Sprintf("%d-NL-%07d", r.IntN(4), r.IntN(10000000))
		case 9: // egg pallet ticket
			return fmt.Sprintf("PLT%08d", r.IntN(100000000))
		case 10: // harp opus number
			return fmt.Sprintf("Opus %d/%c", 1000+r.IntN(9000), letter())
		case 11: // string order
			return fmt.Sprintf("STR-%c%c-%04d", letter(), letter(), r.IntN(10000))
		case 12: // search incident number
			return fmt.Sprintf("SAR%02d-%04d", 25+r.IntN(2), r.IntN(10000))
		}
		// GPS collar ID
		return fmt.Sprintf("collar TT%02d-%04X", 10+r.IntN(20), r.IntN(0x10000))
	},
	distractorTpl: []template{
		{"we ran {X} on {P} for six weeks last year and pulled it, it kept faulting. so that one's not on the table", SpeakerUser},
		{"Purely hypothetically, if the grant doesn't come through, {X} could cover {P}. Nobody has decided that, and I'm not building anything around it.", SpeakerAssistant},
		{"Note from the Harwick site, pasted for comparison only: \"we use {X} for {P}, since {R}.\" That's their arrangement; ours is not changing.", SpeakerTool},
		{"is {X} even allowed for {P}, out of interest?" + TurnSep + "Unclear. I've asked, and it's still an open question; nothing has been chosen on that basis.", SpeakerTwoTurns},
		{"Example config only: \"{X}\" is a placeholder name, not the product in use.\nPut the real value in when you copy this block.", SpeakerCode},
		{"I compared {X} for {P} as well, but it came out worse on every measure, so I've left it out.", SpeakerAssistant},
		{"From: procurement\nSubject: quote for {X}\n\nThe quote for {X} ({P}) was declined at budget review. Please don't raise a PO for it.", SpeakerTool},
		{"scratch the one about needing to {T}, Tomasz did it on Saturday", SpeakerUser},
		{"Done since last review\n  [x] {T}\n  [x] signed off by the supervisor", SpeakerTool},
		{"No action needed to {T}: the log shows it was finished on the 3rd, so I've taken it off the open list.", SpeakerAssistant},
		{"Historical note: this used to wait until someone could {T}.\nThat was done back in January; nothing to do here.", SpeakerCode},
	},
	rejected: []string{"ChocoVision Revolation", "Mol d'Art Melter", "Evergreen ILS", "Kulite XCQ-093",
		"Dantec DynamicStudio", "Prinzen Prinova", "Savarez Alliance", "Gorilla Wood Glue", "SARTrack",
		"Garmin Astro 430", "eggLogic", "Heritage Cirqa"},
	done: []string{"shim the agitator on kettle 2", "run the March overdue-notice batch", "swap the pitot tube in the test section",
		"clean the wash-water filters on the egg washer", "steam-bend the neck blank for the Oisin harp",
		"vaccinate the two new pups", "replace the strip lights above the law shelves",
		"bleed the hydraulic jack on the model cart"},
}
