package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut26 returns n facts of each kind from the twenty-sixth held-out set.
// Its domains are a cemetery's plot records and interments, a commercial
// fishing fleet's catch logs, a children's hospital's play therapy
// schedule, a satellite ground station's pass planning, a wine auction
// house's lot catalogue and a municipal snow-removal depot. Decisions come
// as an approval in an email, a terse chat confirmation, a settings change
// the assistant reports, meeting minutes, a ticket resolution, a grudging
// concession, a code comment, a changelog entry, a change request signed
// off, and a choice buried in the middle of a rambling paragraph. Pending
// tasks come as obligations, blockers, hand-offs, requests phrased as
// questions, deadlines mentioned in passing, promises to outsiders, tracker
// rows, an unchecked item among checked ones, reminders, things someone is
// waiting on, and TODO/FIXME comments. Paths are Unix absolute and
// relative, ./ and ../, home directories with spaces, Windows drives, UNC
// shares, s3://, gs://, sftp:// and https URLs, met in logs, configs,
// tickets, chat and runbooks. Identifiers are what those trades quote: plot
// references, burial transit permits, interment orders, fish tickets, VMS
// transponders, haul numbers, medical record numbers, child life session
// bookings, NORAD catalogue numbers, pass IDs, sale lots, bidder paddles,
// consignments, plow units, storm events, salt bills of lading and command
// load hashes. Distractors are options rejected, trialled and dropped,
// hypothetical fallbacks, another site's setup, open questions, a docs
// placeholder, and tasks already finished. The set is blind: it was written
// without reading the summarizer or any other held-out set.
func HeldOut26(seed uint64, n int) []Fact { return heldOut26.facts(seed, n) }

var heldOut26 = factSet{
	decisionTpl: []template{
		{"From: Odile Marchetti <odile.marchetti@harrowgate-wine.com>\nTo: catalogue-team\nSubject: RE: {P} - approved\n\nGo ahead with {X}. I read the comparison sheet over the weekend and what swung it for me is that {R}. Please copy finance on the contract so the invoice doesn't bounce around.\n\nOdile", SpeakerTool},
		{"{X} for {P}. confirmed, {R}. next", SpeakerUser},
		{"Done. The settings for {P} now point at {X}; the previous backend is commented out rather than deleted in case we need to compare numbers. You said {R}, so I didn't bother adding a fallback.", SpeakerAssistant},
		{"Minutes, operations meeting, 6 November\nPresent: G. Haddad (chair), L. Ferreira, Mo Tran, Bea Okonjo\n\nItem 2. Tea fund\n  Carried over.\nItem 3. {P}\n  Agreed to adopt {X}. Recorded rationale: {R}.\nItem 4. Any other business\n  None.", SpeakerTool},
		{"Status:     Resolved\nAssignee:   k.lindgren\nResolution: Standardising on {X} for {P} going forward. Closing note from Karin: {R}, which none of the alternatives could match.\nLinked:     2 duplicates closed", SpeakerTool},
		{"I still don't love it, honestly. but fine, {X} wins for {P}. I can't really argue with the fact that {R}", SpeakerUser},
		{"Hands {P} off to {X}.\nPicked over the old in-house script because {R}.\nTalk to the supervisor before ripping it out.", SpeakerCode},
		{"## 3.2.0 (2026-11-04)\n\n### Changed\n- Moved {P} onto {X} ({R}).\n\n### Fixed\n- Export no longer drops rows with an empty notes column.", SpeakerTool},
		{"long morning here. the county rang twice about the backlog, Ray's truck is back in the shop, the coffee machine is leaking again, and oh, the important bit, we're going with {X} for {P} since {R}. anyway, can you look at why yesterday's export came out empty?", SpeakerUser},
		{"remind me, what did we end up doing about {P}?" + TurnSep + "We're on {X}. You signed off on it Monday, the reason being that {R}. Everything I've changed since assumes it.", SpeakerTwoTurns},
		{"CHANGE REQUEST\nSummary:       adopt {X} for {P}\nJustification: {R}\nRisk:          low\nApproval:      GRANTED by T. Abernathy (ops director), 2026-10-29", SpeakerTool},
		{"should I keep shopping around for {P} or just live with {X}?" + TurnSep + "Live with it. You committed to {X} on Friday because {R}, and the contract is already countersigned, so that part is settled.", SpeakerTwoTurns},
		{"Per your go-ahead, {X} is now what handles {P}. I added a line to the README noting that {R}, so the next person doesn't reopen the question.", SpeakerAssistant},
		{"Source of truth for {P}: {X}.\nSettled at the October review: {R}.", SpeakerCode},
	},
	choices: []string{"CemeteryLink GIS", "intermentDesk", "Olrac eLog", "Trace Register", "QGenda", "Epic Cadence", "gpredict",
		"FreeFlyer", "KSAT Lite", "AuctionFlex", "Bidpath", "Epoke Sirius", "ClearLane brine", "iceSight", "deckhandSync",
		"Vinsight Catalog"},
	purposes: []string{"the interment booking calendar", "plot boundary mapping", "perpetual care fee invoices",
		"the electronic catch logbook", "landing declarations to the port office", "crew share settlements",
		"the sandtray session bookings", "child life volunteer rostering", "low-orbit pass prediction",
		"antenna handover scheduling", "the printed lot catalogue", "absentee bid intake",
		"provenance checks on consigned cellars", "plow route assignment", "brine mixing at the depot",
		"salt dome inventory counts"},
	reasons: []string{"the sexton can update the map from the graveside on a tablet",
		"the county registrar accepts its permit export without retyping",
		"the fisheries agency certified it for electronic reporting",
		"skippers can keep entering hauls with no signal offshore",
		"the child life specialists already use it for the clinic rosters",
		"it blocks infection-isolation rooms automatically",
		"it models atmospheric drag better than the TLE-only tools",
		"the X-band dish needs a ten-second margin between passes",
		"consignors want to watch the bids in real time",
		"it flows the tasting notes straight into the catalogue layout",
		"drivers can see which streets were already cleared",
		"the old spreader controllers over-salted the hill routes",
		"the union contract requires logging each driver's hours",
		"the state DOT only reimburses metered brine",
		"the insurer wants every bottle photographed against its lot"},
	taskTpl: []template{
		{"the office shuts at four and I'm off tomorrow, so we have to {X} today. can you help me work out what that involves?", SpeakerUser},
		{"I'm blocked until someone can {X}; the import refuses to run without it, so I've stopped there rather than fake the data.", SpeakerAssistant},
		{"From: Ines Alvarado\nTo: ops-team\nSubject: handing over\n\nI'm on leave from tomorrow. The one thing I didn't get to: could whoever's covering please {X}? Everything else is in the shared folder.\n\nInes", SpeakerTool},
		{"could you {X} when you get a minute? or tell me who should, I genuinely don't know whose job it is", SpeakerUser},
		{"the inspector's coming Monday, by the way, and the first thing she'll ask is whether we managed to {X}, so that has to happen this week. anyway, about the report layout, I think the totals column is too narrow", SpeakerUser},
		{"what did I end up promising the harbourmaster?" + TurnSep + "That we'd {X}. You told him he'd hear back from us by Friday, and as far as I can see nothing has gone out yet.", SpeakerTwoTurns},
		{"task,owner,state,due\n{X},nobody yet,open,Fri\nclear the drain grates,sam,done,Tue", SpeakerTool},
		{"Pre-season checklist\n- [x] count the spare cones\n- [ ] {X}\n- [x] test the handheld radios\n- [x] sign the key register", SpeakerTool},
		{"Reminder, since you asked me to keep track: we still need to {X}. I'll bring it up again when we wrap up.", SpeakerAssistant},
		{"[11:20] bo: still waiting on your side to {X}, can't close the month without it\n[11:24] rj: tomorrow first thing, promise\n[11:24] bo: holding you to that", SpeakerTool},
		{"TODO: {X}.\nThe figures in this table are placeholders until that's done.", SpeakerCode},
		{"FIXME(ops): hard-coded until we {X}.\nDon't copy this to the other sites.", SpeakerCode},
		{"anything left before the weekend?" + TurnSep + "Yes, we still have to {X}. Nobody has picked it up, so I'd put a name on it today.", SpeakerTwoTurns},
		{"Progress so far: imported the old records, fixed the date column, reran the totals. Still outstanding: {X}.", SpeakerAssistant},
		{"ugh, I keep forgetting. someone needs to {X}. put my name on it if nobody else wants it", SpeakerUser},
	},
	tasks: []string{"re-stake the section 14 plot corners after the frost heave",
		"file the burial transit permit for the Okafor interment",
		"order replacement grave liners from the vault company",
		"reconcile the halibut landings against the processor tickets",
		"renew the VMS subscription for the Aurora Dawn",
		"upload the observer coverage waivers before the next trip",
		"rebook the sandtray sessions bumped by the fire drill",
		"restock the medical play kits on the oncology floor",
		"collect signed consent forms for the music therapy group",
		"refresh the TLEs before the Saturday pass plan locks",
		"swap the LNA on the S-band feed before eclipse season",
		"request a coordination letter for the new downlink frequency",
		"photograph the ullage on the Burgundy consignment",
		"send the condition reports to the Hong Kong bidders",
		"confirm the reserve prices with the Lindqvist estate",
		"calibrate the spreader controllers on trucks 31 through 38",
		"top up the brine tanks before the Thursday storm",
		"post the overnight plow shift roster"},
	pathTpl: []template{
		{"2026-11-06T04:12:55Z ERROR export: cannot write {X}: no space left on device\n2026-11-06T04:12:55Z INFO export: aborting run 7, will retry at 05:00", SpeakerTool},
		{"Output goes to {X}; the field tablets read from the same place.\nChange both or neither.", SpeakerCode},
		{"Reported by: front office\nAttachment location: {X}\nSteps: open the file, scroll to the bottom, the totals row is blank\nExpected: totals filled in", SpeakerTool},
		{"the real one is {X}, not whatever got attached to the email. that one's a draft Gemma sent by mistake", SpeakerUser},
		{"Runbook: nightly reconcile\n1. stop the sync service\n2. refresh {X} from the day's export\n3. start the service again and check the row count matches", SpeakerTool},
		{"I traced it: the scheduler reads {X} at startup, so edits made anywhere else were simply being ignored.", SpeakerAssistant},
		{"where does that stuff live again?" + TurnSep + "{X}. That's what the upload script is configured with; I checked it a moment ago.", SpeakerTwoTurns},
		{"can you go through {X} and check whether the totals match? finance swears they don't", SpeakerUser},
		{"I saved the cleaned copy to {X} and left the original untouched, so you can diff the two.", SpeakerAssistant},
		{"Mirrors {X} every night.\nIf that location moves, update MIRROR_SRC as well.", SpeakerCode},
	},
	paths: []string{"/srv/cemetery/plots/section14/boundaries.geojson", `\\SEXTON-PC\Interments\2026\Permits`,
		"s3://northfleet-elogs/hauls/2026/10/", "~/Catch Logs/Aurora Dawn/trip_0412.csv",
		`D:\PlayTherapy\Schedules\week45.xlsx`, "../child-life/consents/music_group_fall.pdf",
		"/opt/groundstn/passplan/tle/active.txt", "gs://polar-handover-plans/2026-11-07/plan.json",
		"sftp://uplink.groundstn.example.net/outbox/cmd_queue/", "https://catalogue.harrowgate-wine.com/sale/2211/lots?page=3",
		"./lots/burgundy/condition_reports/", "/var/log/depot/brine-mixer.log", "configs/snow/routes/hill_district.yaml",
		`\\DEPOT-FS02\Fleet\spreader calibration\truck31.csv`, "/Users/mbekele/Documents/Pass Notes/eclipse season.md",
		`P:\Perpetual Care\invoices_2026Q4.xlsx`},
	idTpl: []template{
		{"From: Records office <records@portness-council.example>\nSubject: query on your records\n\nCould you confirm the details you hold for {X}? Ours disagree with yours and the auditor has asked.\n\nRegards,\nD. Quinn", SpeakerTool},
		{"2026-11-05 22:41:07 WARN reconcile: record {X} present in source, missing in target (attempt 2 of 3)\n2026-11-05 22:41:09 INFO reconcile: 1 mismatch, continuing", SpeakerTool},
		{"Summary: wrong date printed on the summary sheet\nAffected record: {X}\nPriority: normal\nReporter: night desk", SpeakerTool},
		{"it's {X}, the one they phoned about this morning. can you pull everything we have on it?", SpeakerUser},
		{"The mismatch comes down to a single record, {X}; every other row lines up.", SpeakerAssistant},
		{"Special case for {X}: legacy entry with no date.\nLeave it alone until the records clerk confirms.", SpeakerCode},
		{"which one got flagged?" + TurnSep + "{X}. It's the only one the check complained about, and it's flagged on both runs.", SpeakerTwoTurns},
		{"jot down {X} somewhere safe, I'll need it when I call them back after lunch", SpeakerUser},
		{"I've added {X} to the test fixtures so this bug stays fixed.", SpeakerAssistant},
		{"ref,flag,note\n{X},review,raised by the overnight shift\n(1 row)", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(16) {
		case 0: // cemetery plot reference: section, row, grave
			return fmt.Sprintf("P-%02d%c-%03d", 1+r.IntN(40), letter(), 1+r.IntN(300))
		case 1: // burial transit permit
			return fmt.Sprintf("BTP-%d-%06d", 25+r.IntN(2), r.IntN(1000000))
		case 2: // interment order
			return fmt.Sprintf("IO/%d/%04d", 2025+r.IntN(2), r.IntN(10000))
		case 3: // fish ticket
			return fmt.Sprintf("FTK-%c%07d", "EGS"[r.IntN(3)], r.IntN(10000000))
		case 4: // VMS transponder serial
			return fmt.Sprintf("VMS %04X-%04X", r.IntN(0x10000), r.IntN(0x10000))
		case 5: // trip and haul number
			return fmt.Sprintf("T%04d-H%02d", r.IntN(10000), 1+r.IntN(40))
		case 6: // medical record number
			return fmt.Sprintf("MRN %03d-%02d-%03d", r.IntN(1000), r.IntN(100), r.IntN(1000))
		case 7: // child life session booking
			return fmt.Sprintf("CLS-%c%c%04d", letter(), letter(), r.IntN(10000))
		case 8: // NORAD catalogue number
			return fmt.Sprintf("NORAD %05d", 20000+r.IntN(70000))
		case 9: // ground station pass ID: station, year and day of year, pass of the day
			return fmt.Sprintf("%s-%d%03d-%02d", []string{"SVB", "FBK", "TRL", "PUN"}[r.IntN(4)], 25+r.IntN(2), 1+r.IntN(365), 1+r.IntN(14))
		case 10: // sale and lot
			return fmt.Sprintf("S%04d-L%04d", 2200+r.IntN(100), 1+r.IntN(1200))
		case 11: // bidder paddle
			return fmt.Sprintf("Paddle %d", 1000+r.IntN(9000))
		case 12: // consignment
			return fmt.Sprintf("CNS-%06d", r.IntN(1000000))
		case 13: // plow unit
			return fmt.Sprintf("PLW-%03d%c", r.IntN(1000), letter())
		case 14: // storm event or salt bill of lading
			if r.IntN(2) == 0 {
				return fmt.Sprintf("STORM-%d-%02d", 25+r.IntN(2), 1+r.IntN(40))
			}
			return fmt.Sprintf("BOL %09d", r.IntN(1000000000))
		}
		// satellite command load hash
		return fmt.Sprintf("%06x%06x", r.IntN(1<<24), r.IntN(1<<24))
	},
	distractorTpl: []template{
		{"someone floated {X} for {P} again. we looked at it in the spring and said no, and nothing's changed since, so let's not", SpeakerUser},
		{"For the record, {X} was trialled for {P} for two weeks in October and abandoned; the trial logs are still around if you want them.", SpeakerAssistant},
		{"if the grant falls through we might have to look at {X} for {P}, but that's a big if and nobody is planning around it", SpeakerUser},
		{"Notes from the Harwick site visit: they run {X} for {P}, because {R}. Interesting, but it's their setup and not something we're adopting.", SpeakerTool},
		{"are we doing {X} for {P} or not?" + TurnSep + "Undecided. It's on the agenda for the next review, and until then nothing changes.", SpeakerTwoTurns},
		{"Example config below uses \"{X}\" as a sample provider name.\nReplace it; we don't use that.", SpeakerCode},
		{"scratch the one about needing to {T}, Hollis finished it this morning", SpeakerUser},
		{"Completed this week\n- [x] {T}\n- [x] sign the visitor log", SpeakerTool},
		{"I checked whether we still need to {T}: it was done on Tuesday, so I've taken it off the list.", SpeakerAssistant},
		{"We used to have to {T} by hand every season.\nThe contractor does it now; nothing for us to do here.", SpeakerCode},
		{"I compared {X} against what we have for {P}; it came out slower and dearer, so I dropped it.", SpeakerAssistant},
	},
	rejected: []string{"CemeteryPro Desktop", "Grave Matters", "SeaTrace Lite", "NetLog Classic", "Kronos Workforce",
		"PlayPlanner", "SatPC32", "GMAT", "AuctionWorx", "Invaluable Live", "Force America 5100", "BrineMaker 3000"},
	done: []string{"repaint the section markers along the east drive", "reseal the columbarium niche fronts",
		"defrost the fish hold on the Marguerite", "laminate the feelings charts for the playroom",
		"realign the UHF yagi after the windstorm", "scan the 1998 Bordeaux labels",
		"grease the plow blade pivots on the graders", "empty the sand hopper at the north lot"},
}
