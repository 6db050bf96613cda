package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning18 returns n facts of each kind from the eighteenth tuning set. Its
// domains are an animal shelter's adoptions and foster network, a
// ski-equipment rental shop, a city water utility's meter reading, a law
// school's moot court, a trade show's exhibitor services and a hydroponic
// farm's nutrient dosing. Decisions are mostly implied rather than
// announced: a chatty go-ahead, an order form signed in an email, minutes
// with an approved outcome, a chat export where someone locks an option in,
// a code comment saying what a module goes through and why, an assistant
// report of what something now runs on. Pending tasks come as obligations,
// deadlines, promises, reminders from someone waiting, action items,
// tracker rows, FIXMEs and status lists. Paths take many forms (Unix and
// Windows, UNC shares, mapped drives, home directories with spaces, object
// storage URLs, relative paths) and identifiers are what people in those
// domains quote: animal and microchip numbers, rental contracts, ski
// serials, water accounts, meter radio IDs, docket and team numbers,
// booth and freight tickets, nutrient lots, pump serials. Distractors are
// options that were trialed and dropped or lost a benchmark, fallbacks
// that were never adopted, another branch's setup, open questions,
// placeholders in docs, and tasks already crossed off. The set was written
// without reading the summarizer, as a tuning set.
func Tuning18(seed uint64, n int) []Fact { return tuning18.facts(seed, n) }

var tuning18 = factSet{
	decisionTpl: []template{
		{"ok so I talked to Dana this morning and we're just going to go with {X} for {P}, mostly because {R}. can you wire that up after you finish the test fix? no rush today", SpeakerUser},
		{"I've switched {P} over to {X} in the config, since you said {R}. The old adapter is still there behind a flag until we delete it next sprint.", SpeakerAssistant},
		{"Ops sync, Tuesday\nAttendees: Rosa, Tev, Amadou (Kim sent regrets)\n\n1. What we use for {P}\n   Outcome: {X}, approved 3-0. Tev pointed out that {R}.\n2. Weekend parking for the crew\n   No change.", SpeakerTool},
		{"for {P}, are we still torn between {X} and the spreadsheet?" + TurnSep + "No, that got settled on Friday: you approved {X} because {R}. Everything I'm building now assumes it.", SpeakerTwoTurns},
		{"{X} handles {P} here (picked in the March review; {R}).\nIf you're tempted to swap it for something else, read the review notes first.", SpeakerCode},
		{"From: Priya Natarajan\nTo: ops-leads\nSubject: Re: {P}\n\nHi all,\n\nSigned the order form for {X} this morning. Short version of why: {R}. Invoices go to the ops cost centre, not ours.\n\nPriya", SpeakerTool},
		{"yep, {X}. that's fine for {P}. I know it's not the cheapest but {R}. anyway, back to the flaky test, what did the second run say?", SpeakerUser},
		{"Quick summary of where things landed: {X} is now live for {P} (you picked it because {R}), the import script is in place, and nothing else in the service changed.", SpeakerAssistant},
		{"[09:14] hana: can we lock {P} today? I'm tired of revisiting it\n[09:15] joel: {X}. {R}\n[09:15] hana: works for me, locking it\n[09:16] joel: lunch at the usual place?", SpeakerTool},
		{"Before I forget, purchasing needs the PO for {X} by Thursday, since that's what we're using for {P} now. Nobody upstairs will push back, given that {R}.", SpeakerUser},
		{"NOTE: everything for {P} goes through {X}, full stop.\nWe went back and forth on this for weeks; what settled it was that {R}.", SpeakerCode},
		{"fine, {X} for {P} then. you were right that {R}" + TurnSep + "Good, I'll wire {X} in properly and drop the other adapter from the settings page.", SpeakerTwoTurns},
		{"I went ahead and pinned {X} for {P}. You mentioned earlier that {R}, which rules the others out for now; shout if that's changed.", SpeakerAssistant},
	},
	choices: []string{"Shelterluv", "ShelterBuddy", "Wintersteiger Mercury", "Vermont Calibrator", "SkiTrak Counter",
		"Neptune R900", "Itron FC300", "Badger BEACON", "Tabroom", "BenchBallot", "Map Your Show", "ExpoCAD",
		"Dosatron D14MZ2", "Bluelab Guardian", "Atlas Scientific EZO-EC"},
	purposes: []string{"the foster check-in reminders", "adoption application screening", "the intake photo uploads",
		"the binding release checks", "waiver signing at the rental counter", "boot and ski tune tickets",
		"the monthly meter read routes", "high-consumption reread alerts", "the moot court bracket draw",
		"judges' score ballots", "the exhibitor move-in schedule", "booth utility orders", "the EC and pH dosing loop",
		"nutrient stock mixing logs"},
	reasons: []string{"the foster coordinators can run it from their phones", "the county contract already covers the license",
		"it logs every DIN setting against the signed waiver", "the handhelds sync over cellular instead of cradle docking",
		"the spring break rush won't wait for a custom build", "the faculty advisor insists on anonymous scoring",
		"exhibitors kept missing the freight cutoff with the old forms", "the peristaltic pumps drifted badly after two weeks",
		"it can read the older Sensus registers", "it pushes listings straight to Petfinder",
		"Marisol's crew can calibrate it without a laptop", "a stuck solenoid cost us two reservoirs last summer",
		"the general contractor already uses that booth numbering", "billing rejects any read without a timestamp",
		"the nitrate readings held within 5 ppm during the trial"},
	taskTpl: []template{
		{"Joanne's out until the 9th, so someone has to {X}. I told her we'd cover it, which means it's on us now. sorry, should have asked first", SpeakerUser},
		{"Before I close this out: I still owe you one thing, which is to {X}. I'll pick that up right after the tests go green.", SpeakerAssistant},
		{"ID      | Title                                   | Owner      | Status\nOPS-412 | {X} | unassigned | Open\nOPS-409 | label printer jams on long names        | kwame      | Closed", SpeakerTool},
		{"TODO(rk): {X}.\nBlocked on the vendor sending new credentials; until then this path is stubbed out.", SpeakerCode},
		{"is anything still hanging over from last week?" + TurnSep + "One thing: we never got to {X}. It's still open, and the deadline is Friday.", SpeakerTwoTurns},
		{"did anyone ever {X}? if not can you put it on the list for tomorrow, I keep forgetting to ask", SpeakerUser},
		{"From: facilities@\nTo: ops\nSubject: friendly nudge\n\nHi, we're still waiting on your side to {X}. The auditors are here on the 14th and it has to be done before then.\n\nThanks,\nLena", SpeakerTool},
		{"Where we stand:\n- tests: passing\n- lint: clean\n- still to do: {X}\n- docs: no change needed", SpeakerAssistant},
		{"hard deadline is Thursday noon to {X}, otherwise we eat the late fee again. put it at the top of whatever list you're keeping", SpeakerUser},
		{"Action items\n  * Ravi: {X} (due Monday)\n  * Ceci: nothing new this week\n  * all: send holiday availability to Rosa", SpeakerTool},
		{"FIXME: this assumes someone will {X} before the next cycle.\nUntil that happens the totals below are stale, so don't trust them.", SpeakerCode},
		{"can you remind me what I promised Tomás on the call?" + TurnSep + "You told him you'd {X} by the end of the week. I don't see anything on that yet.", SpeakerTwoTurns},
		{"I can't finish the rollout until we {X}, so I've left the feature flag off for now and noted it in the PR description.", SpeakerAssistant},
		{"[16:02] dee: who's going to {X}?\n[16:03] marco: me, tomorrow morning. someone remind me\n[16:03] dee: ty, will do", SpeakerTool},
	},
	tasks: []string{"re-sync the foster roster with the intake kennel cards", "pull the expired rabies certificates from the adoption packets",
		"send the spay-neuter voucher list to the Westside clinic", "recalibrate the binding tester at the Summit Street counter",
		"reprint the DIN charts for the junior rental skis", "retire the 2019 boot fleet from rental inventory",
		"reread the skipped meters on route 22 before billing closes", "swap the dead MIU batteries in the Oakridge pit meters",
		"publish the bench memos for the semifinal judges", "book the ceremonial courtroom for the Hollis Cup final",
		"send the freight target times to the Hall C exhibitors", "reconcile the booth electrical orders against the floor plan",
		"flush the B-line dosing manifold before the lettuce transplant", "recalibrate the EC probes in the nursery reservoir"},
	pathTpl: []template{
		{"everything from the old system got dumped at {X}, start there and ignore the copy on my desktop, it's from August", SpeakerUser},
		{"Found it: the nightly job writes to `{X}`, which is why nothing showed up where you were looking.", SpeakerAssistant},
		{"Locations (updated after the migration)\n  exports:  {X}\n  backups:  ask IT, they moved them again\n  scratch:  don't use", SpeakerTool},
		{"Reads from {X} (synced read-only to the kiosk box).\nIf the mount is missing we fall back to the last good copy held in memory.", SpeakerCode},
		{"where did you say that stuff ended up?" + TurnSep + "It lands in {X}. I checked the service config a minute ago to be sure.", SpeakerTwoTurns},
		{"can you diff against {X}? that's the version finance actually signed off on, the others are drafts", SpeakerUser},
		{"I moved the generated output to {X} so it's out of the repo root; nothing else referenced the old location.", SpeakerAssistant},
		{"2026-11-14 06:02:11 WARN sync: permission denied opening {X} (user svc_sync)\n2026-11-14 06:02:11 INFO sync: retrying in 300s", SpeakerTool},
		{"fyi the location changed, it's {X} now. IT sent an email about it but nobody reads those", SpeakerUser},
		{"Keep this in sync with {X}.\nThe two drifted apart once and nobody noticed for a month.", SpeakerCode},
	},
	paths: []string{"/srv/shelter/exports/foster_roster.csv", `\\SHELTER-NAS01\Intake Photos\2026`,
		`C:\RentalDesk\config\din_table.xml`, "~/rental/boot-fleet/retire_2019.xlsx", "/var/spool/meterread/handheld/incoming",
		`M:\Reads\Route22\cycle_11.rdg`, "s3://cityh2o-amr-raw/reads/2026/11/", "moot/2026/problem/record_on_appeal_v3.pdf",
		"/Users/jkoh/Documents/Moot Court/Bench Memos/semis.docx", "exhibitor-portal/src/forms/utility_order.ts",
		"/opt/expo/floorplans/hallC_v7.dwg", "./dosing/recipes/butterhead_lettuce.yaml", "/etc/dosingd/pumps.d/bay4.conf",
		"../moot-shared/ballots/round2_scores.xlsx", "shelter-app/migrations/20261102_add_foster_holds.sql"},
	idTpl: []template{
		{"the one I mean is {X}, the printout on my desk has it circled in red. the others are fine", SpeakerUser},
		{"Got a match: {X} shows up in both exports, so the duplicate is real and not a display glitch.", SpeakerAssistant},
		{"From: a customer\nSubject: Re: still wrong\n\nHi, I'm writing again about {X}. It still shows the old figure on my end and I was told this was fixed.\n\nSent from my phone", SpeakerTool},
		{"Regression case: {X} triggered the double count, keep it in the fixtures.", SpeakerCode},
		{"what was the number on that one from this morning?" + TurnSep + "{X}. I pasted it into the ticket too so it doesn't get lost.", SpeakerTwoTurns},
		{"pls don't touch {X} until Fatima is done with it, she's got it open on her screen", SpeakerUser},
		{"Searching the logs for {X} turns up three hits, all on Tuesday between 2 and 3 pm.", SpeakerAssistant},
		{"ref,status,updated_by,updated\n{X},HOLD,front_desk,2026-11-12\n(1 row)", SpeakerTool},
		{"Hard-coded for now: {X} is the only one that needs the override.\nRemove once the upstream fix ships.", SpeakerCode},
		{"copy {X} exactly into the notes field, the counter staff search by it and typos break everything", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // shelter animal ID
			return fmt.Sprintf("A%08d", 40000000+r.IntN(9000000))
		case 1: // ISO microchip number
			return fmt.Sprintf("%03d%06d%06d", []int{985, 982, 956, 900}[r.IntN(4)], r.IntN(1000000), r.IntN(1000000))
		case 2: // foster agreement
			return fmt.Sprintf("FA-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 3: // ski rental contract
			return fmt.Sprintf("RNT-%c%c-%05d", letter(), letter(), r.IntN(100000))
		case 4: // ski or board serial
			return fmt.Sprintf("SN %c%c%07d", letter(), letter(), r.IntN(10000000))
		case 5: // water account number
			return fmt.Sprintf("%07d-%02d", r.IntN(10000000), 1+r.IntN(99))
		case 6: // meter radio (MIU) ID
			return fmt.Sprintf("MIU %d", 1500000000+r.IntN(99999999))
		case 7: // reread service order
			return fmt.Sprintf("SO-%d-%05d", 25+r.IntN(2), r.IntN(100000))
		case 8: // moot court team number
			return fmt.Sprintf("Team %d%c", 1+r.IntN(64), "PR"[r.IntN(2)])
		case 9: // moot problem docket number
			return fmt.Sprintf("No. %d-%d", 25+r.IntN(2), 100+r.IntN(900))
		case 10: // exhibitor account or booth
			if r.IntN(2) == 0 {
				return fmt.Sprintf("EXH-%05d", r.IntN(100000))
			}
			return fmt.Sprintf("Booth %d%02d", 1+r.IntN(9), r.IntN(100))
		case 11: // marshalling yard freight ticket
			return fmt.Sprintf("MY%07d", r.IntN(10000000))
		case 12: // nutrient lot or dosing pump serial
			if r.IntN(2) == 0 {
				return fmt.Sprintf("LOT %c%c%05d", letter(), letter(), r.IntN(100000))
			}
			return fmt.Sprintf("DZ14-%06X", r.Uint32()&0xffffff)
		}
		// dosing recipe commit
		return fmt.Sprintf("%05x%04x", r.IntN(1<<20), r.IntN(1<<16))
	},
	distractorTpl: []template{
		{"we trialed {X} for {P} last winter and dropped it, the support was hopeless. so please don't suggest it again lol", SpeakerUser},
		{"If the budget gets cut, {X} would be the fallback for {P}, but that's only a contingency; nothing has been decided there.", SpeakerAssistant},
		{"Eastside branch notes, pasted as-is: \"We run {X} for {P} because {R}.\" That's their setup; ours stays as it is.", SpeakerTool},
		{"has anyone actually decided whether {X} is even an option for {P}?" + TurnSep + "Not yet. It's still an open question, and I've parked it until the vendor call.", SpeakerTwoTurns},
		{"Example only: \"{X}\" below is a placeholder vendor name for the docs.\nIt is not what we use.", SpeakerCode},
		{"oh and you can cross off the one to {T}, Marco did it yesterday afternoon", SpeakerUser},
		{"Closed this week\n  [x] {T} (checked by Dee)\n  [x] nothing else outstanding from the walkthrough", SpeakerTool},
		{"No need to {T}; I checked and that was already done last Friday, so I've taken it off the list.", SpeakerAssistant},
		{"We used to have to {T} by hand every cycle.\nThat's automated now; nothing to do here.", SpeakerCode},
		{"I benchmarked {X} for {P} as well, but it lost to what we already have, so I didn't keep it.", SpeakerAssistant},
	},
	rejected: []string{"PetPoint", "Petstablished", "Montana Saphir", "Skiset", "Itron Temetra", "Sensus AutoRead",
		"Judgify", "a2z Events", "Autogrow IntelliDose", "Hanna HI981420"},
	done: []string{"re-key the kennel run padlocks", "wax the demo fleet for opening weekend",
		"replace the cracked register lids on Elm Court", "assign the oralist pairings for the quarterfinals",
		"print the lead-retrieval badges for Hall A", "drain and sanitize the nursery sump",
		"update the owner-surrender intake form", "re-torque the binding screws on the junior rentals"},
}
