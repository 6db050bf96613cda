package convgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// HeldOut25 returns n facts of each kind, plus n distractors, from a blind
// held-out set: it was written without reading the summarizer or its
// history, from the fact format and the conversation generator alone, so
// its score measures how the summarizer generalizes. Its domains are a
// commercial laundry's route sheets, an embassy's visa appointments, an ice
// rink's maintenance and bookings, a car-sharing fleet's damage reports, a
// university hospital's biobank consent records and a printing press's job
// tickets. Decisions are approvals and settled choices told in chat, in
// meeting minutes, in an approval email, in an exported change request, in
// code comments and as a question answered on the next turn. Pending tasks
// are implied by deadlines, chasing emails, promises, tracker rows, a chat
// thread, a blocked TODO or a "left for next session" list. Paths come in
// Unix, Windows, UNC, home-relative, repository-relative, bucket and SFTP
// forms; identifiers are route sheet codes, cart tags, appointment and
// application references, booking and serial numbers, damage reports,
// VINs, consent and sample barcodes, job tickets and hashes, quoted in
// logs, emails, chats and tests. Distractors are options trialled and
// dropped, outvoted, hypothetical, used by another site, still undecided
// or shown only as a sample, and tasks already finished.
func HeldOut25(seed uint64, n int) []Fact { return heldOut25.facts(seed, n) }

var heldOut25 = factSet{
	decisionTpl: []template{
		{"ok, for {P} just go with {X}; {R}, and I don't want another week of comparing spreadsheets", SpeakerUser},
		{"Switching {P} over to {X} now, since {R}. I'll wire up the credentials after this commit.", SpeakerAssistant},
		{"Ops sync, minutes (Tue)\nPresent: Ines, Bogdan, Ruth, Kwame\n1. Coffee machine: still broken, Ruth is calling facilities\n" +
			"2. {P}: agreed to standardise on {X} because {R}\n3. Next sync moves to Thursday", SpeakerTool},
		{"Backend for {P}: {X}.\nWe settled on it because {R}; talk to ops before replacing it.", SpeakerCode},
		{"quick one, are we keeping the old setup for {P} or moving to {X}?" + TurnSep +
			"Moving to {X}. The clincher is that {R}. I'll start on the migration script.", SpeakerTwoTurns},
		{"talked to the client this morning and they're happy with {X} for {P}. what sold them was that {R}. can you update the proposal doc with that", SpeakerUser},
		{"From: Daniel Okafor\nTo: dev-team\nSubject: Re: options for {P}\n\nApproved, please go ahead with {X}. " +
			"Procurement only agreed because {R}, so keep that in the write-up.\n\nDaniel", SpeakerTool},
		{"I've pinned {P} to {X} in the settings and removed the fallback path. For the record, the reason is that {R}.", SpeakerAssistant},
		{"Change request (exported)\nStatus: Approved by CAB\nSummary: move {P} onto {X}\nJustification: {R}\nApprover: site operations lead", SpeakerTool},
		{"Marta's argument won in the end: {X} for {P}, because {R}. nobody pushed back so let's just do it", SpeakerUser},
		{"NOTE: {X} is the only supported option for {P} here.\nIt was picked over the alternatives since {R}.", SpeakerCode},
		{"remind me what we landed on for {P}?" + TurnSep + "{X}. The committee went for it because {R}.", SpeakerTwoTurns},
		{"From here on we use {X} for {P}. I looked at the alternatives again, but {R}, and none of them could match that.", SpeakerAssistant},
	},
	choices: []string{"ABS Laundry Suite", "Enfocus Switch", "Callas pdfToolbox", "OpenSpecimen", "Qmatic Orchestra",
		"DaySmart Recreation", "WeProov", "DocuSeal", "Zebra Link-OS", "Spindle Route Planner", "Esko Automation Engine", "UVeye",
		"Heidelberg Prinect", "CleanCloud"},
	purposes: []string{"the route sheet PDFs", "the visa slot calendar", "ice-time bookings", "damage photo intake",
		"consent form signatures", "job ticket preflight", "linen pickup sequencing", "the resurfacer maintenance log",
		"aliquot tracking in the freezers", "the consulate's walk-in queue", "customer proof approvals",
		"the pre-rental walkaround", "cart barcode labels", "the plate-making handoff"},
	reasons: []string{"the consulate's IT office already runs it on their own network",
		"it reads the GS1 barcodes on the cart tags without any plugin",
		"the ethics committee already signed off on its audit trail",
		"it keeps working offline in the drivers' vans",
		"the pressroom operators picked it up in a single afternoon",
		"its licence is priced per site rather than per seat",
		"it handles PDF/X-4 files without flattening the transparency",
		"the insurer accepts its photo timestamps as evidence",
		"the rink manager can move ice slots from her phone",
		"it survived three hundred bookings a minute during the last slot release",
		"the hospital's data protection officer has already vetted the vendor",
		"it exports straight into the laundry's Sage ledger",
		"it stores every consent version next to the witness initials",
		"our plate supplier can ingest its JDF output"},
	taskTpl: []template{
		{"before Friday someone has to {X}. I'd rather it was you than me, honestly", SpeakerUser},
		{"Still outstanding on my side: {X}. I'll get to it once this test run finishes.", SpeakerAssistant},
		{"Tracker export (open items)\n#412  unassigned  OPEN  {X}\n#398  kwame       OPEN  vendor reply pending", SpeakerTool},
		{"TODO(ruth): {X}.\nBlocked on the vendor sending new credentials; leave the flag off until then.", SpeakerCode},
		{"did anyone {X} yet?" + TurnSep + "Nobody has, as far as I can see. I'll put it first on tomorrow's list.", SpeakerTwoTurns},
		{"note to self mostly: {X}, the auditors are asking about it on the 14th", SpeakerUser},
		{"Hi all,\n\nJust chasing this: we're still waiting on your side to {X}. Finance can't close November until it's done.\n\nThanks,\nPriyanka", SpeakerTool},
		{"I can't {X} from here, I don't have access to that machine, so that one stays with you.", SpeakerAssistant},
		{"i promised the client we'd {X} by the end of the month, can you make sure it doesn't slip", SpeakerUser},
		{"[09:12] hana: is anyone going to {X}?\n[09:13] leo: me, after standup\n[09:40] hana: thanks, it's due today", SpeakerTool},
		{"FIXME: this workaround stays until we {X}.", SpeakerCode},
		{"Left for next session:\n1. {X}\n2. re-run the nightly import against staging\n3. let Ines know it's ready", SpeakerAssistant},
		{"what's still open?" + TurnSep + "Mostly that we need to {X}; everything else on the list is closed.", SpeakerTwoTurns},
	},
	tasks: []string{"reprint the Tuesday route sheets for the north hospital loop",
		"reconcile the soiled-linen weights against the hotel invoices",
		"release the extra Schengen appointment slots for December",
		"email the applicants whose biometrics slot was cancelled",
		"replace the blade on the second ice resurfacer",
		"move the Saturday figure-skating block to rink B",
		"attach the windscreen photos to the damage report for the blue Corolla",
		"chase the repair quote for the dented rear door on car 118",
		"re-consent the donors whose forms predate the 2019 template",
		"flag the samples whose donors withdrew consent",
		"send the wine-label proofs back to the customer",
		"order more 70gsm offset stock for the catalogue run",
		"recalibrate the platesetter before the Monday shift",
		"renew the brine pump service contract"},
	pathTpl: []template{
		{"the one you want is {X}, not the copy someone attached to the email", SpeakerUser},
		{"Found it: the problem is in {X}, not in the database like I assumed.", SpeakerAssistant},
		{"Deploy notes\n- touches {X}\n- restart the worker after editing\n- don't run this during the morning shift", SpeakerTool},
		{"Everything here is keyed off {X}.\nThat location is fixed by the vendor, so don't make it configurable.", SpeakerCode},
		{"which path was it again, the one the importer chokes on?" + TurnSep + "{X}. I double-checked before answering.", SpeakerTwoTurns},
		{"please only change what's in {X}, everything else next to it is shared with the front desk", SpeakerUser},
		{"I made the change in {X} and left everything else alone.", SpeakerAssistant},
		{"Ticket #5512 (from the helpdesk)\n> something has been wrong with {X} since the weekend, can someone have a look?", SpeakerTool},
		{"fyi legal wants whatever sits in {X} kept for seven years", SpeakerUser},
	},
	paths: []string{"/srv/laundry/routes/2026-11/north-loop.csv", `C:\PressShop\Tickets\Inbox`,
		`\\fs01\biobank\consents\scanned`, "~/rink/ice-schedule.ods", "s3://carshare-damage-photos/2026/11/",
		"config/embassy/appointment_rules.yml", "/mnt/ctp/hotfolders/plates_in", "apps/visa-booking/src/slots/release.ts",
		"./scripts/weighbridge_import.py", "/var/spool/prepress/jdf/outgoing/", "biobank/consent/templates/v2019-04.docx",
		"/opt/rinkctl/etc/resurfacer.toml", "sftp://drop.fleetshare.example/inbound/damage/", "D:/RouteSheets/Archive/2026/wk47.pdf"},
	idTpl: []template{
		{"the customer keeps reading {X} to me over the phone, can you find what it belongs to", SpeakerUser},
		{"That lines up with {X} in the export: same timestamp, same depot.", SpeakerAssistant},
		{"Subject: Query about {X}\n\nHello,\nwe still have no update on this one. Could you check on your end?\n\nRegards,\nFront office", SpeakerTool},
		{"Regression test for {X}: the old code double-counted this record.", SpeakerCode},
		{"what was the number on the one that broke?" + TurnSep + "{X}. I put it in the commit message as well.", SpeakerTwoTurns},
		{"{X} is the one still stuck, all the others went through fine", SpeakerUser},
		{"2026-11-18 07:42:10 WARN intake: duplicate record {X} skipped\n2026-11-18 07:42:11 INFO intake: 214 records imported", SpeakerTool},
		{"I'll reference {X} in the handover note so the night shift can find it.", SpeakerAssistant},
		{"[14:03] ola: can you check {X} when you get a sec\n[14:05] ola: it's the one the auditor flagged", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func(from string) byte { return from[r.IntN(len(from))] }
		switch r.IntN(12) {
		case 0: // laundry route sheet: loop and date
			return fmt.Sprintf("RS-%c%02d-2026%02d%02d", letter("NSEW"), 1+r.IntN(40), 1+r.IntN(12), 1+r.IntN(28))
		case 1: // laundry cart tag
			return fmt.Sprintf("CART-%05d", r.IntN(100000))
		case 2: // visa appointment reference
			posts := []string{"LON", "PAR", "NBO", "MNL", "LIM", "ACC"}
			return fmt.Sprintf("%s/%06d/2026", posts[r.IntN(len(posts))], r.IntN(1000000))
		case 3: // visa application number
			return fmt.Sprintf("VA26%c%07d", letter("CDKLM"), r.IntN(10000000))
		case 4: // ice-time booking
			return fmt.Sprintf("ICE-W%02d-%03d", 1+r.IntN(52), r.IntN(1000))
		case 5: // resurfacer serial
			return fmt.Sprintf("OLY%d-%05d", 400+r.IntN(200), r.IntN(100000))
		case 6: // car-sharing damage report
			return fmt.Sprintf("DR-%06d", r.IntN(1000000))
		case 7: // vehicle VIN
			const vin = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
			var b strings.Builder
			b.WriteString([]string{"WVW", "VF1", "TMB", "JTD"}[r.IntN(4)])
			for range 14 {
				b.WriteByte(letter(vin))
			}
			return b.String()
		case 8: // biobank consent record
			return fmt.Sprintf("CNS-%04d-%05d", 2015+r.IntN(12), r.IntN(100000))
		case 9: // biobank sample barcode: box, position
			return fmt.Sprintf("BB%02d%06d-%c%02d", r.IntN(100), r.IntN(1000000), letter("ABCDEFGH"), 1+r.IntN(12))
		case 10: // print job ticket and version
			return fmt.Sprintf("JT26-%04d/%d", r.IntN(10000), 1+r.IntN(4))
		}
		// preflight report hash
		return fmt.Sprintf("%010x", r.Uint64()&0xffffffffff)
	},
	distractorTpl: []template{
		{"fwiw we trialled {X} for {P} back in spring and dropped it, the trial licence ran out before anyone tested the export. not going back to it", SpeakerUser},
		{"If the volume ever doubles, {X} could be worth a look for {P}, but nothing in today's numbers justifies it, so I'm not touching it.", SpeakerAssistant},
		{"Site visit notes (Lyon depot)\nThey run {X} for {P} and seem happy; their reason was that {R}.\nNot relevant to our setup, just context for the comparison.", SpeakerTool},
		{"has anyone actually decided whether {P} should move to {X}?" + TurnSep +
			"Not that I know of. It's still open; I'd want the pricing before anyone commits.", SpeakerTwoTurns},
		{"Example only: {X} appears below as a sample backend for {P}.\nProduction reads the real backend from the environment.", SpeakerCode},
		{"Vote on {P}: {X} lost 2 to 5. Its backers argued that {R}, which didn't carry it.", SpeakerTool},
		{"crossed off this morning: {T}. one less thing", SpeakerUser},
		{"Sprint board export\n[x] {T}  (closed Mon)\n[x] tidy the README badges", SpeakerTool},
		{"No need to chase that one, I already had to {T} yesterday for the audit prep; it's done and verified.", SpeakerAssistant},
		{"do we still need to {T}?" + TurnSep + "No, Lena did it on Monday. The ticket's closed.", SpeakerTwoTurns},
	},
	rejected: []string{"Appointy", "Labmatrix", "PrintVis", "Tchek", "Teamup Calendar", "Kodak Prinergy",
		"Jsprit", "LabVantage", "ProovStation", "EZFacility"},
	done: []string{"swap the worn blade on the edger", "upload the October route sheets to the archive",
		"invoice the member for the scratched bumper on car 207", "shred the paper consent copies that were already scanned",
		"close the overbooked Thursday visa slots", "re-run the imposition for the menu cards job",
		"replace the door seals on the tunnel washer"},
}
