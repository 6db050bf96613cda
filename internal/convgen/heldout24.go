package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut30 returns n facts of each kind from the thirtieth held-out set.
// Its domains are a bell foundry rehanging and retuning a church ring, a
// racing pigeon federation's race marking and clocking, a herbarium's
// specimen loans and imaging, a Channel swim piloting association's escort
// boats and observers, a cheese cave's affinage, and a volcano
// observatory's field instrument network. Decisions turn up as an approval
// in an email, a terse chat confirmation, a config change the assistant
// reports, trustees' minutes with a resolution carried, a resolved ticket,
// a grudging concession, code comments, a changelog line, a choice buried
// in the middle of a rambling message, a messaging-app export, and a
// question answered in the next turn. Pending tasks come as obligations,
// blockers, hand-offs, requests put as questions, deadlines mentioned in
// passing, promises to outsiders, tracker rows, one unchecked box among
// ticked ones, reminders, things an outsider is waiting on, status lists,
// and TODO/FIXME comments. Paths are Unix absolute and relative (./ and
// ../), home directories with spaces, Windows drives, UNC shares, s3://,
// gs:// and sftp:// locations and URLs, in logs, configs, tickets,
// runbooks, emails and chat. Identifiers are what those trades quote:
// foundry job and casting numbers, pigeon ring numbers and clock chip IDs,
// race codes, herbarium barcodes and loan numbers, swim bookings and
// observer reports, cheese lots and wheel plates, seismic channel codes,
// event IDs and instrument serials. Distractors are options sent back,
// tried and backed out, kept only as a contingency, another site's setup,
// open questions, a docs example and a scoring sheet's loser, plus tasks
// already done. The set is blind: it was written without reading the
// summarizer or any other held-out set.
func HeldOut30(seed uint64, n int) []Fact { return heldOut30.facts(seed, n) }

var heldOut30 = factSet{
	decisionTpl: []template{
		{"From: Hilary Stroud <h.stroud@stowfield-trust.org.uk>\nTo: committee\nSubject: Re: quotes for {P}\n\nThanks everyone for pulling the comparisons together. I'm happy to approve {X} for {P}. What tipped it for me is that {R}. Please raise the purchase request on the usual form and copy me in so the treasurer sees it.\n\nBest wishes,\nHilary", SpeakerTool},
		{"talked to Gwen, {X} for {P}. confirmed. {R}, so no point reopening it", SpeakerUser},
		{"I've changed the settings file so that {X} now handles {P} instead of the old arrangement. You said {R}, so I didn't keep the fallback section; it's one commit if you want it back.", SpeakerAssistant},
		{"Minutes of the trustees' meeting, 3 March\nPresent: J. Marr (chair), E. Oduya, T. Pryce, S. Anand\nApologies: M. Lowe\n\nItem 4. Supplier for {P}\n  RESOLVED that {X} be adopted. Proposed J. Marr, seconded E. Oduya, carried nem. con. Discussion noted that {R}.\nItem 5. Any other business\n  The kitchen urn is still broken.", SpeakerTool},
		{"Ticket 4471\nSummary: pick a setup for {P}\nStatus: Resolved\nResolution: standardise on {X}. Reason given by the requester: {R}.\nClosed by: tpryce", SpeakerTool},
		{"fine. I still think it's overkill, but you're right that {R}, so {X} for {P}. don't make me regret it", SpeakerUser},
		{"Uses {X} for {P}.\nPicked over the other two after the spring trial because {R}; read the trial notes before swapping it out.", SpeakerCode},
		{"## 3.2.0 (2026-10-02)\n- Switched {P} to {X} ({R}).\n- Fixed the tide table import skipping the last day of the month.\n- Removed the unused fax export.", SpeakerTool},
		{"long day. the van wouldn't start so Rob drove the crates over himself, and on the way we talked it through and settled on {X} for {P}, mainly because {R}. anyway the crates are in. the bigger headache now is last month's invoice, which still hasn't been paid", SpeakerUser},
		{"what did we end up picking for {P}? I missed the call" + TurnSep + "{X}. The group went with it because {R}, and nobody argued for the other quote once that came up.", SpeakerTwoTurns},
		{"For the record, we're on {X} for {P} as of today's change. The reason you gave was that {R}, and I've added a line saying so to the README.", SpeakerAssistant},
		{"12/03/2026, 07:41 - Ffion: can we just decide what we're using for {P} before the weather turns\n12/03/2026, 07:42 - Dai: {X}. {R}\n12/03/2026, 07:42 - Ffion: ok going with that\n12/03/2026, 07:50 - Dai: kettle's on in the wheelhouse", SpeakerTool},
		{"We standardised on {X} for {P}; {R}.\nDon't add a second option here without asking Imogen first.", SpeakerCode},
		{"remind me why we're paying for {X}?" + TurnSep + "Because it's what you chose for {P}: {R}. The invoice covers the first year.", SpeakerTwoTurns},
		{"You overruled me on this one, which is fair enough: {X} is now the pick for {P}, since {R}. I've deleted my draft of the alternative so nobody trips over it.", SpeakerAssistant},
	},
	choices: []string{"Abel 3", "Wild Harmonics TuneCheck", "Benzing Live", "unikon Pro", "Axiell EMu", "HerbScan Mk II",
		"GBIF IPT", "PredictWind Offshore", "Garmin inReach Mini 2", "SPOT Gen4", "HygroMatik FlexLine", "cellarWatch",
		"Robocave R6", "SeisComP", "Guralp Certimus", "Ubiquiti airMAX", "Bellframe Planner"},
	purposes: []string{"the silent practice nights in the ringing chamber", "checking the partials on the recast tenor",
		"clocking in the Thurso race birds", "the basketing-night ring checks", "imaging the type specimens",
		"the outgoing loan paperwork", "publishing the occurrence records", "the go/no-go weather call on swim mornings",
		"tracking the escort boat during crossings", "the observer's hourly position log",
		"holding the Comté room at 95 percent humidity", "the wheel-turning rota in cave two",
		"rind brushing on the washed-rind shelves", "the real-time tremor picks", "the summit station backhaul",
		"the broadband sensor at the crater rim station", "the pigeon race result sheets", "the herbarium barcode labels"},
	reasons: []string{"the tower captain can run it without a laptop", "it separates the hum and prime to within a cent",
		"the federation only accepts results from approved clocks", "the old rubber rings kept failing to read on the antenna",
		"the Kew loan agreement asks for 600 dpi masters", "the curator wants every loan tied to a barcode",
		"it is the format GBIF harvests from automatically", "the pilots trust its swell forecasts over the Met Office feed",
		"it still pings from the French side of the separation scheme", "the insurer wants a position fix every ten minutes",
		"the steam units left mineral scale on the rinds", "the affineur wants the turning logged per wheel",
		"the cellar hands were getting wrist strain from hand brushing", "it already ingests the regional network's feeds",
		"the radio link survived last winter's icing", "the old sensor's noise floor hid the long-period events",
		"the diocese grant only covers kit from approved suppliers", "it runs off the solar bank at the rim station"},
	taskTpl: []template{
		{"we promised the trustees we'd {X}, and that was three weeks ago. it has to happen before they meet again", SpeakerUser},
		{"I can't mark the maintenance round complete yet; it's held up until someone can {X}. I've left the record in draft so nothing downstream picks it up.", SpeakerAssistant},
		{"I'm away from tomorrow, so can you hand Owain the job to {X}? he said he'd take it on if someone writes it down for him", SpeakerUser},
		{"is there any chance you could {X}? I know it's not glamorous, but it keeps getting pushed back", SpeakerUser},
		{"anyway the inspector's in on the 19th and by then we have to {X}, so whatever else slips, not that", SpeakerUser},
		{"From: Dr Anneliese Roth\nTo: collections\nSubject: Re: outstanding items\n\nThanks for the call this morning. Just confirming what you agreed on your side: you'll {X} before the end of the month. I've put it in our calendar so we can plan around it.\n\nKind regards,\nAnneliese", SpeakerTool},
		{"| #  | item | owner | state |\n|----|------|-------|-------|\n| 57 | {X} | - | open |\n| 56 | order new sally ropes | bryn | closed |", SpeakerTool},
		{"Pre-season checklist\n- [x] service the loft clock antennas\n- [x] print the entry forms\n- [ ] {X}\n- [x] top up the first-aid kit", SpeakerTool},
		{"Reminder, since you asked me to keep track: you still need to {X}. Nothing I've changed today touches that.", SpeakerAssistant},
		{"they've emailed twice now, waiting on us to {X}. can we get that moving please", SpeakerUser},
		{"TODO(mair): {X}.\nAnything that depends on it stays marked provisional until then.", SpeakerCode},
		{"FIXME: hard-coded offset until we {X}.\nDelete the constant once that's happened.", SpeakerCode},
		{"what's left on my plate?" + TurnSep + "Only the job to {X}; everything else from Thursday's list is finished.", SpeakerTwoTurns},
		{"did I promise Ingrid anything on Friday's call?" + TurnSep + "Yes, you said you'd {X} and drop her a note once it's done. That hasn't happened yet.", SpeakerTwoTurns},
		{"Status right now:\n  done: imports re-run\n  done: labels regenerated\n  open: {X}\nThe open one needs someone on site, I can't do it from here.", SpeakerAssistant},
		{"19/05/2026, 21:02 - Carys: who's able to {X}?\n19/05/2026, 21:05 - Dai: me, saturday, if the weather holds\n19/05/2026, 21:05 - Carys: 👍", SpeakerTool},
	},
	tasks: []string{"re-bush the gudgeons on the treble headstock", "send the recast tenor's tuning figures to the diocesan advisor",
		"reseal the rope bosses in the ringing chamber floor", "re-read the chip rings that failed at basketing",
		"post the provisional velocities for the Lerwick race", "renew the loft registrations for the junior members",
		"return the Rubus loan to Edinburgh before it lapses", "rescan the Saxifraga sheets that came out blurred",
		"re-barcode the 1890s bryophyte packets", "book an observer for the mid-August neap window",
		"file the ratification paperwork for the relay swim", "replace the cracked VHF aerial on the escort boat",
		"swap the failed humidity probe in cave two", "flip the tomme wheels on the bottom racks",
		"send the lot numbers for the March make to the distributor", "re-level the broadband seismometer at the rim station",
		"dig the snow off the summit solar panels", "recalibrate the SO2 camera before the next overflight"},
	pathTpl: []template{
		{"2026-09-03T04:17:55Z ERROR ingest: cannot stat {X}: no such file or directory\n2026-09-03T04:17:55Z INFO ingest: will retry at the next slot", SpeakerTool},
		{"[sync]\nsource = \"{X}\"\nread_only = true\ninterval_min = 15", SpeakerTool},
		{"Ticket 2291: files missing\nReporter: caretaker\nDescription: nothing at {X} has been updated since Monday's power cut. Please check the sync.", SpeakerTool},
		{"the good copy is at {X}. don't use whatever's on the laptop in the van, that's out of date", SpeakerUser},
		{"Runbook: end of night\n1. Stop the logger.\n2. Open {X} and copy its last entry onto the paper sheet.\n3. Check the totals match.\n4. Lock up.", SpeakerTool},
		{"I've pointed the import at {X} now; the earlier location was a copy someone made last spring.", SpeakerAssistant},
		{"Source of truth: {X}\nAnything else with the same name is a stale export.", SpeakerCode},
		{"where's the current copy kept again?" + TurnSep + "{X}. That's the one the script reads; I checked a minute ago.", SpeakerTwoTurns},
		{"can you open {X} and tell me if the last row is from Sunday? if not, the export didn't run", SpeakerUser},
		{"The job was failing on a typo in the location. It should be {X}, and with that corrected it runs cleanly.", SpeakerAssistant},
		{"Hi both,\nIT have moved the share. The new location is {X} and the old links stop working on Friday.\nCheers, Marek", SpeakerTool},
	},
	paths: []string{"/srv/bellworks/tuning/tenor_recast_2026.csv", `\\FOUNDRY-FS\Drawings\Headstocks\St Aldhelm`,
		`D:\PigeonClock\exports\lerwick_2026.txt`, "~/Race Results/2026 Season/provisional.xlsx",
		"s3://herbarium-imaging-masters/saxifraga/batch-14/", "gs://vso-seismic-archive/mseed/2026/",
		"sftp://files.channelpilots.org.uk/observer-reports/2026/", "https://loans.herbarium-e.ac.uk/requests/outgoing",
		"./cave2/humidity/setpoints.yaml", "../shared/affinage/turning_rota.ods", "/etc/seiscomp/key/station_VK_RIM2",
		"data/specimens/barcodes/bryophytes_1890s.csv", "/var/log/cellarwatch/probe-07.log",
		`C:\Users\Public\Documents\Swim Bookings\2026 slots.xlsx`, "/home/obs/telemetry/airmax/summit-link.cfg",
		"https://tides.channelpilots.org.uk/dover/2026-08"},
	idTpl: []template{
		{"From: Revd Canon Peter Ellery\nSubject: Re: your letter of the 4th\n\nSorry to chase. Your letter quotes {X}, but I can't find that anywhere on the invoice you sent. Could someone tell me which is right?\n\nPeter", SpeakerTool},
		{"04:02:19 WARN reconcile: {X} is in the export but not in the register\n04:02:19 INFO reconcile: 311 records ok, 1 mismatch", SpeakerTool},
		{"it's {X} that's giving trouble, the rest of the batch is fine", SpeakerUser},
		{"Only {X} fails the check. I've left it as it is and flagged it so someone can check it by hand.", SpeakerAssistant},
		{"Known bad record: {X}.\nSkip it in the nightly validation until the paper copy turns up.", SpeakerCode},
		{"what was the reference they gave us on the phone?" + TurnSep + "{X}. I've put it in the booking notes so it isn't only in the call log.", SpeakerTwoTurns},
		{"please put {X} on the form exactly as written, they reject anything with a typo", SpeakerUser},
		{"ref,location,checked_by,note\n{X},shelf 14,ceri,awaiting recheck", SpeakerTool},
		{"I searched the three exports for {X}; it's only in the September one, so it was added after the August cut.", SpeakerAssistant},
		{"kit came back from the supplier with {X} written on the box. is that the one we sent or a replacement?", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		up := func() rune { return 'A' + rune(r.IntN(26)) }
		low := func() rune { return 'a' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // foundry job number
			return fmt.Sprintf("BF-%d-%03d", 2025+r.IntN(2), r.IntN(1000))
		case 1: // bell casting number
			return fmt.Sprintf("Cast %04d/%c", 1000+r.IntN(9000), up())
		case 2: // pigeon ring number
			return fmt.Sprintf("GB%02dN%05d", 24+r.IntN(3), r.IntN(100000))
		case 3: // electronic clock chip ring
			return fmt.Sprintf("chip %08X", r.Uint32())
		case 4: // race code
			return fmt.Sprintf("R%02d-%s-%02d", 1+r.IntN(30), []string{"LER", "THU", "PER", "FRA", "NEW"}[r.IntN(5)], 26)
		case 5: // herbarium specimen barcode
			return fmt.Sprintf("E%08d", r.IntN(100000000))
		case 6: // outgoing loan number
			return fmt.Sprintf("LOAN/%d/%04d", 2025+r.IntN(2), r.IntN(10000))
		case 7: // swim booking reference
			return fmt.Sprintf("CSPA-26-%02d%02d-%02d", 6+r.IntN(4), 1+r.IntN(28), 1+r.IntN(12))
		case 8: // observer report number
			return fmt.Sprintf("OBS%05d", r.IntN(100000))
		case 9: // cheese make lot (year, day of year, vat)
			return fmt.Sprintf("LOT 26-%03d-%c", 1+r.IntN(365), 'A'+rune(r.IntN(4)))
		case 10: // casein wheel plate
			return fmt.Sprintf("W%c%c%04d", up(), up(), r.IntN(10000))
		case 11: // seismic stream code
			return fmt.Sprintf("VK.%s%d.00.HH%c", []string{"RIM", "SUM", "FLK", "HUT"}[r.IntN(4)], 1+r.IntN(9), "ZNE"[r.IntN(3)])
		case 12: // detected event ID
			return fmt.Sprintf("vso2026%c%c%c%c", low(), low(), low(), low())
		}
		// seismometer serial
		return fmt.Sprintf("CRT-%04X", r.IntN(0x10000))
	},
	distractorTpl: []template{
		{"we had {X} on loan for a month for {P} and sent it back, it never talked to anything else we run", SpeakerUser},
		{"I tried {X} for {P} on a copy of the data first. It mangled the dates, so I backed it out and nothing uses it.", SpeakerAssistant},
		{"if the grant falls through we might end up looking at {X} for {P}, but that's a big if and nobody's asked for quotes", SpeakerUser},
		{"Notes from the Caernarfon visit: they run {X} for {P} and swear by it, since {R}. Nice setup, but it's theirs, not a plan for us.", SpeakerTool},
		{"did anyone rule {X} in or out for {P}?" + TurnSep + "Nobody has. It's still an open question, and I haven't assumed either way.", SpeakerTwoTurns},
		{"e.g. supplier = \"{X}\"  (illustration only)\nCopy real values from the sample config, not from this comment.", SpeakerCode},
		{"Comparison sheet, row 3: {X} for {P}. Scored lowest on cost and support; not taken forward.", SpeakerTool},
		{"the one to {T} is sorted, Bryn did it on Saturday, so strike it off", SpeakerUser},
		{"Done since the last meeting\n- [x] {T}\n- [x] reply to the insurer\nNo open items carried over.", SpeakerTool},
		{"The item to {T} was still on my open list, but the log shows it was done on the 2nd, so I've removed it.", SpeakerAssistant},
		{"Someone used to have to {T} before this ran.\nNot any more; that check was removed in June.", SpeakerCode},
	},
	rejected: []string{"Tipes", "Bricon Ultimate", "JACQ", "Windy Premium", "YB Tracking", "Carel humiSteam",
		"Nanometrics Trillium", "Antelope", "BellBoard Sync", "CheeseMate"},
	done: []string{"replace the clapper staple on the fourth", "print the basketing sheets for the Perth race",
		"mount the returned Carex sheets", "renew the pilot boat's coding certificate", "wash down the cave two shelving",
		"swap the batteries in the crater rim GPS", "post the tide windows for the September slots",
		"rehang the sallies on the back six"},
}
