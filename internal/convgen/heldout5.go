package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut11 returns n facts of each kind from the eleventh held-out set: a
// newsroom-and-back-office mix (a news publisher's CMS and print desk,
// payroll and HR systems, an EV-charger fleet managed over the air, a
// city's building-permits portal), with phrasings of its own (a reversed
// call, a pasted commit message, a pasted chat thread, a decision table
// row, a review note in code, a yes/no question answered across two turns;
// tasks as reminders, assignments, blocked work, unticked checklist items
// and tracker rows), container, Windows, %APPDATA%, home-relative,
// parent-relative, URL-with-query, glob and NFS-mount paths, Jira keys,
// full commit SHAs, semver builds, UUIDs, EC2 instance ids and CronJob job
// names, and distractors (a rejected option, another team's choice, a
// question nobody answered, a what-if, finished work). It is blind: it was
// written without reading the summarizer's code (summarize/), only convgen
// and the earlier sets, and is to be scored once, at the end, totals only.
func HeldOut11(seed uint64, n int) []Fact { return heldOut11.facts(seed, n) }

// heldOut11: see HeldOut11.
var heldOut11 = factSet{
	decisionTpl: []template{
		{"Reversing Monday's call: {P} goes back to {X}, because {R}. Sorry for the churn.", SpeakerUser},
		{"ok, let's go with {X} for {P} then - {R}.", SpeakerUser},
		{"Pushed this, does the message read ok?\n\nchore: use {X} for {P}\n\nWhy: {R}.", SpeakerUser},
		{"pasting from #platform-decisions so it's in here:\n> dana: ok we're doing {X} for {P}\n> dana: {R}, that was the clincher\n> raj: works for me", SpeakerUser},
		{"I compared the three candidates for {P} and {X} comes out ahead since {R}, so that's what I've wired in.", SpeakerAssistant},
		{"Would {X} be overkill for {P}? || I don't think so - {R}. I'd go with it, and I've set the config up that way.", SpeakerTwoTurns},
		{"| Area | Choice | Why | Status |\n|------|--------|-----|--------|\n| {P} | {X} | {R} | agreed |\n| image resizing | ? | waiting on the quote | open |", SpeakerTool},
		{"Review (nadia): keep {X} for {P}, {R}.\nDon't swap it for a cron script without talking to the platform team.", SpeakerCode},
	},
	choices: []string{"Arc XP", "Fastly", "Typesense", "Paylocity", "Rippling", "UKG", "Mender", "EMQX",
		"TimescaleDB", "Accela", "Login.gov", "ArcGIS Online"},
	purposes: []string{"the story editor", "breaking-news caching", "archive search", "payroll processing",
		"employee onboarding", "time and attendance", "over-the-air charger updates", "charger telemetry ingestion",
		"meter-reading storage", "permit intake", "resident sign-in", "parcel lookups"},
	reasons: []string{"editors can schedule embargoed stories without a developer",
		"it files the quarterly tax forms for every state", "chargers keep charging when the cellular link drops",
		"the auditors want a SOC 1 report from the payroll provider", "firmware deltas are a tenth the size of full images",
		"the night desk can roll back a bad publish in one click", "clock-ins sync straight from the badge readers",
		"fees reconcile against the city ledger without manual entry", "the copy desk already knows the interface",
		"it keeps a year of readings on one small node"},
	taskTpl: []template{
		{"remind me to {X} before Friday's cutoff.", SpeakerUser},
		{"Assigning this one to Priyanka: {X}. She said Thursday at the earliest.", SpeakerUser},
		{"I tried to {X} but the staging simulator is down, so that's blocked until infra brings it back.", SpeakerAssistant},
		{"Go-live checklist\n- [x] DNS cutover rehearsed\n- [ ] {X}\n- [x] accessibility audit signed off", SpeakerUser},
		{"Anything still open before we wrap up? || Just one: we still need to {X}, and nobody's picked it up.", SpeakerTwoTurns},
		{"TODO(jmarsh): {X} before the year-end run", SpeakerCode},
		{"KEY        STATUS  ASSIGNEE  SUMMARY\nPLAT-3107  To Do   okafor    {X}\nPLAT-3098  Done    mkaur     bump the base image", SpeakerTool},
	},
	tasks: []string{"regenerate the W-2s for employees who moved states mid-year",
		"purge the embargoed drafts from the preview cache", "backfill the missing bylines in the 2019 archive",
		"push the signed firmware to the Lyon depot chargers", "replace the expiring client certificates on the rooftop chargers",
		"add California's daily overtime rule to the pay calculator", "hook the permit status emails up to the new SMTP relay",
		"redact home addresses from the public permit records", "fix the timezone bug that publishes stories an hour early",
		"migrate the PTO balances out of the old HR system", "re-home the chargers that report the wrong site ID",
		"get the standards editor to sign off on the corrections page"},
	pathTpl: []template{
		{"the sample export is at {X} if you want to poke at it.", SpeakerUser},
		{"Found it - the override comes from {X}.", SpeakerAssistant},
		{"Can you diff {X} against what's in prod?", SpeakerUser},
		{"Heads-up: {X} is the copy that actually gets loaded.", SpeakerAssistant},
	},
	paths: []string{"/app/config/embargo_rules.yml", `C:\Payroll\Exports\2026-11\gross_to_net.csv`,
		"~/ev-fleet/ota/manifests/lyon-depot.json", "https://permits.example.gov/api/v2/applications?status=pending",
		"content/stories/2026/**/*.md", "../hr-integrations/mappings/earning_codes.csv", "/etc/chargers/broker/acl.conf",
		"firmware/ocpp/src/ChargePointController.cpp", "infra/k8s/newsroom/cronjob-sitemap.yaml",
		"/mnt/nfs/payroll/archive/2025/Q4/", `%APPDATA%\TimeClock\config.ini`, "print/layouts/A1_frontpage.idml"},
	idTpl: []template{
		{"Keep {X} handy, we'll need it for the postmortem.", SpeakerUser},
		{"I traced the regression back to {X}.", SpeakerAssistant},
		{"The vendor asked which one it was - it's {X}.", SpeakerUser},
		{"Mention {X} in the incident channel so ops can find it.", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(6) {
		case 0:
			return fmt.Sprintf("PAY-%d", 100+r.IntN(4900))
		case 1:
			return fmt.Sprintf("%016x%016x%08x", r.Uint64(), r.Uint64(), r.Uint32())
		case 2:
			return fmt.Sprintf("v%d.%d.%d+build.%d", 1+r.IntN(6), r.IntN(30), r.IntN(15), 1000+r.IntN(9000))
		case 3:
			return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", r.Uint32(), r.Uint32()&0xffff, 0x4000|r.Uint32()&0x0fff,
				0x8000|r.Uint32()&0x3fff, r.Uint64()&0xffffffffffff)
		case 4:
			return fmt.Sprintf("i-0%016x", r.Uint64())
		}
		return fmt.Sprintf("payroll-sync-%d", 29_000_000+r.IntN(1_000_000))
	},
	distractorTpl: []template{
		{"{X} came up for {P} too, but we passed on it - the per-seat pricing killed it.", SpeakerUser},
		{"Not our call, but the data team went with {X} on their side.", SpeakerUser},
		{"Has anyone actually tried {X}? Just curious, no need to answer now.", SpeakerUser},
		{"If the contract falls through we could fall back to {X}, but that's only a what-if.", SpeakerAssistant},
		{"Already done: {T} (merged last week).", SpeakerAssistant},
		{"Re {T}: that's done, Olu did it yesterday.", SpeakerUser},
	},
	rejected: []string{"Contentful", "Varnish", "Algolia", "Paychex", "Workday", "HiveMQ", "Balena", "Tyler EnerGov"},
	done: []string{"migrate the 2024 timesheets", "rotate the broker certificates",
		"publish the election-night live blog template", "enable SSO for the permit reviewers",
		"close out the November payroll", "retire the old print pagination server"},
}
