package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning22 returns n facts of each kind (plus n distractors) from the
// twenty-second tuning set. Its domains are a tattoo studio's bookings
// (deposits, consent forms, ink lots, autoclave logs), a clinical trial's
// randomisation desk (IWRS kit allocation, stratification, emergency
// unblinding), a model railway club (DCC decoders, layout boards,
// exhibition stands), a geothermal plant's well field (wellhead pressures,
// brine injection, scale inhibitor, downhole logging), a court reporting
// agency (deposition jobs, realtime feeds, certified transcripts, exhibits)
// and a piano restoration workshop (hammers, soundboards, voicing, quotes).
// Its emphasis is on paths and identifiers in hard spots and on pending
// tasks said indirectly. Paths and identifiers turn up once only, inside
// machine output (Python and Java stack traces, crontab lines, INI config,
// CSV exports, INFO log lines, JSON blobs, diff hunks, shell prompts and
// grep output), deep in long emails, in chat exports and in one aside of a
// rambling message; paths take Unix, relative (./ and ../), home-directory
// with spaces, Windows drive, UNC, s3, gs, sftp and https forms;
// identifiers are booking refs, deposit receipts with slashes, consent
// form and ink lot numbers, randomisation and kit numbers, IWRS
// transaction hashes, unblinding requests, DCC addresses and decoder
// serials, exhibition stand codes, well and valve tags, log runs, court
// job numbers, federal case numbers, exhibits, piano serials, workshop
// orders and commit hashes. Pending tasks come as blockers, promises to
// outsiders, people still waiting, one unticked box among ticked ones,
// changes-requested review comments, deadline mentions in emails, chat
// threads where nobody owned up, tracker CSV rows, JSON task records,
// reminder-bot log lines, TODO and FIXME comments and two-turn "is
// anything still hanging" exchanges. Decisions are implied by minutes, a
// signed order form, a live config file, a chat export, a decision record
// in JSON, a config diff, code comments and two-turn confirmations.
// Distractors are options trialled and dropped, hypotheticals, another
// site's arrangement, documentation examples, open questions, a withdrawn
// pilot and tasks already finished. The set was written without reading
// the summarizer, as a tuning set.
func Tuning22(seed uint64, n int) []Fact { return tuning22.facts(seed, n) }

var tuning22 = factSet{
	decisionTpl: []template{
		{"right, I've stopped dithering: {X} for {P}. {R}, and that's really all there is to it. can you wire it up after lunch", SpeakerUser},
		{"Harry rang halfway through the running session and we sorted it between us, {P} goes on {X}, mostly because {R}. write that down somewhere so I don't reopen it next month", SpeakerUser},
		{"I've switched {P} over to {X} and deleted the old connector. That follows the point you made on Tuesday, that {R}.", SpeakerAssistant},
		{"For {P} everything now calls {X}. You said {R}, so I didn't keep a fallback path around.", SpeakerAssistant},
		{"Committee minutes, 12 May\nPresent: Harry, Sunita, Bram, Elin (chair)\n\n3. {P}\n   Carried: {X}\n   Noted: {R}\n4. AOB: the biscuit rota, again", SpeakerTool},
		{"From: Renata Obi\nTo: randomisation desk\nCc: purchasing\nSubject: {P}\n\nAll,\n\nI signed the order form for {X} this morning and purchasing has the countersigned copy. We are going this way because {R}. If anyone has objections they are now historical.\n\nThanks,\nRenata", SpeakerTool},
		{"# live config, last changed after the vendor call on 4 May\n# section: {P}\nprovider = {X}\n# reason recorded at the time: {R}\nretries = 3", SpeakerTool},
		{"[16:40] bram: final answer on {P}?\n[16:41] elin: {X}\n[16:41] elin: {R}\n[16:42] bram: good, that's what goes in the plan then", SpeakerTool},
		{"{\"record\": \"DR-0031\", \"scope\": \"{P}\", \"decision\": \"{X}\", \"status\": \"accepted\", \"rationale\": \"{R}\"}", SpeakerTool},
		{"--- a/settings.ini\n+++ b/settings.ini\n@@ -7,3 +7,3 @@\n ; {P}\n-backend = legacy\n+backend = {X}\n ; {R}", SpeakerTool},
		{"{P} goes through {X}.\nChosen because {R}; the old adapter went in the same change.", SpeakerCode},
		{"Owner of {P}: {X}. Do not add a second provider.\nAgreed at the May committee since {R}.", SpeakerCode},
		{"which did we land on for {P} in the end?" + TurnSep + "{X}. Elin made the case that {R}, and nobody pushed back.", SpeakerTwoTurns},
		{"am I remembering right that {P} is on {X} now?" + TurnSep + "You are: {X}, agreed because {R}. The integration already points at it.", SpeakerTwoTurns},
	},
	choices: []string{"Square Appointments", "Booksy Biz", "InkBook Pro", "Prancer RTSM", "Medidata Rave RTSM",
		"Endpoint PULSE", "JMRI DecoderPro", "Digitrax DCS240+", "ESU LokSound 5", "TOUGH3", "Leapfrog Geothermal",
		"AVEVA PI Vision", "Eclipse CAT", "Case CATalyst", "StenoCast", "Renner blue hammers", "TuneLab Pro",
		"Verituner VT-100"},
	purposes: []string{"deposit and no-show tracking", "booking the artist chairs", "capturing signed consent forms",
		"kit allocation at randomisation", "the emergency unblinding line", "stratified block randomisation",
		"programming the loco decoders", "the layout's command station", "the exhibition running sequence",
		"reservoir modelling of the well field", "the wellhead pressure historian",
		"the realtime feed to counsel's laptops", "transcript production", "scheduling reporters onto depositions",
		"tuning the concert grands", "rehammering the restored uprights", "the injection line dosing records"},
	reasons: []string{"the council's licensing officer checks every booking for a signed consent",
		"clients can pay the deposit from a link without ringing the studio",
		"the sponsor's validation pack already covers it, which saves a six-week revalidation",
		"it keeps the allocation blinded even from the desk supervisor",
		"the safety officer can unblind a single subject at three in the morning from a phone",
		"it reads and writes sound CVs without pulling the loco body off",
		"the club's boosters already speak its LocoNet bus",
		"it models the reinjection front well enough for the regulator's annual review",
		"the historian keeps one-second wellhead readings for ten years",
		"counsel in Leeds and Sacramento can both follow along in the browser",
		"the court's clerks only accept certified transcripts in its PTX format",
		"its hammers come pre-shaped for the Bechstein's original strike line",
		"it tunes the octaves stretched the way the concert hall's technician prefers",
		"the scopists already have licences for it on every workstation",
		"the trial statistician wants permuted blocks with a hidden size",
		"it still works when the plant's network drops off the control room VLAN"},
	taskTpl: []template{
		{"the sponsor won't sign off on the database lock until we {X}, and Renata has asked me about it twice this week already", SpeakerUser},
		{"oh, and I told the Warley organisers we'd {X} by the end of the month, which, checking the calendar, is Friday", SpeakerUser},
		{"still waiting on Marcus. he said he'd {X} but there's been nothing, and if it hasn't happened by Wednesday it lands back on us", SpeakerUser},
		{"long week. the compressor on pad 3 tripped twice, the new graduate locked himself out of the SCADA laptop, and the canteen's shut for a refit. somewhere in all that the inspector reminded me we have to {X} before she comes back on the 9th. everything else can wait", SpeakerUser},
		{"Pre-exhibition checklist\n- [x] book the van for Saturday\n- [x] print the layout's information card\n- [ ] {X}\n- [x] pack the spare point motors", SpeakerTool},
		{"Review by mkoval, changes requested\n\n> schedule/export.py, line 88\nBefore this can merge, please {X}. Otherwise last month's rows stay visible to the reporters.\n\n1 unresolved conversation", SpeakerTool},
		{"From: Dana Whitcombe\nTo: scheduling\nSubject: Re: Re: Harlow v. Meade, week of the 14th\n\nHi all,\n\nThanks for squeezing in the extra day. The videographer is confirmed for the Tuesday and the room at Kessler Hart is booked from nine. Parking is on the level below; validate at the front desk.\n\nOne thing I do still need: could someone {X} before the 14th? The partner has asked for it specifically and I said it was in hand.\n\nBest,\nDana", SpeakerTool},
		{"[10:02] sunita: did anyone {X}?\n[10:09] bram: not me\n[10:11] harry: nope, thought Elin had\n[10:12] elin: I didn't\n[10:12] sunita: right, still open then", SpeakerTool},
		{"id,task,owner,status,due\n118,{X},,open,2026-06-12\n117,replace the cracked fascia on board 4,bram,done,2026-05-30", SpeakerTool},
		{"{\"task\": \"{X}\", \"status\": \"blocked\", \"blocked_on\": \"sponsor sign-off\", \"owner\": null, \"due\": \"2026-06-12\"}", SpeakerTool},
		{"2026-06-01 09:00:00 INFO reminder-bot: overdue item \"{X}\" (assignee: none, due 2026-05-28)\n2026-06-01 09:00:00 INFO reminder-bot: 1 reminder sent", SpeakerTool},
		{"TODO(theo): {X} before this is switched on for the second chair.\nThe client list below is only valid until then.", SpeakerCode},
		{"FIXME: the monthly totals are wrong until someone gets to {X}.\nLeaving it as-is for the demo on Thursday.", SpeakerCode},
		{"I couldn't finish the last step, which is to {X}. It needs the site's portal credentials and I don't have them, so it's with you or whoever does.", SpeakerAssistant},
		{"Once you've approved the schema change I'll {X}. I'm deliberately holding off until then, so nothing has been done yet.", SpeakerAssistant},
		{"is anything still hanging over us from the audit?" + TurnSep + "One thing: you still need to {X}. The auditor logged it as a minor finding due by the end of the month.", SpeakerTwoTurns},
		{"did we ever {X}?" + TurnSep + "Not yet. It's still open, and the person waiting on it has asked once already.", SpeakerTwoTurns},
	},
	tasks: []string{"collect the second deposit for the full back piece",
		"reprint the aftercare sheets with the new studio address",
		"renew the autoclave spore test certificate",
		"reconcile the kit dispensing log against the IWRS export",
		"send the unblinding memo to the sponsor's safety officer",
		"re-run the stratification check for site 104",
		"replace the sound decoder in the class 37",
		"send the stand plan to the exhibition manager",
		"re-solder the droppers on the fiddle yard board",
		"log the wellhead pressures on the reinjection wells after the workover",
		"book the downhole caliper run on the injection wells",
		"send the scale inhibitor dosing figures to the regulator",
		"certify the transcript of the Harlow deposition",
		"send the rough draft to opposing counsel's paralegal",
		"sync the realtime dictionary before Monday's trial",
		"order replacement hammer felts for the Bechstein",
		"send the restoration quote to the church warden",
		"re-glue the loose ribs on the Broadwood soundboard"},
	pathTpl: []template{
		{"Traceback (most recent call last):\n  File \"/opt/randdesk/bin/allocate.py\", line 212, in <module>\n    main()\n  File \"/opt/randdesk/lib/strata.py\", line 88, in load_table\n    with open(cfg[\"strata_table\"]) as fh:\nFileNotFoundError: [Errno 2] No such file or directory: '{X}'", SpeakerTool},
		{"crontab on the front-desk machine:\n15 2 * * * /usr/local/bin/backup-bookings --dest \"{X}\" --keep 14\nLeave the time alone; the card reader syncs at 02:00.", SpeakerCode},
		{"[export]\nformat = ptx\nrealtime = true\noutput_dir = {X}\nretain_days = 30\n\n[audio]\nsync = on", SpeakerTool},
		{"job,witness,reporter,status,transcript\n284401,Dr. Amal Reyes,K. Osei,delivered,{X}\n284402,M. Duarte,L. Fenn,scheduled,\n284403,P. Lindqvist,K. Osei,cancelled,", SpeakerTool},
		{"2026-04-11 03:00:02 INFO wellfield-sync: starting run\n2026-04-11 03:00:04 INFO wellfield-sync: wrote 1412 pressure readings to {X}\n2026-04-11 03:00:04 INFO wellfield-sync: finished in 2.1s", SpeakerTool},
		{"{\"layout\": \"Dunmore Junction\", \"roster_file\": \"{X}\", \"boosters\": 3, \"updated_by\": \"hprice\"}", SpeakerTool},
		{"Here's the hunk I changed so the photos stop landing in the old share:\n@@ -12,3 +12,3 @@\n [storage]\n-photos_root = /srv/old-photos\n+photos_root = {X}", SpeakerAssistant},
		{"this is what I get when I try it:\nhprice@signalbox:~$ ls {X}\nls: cannot open directory: Permission denied\nany idea who owns that?", SpeakerUser},
		{"From: Dana Whitcombe\nSubject: Re: certified copies\n\nHi both,\n\nApologies for the slow reply; we've had three depositions run long this week and the realtime laptop in room 3 needed a new dongle. The clerk's office has finally confirmed they're happy with the signature block, so I've gone ahead and saved the certified copies to {X}. Please don't move them; the billing export reads from there.\n\nBack to the Meade exhibits tomorrow.\n\nDana", SpeakerTool},
		{"[19:02] jess: where do the signed consent scans go now?\n[19:05] theo: {X}\n[19:05] jess: ta", SpeakerTool},
		{"where does the nightly job drop the randomisation list?" + TurnSep + "Into {X}. I checked the job definition rather than going from memory.", SpeakerTwoTurns},
		{"Reads the voicing notes from {X}.\nThis is the only place the location is written down.", SpeakerCode},
		{"tonight's running session was chaos, the Pullman rake came off on the reverse curve twice and nobody had spare couplings. anyway the decoder CV backups Harry made are at {X} if you need them, I won't remember to tell you again. also the urn's broken", SpeakerUser},
		{"The realtime feed was writing to {X}, which is why the scopist's folder looked empty all morning.", SpeakerAssistant},
	},
	paths: []string{"/opt/randdesk/var/strata/STRATA_v4_locked.csv", `\\COURTREP-NAS\Transcripts\Certified\2026`,
		"~/Studio Bookings/consent scans/2026-05/", `C:\ProgramData\Eclipse CAT\Jobs\284401`,
		"s3://geoflow-wellfield-raw/pressure/kw-14/", "gs://dunmore-mrc-photos/layout/2026/",
		"sftp://iwrs.sponsor-pharma.example/outgoing/kits/", "https://files.inkhouse-studio.example/flash/summer-2026.zip",
		"./layout/dcc/cv_backups/class47_roster.json", "../wellfield-models/tough3/kw_field_2026.dat",
		"~/Piano Workshop/voicing notes/bechstein_model_b.md", "D:/Geothermal/Brine Chem/injection_2026Q2.xlsx",
		"/var/log/realtime-feed/depo_room3.log", "etc/inkhouse/deposits.yaml", `\\GEO-SCADA01\Historian\Exports\Reinjection`,
		"/mnt/trialdata/unblinding/requests/", "docs/club/exhibition/warley_2026_stand_plan.pdf",
		"/srv/pianoworks/orders/quotes_2026.ods"},
	idTpl: []template{
		{"Exception in thread \"alloc-worker-2\" java.lang.IllegalStateException: record {X} is already locked by another session\n\tat com.randdesk.alloc.KitPool.take(KitPool.java:141)\n\tat com.randdesk.alloc.Allocator.assign(Allocator.java:77)\n\tat java.base/java.lang.Thread.run(Thread.java:1583)", SpeakerTool},
		{"2026-05-19 14:22:30 INFO sync: connecting to portal\n2026-05-19 14:22:31 INFO sync: pushed 1 record ({X}) to the sponsor portal\n2026-05-19 14:22:31 INFO sync: queue empty", SpeakerTool},
		{"ref,opened,owner,state\n{X},2026-05-02,amara,awaiting reply\n(1 row exported)", SpeakerTool},
		{"{\"status\": \"pending\", \"ref\": \"{X}\", \"retries\": 3, \"last_error\": \"timeout talking to portal\"}", SpeakerTool},
		{"Workaround for {X}: the portal answers 409 for this one record.\nRemove once support closes the ticket.", SpeakerCode},
		{"I added it to the allow-list so the import stops rejecting it:\n@@ -40,3 +40,4 @@\n known_bad = [\n+    \"{X}\",\n ]", SpeakerAssistant},
		{"$ grep -c '{X}' exports/*.csv\nexports/may.csv:0\nexports/june.csv:0\nso it's missing from every export, which can't be right", SpeakerUser},
		{"From: Accounts, Kessler Hart LLP\nSubject: outstanding invoice query\n\nGood afternoon,\n\nWe have been through the April statement line by line with the partner and most of it is in order. The travel charges for the Sacramento sessions are fine, and the rush fee on the Duarte transcript was agreed in advance.\n\nThe one we cannot match is {X}. Please quote it when you reply so it reaches the right person.\n\nKind regards,\nAccounts", SpeakerTool},
		{"[14:01] sam: which one did the sponsor flag?\n[14:03] priyanka: {X}\n[14:03] sam: ok, looking now", SpeakerTool},
		{"what's the reference on the slip she sent over?" + TurnSep + "{X}. It's only on the scanned slip so far; it isn't in the booking system yet.", SpeakerTwoTurns},
		{"honestly what a day, the urn leaked over the timetable, two of the juniors turned up without their locos and the hall's heating packed in again. the one I actually need chasing is {X}, the rest is just noise", SpeakerUser},
		{"The only place {X} appears is a single line in last night's sync log; nothing downstream has picked it up.", SpeakerAssistant},
		{"Test fixture: {X} is the record with the mismatched checksum from March.\nKeep it in the suite.", SpeakerCode},
	},
	ids: func(r *rand.Rand) string {
		upper := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(18) {
		case 0: // studio booking reference
			return fmt.Sprintf("INKB-%02d%02d-%03d", 1+r.IntN(12), 1+r.IntN(28), r.IntN(1000))
		case 1: // deposit receipt
			return fmt.Sprintf("DEP/%d/%04d", 2025+r.IntN(2), r.IntN(10000))
		case 2: // consent form number
			return fmt.Sprintf("CF %04d-%c", r.IntN(10000), upper())
		case 3: // ink lot
			return fmt.Sprintf("Ink lot %c%c%05d", upper(), upper(), r.IntN(100000))
		case 4: // randomisation number (site-subject)
			return fmt.Sprintf("R%03d-%04d", 100+r.IntN(60), r.IntN(10000))
		case 5: // trial kit number
			return fmt.Sprintf("KIT %06d", r.IntN(1000000))
		case 6: // IWRS transaction
			return fmt.Sprintf("txn_%010x", r.Uint64()&0xffffffffff)
		case 7: // emergency unblinding request
			return fmt.Sprintf("UBR-%d-%03d", 2025+r.IntN(2), r.IntN(1000))
		case 8: // DCC address or decoder serial
			if r.IntN(2) == 0 {
				return fmt.Sprintf("DCC addr %d", 1000+r.IntN(9000))
			}
			return fmt.Sprintf("LokSound SN %08X", r.Uint32())
		case 9: // exhibition stand
			return fmt.Sprintf("EXH%02d/T%02d", 25+r.IntN(2), 1+r.IntN(40))
		case 10: // well or sidetrack tag
			return fmt.Sprintf("KW-%02dST%d", 1+r.IntN(30), 1+r.IntN(3))
		case 11: // wellhead valve tag
			return fmt.Sprintf("PSV-%04d%c", r.IntN(10000), 'A'+rune(r.IntN(4)))
		case 12: // downhole log run
			return fmt.Sprintf("LOG-KW%02d-R%02d", 1+r.IntN(30), 1+r.IntN(20))
		case 13: // court reporting job number
			return fmt.Sprintf("JOB# %06d", 200000+r.IntN(100000))
		case 14: // federal civil case number
			return fmt.Sprintf("%d:%02d-cv-%05d-%c%c%c", 1+r.IntN(5), 25+r.IntN(2), r.IntN(100000), upper(), upper(), upper())
		case 15: // deposition exhibit
			return fmt.Sprintf("Exhibit %d-%c", 1+r.IntN(120), upper())
		case 16: // piano serial or workshop order
			if r.IntN(2) == 0 {
				return fmt.Sprintf("Bechstein No. %06d", 10000+r.IntN(190000))
			}
			return fmt.Sprintf("PRW-%04d/%c", r.IntN(10000), upper())
		}
		// commit that touched the export
		return fmt.Sprintf("%012x", r.Uint64()&0xffffffffffff|0x100000000000)
	},
	distractorTpl: []template{
		{"and before anyone suggests it again, {X} is off the table for {P}. we trialled it for six weeks and it lost us bookings", SpeakerUser},
		{"If we ever wanted to, {X} could handle {P}, but that's a hypothetical; nothing depends on it and nobody has chosen it.", SpeakerAssistant},
		{"From the Harrogate site's setup notes: \"{P}: {X}, since {R}.\" That's their arrangement, not ours.", SpeakerTool},
		{"Example only: provider = \"{X}\"\nShown in the README for illustration; production does not use it.", SpeakerCode},
		{"is {X} worth a look for {P}?" + TurnSep + "Possibly, but it's only a question for now. Nothing has been decided and nobody is trialling it.", SpeakerTwoTurns},
		{"Pilot review\n  candidate: {X}\n  scope: {P}\n  outcome: withdrawn after four weeks\n  incumbent: kept", SpeakerTool},
		{"you can strike '{T}' off the list, Sunita did it last night", SpeakerUser},
		{"Done this week\n- [x] {T}\n- [x] updated the rota", SpeakerTool},
		{"I checked whether we still need to {T}; the log shows it was done on the 3rd, so I've closed it.", SpeakerAssistant},
		{"Someone used to {T} by hand;\nthe nightly job covers it now.", SpeakerCode},
		{"id,task,status\n204,{T},done\n205,order more nitrile gloves,done", SpeakerTool},
	},
	rejected: []string{"Vagaro", "Calendly for studios", "Oracle InForm RTSM", "Cenduit IRT", "Lenz LZV200",
		"Zimo MX645", "FracMan Geothermal", "ProCAT Winner", "Stenograph Luminex", "Peterson StroboPlus HD",
		"Abel natural felt hammers", "Nalco GEO 980 dosing"},
	done: []string{"restock the black ink caps", "archive the 2025 consent forms",
		"return the spare IWRS tokens to the sponsor", "repaint the goods shed on the branch line",
		"clean the track on the high-level loop", "flush the separator drain on pad 3",
		"collect the exhibits from the Meade deposition", "tune the upright in the front showroom",
		"replace the worn steno paper rolls in room 2", "recalibrate the brine flow meter on line B",
		"wipe the artist chairs down with the new disinfectant"},
}
