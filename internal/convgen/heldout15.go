package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut21 returns n facts of each kind (and n distractors) from the
// twenty-first held-out set. It is blind: its templates and values were
// written from the Fact and factSet types, the planting code in convgen.go
// and the first two tuning sets only, without reading the summarizer or any
// other held-out set, so its score measures how the summarizer generalizes.
//
// The domains are a shipping line's container booking desk (VGM filings,
// rolled bookings, EDI drops, container and booking numbers), a city's
// parking enforcement and residential permits (handhelds, plate readers,
// citations and appeals), a high school's student information system
// (attendance, transcripts, master schedule, course sections), a credit
// union's loan origination (HELOC and indirect auto, credit pulls, HMDA,
// application numbers), an architecture firm's BIM model management
// (central Revit models, links on UNC shares, IFC GUIDs) and a film
// festival's submissions and screening schedule (screeners for jurors,
// DCP ingest, theater grids, submission numbers).
//
// The phrasing is that of long working sessions rather than of labelled
// statements: decisions are approvals in an email, a sign-off in meeting
// minutes, a resolved review ticket, a chat thread, a config default the
// assistant changes, a code comment explaining what a path runs on, or a
// grudging "fine, we're signing with" in a rambling user message; tasks are
// obligations, people waiting, deadlines, promises, a tracker row, an action
// item, a FIXME, or an answer to "what did I forget?". Paths take Unix,
// home-relative, Windows drive, UNC, S3, GCS and SFTP forms and sit in bug
// reports, chat exports and watcher logs; identifiers come in a dozen shapes
// quoted in emails, error logs, escalation bots and regression comments.
// Distractors are vendors that were passed over or lost an RFP, a fallback
// nobody proposes, a neighbouring county's choice, an open question, a
// vendor-docs example, and work that is already finished.
func HeldOut21(seed uint64, n int) []Fact { return heldOut21.facts(seed, n) }

var heldOut21 = factSet{
	decisionTpl: []template{
		{"ok, read both vendor decks over the weekend and I'm done going back and forth. {X} for {P}. mostly because {R}. can you stub out a client for it today so Ines has something to poke at?", SpeakerUser},
		{"I'm wiring {P} against {X} now, since {R}. The old adapter stays behind the feature flag until cutover, so nothing changes for users yet.", SpeakerAssistant},
		{"Platform sync, Thursday\nPresent: Dana, Ruiz, Okafor, Mei\n- {P}: group signed off on {X}; the reason given was that {R}.\n- Parking lot: VPN split tunnelling, no owner yet.\n- Next sync moves to 10:30.", SpeakerTool},
		{"Everything for {P} is routed through {X}.\nWe went with it over the alternatives because {R}.\nTalk to the product owner before swapping it out.", SpeakerCode},
		{"so are we doing {X} for {P} or not? procurement wants an answer by five" + TurnSep + "Yes, go ahead with {X} for {P}. The deciding factor for me is that {R}; tell procurement it's approved.", SpeakerTwoTurns},
		{"From: Priya Natarajan\nTo: dev-team\nSubject: RE: vendor for {P}\n\nApproved. Please proceed with {X}, given that {R}. Contracts will send the paperwork over this week.\n\nPriya", SpeakerTool},
		{"Talked to Marcus after standup. He's fine with {X} handling {P} as long as we write it up somewhere, and honestly the thing that sold him was that {R}. anyway, unrelated, did the lint job ever get fixed?", SpeakerUser},
		{"Quick recap before I keep going: {X} owns {P} from here on. The main driver was that {R}, so if that stops being true we should revisit it.", SpeakerAssistant},
		{"ARCH-REVIEW\nStatus: Accepted\nResolution: {X} selected for {P}\nJustification: {R}\nReviewers: jchen, ssaldana", SpeakerTool},
		{"scratch what I said yesterday about building our own. procurement came back and we're signing with {X} for {P}, the clincher being that {R}. I'll forward the PO when it lands.", SpeakerUser},
		{"As of this release {P} runs on {X}, because {R}.\nThe legacy path below is only kept for rollback; delete it after one full cycle.", SpeakerCode},
		{"I changed the default in the config to `vendor: {X}` for {P} and regenerated the fixtures. Going that way because {R}; shout if you disagree.", SpeakerAssistant},
		{"[16:41] ines: so {X} for {P}?\n[16:42] marcus: yep, go ahead. main thing is that {R}\n[16:42] ines: writing it up now", SpeakerTool},
	},
	choices: []string{"INTTRA", "CargoSmart", "T2 Flex", "Genetec AutoVu", "ParkMobile", "PowerSchool", "Aspen SIS",
		"MeridianLink Consumer", "Symitar Episys", "Temenos Infinity", "Autodesk Construction Cloud", "Revizto",
		"Solibri Office", "Bluebeam Studio", "FilmFreeway", "Eventive", "Shift72"},
	purposes: []string{"booking confirmations to shippers", "reefer and hazmat booking intake", "residential permit renewals",
		"plate-read enforcement on the downtown routes", "citation payments and appeals", "attendance and tardies",
		"report cards and transcripts", "indirect auto loan decisioning", "HELOC document prep",
		"coordination of the federated Revit models", "clash detection before each design-development issue",
		"markup sessions with the structural consultant", "feature film submissions", "jury screener links",
		"the screening schedule and box office"},
	reasons: []string{"it already emits IFTMBF messages the carriers accept without mapping",
		"the alliance partners all settled on it in the spring",
		"the parking ordinance requires a timestamped photo trail for every appeal",
		"the handhelds keep working offline in the underground garages",
		"the district already pays for a site license through 2028",
		"its state attendance extract is already certified",
		"our NCUA examiners were unhappy with the spreadsheet underwriting",
		"it pulls tri-merge credit without a separate bureau integration",
		"it is certified against our core processor",
		"it round-trips IFC4 models without dropping Psets",
		"the consultants can open it without a Revit seat",
		"it watermarks every screener per juror",
		"the sales agents already upload to it for Berlinale and TIFF",
		"it handles rush tickets and standby lines at the door",
		"the loan officers can run it on a tablet at branch events"},
	taskTpl: []template{
		{"before I forget, somebody still has to {X}, and realistically that's you. not today necessarily, but before the end of the week.", SpeakerUser},
		{"Still outstanding on my side: I have to {X}. I'll get to it once CI is green again.", SpeakerAssistant},
		{"Tracker export (open items assigned to me)\nOPS-2291 | open | due Fri | {X}\nOPS-2288 | parked | no date | look into the slow login page", SpeakerTool},
		{"FIXME: stopgap until we {X}.\nRemove this special case afterwards; it is not meant to live long.", SpeakerCode},
		{"is anything blocking the release, or can I tell Hana we're good?" + TurnSep + "One thing: we still have to {X}. Everything else is merged and tagged.", SpeakerTwoTurns},
		{"Marisol is waiting on us to {X}. she's pinged me twice this morning and I keep saying 'after lunch'", SpeakerUser},
		{"Subject: reminder\n\nHi all,\n\nQuick reminder that we promised the director we'd {X} by the 30th. Can someone confirm who is taking it? It wasn't on the board last time I looked.\n\nThanks,\nGwen", SpeakerTool},
		{"I told Theo I'd {X} this afternoon, so I'm pausing the refactor for an hour and will pick it back up after.", SpeakerAssistant},
		{"can you {X}? I'd do it myself but I'm stuck in budget meetings until Thursday and it can't wait that long", SpeakerUser},
		{"Action items\n1. Joon: {X}\n2. Tessa: circulate the updated org chart\n3. Everyone: read the draft before Monday", SpeakerTool},
		{"Assumes someone will {X} before this job runs in production.\nThat hasn't happened yet, so the job stays disabled in the prod config.", SpeakerCode},
		{"Heads up: the deadline to {X} is Friday noon and nothing in the repo does it yet. I can script it if you want; otherwise it's a manual job.", SpeakerAssistant},
		{"what did I forget? I know there was something from standup" + TurnSep + "You said you'd {X}. As far as I can tell that hasn't been done yet.", SpeakerTwoTurns},
	},
	tasks: []string{"resubmit the VGM declarations for the Santos reefer bookings",
		"rebook the containers rolled off the Busan sailing",
		"update the demurrage free-time table for the Gulf ports",
		"void the duplicate citations from handheld unit 14",
		"mail renewal notices to every Zone 7 permit holder",
		"recalibrate the plate-reader cameras on both enforcement vans",
		"rebuild the spring master schedule after the chemistry section merge",
		"send corrected transcripts to the scholarship committee",
		"rerun the credit pulls for the co-applicants in the HELOC queue",
		"file the HMDA resubmission for the third quarter",
		"get the appraisal waivers countersigned by the branch manager",
		"purge the unused Revit families from the clinic central model",
		"realign the structural link to the revised survey point",
		"email screener passwords to the documentary jury",
		"lock the Saturday screening grid for Theater 2",
		"refund the entry fees for the withdrawn student shorts"},
	pathTpl: []template{
		{"the one you want is {X}. ignore the copy on the shared desktop, it's from March and it's wrong", SpeakerUser},
		{"Found it: the job actually uses {X}, not the location the README mentions. I'll fix the README while I'm here.", SpeakerAssistant},
		{"Bug report\nSteps to reproduce:\n1. Open {X}\n2. Run the nightly sync\n3. Note the duplicated rows at the bottom\nExpected: no duplicates", SpeakerTool},
		{"Reads from {X}, mounted read-only in production.\nIf that location changes, update the deploy manifest as well.", SpeakerCode},
		{"remind me where that lives? I never remember" + TurnSep + "{X}. I've added it to the README so neither of us has to ask again.", SpeakerTwoTurns},
		{"I moved it to {X} last night, so anything that hardcodes the old location is going to break. sorry in advance", SpeakerUser},
		{"[09:14] dmitri: new location is {X}\n[09:15] alana: thanks, updating my scripts\n[09:15] dmitri: old one gets wiped Friday", SpeakerTool},
		{"I'll point the loader at {X} and leave a symlink at the old location for a week so the cron jobs don't fall over.", SpeakerAssistant},
		{"2026-03-04T02:11:09Z WARN watcher: no change to {X} in 26h\n2026-03-04T02:11:09Z INFO watcher: next check in 15m", SpeakerTool},
	},
	paths: []string{"/srv/booking/edi/outbound/iftmbf/",
		`C:\BIM\Central\2025-114_Harbourview_ARCH_R24.rvt`,
		`\\fs01\projects\2025-114\Revit\Links\`,
		"s3://cu-loan-docs-prod/closing-packets/2026/",
		"sis/import/enrollment_2026_fall.csv",
		"~/festival/screeners/shorts_block_c/",
		"/var/lib/citations/handheld/outbox.sqlite",
		"permits/templates/rpp_renewal_notice.docx",
		"lending/underwriting/rules/heloc_dti.yaml",
		"gs://fest-submissions-2026/features/rough-cuts/",
		`\\NAS-ARCH\Standards\Titleblocks\A1_titleblock.rfa`,
		"sftp://edi.harborline-shipping.example/inbound/vgm/",
		"./schedule/exports/theater2_grid.ics",
		`D:\Festival\DCP\INGEST\`,
		"config/parking/zones/zone-07.geojson",
		"/opt/sis/conf/gradebook.properties"},
	idTpl: []template{
		{"ok the one that bounced is {X}. the other eleven went through, I checked each by hand, which was a fun way to spend lunch", SpeakerUser},
		{"Cross-checked against the export: {X} is the only record where the totals don't match, so I'll start there.", SpeakerAssistant},
		{"From: member.services\nSubject: Re: hold on {X}\n\nHi,\n\nPlease keep this one on hold until the signed documents come back. We'll let you know.\n\nMember Services", SpeakerTool},
		{"Regression test for {X}: the upstream feed used to send it twice,\nonce with a trailing space. Keep the dedupe below.", SpeakerCode},
		{"which one was it again? I closed the tab" + TurnSep + "{X}. I've put it in the notes file so it doesn't get lost again.", SpeakerTwoTurns},
		{"2026-03-11 06:42:17 ERROR importer: rejected {X}: checksum mismatch (expected 0x3f, got 0x00)\n2026-03-11 06:42:17 INFO importer: 418 records ok, 1 rejected", SpeakerTool},
		{"please put {X} in the subject line when you write to their support desk, they ignore anything without a reference", SpeakerUser},
		{"The stuck one is {X}; it's been sitting in PENDING since Tuesday with no error logged.", SpeakerAssistant},
		{"[14:02] escalations-bot: new escalation for {X} (priority 2)\n[14:03] keisha.b: grabbing it\n[14:09] keisha.b: vendor says it's on their side", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // ISO 6346 container number
			a, b, c := letter(), letter(), letter()
			return fmt.Sprintf("%c%c%cU%07d", a, b, c, r.IntN(10000000))
		case 1: // carrier booking number
			return fmt.Sprintf("%s%07d", []string{"RTM", "SSZ", "PUS", "ANR", "HOU"}[r.IntN(5)], r.IntN(10000000))
		case 2: // house bill of lading
			return fmt.Sprintf("HBL-%s-%06d", []string{"SGSIN", "NLRTM", "CNSHA", "USLAX"}[r.IntN(4)], r.IntN(1000000))
		case 3: // parking citation number
			return fmt.Sprintf("%d", 4000000000+r.Int64N(1000000000))
		case 4: // residential parking permit
			return fmt.Sprintf("RPP-Z%02d-%05d", 1+r.IntN(14), r.IntN(100000))
		case 5: // licence plate
			a, b, c := letter(), letter(), letter()
			return fmt.Sprintf("%d%c%c%c%03d", 1+r.IntN(9), a, b, c, r.IntN(1000))
		case 6: // student number
			return fmt.Sprintf("10%07d", r.IntN(10000000))
		case 7: // course section
			return fmt.Sprintf("%s-%d-%02d", []string{"CHEM", "ALG2", "APUSH", "BIOL", "SPAN3"}[r.IntN(5)], 1000+r.IntN(9000), 1+r.IntN(12))
		case 8: // loan application number
			return fmt.Sprintf("LA%02d%02d-%06d", 25+r.IntN(2), 1+r.IntN(12), r.IntN(1000000))
		case 9: // IFC GlobalId
			const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$"
			b := make([]byte, 22)
			b[0] = "0123"[r.IntN(4)]
			for i := 1; i < len(b); i++ {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			return string(b)
		case 10: // festival submission number
			return fmt.Sprintf("SUB-%d-%05d", 2025+r.IntN(2), r.IntN(100000))
		case 11: // DCP composition playlist id
			return fmt.Sprintf("urn:uuid:%08x-%04x-4%03x-%04x-%012x", r.Uint32(), r.Uint32()&0xffff, r.Uint32()&0xfff,
				0x8000|r.Uint32()&0x3fff, r.Uint64()&0xffffffffffff)
		case 12: // parking appeal case
			return fmt.Sprintf("APL-%d-%05d", 25+r.IntN(2), r.IntN(100000))
		}
		// screening slot code
		return fmt.Sprintf("T%d-%s-%02d%02d", 1+r.IntN(6), []string{"THU", "FRI", "SAT", "SUN"}[r.IntN(4)], 10+r.IntN(13), 15*r.IntN(4))
	},
	distractorTpl: []template{
		{"For the record, we looked hard at {X} for {P} and passed on it. Yes, I know {R}, but the implementation quote was absurd and they couldn't give us a single reference customer.", SpeakerUser},
		{"If the board ever pushes back, {X} would be the obvious fallback for {P}. Nobody is proposing that right now, so I haven't written any code for it.", SpeakerAssistant},
		{"Regional user group newsletter, March\nThe county next door moved {P} onto {X} last year and presented their lessons learned. Slides are on the member portal.\n(Just for context, not on our roadmap.)", SpeakerTool},
		{"has anyone actually evaluated {X} for {P}?" + TurnSep + "Not that I know of. It's still an open question; nobody has priced it, so I wouldn't assume anything either way.", SpeakerTwoTurns},
		{"Example from the vendor docs showing {X} configured for {P}.\nWe don't use it; the snippet is kept for reference only.", SpeakerCode},
		{"Already {T} this morning, so that one's off the list. Moving on to the flaky test.", SpeakerAssistant},
		{"Closed this week\n[x] {T} (closed Tue by rgomez)\n[x] swap the on-call rota for the holidays", SpeakerTool},
		{"fyi I {T} before standup, no need to chase it anymore", SpeakerUser},
		{"Subject: RE: RFP scoring\n\n{X} came in second on the scoring for {P}. The contract goes to the other bidder, so please send them the standard thank-you note.\n\nRegards,\nProcurement", SpeakerTool},
		{"did the thing from yesterday get done? the one Lucia asked about" + TurnSep + "Yes, I {T} last night. Nothing else is waiting on that.", SpeakerTwoTurns},
	},
	rejected: []string{"Skyward Qmlativ", "Infinite Campus", "ICE Encompass", "nCino", "Graphisoft BIMcloud", "Withoutabox",
		"Conduent eTIMS", "GT Nexus", "Flowbird", "Vectorworks Cloud Services"},
	done: []string{"reissued the booking confirmation for the Antwerp shipper",
		"refunded the double-charged permit for the Okonkwo household",
		"imported the attendance corrections from the spring term",
		"cleared the flood-certificate exceptions on the home equity batch",
		"archived the superseded MEP links in the library model",
		"sent the acceptance letters for the animation block",
		"rekeyed the handhelds that lost their certificates"},
}
