package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut16 returns n facts of each kind from the sixteenth held-out set.
// Its domains are a law firm's case and document management, film and TV
// post-production (editing, dailies, VFX pulls, deliverables), a city's 311
// desk and waste-collection routing, an amateur sports league's scheduling
// and stats, a group of dental practices, and a residential solar
// installer. Decisions are mostly implied rather than announced: a signed
// contract, a thumbs-up in a chat export, a vote in meeting minutes, an
// assistant that has already dropped the other candidates from the config,
// a code comment recording what was agreed in a review. Pending tasks come
// as promises made to someone, blockers before a ship, tracker rows,
// unchecked checklist items, favours asked by email, reminders and
// "remove after we ..." comments. Paths take many shapes (UNC shares,
// Windows drive paths with spaces, macOS volumes, S3 and SMB URLs, home
// directories, relative repo paths), and identifiers are the numbers people
// in those trades quote: federal docket numbers, Bates numbers,
// client-matter numbers, VFX shot codes, camera clip names, 311 service
// requests, cart RFID tags, league game codes, dental claim numbers,
// microinverter serials, net-metering applications and DICOM study UIDs.
// Distractors are options tried and abandoned, hypotheticals, another
// office's choice, unanswered questions, sample payloads and tasks already
// finished. The set is blind: it was written without reading the
// summarizer or its tests, from the Fact format and the conversation
// generator alone.
func HeldOut16(seed uint64, n int) []Fact { return heldOut16.facts(seed, n) }

var heldOut16 = factSet{
	decisionTpl: []template{
		{"ok, talked to Dana after standup. we're going {X} for {P} — mostly because {R}. can you stub the integration so we can click through it end to end?", SpeakerUser},
		{"I've removed the other two candidates from the provider registry, so {X} is the only thing wired up for {P} now. It won on one point, really: {R}.", SpeakerAssistant},
		{"Ops sync — minutes\nAttendees: R. Okafor, T. Lindqvist, M. Baptiste\n1. Re {P}: {X} approved, 4 to 1. Reason given: {R}.\n2. Parking lot: badge printer, holiday cover rota.", SpeakerTool},
		{"Everything for {P} goes through {X} — agreed in the Thursday review.\nWhy: {R}. Please don't add a second provider here without raising it first.", SpeakerCode},
		{"for {P}, do we really need another bake-off or can we just pick one? I'm leaning {X}" + TurnSep + "No need for another round. {X} covers what we need and {R}, so I'll build against {X} from here on.", SpeakerTwoTurns},
		{"heads up, Marguerite signed with {X} this morning, they'll handle {P}. compliance stopped objecting once they saw that {R}. anyway — back to the flaky export.", SpeakerUser},
		{"From: Inês Carvalho\nTo: ops-leads\nSubject: Re: {P}\n\nConfirming we'll proceed with {X}. The deciding factor was that {R}. Please plan the cutover with your teams.\n\nInês", SpeakerTool},
		{"fine, {X} then. I don't want to relitigate {P} again, {R} and that's enough for me. moving on", SpeakerUser},
		{"Per your thumbs-up on the proposal, I've switched {P} over to {X} and noted in the ADR that {R}.", SpeakerAssistant},
		{"what did we land on for {P}? I lost track in that thread" + TurnSep + "We landed on {X}. The thread converged once someone pointed out that {R}.", SpeakerTwoTurns},
		{"[09:14] kwame: so {X} for {P}, yes?\n[09:15] leah: yes, {R}\n[09:15] kwame: locking it in, I'll tell finance", SpeakerTool},
		{"Backend for {P}: {X}.\nPicked over the alternatives because {R}.", SpeakerCode},
	},
	choices: []string{"Clio Manage", "NetDocuments", "iManage Work", "Filevine", "Frame.io", "LucidLink", "Moxion",
		"Baselight", "Routeware", "SeeClickFix", "TeamSnap", "LeagueApps", "Open Dental", "Dentrix Ascend",
		"Aurora Solar", "Enphase Enlighten"},
	purposes: []string{"conflict-of-interest checks", "the matter document vault", "e-signing engagement letters",
		"dailies review", "plate pulls for the VFX vendors", "the editorial shared storage", "deliverables QC sign-off",
		"bulky-item pickup requests", "the recycling route plans", "missed-collection complaints",
		"the spring fixture list", "referee assignments", "the standings and box scores", "hygiene recall reminders",
		"roof layout drafts", "utility interconnection packets", "monitoring the installed arrays"},
	reasons: []string{"it is the only one our malpractice carrier has already vetted",
		"it keeps the privilege log beside every exhibit",
		"the colorist can open its timelines without an XML round-trip",
		"it streams 4K proxies fast enough for the remote editors",
		"the driver tablets can run it offline at the transfer station",
		"the council wants every 311 ticket visible on one public dashboard",
		"the league board refuses to pay per-team seat licences",
		"it understands doubleheaders and field blackouts",
		"it writes recall dates straight into the perio chart",
		"it reads the intraoral sensor images without extra middleware",
		"the utility accepts its single-line diagrams without redlines",
		"its shade report matched our drone survey within two percent",
		"the front desks at all four offices were trained on it in March",
		"it keeps a court-admissible audit trail on every signature",
		"the VFX vendors already upload their comps to it nightly",
		"its per-route pricing undercut the incumbent by a third"},
	taskTpl: []template{
		{"one more thing before I forget — I told the managing partner we'd {X} by end of week, so that one's on us now.", SpeakerUser},
		{"That covers the parser. Still outstanding on my side: I have to {X}, which can't happen until the nightly export finishes.", SpeakerAssistant},
		{"ID      STATUS       OWNER    SUMMARY\nOPS-88  In Progress  jwu      Need to {X}\nOPS-71  Done         mfarah   Upgrade scanner drivers", SpeakerTool},
		{"FIXME: someone still needs to {X}; until then this falls back to the cached copy.", SpeakerCode},
		{"are we good to ship tonight?" + TurnSep + "Almost. The blocker is that nobody has been able to {X} yet, so I'd hold until that's done.", SpeakerTwoTurns},
		{"my list for this afternoon, in case I drop off:\n- [ ] {X}\n- [x] bump the print queue timeout\n- [x] rename the shared drive", SpeakerUser},
		{"Subject: quick favour\n\nHi — could your team {X} before the Thursday review? We're stuck until that happens.\n\nThanks,\nGwen", SpeakerTool},
		{"can you remind me Monday to {X}? if it slips again Sandra will not be happy", SpeakerUser},
		{"what's left on the board?" + TurnSep + "Just one card in the backlog: {X}. Everything else moved to done this morning.", SpeakerTwoTurns},
		{"Interim hack. Remove after we {X}.\nTracked on the ops board.", SpeakerCode},
		{"I couldn't {X} from here — the sandbox has no VPN route — so that one is still open for whichever of us gets to it tomorrow.", SpeakerAssistant},
		{"Action items\n  • Hollis — {X} (due Friday)\n  • Reyes — circulate the revised agenda", SpeakerTool},
		{"we owe the client this: {X}. they asked twice already, so please put it at the top after the lint fixes", SpeakerUser},
	},
	tasks: []string{"re-run the conflict check on the Okonkwo estate matter",
		"re-OCR the scanned deposition exhibits for the Brandt appeal",
		"conform reel 4 to the locked EDL",
		"re-export the textless masters for the Nordic distributor",
		"send the episode 107 pull list to the VFX vendor",
		"rebalance the Tuesday recycling routes around the Mill Street closure",
		"merge the duplicate streetlight tickets on Calloway Avenue",
		"publish the makeup dates for the rained-out U12 games",
		"recompute the batting averages after the forfeit ruling",
		"move the hygiene recall list off the old Riverside server",
		"reconcile the Delta Dental EOBs for the Northgate office",
		"resubmit the interconnection application for the Marsh Road install",
		"order replacement microinverters for the Ashby job",
		"swap the burned-in watermark on the festival screener",
		"close out the punch list on the Delgado roof array"},
	pathTpl: []template{
		{"the current version is at {X} — don't use whatever's attached to the email thread, that copy is stale", SpeakerUser},
		{"Found it: the import job was pointed at {X}, which is why the numbers were a week behind.", SpeakerAssistant},
		{"HELPDESK #20931\nRequester: front desk\nIssue: \"access denied\" when opening {X} since the weekend\nPriority: normal", SpeakerTool},
		{"Input location: {X}\nTreat it as read-only; other jobs depend on it.", SpeakerCode},
		{"where did the vendor put the new drop?" + TurnSep + "It's at {X} — came in about an hour ago and the checksums match.", SpeakerTwoTurns},
		{"can you diff {X} against the version from last Friday? I think someone overwrote it", SpeakerUser},
		{"Hi all,\nFrom Monday please save to {X} instead — the old location gets archived at month end.\n— IT", SpeakerTool},
		{"I've pointed the script at {X} and noted that in the README.", SpeakerAssistant},
		{"Keep this path exactly as is: {X}\nThe QC step downstream looks for it there.", SpeakerCode},
	},
	paths: []string{`\\fs01\Matters\2024\HOLLIS-v-GRANT\Pleadings`,
		`M:\Clients\Okonkwo Estate\Drafts\will_v7.docx`,
		"/Volumes/EDIT_RAID/Lowlands_S2/Media/Proxies/",
		"s3://northlight-vfx-deliveries/ep107/plates/",
		"smb://post-nas.local/conform/reel4_locked.edl",
		"~/Movies/Resolve Exports/LWL_107_textless.mov",
		"routing/depots/eastside/zones.geojson",
		"/srv/open311/exports/missed_collections_2025-03.csv",
		"league/schedules/spring-2025/u12_fixtures.ics",
		`D:\Imaging\Xrays\Northgate\2025`,
		"/opt/helio/designs/ASHBY-4417/single_line_v2.pdf",
		"jobs/delgado/interconnection/packet_v3.pdf",
		"./stats/box_scores/2025-05-17_tigers_v_otters.json",
		"/mnt/vfx/renders/LWL_107_0420/comp/v012/",
		`C:\Users\frontdesk\AppData\Local\RecallExport\queue.db`},
	idTpl: []template{
		{"when you write to them, put {X} in the subject line or it'll sit in their queue forever", SpeakerUser},
		{"The record the error points at is {X}; everything else in the batch went through.", SpeakerAssistant},
		{"Your reference: {X}\nPlease quote this number in all correspondence.\nThis mailbox is not monitored.", SpeakerTool},
		{"Repro case: {X} (the one the client flagged).", SpeakerCode},
		{"which one was it again? the one Marguerite flagged" + TurnSep + "It was {X}. I've pinned it in the channel so we don't lose it.", SpeakerTwoTurns},
		{"fyi {X} is the one that keeps bouncing, everything else reconciles fine", SpeakerUser},
		{"2025-03-18T07:42:11Z WARN sync: record {X} rejected upstream (409 conflict), will retry\n2025-03-18T07:42:12Z INFO sync: 211 records ok", SpeakerTool},
		{"I searched the export for {X} and it shows up twice, once with a trailing space — that's your duplicate.", SpeakerAssistant},
		{"Regression fixture built from {X}.\nDo not regenerate; the upstream copy has since been corrected.", SpeakerCode},
	},
	ids: func(r *rand.Rand) string {
		pick := func(s ...string) string { return s[r.IntN(len(s))] }
		alnum := func() byte { return "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"[r.IntN(34)] }
		switch r.IntN(12) {
		case 0: // federal civil docket number
			return fmt.Sprintf("%d:%02d-cv-%05d", 1+r.IntN(4), 23+r.IntN(4), 100+r.IntN(9900))
		case 1: // Bates number
			return fmt.Sprintf("%s_%07d", pick("HOLL", "GRNT", "OKNK", "BRDT"), r.IntN(300000))
		case 2: // client-matter number
			return fmt.Sprintf("%05d-%03d", 10000+r.IntN(90000), 1+r.IntN(60))
		case 3: // VFX shot code
			return fmt.Sprintf("%s_%d%02d_%04d", pick("LWL", "HRB", "SLT"), 1+r.IntN(3), 1+r.IntN(12), 10*(1+r.IntN(400)))
		case 4: // camera clip name
			return fmt.Sprintf("%s%03dC%03d_25%02d%02d_R%c%c%c", pick("A", "B", "C"), 1+r.IntN(40), 1+r.IntN(60),
				1+r.IntN(12), 1+r.IntN(28), alnum(), alnum(), alnum())
		case 5: // 311 service request
			return fmt.Sprintf("SR-%d-%07d", 2025+r.IntN(2), r.IntN(10000000))
		case 6: // cart RFID tag (EPC)
			return fmt.Sprintf("E280%04X%016X", r.Uint32()&0xffff, r.Uint64())
		case 7: // league game code
			return fmt.Sprintf("G%d-U%d-%03d", 25+r.IntN(2), 8+2*r.IntN(5), r.IntN(1000))
		case 8: // dental claim number
			return fmt.Sprintf("%02d%03d%c%05d", 25+r.IntN(2), 1+r.IntN(365), 'A'+rune(r.IntN(26)), r.IntN(100000))
		case 9: // microinverter serial
			return fmt.Sprintf("1221%08d", r.IntN(100000000))
		case 10: // net-metering interconnection application
			return fmt.Sprintf("NEM-%d-%06d", 2025+r.IntN(2), r.IntN(1000000))
		}
		// DICOM study instance UID from the imaging system
		return fmt.Sprintf("1.2.826.0.1.3680043.8.%d.%d.%d", 100+r.IntN(900), r.Uint32(), r.IntN(1000))
	},
	distractorTpl: []template{
		{"we did trial {X} for {P} last quarter and bailed — their support took nine days to answer a ticket. not going back.", SpeakerUser},
		{"If the budget ever gets approved, {X} might be worth a look for {P}, but nothing is planned and I haven't touched it.", SpeakerAssistant},
		{"Fwd: FYI\n\nThe Pemberton office (a different firm, same building) moved {P} onto {X}. Just sharing in case it's useful — no action needed on our side.", SpeakerTool},
		{"should we be looking at {X} for {P}?" + TurnSep + "Honestly, I don't know yet. Nobody has priced it and I'd want a demo first, so I'd leave that as an open question for now.", SpeakerTwoTurns},
		{"Sample payload copied from the {X} docs, not from our provider.\nKept here only to show the field names.", SpeakerCode},
		{"OPS-412  Closed  {T}\nResolution: fixed, verified by the requester on the 14th.", SpeakerTool},
		{"scratch that from the list — Nadia already took care of it. we needed to {T} and that's done as of yesterday", SpeakerUser},
		{"For the record, there's no need to {T} any more; that was finished and signed off on Friday.", SpeakerAssistant},
		{"Vendor shortlist for {P}\n  {X} — eliminated in round one (per-seat pricing, no API)", SpeakerTool},
		{"did anyone {T}?" + TurnSep + "Yes — Marcus did that on Monday and the ticket is closed. Nothing left there.", SpeakerTwoTurns},
	},
	rejected: []string{"PracticePanther", "Worldox", "Avid Nexis", "Signiant Jet", "RouteSmart", "SportsEngine",
		"Curve Dental", "HelioScope", "Solargraf", "Smokeball"},
	done: []string{"file the Brandt notice of appeal", "upload the trailer stems to the distributor portal",
		"reassign the Eastside bulky-item pickups to truck 12", "send the umpire pay sheets to the league treasurer",
		"replace the panoramic x-ray sensor at Northgate", "schedule the final inspection for the Ashby array",
		"lock picture on episode 105"},
}
