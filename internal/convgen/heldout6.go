package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut12 returns n facts of each kind from the twelfth held-out set: an
// operations-heavy mix (airline crew scheduling, insurance claims, a
// restaurant chain's point of sale, a water utility's SCADA, a video
// streaming CDN, a law firm's e-discovery), with phrasings of its own (a
// decision buried mid-paragraph, one stated as a consequence, a bullet in
// meeting notes, the assistant confirming the user's pick, a negative
// "won't use ... anymore", an ADR, a PR description, a choice found in old
// threads; tasks as "next up", "on my plate", "we owe", parked, blocked,
// assigned for tomorrow, unticked checklist items, follow-up lines in an
// incident review and a question to be reminded of), POSIX, Windows, UNC,
// home-relative, dot-relative, URL-with-port-and-query, glob and Docker
// volume paths in backticks, quotes and at line ends, ticket keys, short
// and full commit SHAs, semver, UUIDs, build numbers, pod job names, ARNs,
// claim numbers, CVE ids and IP:port endpoints, and distractors (a rejected
// option, another team's choice, a what-if, an unanswered question, an
// example from vendor docs, finished work). It is blind: it was written
// without reading the summarizer's code (summarize/), only convgen and the
// earlier sets, and is to be scored once, at the end, totals only.
func HeldOut12(seed uint64, n int) []Fact { return heldOut12.facts(seed, n) }

// heldOut12: see HeldOut12.
var heldOut12 = factSet{
	decisionTpl: []template{
		{"Couple of things from the ops review. Eastgate is still throwing comm alarms overnight, which Jorge thinks is the radio and not us. On {P} we landed on {X}, {R}. The rest of the hour was mostly arguing about overtime, nothing for us.", SpeakerUser},
		{"The pilot numbers came back clean, so we're standardizing on {X} for {P} since {R}.", SpeakerUser},
		{"Notes from Tuesday's sync\n- Maya is out next week, Ben covers on-call\n- {P}: going with {X} ({R})\n- budget review moved to the 14th", SpeakerTool},
		{"Let's just use {X} for {P}, I'm done going back and forth on it. || Got it, {X} for {P}. That lines up with what we saw: {R}. I'll update the config and the README to match.", SpeakerTwoTurns},
		{"We won't use the hand-rolled scripts for {P} anymore; {X} from now on, because {R}.", SpeakerUser},
		{"# ADR-027: {P}\n\nStatus: Accepted (2026-11-18)\n\n## Decision\nWe use {X} for {P}.\n\n## Consequences\nChosen because {R}. The old setup is removed in Q1.", SpeakerTool},
		{"Here's the PR description, tweak it if you want:\n\n## Summary\nMoves {P} over to {X}.\n\n## Why\n{R}.\n\n## Testing\n- replayed last week's traffic against staging", SpeakerUser},
		{"I dug through the old threads: {X} was picked for {P} back in the spring ({R}), so I left that part alone and only touched the retry logic.", SpeakerAssistant},
	},
	choices: []string{"Jeppesen", "Guidewire", "Tractable", "Toast", "Ignition", "AVEVA PI", "DNP3", "Akamai",
		"Shaka Packager", "Widevine", "Relativity", "Nuix"},
	purposes: []string{"crew pairing optimization", "claims intake", "photo damage estimates", "the in-store terminals",
		"the pump station HMI", "the SCADA historian", "RTU telemetry", "video edge delivery", "HLS and DASH packaging",
		"DRM licensing", "document review", "mailbox processing"},
	reasons: []string{"it already encodes the FAR 117 rest limits", "adjusters can work claims offline in the field",
		"the state regulators accept its audit trail", "the kitchen display screens come bundled with the terminals",
		"operators can acknowledge alarms from the plant floor tablets",
		"the drinking-water reports pull directly from its tags", "the RTUs in the field already speak it natively",
		"origin egress dropped by sixty percent in the trial", "one packaging pass covers both Android and Apple devices",
		"opposing counsel accepted its load-file format in the ESI protocol",
		"it deduplicates near-identical emails across custodians", "the union contract's reserve rules fit its rule engine"},
	taskTpl: []template{
		{"Once that's merged, next up is to {X}.", SpeakerAssistant},
		{"Still on my plate: {X}. Probably Thursday, if the bid close doesn't eat the day.", SpeakerUser},
		{"We owe the client one more thing - we need to {X} - and they've asked twice now.", SpeakerUser},
		{"Parking this until after the change freeze: we still have to {X}.", SpeakerUser},
		{"I couldn't {X} - it's blocked on legal, who haven't signed off on the access request yet.", SpeakerAssistant},
		{"I'll need you to {X} tomorrow morning, before the 9am standup.", SpeakerUser},
		{"Cutover\n- [x] freeze window announced\n- [ ] {X}\n- [ ] confirm who owns the rollback", SpeakerUser},
		{"Incident review, Nov 20\nroot cause: expired cert on the edge tier\nfollow-up: {X}\nfollow-up: add a cert expiry alert (done)", SpeakerTool},
		{"Remind me, what did we say we'd do before go-live? I know there was something. || We said we'd {X}. It hasn't been done yet.", SpeakerTwoTurns},
	},
	tasks: []string{"re-run the pairing optimizer for the December bid period", "load the new reserve rules into the crew system",
		"reopen the hail claims that were closed without a photo estimate", "send the subrogation demand letters for the I-35 pile-up",
		"push the holiday menu prices to the Midtown terminals", "reconcile the tip pool report with the payroll export",
		"swap the failing radio at the Eastgate pump station", "lower the chlorine residual alarm at the Northside clearwell",
		"purge the stale manifests from the edge cache before the premiere", "re-encode the back catalogue at the new bitrate ladder",
		"produce the privilege log for the second custodian batch", "apply the litigation hold to the departed sales VP's mailbox"},
	pathTpl: []template{
		{"`{X}` is where the real values are, the copy in the repo is stale.", SpeakerUser},
		{"I pulled those numbers from {X}.", SpeakerAssistant},
		{"Quick q, is \"{X}\" still the right location or did ops move it again?", SpeakerUser},
		{"The nightly job reads from {X}; I confirmed it by tracing the open() calls.", SpeakerAssistant},
		{"Output lands in {X}, then the 2am sync picks it up.", SpeakerUser},
	},
	paths: []string{"/opt/scada/data/projects/eastgate_pumps/project.json", `C:\Crew\Rosters\DEC26\pairings_final.csv`,
		`\\claims-fs02\estimates\hail_2026\batch_07`, "~/crew/solver/params/dec_bid.json",
		"https://historian.waterworks.local:5450/piwebapi/streams?tag=EG_PS3_FLOW&interval=1m", "packaging/ladders/**/*.m3u8",
		"/var/lib/docker/volumes/ediscovery_exports/_data/VOL003/", "./productions/PROD004/PROD004.opt",
		"edge/vcl/purge_rules.vcl", "pos/integrations/webhooks/menu_sync.py", "/mnt/config/drm/provider.json",
		"http://10.20.0.14:8080/claims/api/v1/fnol?lob=auto&state=TX"},
	idTpl: []template{
		{"Put {X} in the ticket so whoever picks it up has it.", SpeakerUser},
		{"The audit log keeps pointing back at {X}.", SpeakerAssistant},
		{"fwiw the one I was looking at is {X}.", SpeakerUser},
		{"I cross-checked against {X} and the numbers match.", SpeakerAssistant},
		{"Reference for the vendor call: {X}.", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(11) {
		case 0:
			return fmt.Sprintf("CREW-%d", 200+r.IntN(3800))
		case 1:
			return fmt.Sprintf("%07x", r.Uint32()&0xfffffff|0x1000000)
		case 2:
			return fmt.Sprintf("%08x%016x%016x", r.Uint32()|1<<30, r.Uint64(), r.Uint64())
		case 3:
			return fmt.Sprintf("v%d.%d.%d", 3+r.IntN(5), 10+r.IntN(30), 1+r.IntN(20))
		case 4:
			return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", r.Uint32(), r.Uint32()&0xffff, 0x4000|r.Uint32()&0x0fff,
				0x8000|r.Uint32()&0x3fff, r.Uint64()&0xffffffffffff)
		case 5:
			return fmt.Sprintf("build #%d", 40_000+r.IntN(20_000))
		case 6:
			const lc = "bcdfghjklmnpqrstvwxz2456789"
			return fmt.Sprintf("pairing-solve-%d-%c%c%c%c%c", 28_000_000+r.IntN(1_000_000),
				lc[r.IntN(len(lc))], lc[r.IntN(len(lc))], lc[r.IntN(len(lc))], lc[r.IntN(len(lc))], lc[r.IntN(len(lc))])
		case 7:
			return fmt.Sprintf("arn:aws:mediapackage:us-east-1:%012d:channels/%016x%016x", r.Int64N(1_000_000_000_000), r.Uint64(), r.Uint64())
		case 8:
			return fmt.Sprintf("CLM-%02d-%07d", 24+r.IntN(3), r.IntN(10_000_000))
		case 9:
			return fmt.Sprintf("CVE-2026-%d", 10_000+r.IntN(40_000))
		}
		return fmt.Sprintf("10.%d.%d.%d:%d", 16+r.IntN(16), r.IntN(256), 2+r.IntN(250), []int{502, 20000, 8088, 4840}[r.IntN(4)])
	},
	distractorTpl: []template{
		{"We did look at {X} for {P}, but the pilot was a mess and we dropped it.", SpeakerAssistant},
		{"FYI the analytics group standardized on {X} for their side - doesn't affect us.", SpeakerUser},
		{"If we ever outgrow this, {X} might be worth a look for {P}. Not now though.", SpeakerAssistant},
		{"Random thought: would {X} have been simpler here? Nobody ever answered that in the channel.", SpeakerUser},
		{"From the vendor's quickstart, as an example only:\n    provider: {X}   # example value, replace with your own\n    region: us-east-1", SpeakerTool},
		{"Checked the logs this morning: the job to {T} finished fine, so that one's done.", SpeakerAssistant},
		{"\n- [x] {T}", SpeakerUser},
	},
	rejected: []string{"Sabre", "Duck Creek", "Clover", "Wonderware", "CloudFront", "Bento4", "PlayReady", "Everlaw"},
	done: []string{"rotate the MediaPackage ingest credentials", "close the October hail claims batch",
		"move the Midtown stores to the new receipt printers", "replace the UPS batteries at the Northside reservoir",
		"publish the December crew bid packet", "produce the first document volume to opposing counsel"},
}
