package convgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Tuning7 returns n facts of each kind from the seventh tuning set. Its
// domains are a hospital's bed management and patient transport, a
// municipal library's makerspace bookings, a car dealership's service
// department, a cruise line's shore excursions, a biotech startup's freezer
// inventory and a regional airline's baggage handling. Decisions are mostly
// implied rather than announced: an approval in chat, a signed-off email,
// meeting minutes, a vendor toggle the user wants removed, code the
// assistant has already rewired, a code comment naming the system of
// record. Pending tasks come as obligations, promises, deadlines, blocked
// rollouts, tracker rows, vendor emails and unanswered questions. Paths
// take Unix, Windows, UNC, S3, home-relative and space-containing forms,
// and identifiers are the references people in those domains quote
// (transport requests, repair orders, VINs, recall campaigns, excursion
// codes, tube barcodes, bag tag numbers, WorldTracer files, commits).
// Distractors are vendors that lost a bake-off, hypotheticals, another
// station's choice, open questions, documentation samples and finished
// work. It was written without reading the summarizer, as a tuning set.
func Tuning7(seed uint64, n int) []Fact { return tuning7.facts(seed, n) }

var tuning7 = factSet{
	decisionTpl: []template{
		{"ok so I talked to Dana this morning and we're going with {X} for {P}, mostly because {R}. " +
			"She'll sort out the purchase order, you just wire it up. Also the coffee machine on 3 is fixed, finally.", SpeakerUser},
		{"I've switched {P} over to {X} and deleted the stub adapter, since {R}. " +
			"The old CSV import is no longer reachable from the router.", SpeakerAssistant},
		{"Ops sync, minutes\nAttendees: R. Okafor, J. Lindqvist, T. Baptiste\n\n" +
			"1. Vendor shortlist for {P} reviewed. Outcome: {X} approved. Why: {R}.\n" +
			"2. Parking lot: badge reader firmware, revisit next week.", SpeakerTool},
		{"so are we actually doing {X} for {P}? procurement keeps pinging me about it" + TurnSep +
			"Yes, {X} is what I've built {P} against, and {R}, so switching now would cost more than it saves.", SpeakerTwoTurns},
		{"Backend for {P} is {X} (signed off by ops).\nWhy {X}: {R}.\n" +
			"Don't reintroduce the in-house poller as a fallback without asking ops first.", SpeakerCode},
		{"approved, go with {X} for {P}. the deciding factor for me is that {R}; " +
			"no need for another comparison doc, we've had three.", SpeakerUser},
		{"Quick recap of where {P} landed: {X}. Reasoning in one line: {R}. " +
			"The config default points at it as of this commit.", SpeakerAssistant},
		{"From: Priyanka Raman\nTo: platform-team\nSubject: Re: vendor for {P}\n\n" +
			"Hi all, signed off. We'll standardise on {X}; {R}. Contract goes to legal on Monday.\n\nPriyanka", SpeakerTool},
		{"Can you rip out the vendor toggle in the settings page? Nobody is going to pick anything but {X} " +
			"for {P} at this point; {R}, and that isn't changing.", SpeakerUser},
		{"[09:14] marco.t: so for {P}, final answer?\n[09:15] dee.w: {X}, since {R}. end of discussion lol\n" +
			"[09:15] marco.t: 👍 telling the leads", SpeakerTool},
		{"I'm leaning {X} for {P} since {R}. any objections from your side?" + TurnSep +
			"None from me, it fits the data model we already have. I'll make {X} the default for {P} and write the adapter against its API.", SpeakerTwoTurns},
		{"NOTE(2026-10-14): {X} is the system of record for {P}.\nRationale: {R}.\n" +
			"The other vendors were evaluated; see the ADR in the wiki.", SpeakerCode},
		{"Going with {X} for {P}. Short version of why: {R}. I'll leave the comparison spreadsheet in the ticket " +
			"in case anyone asks later.", SpeakerAssistant},
	},
	choices: []string{"TeleTracking", "Epic Grand Central", "Vocera Engage", "Fabman", "OctoPrint", "Bambu Lab X1C",
		"Xtime", "Tekion", "myKaarma", "Versonix Seaware", "Viator Partner API", "Benchling Inventory", "Freezerworks",
		"Ziath DataPaq", "XiltriX", "SITA WorldTracer", "SITA BagJourney", "Zebra ZD621"},
	purposes: []string{"the bed-board sync", "transport dispatch", "porter paging", "makerspace reservations",
		"3D printer queue monitoring", "laser cutter sign-offs", "service lane appointments", "loaner car check-out",
		"shore excursion inventory", "tender boat manifests", "freezer box labelling", "the -80 alarm escalation",
		"mishandled bag reports", "bag tag printing at the outstations", "sample check-out logging",
		"recall lookups at write-up"},
	reasons: []string{"the nursing supervisors already have it open all shift",
		"it takes the HL7 ADT feed without another interface engine",
		"the county IT contract already covers its licence",
		"it keeps working when the ship loses its satellite link",
		"the shore desk can reconcile it against the tour operators' own headcounts",
		"the service advisors refuse to juggle a second login",
		"it pulls open recalls straight from the VIN",
		"the DMS vendor certified the integration last quarter",
		"it logs every freezer door opening with a timestamp",
		"the rack scanner reads a full 96-tube rack in under ten seconds",
		"IATA Resolution 753 wants a scan at every handover",
		"the outstation agents only have Android handhelds",
		"its tags still print cleanly at minus thirty in Fairbanks",
		"the fire marshal wants a live list of who is on the shop floor",
		"the porters' pagers are being switched off in March",
		"the FDA auditor called out our spreadsheet at the last inspection"},
	taskTpl: []template{
		{"before you wrap up today, I still need you to {X}. it's been sitting on the board since Tuesday " +
			"and people keep asking.", SpeakerUser},
		{"That fixes the crash. It doesn't cover everything though: somebody still has to {X}, and I haven't touched that part.", SpeakerAssistant},
		{"status: open\nassignee: (none)\ndue: end of sprint\nsummary: {X}\nnotes: not blocked, just hasn't been picked up", SpeakerTool},
		{"XXX: this is incomplete until we {X}.\nFor now the handler only logs the event and returns 202.", SpeakerCode},
		{"did anyone ever {X}? the floor lead asked again this morning" + TurnSep +
			"No, that one's still open. I'll {X} right after the migration lands; it's next on my list.", SpeakerTwoTurns},
		{"I promised Lena I'd {X} by Thursday. can you take it? I'm out tomorrow and the day after.", SpeakerUser},
		{"Still outstanding once the deploy window closes:\n1. {X}\n2. tidy up the feature flag names (low priority)", SpeakerAssistant},
		{"Subject: before go-live\n\nHi, one blocker from our side: you'll need to {X} before we can switch the old system off. " +
			"Happy to jump on a call.\n\nThanks,\nGreg (vendor implementation team)", SpeakerTool},
		{"we're waiting on you to {X}, the rest of the rollout is stuck behind it. no pressure haha (some pressure)", SpeakerUser},
		{"I can't close the ticket yet. The acceptance criteria say we have to {X}, and that piece isn't written.", SpeakerAssistant},
		{"Action items\n- [ ] Sam: {X} (due Fri)\n- [x] Jo: circulate the updated floor plan", SpeakerTool},
		{"Remaining before this can ship:\n  * {X}\nEverything else in this flow is done and tested.", SpeakerCode},
		{"also, compliance says the deadline to {X} is the 15th. can you plan for it? I'd rather not find out the hard way.", SpeakerUser},
	},
	tasks: []string{"re-map the bed status codes for the new step-down unit",
		"hook transport dispatch into the discharge order event",
		"backfill isolation flags on the bed board",
		"add the new Formlabs printer to the booking calendar",
		"expire laser cutter certifications after twelve months",
		"email the waitlist when a sewing machine slot opens",
		"sync signed loaner agreements back to the DMS",
		"flag open recalls on the service check-in screen",
		"push the tender schedule to the excursion desk tablets",
		"reconcile the Juneau excursion headcounts against the operator invoices",
		"migrate the freezer map for rack F-12 to the new layout",
		"archive the sample records from the decommissioned -20 freezers",
		"forward BSM messages to the interline partner at Anchorage",
		"reprint the rush tags that failed overnight",
		"alert the baggage supervisor when a bag misses its connection"},
	pathTpl: []template{
		{"the file you want is {X}. ignore the copy in the wiki, it's two versions behind and nobody updates it.", SpeakerUser},
		{"Found it. The mapping you were asking about is loaded from {X} at startup, so a restart is needed after any change.", SpeakerAssistant},
		{"Steps to reproduce:\n1. Drop a fresh export into {X}\n2. Run the nightly import\n3. Observe duplicate rows\n" +
			"Expected: one row per record", SpeakerTool},
		{"Input comes from {X}.\nIf you move it, update the deploy manifest as well.", SpeakerCode},
		{"where's that file the importer uses? I can't find it anywhere" + TurnSep +
			"It's {X}. Easy to miss, it isn't linked from the README.", SpeakerTwoTurns},
		{"diff looks fine. one thing: leave {X} out of this commit, I have local changes there I haven't pushed.", SpeakerUser},
		{"2026-11-03T02:14:09Z ERROR import: open {X}: permission denied\n" +
			"2026-11-03T02:14:09Z WARN import: skipping batch, retry in 300s", SpeakerTool},
		{"I've moved the hard-coded values out into {X} and pointed the loader at it; the tests read a fixture copy.", SpeakerAssistant},
		{"heads up, ops reshuffled the share over the weekend. it's {X} now, the old location is read-only.", SpeakerUser},
	},
	paths: []string{"/etc/bedboard/units.d/4west.yaml",
		"services/transport-dispatch/internal/queue/priority.go",
		"hl7/adt/A02_transfer_mapping.json",
		`C:\ProgramData\Xtime\export\appointments.csv`,
		`\\dealer-fs01\service\warranty\claims_2026.xlsx`,
		"makerspace-booking/src/components/EquipmentPicker.vue",
		"/var/log/fabman-sync/webhooks.log",
		"excursions/data/ports/JNU/tender_schedule.csv",
		"s3://vessel-shorex-exports/manifests/2026-07/",
		"freezer-inventory/migrations/0031_rack_positions.sql",
		"~/benchling-export/boxes_minus80.tsv",
		"/opt/baggage/bsm-parser/conf/stations.toml",
		"db/seeds/bag_routing_ANC.yml",
		"/mnt/ops-share/Shore Excursions/Juneau headcounts.xlsx"},
	idTpl: []template{
		{"the one that's stuck is {X}. can you pull its history from the audit table? I want to see who touched it last.", SpeakerUser},
		{"The duplicate comes from {X}: it was inserted twice, eleven seconds apart, by two different workers.", SpeakerAssistant},
		{"Hi team,\nCustomer called again about {X}. Can someone from IT confirm whether it made it into the new system?\n" +
			"Thanks, front desk", SpeakerTool},
		{"Regression guard for {X}: this record used to crash the importer.\nKeep this case in the table-driven test.", SpeakerCode},
		{"what was the reference on that failing one? I closed the tab" + TurnSep +
			"It was {X}. I've pinned it in the test fixtures so it doesn't get lost.", SpeakerTwoTurns},
		{"level=warn msg=\"record rejected\" ref={X} reason=\"schema mismatch\" attempt=3\n" +
			"level=info msg=\"batch finished\" accepted=211 rejected=1", SpeakerTool},
		{"quick one: mention {X} in the commit message so QA can trace it back. thanks!", SpeakerUser},
		{"Looked it up. {X} is the only record in the export with a null location, which explains the blank row on the board.", SpeakerAssistant},
		{"Ticket source: service desk\nAffected record: {X}\nSeverity: 3\nDescription: still shows as checked out after it was returned", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		pick := func(s ...string) string { return s[r.IntN(len(s))] }
		switch r.IntN(12) {
		case 0: // patient transport request
			return fmt.Sprintf("TR-%d-%06d", 2025+r.IntN(2), r.IntN(1000000))
		case 1: // hospital encounter
			return fmt.Sprintf("ENC-%07d", 1000000+r.IntN(9000000))
		case 2: // makerspace booking
			return fmt.Sprintf("MKS-%05d", 10000+r.IntN(90000))
		case 3: // dealership repair order
			return fmt.Sprintf("RO%06d", 100000+r.IntN(900000))
		case 4: // VIN: no I, O or Q; serial digits at the end
			const vin = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
			var b strings.Builder
			b.WriteString(pick("1HG", "5YJ", "3FA", "JTD", "WBA", "KNM", "1FT"))
			for range 8 {
				b.WriteByte(vin[r.IntN(len(vin))])
			}
			fmt.Fprintf(&b, "%06d", r.IntN(1000000))
			return b.String()
		case 5: // NHTSA recall campaign
			return fmt.Sprintf("%02dV-%03d", 23+r.IntN(4), r.IntN(1000))
		case 6: // shore excursion code
			return fmt.Sprintf("%s-%03d%c", pick("JNU", "KTN", "SGY", "CZM", "NAS", "STT", "ICY"), 100+r.IntN(900), 'A'+rune(r.IntN(6)))
		case 7: // cruise booking reference
			const alnum = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
			b := []byte("SX")
			for range 6 {
				b = append(b, alnum[r.IntN(len(alnum))])
			}
			return string(b)
		case 8: // 2D tube barcode
			return fmt.Sprintf("FR%08d", r.IntN(100000000))
		case 9: // freezer box position
			return fmt.Sprintf("FZ%s-%02d-R%d-B%02d", pick("80", "20", "LN2"), 1+r.IntN(12), 1+r.IntN(6), 1+r.IntN(25))
		case 10: // bag tag license plate, WorldTracer file reference
			if r.IntN(2) == 0 {
				return fmt.Sprintf("0%03d%06d", 100+r.IntN(900), r.IntN(1000000))
			}
			return fmt.Sprintf("%s%s%05d", pick("ANC", "FAI", "JNU", "BOI", "GEG", "PDX", "MSO"), pick("QX", "OO", "YX", "ZW", "9E"), r.IntN(100000))
		}
		return fmt.Sprintf("%07x", r.Uint32()&0xfffffff|0x1000000) // commit
	},
	distractorTpl: []template{
		{"we looked hard at {X} for {P} and passed. the demo was slick but nobody could tell me what it costs at our volume.", SpeakerUser},
		{"If we ever moved {P} to {X} the adapter would need a rewrite, but nobody has asked for that and I'm not planning it.", SpeakerAssistant},
		{"[11:02] jo.b: fyi the Anchorage station team went with {X} for {P} on their side\n" +
			"[11:03] sam.k: that's them though, doesn't change anything for us", SpeakerTool},
		{"do we know yet whether {X} can even handle {P}?" + TurnSep +
			"Not yet. I've emailed their sales engineer and haven't heard back, so nothing is decided and the current setup stays as it is.", SpeakerTwoTurns},
		{"Example only: the config below shows {X} as the provider for {P}.\nIt is a sample for the docs, not what production runs.", SpeakerCode},
		{"{X} came second for {P}. Its fans argued that {R}, but the pilot numbers didn't back that up, so it's off the table.", SpeakerAssistant},
		{"good news, I already {T} last night, so you can scratch that off.", SpeakerUser},
		{"For the record, I {T} earlier in this session and checked it in staging; nothing left to do there.", SpeakerAssistant},
		{"Completed since last meeting:\n- {T}\nNo other updates from the floor.", SpeakerTool},
	},
	rejected: []string{"Qventus", "Tekmetric", "Shopmonkey", "Peek Pro", "Labguru", "eLabInventory", "Skedda",
		"Amadeus Altea DCS", "Brock BagIQ", "Elpro ECOLOG"},
	done: []string{"re-imported the 3 West bed census from the backup",
		"retired the legacy porter pager gateway",
		"moved the laser cutter bookings to 45-minute slots",
		"patched the loaner agreement PDF to show the fuel level",
		"closed out the Skagway excursion manifests",
		"relabelled the boxes in freezer F-07",
		"re-sent the stuck BSMs for flight 4127"},
}
