package convgen

import (
	"fmt"
	"math/rand/v2"
)

// Tuning13 returns n facts of each kind from the thirteenth tuning set. Its
// domains are a ferry operator's sailings and vehicle deck plans, a tax
// authority's audit case files, a boutique gym's class bookings, an
// industrial bakery's allergen controls, a weather service's radar ingest
// and a legal aid clinic's intake. Facts are phrased the way people and
// agents talk in long working sessions: decisions reported as sign-offs,
// meeting minutes, emails, tracker resolutions and code comments, or given
// as a one-word answer to a question; pending tasks implied by promises,
// reminders, blockers, deadlines and people waiting; paths and identifiers
// dropped into complaints, runbooks, log lines and bug reports. Its
// distractors are options that lost, hypotheticals, another operator's
// choice, open questions, placeholders in examples and work already
// finished. It was written without reading the summarizer, as a tuning set.
func Tuning13(seed uint64, n int) []Fact { return tuning13.facts(seed, n) }

var tuning13 = factSet{
	decisionTpl: []template{
		{"ok, after the call with ops I'm fine with {X} for {P}, mostly because {R}. can you wire it in behind the existing interface so we can still swap it out later if it goes badly", SpeakerUser},
		{"I've moved {P} over to {X} in the config and deleted the old adapter. I went that way because {R}.", SpeakerAssistant},
		{"Minutes, ops sync, Thursday 14:00\nAttendees: Ines, Marek, Tunde, Oksana\n- {P}: agreed to go with {X} ({R})\n- next sync moved to the 19th because of the bank holiday", SpeakerTool},
		{"Uses {X} for {P}.\nPicked over the in-house version because {R}.\nTalk to the ops lead before replacing it.", SpeakerCode},
		{"quick one, are we still on the fence about {P} or did Marek sign off?" + TurnSep + "He signed off yesterday afternoon: it's {X}, because {R}. I'll update the README once the adapter change is merged.", SpeakerTwoTurns},
		{"Sorry, back-to-back meetings all morning. Short version: {X} won for {P}. The clincher was that {R}. Let's not reopen it.", SpeakerUser},
		{"From: Oksana Lindqvist\nTo: platform-team\nSubject: Re: {P}\n\nHi all,\n\nThanks for the trial feedback. We will proceed with {X}; the main factor was that {R}.\n\nBest,\nOksana", SpeakerTool},
		{"Going with {X} for {P} then. You said {R}, and nothing I saw in the spike contradicts that.", SpeakerAssistant},
		{"status: Resolved\ntitle: Evaluate options for {P}\nresolution: {X} selected. Rationale: {R}.\nclosed by: marek.h", SpeakerTool},
		{"{X} or keep what we have for {P}? I need an answer before I email the vendor back" + TurnSep + "{X}. I'd switch, because {R}.", SpeakerTwoTurns},
		{"NOTE(ines): approved in the review on the 3rd, {P} moves to {X}\nbecause {R}.\nThe old code path stays until the cutover weekend.", SpeakerCode},
		{"fwiw I ran it past the director and she's ok with it, so {X} is approved for {P}. Her only comment was that {R}, which is why it came out ahead in the first place.", SpeakerUser},
	},
	choices: []string{"Mariana Tek", "Glofox", "Py-ART", "wradlib", "Unidata LDM", "ODIM_H5", "TraceGains",
		"SafetyChain", "Neogen Reveal 3-D", "LegalServer", "Docassemble", "CaseWare IDEA", "Timefold",
		"OR-Tools CP-SAT", "Camunda 8", "Alfresco"},
	purposes: []string{"the vehicle deck plan export", "the sailing capacity hold logic", "the audit workpaper store",
		"the penalty calculation worksheet", "class waitlist promotion", "the monthly no-show fee run",
		"allergen changeover verification", "the swab result log for the sesame line", "radar volume decoding",
		"the composite reflectivity mosaic", "the intake conflict check", "the income eligibility screener",
		"hazmat lane assignment", "taxpayer document upload"},
	reasons: []string{"the port authority only accepts their manifest format",
		"it decodes Level II volumes without a separate converter",
		"the auditors already export to it from the case system",
		"instructors can override a full class from their phones",
		"the food safety auditor asked for lot-level traceability",
		"the intake questions live in plain YAML that the paralegals can edit",
		"it handles the mezzanine deck as a separate constraint",
		"the bar foundation grant pays for the licence",
		"its swab results sync straight into the QA dashboard",
		"the old decoder dropped the last sweep of every volume",
		"procurement already has a framework contract with that vendor",
		"it keeps a tamper-evident history of every workpaper edit",
		"it keeps working on the bridge laptop during satellite outages",
		"the screener ships with a Spanish translation"},
	taskTpl: []template{
		{"Before Friday's release someone has to {X}. I'd rather it was you than me, honestly.", SpeakerUser},
		{"Still open on my side: I need to {X}. I'll pick that up once this test run finishes.", SpeakerAssistant},
		{"OPEN   owner: assistant   due: Fri\n  {X}\nDONE   owner: Tunde\n  confirm the mezzanine height with the master", SpeakerTool},
		{"Blocked on the vendor's sandbox credentials. When they arrive,\n{X}\nand delete this fallback branch.", SpeakerCode},
		{"is there anything left over from yesterday's list?" + TurnSep + "One thing: we still have to {X}. I held it back until the config change is reviewed.", SpeakerTwoTurns},
		{"reminder that Oksana is waiting on us to {X}, she pinged again this morning", SpeakerUser},
		{"I haven't been able to {X} yet because the staging box is down; I'll retry as soon as it's back.", SpeakerAssistant},
		{"Subject: action needed\n\nHi,\n\nPer the compliance review you agreed to {X} by the end of the month. Please reply once it's done.\n\nThanks,\nRuth (QA)", SpeakerTool},
		{"Action items\n1. Ines: {X} (carried over from last week)\n2. Marek: circulate the revised SOP", SpeakerTool},
		{"can you make a note that we promised the regional office we'd {X}? not today, but it can't slip past the quarter", SpeakerUser},
		{"FIXME: stopgap only. Somebody still needs to\n{X}\nbefore the new flow is switched on for everyone.", SpeakerCode},
		{"Heads up, I'm leaving one for you: please {X} when you get a chance. I don't have access to that system.", SpeakerAssistant},
		{"should I {X} now or can that wait until Monday?" + TurnSep + "It can't really wait, it's on the critical path. I'll do it straight after this if you haven't got to it.", SpeakerTwoTurns},
	},
	tasks: []string{"republish the winter sailing timetable to the booking site",
		"re-check the hazmat lane limits on the MV Kestrel deck plan",
		"resend the document request letter to the Halvorsen audit taxpayer",
		"attach the bank statement schedules to the Brightwater audit file",
		"move the 6am spin waitlist onto the new booking rules",
		"refund the double-charged class packs from Saturday",
		"update the sesame changeover checklist for line 4",
		"book the external allergen audit for the rye plant",
		"backfill the missing radar volumes from the overnight outage",
		"rotate the LDM upstream credentials on the ingest hosts",
		"translate the housing intake questionnaire into Tagalog",
		"run the conflict check against the new opposing-party list",
		"swap the instructor on Thursday's reformer class",
		"reconcile the deck 3 vehicle counts against the port manifest"},
	pathTpl: []template{
		{"the one you want is {X}, not the copy on the old share, that one's stale", SpeakerUser},
		{"Found it: the value is read from {X}, so I changed it there and left the defaults alone.", SpeakerAssistant},
		{"Runbook, step 3\nIf the nightly job fails, check {X} first; nine times out of ten that is where it went wrong.", SpeakerTool},
		{"Keep this in sync with {X}.\nThe two drifted apart last spring and nobody noticed for weeks.", SpeakerCode},
		{"where did you end up putting the change?" + TurnSep + "In {X}. Happy to move it if you'd rather it lived somewhere else.", SpeakerTwoTurns},
		{"Ines says the real numbers come from {X}, so check there. ignore the screenshot attached to the ticket", SpeakerUser},
		{"I'm leaving {X} untouched for now; it's generated and gets overwritten on every run.", SpeakerAssistant},
		{"Steps to reproduce:\n1. run the sync job against {X}\n2. change nothing\n3. run it again: it re-uploads everything anyway", SpeakerTool},
		{"Reads {X} once at startup,\nso edits there need a restart to take effect.", SpeakerCode},
	},
	paths: []string{"/srv/ferry/deckplans/mv-kestrel/deck3.json", "services/sailings/internal/manifest/vehicle_lanes.go",
		`C:\AuditCases\2026\Q3\case_export.xlsx`, `\\tax-fs02\audit$\workpapers\templates`, "s3://wx-radar-ingest/level2/raw/",
		"~/gym-bookings/.env.local", "/var/spool/radar/nexrad/incoming", "bakery/allergens/matrix/sesame_lines.csv",
		"etc/legalaid/intake/conflict-check.yaml", "./scripts/rebuild_timetable.py",
		"/mnt/nas/bakery/HACCP/2026/line4_swab_log.pdf", "app/src/screens/ClassWaitlist.tsx",
		"db/migrations/20261104_add_deck_lane_height.sql", "/opt/radar-ingest/conf/sites.d/kamx.toml",
		"legal-intake/templates/eviction_intake_es.docx"},
	idTpl: []template{
		{"someone's on the phone about {X} again, can you pull up whatever we have on it?", SpeakerUser},
		{"That error only shows up for {X}; every other record in the batch went through cleanly.", SpeakerAssistant},
		{"Subject: Re: still wrong\n\nHello,\n\nThis is the third time I am writing about {X}. The details on your side still don't match the letter I was sent.\n\nRegards,\nP. Anand", SpeakerTool},
		{"Regression guard for {X}:\nthis input used to crash the importer.", SpeakerCode},
		{"which record was the one that broke the overnight import?" + TurnSep + "{X}. I've pinned it in the test fixtures so we don't lose track of it.", SpeakerTwoTurns},
		{"please put {X} in the commit message, the auditors trace everything back from it", SpeakerUser},
		{"WARN  reconcile: mismatch for {X} (expected 1 row, got 2)\nWARN  reconcile: 1 mismatch, continuing", SpeakerTool},
		{"I'd keep {X} out of the cleanup script. It's under review and shouldn't be touched until that's closed.", SpeakerAssistant},
		{"ok so {X} is the one Ruth flagged. don't close it yet", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		letter := func() rune { return 'A' + rune(r.IntN(26)) }
		switch r.IntN(13) {
		case 0: // ferry booking reference
			return fmt.Sprintf("NRF-%c%c%d%c%c", letter(), letter(), 2+r.IntN(8), letter(), letter())
		case 1: // sailing code: departure time and vessel
			return fmt.Sprintf("SL-%02d%02d-%s", 5+r.IntN(17), 5*r.IntN(12), []string{"KST", "SKG", "ORC", "LNM"}[r.IntN(4)])
		case 2: // audit case number
			return fmt.Sprintf("AUD-%d-%06d", 2025+r.IntN(2), r.IntN(1000000))
		case 3: // unique taxpayer reference
			return fmt.Sprintf("UTR %d%09d", 1+r.IntN(9), r.IntN(1000000000))
		case 4: // class booking
			return fmt.Sprintf("GYM-BKG-%05d", r.IntN(100000))
		case 5: // member number
			return fmt.Sprintf("MBR-%05d-%c", r.IntN(100000), letter())
		case 6: // bakery lot code: year, day of year, line, shift
			return fmt.Sprintf("L26%03d-%c%d", 1+r.IntN(365), 'A'+rune(r.IntN(6)), 1+r.IntN(3))
		case 7: // allergen specification
			return fmt.Sprintf("ALS-%04d-rev-%c", r.IntN(10000), 'A'+rune(r.IntN(8)))
		case 8: // radar volume file
			return fmt.Sprintf("K%c%c%c2026%02d%02d_%02d%02d%02d_V06", letter(), letter(), letter(), 1+r.IntN(12), 1+r.IntN(28),
				r.IntN(24), r.IntN(60), r.IntN(60))
		case 9: // ingest deploy commit
			return fmt.Sprintf("%08x", r.Uint32()|0x10000000)
		case 10: // legal aid intake
			return fmt.Sprintf("INT-%02d-%05d", 25+r.IntN(2), r.IntN(100000))
		case 11: // housing court docket
			return fmt.Sprintf("LT-%d-%06d", 2025+r.IntN(2), r.IntN(1000000))
		}
		return fmt.Sprintf("IMO 9%06d", r.IntN(1000000)) // vessel
	},
	distractorTpl: []template{
		{"For the record, {X} lost out for {P}. It came close, but the demo fell apart on our own data.", SpeakerUser},
		{"If we ever outgrow the current setup, {X} would be the obvious thing to try for {P}, but there's no reason to touch it now.", SpeakerAssistant},
		{"[09:14] tunde: fyi the northern operator went with {X} for {P}\n[09:15] ines: good for them, not our problem\n[09:15] tunde: fair", SpeakerTool},
		{"has anyone actually decided whether {X} is in scope for {P}?" + TurnSep + "Not as far as I can tell. It's on the agenda for next week's review and nobody has committed either way.", SpeakerTwoTurns},
		{"Example only: {X} below is a placeholder for {P}.\nReplace it with whatever the team ends up choosing.", SpeakerCode},
		{"Status update\n- {T} (done, signed off by Ruth)\n- nothing else outstanding from last week", SpeakerTool},
		{"Quick note so nobody repeats it: I {T} this morning, and the totals matched.", SpeakerAssistant},
		{"Marek already {T} on Monday, so cross that one off.", SpeakerUser},
		{"Vendor evaluation for {P}: {X} was dropped in the second round. The panel preferred the other bid because {R}.", SpeakerTool},
	},
	rejected: []string{"Mindbody", "Zen Planner", "WDSS-II", "Gurobi", "HotDocs", "Clio Grow", "FoodLogiQ", "TeamMate+",
		"Alteryx"},
	done: []string{"cleared the duplicate class bookings from the March import",
		"re-validated the peanut-free line after the deep clean",
		"uploaded the signed closing letter to the Oduya audit case",
		"reprocessed the radar volumes from the Tuesday storm",
		"exported the vehicle deck manifests for the harbour master",
		"sent the fee waiver forms to the tenant clinic volunteers",
		"archived last season's timetable PDFs"},
}
