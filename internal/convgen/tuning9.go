package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning9 returns n facts of each kind from the ninth tuning set. Its
// domains are a pharmacy chain's prescription refills, a theme park's ride
// maintenance, a freight forwarder's customs filings, a school district's
// bus routing, a co-working space's memberships and a marine research
// vessel's data logging. Decisions are stated outright, implied by an
// action already taken or by one person approving another's suggestion,
// and recorded in meeting minutes, emails, decision-log rows and code
// comments; pending tasks come as obligations, promises, deadlines,
// questions, status lists, tracker rows and action items; paths and
// identifiers (prescription and NDC numbers, work orders, customs entry
// numbers, bills of lading, HTS codes, route runs, badge UIDs, cruise
// casts and the like) are quoted in passing in chat, logs, tickets and
// code. Its distractors are options that were passed over or lost a
// tender, hypotheticals, another organisation's choices, idle questions,
// placeholder examples and tasks already finished. It was written without
// reading the summarizer, as a tuning set.
func Tuning9(seed uint64, n int) []Fact { return tuning9.facts(seed, n) }

var tuning9 = factSet{
	decisionTpl: []template{
		{"ok, after the call with Renata: {X} for {P}. mostly because {R}. please don't reopen that one, it took three meetings", SpeakerUser},
		{"Since you signed off on {X} for {P} (the argument that carried the room was that {R}), I've made the config loader expect its export format.", SpeakerAssistant},
		{"Ops sync, minutes\nAttendees: Priyanka, Teo, Hallie, Marcus (notes)\n1. {P}: vote was 4-0 for {X}. Why: {R}.\n2. Parking lot: the badge printer keeps jamming, nobody owns it yet.", SpeakerTool},
		{"The backend for {P} is {X}, and that is deliberate.\nIt won the bake-off because {R}; talk to Hallie before swapping it out.", SpeakerCode},
		{"what if we just put {P} on {X}? I mean, {R}." + TurnSep + "Agreed, that's the better fit of the two. I'll start moving things over this afternoon.", SpeakerTwoTurns},
		{"fwiw procurement finally cut the PO for {X}, so that's what we run {P} on from now on. the deciding point was that {R}.", SpeakerUser},
		{"From: Dana Whitcomb\nSubject: Re: {P}\n\nHi all, confirming we are standardizing on {X}. Short version: {R}.\nThe contract goes to legal on Monday.\n\nDana", SpeakerTool},
		{"I switched {P} over to {X} and deleted the old adapter. You said {R}, so there was no point keeping both code paths alive.", SpeakerAssistant},
		{"decision-log.csv\ndate,area,outcome,rationale,approved_by\n2026-04-02,{P},{X},\"{R}\",M. Osei", SpeakerTool},
		{"NOTE(teo): {X} is the system of record for {P}.\nDo not add a second integration next to it; {R}.", SpeakerCode},
		{"Marcus and I went back and forth on {P} for a while, but {X} wins. The tiebreaker was that {R}.", SpeakerUser},
		{"Quick sanity check before I email the vendor: you're fine with {X} for {P}?" + TurnSep + "Yes. Given that {R}, {X} is the only candidate that doesn't need a workaround.", SpeakerTwoTurns},
	},
	choices: []string{"PioneerRx", "ScriptPro", "Limble CMMS", "Maximo Anywhere", "CargoWise One", "Descartes ABI",
		"Transfinder Routefinder PLUS", "Edulog", "Zonar Z Pass", "Nexudus", "OfficeRnD Flex", "Kisi", "OpenRVDAS", "DShip"},
	purposes: []string{"the refill reminder texts", "the auto-refill queue", "the ride inspection work orders",
		"the lockout/tagout log", "the ISF filings", "the entry summaries", "the bell-time route plans",
		"the student ridership scans", "day-pass checkout", "meeting-room bookings", "the underway sensor feed",
		"the CTD cast metadata", "the pharmacist verification step", "door access for the members"},
	reasons: []string{"the state board audits want a signature on every fill",
		"it already talks to the Allen-Bradley PLCs on the coasters",
		"the insurer only accepts inspection records with tamper-proof timestamps",
		"our licensed broker can sign off inside the same screen",
		"it models the payer-specific 90-day supply rules",
		"the transportation director ran it for six years in Fresno",
		"it prints the route letters in Spanish and Vietnamese",
		"it handles prorated mid-month upgrades without a spreadsheet",
		"member badges have to stop working the minute a card declines",
		"it keeps logging locally when the satellite link drops",
		"the chief scientist wants NetCDF files with CF attributes",
		"the chief engineer can patch it while we are at sea",
		"CBP rejects fewer of its filings than any other we trialled",
		"the ASTM F24 standards require a checklist per ride per day"},
	taskTpl: []template{
		{"before I forget, somebody has to {X} and I'm pretty sure it's us this week", SpeakerUser},
		{"One loose end I can't close from here: you'll need to {X}, because it needs your login.", SpeakerAssistant},
		{"tracker export (filter: mine, open)\nOPEN   | owner: hallie | due: Thu | {X}\nOPEN   | owner: none   | due: none | ask about parking validation\nCLOSED | owner: teo    | fix the typo in the welcome email", SpeakerTool},
		{"Stopgap only. We still owe operations this: {X}.\nOnce that happens this whole branch can go.", SpeakerCode},
		{"did anyone {X} yet? the regional manager has asked twice" + TurnSep + "Not yet, it's still open. I'll put it at the top of tomorrow's list.", SpeakerTwoTurns},
		{"Heads up, the deadline to {X} is Friday at noon and compliance will chase us if it slips.", SpeakerUser},
		{"I've held one thing back until the change window tonight: I still have to {X}.", SpeakerAssistant},
		{"Subject: quick favor\n\nCould your team {X} by end of week? We're blocked until it's done.\n\nThanks,\nGwen (regional ops)", SpeakerTool},
		{"I promised Gwen we'd {X}. can you keep that on your radar? I'm out Tuesday", SpeakerUser},
		{"Hardcoded for now. Blocked on a human: {X}.\nRevisit this function afterwards.", SpeakerCode},
		{"Status so far:\n- config loader: done\n- retry on timeout: done\n- {X}: waiting on you, needs the vendor portal", SpeakerAssistant},
		{"Action items\n* Teo: {X} (carried over from last week)\n* Priyanka: circulate the revised floor plan", SpeakerTool},
		{"what's actually blocking the release at this point?" + TurnSep + "Just one thing: someone with the admin role has to {X}. Everything else is merged.", SpeakerTwoTurns},
	},
	tasks: []string{"re-run the auto-refill eligibility job for store 214",
		"call the prescriber offices about the expired Schedule II refills",
		"replace the lap-bar sensor on Cyclone Runner train 3",
		"sign the daily inspection sheet for the log flume",
		"file the ISF amendment for the Kinloss Bay booking",
		"post the corrected entry summary for the Yantian container",
		"re-time the Route 17 morning stops after the bell change",
		"mail the revised bus stop letters to Maple Ridge families",
		"prorate the March invoices for the members who downgraded",
		"deactivate the badges of the lapsed hot-desk members",
		"recalibrate the thermosalinograph before the next transit",
		"copy the multibeam raw files to the shore server",
		"reconcile the controlled-substance counts at the Eastgate store",
		"update the HTS codes on the bicycle parts shipment"},
	pathTpl: []template{
		{"the export you want is {X}, ignore the one on the desktop, that's last month's", SpeakerUser},
		{"Found it: the nightly job actually reads {X}; the path in the README is stale.", SpeakerAssistant},
		{"Steps to reproduce:\n1. open {X}\n2. change the stop order\n3. save; the app hangs for about a minute", SpeakerTool},
		{"Reads from {X}. That location is mounted read-only on the shore box,\nso never write back to it.", SpeakerCode},
		{"where does the vendor drop the files again?" + TurnSep + "They land in {X}, usually a bit after 2am.", SpeakerTwoTurns},
		{"can you diff {X} against yesterday's copy? something changed and nobody will own up to it", SpeakerUser},
		{"[09:14] teo: moved everything to {X}\n[09:15] hallie: ty\n[09:15] hallie: is the old folder safe to delete?\n[09:21] teo: give it a week", SpeakerTool},
		{"I'd rather not hardcode {X}, so it now sits behind an env var with that as the default.", SpeakerAssistant},
		{"Output goes to {X}, one file per run.\nThe retention cron prunes anything older than 30 days.", SpeakerCode},
	},
	paths: []string{"/opt/pioneerrx/exports/refill_queue_2026-03.csv", `C:\PioneerRx\Reports\AutoRefill\store214.xlsx`,
		`\\eastgate-fs01\pharmacy\c2_counts\`, "rides/cyclone_runner/inspections/daily_checklist.yaml",
		"~/maint/plc-dumps/log_flume_pumps.csv", "s3://harborline-customs/isf/2026/05/ISF_amend_0412.xml",
		"customs/abi/templates/entry_summary_7501.json", "gis/routes/2026-27/route17_am.geojson",
		"./exports/stop_letters/maple_ridge_es.pdf", "/srv/cowork/nexudus-sync/members_lapsed.json",
		"config/access/kisi_door_groups.toml", "/data/cruise/RR2604/raw/tsg/SBE45_20260418.hex",
		"D:/ship_logs/multibeam/EM124/0032_20260419_0815.kmall", "instruments/ctd/sbe911/RR2604_ctd.xmlcon",
		`%APPDATA%\Transfinder\Routefinder\settings.ini`},
	idTpl: []template{
		{"the one that bounced back was {X}, can you see why? I already ruled out the obvious stuff", SpeakerUser},
		{"Narrowed it down to a single record, {X}; every other row parses fine.", SpeakerAssistant},
		{"Subject: hold notice\n\nPlease reference {X} on all correspondence about this hold.\nExam fees will be billed separately.", SpeakerTool},
		{"Regression guard for {X}: the import used to drop this record\nwithout logging anything.", SpeakerCode},
		{"what was the number on the one that failed overnight?" + TurnSep + "{X}. It's the only failure in the log.", SpeakerTwoTurns},
		{"2026-04-18T03:12:44Z WARN sync: rejected record {X} (schema mismatch)\n2026-04-18T03:12:45Z INFO sync: 1,204 records ok", SpeakerTool},
		{"put {X} in the subject line when you reply to them, otherwise it sits in the general queue for days", SpeakerUser},
		{"Checked their API: {X} is still flagged on their side, so retrying won't help until they clear it.", SpeakerAssistant},
		{"[14:02] gwen: anyone looked at {X}?\n[14:05] marcus: on it after lunch", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(12) {
		case 0: // prescription number
			return fmt.Sprintf("Rx %d-%07d", 100+r.IntN(900), r.IntN(10000000))
		case 1: // NDC
			return fmt.Sprintf("%05d-%04d-%02d", r.IntN(100000), r.IntN(10000), r.IntN(100))
		case 2: // ride maintenance work order
			return fmt.Sprintf("RIDE-WO-%05d", 10000+r.IntN(90000))
		case 3: // ride vehicle serial
			return fmt.Sprintf("S/N %c%c%06d", letter(), letter(), r.IntN(1000000))
		case 4: // customs entry number: filer code, serial, check digit
			return fmt.Sprintf("%c%d%c-%07d-%d", letter(), r.IntN(10), letter(), r.IntN(10000000), r.IntN(10))
		case 5: // bill of lading
			scac := []string{"HLCU", "ONEY", "COSU", "EGLV", "YMLU"}[r.IntN(5)]
			return fmt.Sprintf("%s%09d", scac, r.IntN(1000000000))
		case 6: // HTS code
			return fmt.Sprintf("%04d.%02d.%04d", 1000+r.IntN(9000), r.IntN(100), r.IntN(10000))
		case 7: // bus route run
			return fmt.Sprintf("RT-%02d%c-%s", 1+r.IntN(60), letter(), []string{"AM", "PM", "MID"}[r.IntN(3)])
		case 8: // co-working membership invoice
			return fmt.Sprintf("INV-NX-%d%02d-%04d", 2025+r.IntN(2), 1+r.IntN(12), r.IntN(10000))
		case 9: // access badge NFC UID
			return fmt.Sprintf("04:%02X:%02X:%02X:%02X:%02X:%02X", r.IntN(256), r.IntN(256), r.IntN(256), r.IntN(256), r.IntN(256), r.IntN(256))
		case 10: // cruise CTD cast
			ship := []string{"RR", "SR", "AT", "TN", "FK"}[r.IntN(5)]
			return fmt.Sprintf("%s%02d%02d-CTD%03d", ship, 24+r.IntN(3), 1+r.IntN(12), 1+r.IntN(200))
		}
		// DEA registration number
		return fmt.Sprintf("%c%c%07d", "ABFGM"[r.IntN(5)], letter(), r.IntN(10000000))
	},
	distractorTpl: []template{
		{"We looked hard at {X} for {P} and passed. Yes, {R}, but the per-seat pricing killed it.", SpeakerUser},
		{"If the budget ever doubles we could revisit {X} for {P}, but that's not on the table right now.", SpeakerAssistant},
		{"Notes from the user group meetup:\n- the Tri-County folks run {X} for {P}\n- they say {R}, but their setup is nothing like ours\n- nothing for us to act on", SpeakerTool},
		{"has anyone priced out {X}? just curious, not proposing it" + TurnSep + "I haven't, and nobody has asked for it. I'd leave it alone unless it comes up again.", SpeakerTwoTurns},
		{"Fixture only: {X} is a placeholder vendor name in this sample payload.\nThe real integration is configured elsewhere.", SpeakerCode},
		{"good news, the ticket to {T} is closed. Hallie finished it this morning, nothing left to do there", SpeakerUser},
		{"CLOSED | owner: teo | closed: Mon | {T}\nresolution: verified in prod, no follow-up needed", SpeakerTool},
		{"That one is already behind us; I took care of it earlier in this session ({T}), so nothing further is needed.", SpeakerAssistant},
		{"Subject: RFP outcome\n\nThank you for your proposal. The committee did not select {X} for {P} this cycle.\n\nRegards,\nProcurement", SpeakerTool},
	},
	rejected: []string{"BestRx", "eMaint CMMS", "Fiix", "Magaya Customs", "Versatrans RP", "BusBoss", "Optix",
		"Cobot", "NOAA SCS", "Tyler Traversa"},
	done: []string{"swap the pill counter trays at the Eastgate store", "replace the brake fins on the Timber Twister",
		"correct the consignee address on the Kinloss Bay ISF", "move the Route 9 stop off Alder Street",
		"refund the duplicate day-pass charge for Suite 4B", "export the winch tension logs from the last transit",
		"rekey the lockers on the second floor"},
}
