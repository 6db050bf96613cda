package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut36 returns n facts of each kind from the thirty-sixth held-out
// set. Its domains are a bobsleigh track's ice crew (refrigeration, brine
// and ice profiling), a paediatric hearing screening programme (newborn
// OAE and AABR screens, referrals to audiology), a typefoundry (masters,
// kerning, hinting, licences), a cattle auction mart (weighbridge, ear
// tags, movement reporting), a tunnel boring project's segment yard
// (curing, stacking, mould surveys) and a public library's home-delivery
// service for housebound readers. Decisions come as an approval email, a
// terse chat confirmation, a settings change the assistant reports,
// meeting minutes, a ticket resolution, a grudging concession, code
// comments, a changelog entry, a choice buried in the middle of a chatty
// paragraph, a purchase request, a messaging-app export and two-turn
// recaps. Pending tasks come as obligations, blockers, hand-offs,
// requests phrased as questions, deadlines mentioned in passing, promises
// made to outsiders, tracker rows, an unchecked item among checked ones,
// reminders, an outsider waiting by email, a transcribed voicemail, a
// stand-up note and TODO/FIXME comments. Paths appear in logs, configs,
// tickets, runbooks and chat, in Unix, relative, home-with-spaces,
// Windows drive, UNC, s3, gs, sftp and https forms. Identifiers are what
// those people quote: work orders, probe channels, NHS numbers, screening
// episodes, device serials, font licences, build hashes, ear tags,
// holding numbers, mart invoices, segment marks, pour batches, borrower
// barcodes and holds. Distractors are options rejected, trialled and
// withdrawn, hypothetical fallbacks, another depot's arrangement, open
// questions, placeholder vendor names in example config, and tasks
// already finished. The set is blind: it was written without reading the
// summarizer or any other held-out set.
func HeldOut36(seed uint64, n int) []Fact { return heldOut36.facts(seed, n) }

var heldOut36 = factSet{
	decisionTpl: []template{
		{"From: Gwen Abernethy\nTo: ops-leads\nCc: finance-approvals\nSubject: RE: sign-off needed: {P}\n\nHappy to approve {X} for {P}. My reasoning, for the file: {R}. Raise the requisition against the capital line and copy me in.\n\nGwen\n\n> On 3 Mar, Tomasz Nowak wrote:\n> Can we get a yes or a no on this before Friday?", SpeakerTool},
		{"ok. {X} for {P}, since {R}. that's final, next thing", SpeakerUser},
		{"I've set {P} to go through {X} now; the old entry is commented out in the settings file rather than deleted. That follows what you said earlier, that {R}.", SpeakerAssistant},
		{"Minutes: fortnightly coordination, 9 March\nPresent: H. Okafor (chair), B. Lindqvist, T. Mwangi\nApologies: none\n\n4. Choice of tool for {P}\n   Agreed to adopt {X}. Recorded rationale: {R}.\n   Rollout owner: B. Lindqvist\n5. AOB\n   Car park resurfacing dates circulated.", SpeakerTool},
		{"SUP-2291: tooling for {P}\nState: Resolved\nResolution note: standardising on {X} at all sites, because {R}.\nClosed by: a.bellamy, 11 Mar 2026", SpeakerTool},
		{"I'm still not thrilled about it, but you've worn me down: {X} for {P}. yes, {R}. don't make me regret it", SpeakerUser},
		{"{X} is what we use for {P} (agreed at the February review).\nIt won because {R}. Talk to the crew lead before changing it.", SpeakerCode},
		{"## [3.2.0] - 2026-03-02\n### Changed\n- Now using {X} for {P}; {R}.\n### Fixed\n- Date picker no longer skips the 29th.", SpeakerTool},
		{"Long morning. The gritter never turned up, half the crew were late and the kettle in the cabin has finally packed in. On {P}, we're going with {X}, because {R}, so you can stop holding that bit back. Anyway, the reason I'm writing: the export keeps timing out after ten minutes.", SpeakerUser},
		{"remind me what we landed on for {P}?" + TurnSep + "{X}. You signed it off last Thursday on the grounds that {R}, and everything since has assumed it.", SpeakerTwoTurns},
		{"is it {X} for {P}, or are we still waiting on the other quotes?" + TurnSep + "It's {X}. The other quotes came in higher and you confirmed on Monday, mostly because {R}.", SpeakerTwoTurns},
		{"Given that {R}, I've gone with {X} for {P} and written the reasoning into the README so nobody has to rediscover it.", SpeakerAssistant},
		{"[14/03/2026, 06:12] Ewan Baird: morning. {P}, what are we doing? I need to tell the lads\n[14/03/2026, 06:20] Carys Hughes: {X}. agreed it with the supervisor yesterday, {R}\n[14/03/2026, 06:21] Ewan Baird: grand, that's us then", SpeakerTool},
		{"PURCHASE REQUEST PR-0412\nItem: {X}\nUse: {P}\nJustification: {R}\nBudget holder: approved (signed 03/03)\nOrder placed: yes", SpeakerTool},
		{"Picked {X} for {P} over the cheaper options: {R}.\nRevisit only if the licence terms change.", SpeakerCode},
	},
	choices: []string{"Kestrel 5500", "Danfoss AK-SM 880", "FLIR T560", "MAICO easyScreen", "Natus ALGO 7i",
		"Otoport Lite", "kernOn", "fontmake", "ttfautohint", "Fontbakery", "Tru-Test XR5000", "MartEye",
		"Shearwell SDL440S", "Vacuworx RC 10", "Leica TS16", "Maxoptra", "Spydus", "eLogii"},
	purposes: []string{"the night-shift weather readings at the start house", "brine temperature control on the lower curves",
		"checking ice thickness through the labyrinth", "well-baby screening on the postnatal ward",
		"the automated ABR retests in community clinics", "uploading screening outcomes from the handhelds",
		"auto-kerning the italic masters", "building the variable fonts", "hinting the Latin Extended set",
		"release QA on the webfonts", "the weighbridge readout in the sale ring", "online bidding at the store cattle sale",
		"reading EID tags in the collecting pens", "lifting segments off the curing racks",
		"surveying the segment moulds after each strip", "planning the home-delivery van rounds",
		"the housebound readers' catalogue and holds"},
	reasons: []string{"it keeps logging through a whole night at minus twenty on one set of batteries",
		"the plant engineers already trust its alarm thresholds", "it shows the rime layer without drilling test holes",
		"the ward midwives were trained on it during the pilot", "it still gets a clean response from unsettled babies",
		"the trust's IT team has already cleared it for the clinical network",
		"it reproduces the spacing of the hand-kerned roman", "the build has to run unattended on the CI runner",
		"its licence lets us ship it alongside the webfonts", "the trading standards officer signed off its calibration",
		"buyers from Wales can bid without driving up for the sale", "it reads tags through a caked-on coat of muck",
		"the suction pads don't mark the fresh concrete faces", "the designer wants every mould checked to half a millimetre",
		"the volunteer drivers can follow the whole round on their phones",
		"the council already pays for it through the library consortium",
		"it copes with the one-way streets around the market square"},
	taskTpl: []template{
		{"we've got to {X} this week. the inspector's back on Monday and it's the first thing he'll ask about", SpeakerUser},
		{"I can't mark this finished yet: someone still has to {X}, and the sign-off form won't submit until that's recorded.", SpeakerAssistant},
		{"handing over to Bethan from tomorrow. the only live thing is that someone has to {X}; I've told her it's hers now, so keep her honest", SpeakerUser},
		{"could you {X} when you get a minute? or is that one I should be doing myself", SpeakerUser},
		{"and yes, we need to {X} by the 20th, but that's a separate conversation. back to the export: did the second run finish?", SpeakerUser},
		{"did I commit us to anything on the call with the regional coordinator?" + TurnSep + "Yes: you told her we would {X} and confirm by email on Friday. Nothing has gone out yet.", SpeakerTwoTurns},
		{"| # | Action | Owner | Due |\n|---|--------|-------|-----|\n| 6 | circulate the revised rota | Mel | closed |\n| 7 | {X} | TBC | 28 Mar |", SpeakerTool},
		{"Site walk, 9 March\n- [x] fire exits clear\n- [x] first-aid kit restocked\n- [ ] {X}\n- [x] visitor book signed", SpeakerTool},
		{"note to self, and to you since you'll remember better: {X}. it slipped last month and nobody noticed until the audit", SpeakerUser},
		{"From: Ines Carvalho\nTo: ops\nSubject: any news?\n\nHello again, just checking whether your team has been able to {X} yet. We can't book our side until that's done.\n\nMany thanks,\nInes", SpeakerTool},
		{"TODO: {X}. Until then the figures from this function are provisional.", SpeakerCode},
		{"FIXME(ewan): this table is last season's.\nIt stays hardcoded until we {X}.", SpeakerCode},
		{"From my side one item is still open: I need to {X}. The export itself runs clean now.", SpeakerAssistant},
		{"anything we still owe from the walkthrough?" + TurnSep + "One thing: we still need to {X}. Everything else on that list is signed off.", SpeakerTwoTurns},
		{"Voicemail 08:52 (transcribed)\nFrom: Rhian, duty manager\n\"Hiya, it's Rhian. Can somebody {X} today please? It's been on the board since Tuesday. Ring me back if you can't.\"", SpeakerTool},
		{"Stand-up, Thu 12 Mar\n  Yesterday: finished importing the rota\n  Today: {X}\n  Blockers: still waiting on keys from facilities", SpeakerTool},
	},
	tasks: []string{"re-shave the lip on curve 11 before the homologation runs",
		"log the brine return temperatures for the overnight shift",
		"chase the missed AABR retests from Rowan ward", "send the referral letters to the audiology clinic at St Anne's",
		"recalibrate the OAE probes in the community clinic kits", "regenerate the kerning classes for the italic masters",
		"rebuild the webfont subsets without the Vietnamese glyphs", "countersign the desktop licence for the Halden Sans order",
		"print the lot cards for Saturday's store cattle sale", "report Friday's cattle movements to BCMS",
		"disinfect the collecting pens after the TB reactor lot", "re-stack the ring 1040 segments on fresh dunnage",
		"photograph the chipped key segment in bay 6 for the designer", "pull the steam curing charts for last week's pours",
		"swap the large-print Westerns in the Thursday crates", "book an enhanced DBS check for the new volunteer driver",
		"phone the Elmfield round readers about the bank holiday"},
	pathTpl: []template{
		{"2026-03-11T04:17:52Z ERROR uploader: cannot open {X}: permission denied\n2026-03-11T04:17:52Z INFO uploader: next attempt at 04:47", SpeakerTool},
		{"Default location: {X}\nOverridden by EXPORT_DIR when that is set.", SpeakerCode},
		{"Ticket #5512 (data missing)\nReported by: j.pryce\nNothing at {X} has updated since the weekend. The last good copy is from Friday night.", SpeakerTool},
		{"the good copy is {X}. don't use the one in your downloads, it's got last year's figures in it", SpeakerUser},
		{"Runbook: end of night shift\n1. Stop the sync service.\n2. Check {X} has today's date on it.\n3. Restart the sync service and wait for the lamp to go green.", SpeakerTool},
		{"The script was reading from the wrong place. I've pointed it at {X}, which is where the current data actually lives.", SpeakerAssistant},
		{"where's the master copy kept these days?" + TurnSep + "At {X}. I've just checked it's the current one.", SpeakerTwoTurns},
		{"can you copy {X} somewhere safe before IT wipe that storage on Friday? they won't restore it for us", SpeakerUser},
		{"# sync.yaml (excerpt)\nsync:\n  source: '{X}'\n  interval: 15m\n  retries: 3", SpeakerTool},
		{"Mirror of {X}.\nEdit the original, not this copy; it is overwritten nightly.", SpeakerCode},
	},
	paths: []string{"/srv/icecrew/brine/curve11_profile.csv", "./profiles/outrun/finishing_spray.yaml",
		"../segment-yard/curing/2026-03/chamber_B.csv", "~/Home Library Service/Route Sheets/Tuesday van.xlsx",
		`D:\MartOffice\Sales\2026\store_cattle_0314.csv`, `\\HSP-FS02\Newborn Hearing\Referrals\2026-Q1`,
		"s3://foundry-builds/releases/halden-sans/2.104/", "gs://segyard-qa-photos/rings/1040-1060/",
		"sftp://sftp.mart-links.co.uk/outbound/bcms/", "https://wiki.icecrew.local/night-shift/curve-profiles",
		"sources/HaldenSans-Italic.glyphs", "/var/log/screening-sync/upload.log", "fonts/variable/HaldenSans[wght].ttf",
		"/opt/segyard/gantry/liftplan_rev4.pdf", `E:\Screening\Exports\aabr_retests.xlsx`,
		"~/foundry/proofs/italic kerning v7.pdf", "/home/delivery/routes/elmfield_round.gpx"},
	idTpl: []template{
		{"the one that's wrong is {X}, can you trace where that figure came from?", SpeakerUser},
		{"I matched {X} against yesterday's export and it's listed twice, once with the old value and once with the new.", SpeakerAssistant},
		{"From: customer services\nSubject: query re {X}\n\nDear team, the family have been in touch again about {X}. They say nobody has called them back. Could someone pick this up today?\n\nKind regards", SpeakerTool},
		{"2026-03-12 19:04:33 WARN reconcile: record {X} has no matching entry upstream, skipping", SpeakerTool},
		{"Special case for {X}: the source data has its dates swapped.\nDelete this once the upstream record is corrected.", SpeakerCode},
		{"what was the reference on the form she handed in?" + TurnSep + "{X}. I've added it to the notes so nobody has to dig for it again.", SpeakerTwoTurns},
		{"Linked record: {X}\nPriority: P2\nNotes: do not merge until the supervisor has verified it", SpeakerTool},
		{"write {X} on the whiteboard so the morning lot see it, that's the one we're holding back", SpeakerUser},
		{"The only record in the batch that failed is {X}; the rest went through on the first pass.", SpeakerAssistant},
		{"ref;status;changed_by\n{X};ON HOLD;night shift\n(1 row)", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(14) {
		case 0: // ice plant work order
			return fmt.Sprintf("WO-ICE-%05d", r.IntN(100000))
		case 1: // curve temperature probe channel
			return fmt.Sprintf("C%02d-PT%03d", 1+r.IntN(19), r.IntN(1000))
		case 2: // NHS number
			return fmt.Sprintf("%03d %03d %04d", 400+r.IntN(300), r.IntN(1000), r.IntN(10000))
		case 3: // newborn screening episode
			return fmt.Sprintf("NBS/%d/%06d", 25+r.IntN(2), r.IntN(1000000))
		case 4: // screening device serial
			return fmt.Sprintf("ESC-%c%06d", letter(), r.IntN(1000000))
		case 5: // font licence (desktop, web, app)
			return fmt.Sprintf("LIC-%c-%c%c%05d", "DWA"[r.IntN(3)], letter(), letter(), r.IntN(100000))
		case 6: // font build commit
			return fmt.Sprintf("%06x%04x", r.Uint32()&0xffffff, r.IntN(1<<16))
		case 7: // UK cattle ear tag
			return fmt.Sprintf("UK %06d %d%05d", r.IntN(1000000), 1+r.IntN(7), r.IntN(100000))
		case 8: // county-parish-holding number
			return fmt.Sprintf("%02d/%03d/%04d", 1+r.IntN(99), r.IntN(1000), r.IntN(10000))
		case 9: // mart sale invoice
			return fmt.Sprintf("INV-MRT-%06d", r.IntN(1000000))
		case 10: // tunnel segment mark (ring and position)
			return fmt.Sprintf("R%04d-%s", 1000+r.IntN(3000), []string{"A1", "A2", "A3", "B1", "B2", "K"}[r.IntN(6)])
		case 11: // concrete pour batch
			return fmt.Sprintf("PB-26%02d%02d-%02d", 1+r.IntN(12), 1+r.IntN(28), 1+r.IntN(40))
		case 12: // library borrower barcode
			return fmt.Sprintf("2%04d%09d", 1000+r.IntN(9000), r.IntN(1000000000))
		}
		// home-delivery hold
		return fmt.Sprintf("HOLD-%c%c-%06d", letter(), letter(), r.IntN(1000000))
	},
	distractorTpl: []template{
		{"we gave {X} a proper go for {P} back in the autumn and it was a disaster, so that one's off the table", SpeakerUser},
		{"Trial report, February\n{X} was trialled for {P} over four weeks and withdrawn at the end of the trial. Not recommended for purchase.", SpeakerTool},
		{"If the grant falls through, {X} could in principle cover {P}, but that's only a what-if; nobody has proposed it.", SpeakerAssistant},
		{"From the northern depot's handbook: \"We use {X} for {P}, because {R}.\" That's how they do it up there, not how we do it.", SpeakerTool},
		{"is {X} even in the running for {P}?" + TurnSep + "Nobody has decided that. It stays an open question until the supplier comes back to us.", SpeakerTwoTurns},
		{"Example config only: the vendor name \"{X}\" in this block is a placeholder.\nReplace it with the real one; we do not use it.", SpeakerCode},
		{"the one about needing to {T} can come off the list, Dafydd sorted it on Monday", SpeakerUser},
		{"Done this week\n- [x] {T}\n- [x] timesheets filed", SpeakerTool},
		{"I was about to {T}, but the log shows it was already done on the 4th, so there's nothing left there.", SpeakerAssistant},
		{"This used to need someone to {T} by hand.\nIt's automatic now; no action needed.", SpeakerCode},
		{"Item 6: {P}\n   {X} considered and rejected on cost. Current arrangement stays.", SpeakerTool},
	},
	rejected: []string{"FontForge", "BirdFont", "Sentiero Desktop", "GSI Novus", "Route4Me", "Speedy Route",
		"Herdwatch", "Bentley SYNCHRO", "Vaisala WXT536", "Axiell Quria", "Datamars SL30"},
	done: []string{"defrost the start-house timing eyes", "replace the cracked probe tips in the maternity kit",
		"rename the UFO sources to the new family name", "repaint the pen numbers in the sheep lines",
		"clean the vacuum lifter pads", "collect the overdue audiobooks from Cedar Lodge",
		"sweep the snow off the refrigeration pipe runs", "archive the 2025 screening consent forms"},
}
