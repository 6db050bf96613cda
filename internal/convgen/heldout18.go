package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut24 returns n facts of each kind from the twenty-fourth held-out
// set. It is blind: its templates and values were written without reading
// the summarizer or any other held-out set, only the fact types and the
// conversation generator, so its score measures how well the summarizer
// generalizes. Its domains are an opera house's rehearsal schedule and
// costume shop, a copper mine's assay lab, a duty-free store's bonded
// stock, a fire department's hydrant inspections, a language school's
// placement tests and a beekeeping cooperative's hive records. Decisions
// are mostly implied: an approval relayed from a supervisor, a signed
// purchase order, a switch already made, meeting minutes, a procurement
// email, a confirmation asked for and given. Pending tasks come as
// obligations, promises, things waited on, reminders, tracker rows,
// tickets, action items and questions about whether something was ever
// done. Paths are POSIX, Windows, UNC, home-relative and object-store
// forms; identifiers are the costume tags, assay sample and certificate
// numbers, barcodes, bond entries, hydrant and work-order numbers,
// candidate codes and hive and honey-batch labels those people quote.
// Distractors are options trialled and dropped, hypotheticals, a sister
// site's choice, an open question, a fixture's made-up vendor, a
// runner-up that lost a vote, and tasks already finished.
func HeldOut24(seed uint64, n int) []Fact { return heldOut24.facts(seed, n) }

var heldOut24 = factSet{
	decisionTpl: []template{
		{"ok so {X} for {P} then, mostly because {R}. go ahead and wire it up whenever you get to it", SpeakerUser},
		{"I've switched {P} over to {X}, since {R}; the old importer is still in the repo but nothing calls it anymore.", SpeakerAssistant},
		{"Minutes - Thursday ops sync\nAttendees: R. Lind, M. Costa, J. Abara\n- Agreed: {X} for {P} ({R}).\n- Parking-lot items carried over.\n- Next sync in two weeks.", SpeakerTool},
		{"We standardised on {X} for {P}: {R}.\nDo not add a second code path for the old tool.", SpeakerCode},
		{"so where did the board land on {P}? I missed the call" + TurnSep + "They approved {X}. The argument that won it was that {R}.", SpeakerTwoTurns},
		{"Signed the PO for {X} this morning, that's what we'll use for {P} from now on. the clincher was that {R}.", SpeakerUser},
		{"Going with {X} for {P} unless you object: {R}, and none of the others came close on that.", SpeakerAssistant},
		{"From: Procurement Desk\nSubject: RE: request #4471 approved\n\nHi,\nthe request for {X} ({P}) has been approved. Justification noted on file: {R}.\nInvoice to follow next week.\n\nThanks", SpeakerTool},
		{"after all that back and forth the supervisor just said use {X} for {P}. her words: \"{R}\"", SpeakerUser},
		{"Backend for {P} is {X}; picked because {R}.\nIf you are tempted to swap it, talk to the shift lead first.", SpeakerCode},
		{"can you confirm we're doing {P} with {X}? want to tell the others" + TurnSep + "Confirmed, that's the final call on it. Short version for them: {R}.", SpeakerTwoTurns},
		{"Replaced the spreadsheet macro with {X} for {P}. Reasoning, for the changelog: {R}.", SpeakerAssistant},
	},
	choices: []string{"Costumista Pro", "StageCall 7", "AssayBook LIMS", "Agilent 5110 ICP-OES", "Bruker S1 TITAN",
		"Skyshelf WMS", "HydraTrace", "Mueller Super Centurion", "Linguaskill", "HiveTracks", "Langstroth 10-frame",
		"Apilog Cloud", "Bondwise", "Pearson Versant"},
	purposes: []string{"the costume fitting calendar", "wig and millinery loans", "rehearsal call sheets",
		"copper grade reporting", "sample chain of custody", "liquor reorders at the airside shops", "bonded stock counts",
		"hydrant flow test records", "inspection route planning", "placement test scoring", "oral interview scheduling",
		"hive inspection logs", "varroa mite counts", "honey batch labelling"},
	reasons: []string{"it keeps a signed audit trail on every edit", "the accreditation auditor already accepted it at the sister lab",
		"it works offline down in the basement stores", "it prints straight to the Zebra label printers",
		"customs want lot-level traceability on anything bonded", "the night crew picked it up in a single afternoon",
		"the licence is per site instead of per seat", "it syncs fine over patchy rural signal",
		"it imports the county GIS layer without a conversion step", "the union signed off on it without reopening the rota",
		"it handles the CEFR bands out of the box", "it was the only bid under the grant ceiling",
		"its detection limit is low enough for the tailings samples", "it still runs on the old Toughbook tablets"},
	taskTpl: []template{
		{"ok before I forget, somebody has to {X}. nobody's picked it up yet as far as I can tell", SpeakerUser},
		{"Once this import change lands I'll still need to {X}; that part isn't done.", SpeakerAssistant},
		{"STATUS   OWNER     ITEM\nopen     (none)    {X}\nwaiting  d.ferro   confirm the new rota with payroll", SpeakerTool},
		{"TODO(ines): {X}.\nBlocked until the export format is agreed, so the totals here are provisional.", SpeakerCode},
		{"is anything left over from Friday's list?" + TurnSep + "One thing: we still haven't managed to {X}. I'll keep it at the top of the handover.", SpeakerTwoTurns},
		{"can you remind me tomorrow morning to {X}? I've been asked twice now", SpeakerUser},
		{"From: r.achebe\nSubject: Re: weekend cover\n\nHi all, could whoever is on shift this weekend please {X}? It has to happen before the audit on the 14th.\n\nCheers, R.", SpeakerTool},
		{"That leaves one manual step the script can't do for you: you'll have to {X} by hand after it finishes.", SpeakerAssistant},
		{"my manager wants us to {X} by end of month, so pencil that in after the import work", SpeakerUser},
		{"Action items\n1. Dana to {X} (due next Fri)\n2. Everyone: review the rota again in two weeks", SpeakerTool},
		{"FIXME: the nightly job assumes someone will {X}.\nUntil that happens treat the counts below as estimates.", SpeakerCode},
		{"wait, did we ever {X}?" + TurnSep + "No, not yet. It's still open, so I'll add it to the handover notes so it doesn't slip again.", SpeakerTwoTurns},
		{"still waiting on the supplier to call back before I can {X}, so that one's pending", SpeakerUser},
		{"Ticket status: OPEN\nSummary: {X}\nAssignee: unassigned\nDue: 2026-12-05", SpeakerTool},
	},
	tasks: []string{"re-dye the chorus capes for the second act", "let out the seams on the Scarpia tailcoat",
		"book the rehearsal room for the sitzprobe", "recalibrate the microbalance in the fire-assay room",
		"rerun the duplicate pulps from drillhole KD-114", "send the expired CRM jars back to the reference lab",
		"recount the tobacco cage in the bonded store", "relabel the whisky pallets for the new excise band",
		"write off the damaged fragrance testers from pier B", "repaint the caps on the out-of-service hydrants",
		"flush the dead-end hydrant on Alder Court", "regrade the B1 speaking recordings from the March intake",
		"rewrite the answer key for listening section three", "requeen the two defensive colonies at the orchard yard",
		"log the varroa wash counts for the hilltop apiary"},
	pathTpl: []template{
		{"fyi the spreadsheet they actually use is {X}, the other copy is months stale", SpeakerUser},
		{"I wrote the cleaned export to {X} so you can diff it against yesterday's.", SpeakerAssistant},
		{"Where things live\n  raw data ....... {X}\n  ask Priyanka for write access", SpeakerTool},
		{"Reads from {X}; don't hardcode a different location,\nops mounts it there on every box.", SpeakerCode},
		{"where does the nightly import pick its file up from?" + TurnSep + "From {X}. It runs at 02:15 and skips the file if it's older than a day.", SpeakerTwoTurns},
		{"pls don't touch {X}, the supervisor edits it by hand and gets upset when it changes", SpeakerUser},
		{"2026-11-20 02:15:07 WARN import: checksum mismatch on {X}, retrying (attempt 2/3)\n2026-11-20 02:15:09 INFO import: retry ok", SpeakerTool},
		{"Found it: the service account couldn't read {X}, which is why the import came back empty.", SpeakerAssistant},
		{"moving the reference file to {X} this afternoon, update whatever still points at the old one", SpeakerUser},
	},
	paths: []string{"/srv/costume-shop/measurements/chorus_2026.xlsx", `\\opera-fs01\wardrobe\Tosca\fittings.csv`,
		`C:\AssayLab\ICP\runs\2026-11-03_batch17.csv`, "~/hives/inspections/north-yard.md",
		"s3://dutyfree-stock-exports/terminal2/daily/", "assay/qc/crm_limits.yaml",
		"/var/spool/hydrants/flowtests/district4.json", "placement/tests/b2/listening_key.json",
		"./tools/varroa_counts.py", "gs://langschool-placement/audio/2026-spring/",
		"hydrants/gis/hydrant_points.geojson", "/mnt/nas/opera/rehearsal/call-sheets/act2-week3.pdf",
		"dutyfree/reorder/rules/liquor_par_levels.toml", "/opt/apiary/db/hive_records.sqlite",
		"sftp://mineftp01/outgoing/pulps/"},
	idTpl: []template{
		{"the lab quoted {X} when they rang, can you look it up", SpeakerUser},
		{"The only row that doesn't reconcile is {X}; everything else matches the count.", SpeakerAssistant},
		{"Subject: query re {X}\n\nHello, we have a discrepancy on the item referenced above. Please check and revert by Friday.\n\nRegards,\nJ. Okafor", SpeakerTool},
		{"Regression case: {X} used to be dropped by the dedupe step.\nKeep this until the upstream fix ships.", SpeakerCode},
		{"which record was it that broke the import?" + TurnSep + "It was {X}; the date field on that row is blank, so the parser bailed.", SpeakerTwoTurns},
		{"put {X} in the commit message so Lena can find it later", SpeakerUser},
		{"[09:12] tomasz: anyone know why {X} shows up twice?\n[09:14] hana: looking\n[09:31] hana: no idea yet", SpeakerTool},
		{"I matched the scanner log against the sheet: {X} is in the log but never made it into the sheet.", SpeakerAssistant},
		{"2026-11-21 06:40:12 ERROR reconcile: no master record for {X} (source=handheld-3)", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		pick := func(list ...string) string { return list[r.IntN(len(list))] }
		switch r.IntN(12) {
		case 0:
			return fmt.Sprintf("WRD-%s-%04d", pick("TOS", "CAR", "BOH", "FLT", "RIG"), r.IntN(10000))
		case 1:
			return fmt.Sprintf("RB-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 2:
			return fmt.Sprintf("%s%03d-%05d", pick("KD", "MX", "TQ"), 100+r.IntN(900), r.IntN(100000))
		case 3:
			return fmt.Sprintf("ASY%02d%02d-%03d", 25+r.IntN(2), 1+r.IntN(12), r.IntN(1000))
		case 4:
			return fmt.Sprintf("50%011d", r.Int64N(100000000000))
		case 5:
			return fmt.Sprintf("BWN/%d/%06d", 2025+r.IntN(2), r.IntN(1000000))
		case 6:
			return fmt.Sprintf("HYD-%02d-%04d", 1+r.IntN(12), r.IntN(10000))
		case 7:
			return fmt.Sprintf("WO%07d", r.IntN(10000000))
		case 8:
			return fmt.Sprintf("PT-%s-%02d%02d-%04d", pick("A2", "B1", "B2", "C1"), 25+r.IntN(2), 1+r.IntN(12), r.IntN(10000))
		case 9:
			return fmt.Sprintf("AP-%s%d-H%02d", pick("N", "S", "E", "W"), 1+r.IntN(9), 1+r.IntN(40))
		case 10:
			return fmt.Sprintf("HB%02d%02d-%02d", 25+r.IntN(2), 1+r.IntN(12), 1+r.IntN(60))
		}
		return fmt.Sprintf("F%02d-%06d", 25+r.IntN(2), r.IntN(1000000))
	},
	distractorTpl: []template{
		{"we trialled {X} for {P} last spring and binned it, the interface was a nightmare", SpeakerUser},
		{"If money were no object I'd have suggested {X} for {P}, but that's off the table this year.", SpeakerAssistant},
		{"From: m.havel\nSubject: FYI\n\nThe team at the sister site went with {X} for {P}. Not a recommendation for us, just passing it on.", SpeakerTool},
		{"has anyone actually looked at {X} for {P}?" + TurnSep + "Not that I know of. It's still an open question, so I wouldn't build anything around it yet.", SpeakerTwoTurns},
		{"Example only: the fixture below uses {X} as a made-up vendor name.\nProduction never talks to it.", SpeakerCode},
		{"{X} came second for {P}; even though {R}, it lost the vote.", SpeakerAssistant},
		{"good news, we managed to {T} yesterday, so cross that one off", SpeakerUser},
		{"Done this week\n- [x] {T} (closed Tue, signed off)\n- [x] archive last season's sheets", SpeakerTool},
		{"Earlier you asked me to {T}; that's done and I double-checked it, nothing left there.", SpeakerAssistant},
	},
	rejected: []string{"WardrobeWiz", "AssayPro Online", "StockSphere DF", "HydrantHQ", "TestRocket", "BeeBoss",
		"Kestrel ICP", "PlaceMeNow", "CueSheet Lite"},
	done: []string{"reprint the hydrant tags for District 2", "upload the Carmen fitting photos",
		"rerun the blank from batch 12", "count the perfume wall in the arrivals shop",
		"mark the spring queens with white dots", "score the A2 writing scripts", "hem the Musetta dress"},
}
