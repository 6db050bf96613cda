package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning11 returns n facts of each kind from the eleventh tuning set. Its
// domains are a regional blood bank's donor scheduling, a fashion
// retailer's returns warehouse, a city's public Wi-Fi network, a wedding
// venue's bookings, a seed bank's germplasm records and an online
// grocery's substitutions. The phrasings are those of long working
// sessions: decisions made in passing, by approval or by a vote recorded
// in minutes, emails and resolved tickets; pending tasks carried by
// promises, deadlines, blockers, checklists, chat exports and FIXMEs;
// paths and identifiers dropped into asides, log lines, escalation forms
// and complaints. Its distractors are options that were trialled and
// dropped or lost a vote, hypotheticals, another organisation's setup,
// open questions, example code and tasks already finished. The set was
// written without reading the summarizer and is a tuning set.
func Tuning11(seed uint64, n int) []Fact { return tuning11.facts(seed, n) }

var tuning11 = factSet{
	decisionTpl: []template{
		{"ok, after the call with procurement it's {X} for {P}, mostly because {R}. can you stub out a client for it when you get a minute?", SpeakerUser},
		{"I wired {P} to {X} rather than building our own; {R}, and that tipped it in the thread you forwarded.", SpeakerAssistant},
		{"Ops sync, minutes\nAttendees: Rosa, Dev, Mireille, Tobi\n- {P}: going with {X} (vote 4-1). Why: {R}.\n- Next sync moves to Thursday because of the bank holiday.", SpeakerTool},
		{"Backend for {P}: {X}.\nWe picked it over rolling our own because {R}.\nTalk to ops before swapping it out.", SpeakerCode},
		{"so what did we land on for {P}? I dropped off before the end of the thread" + TurnSep + "We landed on {X}. The argument that won was that {R}.", SpeakerTwoTurns},
		{"Approved. Move {P} onto {X}: {R}, and I don't want to reopen this next quarter.", SpeakerUser},
		{"From: Priyanka Osei\nTo: platform-team\nSubject: Re: {P}\n\nHi all, signing off on {X}. Finance is fine with the quote and {R}.\n\nThanks,\nPriyanka", SpeakerTool},
		{"Since {X} is now the pick for {P}, I've deleted the adapters for the other two candidates and noted in the ADR that {R}.", SpeakerAssistant},
		{"yeah fine, {X} for {P}. honestly the only argument I care about is that {R}", SpeakerUser},
		{"NOTE(ops): {X} handles {P} as of this sprint (chosen because {R}).", SpeakerCode},
		{"Status: Resolved\nSummary: pick a tool for {P}\nResolution: {X} selected. Justification from the review: {R}.\nClosed by: j.amadi", SpeakerTool},
		{"is there any reason not to go with {X} for {P}? I'd like to tell them today" + TurnSep + "None that I can find. Go with {X}; {R}, and the trial config is already sitting in staging.", SpeakerTwoTurns},
	},
	choices: []string{"NexLynk DMS", "DonorDock", "ReturnLogic", "Optoro", "Ruckus SmartZone", "Aruba ClearPass",
		"Tripleseat", "HoneyBook", "GRIN-Global", "BrAPI v2", "Genesys PGR", "LightFM", "Open Food Facts", "GS1 GDSN"},
	purposes: []string{"donor appointment reminders", "mobile blood drive scheduling", "platelet slot booking", "returns grading",
		"refund-on-scan approvals", "captive portal logins", "hotspot usage reporting", "tasting-night bookings",
		"deposit invoicing", "accession passport data", "germination test records", "out-of-stock swap suggestions",
		"substitution approval prompts", "allergen checks on swaps"},
	reasons: []string{"it enforces the 56-day whole-blood deferral", "it keeps queuing bookings when the donor bus loses signal",
		"it reads the RMA label without a second scan", "the 3PL already sends its grading codes in that format",
		"the city's security office cleared it last spring", "it can cap bandwidth per SSID",
		"couples can sign and pay the deposit from their phones", "it releases unpaid date holds after 72 hours",
		"it maps one-to-one onto the FAO passport descriptors", "we need that export for the Svalbard duplicates",
		"shoppers accepted its swaps more often in the pilot stores", "it flags allergens before a swap reaches the picker",
		"the licence is priced per site instead of per seat", "Denise can maintain it without a vendor contract",
		"it passed the council's accessibility audit"},
	taskTpl: []template{
		{"before Friday somebody has to {X}, and I'm fairly sure that somebody is us.", SpeakerUser},
		{"Still open on my side: I need to {X} once the staging credentials come through.", SpeakerAssistant},
		{"[x] update the venue floor plans\n[ ] {X} (waiting on vendor reply)\n[x] export last month's figures", SpeakerTool},
		{"TODO(dana): {X}; the cutover can't ship until that's done.", SpeakerCode},
		{"did anyone {X} yet?" + TurnSep + "Not yet, that one is still on us. I'll pick it up right after this test run.", SpeakerTwoTurns},
		{"reminder from Leticia: we promised the regional director we'd {X} by the end of the month", SpeakerUser},
		{"Blocked for now: I can't {X} until Jonas sends over the access I asked for, so it stays at the top of the list.", SpeakerAssistant},
		{"From: Harriet Mbeki (Compliance)\nSubject: quick ask\n\nCould your team {X}? Our audit is on the 14th and we'd like it sorted before then.\n\nHarriet", SpeakerTool},
		{"can you {X}? no rush today but it has to happen before we go live", SpeakerUser},
		{"FIXME: we still have to {X}.\nUntil then this path serves the cached copy.", SpeakerCode},
		{"Plan for tomorrow morning, in order:\n1. {X}\n2. re-run the nightly import and compare the counts", SpeakerAssistant},
		{"[09:14] tomasz: who's going to {X}?\n[09:15] aisha: me, after standup\n[09:15] tomasz: thanks", SpeakerTool},
		{"anything left before we can close the sprint?" + TurnSep + "One thing: we have to {X}. Everything else is merged.", SpeakerTwoTurns},
	},
	tasks: []string{"re-send the Saturday drive reminders to O-negative donors", "merge the duplicate donor records from the Eastgate clinic",
		"reopen the platelet slots at the Riverside donor centre", "reconcile the refund holds against the carrier scans",
		"relabel the damaged-returns bins on the mezzanine", "push the new splash page to the library hotspots",
		"renew the RADIUS shared secret for the transit-hub access points", "send the revised deposit schedule to the June couples",
		"block the garden terrace for the October maintenance week", "upload the 2025 germination results for the sorghum accessions",
		"fix the duplicate accession numbers in the barley collection", "ship the safety-duplicate list to the backup vault",
		"retrain the substitution ranker on last quarter's rejected swaps", "stop suggesting dairy swaps on lactose-free orders",
		"email the store leads about the new swap approval limits"},
	pathTpl: []template{
		{"the file you want is {X}, the other copy is stale", SpeakerUser},
		{"Found it: the mapping lives in {X}, and nothing else imports it.", SpeakerAssistant},
		{"README (excerpt)\n\nThe nightly export is written to {X} and picked up at 02:00 by the sync job.", SpeakerTool},
		{"Reads its settings from {X}.\nIf you move that, update the systemd unit as well.", SpeakerCode},
		{"where does that config actually live? I keep losing it" + TurnSep + "{X}. I'd make changes there rather than in the admin UI.", SpeakerTwoTurns},
		{"fyi what Ingrid sent is saved as {X}, have a look when you get a chance", SpeakerUser},
		{"I've made the change in {X} and left the old behaviour behind a flag until the importer catches up.", SpeakerAssistant},
		{"2026-03-02 04:10:11 ERROR sync: cannot read {X}: permission denied\n2026-03-02 04:10:11 WARN sync: retrying in 60s", SpeakerTool},
		{"Writes to {X}; keep that out of git.", SpeakerCode},
	},
	paths: []string{"/srv/donorsched/config/drives.yaml", "bloodbank/scheduler/internal/deferral/rules.go",
		`C:\ReturnsWMS\exports\grading_codes.csv`, "returns-wh/src/grading/GradeScreen.vue",
		"/etc/freeradius/3.0/mods-enabled/citywifi_sql", "infra/wifi/ansible/roles/captive_portal/templates/splash.html.j2",
		"~/venue/bookings/2026_holds.xlsx", `\\fileserv01\Events\Contracts\deposit_terms.docx`,
		"s3://seedbank-germplasm-raw/passport/mcpd_2026-02.tsv", "germplasm/etl/grin_sync.py",
		"/var/lib/seedvault/backups/accessions.dump", "services/substitutions/ranker/model_config.toml",
		"./data/subs/rejected_swaps_q1.jsonl", ".github/workflows/donor-reminders.yml"},
	idTpl: []template{
		{"can you check what's going on with {X}? it came up three times in this morning's exceptions report", SpeakerUser},
		{"The row that breaks the import is the one for {X}; every other row parses.", SpeakerAssistant},
		{"Subject: Re: escalation\n\nHi, following up on {X}. We still haven't heard back and the customer is asking daily.\n\nRegards,\nMarguerite Lindqvist\nCustomer Care", SpeakerTool},
		{"Regression test for {X}: this input used to crash the parser.", SpeakerCode},
		{"what was the exact reference in that complaint? I need it for the write-up" + TurnSep + "{X}. I've pinned it at the top of the notes.", SpeakerTwoTurns},
		{"WARN reconcile: skipped {X} (checksum mismatch)\nINFO reconcile: 4212 ok, 1 skipped", SpeakerTool},
		{"ugh, {X} again. third time this week it's turned up in the alerts", SpeakerUser},
		{"I traced the failure back to {X} and wrote up the timeline in the ticket.", SpeakerAssistant},
		{"Escalation form\nAffected record: {X}\nReported by: night shift lead\nImpact: blocks the morning run", SpeakerTool},
		{"Hard-coded for now: {X} is the only one the vendor allow-listed in staging.", SpeakerCode},
	},
	ids: func(r *rand.Rand) string {
		upper := func(k int) string {
			const cs = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
			b := make([]byte, k)
			for i := range b {
				b[i] = cs[r.IntN(len(cs))]
			}
			return string(b)
		}
		switch r.IntN(12) {
		case 0: // ISBT 128 donation identification number
			return fmt.Sprintf("W%04d %02d %06d", r.IntN(10000), 24+r.IntN(3), r.IntN(1000000))
		case 1: // donor appointment confirmation
			return fmt.Sprintf("APT-%s%04d", upper(2), r.IntN(10000))
		case 2: // return merchandise authorisation
			return fmt.Sprintf("RMA-%08d", r.IntN(100000000))
		case 3: // style, colour and size
			colours := []string{"NVY", "BLK", "OLV", "IVR", "RST"}
			sizes := []string{"XS", "S", "M", "L", "XL"}
			return fmt.Sprintf("SKU %05d-%s-%s", 10000+r.IntN(90000), colours[r.IntN(len(colours))], sizes[r.IntN(len(sizes))])
		case 4: // access point MAC address
			return fmt.Sprintf("d8:38:fc:%02x:%02x:%02x", r.IntN(256), r.IntN(256), r.IntN(256))
		case 5: // access point serial
			return "CN" + upper(8)
		case 6: // wedding booking reference
			return fmt.Sprintf("WED-%d-%02d%02d-%03d", 2026+r.IntN(2), 1+r.IntN(12), 1+r.IntN(28), r.IntN(1000))
		case 7: // plant introduction accession
			return fmt.Sprintf("PI %06d", 100000+r.IntN(600000))
		case 8: // seed lot
			return fmt.Sprintf("LOT-%02d-%04d-%c", 20+r.IntN(7), r.IntN(10000), 'A'+rune(r.IntN(6)))
		case 9: // grocery order number
			return fmt.Sprintf("GR-%d-%04d", 100000+r.IntN(900000), r.IntN(10000))
		case 10: // Wi-Fi network incident
			return fmt.Sprintf("CWIFI-INC-%05d", r.IntN(100000))
		}
		// substitution complaint case
		return fmt.Sprintf("SUBCASE-%d", 70000+r.IntN(30000))
	},
	distractorTpl: []template{
		{"we trialled {X} for {P} and dropped it, even though {R}. the per-site fee on the quote was double the pricing page", SpeakerUser},
		{"If we ever outgrow the current setup, {X} would be the obvious thing to try for {P}, but nobody has asked for that.", SpeakerAssistant},
		{"Benchmark notes (not ours)\nThe county parks department runs {X} for {P}. Filed here for reference only.", SpeakerTool},
		{"should we be using {X} for {P}?" + TurnSep + "Open question. I don't know yet, and I'd rather not guess before we've seen their data export.", SpeakerTwoTurns},
		{"Example only: {X} appears here to illustrate the adapter interface.\nNot used in production.", SpeakerCode},
		{"no need to {T} anymore, Kwame did it yesterday", SpeakerUser},
		{"Changelog\n- [x] {T} (verified by Ana, 3 March)\n- [x] tidy up the staging seed data", SpeakerTool},
		{"do we still need to {T}?" + TurnSep + "No, that's done; it went out with Tuesday's release.", SpeakerTwoTurns},
		{"{X} lost the vote for {P}: three people liked it, the budget didn't.", SpeakerUser},
		{"Crossed off the list: {T}. I checked the result this morning and it holds.", SpeakerAssistant},
	},
	rejected: []string{"HemaTrack Pro", "Narvar", "ReturnGO", "Omada SDN", "Aisle Planner", "Perfect Venue",
		"Germinate 4", "Spoonacular API", "Spark MLlib ALS"},
	done: []string{"archive the 2024 drive calendars", "rotate the captive-portal TLS certificate",
		"import the Eastgate return reasons into the WMS", "move the tasting dinners to the new calendar",
		"re-key the seed vault inventory scanners", "turn off substitution emails for weekend orders",
		"refresh the PSKs on the harbour kiosks"},
}
