package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut32 returns n facts of each kind from the thirty-second held-out
// set. Its domains are a falconry centre's mews and flying displays, a
// paper mill's broke-pulper maintenance, a forensic accounting engagement
// for a fraud case, a ski-jump venue's snowmaking, a Braille transcription
// service and a sugar beet processing campaign. Decisions arrive the way
// they do in real work: an approval email from a director, a terse chat
// reply, a config value the assistant reports changing, meeting minutes
// with a resolution, a resolved change ticket, a grudging concession, code
// comments, a changelog line, a choice buried in the middle of a chatty
// paragraph about something else, and question-and-answer pairs across two
// turns. Pending tasks are promises to outsiders, blockers, hand-offs
// before leave, requests phrased as questions, deadlines mentioned in
// passing, tracker rows, an unchecked item among checked ones, reminders,
// emails from someone still waiting, TODO and FIXME comments and status
// lists. Paths come as Unix absolute and relative paths (./ and ../), home
// directories with spaces, Windows drives, UNC shares, s3://, gs:// and
// sftp:// locations and intranet URLs, in logs, configs, tickets, runbooks
// and chat; identifiers are the references those trades quote (leg rings,
// CITES certificates, telemetry frequencies, work orders, sensor MACs,
// exhibit and Bates numbers, journal entries, image hashes, snow gun and
// alarm codes, ISBNs, load tickets, grower contracts, clamp and polarimeter
// sample codes). Distractors are options trialled and sent back, what-ifs,
// a sister site's setup, open questions, vendor-doc examples, proposals
// rejected in minutes, and tasks already finished. The set is blind: it
// was written without reading the summarizer or any other held-out set.
func HeldOut32(seed uint64, n int) []Fact { return heldOut32.facts(seed, n) }

var heldOut32 = factSet{
	decisionTpl: []template{
		{"From: Gwen Arkwright (Operations Director)\nTo: site-leads\nSubject: RE: {P} - sign-off\n\nApproved. Go with {X} for {P}. I read all three quotes, and what decided it for me is that {R}.\n\nPlease raise the requisition against the capital line, not opex.\n\nGwen", SpeakerTool},
		{"re {P}: {X}. {R}. moving on", SpeakerUser},
		{"I've changed the `backend:` value under {P} in the settings to {X} and restarted the collector. Per your note, {R}. The previous value is left commented out on the line below in case you need to roll back.", SpeakerAssistant},
		{"Minutes - weekly site meeting\nPresent: HB, OC, Miriam L., Stefan (Jo sent apologies)\n\nItem 3: {P}\n  Discussion: two quotes, one on-site demo. Stefan noted that {R}.\n  Resolved: adopt {X}. HB to notify the supplier.\nItem 4: AOB\n  Canteen hours unchanged.", SpeakerTool},
		{"Change request [RESOLVED]\nSummary: pick what we use for {P}\nResolution: {X} selected and installed.\nJustification (from approver): {R}.\nClosed by: t.oyelaran", SpeakerTool},
		{"fine. I still don't love it, but {X} for {P}. you've convinced me that {R}. don't make me regret this", SpeakerUser},
		{"{P}: we standardised on {X}.\nWhy: {R}. Don't add a second code path for the old one.", SpeakerCode},
		{"## 2.14.0 - 2026-11-20\n### Changed\n- Switched {P} to {X} ({R}).\n### Fixed\n- Timestamp drift in the export header.", SpeakerTool},
		{"long day. the printer jammed twice, Ollie's off sick and the courier lost a parcel. on the plus side we finally agreed on {P}: it's {X}, because {R}. anyway, can you look at why the nightly export keeps timing out? third night running", SpeakerUser},
		{"remind me, what did we land on for {P}?" + TurnSep + "{X}. You signed it off on Monday because {R}, and I've built the import around it since.", SpeakerTwoTurns},
		{"Done. Everything for {P} now goes through {X} in all three environments. I put your justification in the commit message ({R}) so whoever reads the history can see why.", SpeakerAssistant},
		{"I think we should just use {X} for {P}, given that {R}. objections?" + TurnSep + "None from me. I'll treat {X} as settled for {P} and update the setup notes to match.", SpeakerTwoTurns},
		{"[07:41] bea: quote's in for {X}\n[07:42] lukas: for {P}? take it. {R}\n[07:42] bea: ok, ordering today\n[07:50] lukas: also who left the van unlocked", SpeakerTool},
		{"Deliberately {X} for {P}: {R}.\nRead the October sign-off email before changing this.", SpeakerCode},
		{"The test failures were a timezone bug, fixed now. Separately, going by what you said this morning, I've recorded {X} as the choice for {P} in the project notes, since {R}. The lint warnings are unrelated and were there before.", SpeakerAssistant},
	},
	choices: []string{"Marshall RT+ Stealth", "Kern PCB 3500", "eMaint X5", "SKF Enlight Collect", "Voith IntensaPulper",
		"Arbutus Analyzer", "MindBridge", "Nuix Workstation", "DemacLenko Titan 2.0", "TechnoAlpin ATASSplus", "liblouis",
		"BrailleBlaster", "Index Everest-D V5", "Toptex fleece", "Polartronic H532", "ROPA euro-Maus 5", "Duxbury DBT"},
	purposes: []string{"the hawks' daily weigh-ins", "tracking birds on free-flight days", "the broke pulper's vibration monitoring",
		"pulper maintenance work orders", "testing the journals for round-sum entries", "reviewing the custodian mailboxes",
		"the vendor master analysis", "the landing-hill snow guns", "scheduling the overnight snowmaking",
		"transcribing the contracted textbooks", "proofing the braille files", "embossing the tactile maps",
		"covering the field clamps", "sugar testing at the tarehouse", "clearing beet from the roadside clamps",
		"the diffuser temperature logging"},
	reasons: []string{"the vet wants every weight recorded to the gram",
		"the old handheld receivers kept losing birds behind the ridge",
		"it alarms on bearing temperature before the rotor seizes",
		"the mill's CMMS contract already covers its licence",
		"the court expects a repeatable audit trail",
		"it reads the Polish-language invoices without retyping",
		"the senior partner has relied on it in two earlier fraud cases",
		"it can start the fans from wet-bulb readings automatically",
		"the FIS homologation inspector asked for logged snow density",
		"it produces UEB-compliant output out of the box",
		"the blind proofreaders can review the files with their screen readers",
		"the clamps lost two percent of their sugar to frost last campaign",
		"the growers' association agreed to it in the delivery contract",
		"it measures sucrose without lead acetate clarification",
		"the night shift can operate it wearing gloves",
		"the insurer requires a named maintenance system"},
	taskTpl: []template{
		{"I told the inspector on the phone we would {X} by Friday. please don't let me forget, he will check", SpeakerUser},
		{"I can't sign off the handover until someone is able to {X}, so I've marked the handover draft as blocked on that.", SpeakerAssistant},
		{"I'm off from tomorrow for two weeks. handing over: Kasia has the keys, the rota is done, and you need to {X}. everything else can wait until I'm back", SpeakerUser},
		{"could you {X} sometime this week? no panic, just before month end", SpeakerUser},
		{"btw Thursday is the cut-off to {X}, the rest of this can slide", SpeakerUser},
		{"key,summary,assignee,state\nMNT-88,{X},,open\nMNT-85,replace the canteen kettle,jb,done", SpeakerTool},
		{"Shift handover checklist\n- [x] log the overnight readings\n- [x] lock the chemical store\n- [ ] {X}\n- [x] hand the radio to the day lead", SpeakerTool},
		{"Reminder for when you're back at your desk: you still need to {X}. I didn't touch it because it needs someone on site.", SpeakerAssistant},
		{"From: Dr Helen Marsh\nSubject: still waiting\n\nHello, just checking whether anyone has been able to {X} yet? We can't book the next visit until that's done.\n\nRegards,\nHelen", SpeakerTool},
		{"TODO: {X}.\nThe figures this reads are provisional until that's done.", SpeakerCode},
		{"FIXME(ak): the numbers below are placeholders. We still have to {X}, then load the real ones.", SpeakerCode},
		{"what's left on my plate?" + TurnSep + "One thing: you still have to {X}. Everything else on the list is ticked.", SpeakerTwoTurns},
		{"did we tell the client we'd {X}?" + TurnSep + "Yes, on last Tuesday's call. It hasn't happened yet, so it's still open, and they're expecting it by the end of next week.", SpeakerTwoTurns},
		{"Status after this session:\n  done: parser fix, new tests\n  open: {X} (needs access I don't have)\n  parked: report styling", SpeakerAssistant},
		{"[14:20] ines: someone needs to {X} before the weekend\n[14:21] tomek: I'll take it, Friday morning\n[14:21] ines: ta", SpeakerTool},
		{"waiting on us to {X}, apparently. the supplier emailed twice. can you put it at the top of the list?", SpeakerUser},
	},
	tasks: []string{"imp the two broken primaries on the Harris hawk",
		"renew the Article 10 certificates for the peregrines",
		"order more day-old chicks from the Hartley hatchery",
		"replace the worn bedplate bars in pulper 2",
		"send the rotor clearance readings to the field engineer",
		"reseal the detrashing screen housing on the broke pulper",
		"request the missing 2023 bank statements from the Gdansk subsidiary",
		"tie out the intercompany loan balances to the board minutes",
		"image the financial controller's laptop before it goes back to IT",
		"bleed the air out of the hydrant line at tower 14",
		"recalibrate the wet-bulb sensor at the K90 take-off",
		"proofread volume 3 of the chemistry textbook against print",
		"re-emboss the Nemeth pages that came out with faded dots",
		"ship the braille ballots to the county clerk",
		"re-sample the beet in clamp 7 for rot",
		"chase the haulier for Thursday's missing tare tickets",
		"descale the lime kiln feed chute before the campaign restarts"},
	pathTpl: []template{
		{"2026-12-03 04:17:55 ERROR export: could not write {X}: disk quota exceeded\n2026-12-03 04:17:55 INFO export: 212 rows held in memory, will retry", SpeakerTool},
		{"[storage]\nexport_to = \"{X}\"\nretain_days = 90\n# changed after the November move", SpeakerTool},
		{"Ticket: files missing after the share migration\nReporter: A. Mensah\nDetails: the current copy is at {X}; the old location is read-only now.\nPriority: normal", SpeakerTool},
		{"the right one is {X}. not the one in the email, that's last year's", SpeakerUser},
		{"Runbook, step 4: copy the day's output to {X} and check the file count against the shift sheet. If it doesn't match, stop and call the duty engineer.", SpeakerTool},
		{"The script was reading from the wrong place. I pointed it at {X}, which is where the current files actually are.", SpeakerAssistant},
		{"Input comes from {X}.\nMounted read-only on the night box; don't write here.", SpeakerCode},
		{"where's the latest export again?" + TurnSep + "{X}. I opened it a moment ago to check the date; it's today's.", SpeakerTwoTurns},
		{"please save the finished version to {X} so the others can find it, not in your home folder", SpeakerUser},
		{"Heads-up: the upload failed with permission denied on {X}. The service account probably can't write there.", SpeakerAssistant},
	},
	paths: []string{"/srv/mews/weights/2026-12.csv", "~/Documents/Falconry Centre/Flying Logs/merlins.xlsx",
		`C:\PulperPM\exports\pulper2_vibration.csv`, `\\MILL-FS02\Maintenance\Pulper 2\Rotor Drawings`,
		"sftp://evidence.kestrel-forensics.example/incoming/custodian_07/", "s3://vcr-engagement-2291/ledgers/gl_fy2024.parquet",
		"../workpapers/journal_testing/round_sums.xlsx", "./snowmaking/towers/k120_landing.yaml", "/etc/snowctl/fans.d/outrun.conf",
		"gs://brl-transcribe-jobs/chem-vol3/brf/", "/home/brl/Transcriber Queue/atlas_maps_tactile.prn",
		"https://intranet.fenland-sugar.example/tarehouse/clamps/7", "/var/log/diffuser/tower_a.log",
		`Z:\Campaign 2026\Haulage\tare_tickets_thu.pdf`, "beet-lab/scripts/pol_import.py"},
	idTpl: []template{
		{"From: Ruth Okafor\nSubject: mismatch again\n\nGood morning, regarding {X}: what your system shows still doesn't match our records. Could someone ring me?\n\nBest,\nRuth", SpeakerTool},
		{"2026-12-04 02:11:09 WARN intake: duplicate reference {X} rejected\n2026-12-04 02:11:09 INFO intake: batch continues", SpeakerTool},
		{"Linked record: {X}\nStatus: awaiting review\nNotes: do not merge with the earlier entry", SpeakerTool},
		{"it's {X}, I've checked it twice against the paper copy", SpeakerUser},
		{"The mismatch traces back to a single record, {X}; everything else reconciles.", SpeakerAssistant},
		{"Special case for {X}: its record predates the current format.\nRemove once it has been re-entered.", SpeakerCode},
		{"what was the reference on the one that failed?" + TurnSep + "{X}. It's in the error output from the last run as well.", SpeakerTwoTurns},
		{"write {X} on the label exactly as it is, character for character. the scanner at goods-in is fussy", SpeakerUser},
		{"I added {X} to the test fixtures, since it's the case that broke the import.", SpeakerAssistant},
		{"ref | location | checked\n{X} | bay 3 | no\n(1 row)", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(15) {
		case 0: // closed leg ring on a captive-bred bird
			return fmt.Sprintf("IBR%05d%c", r.IntN(100000), letter())
		case 1: // CITES Article 10 certificate
			return fmt.Sprintf("%06d/%02d", 500000+r.IntN(500000), 1+r.IntN(12))
		case 2: // telemetry transmitter frequency
			return fmt.Sprintf("173.%03d MHz", r.IntN(1000))
		case 3: // pulper maintenance work order
			return fmt.Sprintf("PM2-WO-%06d", r.IntN(1000000))
		case 4: // wireless vibration sensor MAC
			return fmt.Sprintf("%02X:%02X:%02X:%02X:%02X:%02X", 0x00, 0x1B, r.IntN(256), r.IntN(256), r.IntN(256), r.IntN(256))
		case 5: // evidence exhibit reference
			return fmt.Sprintf("Exhibit %c%c/%02d", letter(), letter(), 1+r.IntN(99))
		case 6: // journal entry number
			return fmt.Sprintf("JE-%d-%06d", 2023+r.IntN(3), r.IntN(1000000))
		case 7: // forensic image hash prefix
			return fmt.Sprintf("%016x", r.Uint64())
		case 8: // Bates number
			return fmt.Sprintf("VCR%07d", r.IntN(10000000))
		case 9: // snow gun or fan serial
			if r.IntN(2) == 0 {
				return fmt.Sprintf("K120-L%02d", 1+r.IntN(40))
			}
			return fmt.Sprintf("TF10-%05d", r.IntN(100000))
		case 10: // pump station alarm code
			return fmt.Sprintf("ALM-%d%03d", 1+r.IntN(9), r.IntN(1000))
		case 11: // braille job number or textbook ISBN
			if r.IntN(2) == 0 {
				return fmt.Sprintf("BRL-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
			}
			return fmt.Sprintf("978-1-%04d-%04d-%d", r.IntN(10000), r.IntN(10000), r.IntN(10))
		case 12: // beet haulage load ticket
			return fmt.Sprintf("LT%07d", r.IntN(10000000))
		case 13: // grower contract
			return fmt.Sprintf("GC-%05d/%c", r.IntN(100000), letter())
		}
		// clamp or polarimeter sample code
		if r.IntN(2) == 0 {
			return fmt.Sprintf("Clamp %c%02d", letter(), 1+r.IntN(60))
		}
		return fmt.Sprintf("POL-%c%05d", letter(), r.IntN(100000))
	},
	distractorTpl: []template{
		{"we had {X} on trial for {P} over the summer and sent it back, it never coped. not going there again", SpeakerUser},
		{"If the capital bid is refused, {X} could in principle cover {P}, but that's a what-if; nobody has chosen it.", SpeakerAssistant},
		{"Notes from the visit to the sister site: they use {X} for {P} and say {R}. Interesting, but that's their setup, not ours, and we're not changing.", SpeakerTool},
		{"are we actually considering {X} for {P}?" + TurnSep + "It's been mentioned, but nothing's been decided and nobody has priced it. I'd treat it as an open question.", SpeakerTwoTurns},
		{"Example config only: the value \"{X}\" below is an illustration copied from the vendor's docs.\nIt is not what we run.", SpeakerCode},
		{"Item 5: {P}\n  {X} was proposed and rejected (too expensive, no local support).\n  No further action.", SpeakerTool},
		{"the job to {T} is done, Ines finished it this morning, so strike it off", SpeakerUser},
		{"Completed\n  [x] {T} - signed off by the shift lead\n  [x] nothing else carried over", SpeakerTool},
		{"I was going to {T}, but the log shows it was already done on Monday, so I've dropped it from the list.", SpeakerAssistant},
		{"Someone used to have to {T} by hand every week.\nThat's scripted now, so no action needed.", SpeakerCode},
		{"I tried {X} for {P} as well, and it came out worse than what you already have, so I backed it out.", SpeakerAssistant},
	},
	rejected: []string{"Biotrack Sika", "Hippo CMMS", "IBM Maximo", "Valid8", "RelativityOne", "SMI PoleCat", "Braille2000",
		"ViewPlus Tiger", "Betaseal sheeting", "Anton Paar MCP 150"},
	done: []string{"swap the jesses on the barn owls", "drain the slush from the hydrant pits on the outrun",
		"scan the bank mandates into the evidence log", "re-tension the pulper drive belts",
		"collate the tactile graphics for volume 2", "clear the stones from the beet washer",
		"re-weigh the kestrels after the moult", "file the engagement letter with the court"},
}
