package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning8 returns n facts of each kind from the eighth tuning set. Its
// domains are a wholesale bakery's standing orders and delivery routes, a
// university housing office, an insurance broker's policy renewals, a game
// studio's live-ops events, a city's snow-plow dispatch and a recording
// studio's session bookings. The phrasings are meant to be those of long
// working sessions: decisions implied by an approval, a config change or a
// signed contract, told in minutes, emails, chat exports, tickets and code
// comments; pending tasks carried by obligations, promises, deadlines,
// reminders, checklists, action items, diffs of a to-do file and scheduler
// logs; paths and identifiers quoted in passing, in log lines and in
// replies to a question. Its distractors are vendors that were passed over
// or ruled out, hypotheticals, another office's choice, open questions,
// placeholder names in sample configs and work already finished. It was
// written without reading the summarizer, as a tuning set.
func Tuning8(seed uint64, n int) []Fact { return tuning8.facts(seed, n) }

var tuning8 = factSet{
	decisionTpl: []template{
		{"ok talked to Dana this morning — {P} goes on {X}, mostly because {R}. she wants it live by the end of the month, so let's not gold-plate anything.", SpeakerUser},
		{"Since you approved it yesterday, I've switched {P} over to {X} in the config; the main argument was that {R}. The old settings are commented out, not deleted.", SpeakerAssistant},
		{"Ops sync, minutes\nAttendees: Marta, Jules, Ken, Priya (remote)\n\n1. Options reviewed for {P}: keep the status quo, or move to {X}.\n   Outcome: move to {X} ({R}). Owner: Jules.\n2. Parking lot: nothing new this week.", SpeakerTool},
		{"{P}: we use {X} here, not a homegrown solver.\nWhy: {R}.\nIf you want to change this, talk to ops first.", SpeakerCode},
		{"honestly I don't care which, just pick something for {P} so we can move on" + TurnSep +
			"Picking {X}. The deciding factor is that {R}. If that stops being true, swapping it out is a one-file change.", SpeakerTwoTurns},
		{"Approved. Go ahead with {X} for {P} — {R}, and I don't want to relitigate it at Thursday's standup.", SpeakerUser},
		{"From: Rosa Itzel <rosa.itzel@ops-mail.example>\nTo: team\nSubject: Re: {P}\n\nHi all, after the two demos we're signing with {X}. Short version: {R}. The contract goes to legal on Monday.\n\nRosa", SpeakerTool},
		{"Quick status: the prototype for {P} now runs against {X}. I went that way because {R}; the other candidate would have needed a nightly sync job.", SpeakerAssistant},
		{"[09:12] kwame: so are we locked on {X} for {P}?\n[09:13] lena: yep, signed off yesterday. {X} because {R}\n[09:13] kwame: 👍 I'll tell the others", SpeakerTool},
		{"NOTE(ops): {P} moved to {X} this season.\nReason: {R}.\nDon't bring back the spreadsheet import.", SpeakerCode},
		{"vendor call went fine btw. we're moving {P} to {X} next sprint since {R}. can you update the setup section of the README so nobody asks again?", SpeakerUser},
		{"is {X} definitely what we're using for {P}? Kofi mentioned something else on Friday" + TurnSep +
			"Yes, {X} is the one that got signed off: {R}. Kofi was probably thinking of last winter's pilot.", SpeakerTwoTurns},
		{"Summary: choose tooling for {P}\nStatus: Resolved\nResolution: going with {X}; {R}.\nWatchers: 4", SpeakerTool},
	},
	choices: []string{"OptimoRoute", "Routific", "StarRez", "Applied Epic", "EZLynx", "PlayFab", "Nakama", "FlexiBake",
		"ArcGIS Velocity", "Acuity Scheduling", "WeatherSentry", "Zywave", "Setmore", "OR-Tools", "Beamable", "Baserow"},
	purposes: []string{"the Saturday wholesale delivery routes", "standing-order cutoff reminders",
		"room assignments for the fall intake", "the housing waitlist", "commercial renewal quotes",
		"carrier downloads of policy changes", "the Lunar New Year live event", "timed reward drops",
		"storm-night plow assignments", "the salt-truck GPS feed", "studio booking deposits", "the session engineer rota",
		"maintenance requests from the residence halls", "the café drop manifests"},
	reasons: []string{"the drivers already use it on their handhelds",
		"it reoptimizes a route in under a minute when a café adds a late order",
		"residence life already signed a three-year contract", "it is the agency system our E&O carrier already audits",
		"it lets us schedule events without shipping a client patch",
		"it keeps working offline when the cell network drops in a blizzard",
		"deposits settle into the same Square account as walk-in sales",
		"it handles delivery windows for the 5 a.m. café drops",
		"it survived a forty-thousand-player login spike in staging",
		"the engineers can check the calendar from the control-room iPad",
		"student records stay inside the university's own tenancy", "it reads ACORD forms natively",
		"public works already pays for a county-wide license", "it prices per route instead of per driver"},
	taskTpl: []template{
		{"before I forget: someone has to {X}, and it's probably going to be you. no rush today, but by Friday please.", SpeakerUser},
		{"I haven't touched it yet, but I'll {X} as soon as the import finishes.", SpeakerAssistant},
		{"OPEN ITEMS (exported 11/27)\n- [ ] {X} (owner: me, due Mon)\n- [x] update the contact sheet\n- [x] archive last month's manifests", SpeakerTool},
		{"FIXME: this only holds until we {X}.\nAfter that the fallback branch below can go.", SpeakerCode},
		{"did anyone {X} yet? Morgan was asking" + TurnSep +
			"Not yet, it's still on my list. I'll get to it right after this refactor.", SpeakerTwoTurns},
		{"my manager keeps pinging me about this, can you remind me at the end of the session to {X}? it slipped last week", SpeakerUser},
		{"Everything else on the checklist is green. What's left is to {X}, and that needs someone with admin rights.", SpeakerAssistant},
		{"From: ops-lead@ops-mail.example\nSubject: tomorrow morning\n\nCan someone {X}? I won't be online until after the 6 a.m. briefing.\n\nThanks, Bo", SpeakerTool},
		{"Action items\n  • Jamal to {X} (carried over from last week)\n  • Sue to circulate the draft agenda", SpeakerTool},
		{"TODO(priya): {X}. Waiting on the vendor's sandbox keys.\nUntil then this returns the cached copy.", SpeakerCode},
		{"Heads-up: I couldn't {X} from here because the service account lacks permissions, so that one is still open on your side.", SpeakerAssistant},
		{"we promised them we'd {X}, and Thursday is the deadline, so let's not let that slide again", SpeakerUser},
		{"what's still outstanding from this morning?" + TurnSep +
			"Just one thing: we need to {X}. I'll pick it up after lunch unless you'd rather do it yourself.", SpeakerTwoTurns},
		{"diff --git a/TODO.md b/TODO.md\n@@ -3,2 +3,3 @@\n - [x] confirm the van lease\n+- [ ] {X} (blocked on finance)\n - [x] fix the printer queue", SpeakerTool},
		{"2026-11-28 06:00:00 REMINDER due today: {X}\n2026-11-28 06:00:00 REMINDER snoozed 2x, owner notified", SpeakerTool},
	},
	tasks: []string{"re-sequence the Tuesday rye route around the Elm Street closure",
		"reconcile the standing-order quantities for Café Lune",
		"reassign the RAs' rooms in Hollis Hall before move-in",
		"send the damage-deposit refunds for the spring checkouts",
		"chase the loss runs for the Pettibone Farms renewal",
		"get the updated statement of values from Harbor Cold Storage before binding",
		"schedule the double-XP weekend in the live-ops calendar",
		"roll back the bundle price on the Frostfall store page",
		"re-time the salt-truck loops for the hospital district",
		"call in the backup plow drivers for the overnight shift",
		"confirm the deposit for Friday's string-quartet session in Studio B",
		"publish the summer housing rates to the student portal",
		"send the broker-of-record letter to the Maplewood school district",
		"re-patch the console inputs in Studio A before the 2 p.m. tracking session"},
	pathTpl: []template{
		{"the file Tomás keeps updating is {X}, don't edit the copy in Downloads, it's stale", SpeakerUser},
		{"Turns out the scheduler reads {X}, not the copy in the repo root, which is why your edits never showed up.", SpeakerAssistant},
		{"README excerpt\n\n## Data\nThe live file is {X}. Anything under scratch/ is throwaway and gets wiped on Sundays.", SpeakerTool},
		{"Source of truth: {X}. Keep it in sync with the ops wiki.\nThe loader fails loudly if the file is missing.", SpeakerCode},
		{"where did you save the cleaned-up version?" + TurnSep + "At {X}. The original is untouched.", SpeakerTwoTurns},
		{"can you diff what you generated against {X}? I think somebody hand-edited it over the weekend", SpeakerUser},
		{"2026-11-28 05:02:11 WARN sync: {X} changed since last run (mtime 04:58), re-reading\n2026-11-28 05:02:12 INFO sync: done in 840ms", SpeakerTool},
		{"I pointed the script at {X} instead of the hard-coded copy, so ops can update it without a deploy.", SpeakerAssistant},
		{"From: Wen <wen@ops-mail.example>\nSubject: the file\n\nAttached. It's also on the share at {X} if the mail server strips it.", SpeakerTool},
	},
	paths: []string{"/srv/bakery/routes/2026-w48/saturday.geojson", "ops/dispatch/plow_zones_v7.kml",
		`C:\Users\frontdesk\Documents\Bookings\studio-b-2026.xlsx`, `\\fs01\housing\assignments\fall-intake.csv`,
		"~/renewals/commercial/2026-Q1/pettibone_loss_runs.pdf", "s3://liveops-configs/events/frostfall/rewards.json",
		"liveops/events/lunar_new_year/schedule.yaml", "/var/log/plowtrack/avl-ingest.log",
		"./housing-portal/src/pages/RoomSwap.vue", "gs://studio-session-archive/2026/11/okafor-quartet/session.ptx",
		"docs/runbooks/storm-night-callout.md", "/opt/flexi/export/standing_orders.csv",
		"renewals/templates/marine_cargo_renewal_letter.docx", "../bakery-ops/config/cutoffs.toml"},
	idTpl: []template{
		{"the reference Yusuf gave me on the phone was {X}, can you look it up?", SpeakerUser},
		{"The record that fails validation is {X}; every other row passes.", SpeakerAssistant},
		{"From: accounts@ops-mail.example\nSubject: Re: mix-up on our side\n\nPlease quote {X} on anything you send us about this, otherwise it lands in the general queue.", SpeakerTool},
		{"Special case: {X} shows up twice in the upstream export.\nRemove once the source system is cleaned up.", SpeakerCode},
		{"which one was it again?" + TurnSep + "{X}, the one from Tuesday's export.", SpeakerTwoTurns},
		{"pls put {X} in the commit message, the auditors cross-reference them", SpeakerUser},
		{"2026-11-29T04:41:07Z ERROR reconcile: no match for {X} (skipping)\n2026-11-29T04:41:07Z INFO reconcile: 411 matched, 1 skipped", SpeakerTool},
		{"I searched the exports for {X} and it shows up in two places, which explains the duplicate.", SpeakerAssistant},
		{"[16:40] ines: {X} came back again overnight\n[16:41] theo: ugh, same as last month. I'll look after the call", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		upper := func() rune { return 'A' + rune(r.IntN(26)) }
		pick := func(list ...string) string { return list[r.IntN(len(list))] }
		switch r.IntN(12) {
		case 0: // wholesale standing order, by year and month
			return fmt.Sprintf("WSO-%02d%02d-%04d", 25+r.IntN(2), 1+r.IntN(12), r.IntN(10000))
		case 1: // bakery invoice with customer initials
			return fmt.Sprintf("INV-%c%c-%05d", upper(), upper(), r.IntN(100000))
		case 2: // housing maintenance work order
			return fmt.Sprintf("HRL-WO-%05d", 10000+r.IntN(90000))
		case 3: // housing contract
			return fmt.Sprintf("HC%02d%s-%05d", 25+r.IntN(2), pick("F", "S", "U"), r.IntN(100000))
		case 4: // policy number
			return fmt.Sprintf("%s %07d-%02d", pick("CPP", "BOP", "WC", "CA", "IM"), r.IntN(10000000), 1+r.IntN(12))
		case 5: // binder
			return fmt.Sprintf("BND-%02d-%05d", 25+r.IntN(2), r.IntN(100000))
		case 6: // live-ops event id
			return fmt.Sprintf("evt_%s_%d_w%d", pick("frostfall", "emberwake", "tidebreak", "starfall", "hollowmoon"), 2025+r.IntN(2), 1+r.IntN(52))
		case 7: // client build with changelist
			return fmt.Sprintf("%d.%d.%d-cl%d", 1+r.IntN(3), r.IntN(60), r.IntN(10), 400000+r.IntN(100000))
		case 8: // storm event
			return fmt.Sprintf("STORM-%d%02d%02d-%c", 2025+r.IntN(2), 1+r.IntN(12), 1+r.IntN(28), upper())
		case 9: // plow AVL unit serial
			return fmt.Sprintf("AVL-4G-%06X", r.Uint32()&0xffffff)
		case 10: // ISRC of a recorded track
			return fmt.Sprintf("US-%c%c%d-%02d-%05d", upper(), upper(), r.IntN(10), 25+r.IntN(2), r.IntN(100000))
		}
		const alnum = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
		b := []byte("BK-")
		for range 6 {
			b = append(b, alnum[r.IntN(len(alnum))])
		}
		return string(b) // studio booking reference
	},
	distractorTpl: []template{
		{"for the record, we looked at {X} for {P} and passed. the demo was fine, the per-seat pricing killed it.", SpeakerUser},
		{"If we ever outgrow the current setup, {X} would be worth evaluating for {P}, but nothing's been decided and I'm not proposing it now.", SpeakerAssistant},
		{"Regional newsletter, November\n\nThe Eastside office moved {P} to {X} last quarter. That was their call for their setup; nobody here has discussed following suit.", SpeakerTool},
		{"do you think {X} could handle {P}? just curious, not asking you to switch" + TurnSep +
			"Hard to say without a trial, nobody's tested it here. I'd leave it as an open question for now.", SpeakerTwoTurns},
		{"Sample fixture for the docs: {X} fills the vendor slot so the example renders.\nProduction reads the vendor name from VENDOR_NAME.", SpeakerCode},
		{"From: procurement@ops-mail.example\nSubject: shortlist\n\nWe've ruled out {X} for {P}. The rep couldn't commit to a support window, and that was the dealbreaker.", SpeakerTool},
		{"oh and I already {T} this morning, so cross that one off.", SpeakerUser},
		{"Weekly ops report, week 48\nShipped: {T}.\nSlipped: nothing, for once.", SpeakerTool},
		{"That one's finished: I {T} and checked the result against yesterday's export.", SpeakerAssistant},
	},
	rejected: []string{"Onfleet", "Tookan", "HawkSoft", "AMS360", "AccelByte", "GameSparks", "Skedda", "Bookafy",
		"Symplicity Housing", "Circuit for Teams"},
	done: []string{"refunded the duplicate deposit for the Okafor session", "rotated the plow drivers' tablet PINs",
		"moved the croissant order cutoff to 4 p.m.", "closed out the fall housing waitlist",
		"shipped the Frostfall hotfix to both platforms", "uploaded the ACORD 25 certificates for the Maplewood school district",
		"re-keyed the lock on Hollis 214"},
}
