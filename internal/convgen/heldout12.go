package convgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// HeldOut18 returns n facts of each kind, and n distractors, from the
// eighteenth held-out set. It is blind: its templates and values were
// written without reading the summarizer or any earlier held-out set, so
// its score measures how the summarizer does on phrasing it was never
// shown.
//
// Its domains are a nonprofit's donor CRM and grant reporting, commercial
// construction project management (RFIs, submittals, punch lists), an
// open-pit mine's haul fleet and blasting, a retail loyalty program, a
// telecom operator's OSS/BSS and number porting, and a podcast hosting and
// dynamic ad-insertion platform. Decisions are mostly implied: an approval
// relayed from a call, an action already taken on the strength of a
// sign-off, steering-committee minutes, an accepted ADR, a vendor email, a
// chat export, a code comment warning against swapping a backend, or an
// answer to "what did we land on?". Tasks come as obligations, promises,
// deadlines, things blocked on someone else, handover checklists, meeting
// action items, tracker tickets and reminder emails. Paths take the shapes
// real ones do (absolute Unix paths, repository-relative files, Windows
// drive and UNC paths, object-store URLs, home-relative paths, spool
// directories) and appear in logs, handover notes and replies; identifiers
// are what people in these domains quote (CRM record ids, grant numbers,
// RFI and submittal numbers, punch items, equipment serials, blast shots,
// loyalty card and transaction numbers, porting codes, MSISDNs, ICCIDs,
// trouble tickets, episode GUIDs, ad campaign ids). Distractors are
// options rejected or lost in a bake-off, wishful hypotheticals, another
// organisation's choice, unanswered questions, placeholder examples, and
// finished tasks.
func HeldOut18(seed uint64, n int) []Fact { return heldOut18.facts(seed, n) }

var heldOut18 = factSet{
	decisionTpl: []template{
		{"ok, talked to Dana after standup and she's fine with it. we go with {X} for {P}, mostly because {R}. I'll let procurement know this afternoon, you can start whenever.", SpeakerUser},
		{"Since you gave the thumbs-up in the thread, I've pointed {P} at {X} and removed the second adapter we were keeping around; the deciding factor was that {R}.", SpeakerAssistant},
		{"Steering committee minutes, item 4\nAttendees: R. Okafor, J. Lindqvist, M. Duarte\nOutcome: {X} adopted for {P}.\nWhy: {R}.\nNext: contract paperwork to follow, no further discussion needed.", SpeakerTool},
		{"Backend for {P}: {X}.\nWe picked it over building our own because {R}.\nDon't swap it out without talking to ops first.", SpeakerCode},
		{"so what did we land on for {P}? I was out Thursday and the notes are a mess" + TurnSep + "{X}. Everyone signed off once it came up that {R}.", SpeakerTwoTurns},
		{"Before you start on {P}: it's {X}, that part is settled, please don't reopen it in the PR. The short version is that {R}. Anyway, the thing I actually wanted to ask about is the flaky test.", SpeakerUser},
		{"From: ops-leads@internal\nSubject: Re: platform shortlist\n\nHi all,\n\nConfirming we've signed with {X} for {P}. What won the board over was that {R}.\n\nThanks,\nPriya", SpeakerTool},
		{"Going forward we use {X} for {P} (you approved it yesterday, on the grounds that {R}), so I'm deleting the spike branch that tried the alternatives.", SpeakerAssistant},
		{"[09:14] mara: are we still arguing about {P}?\n[09:15] theo: nope. {X}, the signed PO went out this morning\n[09:15] mara: because {R}?\n[09:16] theo: yep, that was the clincher", SpeakerTool},
		{"NOTE(migration): switched {P} over to {X} in this release, since {R}.\nThe old client stays compiled in for one more version, then goes.", SpeakerCode},
		{"Can you stub out the client for {P}? Use whatever we agreed on, I don't remember the name." + TurnSep + "Stubbing it against {X}, per the decision record; the rationale written there is that {R}.", SpeakerTwoTurns},
		{"ADR 017: {P}\nStatus: accepted\nDecision: use {X}\nRationale: {R}\nSupersedes: ADR 009", SpeakerTool},
		{"+1 to {X} for {P}. the fact that {R} matters more to me than the price gap. ship it", SpeakerUser},
	},
	choices: []string{"Salesforce NPSP", "Bloomerang", "Procore", "Bluebeam Revu", "Autodesk Build", "Wenco FMS",
		"Modular DISPATCH", "Orica BlastIQ", "Talon.One", "Antavo", "Netcracker", "Amdocs CES", "Kamailio",
		"Omny Studio", "Triton Digital", "Blackbaud RE NXT"},
	purposes: []string{"the donor deduplication job", "the quarterly grant reports", "RFI routing", "the submittal log",
		"punch list tracking", "haul truck dispatch", "blast hole design", "the points ledger", "tier recalculation",
		"the port-in order flow", "CDR mediation", "mid-roll ad stitching", "download attribution",
		"the pledge reminder emails"},
	reasons: []string{"the grant auditors already accept its exports", "the superintendents can use it offline on their tablets",
		"it keeps port-ins inside the one-business-day window", "the mine inspectors want a signed audit trail",
		"the donor consent flags map one-to-one onto its fields", "the ad buyers reconcile against its certified impression counts",
		"the owner's rep wrote it into the contract", "it ingests the drill logs without a custom parser",
		"the point-of-sale vendor only certifies that integration", "the night dispatchers already know its screens",
		"the license is free for registered charities", "it replays a whole month of CDRs in under an hour",
		"it inserts ads without re-encoding the episode", "the finance committee budgeted for it back in March",
		"it tolerates the patchy LTE coverage down in the pit", "the points liability has to tie out to the ledger nightly"},
	taskTpl: []template{
		{"Also, and this one has a hard date: we have to {X} before the quarterly review on the 20th. Everything else on my list can wait.", SpeakerUser},
		{"I haven't touched it in this change on purpose, but someone still has to {X}; I'd rather it went in its own PR.", SpeakerAssistant},
		{"Handover, night shift\n- [x] fuel report sent\n- [ ] {X}\n- [x] radio check with control room", SpeakerTool},
		{"FIXME: remove this shim once we {X}.\nUntil then the stale values leak through to the reports.", SpeakerCode},
		{"anything still open on your side before I log off?" + TurnSep + "Just one thing: I promised Hana I'd {X}, and I haven't done it yet. It's first on my list tomorrow.", SpeakerTwoTurns},
		{"I'm waiting on legal's sign-off, and the moment it lands I need you to {X}. Please don't let that one slip, it's been promised twice already.", SpeakerUser},
		{"Subject: nudge\n\nHi, gentle reminder that you said you'd {X} by end of week. The client asked about it again this morning.\n\nBest,\nOlumide", SpeakerTool},
		{"Blocked on the vendor for now: their sandbox has been down since Monday. Once it's back, my next move is to {X}.", SpeakerAssistant},
		{"can you {X}? no rush today but it has to happen this sprint", SpeakerUser},
		{"Ticket status: In Progress\nAssignee: unassigned\nSummary: {X}\nDue: Friday\nComments: 0", SpeakerTool},
		{"TODO(next sprint): {X}.\nThe nightly job depends on it, so don't close the ticket until it has actually run once.", SpeakerCode},
		{"one more for the list: {X}. Marcus asked for it in the Tuesday meeting and I said yes without thinking, so now it's ours.", SpeakerUser},
		{"Action items\n1. Fatou: circulate the revised agenda (done)\n2. Team: {X} (open, owner TBD)\n3. Ravi: confirm next meeting date (done)", SpeakerTool},
		{"are we good to close this out?" + TurnSep + "Not quite. We still owe them one thing, which is to {X}; after that I'll close it.", SpeakerTwoTurns},
	},
	tasks: []string{"reconcile the restricted-fund balances against the general ledger",
		"export the donor retention report for the Hartwell Foundation grant",
		"close out the open RFIs on the level 3 curtain wall",
		"resubmit the fire damper submittal with stamped shop drawings",
		"walk the east stair punch list with the architect",
		"recalibrate the payload scales on haul truck 214",
		"upload the shot report for bench 1120 to the regulator portal",
		"expire the unredeemed birthday rewards from last quarter",
		"backfill tier status for members who enrolled at the kiosk",
		"resend the rejected port-out requests to the losing carrier",
		"retire the legacy number inventory table in the BSS",
		"rerun the CDR rating job for November 14",
		"regenerate the ad markers for the back catalog episodes",
		"fix download dedup for the Overcast user agent",
		"mail the thank-you letters for the year-end appeal",
		"reissue the loyalty cards printed with the wrong barcode"},
	pathTpl: []template{
		{"fwiw the file that actually gets used is {X}; the copy linked from the wiki is months out of date.", SpeakerUser},
		{"Saved the result to {X}; the next step picks it up from there without any changes.", SpeakerAssistant},
		{"03:10:44 ERROR export: cannot open {X}: permission denied\n03:10:44 WARN export: retrying in 300s (attempt 2 of 5)", SpeakerTool},
		{"Reads {X} at startup.\nIf you move that file, update the deploy script too, or the job silently starts with defaults.", SpeakerCode},
		{"where did the marked-up version end up? I can't find it anywhere" + TurnSep + "Under {X}. I left it exactly as they sent it.", SpeakerTwoTurns},
		{"please don't commit anything from {X}, it has real customer data in it. I learned that one the hard way.", SpeakerUser},
		{"Hi,\n\nThe file is up at {X}. Shout if the permissions are wrong, I set them in a hurry.\n\nKofi", SpeakerTool},
		{"That explains it: the service reads {X}, not the path the README mentions, so your edit was never picked up.", SpeakerAssistant},
		{"Where things are:\n- credentials: ask ops, they are not in the repo\n- latest data drop: {X}\n- older drops: archived, don't use them", SpeakerTool},
	},
	paths: []string{"/srv/crm/exports/gift_batches/2026-10.csv", "grants/reports/hartwell_q3_narrative.docx",
		`C:\Projects\2291-Harbor-Tower\RFIs\RFI-087.pdf`, `\\fs01\submittals\Div23\233300-fire-dampers.pdf`,
		"/opt/fms/dispatch/conf/haul_routes.yaml", "mine/blasting/patterns/pit3-bench1120.dxf",
		"s3://loyalty-prod-exports/points-ledger/dt=2026-11-01/", "services/loyalty/internal/tiers/recalc.go",
		"/var/spool/mediation/cdr/incoming/", "oss/porting/npac/soa_client.py", "~/podcast-ops/feeds/episode-template.xml",
		"gs://podhost-audio-raw/2026/11/ep412_master.wav", "punchlist/exports/L3-east-stair.xlsx",
		"db/migrations/20261104_add_gift_aid_flag.sql"},
	idTpl: []template{
		{"when you write it up, quote {X}; that's the reference the other side will search for.", SpeakerUser},
		{"The record that fails validation is {X}; every other row in the batch goes through fine.", SpeakerAssistant},
		{"Status: Open\nPriority: P2\nReference: {X}\nReported by: site office\nNotes: reproduced twice, screenshots attached", SpeakerTool},
		{"Regression fixture for {X}: it used to crash the importer on the second pass.", SpeakerCode},
		{"which one was it again? I closed the tab" + TurnSep + "{X}. I pasted it into the handover doc as well.", SpeakerTwoTurns},
		{"heads up, finance keeps asking me about {X}. if it shows up in the logs while you're in there, tell me", SpeakerUser},
		{"2026-11-18T07:42:19Z WARN reconcile: mismatch on {X} (expected 1, found 2)\n2026-11-18T07:42:19Z INFO reconcile: continuing with remaining records", SpeakerTool},
		{"I couldn't reproduce it with the sample data, only with {X}, so that's the case I'm testing against.", SpeakerAssistant},
		{"Subject: escalation\n\nPlease treat {X} as priority, they have called three times this week.\n\nSupport desk", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
		rnd := func(set string, n int) string {
			var b strings.Builder
			for range n {
				b.WriteByte(set[r.IntN(len(set))])
			}
			return b.String()
		}
		switch r.IntN(15) {
		case 0: // Salesforce contact record id
			return "0035e00000" + rnd(alnum, 8)
		case 1: // grant number
			return fmt.Sprintf("HF-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 2: // RFI number on a project
			return fmt.Sprintf("%d-RFI-%03d", 2000+r.IntN(900), 1+r.IntN(300))
		case 3: // submittal number by CSI section
			sections := []string{"08 44 13", "23 33 00", "07 92 00", "09 29 00", "26 24 16", "03 30 00"}
			return fmt.Sprintf("%s-%03d", sections[r.IntN(len(sections))], 1+r.IntN(40))
		case 4: // punch list item
			return fmt.Sprintf("PL-L%d-%04d", 1+r.IntN(12), r.IntN(10000))
		case 5: // haul truck serial
			prefixes := []string{"SSP", "D3T", "LAJ", "RAT", "TKD"}
			return fmt.Sprintf("%s%05d", prefixes[r.IntN(len(prefixes))], r.IntN(100000))
		case 6: // blast shot: pit, bench elevation, shot
			return fmt.Sprintf("P%d-%04d-%03d", 1+r.IntN(4), 900+r.IntN(400), 1+r.IntN(200))
		case 7: // loyalty card number
			return fmt.Sprintf("6036 %04d %04d %04d", r.IntN(10000), r.IntN(10000), r.IntN(10000))
		case 8: // loyalty transaction
			return fmt.Sprintf("TXN-2026%02d%02d-%06d", 1+r.IntN(12), 1+r.IntN(28), r.IntN(1000000))
		case 9: // porting authorisation code
			return fmt.Sprintf("%c%c%c%06d", 'A'+rune(r.IntN(26)), 'A'+rune(r.IntN(26)), 'A'+rune(r.IntN(26)), r.IntN(1000000))
		case 10: // MSISDN in the drama range
			return fmt.Sprintf("+44 7700 900%03d", r.IntN(1000))
		case 11: // SIM ICCID
			return fmt.Sprintf("89441%015d", r.Int64N(1_000_000_000_000_000))
		case 12: // OSS trouble ticket
			return fmt.Sprintf("TT-%07d", r.IntN(10000000))
		case 13: // podcast episode GUID
			return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", r.Uint32(), r.Uint32()&0xffff, r.Uint32()&0xfff, r.Uint32()&0xfff, r.Uint64()&0xffffffffffff)
		}
		return "cmp_" + rnd(alnum, 12) // ad campaign
	},
	distractorTpl: []template{
		{"we looked hard at {X} for {P} but it's out; two of their reference customers said support took weeks to answer.", SpeakerUser},
		{"If the budget had stretched, {X} would have been the cleaner fit for {P}, but that isn't happening this year, so I'm not designing around it.", SpeakerAssistant},
		{"FYI, the partner org across town went with {X} for {P}. Nothing to do with us, just passing it along.\n\nCheers,\nLena", SpeakerTool},
		{"open question, nobody has answered it yet: would {X} even cope with {P}? don't build anything on it until we know", SpeakerUser},
		{"Example only: {X} appears below as a placeholder vendor.\nNothing for {P} is wired to it, and nothing ever was.", SpeakerCode},
		{"DONE  {T}  (closed by jmensah, Nov 3)\nDONE  confirm the holiday cover rota  (closed by ops, Nov 4)", SpeakerTool},
		{"did you ever {T}? it was on the old list" + TurnSep + "Yes, that's done. Finished it on Tuesday and closed the ticket, nothing left there.", SpeakerTwoTurns},
		{"Crossed off already: {T}. Nothing more to do on that one.", SpeakerAssistant},
		{"what about {X} for {P}?" + TurnSep + "Ruled out last week; it lost the bake-off and nobody wants to revisit it.", SpeakerTwoTurns},
	},
	rejected: []string{"DonorPerfect", "Kindful", "Buildertrend", "Fieldwire", "MineStar Command", "Smile.io",
		"Yotpo Loyalty", "Openet", "Libsyn", "Spreaker", "Art19"},
	done: []string{"migrate the pledge schedules out of the old spreadsheet",
		"issue the substantial completion certificate for the parking deck",
		"replace the bucket teeth on shovel 07", "load the November price file into the loyalty engine",
		"cut over the SIP trunks to the new session border controller",
		"transcode the archive episodes to 128 kbps", "void the duplicate receipts from the gala"},
}
