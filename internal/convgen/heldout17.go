package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut23 returns n facts of each kind, plus n distractors, from a blind
// held-out set: its templates and values were written without reading the
// summarizer or its history, from the fact types and the conversation
// generator only, so its score measures how well the summarizer
// generalizes rather than how well it was tuned.
//
// The domains are a TV newsroom's rundown and on-air graphics, a glass
// recycling plant (cullet sorting, weighbridge, furnace QA), the timing of
// a cross-country ski race (transponders, start lists, splits), a
// dermatology clinic's photo records (body maps, dermoscopy, consent), a
// B2B spare-parts web shop (catalogue, supersessions, dealer prices,
// freight) and a fleet of sewer inspection robots (crawlers, tethers,
// defect coding, manhole surveys). Decisions are stated outright, approved
// in a reply, recorded in minutes, a change request or an email, implied
// by an order already placed, or left as a comment next to the code that
// depends on them. Pending tasks come as reminders, promises made to
// someone else, deadlines, blocked work, open tracker rows, chat exports,
// checklists and TODO comments. Paths and identifiers appear in questions,
// log lines, tickets, emails and handover notes, in the shapes people in
// these domains quote (Windows and UNC paths, buckets, URLs, story and
// graphics IDs, weighbridge tickets, cullet lots, transponder codes, photo
// accessions, DICOM UIDs, purchase orders, RMAs, bearing designations,
// manhole segments and crawler serials). Distractors are options that lost
// or were dropped, hypotheticals, a competitor's choice, an open question,
// a placeholder in sample config, and tasks already finished.
func HeldOut23(seed uint64, n int) []Fact { return heldOut23.facts(seed, n) }

var heldOut23 = factSet{
	decisionTpl: []template{
		{"Right, procurement signed off this morning: {X} for {P}. The main argument in the room was that {R}. Can you stub the integration so we can demo it Monday?", SpeakerUser},
		{"I've switched {P} over to {X} in the config and taken the old adapter out; as discussed, {R}, so there's no point keeping both code paths alive.", SpeakerAssistant},
		{"From: Henrik Aalto\nTo: ops-leads\nSubject: RE: {P} shortlist\n\nLet's not reopen this, we're going with {X}. For whoever asks later: {R}.\nPlease cancel the remaining vendor calls.\n\nHenrik", SpeakerTool},
		{"{P}: backed by {X}.\nPicked over the other candidates because {R};\nif you want to swap it out, talk to the site lead first.", SpeakerCode},
		{"do we have a winner for {P} yet? I have to tell the vendors by Friday" + TurnSep + "We do: {X}. It came down to the fact that {R}.", SpeakerTwoTurns},
		{"fwiw I talked to Marta and she's fine with {X} for {P} as long as we write it down somewhere. Her point was that {R}, which none of the others could claim. so go ahead", SpeakerUser},
		{"Weekly sync, minutes\nAttendees: Henrik, Marta, Joel, Ines\n1. Holiday rota: postponed\n2. {P}: agreed on {X} ({R})\n3. AOB: coffee machine is broken again", SpeakerTool},
		{"Heads-up before I carry on: I hooked {P} up to {X} rather than writing our own, since {R}. Shout if that's a problem.", SpeakerAssistant},
		{"I already put the order in for {X} for {P} (because {R}), so please build against that and not the trial setup we had in January.", SpeakerUser},
		{"Change request CR-draft\nStatus: APPROVED\nScope: {P}\nSelected option: {X}\nJustification: {R}\nApprover: site manager", SpeakerTool},
		{"Marta says {R}. does that settle {P} for you?" + TurnSep + "It does. I'll standardize on {X} for {P} and delete the comparison branch.", SpeakerTwoTurns},
		{"NOTE: {X} is what we committed to for {P} ({R}).\nDon't add a second provider here without a ticket.", SpeakerCode},
		{"{X} for {P}. final answer, {R}. moving on to the export bug", SpeakerUser},
	},
	choices: []string{"Viz Trio", "CasparCG", "Ross XPression", "TOMRA AUTOSORT", "Pellenc Mistral+", "RaceResult 14",
		"ALGE Timy3", "SportIdent SIAC", "FotoFinder ATBM", "Canfield VECTRA WB360", "DermEngine", "Spryker",
		"TecAlliance TecDoc", "WinCan VX", "Envirosight ROVVER X", "IBAK PANORAMO"},
	purposes: []string{"the lower-third graphics", "the rundown-to-prompter sync", "the cullet colour sorting",
		"the weighbridge tickets", "the start-gate timing", "the live split results", "the lesion photo archive",
		"the patient consent capture", "the parts catalogue search", "the dealer price lists", "the crawler video ingest",
		"the pipe defect coding", "the breaking-news ticker", "the bib chip inventory", "the freight quotes at checkout",
		"the tether telemetry"},
	reasons: []string{"the MOS plugin already talks to our rundown server",
		"it tells flint, amber and green cullet apart at full belt speed",
		"the decoders on the finish gantry are already that brand",
		"it keeps the images in DICOM so the dermatologists can compare visits",
		"the distributors already publish their stock in that format",
		"it survives being dragged through a 200 mm lateral",
		"the county contract requires PACP-coded reports",
		"their support desk picks up at 5 a.m. before the morning show",
		"it keeps running offline when the 4G drops out on the course",
		"the licence is per site, not per operator",
		"the insurer wants an audit trail on every photo",
		"it handles supersessions without duplicating part numbers",
		"our graphics operators already know its hotkeys",
		"the vendor's service engineer lives an hour from the plant",
		"it reads both active and passive transponders"},
	taskTpl: []template{
		{"still on my plate and not started: {X}. if you get a minute could you at least draft the steps?", SpeakerUser},
		{"Not done yet: I have to {X} once the vendor gets back to us. I'll pick it up again after lunch.", SpeakerAssistant},
		{"ID   | Status | Owner | Summary\n-----+--------+-------+------------------------------\n4417 | Open   | joel  | {X}\n4402 | Closed | marta | fix typo on the login page", SpeakerTool},
		{"TODO(marta): {X}.\nBlocked on the vendor's firmware drop; don't tag the release without it.", SpeakerCode},
		{"anything left over from yesterday's list?" + TurnSep + "One item: we need to {X}. Everything else is closed.", SpeakerTwoTurns},
		{"The client's deadline is Friday noon, so we've got until then to {X}. No pressure :)", SpeakerUser},
		{"Hi,\n\nJust a reminder that you promised to {X} before the audit on the 14th. Let me know if you need the login again.\n\nThanks,\nIngrid", SpeakerTool},
		{"I couldn't {X} from here (it needs someone with site access), so I've left it as the top item in the handover notes.", SpeakerAssistant},
		{"ugh, and I told the station manager we'd {X} by tonight. can we squeeze it in after this?", SpeakerUser},
		{"[09:12] joel: who's going to {X}?\n[09:13] marta: me, first thing tomorrow\n[09:13] joel: ok, ping me when it's done", SpeakerTool},
		{"XXX: someone still needs to {X};\nthe fallback below only exists until then.", SpeakerCode},
		{"what's actually blocking the release?" + TurnSep + "Just one thing: somebody still has to {X}. The rest of the checklist is green.", SpeakerTwoTurns},
		{"my list for tomorrow:\n- [ ] {X}\n- [ ] lunch with Ingrid (her treat)", SpeakerUser},
		{"Waiting on a reply from the supplier before I can {X}; I'll chase them again at 3.", SpeakerAssistant},
	},
	tasks: []string{"recalibrate the NIR sorter on line 2 after the belt swap",
		"re-export the pursuit start list with the corrected bib offsets",
		"purge the unconsented lesion photos from the clinic iPad",
		"rebuild the supersession table for the discontinued hydraulic seals",
		"re-run defect coding on the Elm Street 300 mm survey",
		"replace the tether reel encoder on crawler unit 4",
		"pull the stale flood graphic out of the 6pm rundown",
		"recut the lower-third templates in the new station font",
		"reconcile the backup transponder times for the 10 km classic",
		"chase the forwarder about the missing pallet of pump impellers",
		"tag the dermoscopy images with the new body-map codes",
		"drain the cullet silo before the ceramic contamination audit",
		"push the tiered price list to the dealer accounts",
		"upload the manhole inspection videos to the council portal",
		"re-sync the prompter script with the revised rundown",
		"order spare timing mats for the relay exchange zone"},
	pathTpl: []template{
		{"the file you want is {X}, not the copy in my Downloads folder, that one's stale", SpeakerUser},
		{"Found it: the value comes from {X}, so that's where the change has to go. The other copy is generated.", SpeakerAssistant},
		{"Where things live (updated by Joel)\n- {X}: ask before touching, it moved last week\n- backups: the NAS in the server room", SpeakerTool},
		{"Depends on {X};\nkeep this in step with the copy on site.", SpeakerCode},
		{"which file did the vendor tell us to look at?" + TurnSep + "It was {X}. I've opened it; the relevant part is near the top.", SpeakerTwoTurns},
		{"I renamed stuff last night, it's {X} now, so update whatever still points at the old name", SpeakerUser},
		{"I've changed {X} and put the old value in the PR description in case we need to roll back.", SpeakerAssistant},
		{"2026-02-03 06:41:12 WARN sync: cannot open {X}: permission denied\n2026-02-03 06:41:12 INFO sync: retrying in 30s", SpeakerTool},
		{"Ingrid keeps asking where that lives now, can you check?" + TurnSep + "It's {X}. I've sent her the location as well.", SpeakerTwoTurns},
		{"Location: {X} (see the ops runbook).\nDon't hardcode a different one in tests.", SpeakerCode},
	},
	paths: []string{"/srv/newsroom/mos-gateway/conf/ncs-profiles.xml", "gfx/xpression/scenes/L3_twoline_v4.xpn",
		`\\plant-fs01\sorter\recipes\flint_clear_2026.rcp`, `C:\RaceTiming\events\2026-sprint-classic\passings.sqlite`,
		"s3://derm-photo-originals/bodymap/2026/", "catalog/import/supersessions_2026Q1.csv",
		"~/.config/crawlerctl/fleet.toml", "firmware/crawler/tether/src/winch_pid.c",
		"https://parts-portal.example.net/api/v2/pricelists/dealer-tiers",
		"survey/2026/elm-st/MH0412-MH0413/inspection.mdb", "ansible/roles/timing_kiosk/templates/chrony.conf.j2",
		"ops/grafana/dashboards/cullet-line2.json", "apps/storefront/src/components/PartFinder/ExplodedView.vue",
		"/media/operator/IBAK_EXPORT/2026-03-02", `D:\DermaPhoto\Export\consent_scans`,
		"newsroom/rundown-bridge/internal/mos/roreq.go"},
	idTpl: []template{
		{"customer on the phone quoting {X}, can you pull it up while I keep them talking?", SpeakerUser},
		{"The mismatch traces back to {X}; everything before it reconciles cleanly.", SpeakerAssistant},
		{"Escalation\nRef: {X}\nPriority: P2\nRaised by: night shift\nNotes: see attached screenshots, happened twice", SpeakerTool},
		{"Workaround for {X}: the upstream record has a duplicate row.\nRemove once the vendor patches it.", SpeakerCode},
		{"which one was it again, the one that broke on Saturday?" + TurnSep + "{X}. I've put it in the handover doc too.", SpeakerTwoTurns},
		{"pls reference {X} in the commit message, the auditors grep for it", SpeakerUser},
		{"Subject: Re: credit note\n\nPlease quote {X} on any further correspondence.\n\nRegards,\nAccounts Receivable", SpeakerTool},
		{"Logged everything against {X} so the night team can see what I tried.", SpeakerAssistant},
		{"2026-03-02 22:17:40 ERROR ingest: rejected record {X} (checksum mismatch), moved to quarantine", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(12) {
		case 0:
			return fmt.Sprintf("RD%s-S%03d", []string{"0600", "1230", "1800", "2200"}[r.IntN(4)], 1+r.IntN(140))
		case 1:
			return fmt.Sprintf("GFX-L3-%05d", r.IntN(100000))
		case 2:
			return fmt.Sprintf("WB%07d", r.IntN(10000000))
		case 3:
			return fmt.Sprintf("CUL-%c%02d-%04d", []rune("FAG")[r.IntN(3)], 24+r.IntN(3), r.IntN(10000))
		case 4:
			return fmt.Sprintf("TX-%06X", r.Uint32()&0xffffff)
		case 5:
			return fmt.Sprintf("DP%d-%06d", 2023+r.IntN(4), r.IntN(1000000))
		case 6:
			return fmt.Sprintf("1.2.826.0.1.3680043.%d.%d.%d", 2+r.IntN(9), 1000+r.IntN(9000), r.IntN(100000000))
		case 7:
			return fmt.Sprintf("PO 4500%06d", r.IntN(1000000))
		case 8:
			return fmt.Sprintf("RMA-%d-%05d", 2025+r.IntN(2), r.IntN(100000))
		case 9:
			return fmt.Sprintf("62%02d-2RSH/C3", 1+r.IntN(20))
		case 10:
			return fmt.Sprintf("MH%04d-MH%04d", 100+r.IntN(900), 1000+r.IntN(9000))
		}
		return fmt.Sprintf("CRW-%02d-%c%c%04d", 1+r.IntN(40), letter(), letter(), r.IntN(10000))
	},
	distractorTpl: []template{
		{"For the record, {X} was on the shortlist for {P} and got dropped. Nobody disputed that {R}, it just failed the security review.", SpeakerUser},
		{"If we ever had to rebuild {P} from scratch, {X} would be worth a look, but nothing in the current plan depends on it.", SpeakerAssistant},
		{"Trade newsletter, p. 3\nA competitor in Rotterdam moved {P} to {X} last quarter, saying that {R}.\nNo word yet on how it went.", SpeakerTool},
		{"has anyone decided whether {X} is even on the table for {P}?" + TurnSep + "Not yet, it's still open. The steering group only meets again next month.", SpeakerTwoTurns},
		{"Example only: the block below uses {X} as a placeholder vendor.\nReplace it with whatever the site actually runs.", SpeakerCode},
		{"good news, I managed to {T} yesterday afternoon, so cross that one off", SpeakerUser},
		{"Closed this week:\n- [x] {T}\n- [x] rename the shared drive folder", SpeakerTool},
		{"Already took care of that one: I had to {T} anyway for the other fix, and it checks out.", SpeakerAssistant},
		{"did somebody {T} in the end?" + TurnSep + "Yes, Joel did it on Monday. The ticket is closed.", SpeakerTwoTurns},
		{"Migration note: {T} (done 2026-02-28, checked on site).\nThis branch only stays so that older configs still load.", SpeakerCode},
	},
	rejected: []string{"Chyron PRIME", "Avid iNEWS", "Steinert UniSort", "Binder+Co CLARITY", "MyLaps ProChip",
		"Webscorer", "MoleMax HD", "Sana Commerce", "CUES Granite XP", "Aries Pathfinder"},
	done: []string{"swap the worn bearings on the cullet crusher", "reprint the damaged bib chips for wave B",
		"migrate the 2019 mole-map photos to the new archive", "rename the weather wall graphics to the new slug scheme",
		"close out the backorders for the Kessler gearbox seals", "re-tension the tether on crawler unit 2",
		"export the PACP scores for the Riverside catchment"},
}
