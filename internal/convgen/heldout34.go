package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut40 returns n facts of each kind from a blind held-out set. Its
// domains are a canal lock-keeping crew, a farmhouse cheese maker's ageing
// caves, a church-bell foundry, a beekeeping co-operative's honey house, a
// planetarium's dome shows and a tram museum's restoration shed. Decisions
// arrive the way they do in real work: a manager's approval email, a terse
// chat confirmation, a config change the assistant reports, meeting minutes
// with a resolution, a resolved ticket, a grudging concession, a code
// comment, a changelog line, a transcribed voice note and a choice buried in
// the middle of a rambling paragraph. Pending tasks are obligations,
// blockers, hand-offs, requests put as questions, deadlines mentioned in
// passing, a promise to an outside inspector, tracker rows, an unchecked
// item among checked ones, reminders, things someone is waiting on, and
// TODO/FIXME comments. Paths come in many shapes (Unix absolute and
// relative, ./ and ../, home directories with spaces, Windows drives, UNC
// shares, s3://, gs://, sftp:// and https URLs) in logs, configs, tickets,
// runbooks and chat; identifiers are stoppage notices, boat index numbers,
// lock fault reports, cheese make lots and wheel tags, milk test samples,
// foundry jobs and casting numbers, hive tags, honey batches, dome bookings,
// render jobs, museum accession numbers and work orders. Distractors are
// options rejected, trialled and dropped, hypothetical, used by another
// site, still an open question or only a docs example, and tasks already
// finished. The set is blind: it was written without reading the
// summarizer or any other held-out set.
func HeldOut40(seed uint64, n int) []Fact { return heldOut40.facts(seed, n) }

var heldOut40 = factSet{
	decisionTpl: []template{
		{"From: Gwen Aldous <gwen.aldous@foxleyworks.org.uk>\nTo: crew-leads\nSubject: RE: the two quotes\n\nApproved. Go ahead and order {X} for {P}. I know it came in dearer than the other quote, but {R}, and that outweighs the difference.\n\nGwen", SpeakerTool},
		{"confirmed, {X} for {P}. {R}, so no point going round on it again", SpeakerUser},
		{"I've changed the `provider` entry in site.toml so {P} now goes through {X}; nothing else in the file moved. That follows what you said this morning: {R}.", SpeakerAssistant},
		{"Minutes: monthly crew meeting, 3 November\nPresent: Ollie, Bex, Hamid, Sue (apologies: Doreen)\n\nItem 4. {P}\n  RESOLVED to adopt {X}. Bex pointed out that {R}.\nItem 5. AOB\n  The kettle in the lock cottage has died again.", SpeakerTool},
		{"Ticket 3318: options for {P}\nStatus: Resolved\nResolution: going with {X}. Requester agreed after the site visit, since {R}.\nClosed by: hamid", SpeakerTool},
		{"ugh, fine, you win. {X} for {P}. I still think it's overpriced, but {R} and I can't really argue with that", SpeakerUser},
		{"Uses {X} for {P}.\nPicked over the alternatives because {R}; talk to Sue before swapping it out.", SpeakerCode},
		{"## 2026-11-18\n- Changed: {P} now uses {X} ({R}).\n- Fixed: wrong date format on the printed notices.", SpeakerTool},
		{"Long day. The towpath by the pumping station is still half under water and Bex got the van stuck again, which is a whole other story. Anyway, on {P} we're going with {X}, because {R}, so put that in the plan please. Also if you're passing a shop we need milk for the cottage", SpeakerUser},
		{"did we ever settle {P}?" + TurnSep + "Yes: {X}. You signed it off on Thursday because {R}, and I've been working from that since.", SpeakerTwoTurns},
		{"From here on I'm treating {X} as settled for {P}; you confirmed it yesterday on the grounds that {R}. I've taken the comparison table out of the draft.", SpeakerAssistant},
		{"what are we actually on for {P} now? the notes contradict each other" + TurnSep + "It's {X}. The older notes predate the switch, which happened because {R}.", SpeakerTwoTurns},
		{"DECISION (Nov): {P} -> {X}.\nWhy: {R}. The old setup survives only in the history.", SpeakerCode},
		{"(voice note, transcribed) right so just to say, for {P} Sue's happy with {X}, she reckons {R}, so order it whenever you get a sec, cheers", SpeakerUser},
	},
	choices: []string{"Rotork IQ3", "Ekki hardwood", "Ceska-Coat", "Sensaphone Sentinel", "Choozit PC", "Sonic Visualiser",
		"loam moulding", "Maxant 3100P", "Oxybee", "hiveWatch", "Digistar 7", "OpenSpace", "Sikkens Cetol", "nectarlog",
		"Awlgrip", "Christie Griffyn"},
	purposes: []string{"the paddle actuators at Lock 14", "the new bottom gates on the Foxley flight", "the rind coating on the Tomme wheels",
		"the cave humidity alarms", "the mould culture for the Saint-Aubin batch", "the treble bell tuning", "the tenor bell mould",
		"the heather honey extraction", "the autumn varroa treatment", "the hive inspection records", "the fulldome show playback",
		"the live night-sky talks", "the saloon panel varnish on Car 27", "the toastrack tram's livery repaint",
		"the lock passage counts", "the honey jar labels"},
	reasons: []string{"the old hydraulic rams kept weeping oil into the cut", "the gate carpenters at Bulbourne already hold stock",
		"it stays supple through twice-weekly turning", "it phones the on-call cheesemaker instead of sending an email",
		"the generic culture left the last batch slip-skinned", "it resolves the hum and prime partials to a tenth of a cent",
		"the diocese insists on the traditional method", "heather honey is too thixotropic for the small radial extractor",
		"it is permitted under our organic certification", "the inspectors can log a hive with no phone signal",
		"the dome's media servers already run its cluster protocol", "the education team can script shows without a vendor visit",
		"the trust wants every finish to be reversible", "the heritage grant requires a documented paint match",
		"the lock keepers can work it wearing gloves", "the honey house label printer only accepts its templates"},
	taskTpl: []template{
		{"we're supposed to {X} before the trust inspection on the 20th and I don't think anyone has", SpeakerUser},
		{"I can't close out this week's plan yet: it's blocked until someone can {X}, and I can't do that from here.", SpeakerAssistant},
		{"I'm off from tomorrow, so handing this over: can you make sure somebody is going to {X}? Bex knows the background.", SpeakerUser},
		{"could you {X} when you get a minute? or tell me who should", SpeakerUser},
		{"oh and someone needs to {X} by Friday, the delivery's booked for Saturday first thing", SpeakerUser},
		{"From: office@foxleyworks.org.uk\nTo: d.okafor@countyinspection.gov.uk\nSubject: Re: follow-up from your visit\n\nDear Mr Okafor,\n\nThank you for your patience. As promised on the day, we will {X} and send you written confirmation when it is done.\n\nKind regards,\nThe office", SpeakerTool},
		{"id\ttask\towner\tstatus\n112\t{X}\t-\tnot started\n111\trepaint the lock-side bollards\tollie\tdone", SpeakerTool},
		{"Before Friday\n- [x] sweep out the workshop\n- [x] order the skip\n- [ ] {X}\n- [x] send the weekend rota round", SpeakerTool},
		{"A reminder, since you asked me to keep track: you still need to {X}.", SpeakerAssistant},
		{"[11:40] sue: still waiting on someone to {X} before I can sign anything off\n[11:52] hamid: I'll do it after lunch\n[11:52] sue: thanks", SpeakerTool},
		{"TODO: {X}. The figures below assume it has been done.\nOwner: unassigned.", SpeakerCode},
		{"FIXME(bex): hard-coded until we {X}.\nRemove this branch once that has happened.", SpeakerCode},
		{"anything outstanding before I go?" + TurnSep + "One thing: you still need to {X}. Nobody has picked it up yet.", SpeakerTwoTurns},
		{"what was the supplier chasing us about?" + TurnSep + "They want us to {X}. You told them on the phone it would be done next week.", SpeakerTwoTurns},
		{"Still open after today: {X}. Everything else on the list is finished.", SpeakerAssistant},
	},
	tasks: []string{"grease the ground paddle spindles at Lock 9", "order replacement quoin posts for the Foxley bottom gate",
		"check the stop planks fit before the winter stoppage", "turn and brush the Tomme wheels on rack 3",
		"log the cave 2 humidity readings for the inspector", "send the raw-milk test results to the dairy officer",
		"skim and retune the second treble", "repeat the tap test on the cracked 1872 bell", "book the crane for the tenor bell lift",
		"jar the heather honey before it sets", "tell the seasonal bee inspector about the Hollins Lane out-apiary",
		"replace the queen excluders in the Orchard Row hives", "re-render the aurora sequence at 8K",
		"redo the edge blend on the dome projectors", "strip the lead paint off the Car 27 dash panels",
		"find a replacement trolley pole for the toastrack"},
	pathTpl: []template{
		{"2026-11-21 04:12:09 ERROR caveprobe: cannot write {X}: disk quota exceeded\n2026-11-21 04:12:09 INFO caveprobe: buffering 312 readings in memory", SpeakerTool},
		{"Output goes to {X}.\nChange it here and in the cron entry too; they have to match.", SpeakerCode},
		{"Ticket 5512: nightly export missing\nSteps: open {X} and look at the newest file, it's from October.\nExpected: one file per day.", SpeakerTool},
		{"the good copy is in {X}, not the one Ollie emailed round", SpeakerUser},
		{"Runbook: after a power cut\n1. Check the UPS has switched back to mains.\n2. Check that {X} is reachable; if not, remount the share.\n3. Restart the logger and watch it for five minutes.", SpeakerTool},
		{"I've saved the cleaned-up version to {X}; the original is untouched.", SpeakerAssistant},
		{"where did the upload end up again?" + TurnSep + "It went to {X}; that's where the upload script sends everything.", SpeakerTwoTurns},
		{"can you check {X}? something in there is off, the totals don't match the paper sheet", SpeakerUser},
		{"Reads the nightly dump from {X}.\nIf it isn't there, stop rather than reuse yesterday's.", SpeakerCode},
		{"The script kept failing because it looked in the wrong place. The files actually live at {X}, so I've pointed it there.", SpeakerAssistant},
		{"Where things are (pinned in #crew)\n  photos and scans: {X}\n  invoices: the red folder in the office", SpeakerTool},
	},
	paths: []string{"/srv/locks/passage-log/2026/lock14.csv", "~/Lock Crew/Stoppage Plans/winter_2026.xlsx",
		`C:\CaveMon\exports\cave2_rh.csv`, `\\FROMAGERIE-NAS\Affinage\batch sheets`, "s3://foundry-scans/bells/tenor-2026/profile.stl",
		"./tuning/partials/treble2.json", "../honeyhouse/labels/heather_2026.pdf", "gs://dome-renders/aurora/8k/",
		"sftp://media.planetarium.local/shows/incoming/", "https://wiki.tramshed.org.uk/Car_27/paint_schedule",
		"/opt/digistar/scripts/tonights_sky.js", "tram-restoration/car27/livery/colour_match.md", "/var/log/caveprobe/cave2.log",
		`D:\Apiary\inspections\orchard_row.db`, "/home/foundry/Mould Patterns/tenor_strickle.dxf"},
	idTpl: []template{
		{"From: bookings@skydome.org.uk\nSubject: Your reference\n\nThanks for getting in touch. Please quote {X} on anything you send us about this.\n\nThe bookings team", SpeakerTool},
		{"2026-11-20 09:41:33 WARN ingest: duplicate record {X} skipped\n2026-11-20 09:41:33 INFO ingest: 418 records loaded", SpeakerTool},
		{"Ticket: {X}\nPriority: normal\nDescription: see the attached photos, the damage is on the left side.", SpeakerTool},
		{"it's {X}, the one with the chipped label", SpeakerUser},
		{"That record is {X}; I cross-checked it against the paper log and they agree.", SpeakerAssistant},
		{"what's the reference for the one that came back?" + TurnSep + "{X}. It's on the returns sheet as well.", SpeakerTwoTurns},
		{"Special case for {X}: its dates were entered month-first.\nDelete once the record is corrected.", SpeakerCode},
		{"quote {X} when you ring them, otherwise they make you start from scratch", SpeakerUser},
		{"ref;item;status\n{X};awaiting inspection;HOLD\n(1 row)", SpeakerTool},
		{"I searched the export for {X} and it appears twice, once under each site.", SpeakerAssistant},
		{"[08:03] bex: which one's faulty\n[08:04] ollie: {X}\n[08:04] bex: ta", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(15) {
		case 0: // canal stoppage notice
			return fmt.Sprintf("STN-%d-%04d", 2026+r.IntN(2), r.IntN(10000))
		case 1: // boat index number
			return fmt.Sprintf("BX%06d", r.IntN(1000000))
		case 2: // lock fault report
			return fmt.Sprintf("LF/%d/%03d", 25+r.IntN(2), r.IntN(1000))
		case 3: // cheese make lot: make date and vat
			return fmt.Sprintf("M%02d%02d-%c", 1+r.IntN(12), 1+r.IntN(28), 'A'+rune(r.IntN(4)))
		case 4: // cheese wheel tag
			return fmt.Sprintf("WHL %05d", r.IntN(100000))
		case 5: // raw milk test sample
			return fmt.Sprintf("RMT-%06d", r.IntN(1000000))
		case 6: // foundry job
			return fmt.Sprintf("FJ-%d-%03d", 2026+r.IntN(2), r.IntN(1000))
		case 7: // bell casting number
			return fmt.Sprintf("BC%04d%c", r.IntN(10000), letter())
		case 8: // hive tag
			return fmt.Sprintf("HV-%c%c%03d", letter(), letter(), r.IntN(1000))
		case 9: // honey batch
			return fmt.Sprintf("HNY%02d-%04d", 25+r.IntN(2), r.IntN(10000))
		case 10: // dome show booking
			return fmt.Sprintf("DOME-%c%c%c%03d", letter(), letter(), letter(), r.IntN(1000))
		case 11: // render job hash
			return fmt.Sprintf("rj-%08x", r.Uint32())
		case 12: // museum accession number
			return fmt.Sprintf("%d.%03d.%d", 1970+r.IntN(56), r.IntN(1000), 1+r.IntN(9))
		case 13: // restoration work order
			return fmt.Sprintf("WO%05d/%c", r.IntN(100000), letter())
		}
		// apiary registration
		return fmt.Sprintf("APR%07d", r.IntN(10000000))
	},
	distractorTpl: []template{
		{"we looked at {X} for {P} as well and said no, too fiddly to maintain. only mentioning it so you don't go down that road again", SpeakerUser},
		{"For the record, {X} was trialled for {P} over the summer and dropped because the crew found it unreliable, so I've left it out.", SpeakerAssistant},
		{"if the grant falls through we might have to look at {X} for {P}, but that's a big if and nobody is deciding anything yet", SpeakerUser},
		{"Notes from the Stourbridge site visit: they use {X} for {P}, since {R}. Interesting, but that's their setup, not ours.", SpeakerTool},
		{"is {X} worth considering for {P}?" + TurnSep + "Possibly, but nothing has been decided either way. I've put it down as an open question for the next meeting.", SpeakerTwoTurns},
		{"The sample config below uses \"{X}\" purely as a placeholder value.\nReplace it; we don't use it.", SpeakerCode},
		{"Hamid managed to {T} on Tuesday, so that one's done, you can stop worrying about it", SpeakerUser},
		{"Done this week\n- [x] {T}\n- [x] empty the office bins", SpeakerTool},
		{"I checked whether we still needed to {T}: the log says it was done last week, so I've struck it off.", SpeakerAssistant},
		{"We used to have to {T} by hand before each run.\nThat's handled automatically now.", SpeakerCode},
		{"I compared {X} against what we have now for {P}; it came out worse on every measure, so it isn't going in.", SpeakerAssistant},
	},
	rejected: []string{"Auma SA 07.6", "Paracoat", "TempTrak", "Geotrichum GEO13", "TonalEnergy", "sand casting",
		"Lega 12-frame", "HopGuard 3", "SkySkan DigitalSky", "Farrow & Ball Estate"},
	done: []string{"chain up the stop planks at Lock 6", "scrub down the cave 1 shelving", "fettle the crown staples on the 1872 bell",
		"jar the spring rapeseed honey", "relamp the dome cove lighting", "de-rust the Car 27 truck frames",
		"pressure-wash the Foxley lock chamber", "replace the smoker bellows in the honey house"},
}
