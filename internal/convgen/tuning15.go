package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning15 returns n facts of each kind from the fifteenth tuning set. Its
// domains are a museum's ticketing and timed entry, a dairy cooperative's
// milk collection routes, a hospital's sterile instrument tracking, a
// ride-share scooter fleet's battery swaps, a translation agency's job queue
// and a county elections office's poll-worker scheduling. Decisions are
// stated outright, approved after a demo, reported as signed orders, minuted
// in meetings, filed as approved change requests, recorded in code comments
// or given as the answer to a question; pending tasks are implied by
// promises, deadlines, tracker rows, chat threads, reminders, TODO/FIXME
// comments and "is anyone doing this" questions. Paths take Unix, Windows,
// UNC, home-directory, bucket, SFTP and repository forms; identifiers are
// order numbers, slot codes, manifests, producer numbers, tray barcodes,
// sterilizer loads, battery serials, vehicle codes, job and PO numbers,
// poll-worker IDs, tracker keys and firmware builds. Distractors are runner-up
// and trialled-then-dropped options, hypotheticals, another organization's
// choice, an open question, a sample value in fixtures, and finished tasks.
// It was written without reading the summarizer, as a tuning set.
func Tuning15(seed uint64, n int) []Fact { return tuning15.facts(seed, n) }

var tuning15 = factSet{
	decisionTpl: []template{
		{"ok, after yesterday's demo I'm calling it: {X} for {P}. biggest thing for me is that {R}. can you stub out a client so we can start wiring it up? no rush on tests yet", SpeakerUser},
		{"Going ahead with {X} for {P}, per your sign-off this morning; the short version of the rationale was that {R}. I'll keep the old adapter behind a flag until cutover.", SpeakerAssistant},
		{"Ops sync, Tuesday\nPresent: Renata, Joel, Priya (remote), Marcus\n1. {P}: shortlist closed, {X} selected. Why: {R}.\n2. Badge printer on level 2 jamming again, facilities aware\n3. Next sync moves to Thursday because of the holiday", SpeakerTool},
		{"From: Dana Whitfield <dwhitfield@ops.example>\nSubject: Re: {P}\n\nSigned the order form for {X} this afternoon. Procurement pushed back at first, but {R}, and that settled it. Invoices go to AP as usual.\n\nDana", SpeakerTool},
		{"Backend for {P}: {X}.\nChosen because {R}.\nTalk to ops before swapping it for anything else.", SpeakerCode},
		{"are we actually signing with {X} for {P}, or is that still stuck with legal?" + TurnSep + "Signed. Legal cleared it on Friday, and the point that carried it was that {R}. I'll start on the integration today.", SpeakerTwoTurns},
		{"Priya's fine with it, I'm fine with it, so {X} owns {P} from now on. The clincher: {R}. Unrelated, the coffee machine on 3 is broken again.", SpeakerUser},
		{"I've pointed the config for {P} at {X} and removed the trial credentials for the other vendors. That lines up with what you said earlier, that {R}.", SpeakerAssistant},
		{"CHANGE REQUEST (approved)\nSummary: move {P} to {X}\nJustification: {R}\nRollback: re-enable the previous integration from the admin panel\nApprover: operations director", SpeakerTool},
		{"can we stop relitigating this? it's {X}, end of story. {R}; that's the whole argument for {P}. write it in the ADR and move on", SpeakerUser},
		{"quick one for the board packet: what did we land on for {P}?" + TurnSep + "{X}. The deciding factor was that {R}; I can send over the comparison sheet if the board wants more detail.", SpeakerTwoTurns},
		{"NOTE: {X} won the evaluation for {P}\n(on record: {R}).\nThis adapter is the only place that talks to it directly.", SpeakerCode},
	},
	choices: []string{"Tessitura", "Ticketure", "Vivenu", "Milk Moovement", "Censitrac", "Getinge T-DOC",
		"Timefold Solver", "Plunet", "XTRF", "memoQ", "Phrase TMS", "WorkElections", "EasyVote",
		"Brother RJ-4250WB", "Gogoro GoStation"},
	purposes: []string{"timed-entry slot inventory", "member pre-sale holds", "bulk-tank pickup routing",
		"milk-grading lab results", "instrument tray tracking", "decontam-to-prep handoff scans",
		"battery swap dispatch", "low-charge scooter alerts", "the translator job board",
		"translation memory storage", "poll-worker shift assignments", "the election-day call-out list",
		"tanker cab receipts", "tray label printing", "swap-station reservations"},
	reasons: []string{"the county IT office already runs its servers", "it keeps scanning when the tanker cab loses signal",
		"the sterilizer cycle logs import into it without retyping", "it can price entry slots in fifteen-minute increments",
		"it runs on the swap crews' cheap Android handsets", "it handles right-to-left files without mangling the markup",
		"the surveyor wants every tray traced back to its sterilizer load", "their contract caps the per-ticket fee at forty cents",
		"the co-op board refused to pay another per-truck license fee", "county payroll can import its stipend export",
		"most of our freelance linguists already know its editor", "it reads the RFID tags on the farm tanks natively",
		"the vendor will host it inside the state election network", "the pilot cut missed pickups by a third",
		"it was the only bid that passed the accessibility audit"},
	taskTpl: []template{
		{"Before I forget, someone has to {X} by Thursday, and realistically that's going to be us.", SpeakerUser},
		{"Not finished yet: I still need to {X}. I'll pick that up once this test run is through.", SpeakerAssistant},
		{"id   | pri | owner  | status | item\n412  | P2  | jmarsh | OPEN   | {X}\n398  | P3  | jmarsh | DONE   | archive last season's pricing sheet\n405  | P3  | tli    | DONE   | fix typo in the footer", SpeakerTool},
		{"TODO(dmitri): {X}.\nBlocked on the vendor sandbox; the handler below\nassumes it's done and will 409 until then.", SpeakerCode},
		{"did anybody {X} yet?" + TurnSep + "No, nobody has as far as I can tell. I'll put it at the top of tomorrow morning's list.", SpeakerTwoTurns},
		{"my manager keeps asking whether we'll {X} before the audit. can we? even a rough pass would do", SpeakerUser},
		{"Heads up: the cutover script assumes we {X} first, and that hasn't happened. Flagging it now so it doesn't slip past the weekend.", SpeakerAssistant},
		{"Hi all,\n\nReminder that we promised the client we would {X} before end of day Friday. Please reply-all once it's handled so I can tell them.\n\nThanks,\nMarguerite", SpeakerTool},
		{"I told Sam we'd {X} this week and I'd rather not go back on that, so please keep it in mind while you're in there.", SpeakerUser},
		{"[09:14] kofi: can someone {X}? I'm on site all day\n[09:15] lena: not me, training session until 2\n[09:21] kofi: ok leaving it open then", SpeakerTool},
		{"FIXME: we need to {X}. Until then the sync job\nskips those rows and logs a warning per row.", SpeakerCode},
		{"Three things are still open on my side. The big one is that we have to {X}; the other two are cosmetic and can wait.", SpeakerAssistant},
		{"what's left before we can close out the sprint?" + TurnSep + "Mainly one thing: someone has to {X}. Everything else is merged and deployed to staging.", SpeakerTwoTurns},
	},
	tasks: []string{"reprint the tray labels for the ortho trauma sets",
		"release the Saturday 10:30 timed-entry block back to general sale",
		"reassign the Route 14 pickups while the Ostrander farm tank is quarantined",
		"recalibrate the flow meter on tanker 22",
		"pull the scooters with swollen battery packs out of the Eastside depot",
		"send the Portuguese proofreading job back to the second reviewer",
		"move the rush Japanese patent job to an in-house linguist",
		"confirm backup chief judges for precincts 12 through 19",
		"email the training reminder to the Saturday poll-worker cohort",
		"return the loaner instrument trays to the vendor rep",
		"recall the sets from sterilizer load 4 after the failed biological indicator",
		"refund the school group that got double-booked for the Egypt gallery",
		"upload the Hollis farm pickup weights to the grading lab",
		"reset the swap-van route after the Pier 9 charging cabinet went offline"},
	pathTpl: []template{
		{"the file it's choking on is {X}, open that one and not the older copy someone emailed around", SpeakerUser},
		{"I put the updated version at {X}; the previous one is still next to it with a .bak suffix.", SpeakerAssistant},
		{"Where things live (as of this week)\n- source of truth: {X}\n- credentials: ask facilities, they are not in the repo\n- vendor contact: see the shared calendar invite", SpeakerTool},
		{"Reads from {X}.\nIf that location ever moves, update the env var in the deploy too.", SpeakerCode},
		{"where was that file you mentioned earlier? I lost it in the scrollback" + TurnSep + "It's {X}. Worth bookmarking, it comes up a lot.", SpeakerTwoTurns},
		{"fyi {X} gets regenerated around 2am by the nightly sync, so don't schedule anything that reads it before then", SpeakerUser},
		{"Found it. The one the import job actually reads is {X}, not the location the README mentions.", SpeakerAssistant},
		{"Steps to reproduce:\n1. Open {X}\n2. Sort by last modified\n3. Note the duplicated rows near the bottom\nExpected: one row per item\nActual: two or three", SpeakerTool},
		{"please don't touch {X}, someone on the ops side edits it by hand and gets grumpy when it changes", SpeakerUser},
	},
	paths: []string{"/srv/timed-entry/slots/2026-spring.csv", `C:\SPD\CensiExports\trays_nightly.xlsx`,
		"routes/milk/route_14_ostrander.geojson", "~/Downloads/pollworker_roster_FINAL(2).xlsx",
		"s3://scooter-fleet-telemetry/swaps/dt=2026-03-02/", `\\fs01\Translation\Jobs\2026\J-4471\source`,
		"/mnt/nas/elections/precinct_maps/pct-12.pdf", "config/ticketing/timed_entry.yaml",
		"cmd/swapdispatch/main.go", "sftp://lab.milkcoop.example/incoming/grading/",
		"apps/linguist-portal/src/pages/JobQueue.vue", "/var/log/sterile-track/scanner-gateway.log",
		"db/migrations/2026_03_11_add_poll_worker_oath_date.sql", "/Users/hnakamura/Desktop/exhibit_capacity_notes.txt"},
	idTpl: []template{
		{"the one people keep emailing about is {X}, can you pull everything we have on it?", SpeakerUser},
		{"The failing record is {X}: it has a null timestamp, which is why the batch stops there.", SpeakerAssistant},
		{"2026-03-11T06:42:19Z WARN reconcile: mismatch for {X} (expected 1, got 2)\n2026-03-11T06:42:19Z INFO reconcile: continuing with next record\n2026-03-11T06:42:20Z INFO reconcile: 311 ok, 1 mismatched", SpeakerTool},
		{"Regression test for {X}: this record came through twice\nafter the retry and got double-counted.", SpeakerCode},
		{"which one was it that broke the import?" + TurnSep + "{X}. I've pinned it in the test fixtures so it can't sneak back in.", SpeakerTwoTurns},
		{"put {X} in the commit message so QA can find it later", SpeakerUser},
		{"Subject: escalation\n\nPlease quote {X} in any reply so it threads with the vendor's case.\n\nThanks, support desk", SpeakerTool},
		{"I traced it back to {X}; everything before that one reconciles cleanly.", SpeakerAssistant},
		{"Linked: {X}\nStatus: Waiting for customer\nLast update: vendor asked for gateway logs from the morning shift", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		pick := func(l []string) string { return l[r.IntN(len(l))] }
		switch r.IntN(14) {
		case 0: // museum online order
			return fmt.Sprintf("TKT-%d-%07d", 25+r.IntN(2), r.IntN(10000000))
		case 1: // timed-entry slot code
			return fmt.Sprintf("TE%02d%02d-%02d%02d", 1+r.IntN(12), 1+r.IntN(28), 9+r.IntN(8), 15*r.IntN(4))
		case 2: // tanker manifest
			return fmt.Sprintf("MAN-2026%02d%02d-R%02d", 1+r.IntN(12), 1+r.IntN(28), 1+r.IntN(40))
		case 3: // cooperative producer number
			return fmt.Sprintf("DFC-P%05d", 10000+r.IntN(90000))
		case 4: // instrument tray barcode
			return fmt.Sprintf("TRAY-%s-%05d", pick([]string{"ORT", "CV", "GEN", "NEU", "ENT", "OB"}), r.IntN(100000))
		case 5: // sterilizer load
			return fmt.Sprintf("STZ%d-26%02d%02d-%02d", 1+r.IntN(6), 1+r.IntN(12), 1+r.IntN(28), 1+r.IntN(12))
		case 6: // battery serial
			return fmt.Sprintf("BAT-%dW%02d-%06d", 23+r.IntN(4), 1+r.IntN(52), r.IntN(1000000))
		case 7: // scooter vehicle code
			return fmt.Sprintf("SC-%c%d%c%c%d", 'A'+rune(r.IntN(26)), r.IntN(10), 'A'+rune(r.IntN(26)), 'A'+rune(r.IntN(26)), r.IntN(10))
		case 8: // translation job number
			return fmt.Sprintf("J-%d-%05d", 2025+r.IntN(2), r.IntN(100000))
		case 9: // translation purchase order
			return fmt.Sprintf("PO-XL-%05d/%s", r.IntN(100000), pick([]string{"DE", "JA", "PT", "AR", "FI", "KO"}))
		case 10: // poll-worker ID
			return fmt.Sprintf("PW-%06d", 100000+r.IntN(900000))
		case 11: // tracker keys
			return fmt.Sprintf("%s-%d", pick([]string{"SPDTRK", "MILKRT", "SWAPOPS", "XLQ", "POLLSCH", "TIXOPS"}), 100+r.IntN(4900))
		case 12: // scooter IMEI
			return fmt.Sprintf("86%06d%07d", r.IntN(1000000), r.IntN(10000000))
		}
		// scooter firmware build
		return fmt.Sprintf("fw-3.%d.%d+g%07x", r.IntN(20), r.IntN(10), r.Uint32()&0xfffffff)
	},
	distractorTpl: []template{
		{"{X} was the runner-up for {P}. It lost mostly on price, so don't bother reading their API docs.", SpeakerUser},
		{"If we'd gone with {X} for {P} we'd be maintaining a second sync job right now. I'm not suggesting a switch, just explaining why the code is shaped this way.", SpeakerAssistant},
		{"Forwarded from the user-group mailing list:\n> We moved {P} onto {X} last quarter and it's been fine.\nDifferent organization, different setup. Filing for reference only.", SpeakerTool},
		{"would {X} have been any better for {P}, in theory?" + TurnSep + "Honestly nobody here has run it, so I can't say. I'd leave that as an open question; it isn't blocking anything.", SpeakerTwoTurns},
		{"Fixture data: {X} below is only a sample vendor name\nfor the parser tests. Nothing in production talks to it.", SpeakerCode},
		{"we trialed {X} for {P} last spring and dropped it, even though {R}. not going back there", SpeakerUser},
		{"Checked the tracker: \"{T}\" is closed and verified, so I've left it out of the remaining work.", SpeakerAssistant},
		{"DONE | owner: aokafor | {T}\nclosed Monday, verified by the shift lead\nno follow-up needed", SpeakerTool},
		{"is \"{T}\" still on anyone's plate?" + TurnSep + "No, that one's finished. It was wrapped up yesterday and the lead signed off on it.", SpeakerTwoTurns},
	},
	rejected: []string{"Vendini", "Wordbee", "Protemos", "Wunder Fleet", "KNOWiNK", "Vernitrak", "MilkLink Route Pro",
		"Smartcat", "Tixly", "Steriscan Lite"},
	done: []string{"rotate the admission kiosk admin PINs", "re-weigh the Route 9 tanker after the scale fault",
		"re-sterilize the cardiac tray returned with a torn wrap", "retire the scooters from the 2022 battery batch",
		"deliver the Finnish court filing to the client", "mail the precinct 7 inspectors their supply checklists",
		"re-import the member roster into the ticketing system"},
}
