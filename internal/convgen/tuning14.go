package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning14 returns n facts of each kind from the fourteenth tuning set. Its
// domains are an orchestra's touring logistics (freight manifests, carnets,
// rooming lists), a chemical plant's permit-to-work system (hot-work and
// confined-space permits, isolation certificates, gas tests), a parcel
// locker network, a mental-health app's clinician scheduling, a golf
// course's irrigation and tee times, and a national park's backcountry
// permits. Decisions arrive as chatty approvals, meeting minutes, emails,
// chat exports, closed review tickets, code comments and two-turn
// exchanges where the user leans one way and the assistant agrees; tasks
// are implied by deadlines, reminders, nudges, action items, FIXMEs,
// numbered to-do lists and blocked work; paths come in Unix, home-relative,
// Windows, UNC and object-store forms; identifiers are booking refs,
// carnets, permit and certificate numbers, tracking numbers, serials,
// appointment ids, NPIs, support and tracker tickets. Distractors are
// rejected vendors, hypotheticals, another club's choice, open questions,
// sample configs, a lost vote and finished tasks. It was written without
// reading the summarizer, as a tuning set.
func Tuning14(seed uint64, n int) []Fact { return tuning14.facts(seed, n) }

var tuning14 = factSet{
	decisionTpl: []template{
		{"ok, talked to Dana. we're doing {X} for {P}. she was pretty firm about it, mostly because {R}. can you wire it up after lunch? I'm stuck in the budget review till 1", SpeakerUser},
		{"for {P}, do we keep what we have or move to {X}? I'm leaning {X} since {R}." + TurnSep +
			"Moving to {X} is the right call. I'll start the integration behind a feature flag so we can flip back if it misbehaves.", SpeakerTwoTurns},
		{"Weekly ops sync, minutes\nPresent: Ruth, Marco, Ines, Teo (Dana dialled in)\n\n1. Budget: no change this quarter.\n2. {P}: agreed to go with {X}. Why: {R}.\n3. Next meeting moves to Thursday because of the site visit.", SpeakerTool},
		{"Backed by {X}, which we picked for {P}\nbecause {R}. Talk to Dana before swapping it out.", SpeakerCode},
		{"I've moved {P} over to {X} in the settings and deleted the old client code. That lines up with what you said earlier, that {R}, so I don't expect we'll revisit it.", SpeakerAssistant},
		{"approved: {X} for {P}. for the record, {R}.", SpeakerUser},
		{"From: Priya Nair\nTo: ops-leads\nSubject: Re: shortlist\n\nHi all,\n\nAfter the demos last week we're going ahead with {X} for {P}. The deciding factor was that {R}. I'll update the architecture page tomorrow.\n\nPriya", SpeakerTool},
		{"Pinned {X} as the provider for {P} and dropped the fallback path; there was no point keeping it, since {R}.", SpeakerAssistant},
		{"[09:14] marco: are we still arguing about {P}?\n[09:15] ines: nope, {X} won\n[09:15] ines: basically {R}\n[09:16] marco: finally", SpeakerTool},
		{"ARCH-REVIEW (status: closed)\nQuestion: what do we use for {P}?\nOutcome: {X}\nRationale: {R}", SpeakerTool},
		{"sorry, the vendor call ran long and the coffee machine on 3 is dead again. short version: {X} for {P}, because {R}. the invoicing question I'll forward separately.", SpeakerUser},
		{"any reason not to use {X} for {P}? Teo mentioned {R}." + TurnSep +
			"None I can find. I'll build it on {X} then and document the config in the README.", SpeakerTwoTurns},
		{"Decision (March, Dana): {X} for {P}.\nThe alternatives looked cheaper on paper, but {R}.", SpeakerCode},
	},
	choices: []string{"Cronofy", "foreUP", "Rain Bird IQ4", "Opas Next", "Bloq.it", "Enablon", "ReserveAmerica",
		"Timefold", "PMTiles", "Plivo", "PouchDB", "Toro Lynx", "Zitadel", "Inngest", "Chronogolf", "ChirpStack"},
	purposes: []string{"the tee-sheet booking engine", "the fairway valve schedules", "soil-moisture telemetry from the back nine",
		"the tour freight manifests", "the musicians' rooming lists", "hot-work permit approvals", "isolation certificate sign-off",
		"the locker door-open commands", "courier drop-off slot reservations", "clinician availability sync",
		"the session-reminder texts", "the backcountry quota counters", "permit check-in at the trailhead kiosks",
		"offline maps in the ranger app", "gas-test readings on the permit form"},
	reasons: []string{"it keeps working through the cell dead zone at Hollis Gap",
		"the safety manager won't sign anything off without a full audit trail",
		"it's the only option that can sit on-prem behind the plant firewall",
		"their pricing is per locker bank instead of per door",
		"the clinicians already live in Google Calendar",
		"they'll sign a BAA and host the data in Frankfurt",
		"the superintendent can run it from his phone before dawn",
		"it got through the whole Olympic pilot without a missed sync",
		"the tour manager flatly refuses to learn another login",
		"its API exposes per-zone flow rates",
		"the licence costs less than one season of the current contract",
		"it was the only quote under the grant ceiling",
		"support answers on weekends, which is when everything breaks",
		"it can replay a whole day's events after an outage",
		"the night shift already knows its dashboards",
		"the provincial residency rules keep our data inside Canada"},
	taskTpl: []template{
		{"before I forget: someone has to {X}, and it'll end up being me unless you can script it.", SpeakerUser},
		{"Still outstanding: {X}. I'll circle back to it once CI is green again.", SpeakerAssistant},
		{"id    owner  due   status  summary\n409   ruth   Wed   done    fix kiosk printer driver\n412   teo    Fri   open    {X}", SpeakerTool},
		{"TODO(ines): {X} before this goes live at the second site.", SpeakerCode},
		{"did anyone ever {X}?" + TurnSep + "Not that I can see, it's still open. I'll put it at the top of this week's list.", SpeakerTwoTurns},
		{"the inspector is back on the 14th, so we need to {X} by then. no pressure.", SpeakerUser},
		{"Subject: still waiting on this\n\nHi Marco,\n\nFriendly nudge: we still need you to {X}. Can you confirm by Thursday? Dana keeps asking.\n\nThanks,\nHelga", SpeakerTool},
		{"Noting for later: {X}. I can't do that from this sandbox, so someone with production access will have to.", SpeakerAssistant},
		{"could you {X} while you're in there? it keeps slipping off everyone's list", SpeakerUser},
		{"Action items\n- [ ] Marco to {X}\n- [ ] Ines to circulate the revised rota", SpeakerTool},
		{"FIXME: stopgap. Someone still has to {X};\nuntil then the nightly job papers over it.", SpeakerCode},
		{"things for monday, no particular order:\n1. coffee\n2. {X}\n3. figure out why the staging box reboots at 3am", SpeakerUser},
		{"what's left before we can call this done?" + TurnSep + "One thing: {X}. Everything else is merged.", SpeakerTwoTurns},
		{"Blocked on one item: we still have to {X}, and that needs admin rights I don't have.", SpeakerAssistant},
	},
	tasks: []string{"re-run the carnet export for the Tokyo leg", "load the Osaka hall's stage plot into the advance sheet",
		"attach the gas-test readings to every open hot-work permit", "expire the confined-space permits left open over the weekend",
		"rotate the controller PINs on the Eastgate locker bank", "reconcile the overdue parcels at the Riverside lockers",
		"backfill the time-zone field for the Alberta clinicians", "send the weekly no-show report to the clinical leads",
		"shorten the run times on the 14th green heads", "move the Saturday shotgun start to 7:30",
		"raise the Ptarmigan Lake quota back to 24", "close out the bear-canister audit for the North Fork zone",
		"refund the walk-up permits voided by the kiosk bug", "recalibrate the flow meter on pump station 2"},
	pathTpl: []template{
		{"the real one is {X}. ignore the copy in the old repo, it's months stale.", SpeakerUser},
		{"Found it: the value comes from {X}, and nothing in the tests touches it.", SpeakerAssistant},
		{"Where things live\n- source of truth: {X}\n- owner: Teo (facilities IT)\n- backups: nightly", SpeakerTool},
		{"Reads {X} at startup. If it's missing we silently\nfall back to defaults, which is almost never what you want.", SpeakerCode},
		{"which one was it again, the thing Marco said not to touch?" + TurnSep + "{X}. I'll leave it alone.", SpeakerTwoTurns},
		{"can you diff {X} against what's deployed? pretty sure someone hand-edited it", SpeakerUser},
		{"[14:02] teo: heads up, I moved things around, what you want is now {X}\n[14:03] teo: old location keeps working until the end of the month", SpeakerTool},
		{"Keep in sync with {X}; the two drifted apart once already.", SpeakerCode},
		{"The stale numbers trace back to {X}, which hasn't been rewritten since the 3rd.", SpeakerAssistant},
		{"Bug 2231: sync shows yesterday's data\nRepro: run the sync, then check {X}\nSeen on: staging and prod", SpeakerTool},
	},
	paths: []string{"/etc/lockerd/banks/eastgate.yaml", "tours/2026-asia/manifests/freight_osaka.csv",
		`C:\PTW\exports\hotwork_permits.xlsx`, `\\plant-fs01\permits\isolation\LOTO-register.xlsx`,
		"~/irrigation/central/programs/back9_summer.json", "s3://np-permits-prod/quota-snapshots/2026/",
		"app/src/features/booking/TeeSheetGrid.tsx", "services/clinician-sched/internal/availability/sync.go",
		"/var/log/lynx-bridge/valve-events.log", "migrations/20260312_add_trailhead_zone.sql",
		"./scripts/roomlist_to_pdf.py", "infra/k8s/locker-api/hpa.yaml", "/opt/ranger-kiosk/cache/permits.sqlite",
		"docs/runbooks/permit-system-outage.md"},
	idTpl: []template{
		{"the one that's wrong is {X}, the rest look fine to me.", SpeakerUser},
		{"The bad record is {X}; it's the only one with a null zone.", SpeakerAssistant},
		{"Subject: Re: double charge\n\nHi, following up on {X}. The customer says they were billed twice and wants it sorted before the weekend.\n\nSupport desk", SpeakerTool},
		{"Regression test for {X}: that row came in with an empty timestamp\nand crashed the importer.", SpeakerCode},
		{"what was the number on the thing Ines flagged?" + TurnSep + "{X}. I've added it to the fixtures.", SpeakerTwoTurns},
		{"put {X} in the commit message so audit can trace it back", SpeakerUser},
		{"[11:40] ruth: can someone look at {X}? stuck since yesterday afternoon", SpeakerTool},
		{"Cross-checked with the export: {X} appears twice, once with the old status.", SpeakerAssistant},
		{"2026-03-14T06:02:11Z WARN reconcile: skipping {X} (checksum mismatch)\n2026-03-14T06:02:11Z INFO reconcile: 311 records ok", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		const b36 = "0123456789abcdefghijklmnopqrstuvwxyz"
		const an = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
		str := func(alpha string, k int) string {
			b := make([]byte, k)
			for i := range b {
				b[i] = alpha[r.IntN(len(alpha))]
			}
			return string(b)
		}
		switch r.IntN(13) {
		case 0:
			regions := []string{"ASIA", "EUR", "NA", "LATAM"}
			return fmt.Sprintf("TR%02d-%s-%03d", 25+r.IntN(3), regions[r.IntN(len(regions))], r.IntN(1000))
		case 1:
			return fmt.Sprintf("ATA-US-%07d", r.IntN(10000000))
		case 2:
			return fmt.Sprintf("PTW-%d-%05d", 2025+r.IntN(2), r.IntN(100000))
		case 3:
			return fmt.Sprintf("HW-%c%d-%04d", 'A'+rune(r.IntN(6)), 1+r.IntN(9), r.IntN(10000))
		case 4:
			return fmt.Sprintf("ICC/%03d/%02d", 1+r.IntN(999), 25+r.IntN(2))
		case 5:
			return "1Z" + str(an, 6) + "03" + fmt.Sprintf("%08d", r.IntN(100000000))
		case 6:
			return fmt.Sprintf("LKB-%04X-%02d", r.IntN(0x10000), 1+r.IntN(48))
		case 7:
			return "appt_" + str(b36, 10)
		case 8:
			return fmt.Sprintf("%d", 1000000000+r.IntN(999999999))
		case 9:
			return fmt.Sprintf("TT%02d%02d-%04d", 1+r.IntN(12), 1+r.IntN(28), r.IntN(10000))
		case 10:
			return fmt.Sprintf("SAT%02d-ST%02d", 1+r.IntN(40), 1+r.IntN(48))
		case 11:
			return fmt.Sprintf("BC-2026-%06d", r.IntN(1000000))
		}
		if r.IntN(2) == 0 {
			return fmt.Sprintf("#%d", 40000+r.IntN(60000))
		}
		return fmt.Sprintf("LOCKR-%d", 100+r.IntN(2900))
	},
	distractorTpl: []template{
		{"we looked at {X} for {P} as well but dropped it; their pricing page was a maze and the demo kept crashing.", SpeakerUser},
		{"If the budget ever doubles, {X} might be worth a look for {P}, but nobody's proposing that now.", SpeakerAssistant},
		{"Notes from the regional meetup\n- The Lakeside group runs {X} for {P}; they seem happy with it.\n- We are not planning to copy them.", SpeakerTool},
		{"should we be on {X} for {P} instead?" + TurnSep + "Can't tell yet. I'd want to read their API docs and talk to Dana before anyone decides.", SpeakerTwoTurns},
		{"Example only: {X} is a placeholder provider in this sample config,\nnot something we actually run.", SpeakerCode},
		{"Done this week\n- [x] {T}\n- [x] clean up the staging DNS entries", SpeakerTool},
		{"no need to {T} anymore, Ines did it this morning.", SpeakerUser},
		{"Crossing one off: {T}. Finished yesterday, and Marco confirmed it in the channel.", SpeakerAssistant},
		{"Steering group, item 4: {X} for {P} was put to a vote and lost 2-5; the group kept the current setup.", SpeakerTool},
		{"The migration already ran: we had to {T} first,\nand that's done (see the deploy log from the 9th).", SpeakerCode},
	},
	rejected: []string{"Master Tour", "Intelex", "Calendly", "Hunter Pilot", "GolfNow", "Cleveron", "Cority",
		"Acuity Scheduling", "Camis", "SimplyBook.me"},
	done: []string{"renew the Salzburg venue insurance certificate", "print the lockout tags for the reactor 2 shutdown",
		"swap the modem in the Northgate locker bank", "import the spring clinician rotas",
		"flush the mainline after the valve repair on 16", "refund the Kestrel Basin permits cancelled by the storm",
		"send the rooming list to the Seoul hotel", "archive last season's tee-sheet exports"},
}
