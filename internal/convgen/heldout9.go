package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut15 returns n facts of each kind from the fifteenth held-out set:
// new domains (a veterinary clinic's practice management, a ski resort's
// lift access and snowmaking, a craft brewery's production tracking, a
// public library consortium's ILS, precision agriculture on a row-crop
// farm, a hotel's property management and channel manager), with
// phrasings of their own (a decision relayed from a vendor demo, the
// assistant reporting a change it made and why, a "remind me why" answered
// across two turns, meeting minutes, a code comment defending the choice,
// a note written down "so it doesn't get lost", an owner's approval buried
// in a rambling message, the assistant switching over after a trial;
// tasks as an unfinished go-live item, "add this to your list", a kanban
// export, a FIXME, what the assistant has left, an audit item answered
// across two turns, a manager asking whether it's done yet, a reminder
// email, a parked-but-not-optional item, a follow-up waiting on
// credentials), POSIX, Windows, UNC, home-relative, dot- and
// parent-relative, S3, URL-with-port-and-query and glob paths in a
// complaint, an answer, a crontab, a code comment and a hunch,
// ticket keys, ISO pet microchip numbers, brew batch lots, library item
// barcodes, ISBN-13s, Booking.com reservation numbers, Sentry short ids,
// Kubernetes pod names, semver tags with build metadata, season pass
// serials, dotted feature flags and timestamped migration names, and
// distractors (an option that lost a benchmark, a sister property's
// choice, a what-if, a question still waiting on a vendor, a sample from
// an integration guide, finished work). It is blind: it was written
// without reading the summarizer's code (summarize/), only convgen and the
// two most recent sets, and is to be scored once, at the end, totals only.
func HeldOut15(seed uint64, n int) []Fact { return heldOut15.facts(seed, n) }

// heldOut15: see HeldOut15.
var heldOut15 = factSet{
	decisionTpl: []template{
		{"fyi after the vendor demo we're going with {X} for {P}. main reason: {R}. can you stub out the client so we can start on it tomorrow?", SpeakerUser},
		{"Done - {P} now runs on {X}. I went that way rather than extending our own code because {R}; the adapter is small if we ever need to swap it out.", SpeakerAssistant},
		{"Remind me, why did we end up on {X}? Someone asked me in the hallway and I blanked. || That was for {P}: {R}. It was settled at the kickoff and nothing has changed since.", SpeakerTwoTurns},
		{"Ops sync - minutes\nAttendees: Joan, Ravi, Meg\n1. Peak-season staffing: deferred to next week\n2. {P}: agreed to adopt {X}. Rationale: {R}.\n3. AOB: none", SpeakerTool},
		{"Why {X} for {P} and not a hand-rolled client: {R}.\nIf you replace it, update the runbook in the same PR.", SpeakerCode},
		{"Writing this down so it doesn't get lost in the thread: for {P} the answer is {X}, because {R}.", SpeakerUser},
		{"So the owner finally called back. She's fine with the budget as long as we hold the schedule, which, ok, we'll see. The part that matters for you: she approved {X} for {P}, since {R}. Can you update the estimate doc when you get a sec?", SpeakerUser},
		{"Based on the trial numbers you sent over, I'm moving {P} to {X}: {R}. The old integration stays in place behind a flag until the end of the month.", SpeakerAssistant},
	},
	choices: []string{"ezyVet", "VetConnect PLUS", "Skidata", "TechnoAlpin", "Ekos", "KegID", "Koha", "Tipasa",
		"CropX", "Climate FieldView", "Mews", "SiteMinder"},
	purposes: []string{"the appointment book", "lab result import", "lift gate scanning", "snowmaking automation",
		"batch and tank tracking", "keg tracking", "the circulation desk", "interlibrary loan requests",
		"soil moisture telemetry", "variable-rate seeding prescriptions", "the front desk", "rate distribution"},
	reasons: []string{"it syncs vaccine due dates straight into the reminder texts",
		"lab results land on the patient chart without anyone retyping them",
		"the gates read both the old plastic cards and the new phone passes",
		"it shuts the guns down on its own when the wet-bulb temperature climbs",
		"the brewers can log gravity readings on a tablet right from the cellar",
		"it follows every keg by barcode through the distributors and back",
		"the consortium libraries already share one patron database on it",
		"borrowing requests reach partner libraries without staff emailing anyone",
		"its probes report moisture at three depths every fifteen minutes",
		"the planter monitors load its prescription files without conversion",
		"it pushes rate changes to every booking channel within a minute",
		"guests can check in at a kiosk and skip the queue in the lobby"},
	taskTpl: []template{
		{"Go-live checklist is mostly ticked off, but we haven't managed to {X} yet.", SpeakerUser},
		{"Can you add this to your list: {X}. No rush, but it has to happen before the season starts.", SpeakerUser},
		{"Board: Ops (exported)\nDONE  | update the label printer drivers\nDOING | (nothing)\nTO DO | {X}\nTO DO | review the vendor contract renewal", SpeakerTool},
		{"FIXME: {X}. The numbers below are placeholders until then.", SpeakerCode},
		{"I got as far as the parser and the tests for it. What's left is to {X}, which I'll pick up next.", SpeakerAssistant},
		{"What are we still waiting on for the audit? || Just one item: somebody needs to {X}. I can take it if you want.", SpeakerTwoTurns},
		{"my manager asked about this one again: {X}. we haven't done it, right? it needs to happen this week", SpeakerUser},
		{"From: joan.ops\nSubject: before Friday\n\nHi all, reminder that we still need to {X} before Friday's review. Reply here once it's done.\n\nThanks, Joan", SpeakerTool},
		{"Parking this for now, but it isn't optional: {X}.", SpeakerUser},
		{"The open question is answered, but one follow-up remains: I need to {X} once you send me the credentials.", SpeakerAssistant},
	},
	tasks: []string{"send the overdue vaccine reminders for the Maple Road clinic",
		"map the IDEXX test codes to our invoice items",
		"rebuild the lift ticket price table for the holiday blackout dates",
		"reconcile the snow gun water usage with the utility bill",
		"record the dry-hop additions for the hazy IPA batches",
		"chase the missing kegs from the Riverside distributor",
		"migrate the patron barcodes off the old card format",
		"purge circulation history older than two years",
		"re-run the yield map cleanup for the north quarter section",
		"split the irrigation zones on the east pivot",
		"fix the rate parity alert for the Booking.com channel",
		"move the group block cutoff to fourteen days before arrival"},
	pathTpl: []template{
		{"logs say it failed reading {X} - does that file even exist on the new box?", SpeakerUser},
		{"The export job writes to {X}; I didn't change anything on that side.", SpeakerAssistant},
		{"# crontab -l (ops)\n15 2 * * * /usr/local/bin/sync-run --source {X}\n0 6 * * 1 /usr/local/bin/weekly-report --email", SpeakerTool},
		{"Loads defaults from {X}; keep the keys in step with the admin screen.", SpeakerCode},
		{"where does the import actually read from? the wiki and the code disagree || From {X}. It has been that way since the first release; the wiki is out of date.", SpeakerTwoTurns},
		{"pretty sure the problem is in how we handle {X}, can you take a look", SpeakerUser},
	},
	paths: []string{"/var/lib/vetpms/reminders/rabies_templates.json", `C:\ProgramData\ClinicSync\labs\test_codes.csv`,
		"resort/lifts/gates/config/gate_map.yaml", `\\snowplant-01\exports\water_usage`,
		"~/brewery/recipes/hazy-ipa/dryhop_schedule.toml", "s3://taproom-ledger-backups/2027/05/kegs.parquet",
		"./ils/etc/circ-rules.yaml", "../library-sync/patrons/barcode_migration.py",
		"https://ils.citylibrary.internal:9443/api/v1/patrons?expand=holds", "farm/fields/north_40/prescriptions/*.shp",
		"hotel/pms/src/channel/parity_checker.ts", "/etc/pms-bridge/interfaces.d/channel_sync.conf"},
	idTpl: []template{
		{"{X} is stuck again - can you check what's going on with that one?", SpeakerUser},
		{"The mismatch only shows up for {X}; every other record in the sample reconciles.", SpeakerAssistant},
		{"Ops log, Tuesday\n06:02 overnight jobs finished\n06:40 flagged {X} for follow-up\n07:15 queue back to normal", SpeakerTool},
		{"Reproduces the bug reported against {X}.", SpeakerCode},
		{"Which one was it in the end? || {X}. The others in that batch were fine.", SpeakerTwoTurns},
		{"for the record it's {X}, not the one I pasted earlier", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
		switch r.IntN(12) {
		case 0:
			return fmt.Sprintf("%s-%d", []string{"VET", "LIFT", "BREW", "ILS", "FARM", "PMS"}[r.IntN(6)], 10+r.IntN(4990))
		case 1:
			return fmt.Sprintf("%d%012d", []int{985, 981, 900, 956}[r.IntN(4)], r.Int64N(1_000_000_000_000))
		case 2:
			return fmt.Sprintf("B27-%03d", 1+r.IntN(400))
		case 3:
			return fmt.Sprintf("3%04d%09d", 1000+r.IntN(9000), r.IntN(1_000_000_000))
		case 4:
			d := []int{9, 7, 8, r.IntN(2)}
			for len(d) < 12 {
				d = append(d, r.IntN(10))
			}
			sum := 0
			for i, v := range d {
				sum += v * (1 + 2*(i%2))
			}
			c := (10 - sum%10) % 10
			return fmt.Sprintf("978-%d-%d%d%d%d-%d%d%d%d-%d", d[3], d[4], d[5], d[6], d[7], d[8], d[9], d[10], d[11], c)
		case 5:
			return fmt.Sprintf("%d", 4_000_000_000+r.Int64N(1_000_000_000))
		case 6:
			b := make([]byte, 3)
			for i := range b {
				b[i] = upper[r.IntN(len(upper))]
			}
			return []string{"VETPMS-WEB-", "GATESYNC-", "BREWLOG-API-", "ILS-OPAC-", "FIELDLINK-", "PMS-KIOSK-"}[r.IntN(6)] + string(b)
		case 7:
			const lower = "bcdfghjklmnpqrstvwxz2456789"
			b := make([]byte, 15)
			for i := range b {
				b[i] = lower[r.IntN(len(lower))]
			}
			app := []string{"gate-sync", "reminder-worker", "tank-poller", "holds-indexer", "pivot-bridge", "rate-pusher"}[r.IntN(6)]
			return fmt.Sprintf("%s-%s-%s", app, b[:10], b[10:])
		case 8:
			return fmt.Sprintf("v%d.%d.%d+build.%d", 2+r.IntN(5), r.IntN(20), r.IntN(10), 100+r.IntN(900))
		case 9:
			return fmt.Sprintf("SP27-%06d", r.IntN(1_000_000))
		case 10:
			area := []string{"vetpms", "lifts", "brewlog", "ils", "fieldops", "pms"}[r.IntN(6)]
			feat := []string{"sms_reminders", "phone_passes", "gravity_alerts", "auto_renewals", "zone_irrigation",
				"kiosk_checkin"}[r.IntN(6)]
			return fmt.Sprintf("%s.%s.rollout%d", area, feat, 1+r.IntN(9))
		}
		name := []string{"add_pivot_zones", "add_keg_deposits", "split_patron_blocks", "add_vaccine_due_index",
			"add_blackout_rates", "add_group_cutoffs"}[r.IntN(6)]
		return fmt.Sprintf("2027%02d%02d%06d_%s", 1+r.IntN(12), 1+r.IntN(28), r.IntN(240000), name)
	},
	distractorTpl: []template{
		{"I benchmarked {X} for {P} as well, but it lost: no bulk import API and the sandbox kept timing out.", SpeakerAssistant},
		{"Our sister property runs {X}, apparently, but their setup is nothing like ours.", SpeakerUser},
		{"Suppose we'd picked {X} for {P} - would the migration have been any easier? Purely curious, not a proposal.", SpeakerUser},
		{"Does {X} even handle {P} out of the box? Still waiting on their sales rep to get back to me.", SpeakerUser},
		{"Example config from the integration guide (sample values only):\n  backend: {X}\n  timeout_s: 30\n  retries: 2", SpeakerTool},
		{"Cross this one off: Meg was able to {T} on Monday.", SpeakerUser},
		{"Completed earlier today: {T}. I checked it against the source records and the counts match.", SpeakerAssistant},
	},
	rejected: []string{"Cornerstone", "Axess", "Inntopia", "Beer30", "Polaris", "Granular", "Cloudbeds", "Protel"},
	done: []string{"reprint the rabies certificates for the Elm Street clinic",
		"re-tag the season pass holders who renewed in April", "dump the yeast from fermenter FV7",
		"weed the 2015 large-print titles from the catalog", "calibrate the flow meters on pivot 3",
		"merge the duplicate guest profiles from the spring import"},
}
