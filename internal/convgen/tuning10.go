package convgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Tuning10 returns n facts of each kind from the tenth tuning set, plus n
// distractors. Its domains are a veterinary pharmacy's compounding (bases,
// beyond-use dates, lot numbers), an esports league's match scheduling
// (brackets, forfeits, broadcast slots), a public radio station's pledge
// drives (phone banks, tote boards, thank-you gifts), a data center's
// capacity planning (rack power, cooling, service tags), a craft
// marketplace's seller payouts (payout holds, ACH traces, 1099-K forms) and
// a rail operator's signal maintenance (interlockings, track circuits,
// level crossings). Facts are phrased the way people talk in long working
// sessions: decisions implied by an approval, a signed order form or a
// settled chat thread, recorded in minutes, an RFC status block or a code
// comment; tasks implied by promises, deadlines, reminders, tickets,
// checklists and blockers; paths and identifiers dropped into asides,
// emails, log lines, ticket headers and chat exports. Distractors are
// options trialled and dropped, hypotheticals, another station's choice,
// open questions, examples and finished work. The set was written without
// reading the summarizer, and is a tuning set.
func Tuning10(seed uint64, n int) []Fact { return tuning10.facts(seed, n) }

var tuning10 = factSet{
	decisionTpl: []template{
		{"ok so after the call with Dana: we're going with {X} for {P}. mostly because {R}. can you wire that in when you get to it? no rush, after the flaky test.", SpeakerUser},
		{"Switched {P} over to {X} per your thumbs-up earlier (you mentioned {R}), and left the old adapter in place until the next release so nothing breaks mid-week.", SpeakerAssistant},
		{"Ops sync, minutes\nAttendees: R. Okafor, J. Lind, M. Reyes\n\n1. Agreed to standardize on {X} for {P}. Reason given: {R}.\n2. Parking lot: badge access for contractors (no owner yet).\n3. Next sync moved to Thursday.", SpeakerTool},
		{"From: Helen Marsh\nTo: platform-team\nSubject: Re: options for {P}\n\nSigned the order form this morning, so it's {X} from here on. Legal only stopped objecting once I pointed out that {R}.\n\nHelen", SpeakerTool},
		{"Backend for {P} is {X}.\nWe looked at two others and picked this one because {R}.\nTalk to ops before swapping it out.", SpeakerCode},
		{"did we ever land on something for {P}? I lost track in all the threads" + TurnSep + "We did: {X}. You signed off on it Tuesday, and the deciding factor was that {R}.", SpeakerTwoTurns},
		{"Quick update before I forget, procurement approved {X}, so that's what {P} runs on now. They only agreed because {R}, fwiw. Anyway, back to the timezone bug.", SpeakerUser},
		{"[09:14] priya: so is it settled for {P}?\n[09:15] marco: yep, {X}. clincher was that {R}\n[09:15] priya: 👍 ship it\n[09:16] marco: writing the ticket now", SpeakerTool},
		{"I'll be blunt: {X} wins for {P}. I don't love it, but {R}, and that ends the debate as far as I'm concerned.", SpeakerUser},
		{"NOTE(ops): {X} is the supported option for {P} as of the March review ({R}).\nAnything else is best effort.", SpeakerCode},
		{"I'm leaning {X} for {P} because {R}. objections?" + TurnSep + "None from me, {X} fits. I'll record it as agreed and start moving {P} across after this fix.", SpeakerTwoTurns},
		{"RFC 14: what we use for {P}\nStatus: accepted (2 approvals, 0 blocking)\nSelected: {X}\nWhy: {R}\nFollow-ups: migration plan due next sprint", SpeakerTool},
		{"Pinned {P} to {X} in the settings module and deleted the comparison branch, since {R} and nobody argued for the alternatives.", SpeakerAssistant},
	},
	choices: []string{"PCCA Lipoderm", "Medisca VersaBase", "Fagron SyrSpend SF", "Toornament", "Challengermode",
		"GSL-style groups", "Allegiance Fundraising", "ThankView", "Five9", "Sunbird dcTrack", "Nlyte",
		"Vertiv Liebert EXL", "Rapyd Disburse", "Adyen for Platforms", "Bentley AssetWise", "Siemens WESTRACE"},
	purposes: []string{"the feline transdermal gels", "the compounding batch records", "the playoff match calendar",
		"scrim and match slot booking", "the fall pledge drive phone bank", "the sustainer thank-you gifts",
		"rack power forecasting", "the cage and rack inventory", "the weekly seller payouts",
		"cross-border payouts to EU makers", "the signal inspection work orders",
		"the axle counter replacements on the Eastfield line", "the UPS refresh in hall B", "the on-air pledge tally board"},
	reasons: []string{"the state board inspector asked for lot-level traceability",
		"cats refuse anything that tastes of fish oil", "it handles rescheduling when a team forfeits",
		"casters need the slots locked before Thursday", "it posts pledges to the tote board within seconds",
		"the CPB station audit accepts its exports", "it models breaker load per PDU",
		"hall C is already at eighty percent of its cooling", "it generates the 1099-K forms",
		"sellers in Portugal kept getting stuck in onboarding", "it tracks FRA inspection intervals",
		"the track-access windows are only four hours", "it survives a dropped uplink in the tunnel sections",
		"USP 795 wants a documented beyond-use date"},
	taskTpl: []template{
		{"Also, I told the compliance lead I'd {X} before Friday's inspection, and I haven't. Nudge me if I go quiet.", SpeakerUser},
		{"Outstanding on my side: I have to {X}. It's blocked until the export finishes, so I'll come back to it after lunch.", SpeakerAssistant},
		{"Ticket status: Open\nAssignee: unassigned\nSummary: {X}\nDue: end of week\nWatchers: 3", SpeakerTool},
		{"XXX: numbers here are stale until we {X}.\nOwner: jlind, due before the quarter closes.", SpeakerCode},
		{"anything left over from yesterday?" + TurnSep + "One thing didn't get done: somebody has to {X}, and I think that one was on us.", SpeakerTwoTurns},
		{"when you have a sec, please {X}. the regional manager is going to ask about it Monday and I'd rather not improvise", SpeakerUser},
		{"Before I close this out: nobody has been assigned to {X} yet, and it's due on the 15th.", SpeakerAssistant},
		{"From: ops-desk\nSubject: reminder\n\nHi all,\nFriendly nudge that we're on the hook to {X} this week. Reply-all when it's done so I can close the loop.\n\nThanks,\nGreta", SpeakerTool},
		{"Cutover checklist\n- [x] freeze config\n- [x] notify on-call\n- [ ] {X}\n- [ ] sign-off from the duty manager", SpeakerTool},
		{"ugh, almost forgot, my manager wants me to {X} and I have zero idea where to start. let's sort that out once this bug is fixed", SpeakerUser},
		{"Pending: {X}.\nThe report below is wrong for that period until this lands.", SpeakerCode},
		{"remind me what's blocking the release?" + TurnSep + "Just one item: we have to {X}. Everything else on the list is green.", SpeakerTwoTurns},
		{"I added a placeholder to the runbook, but the real fix means someone has to {X}, which I can't do from this sandbox; you'll need the admin console for it.", SpeakerAssistant},
	},
	tasks: []string{"recalculate the beyond-use dates for the methimazole lots",
		"re-run the potency assay on the gabapentin suspension batch", "move the week 6 matches off the Saturday broadcast slot",
		"send the forfeit notices to both Division B captains", "reconcile the pledge totals against the phone bank sheets",
		"mail the premium fulfillment list to the warehouse", "re-baseline the power draw for rows 14 through 18",
		"order the two spare CRAH fan modules for hall B", "retry the failed payouts for sellers in the Netherlands",
		"backfill the missing tax IDs for the top-earning sellers", "inspect the track circuits at milepost 42",
		"replace the batteries in the level crossing controllers at Ashby",
		"file the signal failure report for the Northgate interlocking"},
	pathTpl: []template{
		{"the file you want is {X}. don't use the copy on the shared drive, it's two revisions behind", SpeakerUser},
		{"Found it: the behaviour comes from {X}. Nothing else references that setting, so it's safe to change it there.", SpeakerAssistant},
		{"Where things live\n  source data .... {X}\n  owner .......... M. Reyes\n  refreshed ...... nightly at 02:00", SpeakerTool},
		{"Generated alongside {X}; regenerate both if either one changes.\nThe Makefile target has the exact command.", SpeakerCode},
		{"what was the path to that thing again? I always lose it" + TurnSep + "It's {X}. I'll add that to the README so it's easier to find next time.", SpeakerTwoTurns},
		{"heads up, I touched {X} last night while you were offline. nothing big, but look before you merge", SpeakerUser},
		{"The error points at {X}, and the timestamps match tonight's run, so it isn't a stale copy.", SpeakerAssistant},
		{"2026-11-03 06:12:44 WARN loader: could not open {X}: permission denied (uid=1002)\n2026-11-03 06:12:44 INFO loader: falling back to cached copy", SpeakerTool},
		{"please don't rename {X}, the auditors' script has that exact path hard-coded", SpeakerUser},
	},
	paths: []string{"/srv/compounding/formulas/methimazole_lipoderm_5mg.yaml", `C:\Compounding\Worksheets\gabapentin-susp.xlsx`,
		"league/schedules/season-7/week-06.ics", "~/esports/bracket-exports/div-b_playoffs.json",
		"s3://kxpr-pledge-drive/fall-2026/tallies/", "/mnt/nas/pledge/premiums_fulfillment_2026-10.csv",
		"capacity/halls/hall-b/rows_14-18.pdu.csv", `\\dcfs01\capacity\forecast_Q3.xlsx`,
		"services/payouts/internal/ledger/sweep.go", "payouts/migrations/20261104_add_payout_holds.sql",
		"/opt/signals/interlocking/northgate/config.ini", "maintenance/crossings/ashby/battery_log_2026.txt",
		"./scripts/bud_recalc.py"},
	idTpl: []template{
		{"the one in question is {X}. the person on the phone swears it was sorted last week, so can you check the history", SpeakerUser},
		{"The failing record is {X}; it's the only one in the batch with a null timestamp.", SpeakerAssistant},
		{"Subject: Re: escalation\n\nHi, quoting {X} here so everyone can find this thread later. They want an update by Friday.\n\nNadia, Seller Support", SpeakerTool},
		{"Case opened 11/04 09:32\nRef: {X}\nPriority: P2\nReported by: night shift supervisor\nNotes: intermittent, cleared on its own after ~40 min", SpeakerTool},
		{"Regression case: {X} used to come back with the wrong status.\nKeep this fixture, it has caught the bug twice.", SpeakerCode},
		{"which one was it? I need it for the writeup" + TurnSep + "{X}. I copied it straight from the log, so it's exact.", SpeakerTwoTurns},
		{"fyi the vendor asks me for {X} on every call, so keep it handy in the notes", SpeakerUser},
		{"Cross-checked against the export: {X} appears twice, once with the corrected amount and once with the original, which explains the double count.", SpeakerAssistant},
		{"[14:02] sam: anyone know why {X} is still flagged?\n[14:05] lee: waiting on the field team, they're out there now\n[14:05] sam: ok ty", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letters := "ABCDEFGHJKLMNPRSTWXYZ"
		tagChars := "0123456789BCDFGHJKLMNPQRSTVWXZ"
		alnum := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
		pickStr := func(chars string, k int) string {
			var b strings.Builder
			for range k {
				b.WriteByte(chars[r.IntN(len(chars))])
			}
			return b.String()
		}
		switch r.IntN(12) {
		case 0: // compounding lot: drug code, date, batch
			drugs := []string{"MTZ", "GBP", "BUP", "FLU", "PRZ", "ENR"}
			return fmt.Sprintf("%s-26%02d%02d-%02d", drugs[r.IntN(len(drugs))], 1+r.IntN(12), 1+r.IntN(28), 1+r.IntN(20))
		case 1: // DEA registration number
			return fmt.Sprintf("%c%c%07d", "ABFM"[r.IntN(4)], letters[r.IntN(len(letters))], r.IntN(10000000))
		case 2: // game server match ID
			regions := []string{"NA1", "EUW1", "EUN1", "BR1", "KR", "OC1"}
			return fmt.Sprintf("%s_%d", regions[r.IntN(len(regions))], 4000000000+r.Int64N(900000000))
		case 3: // league match code: season, week, match
			return fmt.Sprintf("S%d-W%02d-M%03d", 5+r.IntN(5), 1+r.IntN(12), 1+r.IntN(200))
		case 4: // pledge confirmation number
			return fmt.Sprintf("PLG-%d%c-%06d", 25+r.IntN(2), "FS"[r.IntN(2)], r.IntN(1000000))
		case 5: // server service tag
			return pickStr(tagChars, 7)
		case 6: // rack position: site, hall, row, unit
			return fmt.Sprintf("DC%d-H%c-R%02d-U%02d", 1+r.IntN(4), 'A'+rune(r.IntN(4)), 1+r.IntN(30), 1+r.IntN(42))
		case 7: // change request
			return fmt.Sprintf("CHG%07d", r.IntN(10000000))
		case 8: // processor payout ID
			return "po_1" + pickStr(alnum, 23)
		case 9: // ACH trace number
			return fmt.Sprintf("%08d%07d", 10000000+r.IntN(90000000), r.IntN(10000000))
		case 10: // maintenance work order
			return fmt.Sprintf("WO-%d-%06d", 2025+r.IntN(2), r.IntN(1000000))
		}
		// signal number: box prefix and number
		boxes := []string{"NG", "AY", "EF", "WX", "HM"}
		return fmt.Sprintf("%s%d", boxes[r.IntN(len(boxes))], 100+r.IntN(900))
	},
	distractorTpl: []template{
		{"for the record, we trialled {X} for {P} last spring and dropped it. nobody wants to revisit that.", SpeakerUser},
		{"If we were starting from scratch I might suggest {X} for {P}, but that's purely hypothetical; nothing changes for now.", SpeakerAssistant},
		{"From: Tom Reilly\nSubject: fyi\n\nApparently the Brightwater folks moved {P} to {X} last month. Not relevant to us, just thought it was interesting.\n\nT.", SpeakerTool},
		{"should we be looking at {X} for {P}?" + TurnSep + "Hard to say. I don't have enough data yet and nobody has asked for it, so I'd leave that as an open question.", SpeakerTwoTurns},
		{"Example only: a config using {X} would look like the block below.\nNot what we ship; the real settings are elsewhere.", SpeakerCode},
		{"good news, I already managed to {T} this morning, so cross that one off", SpeakerUser},
		{"Closed this week\n- {T} (closed Tue, verified by M. Reyes)\n- nothing else moved", SpeakerTool},
		{"Already took care of the request to {T}; it's merged and verified, nothing left there.", SpeakerAssistant},
		{"Vendor shortlist for {P}: {X} was eliminated in round one, even though {R}, because the demo crashed twice.", SpeakerTool},
	},
	rejected: []string{"Perrigo Ora-Plus", "Battlefy", "FACEIT Organizer", "Givebutter", "Raritan Power IQ",
		"Veem Global Payments", "Thales AzLM", "Frauscher FAdC", "Payoneer Mass Payouts", "PK Compounding"},
	done: []string{"re-label the expired gabapentin vials", "publish the week 5 match results",
		"send the thank-you emails for the September drive", "decommission the old blade chassis in row 9",
		"clear the payout holds for the Lisbon sellers", "swap the failed relay at the Ashby crossing",
		"update the caster roster for the finals"},
}
