package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut28 returns n facts of each kind from the twenty-eighth held-out
// set. Its domains are a zoo's nutrition kitchen (thaw schedules, browse
// rotas, diet sheets), a mountain rescue team's callouts (paging, stretcher
// carries, incident logs, grid references), a postal sorting centre (flats
// sorters, redirect labels, tracked items and mail bags), a stained-glass
// conservation studio (consolidants, edge bonding, protective glazing,
// panel numbering), an offshore platform's permit-to-work office (hot-work
// permits, isolation certificates, gas testing, equipment tags) and a
// regional blood-plasma courier service (cold-chain shippers, temperature
// loggers, donation numbers, hospital drops). Decisions arrive as an
// approval in an email, a terse yes in a chat export, a settings change the
// assistant reports, meeting minutes with a resolved item, a ticket
// resolution, a grudging "fine", a code comment, a changelog line, a
// choice buried in the middle of a rambling message, a board's go-ahead
// relayed second-hand and two-turn recaps. Pending tasks are obligations
// before an audit, blockers, leave hand-offs, requests put as questions,
// deadlines mentioned in passing, promises made to outsiders, tracker rows,
// one unchecked box among checked ones, reminders, someone else waiting,
// unanswered asks in a chat, TODO and FIXME comments. Paths are Unix
// absolute and relative (./ and ../), home directories with spaces, Windows
// drives, UNC shares, s3://, gs://, sftp://, file:// and https:// URLs, set
// in logs, configs, runbooks, tickets and chat. Identifiers are zoo
// accession and diet-sheet numbers, rescue incident numbers and OS grid
// references, tracked-item barcodes and mail bag labels, Corpus Vitrearum
// panel numbers and conservation job numbers, permit, isolation and P&ID
// tag numbers, ISBT 128 donation numbers, consignment notes, logger serials
// and route-plan hashes. Distractors are options rejected or trialled and
// dropped, contingencies, another site's setup, open questions, placeholder
// names in docs, and tasks already done. The set is blind: it was written
// without reading the summarizer or any other held-out set.
func HeldOut28(seed uint64, n int) []Fact { return heldOut28.facts(seed, n) }

var heldOut28 = factSet{
	decisionTpl: []template{
		{"From: Ines Okafor\nTo: section-leads\nSubject: Re: quotes for {P}\n\nThanks for pulling the side-by-side together. I'm approving {X}. The deciding point for me was that {R}, which outweighs the higher monthly cost. Please raise the PO against the operations budget line, not capital.\n\nInes", SpeakerTool},
		{"[07:41] callum: {X} for {P}, yes or no? supplier needs an answer by nine\n[07:43] bea: yes. {R}\n[07:43] callum: ok, telling them now\n[07:44] bea: and can someone move the van, it's blocking the bay", SpeakerTool},
		{"I've updated the settings so {P} now goes through {X} instead of the manual sheet. You said earlier that {R}, so I also removed the fallback toggle rather than leaving it half-wired.", SpeakerAssistant},
		{"Minutes, weekly coordination meeting\nPresent: AK, JM, RS, TF (apologies: DW)\n\nItem 3. {P}\n  Two quotes considered. JM noted that {R}.\n  Resolved: adopt {X}. JM to let the other supplier know.\nItem 4. AOB\n  Car park resurfacing moved to the 19th.", SpeakerTool},
		{"Ticket 4471: options for {P}\nStatus: Resolved\nResolution: going with {X}; {R}. The other candidates are archived in the attachments.\nResolved by: r.stewart", SpeakerTool},
		{"ugh, fine. I still don't love it, but {X} for {P}, since {R}. I'm not reopening this one again, so let's just get on with it", SpeakerUser},
		{"{P}: handled by {X}.\nChosen over the alternatives because {R}; read the decision log before swapping it out.", SpeakerCode},
		{"## 2026-04-14\n### Changed\n- {X} adopted for {P} ({R}).\n### Fixed\n- Typo in the handover sheet header.\n- Wrong phone number on the out-of-hours poster.", SpeakerTool},
		{"sorry, long one. the van was late again this morning and Petra's off sick so I'm covering earlies all week. on the other thing, we settled on {X} for {P} at Monday's huddle, mainly because {R}. also the coffee machine on level 2 is broken again, if anyone's grumpy that's why", SpeakerUser},
		{"which one did we end up with for {P}? I was off that week" + TurnSep + "{X}. The group picked it because {R}, and the trial kit for the runner-up has already gone back.", SpeakerTwoTurns},
		{"do I still need the comparison spreadsheet for {P} open?" + TurnSep + "No, you can close it. You signed off on {X} yesterday since {R}, and I've updated the procedure to match.", SpeakerTwoTurns},
		{"Going forward we use {X} for {P}. I've rewritten the checklist around it and kept your note that {R} at the top, so nobody quietly undoes it.", SpeakerAssistant},
		{"Provider for {P}: {X} (agreed at the March review; {R}).\nDo not change without sign-off from the duty manager.", SpeakerCode},
		{"just heard back from the board: {X} got the nod for {P}. their note says {R}. can you update the SOP draft so it names it properly?", SpeakerUser},
		{"Done. From today's shift onward, {X} is what we use for {P}; the old forms are in the archive folder. Writing the reason down so it isn't lost: {R}.", SpeakerAssistant},
	},
	choices: []string{"Zootrition", "Mazuri Leaf-Eater Primate Diet", "SARCALL", "D4H Incident Management",
		"Sked Basic Rescue System", "Vanderlande POSISORTER", "Zebra ZT411", "Paraloid B-72", "Hxtal NYL-1",
		"isothermal glazing", "Permit Vision", "Dräger X-am 8000", "Credo Cube", "Sensitech TempTale Ultra",
		"coldTrack", "kizeo forms", "myRouteOnline"},
	purposes: []string{"the carnivore thaw schedule", "the giraffe browse rota", "nutrient analysis of the primate diets",
		"paging the team on a callout", "stretcher carries on steep ground", "the callout incident log",
		"flats sortation on the night shift", "printing the redirect labels",
		"consolidating the flaking paint on the chancel panels", "bonding the cracked pieces in the east window",
		"protecting the windows after reinstatement", "issuing hot-work permits", "gas testing before confined-space entry",
		"keeping the frozen plasma cold on the long runs", "temperature logging in transit",
		"planning the hospital drop routes", "driver proof-of-delivery forms"},
	reasons: []string{"the keepers can enter weights straight from the scale", "the vets want an amino acid breakdown per animal",
		"it falls back to voice calls when mobile data is patchy", "it splits in two for carrying through boulder fields",
		"it lets the police coordinator follow entries from the control room",
		"it reads handwritten postcodes better than the old OCR", "the labels stay legible after a wet night in the cages",
		"it stays reversible in acetone for the next conservator", "it doesn't yellow under the south aisle sunlight",
		"the diocesan adviser asked for a ventilated gap", "the OIM can countersign from the tablet on the bridge",
		"it logs H2S and LEL in a single pass", "the boxes held temperature for 96 hours in the audit",
		"the hospital labs accept its reports without a wet signature", "drivers lose signal on the A9 and it works offline",
		"the works council already approved the rollout", "it costs less than half the incumbent's yearly fee"},
	taskTpl: []template{
		{"the auditor is back on the 22nd and we're obliged to {X} before she arrives, so that one can't slide again", SpeakerUser},
		{"I can't sign off the handover until someone is able to {X}; I've left the status at amber and noted why in the summary.", SpeakerAssistant},
		{"I'm on leave from tomorrow, handing over to Rui. Rui, please {X}. everything else on my list is done or can wait", SpeakerUser},
		{"could you {X} sometime today? or tell me if it has to wait for the night crew", SpeakerUser},
		{"anyway, the main thing this week is the inspection on Friday, and before that we have to {X}. other than that it's quiet", SpeakerUser},
		{"what did we promise the contractor on the phone?" + TurnSep + "That we'd {X} by Wednesday. Nothing has happened on it yet, so it's still ours to do.", SpeakerTwoTurns},
		{"Key    | Summary                                | Assignee | State\nCK-88  | {X} | (none)   | To Do\nCK-86  | new hi-vis vests for the yard          | ewan     | Done\nCK-85  | fix the door buzzer                    | ewan     | Done", SpeakerTool},
		{"Shift handover checklist\n- [x] radios back on charge\n- [x] fridge temperatures logged\n- [ ] {X}\n- [x] keys returned to the safe", SpeakerTool},
		{"remind me on Monday to {X}. I'll forget otherwise, I always do", SpeakerUser},
		{"From: L. Brodie, Site Safety\nSubject: still outstanding\n\nHello again. We're still waiting for your team to {X}. Nothing else can be closed on our side until that's in.\n\nLorna", SpeakerTool},
		{"TODO(ak): {X}.\nUntil then the import below silently skips those rows.", SpeakerCode},
		{"FIXME: blocked until we {X}.\nThe totals this report prints are wrong until that happens.", SpeakerCode},
		{"Status: the import works and the tests pass. One item is still open and I haven't touched it: {X}.", SpeakerAssistant},
		{"anything I'm forgetting before shift change?" + TurnSep + "Yes, you still need to {X}. It was on yesterday's list and never got ticked off.", SpeakerTwoTurns},
		{"[14:20] morag: is anyone able to {X}?\n[14:26] morag: anyone?\n[14:31] dev: not me, I'm offshore till Thursday\n[14:32] morag: great", SpeakerTool},
		{"Heads up: you asked me yesterday to {X} and I haven't yet, because the access request is still pending. It's next once that comes through.", SpeakerAssistant},
	},
	tasks: []string{"weigh out the weekend diets for the fruit bats", "thaw the rat stock for the reptile house",
		"order two pallets of willow browse before the frost", "send the callout log to the police liaison",
		"re-pack the casualty bag after Saturday's callout", "service the vacuum mattress valve",
		"re-run the test deck on flats sorter 4", "reprint the redirect labels for the Kirkby walks",
		"clear the jammed bins on the inward primary belt", "photograph the north aisle panels under raking light",
		"record the condition of panel 3b before cleaning", "send the faculty application to the diocese",
		"renew the isolation certificate for the B-train compressor", "close out the night shift's hot-work permits",
		"bump-test the gas monitors before the tank entry", "return the empty shippers to the Dundee depot",
		"download the logger data from the Raigmore drop", "chase the signed custody forms from the fractionation plant"},
	pathTpl: []template{
		{"the latest one is at {X}, not the one attached to the email. that's two versions out of date", SpeakerUser},
		{"The import reads from `{X}`, which is why your edits to the copy on the shared drive never showed up.", SpeakerAssistant},
		{"2026-04-09T03:14:52Z ERROR export: cannot open {X}: no such file or directory\n2026-04-09T03:14:52Z INFO export: will retry at 03:30", SpeakerTool},
		{"[sync]\nsource = {X}\ninterval_min = 15\nnotify = duty-desk", SpeakerTool},
		{"Runbook, step 4: archive\n  1. Stop the sync service.\n  2. Back up {X} to the archive share.\n  3. Start the service again and wait for the green light.", SpeakerTool},
		{"Source of truth: {X}\nRead once at start-up, so restart the service after editing it.", SpeakerCode},
		{"where does the scanner drop its files again?" + TurnSep + "Into {X}. I checked it against the service config just now.", SpeakerTwoTurns},
		{"Ticket 2291: export not updating\nReporter: front office\nDetails: {X} stopped updating some time overnight. Looks like a permissions problem after the weekend's changes.", SpeakerTool},
		{"I've pointed the nightly copy at {X} and removed the old target from the cron entry.", SpeakerAssistant},
		{"fyi IT moved everything, it's {X} now. if anything breaks this week that's probably why", SpeakerUser},
	},
	paths: []string{"/srv/zoo-kitchen/diets/2026/primates.xlsx", `\\ZOO-FS02\Nutrition\Browse Rota\winter.docx`,
		"~/Documents/Rescue Team/Callout Logs/2026-03.csv", "./callouts/exports/pager_feed.json",
		"../sorting/night/machine4_rejects.txt", `D:\SortCentre\Plans\flats_sort_plan_v12.csv`,
		"s3://plasma-courier-temps/loggers/2026/04/", "gs://glassworks-archive/raking-light/north-aisle/",
		"sftp://ptw.platform-alpha.internal/permits/outbox/", "https://wiki.hillrescue.org.uk/kit/vacuum-mattress",
		"/etc/ptwd/isolations.d/b-train.yaml", "studio/condition-reports/panel_3b.md",
		"/var/log/courier/routes/inverness.log", "/Users/mcraig/Desktop/Faculty Application/east window.pdf",
		`C:\Users\keeper\AppData\Local\DietPlanner\recipes.db`, "file:///mnt/platform/permits/hotwork/2026-W14/",
		"~/plasma runs/handover notes.txt"},
	idTpl: []template{
		{"the one to chase is {X}, not the one before it. I wrote it on the whiteboard", SpeakerUser},
		{"{X} appears twice in the export, once with the old date, so the duplicate is real and not a display glitch.", SpeakerAssistant},
		{"From: customer services\nSubject: Re: your query\n\nHi, following up on {X} again. The status hasn't changed on our side since Tuesday.\n\nRegards,\nAnwen", SpeakerTool},
		{"2026-04-11 22:07:31 WARN reconcile: record {X} has no matching entry in the daily sheet\n2026-04-11 22:07:31 INFO reconcile: 1 mismatch, continuing", SpeakerTool},
		{"Special case for {X}: its record predates the new format.\nDelete this branch once it has been re-entered.", SpeakerCode},
		{"what was the reference on the one that came back this morning?" + TurnSep + "{X}. I've put it in the handover notes so the next shift has it.", SpeakerTwoTurns},
		{"reference,state,owner,updated\n{X},ON HOLD,duty desk,2026-04-10\n(1 row)", SpeakerTool},
		{"please quote {X} exactly when you write back to them, they can't find anything without it", SpeakerUser},
		{"Searching the logs for {X} gives four hits, all from the Sunday night shift.", SpeakerAssistant},
		{"[11:02] tam: which ref is the broken one?\n[11:03] jo: {X}\n[11:03] tam: cheers", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		roman := []string{"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"}
		switch r.IntN(15) {
		case 0: // zoo animal accession number
			return fmt.Sprintf("Z%02d-%04d", 18+r.IntN(9), r.IntN(10000))
		case 1: // diet sheet number, species code prefix
			return fmt.Sprintf("DS-%c%c%03d", letter(), letter(), r.IntN(1000))
		case 2: // mountain rescue incident number
			return fmt.Sprintf("MR%d/%03d", 24+r.IntN(3), 1+r.IntN(250))
		case 3: // OS grid reference
			sq := []string{"NN", "NH", "NG", "NY", "SH", "NO"}[r.IntN(6)]
			return fmt.Sprintf("%s %04d %04d", sq, r.IntN(10000), r.IntN(10000))
		case 4: // tracked item barcode
			return fmt.Sprintf("%c%c%09dGB", letter(), letter(), r.IntN(1000000000))
		case 5: // mail bag label
			return fmt.Sprintf("BAG %c%c%c-%06d", letter(), letter(), letter(), r.IntN(1000000))
		case 6: // Corpus Vitrearum panel number
			return fmt.Sprintf("%c%s %d%c", "ns"[r.IntN(2)], roman[r.IntN(len(roman))], 1+r.IntN(6), 'a'+rune(r.IntN(4)))
		case 7: // conservation job number
			return fmt.Sprintf("CJ-%d-%03d", 2025+r.IntN(2), r.IntN(1000))
		case 8: // permit to work
			return fmt.Sprintf("PTW-%06d", r.IntN(1000000))
		case 9: // isolation certificate
			return fmt.Sprintf("ICC-%c%04d", letter(), r.IntN(10000))
		case 10: // P&ID equipment tag
			kind := []string{"PSV", "XV", "LT", "HV", "PCV"}[r.IntN(5)]
			return fmt.Sprintf("%d-%s-%04d%c", 10+r.IntN(80), kind, r.IntN(10000), "ABC"[r.IntN(3)])
		case 11: // ISBT 128 donation identification number
			return fmt.Sprintf("%c%04d %d %06d", "GW"[r.IntN(2)], r.IntN(10000), 25+r.IntN(2), r.IntN(1000000))
		case 12: // courier consignment note
			return fmt.Sprintf("CN%08d", r.IntN(100000000))
		case 13: // temperature logger serial
			return fmt.Sprintf("TTU-%06X", r.Uint32()&0xffffff)
		}
		// route plan revision hash
		return fmt.Sprintf("rp-%08x", r.Uint32())
	},
	distractorTpl: []template{
		{"we looked at {X} for {P} and said no, the running costs were silly. please don't bring it back up", SpeakerUser},
		{"{X} was trialled for {P} over the winter and dropped after two months; I've left it out of the new procedure.", SpeakerAssistant},
		{"If the supplier folds, {X} could stand in for {P}, but that's only a contingency and nobody has agreed to it.", SpeakerAssistant},
		{"Note from the Aberdeen site, pasted as received: \"We use {X} for {P} because {R}.\" That's their arrangement, not ours; nothing changes here.", SpeakerTool},
		{"is {X} still in the running for {P}?" + TurnSep + "Nobody's decided. It stays an open question until the vendor demo, so I haven't built anything around it.", SpeakerTwoTurns},
		{"Example only: \"{X}\" in the sample config below is a placeholder name.\nIt is not what this site uses.", SpeakerCode},
		{"should we reconsider {X} for {P}?" + TurnSep + "No, it was ruled out in March when the trial showed it couldn't cope. We're sticking with what we have.", SpeakerTwoTurns},
		{"you can strike the one to {T}, Sandy did it on the night shift", SpeakerUser},
		{"Done this week\n- [x] {T}\n- [x] weekly fridge temperature sign-off", SpeakerTool},
		{"No need to {T} again; that was completed last Thursday and the record has been filed.", SpeakerAssistant},
		{"Previously someone had to {T} by hand each week.\nThat's automated now; nothing to do here.", SpeakerCode},
	},
	rejected: []string{"ZooEasy", "SARLOC", "Garmin inReach Messenger", "Siemens OVIS", "Araldite 2020", "Ormocer coating",
		"SAP EHS permit module", "Cryopak", "Tive Solo 5G", "Upper Route Planner"},
	done: []string{"scrub the thaw-room floor drains", "re-pack the winter hill kit", "replace the belt scraper on outward secondary",
		"photograph the west rose before removal", "renew the crane lift plan for the laydown area",
		"switch the dry-ice supplier for the Aberdeen run", "restock the insect freezer with crickets",
		"retire the cracked spine boards"},
}
