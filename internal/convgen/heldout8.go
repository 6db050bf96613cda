package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut14 returns n facts of each kind from the fourteenth held-out set:
// new domains (a wind farm's monitoring system, a genomics LIMS, a
// ride-hailing dispatch service, a tax-filing SaaS, a container port's
// terminal operating system, a public-transit timetable app), with
// phrasings of its own (a decision dropped mid-message on the way to
// something else, the assistant's comparison, a sign-off reported across
// two turns, an exported chat thread, a code comment, a "stays on X
// whatever else changes" constraint, a switch away from a homegrown
// service, the assistant applying the user's call; tasks stated
// indirectly: a ship blocker, "someone has to", "don't forget", "on the
// list for Monday", an unticked retro action for a named person, an
// unresolved review comment, a failing CI check, "circle back to", a "not
// wired up yet" code comment, a leftover step named in an answer and one
// the assistant skipped), POSIX, Windows, UNC, home-relative, dot- and
// parent-relative, S3, URL-with-port-and-query and glob paths in prose,
// backticks, a README, a complaint, a code comment and an answer, ticket
// keys, 9-digit commit SHAs, turbine ids, sequencer flowcell ids, trip ids,
// IRS e-file submission ids, IMO ship numbers, ISO 6346 container numbers,
// UUIDs, CalVer versions, feature flags and CronJob names, and distractors
// (an option passed over, another org's choice, a what-if, an unanswered
// question, a vendor quickstart example, finished work). It is blind: it
// was written without reading the summarizer's code (summarize/), only
// convgen and the earlier sets, and is to be scored once, at the end,
// totals only.
func HeldOut14(seed uint64, n int) []Fact { return heldOut14.facts(seed, n) }

// heldOut14: see HeldOut14.
var heldOut14 = factSet{
	decisionTpl: []template{
		{"ok so the call with the site manager ran long. short version: {X} for {P}, mostly because {R}. anyway, back to the flaky test - can you look at why it times out on CI only?", SpeakerUser},
		{"I compared both candidates for {P} against last month's data. {X} comes out ahead: {R}. I'll put it behind the existing interface so swapping later stays cheap.", SpeakerAssistant},
		{"Do we have an answer on {P} yet, or is it still open? || We do - Dana signed off on {X} yesterday afternoon. The deciding factor was that {R}.", SpeakerTwoTurns},
		{"#platform-decisions (export)\n[09:14] amir: proposal for {P}: {X}\n[09:20] dana: +1, {R}\n[09:21] amir: locking that in, thanks all", SpeakerTool},
		{"{P} goes through {X}, not the old client: {R}.\nOpen an RFC before changing this.", SpeakerCode},
		{"Whatever else we change this quarter, we keep {X} for {P}. The reason we picked it still holds: {R}.", SpeakerUser},
		{"We're retiring the homegrown service for {P} and switching to {X} - {R}. I'll tell the on-call rotation.", SpeakerUser},
		{"Per your message this morning I set {X} as the provider for {P} in the config, given that {R}. The old settings are commented out, not deleted.", SpeakerAssistant},
	},
	choices: []string{"Bazefield", "Greenbyte", "Benchling", "DRAGEN", "Valhalla", "Tile38", "Avalara", "Ocrolus",
		"Navis N4", "Tideworks", "OpenTripPlanner", "Swiftly"},
	purposes: []string{"turbine alarm aggregation", "power-curve analysis", "the sample registry",
		"the germline variant calling", "driver ETA routing", "airport pickup geofencing", "sales tax calculation",
		"W-2 document intake", "vessel stowage planning", "truck gate appointments", "journey planning",
		"real-time arrival predictions"},
	reasons: []string{"it pulls alarms from both the Vestas and the Siemens Gamesa controllers",
		"the asset managers already build availability reports in its dashboards",
		"the sequencing core can register whole plates through its API",
		"it finishes a 30x genome in under an hour on the on-prem cards",
		"its ETA queries come back in a few milliseconds",
		"it emits enter and exit events for the terminal pickup zones",
		"it keeps county and city rates current without anyone editing spreadsheets",
		"it reads scanned W-2s with the fewest manual corrections",
		"the stevedoring contractor's crane systems already speak its EDI dialect",
		"truckers can book and move gate slots from their phones",
		"it models timed transfers between the ferries and the buses",
		"its arrival predictions beat the printed schedule by two minutes on average"},
	taskTpl: []template{
		{"We can't ship the release until we {X}. Everything else on the board is green.", SpeakerUser},
		{"Someone has to {X} - it keeps falling between the two teams and nobody owns it.", SpeakerUser},
		{"don't forget to {X}, last time we skipped it the auditors noticed", SpeakerUser},
		{"On the list for Monday: {X}. Nobody has started it.", SpeakerUser},
		{"Retro action items\n- [x] Marco: update the on-call dashboard\n- [ ] Priya: {X}\n- [ ] everyone: fill in the survey by Friday", SpeakerTool},
		{"PR #482 - review comments (1 unresolved)\n> @lena: Before this merges we need to {X}. Fine for the draft, blocking for the merge.\n> @amir: ack, will do in a follow-up commit", SpeakerTool},
		{"CI is still red on the integration job. Getting it green means we have to {X}; I haven't done that part yet.", SpeakerAssistant},
		{"Let's circle back to this after lunch - we still need to {X}.", SpeakerUser},
		{"NOTE: not wired up yet. Need to {X} before the flag gets turned on in prod.", SpeakerCode},
		{"Anything left before the cutover? || One thing: we still need to {X}. I haven't touched it yet.", SpeakerTwoTurns},
		{"Heads up, I skipped one step for now: I still have to {X}. I'll come back to it once the unit tests pass.", SpeakerAssistant},
	},
	tasks: []string{"recalibrate the nacelle anemometers on turbine row C",
		"backfill the SCADA gap from the March storm outage",
		"dry-run the freezer inventory migration script against a copy of prod",
		"re-link the orphaned FASTQ files to their sample records",
		"cap surge multipliers inside the airport zone",
		"replay last Friday's dispatch log against the new matcher",
		"update the 1099-K reporting threshold for the new tax year",
		"validate the e-file XML against the IRS acceptance test scenarios",
		"reconcile the reefer plug counts with the yard map",
		"move the berth window overrides into the vessel schedule",
		"import the winter GTFS feed into staging",
		"fix the stop names that render wrong in the Welsh locale"},
	pathTpl: []template{
		{"the mapping is in {X} if you want to look at it", SpeakerUser},
		{"Found it: the hardcoded threshold lives in {X}, about two hundred lines down.", SpeakerAssistant},
		{"README.md (excerpt)\n## Local setup\n1. Copy `{X}` from the shared drive\n2. Run `make seed`\n3. Start the stack with `make up`", SpeakerTool},
		{"ugh, {X} got overwritten by the nightly sync again", SpeakerUser},
		{"Reads {X}; ops edits that file by hand, so validate every field.", SpeakerCode},
		{"Which file does the importer actually read? The wiki says one thing and the code another. || It's {X}; the path in the wiki is stale, I'll fix the page.", SpeakerTwoTurns},
	},
	paths: []string{"/opt/windfarm/scada/tags/turbine_map.csv", `C:\WindOps\Connectors\vestas_opc.xml`,
		"lims/workflows/wgs_germline/main.nf", "s3://genomics-raw-runs/2027/run-0412/SampleSheet.csv",
		"services/dispatch/internal/matcher/assign.go", "~/dispatch/replays/2027-04-11.jsonl",
		"tax/forms/2026/f1040_schedule_c.yaml", "https://efile-gw.taxapp.internal:8443/v2/submissions?mode=test",
		`\\port-tos02\edi\baplie\inbound`, "terminal/yard/blocks/B*.json", "./gtfs/winter-2027/stop_times.txt",
		"../timetable-app/android/src/main/java/app/departures/DeparturesScreen.kt"},
	idTpl: []template{
		{"can you pull up {X} in the logs? that's the one the support lead keeps asking about", SpeakerUser},
		{"I traced the duplicate assignment back to {X}.", SpeakerAssistant},
		{"Shift handover\n- wind picked up after 02:00, curtailment lifted\n- watch item: {X}, details in the thread\n- nothing else unusual", SpeakerTool},
		{"paste this into the ticket please: {X}", SpeakerUser},
		{"Which one failed last night? || {X}. The retry at 03:10 went through fine, so I only need that one.", SpeakerTwoTurns},
		{"Regression guard for {X}; do not remove.", SpeakerCode},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(12) {
		case 0:
			return fmt.Sprintf("%s-%d", []string{"WFM", "GLIMS", "RIDE", "EFILE", "TERM", "TRANSIT"}[r.IntN(6)], 100+r.IntN(8900))
		case 1:
			return fmt.Sprintf("%09x", r.Uint64()&0xfffffffff|0x100000000)
		case 2:
			return fmt.Sprintf("WTG-%c%02d", 'A'+rune(r.IntN(6)), 1+r.IntN(40))
		case 3:
			const alnum = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
			b := []byte("H....DSX.")
			for i := 1; i < 5; i++ {
				b[i] = alnum[r.IntN(len(alnum))]
			}
			b[8] = byte('2' + r.IntN(6))
			return string(b)
		case 4:
			const b32 = "abcdefghjkmnpqrstvwxyz0123456789"
			b := make([]byte, 12)
			for i := range b {
				b[i] = b32[r.IntN(len(b32))]
			}
			return "trip_" + string(b)
		case 5:
			return fmt.Sprintf("%06d2027%03d%07d", 100_000+r.IntN(900_000), 1+r.IntN(365), r.IntN(10_000_000))
		case 6:
			return fmt.Sprintf("IMO %d", 9_100_000+r.IntN(900_000))
		case 7:
			return fmt.Sprintf("%sU%07d", []string{"MSC", "MAE", "CMA", "HLX", "ONE", "EGL"}[r.IntN(6)], r.IntN(10_000_000))
		case 8:
			return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", r.Uint32(), r.Uint32()&0xffff, 0x4000|r.Uint32()&0x0fff,
				0x8000|r.Uint32()&0x3fff, r.Uint64()&0xffffffffffff)
		case 9:
			return fmt.Sprintf("2027.%d.%d-hotfix%d", 1+r.IntN(12), r.IntN(5), 1+r.IntN(4))
		case 10:
			area := []string{"windfarm", "lims", "dispatch", "efile", "tos", "timetable"}[r.IntN(6)]
			feat := []string{"icing_shutdown", "plate_autolink", "pool_rides", "state_return_prefill",
				"reefer_alerts", "live_platform_changes"}[r.IntN(6)]
			return fmt.Sprintf("ff.%s.%s_v%d", area, feat, 2+r.IntN(8))
		}
		job := []string{"cron-gtfs-nightly-import", "cron-scada-10min-rollup", "cron-lims-freezer-audit",
			"cron-efile-ack-poller", "cron-yard-rehandle-report", "cron-dispatch-surge-recalc"}[r.IntN(6)]
		return fmt.Sprintf("%s-%d", job, 29_000_000+r.IntN(1_000_000))
	},
	distractorTpl: []template{
		{"We looked hard at {X} for {P} and passed - the per-seat pricing killed it.", SpeakerAssistant},
		{"FYI the finance org standardized on {X} for their own reporting. Doesn't touch our stack.", SpeakerUser},
		{"What if we'd gone with {X} for {P} instead? Not suggesting a switch, just thinking out loud.", SpeakerUser},
		{"Has anyone here actually run {X} in production? I asked in the channel on Tuesday and nobody answered.", SpeakerUser},
		{"From the vendor quickstart (illustrative values, not ours):\n  provider: {X}\n  region: eu-west-1\n  retries: 3", SpeakerTool},
		{"Already handled: we managed to {T} last week, so strike it from the list.", SpeakerUser},
		{"Finished: {T}. I checked the output against yesterday's numbers and they match.", SpeakerAssistant},
	},
	rejected: []string{"Power Factors", "LabWare", "Cromwell", "Mapbox Matrix", "TaxJar", "CargoWise", "Trapeze",
		"Transitland"},
	done: []string{"swap the gearbox oil sensors on the two offshore units", "archive the 2019 exome runs to cold storage",
		"turn off the legacy dispatch fallback in Lisbon", "publish the 2026 state tax tables",
		"restack the empty containers in block F", "push the spring timetable to production"},
}
