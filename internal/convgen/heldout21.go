package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut27 returns n facts of each kind from the twenty-seventh held-out
// set. Its domains are a touring circus's rigging crew, a medical
// examiner's office and its case files, a hydroelectric dam's spillway
// operations, a piano restoration workshop, a migratory beekeeper's
// pollination contracts and an opera house's wardrobe and wig room.
// Decisions arrive the way they do in real work: an approval email, a
// terse chat confirmation, a config change the assistant reports, meeting
// minutes, a resolved ticket, a grudging concession, a code comment, a
// changelog line, a choice buried in the middle of a chatty paragraph, a
// phone chat export, and a question answered in the next turn. Pending
// tasks are obligations, blockers, hand-offs, requests phrased as
// questions, deadlines mentioned in passing, promises made to outsiders,
// tracker rows, one unchecked box among checked ones, reminders, someone
// waiting, TODO and FIXME comments and status lists. Paths are Unix
// absolute and relative (./ and ../), home directories with spaces,
// Windows drives, UNC shares, s3://, gs:// and sftp:// locations and wiki
// URLs, found in logs, runbooks, tickets, config comments and chat.
// Identifiers are what those trades quote: hoist and load-cell serials,
// tour booking refs, case and specimen numbers, death registrations, dam
// work orders and SCADA tags, piano serials and job numbers, apiary
// registrations, queen batches, pollination contracts, costume and wig
// stock tags, and content hashes. Distractors are options borrowed and
// sent back, vetoed on price, beaten in a comparison, kept as a what-if,
// another crew's arrangement, an open question, a stand-in in docs, and
// tasks already finished. The set is blind: it was written without
// reading the summarizer or any other held-out set.
func HeldOut27(seed uint64, n int) []Fact { return heldOut27.facts(seed, n) }

var heldOut27 = factSet{
	decisionTpl: []template{
		{"From: Odile Ferrand\nTo: crew-chiefs\nSubject: decision on {P}\n\nAfter the trial week I'm approving {X} for {P}. What decided it for me is that {R}. Bill it to the touring budget, not the winter quarters.\n\nOdile", SpeakerTool},
		{"confirmed with the crew chief, it's {X} for {P} because {R}. please nobody reopen it on the group chat", SpeakerUser},
		{"Config updated: the provider for {P} is now {X} (it was the spreadsheet import before). I made the switch because you told me {R}; the old line is commented out if you need it back.", SpeakerAssistant},
		{"Minutes, production meeting, 3 June\nPresent: Ilse, Bartholomew, Nkechi. Absent: Corr\n\nItem 4: {P}\n  Resolved: adopt {X}. Carried without objection. Ilse noted that {R}.\nItem 5: parking at the winter quarters\n  Deferred to July.", SpeakerTool},
		{"Ticket: choose what we use for {P}\nState: Resolved\nResolution: going with {X}; {R}.\nResolved by: nkechi.o", SpeakerTool},
		{"alright, you win. I'm still not thrilled, but {X} for {P} is fine. you're right that {R}, and I can't really argue with that", SpeakerUser},
		{"We rely on {X} here for {P}.\nPicked over the alternatives because {R}; only revisit this if that stops being true.", SpeakerCode},
		{"## 2.14.0 (2026-06-02)\n- {P} now goes through {X} ({R}).\n- Fixed the date picker on the intake screen.\n- Removed the unused export button.", SpeakerTool},
		{"Long day. The truck to Ghent left late because the forklift battery was flat, and the hotel lost two of our bookings. On the plus side we finally settled the question of {P}: it's {X}, since {R}. Anyway, can you look at why the sync test keeps timing out?", SpeakerUser},
		{"remind me, what did we land on for {P}?" + TurnSep + "{X}. You signed off on it after the demo because {R}, and the import I wrote last week already targets it.", SpeakerTwoTurns},
		{"Refactor's finished. Two notes: blank cells in the date column no longer crash the parser, and everything for {P} now runs through {X} end to end, which is the choice you made since {R}. Nothing else changed behaviour.", SpeakerAssistant},
		{"Config note: from this release on, {X} serves {P}.\nRationale from the spring review: {R}.", SpeakerCode},
		{"so is it {X} for {P}, or are we still shopping around?" + TurnSep + "It's {X}. You confirmed it in Tuesday's thread because {R}, so I've stopped evaluating the others.", SpeakerTwoTurns},
		{"03/06/2026, 07:41 - Bart: need an answer on {P} before we load out\n03/06/2026, 07:44 - Ilse: {X}. {R}\n03/06/2026, 07:44 - Bart: fine by me, ordering it today\n03/06/2026, 07:52 - Corr: who took the van keys?", SpeakerTool},
	},
	choices: []string{"CM Lodestar", "Kinesys Vector", "Broadweigh", "iAuditor", "TraceFinder", "Virtopsy",
		"STARLIMS", "HEC-RAS", "Survalent", "Campbell CR1000X", "Dampp-Chaser", "TuneLab", "Abel hammers",
		"hot hide glue", "BroodMinder", "Apivar", "Lectra Modaris", "eHive", "inFlow Inventory"},
	purposes: []string{"the flying-trapeze rig hoists", "load monitoring on the big-top king poles",
		"the pre-show rigging inspections", "toxicology screen results", "the decedent property inventory",
		"chain of custody for retained specimens", "spillway gate position telemetry", "the tailwater flood modeling",
		"piezometer readings in the left abutment", "humidity control in the restored uprights",
		"the aural tuning records", "rehammering the Steinway A", "varroa counts across the almond yards",
		"the hive weight logs", "pattern drafting for the Aida chorus", "the wig ventilation queue",
		"the costume stock catalog"},
	reasons: []string{"the riggers can read it in the dark without a headlamp",
		"the insurer wants certified load data on every pick", "it flags an overload before the act has to stop",
		"the state lab already exports in that format", "defense counsel keeps challenging handwritten custody logs",
		"families were promised an itemized list within a week", "the dam safety regulator accepts its output without a rerun",
		"the radio link to the gatehouse drops out in heavy spray", "it keeps logging through a power cut",
		"the original felt went rock hard after ninety years", "Wendell tunes by ear and only needs the stretch curves",
		"the growers pay on frame counts rather than hive numbers", "the mites shrugged off the old strips last autumn",
		"chorus sizes change with every revival", "the wig room runs on two tablets and no desktop",
		"it needs no calibration out in the field", "it survived two touring seasons in an unheated trailer"},
	taskTpl: []template{
		{"one more thing that's on us: we have to {X} this week, the inspector is back on Monday", SpeakerUser},
		{"I can't mark the migration finished yet. It's blocked until someone can {X}, and I don't have the access to do that from here.", SpeakerAssistant},
		{"I'm handing this over while I'm away: please {X}. Kofi knows the background if you get stuck", SpeakerUser},
		{"could you {X} when you get a minute?" + TurnSep + "Yes, I'll take that next. I've added it to the open items so it doesn't slip.", SpeakerTwoTurns},
		{"the bus leaves at six on Friday and we need to {X} before then, otherwise half your list doesn't matter", SpeakerUser},
		{"From: Marguerite Aubin\nTo: ops\nSubject: Re: follow-up from today\n\nThanks for the call. As agreed, your team will {X} and tell me once it's done; we can't close our side until then.\n\nBest,\nMarguerite", SpeakerTool},
		{"id,summary,assignee,state\nWK-2291,{X},,open\nWK-2288,replace the shop vac filter,dmitri,done", SpeakerTool},
		{"Load-out checklist\n- [x] strap the prop cases\n- [x] hand back the hotel keys\n- [ ] {X}\n- [x] fuel the generator truck", SpeakerTool},
		{"remind me tomorrow that I still need to {X}, I'll forget otherwise", SpeakerUser},
		{"[14:20] nkechi: still waiting on you lot to {X}\n[14:22] corr: yep, after lunch\n[14:22] nkechi: that's what you said yesterday", SpeakerTool},
		{"TODO(ilse): {X}, then delete this workaround.\nThe numbers below are placeholders until that happens.", SpeakerCode},
		{"FIXME: still waiting for someone to {X}.\nThe report built here will be wrong until they do.", SpeakerCode},
		{"Status\n  done: parser, tests, docs\n  open: {X} (needs someone on site)\n  blocked: nothing", SpeakerAssistant},
		{"what's still outstanding from the site visit?" + TurnSep + "Just one item: {X}. Everything else on the visit list is closed.", SpeakerTwoTurns},
		{"Heads up for whoever takes the next shift: somebody still has to {X}. I've put the same note in the handover doc.", SpeakerAssistant},
	},
	tasks: []string{"re-certify the swivels on the aerial cradle rig", "replace the frayed spansets on the king pole anchors",
		"pull-test the ground stakes at the Lyon lot", "send the toxicology addendum to the family's solicitor",
		"reconcile the cooler log against the case board", "schedule the release of the retained tissue samples",
		"exercise spillway gate 3 before the spring freshet", "recalibrate the tailwater level transmitter",
		"file the quarterly piezometer report with the dam safety office", "regulate the action on the Bechstein upright",
		"order bass strings for the 1912 Blüthner", "glue the cracked soundboard ribs on the Erard",
		"move the hives out of the Modesto almond block", "requeen the colonies that failed the brood check",
		"send the pollination invoices to the Fresno growers", "refit the Amneris wig before the dress rehearsal",
		"return the rented Tosca costumes to the Vienna stock"},
	pathTpl: []template{
		{"2026-06-03T04:11:52Z ERROR exporter: cannot write {X}: permission denied\n2026-06-03T04:11:52Z INFO exporter: will retry next cycle", SpeakerTool},
		{"Runbook, step 6: after the overnight pull, check that {X} carries today's date. If it doesn't, page the on-call tech.", SpeakerTool},
		{"the real copy is {X}, the one attached to the email is out of date. use that", SpeakerUser},
		{"I traced the import: it reads `{X}` on every run, and nothing there has changed since Tuesday, which explains the stale figures.", SpeakerAssistant},
		{"Source of truth: {X}\nDon't point this at a local copy; the night crew edits the original.", SpeakerCode},
		{"where did the inspector's copy end up?" + TurnSep + "At {X}. I looked a moment ago to make sure it's the signed version.", SpeakerTwoTurns},
		{"Ticket WK-2304 comment:\nThe attachment was too big for the tracker, so it's at {X} instead. Ping me if the permissions are wrong.\n(Ruth)", SpeakerTool},
		{"could you check {X} before we send anything out? that's the copy the inspector will look at", SpeakerUser},
		{"Wrote the cleaned export to {X}; the original is untouched.", SpeakerAssistant},
		{"Mirror target: {X}\nThe uploader runs hourly from the gatehouse PC.", SpeakerCode},
	},
	paths: []string{"/srv/rigging/loadcells/2026-tour/export.csv", "./riglog/plots/lyon_kingpole.json",
		"../shared/autopsy-templates/external_exam_v4.docx", "~/Case Files/2026/Pending Tox/",
		`D:\ME_Office\Property\Inventory 2026.xlsx`, `\\DAM-HIST01\SCADA Exports\Spillway\gate3_positions.csv`,
		"s3://ridgefall-hydro-telemetry/piezo/left-abutment/", "gs://apiary-yards-2026/brood-checks/modesto/",
		"sftp://files.pollinate-west.net/invoices/outbound/", "https://wiki.pianoworks.local/restoration/Erard-1887",
		"/Users/wendell/Piano Jobs/Bluthner 1912/string_scale.pdf", "opera-wardrobe/stock/aida_chorus_patterns.mdl",
		"/var/log/spillwayd/gate-exercise.log", `C:\Users\lbaptiste\Documents\Wig Room\fittings_spring.ods`,
		"/mnt/coroner/evidence/retained_specimens.db", "~/tour/rig plans/big top v9.dwg"},
	idTpl: []template{
		{"From: Patience Owusu\nSubject: quick query\n\nCould you confirm where we are with {X}? I've been asked about it twice this week and I don't have an answer yet.\n\nRegards,\nPatience", SpeakerTool},
		{"2026-06-04 22:17:09 WARN match: {X} appears in two batches, keeping the newer one\n2026-06-04 22:17:09 INFO match: 412 records processed", SpeakerTool},
		{"the one that keeps failing is {X}, don't close it until we know why", SpeakerUser},
		{"I searched the exports for {X}: it's in the April file but missing from May, so it dropped out during the cut-over.", SpeakerAssistant},
		{"what's the reference I should give the insurer?" + TurnSep + "Give them {X}; that's the one on the signed paperwork.", SpeakerTwoTurns},
		{"Special case for {X}: its record predates the new format.\nDrop this branch once the backfill is finished.", SpeakerCode},
		{"Summary: wrong totals on the weekly sheet\nAffected record: {X}\nReporter: front office\nPriority: normal", SpeakerTool},
		{"pls put {X} in the subject line when you email them, otherwise it gets lost in their inbox", SpeakerUser},
		{"Flagged {X} for review: the dates on it are out of order, and none of the others have that problem.", SpeakerAssistant},
		{"ref;holder;last_touched\n{X};night shift;2026-06-02\n(1 row)", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(15) {
		case 0: // chain hoist serial
			return fmt.Sprintf("CM-L2-%05d", r.IntN(100000))
		case 1: // wireless load cell
			return fmt.Sprintf("BW-%04X-%02d", r.IntN(0x10000), r.IntN(100))
		case 2: // tour booking reference
			return fmt.Sprintf("TR26/%03d/%c%c", r.IntN(1000), letter(), letter())
		case 3: // medical examiner case number
			return fmt.Sprintf("ME-2026-%05d", r.IntN(100000))
		case 4: // toxicology specimen
			return fmt.Sprintf("TX%07d-%c", r.IntN(10000000), "BUV"[r.IntN(3)])
		case 5: // death registration
			return fmt.Sprintf("DR %d/%04d", 25+r.IntN(2), r.IntN(10000))
		case 6: // dam work order
			return fmt.Sprintf("WO-SPW-%05d", r.IntN(100000))
		case 7: // SCADA alarm tag
			return fmt.Sprintf("SPW_G%d_%s", 1+r.IntN(6), []string{"POS_HI", "POS_LO", "TRQ_TRIP", "LMT_OPEN"}[r.IntN(4)])
		case 8: // piano serial
			return fmt.Sprintf("#%d", 100000+r.IntN(500000))
		case 9: // restoration job
			return fmt.Sprintf("PJ-%03d-%c%c", r.IntN(1000), letter(), letter())
		case 10: // apiary registration
			return fmt.Sprintf("AP-%c%c-%04d", letter(), letter(), r.IntN(10000))
		case 11: // queen batch
			return fmt.Sprintf("Q%02d-%03d", 1+r.IntN(52), r.IntN(1000))
		case 12: // pollination contract
			return fmt.Sprintf("PC-%d-%03d", 2026+r.IntN(2), r.IntN(1000))
		case 13: // costume stock tag or wig number
			if r.IntN(2) == 0 {
				return fmt.Sprintf("COS-%05d-%c", r.IntN(100000), letter())
			}
			return fmt.Sprintf("WIG %04d", r.IntN(10000))
		}
		// content hash of an evidence photo set
		return fmt.Sprintf("sha256:%010x", r.Uint64()>>27&0xffffffffff)
	},
	distractorTpl: []template{
		{"we had {X} on loan for {P} for a month and sent it back, it was more hassle than help", SpeakerUser},
		{"If the grant falls through, {X} could cover {P} instead, but that's a what-if; nobody has chosen it.", SpeakerAssistant},
		{"Copied from the Rotterdam crew's wiki: \"{X} handles {P} for us because {R}.\" That's their arrangement; we haven't adopted it.", SpeakerTool},
		{"is {X} still in the running for {P}?" + TurnSep + "Undecided. Nobody has ruled it in or out, and it's on the agenda for the next review.", SpeakerTwoTurns},
		{"Docs example: the snippet below uses {X} as a stand-in vendor.\nIt is not a recommendation and not what we run.", SpeakerCode},
		{"scratch the one about needing to {T}, Dmitri sorted it on Wednesday", SpeakerUser},
		{"Completed since the last meeting\n- [x] {T} (Ilse)\n- [x] signed off by the crew chief", SpeakerTool},
		{"I'd listed \"{T}\" as outstanding, but the log shows it was done on the 2nd, so I've taken it off.", SpeakerAssistant},
		{"Historical: we used to {T} by hand after each run.\nThe scheduler does it now, so there's nothing left to do.", SpeakerCode},
		{"{X} came up again for {P}. I compared it against the current setup and it was slower on every case, so I left things as they are.", SpeakerAssistant},
		{"vetoing {X} for {P}, the quote came in at double what we budgeted", SpeakerUser},
	},
	rejected: []string{"Liftket", "Verlinde Stagemaker", "JusticeTrax", "Ignition SCADA", "PianoMeter", "Apiguard",
		"Pollenity Beebot", "Optitex", "Sortly", "Straightpoint Radiolink"},
	done: []string{"grease the radial gate trunnions", "swap the worn bridle legs on the silks rig",
		"seal the toxicology freezer log for May", "replace the damper felts on the Pleyel",
		"strap the pallets for the Bakersfield move", "steam the Carmen shawls",
		"clear the debris boom at the spillway entrance", "reweigh the nucs after feeding"},
}
