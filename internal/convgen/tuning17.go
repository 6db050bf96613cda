package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning17 returns n facts of each kind from the seventeenth tuning set. Its
// domains are a steel mill's furnace maintenance (refractory relines,
// thermocouples, work orders and heat numbers), a dating app's
// trust-and-safety queue (scam and harassment reports, ID and liveness
// checks, appeals), a port authority's berth scheduling (berth windows,
// pilots, tide tables, vessel IMO numbers), a nursing school's clinical
// placements (preceptors, rotations, immunization compliance), a solar
// farm's inverter monitoring (string telemetry, fault alarms, serials) and
// a comic book distributor's preorders (final order cutoff, allocations,
// catalogue item codes). Decisions are implied by approval, procurement,
// meeting minutes, changelog lines, chat exports and code that already uses
// the choice; tasks come as obligations, promises, deadlines, reminders,
// questions, tracker rows and action items; paths and identifiers are
// dropped in passing, in logs, tickets and emails. Distractors are options
// trialled and dropped, voted down, merely hypothetical, another site's
// choice, open questions, documentation samples, and tasks already done.
// It was written without reading the summarizer, as a tuning set.
func Tuning17(seed uint64, n int) []Fact { return tuning17.facts(seed, n) }

var tuning17 = factSet{
	decisionTpl: []template{
		{"ok talked to Dana and we're not reopening it: {X} for {P}, mostly because {R}. can you wire it in after lunch", SpeakerUser},
		{"I've moved {P} over to {X}, as you approved in standup (the argument was that {R}). The old client is still vendored until we're sure nothing else calls it.", SpeakerAssistant},
		{"Weekly ops sync, minutes\nAttendees: R. Okafor, shift leads, planning\n1. On {P}, the group agreed on {X}. Reasoning recorded: {R}.\n2. Spare parts audit slips to next month.\n3. AOB: none.", SpeakerTool},
		{"Routing for {P} goes through {X} now.\nWhy: {R}.\nDon't swap it out without asking ops first.", SpeakerCode},
		{"did we ever land on something for {P}? I keep seeing two clients in the config" + TurnSep +
			"We did, it's {X}. You signed off on Thursday because {R}; the second client is dead code and I'll delete it in this branch.", SpeakerTwoTurns},
		{"Procurement emailed back, the PO for {X} is approved, so that's what {P} runs on from now. Their note says {R}, which matches what Li found in the pilot.", SpeakerUser},
		{"Went with {X} for {P}. Rationale, so it's in the log: {R}. If that ever changes, the adapter is a single file.", SpeakerAssistant},
		{"From: ops lead\nSubject: Re: {P}\n\nFine by me, go ahead with {X}. The deciding point for me is that {R}.\n\nThanks,\nMarguerite", SpeakerTool},
		{"{X} won the bake-off for {P} and nobody pushed back, since {R}. lock it in and tell the vendor", SpeakerUser},
		{"[09:14] priya: so for {P} are we doing {X} or not\n[09:15] sam: yes, {X}. because {R}\n[09:15] priya: +1, updating the plan", SpeakerTool},
		{"NOTE: {P} is backed by {X} as of this release; the previous integration was removed.\nChosen because {R}.", SpeakerCode},
		{"before I tell the other vendor no, you're sure about {X} for {P}?" + TurnSep +
			"I'm sure. The short version is that {R}, and nothing else on the shortlist came close. I've already pointed the config at {X}.", SpeakerTwoTurns},
		{"## Unreleased\n- Switched {P} to {X} ({R}).\n- Raised the retry limit on the nightly import.", SpeakerTool},
	},
	choices: []string{"Magnecarb 90", "Calderys", "Fluke Ti480 PRO", "Hive Moderation", "Yoti", "Spectrum Labs",
		"PortXchange", "Spire Maritime", "ACEMAPP", "Exxat", "CastleBranch", "AlsoEnergy PowerTrack", "Ignition Edge",
		"Lunar Distribution", "ComicHub"},
	purposes: []string{"ladle reline scheduling", "the hearth thermocouple dashboards", "shell hot-spot surveys on the blast furnace",
		"profile photo screening", "ID checks on accounts flagged for romance scams", "the appeals queue",
		"berth window planning", "vessel arrival ETAs", "clinical placement requests",
		"student immunization and background-check tracking", "string-level inverter telemetry", "inverter fault alerting",
		"final order cutoff reminders", "retailer preorder imports"},
	reasons: []string{"the last lining on it lasted 412 heats before spalling", "it flagged far fewer swimsuit photos as nudity",
		"the harbour master wants a single source for every pilot booking",
		"three of our partner hospitals already require it for onboarding",
		"it reads the inverter registers without a vendor gateway",
		"retailers asked for one cutoff calendar across all publishers",
		"the tug contractor already feeds it their dispatch", "the insurer accepts its surveys as inspection evidence",
		"its liveness check finishes in under four seconds",
		"the state board of nursing audits hours straight from its exports",
		"it keeps buffering alarms when the fibre link to the substation drops",
		"the publishers already send allocation files in its format",
		"it routes appeals by severity instead of by arrival",
		"the pilots' association already trusts its tide tables"},
	taskTpl: []template{
		{"also, someone has to {X} and I'm fairly sure that's on us this week", SpeakerUser},
		{"Still outstanding on my side: I need to {X}. I'll get to it once the tests are green.", SpeakerAssistant},
		{"KEY      STATUS     OWNER         SUMMARY\nOPS-311  DONE       kwame         archive last quarter's shift logs\nOPS-318  OPEN       (unassigned)  {X}\nOPS-320  IN REVIEW  hana          fix the typo in the handover template", SpeakerTool},
		{"TODO(ines): {X}. Blocked until the vendor sends credentials.\nRemove this shim after that.", SpeakerCode},
		{"what's left before I can close the ticket?" + TurnSep +
			"Just one thing: somebody has to {X}. Everything else is merged and deployed.", SpeakerTwoTurns},
		{"Reminder that the auditor is here Monday and we promised we'd {X} by then.", SpeakerUser},
		{"I can't {X} from here, it needs someone with site access, so it's at the top of the handover list for the morning.", SpeakerAssistant},
		{"Subject: before Thursday\n\nHi all,\n\ncould one of you {X}? I asked last week and as far as I can tell it still hasn't happened.\n\nThanks,\nTomasz", SpeakerTool},
		{"This workaround stays until we {X}.\nAfter that the fallback branch below can go.", SpeakerCode},
		{"Waiting on two things before the release: the vendor's API key, and you to {X}. Nothing else blocks it.", SpeakerAssistant},
		{"Action items\n- Mateo: {X} (due Wed)\n- Ruth: circulate the draft rota\n- everyone: read the incident write-up before the next sync", SpeakerTool},
		{"can I head home or is something still open?" + TurnSep +
			"Head home. Tomorrow first thing, though, we have to {X}; it can't slip another day.", SpeakerTwoTurns},
		{"did anyone {X} yet? I don't think so, and it's due Friday", SpeakerUser},
	},
	tasks: []string{"reschedule the EAF roof reline to the next planned outage", "recalibrate the tuyere thermocouples on furnace 2",
		"order spare tap-hole clay for blast furnace 3", "clear the backlog of catfishing reports from the weekend",
		"reinstate the accounts hit by the selfie-match false positives",
		"update the harassment macro to cite the new community guidelines",
		"swap the berth windows for the two bulk carriers at Quay 7", "send the revised berth plan to the pilot station",
		"confirm preceptors for the spring med-surg rotation", "chase the missing TB test results for cohort 14",
		"replace the comms card on the block B string inverter", "reset the ground-fault alarm thresholds on block C",
		"upload the final order cutoff quantities to the publisher portal",
		"reconcile retailer preorders against the revised variant allocation"},
	pathTpl: []template{
		{"if you want real data to test against, grab {X}; it's the current one", SpeakerUser},
		{"Found it: the job reads {X} directly instead of the location the README mentions.", SpeakerAssistant},
		{"Setup notes\n- VPN first, then the jump host\n- files: {X}\n- ask Ruth for the service account", SpeakerTool},
		{"Keep in sync with {X}.\nIf the field order changes there, change it here too.", SpeakerCode},
		{"which file was it again, the one Ruth mentioned?" + TurnSep +
			"{X}. I double-checked on the box; it's the one that changed on Tuesday.", SpeakerTwoTurns},
		{"Don't touch {X}, the ops team's cron job depends on it and they will notice.", SpeakerUser},
		{"I've pointed the test at a copy of {X} so it stops depending on the live system.", SpeakerAssistant},
		{"[11:02] dmitri: anyone know where the current one lives\n[11:03] ana: {X}\n[11:03] dmitri: ty", SpeakerTool},
		{"btw I diffed {X} against last week's copy and only the header changed", SpeakerUser},
	},
	paths: []string{"/srv/meltshop/furnace2/thermocouple_map.csv", "C:\\ProgramData\\FurnaceHMI\\alarms\\ladle_reline.xml",
		"s3://tns-evidence-prod/reports/2026/03/", "trust_safety/queues/romance_scam/rules.yaml",
		"~/berthplan/exports/quay7_week14.xlsx", "\\\\portfs01\\Harbour\\BerthPlans\\2026\\window_overrides.csv",
		"placements/spring-2026/med-surg/preceptor_roster.json", "/Volumes/ClinicalOffice/Rotations 2026/cohort14_placements.xlsx",
		"/opt/pvmon/blocks/block_c/modbus_map.toml", "/var/log/pvmon/inverter_faults.log",
		"preorders/foc/2026-04-07/retailer_uploads/", "db/migrations/20260311_add_variant_cover_ratio.sql",
		"./scripts/allocate_variants.py", "etc/berth/tide_windows.d/spring.conf"},
	idTpl: []template{
		{"the one that keeps failing is {X}, everything else imported fine", SpeakerUser},
		{"That error is specific to {X}; the other records in the batch parsed without complaint.", SpeakerAssistant},
		{"Ticket #88213\nAffects: {X}\nOpened by: night shift\nStatus: awaiting info\nNotes: photos attached, see thread", SpeakerTool},
		{"Regression case: {X} used to crash the parser here.\nKeep this branch even if it looks redundant.", SpeakerCode},
		{"which record was the bad one? I need to tell the supervisor" + TurnSep +
			"{X}. It's the only one in the batch with a null timestamp.", SpeakerTwoTurns},
		{"quote {X} if you email them, otherwise they can't find it on their side", SpeakerUser},
		{"2026-03-14T02:11:09Z WARN ingest: rejected record {X}: checksum mismatch\n2026-03-14T02:11:09Z INFO ingest: 311 records accepted, 1 rejected", SpeakerTool},
		{"I pinned the test to {X}, since that's the record you pasted this morning.", SpeakerAssistant},
		{"Hi, following up on {X}: we still don't see it on our side. Could you check and get back to us?\n\nRegards,\nCustomer Support", SpeakerTool},
	},
	ids: func(r *rand.Rand) string {
		months := []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}
		terms := []string{"SP", "SU", "FA"}
		switch r.IntN(13) {
		case 0: // CMMS work order
			return fmt.Sprintf("WO-%07d", 4000000+r.IntN(1000000))
		case 1: // heat number
			return fmt.Sprintf("HT%02d-%05d", 25+r.IntN(2), r.IntN(100000))
		case 2: // thermocouple tag
			return fmt.Sprintf("TE-%d%03d%c", 1+r.IntN(4), r.IntN(1000), 'A'+rune(r.IntN(4)))
		case 3: // trust-and-safety report
			return fmt.Sprintf("rpt_%010x", r.Uint64()&0xffffffffff)
		case 4: // member id
			return fmt.Sprintf("uid:%d", 7000000000+r.Int64N(1000000000))
		case 5: // vessel
			return fmt.Sprintf("IMO 9%06d", r.IntN(1000000))
		case 6: // port call number
			return fmt.Sprintf("PCN-%d-%05d", 2025+r.IntN(2), r.IntN(100000))
		case 7: // student id
			return fmt.Sprintf("N%08d", r.IntN(100000000))
		case 8: // placement request
			return fmt.Sprintf("PLC-%s%02d-%04d", terms[r.IntN(len(terms))], 25+r.IntN(2), r.IntN(10000))
		case 9: // inverter serial
			return fmt.Sprintf("SN%010d", 3000000000+r.Int64N(1000000000))
		case 10: // catalogue item code
			return fmt.Sprintf("%s%02d%04d", months[r.IntN(len(months))], 25+r.IntN(2), r.IntN(10000))
		case 11: // retailer account
			return fmt.Sprintf("RTL-%05d", r.IntN(100000))
		}
		return fmt.Sprintf("sha256:%016x", r.Uint64()) // evidence hash
	},
	distractorTpl: []template{
		{"We trialled {X} for {P} two seasons ago and pulled it out again; I'd rather not reopen that.", SpeakerUser},
		{"Hypothetically, if the current vendor folds, {X} is what I'd look at for {P}. Not proposing it, just noting it.", SpeakerAssistant},
		{"From: Henrik (sister site)\nSubject: fyi\n\nOver here we ended up on {X} for {P}. Different setup from yours, so take it as context, not a recommendation.", SpeakerTool},
		{"is {X} worth a look for {P}, or is that a dead end?" + TurnSep +
			"No idea yet, honestly. I'd want a trial before anyone decides, so I've parked it as an open question for the vendor call.", SpeakerTwoTurns},
		{"Sample response pasted from the {X} docs, for reference only.\nWe don't call {X} anywhere; this is just the shape we mirror.", SpeakerCode},
		{"good news, Bea managed to {T} yesterday, so that one's off the list", SpeakerUser},
		{"Closed this week\n- {T} (verified on site, closed by the day shift)\n- nothing reopened", SpeakerTool},
		{"Earlier you asked me to {T}; that's done and I double-checked it, so no action needed there.", SpeakerAssistant},
		{"Options reviewed for {P}\n- {X}: voted down, integration cost too high and no local support\n- status quo: kept for now", SpeakerTool},
	},
	rejected: []string{"Refrax Ultra", "Sightengine", "Jumio", "Veriff", "BerthMaster Pro", "InPlace Placements",
		"Meditrek", "Solar-Log Base", "Locus SolarNOC", "PreviewsWorld Retailer"},
	done: []string{"reline ladle 14 with the new brick", "purge the duplicate scam reports from the queue",
		"publish the April berth schedule", "collect the signed affiliation agreements from both hospitals",
		"swap the failed fan on inverter A03", "send the FOC reminder to retailers"},
}
