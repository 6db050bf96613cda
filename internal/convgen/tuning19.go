package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning19 returns n facts of each kind from the nineteenth tuning set. Its
// domains are a rally team's event logistics (recce, service park, tyre
// allocations, ferry crossings), a municipal pool's lifeguard scheduling
// (rotations, qualifications, water chemistry logs), a tea importer's
// customs and bonded warehouse (entries, phytosanitary papers, residue
// tests), a beekeeping cooperative's hive inspections and honey extraction,
// an arborist crew's utility-line vegetation clearance and a university
// observatory's telescope time allocation. Its emphasis is pending tasks
// said indirectly: obligations buried in the middle of a chatty paragraph,
// blockers ("can't ship until someone ..."), hand-overs ("that one's yours
// now"), requests put as questions, deadlines mentioned in passing,
// promises made to outsiders, "still haven't" and "never got around to"
// admissions, "we owe them" replies, commit messages, tracker exports,
// standup notes, emails from people still waiting, chat exports, TODO and
// HACK comments and checklists where one box among ticked ones is still
// empty. Decisions are implied by an invoice, a config already switched, a
// minuted outcome, an accepted decision-log row, a chat thread settling it
// or a code comment naming the backend and why. Paths take Unix, relative,
// home-directory, Windows drive, UNC, S3, GCS and SFTP forms; identifiers
// are tyre barcodes, entry and ferry references, lifeguard qualification
// and incident numbers, customs MRNs, tea chop and lab sample numbers, hive
// and drum labels, work orders, pole tags and outage requests, proposal
// IDs, FITS frames and camera serials. Distractors are options trialled and
// dropped, ideas thought aloud, another club's setup, open questions,
// illustrative values in code, a lost bake-off and tasks already finished.
// The set was written without reading the summarizer, as a tuning set.
func Tuning19(seed uint64, n int) []Fact { return tuning19.facts(seed, n) }

var tuning19 = factSet{
	decisionTpl: []template{
		{"talked it through with Gareth on the drive back and honestly {X} is the answer for {P}: {R}, and that's really the whole argument. set it up whenever you get a gap", SpeakerUser},
		{"As of this afternoon, {X} handles {P}. I moved the previous settings into config/archive/ rather than deleting them, and went this way because you said {R}.", SpeakerAssistant},
		{"Coordinators' meeting, 3 June\nPresent: Ines, Bartek, Ngozi, Paul\n\nItem 2: {P}\n  Agreed: {X}. Ngozi noted that {R}.\n  Paul abstained.\nItem 3: staff parking permits\n  Deferred to July.", SpeakerTool},
		{"remind me, what did we end up with for {P}?" + TurnSep + "{X}. You signed off on it at the last review after Bartek pointed out that {R}.", SpeakerTwoTurns},
		{"Used for {P}: {X}, and nothing else.\nPicked over the alternatives because {R}. Please don't bolt a second backend on here.", SpeakerCode},
		{"From: Wen Li\nTo: coordinators\nSubject: {P}, sorted\n\nQuick one. I've confirmed {X} with the supplier and the deposit has gone out. We're going that way because {R}. Grumble at me on Thursday if you must.\n\nWen", SpeakerTool},
		{"not reopening this one. {X} stays for {P}, because {R}. ok, now can we look at why the date column parses as text", SpeakerUser},
		{"Every caller that handles {P} now goes to {X}, and the fallback branch is gone. That lines up with what you told me: {R}.", SpeakerAssistant},
		{"[11:02] ines: so for {P} are we doing {X} or not\n[11:04] bartek: yes, {X}. {R}\n[11:04] ines: great, writing it into the plan\n[11:05] ngozi: +1", SpeakerTool},
		{"the invoice for {X} came through this morning, so that's what {P} runs on from now on. the treasurer didn't blink, since {R}.", SpeakerUser},
		{"DEC-14  {P}\nStatus: Accepted\nResolution: {X}\nWhy: {R}\nAccepted by: committee, 4 votes to 1", SpeakerTool},
		{"so is it {X} for {P}, or are we still shopping around?" + TurnSep + "It's {X}. Nobody is shopping any more; it stuck because {R}.", SpeakerTwoTurns},
		{"Backend for {P} is {X} (decision log, entry 14).\nWhy it won: {R}.", SpeakerCode},
	},
	choices: []string{"Terratrip 303 Plus", "RallySafe", "Stage Notes Pro", "HumanForce", "Chemtrol PC3100",
		"Magaya WMS", "Eurofins Hamburg", "Descartes CustomsInfo", "Hivekeepers", "BroodMinder-W", "Maxant 3100H",
		"ArborGold Crew", "SingleOps", "Bandit 1590XP", "ACP Expert Scheduler", "Astroplan", "Boltwood Cloud Sensor III"},
	purposes: []string{"recce note playback in the car", "the service-park tyre allocation log",
		"stage-time reconciliation after each loop", "lifeguard rotation swaps", "the hourly free-chlorine readings",
		"in-service training sign-offs", "residue sampling on incoming tea lots", "the bonded warehouse stock counts",
		"the hive inspection records", "extraction room bookings", "the varroa wash counts",
		"span-by-span clearance tracking", "the chipper and bucket truck assignments", "ranking the observing proposals",
		"the dome's weather shutdown trigger", "the night-log uploads"},
	reasons: []string{"the co-driver can reset it without taking their gloves off", "the scrutineers already accept its exports",
		"the guards can swap shifts from their phones without ringing the duty manager",
		"the environmental health officer wants every reading timestamped",
		"the lab turns a full residue panel round in four working days",
		"our broker's system imports its files without any retyping",
		"it keeps working offline at the out-apiaries where there's no signal",
		"it spins deep frames without a second uncapping pass",
		"the utility's clearance contract wants a GPS fix on every span",
		"it swallows eighteen-inch limbs without anyone hand-feeding it",
		"the allocation committee insists on scoring proposals blind",
		"it closes the slit before the humidity climbs past ninety percent",
		"the grad students already script their observing runs against it",
		"the season starts in three weeks and there's no time for anything custom",
		"the insurer asked for a signed record of every rotation",
		"the ferry operator only takes freight bookings in its format"},
	taskTpl: []template{
		{"long story, but the van died outside Builth and most of the plan moved by a day. the good news is the parts arrived. the bad news is that somewhere in all of that I promised Gareth we'd {X}, and as far as I know nobody has. the rest can honestly wait till Monday", SpeakerUser},
		{"can't send the new version out until someone has time to {X}, and I genuinely don't know who that someone is. you?", SpeakerUser},
		{"would you be able to {X} before Thursday's briefing? I told them we would and then it fell straight out of my head", SpeakerUser},
		{"I still haven't managed to {X}. it keeps sliding off the end of the day. it's on my list for tomorrow, in theory", SpeakerUser},
		{"that one's yours now btw: {X}. Ngozi handed it to me before she went on leave and I'm drowning", SpeakerUser},
		{"we owe the county an answer on this. we told them we'd {X} and that they'd hear from us by the 20th. it's already the 17th", SpeakerUser},
		{"One loose end worth flagging: nobody has gone back to {X} yet, and the import can't be trusted until that happens. I've put a note at the top of the README so it doesn't get lost.", SpeakerAssistant},
		{"I never got around to the last thing you asked for this morning, which was to {X}. It's next in line once this refactor is merged.", SpeakerAssistant},
		{"Checklist as it stands:\n- [x] migrate the old schedule table\n- [x] reconnect the SMS gateway\n- [ ] {X}\n- [x] update the README", SpeakerAssistant},
		{"I'll {X} as soon as the fixtures are regenerated. Until then the figures in the report are provisional, so please hold off sending it to the board.", SpeakerAssistant},
		{"commit 4e1c9a2\nAuthor: Bartek Nowak\n\n    schedule: stop double-booking split shifts\n\n    Still need to {X}\n    before this goes out to the other sites. Left for whoever picks it up.", SpeakerTool},
		{"key,summary,assignee,status\nOPS-88,{X},,To Do\nOPS-85,replace the worn reel on the store room door,ines,Done\nOPS-81,order more clipboard covers,paul,Done", SpeakerTool},
		{"Standup, Wednesday\nNgozi: finished the paperwork from Monday; next up is to {X}, needs the broker's login first\nPaul: off today\nInes: nothing blocking", SpeakerTool},
		{"From: Dr. Helen Achterberg\nSubject: still waiting\n\nHello again. Back in April your team agreed to {X}, and I haven't heard anything since. Could you tell me where this stands? Our committee meets on the 2nd and I'd rather not report it as outstanding.\n\nBest wishes,\nHelen", SpeakerTool},
		{"Before the weekend\n[x] ferry tickets printed\n[x] spare keys with Paul\n[ ] {X}\n[x] float returned to the office", SpeakerTool},
		{"[08:40] paul: did anyone {X} in the end?\n[08:52] ines: no, sorry, ran out of day\n[08:53] paul: ok so it's still on us. I'll raise it at the 10 o'clock", SpeakerTool},
		{"TODO: {X}. We told the broker it would be done this week.\nEverything below assumes it already has been.", SpeakerCode},
		{"XXX: don't enable this path until somebody remembers to {X}.\nSee the email thread with the utility's forester.", SpeakerCode},
		{"NOTE(ines): passing this to whoever reads it next: {X}.\nI ran out of time before the season started.", SpeakerCode},
		{"HACK: hard-coded threshold until we {X};\nremove this block once that's happened.", SpeakerCode},
		{"anything I'm forgetting before the weekend?" + TurnSep + "Just one thing: you still owe the club a reply, and that means you need to {X} first. They've asked twice now.", SpeakerTwoTurns},
		{"is '{X}' something we still need to do, or did it happen?" + TurnSep + "It hasn't happened. It's still open, and it's what's holding up Friday's export.", SpeakerTwoTurns},
		{"what's left from Gareth's email?" + TurnSep + "Only the last bit: {X}. Everything else he asked about is done and I've replied to him on those.", SpeakerTwoTurns},
	},
	tasks: []string{"re-check the ferry manifest against the service crew list",
		"send the recce car's insurance certificate to the clerk of the course",
		"log the tyre barcodes from the Sweet Lamb stage",
		"re-certify the chlorine dosing pump at the Millfield pool",
		"chase the lapsed first-aid certificates for the Saturday guards",
		"post the August lifeguard rota on the staff room board",
		"file the phytosanitary certificate for the Assam second-flush lot",
		"send the residue results for the Darjeeling lot to the broker",
		"relabel the bonded pallets in bay 6 with the new chop numbers",
		"re-queen the three hives at the Heathfield yard",
		"register the new apiary site with the bee inspector",
		"calibrate the refractometer before the heather honey extraction",
		"send the outage request for the Millbrook feeder to the utility",
		"replace the cracked boom insulator on bucket truck 4",
		"upload the span clearance photos from the Oakhurst circuit",
		"refill the CCD camera's dewar before the Friday run",
		"email the time allocation results to the visiting observers",
		"re-aim the all-sky camera after the dome repair"},
	pathTpl: []template{
		{"the template Ines keeps pointing people at is {X}, don't use the copy floating around in the shared inbox", SpeakerUser},
		{"The importer was reading {X}, not the file you edited, which is why the stale rows kept coming back.", SpeakerAssistant},
		{"Runbook: nightly sync\n1. Stop the uploader service\n2. Copy the new export to {X}\n3. Start it again and watch the log for five minutes", SpeakerTool},
		{"Source of truth: {X}.\nThe cached copy is rebuilt from it every hour, so edit there or not at all.", SpeakerCode},
		{"where does all that go once the run is over?" + TurnSep + "Into {X}. That's what the upload script's config says; I opened it to check.", SpeakerTwoTurns},
		{"could you pull the last version from {X}? it's the one the broker has, and if they disagree with us we need to be looking at the same file", SpeakerUser},
		{"[2026-06-02 21:14:07] ERROR upload: could not stat {X}: no such file or directory\n[2026-06-02 21:14:07] INFO upload: will retry at 21:44", SpeakerTool},
		{"I've pointed the export at {X}, so the photos stop landing in the repository root.", SpeakerAssistant},
		{"heads up, IT moved it again. new home is {X}", SpeakerUser},
		{"Written nightly to {X};\nthe coordinators' spreadsheet reads it from there.", SpeakerCode},
	},
	paths: []string{"/srv/rally/logistics/ferry_manifest_ceredigion.csv", `R:\Rally\2026\Recce\stage07_pacenotes.txt`,
		"~/pool/rotas/2026-08_lifeguards.xlsx", `\\LEISURE-FS02\Aquatics\Chem Logs\Millfield`,
		"s3://teaimports-lab-results/residues/2026/", "sftp://broker.feltrade.example/outbound/entries/",
		"./warehouse/bonded/bay6_pallets.json", "/var/lib/hivelog/inspections/heathfield.db",
		"gs://coop-apiary-photos/2026/heathfield/", "~/Documents/Honey Coop/extraction bookings.ods",
		`D:\ArborCrew\Circuits\Oakhurst\spans.kml`, "/mnt/fieldphotos/clearance/millbrook_feeder/",
		"obs/proposals/2026B/tac_rankings.xlsx", "/data/observatory/nightlogs/2026-06-02/",
		"../telescope-config/instruments/ccd_cooling.yaml", "C:/Users/ngozi/Desktop/Tea Samples/assam_sf_2026.pdf"},
	idTpl: []template{
		{"it's {X} that's wrong, not the one above it. I checked it against the paper copy twice", SpeakerUser},
		{"{X} appears twice in the export with different timestamps, so the duplicate is coming from upstream, not from us.", SpeakerAssistant},
		{"Subject: query about {X}\n\nDear team,\nOur records still show this as unresolved. Could someone confirm the current status before Friday?\n\nKind regards,\nAccounts", SpeakerTool},
		{"Special case: {X} was stored by the old system with a trailing space.\nDrop this once the data has been cleaned.", SpeakerCode},
		{"what was the reference they read out on the phone?" + TurnSep + "{X}. I've put it in the ticket as well, so it's in two places now.", SpeakerTwoTurns},
		{"put {X} in the subject line when you email them, otherwise it lands in the wrong queue and sits there", SpeakerUser},
		{"ref               | state   | last touched\n{X} | ON HOLD | 2026-06-01\n(1 row)", SpeakerTool},
		{"The log mentions {X} exactly once, at 04:12, just before the sync gave up.", SpeakerAssistant},
		{"Fixture: {X} is the record that broke the parser in May; keep it in.", SpeakerCode},
		{"don't close {X} yet, Paul is still waiting on a callback about it", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		upper := func() byte { return byte('A' + r.IntN(26)) }
		alnum := func(k int) string {
			const cs = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
			b := make([]byte, k)
			for i := range b {
				b[i] = cs[r.IntN(len(cs))]
			}
			return string(b)
		}
		switch r.IntN(14) {
		case 0: // tyre barcode
			return fmt.Sprintf("PZ%09d", r.IntN(1000000000))
		case 1: // rally entry reference
			return fmt.Sprintf("RC26-E%03d", 1+r.IntN(150))
		case 2: // ferry freight booking
			return fmt.Sprintf("FRT%08d", r.IntN(100000000))
		case 3: // lifeguard qualification number
			return fmt.Sprintf("NPLQ-%06d", r.IntN(1000000))
		case 4: // pool incident report
			return fmt.Sprintf("AQ-INC-%d-%03d", 2025+r.IntN(2), r.IntN(1000))
		case 5: // customs movement reference number
			return fmt.Sprintf("%02dGB%s", 25+r.IntN(2), alnum(14))
		case 6: // tea chop number
			return fmt.Sprintf("CHOP %c%c-%04d", upper(), upper(), r.IntN(10000))
		case 7: // residue lab sample
			return fmt.Sprintf("LS%08d", r.IntN(100000000))
		case 8: // hive label (yard-hive-box)
			return fmt.Sprintf("HF-%02d-%c", 1+r.IntN(40), upper())
		case 9: // honey drum lot
			return fmt.Sprintf("DRUM %d/%03d", 25+r.IntN(2), r.IntN(1000))
		case 10: // clearance work order or pole tag
			if r.IntN(2) == 0 {
				return fmt.Sprintf("WO-VM-%06d", r.IntN(1000000))
			}
			return fmt.Sprintf("Pole %c%05d", upper(), r.IntN(100000))
		case 11: // planned outage request
			return fmt.Sprintf("OR-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 12: // telescope proposal ID
			return fmt.Sprintf("%d%c-%03d", 2025+r.IntN(2), "AB"[r.IntN(2)], r.IntN(1000))
		}
		// FITS frame or CCD camera serial
		if r.IntN(2) == 0 {
			return fmt.Sprintf("n%04d.%04d.fits", 100+r.IntN(900), r.IntN(10000))
		}
		return fmt.Sprintf("CCD SN %05d", r.IntN(100000))
	},
	distractorTpl: []template{
		{"please, no more {X} for {P}. we had it for a month and everyone hated it, that one is dead and buried", SpeakerUser},
		{"{X} could in principle cover {P}, but that's me thinking out loud; nothing has been chosen on that basis.", SpeakerAssistant},
		{"Copied from the Llandrindod club's wiki: \"For {P} we use {X}, because {R}.\" That's their arrangement, not ours.", SpeakerTool},
		{"should we be looking at {X} for {P}?" + TurnSep + "Maybe next season. For now it's only an idea, and nobody has committed to anything.", SpeakerTwoTurns},
		{"e.g. backend = \"{X}\" (an illustrative value only,\nnot what production uses).", SpeakerCode},
		{"ignore the note about needing to {T}, Bartek sorted that out on Tuesday", SpeakerUser},
		{"Done since last meeting\n  [x] {T}\n  [x] minutes circulated", SpeakerTool},
		{"I was going to {T}, but it turns out that was finished already; the log shows it on Monday, so I've struck it off.", SpeakerAssistant},
		{"This used to need someone to {T} by hand;\nthe cron job does it now.", SpeakerCode},
		{"Bake-off results for {P}\n  {X}: dropped after the two-week trial\n  incumbent: kept", SpeakerTool},
	},
	rejected: []string{"Brantz Retrotrip", "Rotaready", "Hayward HCC 2000", "CargoWise Customs", "Intertek Tea Lab",
		"Apiary Book", "Lyson Quick Extractor", "ArboStar", "Vermeer BC1500", "NINA Advanced Sequencer", "AAG CloudWatcher",
		"Pool Sentry Logbook"},
	done: []string{"restring the lane ropes in the teaching pool", "re-tape the pace-note binders",
		"renew the bonded warehouse insurance", "paint the hive numbers at the Heathfield yard",
		"sharpen the chipper knives on truck 2", "clean the spider webs out of the dome shutter track",
		"book the service park pitch for Rally Ceredigion", "return the empty tea chests to the shipper",
		"re-grease the dome rotation bearings", "swap the faded no-diving signs at the deep end"},
}
