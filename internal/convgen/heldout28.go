package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut34 returns n facts of each kind from the thirty-fourth held-out
// set. Its domains are a glacier-walk tour operator, a veterinary blood
// bank, a vintage-aircraft restoration hangar, a school-bus depot, a kelp
// and seaweed farm, and a museum registrar's outgoing loans. Decisions
// arrive as an approval in an email thread, a terse chat confirmation, a
// settings change the assistant reports, meeting minutes with a resolved
// item, a ticket resolution, a grudging concession, a code comment, a
// changelog entry, a purchase request, a chat log where someone answers
// the question, and a choice buried in the middle of a rambling paragraph.
// Pending tasks are obligations, blockers, hand-offs before leave,
// requests put as questions, deadlines mentioned in passing, promises to
// outsiders, tracker rows, an unchecked item among checked ones,
// reminders, voicemails from someone waiting, and TODO and FIXME comments.
// Paths are Unix absolute and relative (./ and ../), home directories with
// spaces, Windows drives, UNC shares, s3://, gs:// and sftp:// locations
// and URLs, quoted in logs, tickets, runbooks, configs and chat.
// Identifiers are booking references, access permits, donor and blood
// unit numbers, tail numbers and airframe serials, work orders, bus VINs
// and route codes, kelp line lots, seed spool batches, accession and loan
// numbers, crate numbers and photo-set hashes. Distractors are options
// turned down or trialled and pulled, hypotheticals, another site's setup,
// unanswered questions, example values in docs, and tasks already done.
// The set is blind: it was written without reading the summarizer or any
// other held-out set.
func HeldOut34(seed uint64, n int) []Fact { return heldOut34.facts(seed, n) }

var heldOut34 = factSet{
	decisionTpl: []template{
		{"From: Ingrid Solberg\nTo: ops-team\nSubject: RE: quotes for {P}\n\nApproved. Go ahead with {X}; I read both quotes twice and what tipped it is that {R}. Please copy me on the paperwork so I can file it.\n\nIngrid", SpeakerTool},
		{"{X} for {P}. confirmed. {R}, so let's not reopen it", SpeakerUser},
		{"I've switched the setting for {P} over to {X}; the previous value is left commented out underneath in case you want to compare. That follows what you told me: {R}.", SpeakerAssistant},
		{"Weekly ops meeting, minutes (draft)\nPresent: Oddny, Kwabena, Rhys, Mei\n\nItem 2: {P}\n  Resolved: adopt {X}. Reason recorded: {R}.\nItem 3: Parking behind the shed\n  Deferred to next week.", SpeakerTool},
		{"Ticket OPS-771\nTitle: pick a replacement for {P}\nStatus: Resolved\nResolution: going with {X}, since {R}; none of the other candidates could match that.\nClosed by: rhys", SpeakerTool},
		{"I still don't love it, but fine. {X} for {P}. Kwabena is right that {R}." + TurnSep + "Understood. I'll treat {X} as settled for {P} and stop carrying the other option in the plan.", SpeakerTwoTurns},
		{"Used for {P}: {X}.\nChosen after the autumn review because {R}. Ask Oddny before swapping it out.", SpeakerCode},
		{"CHANGELOG\n\n## 2026.11.2\n- {P} now uses {X} ({R}).\n- Corrected the phone number in the footer of the printed forms.\n\n## 2026.10.4\n- No functional changes.", SpeakerTool},
		{"Long day here. The fog didn't lift until eleven, the van heater died again and half the crew were late. Anyway, I told Sven we're going with {X} for {P}, because {R}, and he didn't push back. Can you look at why the export keeps timing out?", SpeakerUser},
		{"remind me, where did we land on {P}?" + TurnSep + "You signed off on {X} for it on Wednesday. The deciding point was that {R}.", SpeakerTwoTurns},
		{"Purchase request #2219\nVendor / product: {X}\nFor: {P}\nJustification: {R}\nApproved by: M. Okafor (operations manager), 14 Nov", SpeakerTool},
		{"[07:02] oskar: are we doing {X} for {P} or not? I need to tell the supplier today\n[07:04] lise: yes. {R}\n[07:04] oskar: ok, locking it in", SpeakerTool},
		{"Per your note this morning I've rewritten the intake form around {X} for {P}. You said {R}, so I didn't keep a fallback path.", SpeakerAssistant},
		{"Settled: {X} handles {P} from here on.\nDon't add a second option to the config; {R}, and that hasn't changed.", SpeakerCode},
	},
	choices: []string{"Bookeo", "inReach Mini 2", "Grivel G12 crampons", "Alvedia QuickTest DEA 1", "Helmer iB111",
		"Ceconite 102", "Stewart Systems EkoFill", "Alodine 1201", "Zonar EVIR", "BusPlanner Web",
		"Whip Around", "HOBO MX2202", "Dyneema longline rope", "eMuseum", "Masterpak Tyvek wraps", "Crozier Fine Arts",
		"Kestrel DROP D3"},
	purposes: []string{"the crevasse-walk bookings", "guide check-ins from the ice", "the clients' traction kits",
		"donor blood typing", "the packed red cell storage", "covering the Stearman's wings",
		"corrosion treatment on the wing spars", "the morning pre-trip bus inspections", "the fall route planning",
		"water temperature logging on the sugar kelp lines", "the grow-out longlines", "the public collections catalogue",
		"wrapping the paintings for the outgoing loans", "the courier shipment to Lisbon",
		"monitoring the humidity inside loan crates"},
	reasons: []string{"it works with no cell coverage above the icefall", "the guides can adjust it with gloves on",
		"the referral lab already validated it against gel cards", "its alarm dials out when the compressor trips at night",
		"the field approval names that exact process", "Walt still has the paperwork from the Waco rebuild",
		"the state inspection form maps onto its checklist line for line",
		"the district transportation grant covers the first three years",
		"the loggers survived a full winter at twelve metres", "it doesn't rot the way the polypropylene did",
		"the lenders' facility reports ask for its export format", "the insurer lists them as an approved carrier",
		"donor owners can book their own appointment slots", "drivers can finish it on the tablet before pullout",
		"it doesn't shed fibres onto varnished surfaces"},
	taskTpl: []template{
		{"I promised the park office we'd {X} this week, so that one can't slide again.", SpeakerUser},
		{"I can't close the inventory ticket yet: someone has to {X} first, and that isn't something I can do from here.", SpeakerAssistant},
		{"From: Tomasz Wróbel\nTo: ops-team\nSubject: handing over before my leave\n\nWhile I'm away, could one of you {X}? Everything else on my list is either done or can wait until I'm back on the 21st.\n\nThanks, T.", SpeakerTool},
		{"could you {X} when you get a minute? not urgent, but before Friday please", SpeakerUser},
		{"btw the inspector is in on Tuesday, and we still have to {X}. anyway, what did the log say?", SpeakerUser},
		{"what did I promise the county people yesterday?" + TurnSep + "That you would {X}. You told them it would be done before their next visit, and as far as I can see it hasn't been.", SpeakerTwoTurns},
		{"| #  | Task | Owner | Due | State |\n|----|------|-------|-----|-------|\n| 31 | {X} | Greta | Fri | open |\n| 30 | replace the kettle in the crew room | Ade | - | done |", SpeakerTool},
		{"Pre-season checklist\n- [x] renew the insurance binder\n- [x] test the handheld radios\n- [ ] {X}\n- [x] print the new rate cards", SpeakerTool},
		{"Reminder, since you asked me to raise it again before we wrap up: {X}. Nobody has picked it up yet.", SpeakerAssistant},
		{"Lorna has been waiting on us to {X} since Monday and she's started cc'ing her manager on every email", SpeakerUser},
		{"TODO: {X}.\nThe figures this report prints are provisional until that's done.", SpeakerCode},
		{"FIXME(ingrid): hard-coded until we {X}.\nDelete this branch once that happens.", SpeakerCode},
		{"Open items after today:\n1. {X} (not started, nobody assigned)\n2. decide whether the summary email goes out weekly", SpeakerAssistant},
		{"anything stopping us from closing this out?" + TurnSep + "One thing: we still have to {X}. Until that's done I've left the ticket open.", SpeakerTwoTurns},
		{"Voicemail, 08:47, transcribed:\n\"Hi, it's Pat from the district office. Just checking you're still going to {X}, we can't schedule anything on our side until that's done. Call me back.\"", SpeakerTool},
	},
	tasks: []string{"re-sharpen the rental crampons before the Saturday walks", "renew the glacier access permit with the park office",
		"send the Korean waiver translations to the Hana Tours group", "re-type the two greyhound donors after their last collection",
		"log the freezer excursion for the plasma on shelf three", "call back the Ridgeway clinic about the feline whole blood order",
		"order more CPDA-1 collection bags before the donor drive", "torque-check the cabane strut fittings on the Stearman",
		"send the logbook scans to the airworthiness inspector", "finish rib-stitching the lower left wing panel",
		"swap the stop-arm camera on bus 42", "post the revised route sheets for the Maple Hill run",
		"book the annual brake inspections with the state troopers", "retension the east block longlines after the storm",
		"ship the blade samples to the iodine lab", "sign the facility report for the Hartwell loan",
		"book the courier's flights for the Lisbon loan"},
	pathTpl: []template{
		{"2026-10-03T05:41:07Z ERROR export: cannot write {X}: no space left on device\n2026-10-03T05:41:07Z INFO export: will retry at next scheduled run", SpeakerTool},
		{"Source of truth: {X}\nIf you move it, change the scheduler entry too; the two have to match.", SpeakerCode},
		{"OPS-1184  Runbook points at the wrong location\nReported by: hh\nThe runbook still gives the old place. The current one is {X}.\nStatus: open", SpeakerTool},
		{"the one you want is {X}, not the copy sitting in the shared inbox, that's the draft", SpeakerUser},
		{"Runbook: nightly sync\n1. Check the VPN is up.\n2. Confirm {X} is reachable from the office machine.\n3. Start the sync and watch the log for errors.", SpeakerTool},
		{"I traced it back: the importer reads from `{X}`, not from the location the README gives.", SpeakerAssistant},
		{"where does that stuff end up now?" + TurnSep + "In {X}. I checked the scheduler config to be sure before answering.", SpeakerTwoTurns},
		{"can you grab everything from {X} before Jonas reorganizes it again? last time we lost a week of records", SpeakerUser},
		{"Keep in sync with {X}.\nThe office edits that copy by hand, so read it fresh on every run.", SpeakerCode},
		{"The mismatch came from a stale copy. The live one is at {X}, and that's what I pointed the job at.", SpeakerAssistant},
	},
	paths: []string{"/srv/glacier/bookings/2026-season/manifest.csv", "~/Documents/Guide Roster/ice season 2026.xlsx",
		`C:\BloodBank\Inventory\units_2026.mdb`, `\\HANGAR-FS\Restoration\N2S-4 Stearman\logbook scans`,
		"s3://bluebay-kelp-telemetry/hobo/2026/", "gs://depot-routes-export/fall-2026/maple_hill.geojson",
		"sftp://transfer.artshipping.example/outbound/hartwell_loan/",
		"https://registrar.museum.example/loans/OL-2026-014/facility-report.pdf", "./seeding/spools/batch_notes.md",
		"../hangar-shared/weight-and-balance/stearman_wb.xlsx", "/var/log/depot/evir-sync.log",
		"/etc/bloodbank/fridge-alarms.yaml", "registrar/condition-reports/2026/outgoing/",
		`D:\Depot\Routes\Fall 2026\route_sheets.pdf`, "/opt/icefall/waivers/templates/waiver_ko.docx"},
	idTpl: []template{
		{"From: Mirela Constantin\nSubject: still no reply\n\nHello, I'm writing again about {X}. Nobody has answered my last two emails and I need to know before Friday.\n\nBest regards, Mirela", SpeakerTool},
		{"2026-09-18 14:22:09 WARN lookup failed for {X}: record locked by another session\n2026-09-18 14:22:11 INFO lookup: lock released, not retried", SpeakerTool},
		{"Ticket DEP-2207\nSubject: wrong record shown on the office screen\nAffected record: {X}\nPriority: high", SpeakerTool},
		{"the one to check is {X}. I wrote it on the whiteboard but someone wiped it", SpeakerUser},
		{"The mismatch is limited to {X}; every other record reconciles against the paper copy.", SpeakerAssistant},
		{"Special case for {X} until the paper record is corrected.\nDon't generalise this.", SpeakerCode},
		{"what was that reference again?" + TurnSep + "{X}. I've added it to the session notes so it doesn't get lost.", SpeakerTwoTurns},
		{"please quote {X} exactly when you write back to them, their system rejects anything with a typo", SpeakerUser},
		{"ref,flag,by,at\n{X},QUERY,registrar,2026-10-07\n(1 row)", SpeakerTool},
		{"I searched all three exports for {X} and it only shows up in the October one.", SpeakerAssistant},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		alnum := func() rune {
			const s = "ABCDEFGHJKLMNPRSTUVWXYZ23456789"
			return rune(s[r.IntN(len(s))])
		}
		switch r.IntN(15) {
		case 0: // glacier-walk booking reference
			return fmt.Sprintf("GLT-%c%c%c%c%c%c", alnum(), alnum(), alnum(), alnum(), alnum(), alnum())
		case 1: // glacier access permit
			return fmt.Sprintf("GAP/%02d/%04d", 25+r.IntN(2), r.IntN(10000))
		case 2: // blood donor dog
			return fmt.Sprintf("DNR-K9-%05d", r.IntN(100000))
		case 3: // blood unit number
			return fmt.Sprintf("BU%02d%06d%c", 25+r.IntN(2), r.IntN(1000000), "PWF"[r.IntN(3)])
		case 4: // aircraft tail number
			return fmt.Sprintf("N%d%c%c", 1000+r.IntN(9000), letter(), letter())
		case 5: // Stearman airframe serial
			return fmt.Sprintf("75-%04d", r.IntN(10000))
		case 6: // hangar work order
			return fmt.Sprintf("WO-H%d-%03d", 25+r.IntN(2), r.IntN(1000))
		case 7: // school bus VIN
			b := []byte("4UZAB")
			const vin = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
			for range 12 {
				b = append(b, vin[r.IntN(len(vin))])
			}
			return string(b)
		case 8: // bus route code
			return fmt.Sprintf("RTE-%c%c-%02d", letter(), letter(), 1+r.IntN(60))
		case 9: // kelp line lot
			return fmt.Sprintf("SK%02d-L%02d-B%d", 25+r.IntN(2), 1+r.IntN(40), 1+r.IntN(6))
		case 10: // hatchery seed spool batch
			return fmt.Sprintf("SPOOL-%c%03d", letter(), r.IntN(1000))
		case 11: // museum accession number
			return fmt.Sprintf("%d.%d.%d", 1900+r.IntN(120), 1+r.IntN(200), 1+r.IntN(30))
		case 12: // outgoing loan number
			return fmt.Sprintf("OL-%d-%03d", 2025+r.IntN(2), r.IntN(1000))
		case 13: // crate number
			return fmt.Sprintf("CR%04d-%c", r.IntN(10000), letter())
		}
		// condition-report photo set hash
		return fmt.Sprintf("%06x%04x", r.IntN(1<<24), r.IntN(1<<16))
	},
	distractorTpl: []template{
		{"we looked hard at {X} for {P} and said no, the quote was double everyone else's. don't bring it back", SpeakerUser},
		{"{X} was trialled for {P} over the summer and pulled after six weeks; it isn't in use anywhere now.", SpeakerAssistant},
		{"what would happen if we moved {P} over to {X}?" + TurnSep + "In theory it could work, but nobody has proposed it and I'm not changing anything on that basis.", SpeakerTwoTurns},
		{"Notes from the northern site, pasted for reference (not ours): \"We run {X} for {P} because {R}.\" Our own setup stays as it is.", SpeakerTool},
		{"still no answer on whether {X} is even allowed for {P}. leave that open until the inspector replies", SpeakerUser},
		{"Example only: option = \"{X}\" is the sample value from the docs.\nIt is not a real setting here.", SpeakerCode},
		{"you can scratch the one to {T}, Hallvard did it first thing this morning", SpeakerUser},
		{"Done this week\n- [x] {T}\n- [x] chase the fuel supplier's invoice", SpeakerTool},
		{"Nothing to do on the other item: the request to {T} was completed and signed off last Thursday, so I've dropped it from the open list.", SpeakerAssistant},
		{"Nobody needs to {T} anymore.\nThat was finished and signed off at the last walkthrough.", SpeakerCode},
		{"Someone suggested {X} for {P} at the last meeting; it was voted down, so we kept what we have.", SpeakerAssistant},
	},
	rejected: []string{"FareHarbor", "Zoleo", "Petzl Leopard LLF", "DiaMed gel cards", "Poly-Fiber", "Randolph dope",
		"Geotab GO9", "Traversa", "PastPerfect", "Axiell Collections", "polypropylene rope"},
	done: []string{"replace the fixed rope on the moraine steps", "restock the crevasse rescue kits",
		"pull the propeller for overhaul", "wash the road salt off the bus undercarriages",
		"haul out the spring mooring buoys", "photograph the Hartwell loan objects", "re-certify the donor cats' infectious disease panel",
		"drain the fuel sumps on the Stearman"},
}
