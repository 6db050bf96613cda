package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut22 returns n facts of each kind from the twenty-second held-out
// set. It is blind: its templates and values were written without reading
// the summarizer or its history, only the fact format and how facts are
// planted, so its score measures generalization rather than tuning.
//
// The domains are a humanitarian NGO's field logistics and cash transfers
// (beneficiary lists, mobile-money payouts, vouchers), a yacht marina's
// slip rentals, a university library's interlibrary document delivery, a
// semiconductor equipment vendor's field service (service requests, spare
// parts, tool serials), a city bike-share's rebalancing and a hospice's
// care scheduling. The phrasing is that of long working sessions: terse
// and chatty user messages, decisions implied by approval or by work
// already done against a choice, recaps, forwarded sign-offs, meeting
// minutes, tracker exports, chat logs, emails, tickets and sync logs read
// by the assistant, and code comments. Tasks come as obligations,
// deadlines, promises, waiting on someone, questions and checklist items.
// Distractors are options dropped or lost on price, fallbacks nobody plans
// to use, another organisation's choice, open questions, placeholder names
// in examples, and tasks already finished.
func HeldOut22(seed uint64, n int) []Fact { return heldOut22.facts(seed, n) }

var heldOut22 = factSet{
	decisionTpl: []template{
		{"ok so {X} for {P}. mostly because {R}, honestly the rest of the comparison barely matters. can you start on the import after lunch?", SpeakerUser},
		{"I've wired {P} up against {X} now; went with it since {R}. The old adapter is still in the tree but nothing calls it any more.", SpeakerAssistant},
		{"Ops sync, Thursday\nAttendees: Amina, Joost, Reza (Dana sent apologies)\n- {P}: {X} approved, Joost to sign the order form. Why: {R}.\n- Next sync moves to 10:30 because of the warehouse audit", SpeakerTool},
		{"{P} goes through {X}.\nWe picked it over the other candidates because {R};\nif you want to swap it out, talk to ops first.", SpeakerCode},
		{"for {P}, should I stop hedging and just commit to {X}?" + TurnSep + "Yes, commit to {X}: {R}, and nothing else on the shortlist can say that. I'll drop the comparison branch.", SpeakerTwoTurns},
		{"Forwarding Reza's reply, tl;dr he signed off: \"{X} is fine for {P} as far as I'm concerned, {R}.\" So that's settled, please build against it and stop asking the vendors for demos.", SpeakerUser},
		{"Quick recap before I carry on: {P} now runs on {X}. You okayed that yesterday on the grounds that {R}, so I've removed the feature flag that switched between the two.", SpeakerAssistant},
		{"decision-log.csv (excerpt)\narea,chosen,rationale,status\n\"{P}\",\"{X}\",\"{R}\",accepted", SpeakerTool},
		{"my manager asked what we landed on for {P}. told her {X}, since {R}. don't make me a liar lol", SpeakerUser},
		{"DECISION: {X} is the system of record for {P}.\nReason: {R}.\nAnything else that writes here is a bug.", SpeakerCode},
		{"remind me why {X} won for {P}? someone on the call asked and I blanked" + TurnSep + "Because {R}. That was the point that settled it last week, and the config now assumes {X} everywhere.", SpeakerTwoTurns},
		{"#field-ops export\n[09:14] dana: are we really doing {X} for {P}?\n[09:15] ike: yep, signed off this morning. {R} and that was the end of it\n[09:15] dana: ok 👍 will tell the site leads", SpeakerTool},
	},
	choices: []string{"RedRose ONE", "KoboToolbox", "MTN MoMo", "Ushahidi", "Dockwa", "Harba", "ILLiad", "RapidILL",
		"ReShare", "Kestrel FSM", "TeamViewer Tensor", "Bike Angels", "Velotrak", "RouteMill", "Solace Rostr", "Hospiscribe"},
	purposes: []string{"the voucher redemption flow", "beneficiary registration at the distribution points",
		"the mobile-money disbursements", "the slip waitlist", "seasonal slip contracts", "article requests from partner libraries",
		"the scan-and-deliver queue", "copyright clearance on lending requests", "the spare-parts loaner pool",
		"remote tool diagnostics", "the field engineer dispatch board", "the overnight rebalancing runs",
		"station fill-level alerts", "the on-call nurse rosters", "bereavement follow-up calls", "volunteer visit scheduling"},
	reasons: []string{"the donor audit needs a receipt trail per household", "it keeps working offline in the camps for days",
		"the harbourmaster can edit contracts from a phone on the dock", "boaters already use it to settle fuel and pump-out charges",
		"the consortium pays for it out of the shared budget", "it counts fair-use copies per journal title",
		"the vendor's engineers already carry it on their laptops", "one engineer can hold parts across two customer sites",
		"the fab customers forbid inbound VPN sessions", "it predicts empty stations forty minutes ahead",
		"riders end up doing part of the rebalancing for free", "it respects each nurse's maximum driving radius",
		"families get a reminder text the evening before each visit", "it generates the hospice cap report without spreadsheets",
		"it copes with continuous-care shifts that cross midnight", "the cash-out agents in Maiduguri settle on it within a day"},
	taskTpl: []template{
		{"before friday someone has to {X}, and that someone is probably you, sorry. I'm out at the distribution site all week", SpeakerUser},
		{"Still outstanding on my side: I need to {X}. I'll pick it up as soon as the test run is green.", SpeakerAssistant},
		{"tracker export 2026-11-29\nSTATUS  PRI  OWNER       DUE         SUMMARY\nOPEN    P2   unassigned  2026-12-04  {X}\nOPEN    P3   amina       2026-12-10  tidy the shared drive", SpeakerTool},
		{"TODO(ops): {X}.\nBlocked until the partner sends over the new credentials.", SpeakerCode},
		{"wait, did we ever {X}?" + TurnSep + "No, not yet, it's still open. I'll put it at the top of this week's list so it doesn't slip again.", SpeakerTwoTurns},
		{"the auditors are in on the 12th so we really must {X} first, no slipping this one", SpeakerUser},
		{"From: ops-lead@fieldteam.example\nSubject: Re: handover before leave\n\nHi, could you {X} before you go on leave? Nobody else has the access for it.\n\nThanks, J.", SpeakerTool},
		{"I promised Joost I'd {X}; that isn't done yet, so don't let me wrap up the session without it.", SpeakerAssistant},
		{"still waiting on finance before we can {X}. ping me when the sign-off lands and then do it straight away", SpeakerUser},
		{"Action items\n1. Amina: {X} (by end of month)\n2. Reza: circulate these minutes\n3. All: send leave dates to Dana", SpeakerTool},
		{"FIXME: this stays wrong until we {X}.\nDo not remove the guard below before then.", SpeakerCode},
		{"what's left on the checklist from this morning?" + TurnSep + "One item: {X}. Everything else is ticked off and pushed.", SpeakerTwoTurns},
		{"Heads-up: tomorrow morning I still have to {X}, and it can't wait past standup.", SpeakerAssistant},
		{"add to the list pls: {X}. not urgent-urgent but it has to happen this sprint", SpeakerUser},
	},
	tasks: []string{"renew the agent agreement with the Kano cash-out partner", "re-run deduplication on the Maiduguri beneficiary list",
		"send the winter storage invoices to the E-dock tenants", "repaint the slip numbers on the south pier",
		"reset the harbour gate codes after the contract changeover", "chase the overdue loan from the Leiden lender",
		"purge delivered article scans older than 30 days", "ship the spare turbo pump to the Dresden customer",
		"close out the PM checklist for chamber B on tool 7", "move six bikes from Union Square to the Riverside dock",
		"recalibrate the fill-level thresholds for the downtown stations", "rebuild the weekend on-call rota for the night nurses",
		"confirm the chaplain visits for next week", "update the continuous-care shift template for the holidays",
		"file the quarterly report for the ECHO grant"},
	pathTpl: []template{
		{"ok the location that actually matters is {X}. everything else is someone's stale copy, ignore it", SpeakerUser},
		{"Found it: the job reads from {X}, not from the location the README claims.", SpeakerAssistant},
		{"Ticket body:\nSince the upgrade the sync writes to {X} and something overwrites it around 02:00.\nAttached: screenshot.png", SpeakerTool},
		{"Expects {X} to exist at startup; when it is missing we fall back to\nbuilt-in defaults and log a warning.", SpeakerCode},
		{"where did that end up?" + TurnSep + "At {X}. I left the old location alone so nothing breaks in the meantime.", SpeakerTwoTurns},
		{"fyi Reza reorganised the share over the weekend, so it's {X} now. old links are dead", SpeakerUser},
		{"Permissions on {X} were the problem; I fixed them and re-ran the import, 412 rows in.", SpeakerAssistant},
		{"03:12:07 WARN sync: permission denied: {X}\n03:12:07 WARN sync: retry 1/3 in 30s\n03:12:37 INFO sync: ok", SpeakerTool},
		{"Hard-coded to {X} because that's where the field team looks.\nIf it moves, change it here and only here.", SpeakerCode},
		{"diff your output against {X} please, that's the version the field team actually uses", SpeakerUser},
	},
	paths: []string{"/srv/cva/exports/2026-11/redemptions_kano.csv", `C:\Marina\SlipMaster\contracts\2027_seasonal.xlsx`,
		`\\libfs02\ill\outgoing\scans`, "~/fse/logs/etch-chamber-3/pm_2026-11-18.log",
		"s3://bikeshare-rebal/plans/nightly/2026-11-30.json", "hospice/rostering/config/visit_windows.yaml",
		"./tools/kobo_sync.py", "/var/spool/ill/lending/inbox/", "sftp://transfer.cashpartner.example/outbound/disbursement_batch_17.csv",
		"docs/runbooks/marina/fuel-dock-closeout.md", `D:\FieldService\Tools\AXM-2930\calib\offsets.ini`,
		"etc/rebalancer/zones.geojson", "/mnt/hospice-share/Bereavement/2026-Q4_calls.xlsx",
		"services/ill-router/internal/lender/ranking.go"},
	idTpl: []template{
		{"it's about {X} again, same complaint as last month", SpeakerUser},
		{"The record that trips the validator is {X}; every other row parses.", SpeakerAssistant},
		{"Subject: Re: {X}\n\nHi all, quick update on this one: the courier confirmed pickup this morning.\n\n- Fatuma", SpeakerTool},
		{"Regression fixture: reproduces the bug reported against {X}.\nKeep it even if it looks redundant.", SpeakerCode},
		{"which one was it, the thing Dana flagged?" + TurnSep + "{X}, the one from Tuesday's export.", SpeakerTwoTurns},
		{"export.csv\nref,status,owner,updated\n{X},reopened,ike,2026-11-28", SpeakerTool},
		{"quote {X} when you reply to them, otherwise their helpdesk bounces it", SpeakerUser},
		{"Cross-checked against {X}: the figures match to the cent.", SpeakerAssistant},
		{"Value copied from the partner's export: {X}.\nDo not reformat it, they match on the exact string.", SpeakerCode},
		{"no no, the one I mean is {X}, not the one that came in on friday", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		letters := func(k int) string {
			b := make([]byte, k)
			for i := range b {
				b[i] = byte('A' + r.IntN(26))
			}
			return string(b)
		}
		pick := func(list ...string) string { return list[r.IntN(len(list))] }
		switch r.IntN(14) {
		case 0: // beneficiary household
			return fmt.Sprintf("HH-%s-%06d", pick("KAN", "MDG", "BOR", "YOL"), r.IntN(1000000))
		case 1: // mobile-money transaction code
			const alnum = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
			b := []byte{byte('P' + r.IntN(8))}
			for range 9 {
				b = append(b, alnum[r.IntN(len(alnum))])
			}
			return string(b)
		case 2: // hull identification number
			return fmt.Sprintf("%s%05d%c%d%02d", letters(3), r.IntN(100000), 'A'+rune(r.IntN(12)), r.IntN(10), 18+r.IntN(9))
		case 3: // slip contract
			return fmt.Sprintf("SLP-%d-%04d", 2026+r.IntN(2), r.IntN(10000))
		case 4: // ILL transaction number
			return fmt.Sprintf("TN %d", 600000+r.IntN(400000))
		case 5: // DOI of a requested article
			return fmt.Sprintf("10.%d/%s.%d.%02d.%03d", 1000+r.IntN(9000), pick("j.jsg", "jmr", "acs.jpcb", "s11192", "pnas"), 2000+r.IntN(26), 1+r.IntN(12), r.IntN(1000))
		case 6: // field service request
			return fmt.Sprintf("FSR-%d%06d", 25+r.IntN(2), r.IntN(1000000))
		case 7: // equipment serial
			return fmt.Sprintf("%s-%04d-%s", pick("ETX", "CVD", "IMP", "CMP"), r.IntN(10000), letters(2))
		case 8: // spare part number
			return fmt.Sprintf("0%d0-%05d", 10+r.IntN(90), r.IntN(100000))
		case 9: // bike-share station
			return fmt.Sprintf("STN-%s%03d", pick("DT", "RV", "UN", "HB", "EP"), r.IntN(1000))
		case 10: // bike frame serial
			return fmt.Sprintf("BK%02d%c%05d", 18+r.IntN(8), 'A'+rune(r.IntN(26)), r.IntN(100000))
		case 11: // hospice medical record number
			return fmt.Sprintf("MRN %08d", r.IntN(100000000))
		case 12: // scheduled visit
			return fmt.Sprintf("VIS-2026%02d%02d-%03d", 1+r.IntN(12), 1+r.IntN(28), r.IntN(1000))
		}
		// checksum of a rebalancing plan export
		return fmt.Sprintf("sha256:%012x", r.Uint64()&0xffffffffffff)
	},
	distractorTpl: []template{
		{"we looked at {X} for {P} and dropped it, nobody could get through their onboarding call. so no, not that one", SpeakerUser},
		{"Procurement notes\n- {P}: shortlist was {X} vs. the incumbent; {X} lost on price.\n- No change for now, revisit next budget year", SpeakerTool},
		{"If we ever had to drop the current setup, {X} is the fallback I'd look at for {P}, but nothing like that is planned.", SpeakerAssistant},
		{"the Red Crescent team next door uses {X} for {P}, they swear by it because {R}. not our call though and we're not switching", SpeakerUser},
		{"would {X} even cope with {P}?" + TurnSep + "Honestly I don't know yet. Nobody here has tried it, and I'd want a pilot before anyone treats it as a real option.", SpeakerTwoTurns},
		{"Example only: {X} appears here as a placeholder vendor name for {P}.\nThe real integration is configured elsewhere.", SpeakerCode},
		{"From the handover list, \"{T}\" was done earlier today, so nothing left there.", SpeakerAssistant},
		{"CLOSED  {T}  (resolved 2026-11-27, verified by Amina)", SpeakerTool},
		{"did you {T} in the end?" + TurnSep + "Yes, that one's finished; I double-checked it this morning.", SpeakerTwoTurns},
		{"good news, Reza managed to {T} over the weekend so scratch that one off", SpeakerUser},
	},
	rejected: []string{"Sahana Eden", "CommCare", "Snag-A-Slip", "DockBook Cloud", "Relais D2D", "Ariel ILL",
		"Syncron Parts", "RouteXL", "Veloplan", "PalliSched"},
	done: []string{"reconcile the October voucher redemptions", "re-key the fuel dock card reader",
		"migrate the lending string presets", "swap the RF generator on the etch tool at site 4",
		"retire the three dead docks on Harbour Street", "export the bereavement call log for the chaplain",
		"clear the backlog of unscanned ILL returns", "sign the partner MoU with the cash agent"},
}
