package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut13 returns n facts of each kind from the thirteenth held-out set:
// a mix of new domains (a hospital pharmacy's dispensing and interaction
// checking, a satellite ground station's operations, a semiconductor fab's
// MES, a museum's digital archive, a mobile banking app, an e-commerce
// search team), with phrasings of its own (a casual aside, the assistant's
// recap, a tie broken across two turns, a changelog entry, a comment in
// config code, a standup update, a "going forward" rule, the outcome of a
// design review; tasks as an open question to settle, a pre-launch item,
// work punted to next sprint, work waiting on a vendor, a TODO in a pasted
// diff, a promise the assistant makes, a "ping me when" request and a
// filed but unstarted ticket), POSIX, Windows, UNC, home-relative,
// parent-relative, S3, URL-with-port-and-query and glob paths in prose,
// backticks, deploy notes, code comments and an answer, ticket keys, short
// commit SHAs, prerelease versions, UUIDs, fab lot numbers, COSPAR
// designators, IBAN-like account ids, mobile build tags, Docker image
// digests, feature-flag names, order numbers and NDC drug codes, and
// distractors (an option that lost, another department's choice, a what-if,
// an unanswered question, an example from docs, finished work). It is
// blind: it was written without reading the summarizer's code (summarize/),
// only convgen and the earlier sets, and is to be scored once, at the end,
// totals only.
func HeldOut13(seed uint64, n int) []Fact { return heldOut13.facts(seed, n) }

// heldOut13: see HeldOut13.
var heldOut13 = factSet{
	decisionTpl: []template{
		{"honestly just do {X} for {P}, {R} and I don't want to relitigate it this week.", SpeakerUser},
		{"Quick recap of where we are: the migration runs clean on staging, the flaky contract test is quarantined, and for {P} we settled on {X} because {R}. Nothing else changed since yesterday.", SpeakerAssistant},
		{"Priya wants to keep the in-house thing for {P}, Tom wants {X}. Can you break the tie? || Tom has the better argument here: {R}. I'd go with {X} for {P}, and unless you object that's what I'll build against.", SpeakerTwoTurns},
		{"## [2.14.0] - 2027-03-02\n### Changed\n- {P} now runs on {X} ({R}).\n### Fixed\n- timezone offset in the nightly export", SpeakerTool},
		{"{P}: pinned to {X} on purpose - {R}.\nTalk to the leads before changing this.", SpeakerCode},
		{"standup: yesterday I finished the retry wrapper. today: moving {P} over to {X}, since {R}. blockers: none", SpeakerUser},
		{"Going forward, {X} is what we use for {P} - {R}. Please don't add new code against the old path.", SpeakerUser},
		{"I read through the design review doc. After a lot of back and forth, {X} won for {P}, mainly because {R}; the minority view is recorded at the bottom.", SpeakerAssistant},
	},
	choices: []string{"Omnicell", "First Databank", "Yamcs", "KSAT", "Orekit", "Camstar", "Cimetrix",
		"CollectiveAccess", "Cantaloupe", "Plaid", "Marqeta", "Bloomreach"},
	purposes: []string{"the dispensing cabinets on the wards", "drug interaction alerts", "spacecraft telemetry decoding",
		"contact scheduling with partner antennas", "orbit propagation", "lot tracking on the fab floor",
		"equipment connectivity", "the collections catalogue", "deep-zoom image serving", "linking external bank accounts",
		"virtual card issuing", "product search ranking"},
	reasons: []string{"the cabinets reconcile controlled-substance counts against it every shift",
		"pharmacists already trust its renal dosing warnings", "it decodes CCSDS space packets without custom parsers",
		"their polar antennas give us a contact on nearly every orbit",
		"its propagator matched the tracking residuals to within a kilometre",
		"the existing process recipes import into it unchanged", "the etch tools only speak SECS/GEM through its adapter",
		"the registrars can bulk-edit accession records in it", "it serves the tiled TIFFs straight off archive storage",
		"most of our customers bank at credit unions it already covers",
		"it lets us hand out virtual cards the same day", "typo tolerance on SKUs scored best in the relevance test"},
	taskTpl: []template{
		{"Open question we have to settle before Friday: who is going to {X}? It has to happen either way, it just has no owner.", SpeakerUser},
		{"Still to do before launch: {X}.", SpeakerUser},
		{"We punted this to next sprint, but it isn't optional - someone has to {X}.", SpeakerUser},
		{"Waiting for the vendor to send the new credentials; once they do, we can {X}.", SpeakerUser},
		{"Here's the diff I'm about to push, sanity check it?\n```diff\n-    return legacyHandler(ctx)\n+    // TODO: {X}\n+    return nil\n```", SpeakerUser},
		{"I'll {X} right after this PR lands - I haven't started on it yet.", SpeakerAssistant},
		{"Ping me when you get to this one, I want to review it: we need to {X}.", SpeakerUser},
		{"I filed a ticket to {X} last week. Nobody has picked it up yet.", SpeakerUser},
	},
	tasks: []string{"re-verify the heparin concentrations in the cabinet formulary",
		"load the new interaction rules into the pharmacy test environment",
		"refresh the orbital elements for the two cubesats before the next pass",
		"re-point the Kiruna downlink to the backup modem", "requalify the litho track after the resist change",
		"release the held lots on the implant tool", "write alt text for the textile collection images",
		"fix the rights statements on the photography accessions", "add certificate pinning to the Android build",
		"rotate the card-issuing API keys before the audit", "retune the boost on out-of-stock products",
		"rebuild the synonym list for the spring catalogue"},
	pathTpl: []template{
		{"`{X}` - that's the file I meant, not the one in the old repo.", SpeakerUser},
		{"I opened {X} and the offsets are hardcoded in there too.", SpeakerAssistant},
		{"deploy notes\n- config: {X}\n- restart the service after editing\n- tell #ops in the channel", SpeakerTool},
		{"Can you diff {X} against what's actually on the box?", SpeakerUser},
		{"Loaded from {X} at startup; keep it in sync with the deploy manifest.", SpeakerCode},
		{"Which file is that job actually reading these days? || {X} - I checked the job spec to be sure.", SpeakerTwoTurns},
	},
	paths: []string{"/srv/pharmacy/formulary/2027Q1/formulary.xml", `D:\Omni\Interfaces\ADT\inbound`,
		"/opt/groundstation/config/antennas/sg3-uplink.yaml", "~/gs/elements/active_fleet.tle",
		`\\fab2-mes01\recipes\ETCH\chamber_B\rcp_0417.xml`, "s3://museum-archive-masters/accessions/1987/1987.114.2/master.tif",
		"iiif/manifests/1987.114.2/manifest.json", "ios/BankingApp/Sources/Transfers/TransferViewModel.swift",
		"android/app/src/main/res/xml/network_security_config.xml", "search/ranking/boosts/*.yaml",
		"https://search-admin.shop.internal:9443/indexes/products_v7/settings?dry_run=true", "../shared/synonyms/en_US.txt"},
	idTpl: []template{
		{"Can you note down {X}? I'll need it when I call them back.", SpeakerUser},
		{"The failing one is {X}; every other one passed.", SpeakerAssistant},
		{"copying from the dashboard: {X}", SpeakerUser},
		{"incident log\n10:42 first alert\n10:51 traced to {X}\n11:05 mitigated, monitoring", SpeakerTool},
		{"Make sure the handover doc mentions {X}.", SpeakerUser},
		{"I matched it to {X} in the audit trail.", SpeakerAssistant},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(12) {
		case 0:
			return fmt.Sprintf("%s-%d", []string{"RXINF", "GSOPS", "MES", "ARCH", "MOB", "SRCH"}[r.IntN(6)], 100+r.IntN(4900))
		case 1:
			return fmt.Sprintf("%010x", r.Uint64()&0xffffffffff|0x1000000000)
		case 2:
			return fmt.Sprintf("v%d.%d.%d-rc.%d", 1+r.IntN(4), r.IntN(25), r.IntN(10), 1+r.IntN(6))
		case 3:
			return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", r.Uint32(), r.Uint32()&0xffff, 0x4000|r.Uint32()&0x0fff,
				0x8000|r.Uint32()&0x3fff, r.Uint64()&0xffffffffffff)
		case 4:
			return fmt.Sprintf("N%d%c%05d.%d", 2+r.IntN(7), 'A'+rune(r.IntN(26)), r.IntN(100_000), 1+r.IntN(4))
		case 5:
			return fmt.Sprintf("20%02d-%03d%c", 19+r.IntN(8), 1+r.IntN(250), 'A'+rune(r.IntN(8)))
		case 6:
			return fmt.Sprintf("GB%02dMBNK%06d%08d", 10+r.IntN(90), r.IntN(1_000_000), r.IntN(100_000_000))
		case 7:
			return fmt.Sprintf("%s-release-%d.%d-b%d", []string{"ios", "android"}[r.IntN(2)], 5+r.IntN(4), r.IntN(20), 100+r.IntN(900))
		case 8:
			return fmt.Sprintf("sha256:%016x%016x%016x%016x", r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64())
		case 9:
			area := []string{"rx", "gs", "fab", "archive", "mobile", "search"}[r.IntN(6)]
			feat := []string{"barcode_hard_stop", "autotrack_fallback", "shadow_writes", "iiif_v3_manifests",
				"biometric_step_up", "ltr_rerank"}[r.IntN(6)]
			return area + "_" + feat
		case 10:
			return fmt.Sprintf("ORD-2027-%07d", r.IntN(10_000_000))
		}
		return fmt.Sprintf("%05d-%04d-%02d", r.IntN(100_000), r.IntN(10_000), r.IntN(100))
	},
	distractorTpl: []template{
		{"{X} was on the shortlist for {P} too, but it lost on price, so it's out.", SpeakerAssistant},
		{"The radiology department went with {X} for their side. That's their stack, not ours.", SpeakerUser},
		{"Hypothetically, if the budget doubled, would {X} make sense for {P}? Just curious, not proposing it.", SpeakerUser},
		{"Did anyone ever benchmark {X}? I asked in #eng last week and got no replies.", SpeakerUser},
		{"Example config from the vendor docs (not ours):\n  backend: {X}   # sample value\n  timeout_ms: 3000", SpeakerTool},
		{"Good news: I was able to {T} - verified it end to end, so that one's closed.", SpeakerAssistant},
		{"Sprint review: {T} - done, demoed on Tuesday.", SpeakerUser},
	},
	rejected: []string{"Pyxis", "Lexicomp", "OpenC3", "Leaf Space", "Critical Manufacturing", "Omeka", "Coveo",
		"Swiftype"},
	done: []string{"restock the override list for the crash carts", "migrate the Svalbard antenna to the new modem",
		"requalify the etch chamber after the maintenance window", "digitize the glass plate negatives from the 1920s",
		"ship the biometric login to the beta group", "reindex the catalogue after the taxonomy change"},
}
