package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut10 returns n facts of each kind from the tenth held-out set: a
// freight-and-compliance mix (logistics and warehousing, fintech KYC/AML
// compliance, warehouse robotics on ROS 2, a university learning
// platform), with phrasings of its own (minutes, YAML trackers, numbered
// and struck-through lists, hedged asides), URL, UNC, home-relative and
// dot-relative paths, ARNs, carrier tracking numbers, release versions and
// slash-separated case references, and distractors. It was written before
// held-out9's failures were studied and is kept blind: scored once, at the
// end, totals only.
func HeldOut10(seed uint64, n int) []Fact { return heldOut10.facts(seed, n) }

// heldOut10: see HeldOut10 and the blind scores in history.go.
var heldOut10 = factSet{
	decisionTpl: []template{
		{"ok so after the vendor calls {X} gets the contract for {P} - {R}.", SpeakerUser},
		{"Compliance signed the memo today: {X} is approved for {P} since {R}.", SpeakerUser},
		{"I went ahead and wired {P} through {X}. Reasoning: {R}.", SpeakerAssistant},
		{"We'll standardise {P} on {X} from the next release, mostly because {R}.", SpeakerAssistant},
		{"Are we still undecided on {P}? || Not anymore - it's {X}, because {R}.", SpeakerTwoTurns},
		{"Minutes, ops/compliance sync\nAttendees: Ines, Tomasz, Wei\nResolved: {P} -> {X}\nWhy: {R}\nNext sync: Thursday", SpeakerTool},
		{"{P} goes through {X} on purpose: {R}.\nTalk to the compliance team before changing this.", SpeakerCode},
	},
	choices: []string{"OSRM", "Samsara", "project44", "Alloy", "ComplyAdvantage", "Nav2", "MoveIt 2", "Isaac Sim",
		"LTI 1.3", "Moodle", "H5P", "Unit21"},
	purposes: []string{"last-mile route planning", "fleet telematics", "shipment visibility", "customer onboarding checks",
		"sanctions screening", "the picking robots' navigation", "arm motion planning", "simulation testing",
		"the LMS integrations", "the course catalogue", "interactive quizzes", "fraud case management"},
	reasons: []string{"it respects the truck height restrictions", "the drivers already have the app installed",
		"carriers push milestones to it without EDI", "the regulator expects a documented vendor",
		"false positives dropped by a third in the pilot", "the planner recovers from blocked aisles",
		"it runs on the Jetson boards onboard", "the partner universities require it for accreditation"},
	taskTpl: []template{
		{"Can someone {X}? It's been sitting there since Tuesday.", SpeakerUser},
		{"Owed to compliance by end of month: {X}.", SpeakerUser},
		{"Haven't had a chance to {X} yet, that's next once the build is green.", SpeakerAssistant},
		{"Open items from today\n1. {X}\n2. confirm the pallet dimensions with the warehouse", SpeakerUser},
		{"Anything left over from the audit? || Yes, one thing: {X}.", SpeakerTwoTurns},
		{"TODO {X} -- blocked on the carrier API sandbox", SpeakerCode},
		{"- title: {X}\n  state: open\n  assignee: null\n  due: 2026-12-05", SpeakerTool},
	},
	tasks: []string{"re-geocode the depot addresses in Rotterdam", "file the SAR for the flagged merchant",
		"recalibrate the lidar extrinsics on the AMR fleet", "rotate the LTI platform keys for the pilot universities",
		"backfill the missing proof-of-delivery photos", "lower the sanctions match threshold to 0.85",
		"retrain the grasp model on the new tote dataset", "export the gradebook for the spring cohort",
		"add the HS codes to the commercial invoices", "run the quarterly access review on the KYC console"},
	pathTpl: []template{
		{"The label template we print from is {X}.", SpeakerUser},
		{"I've pushed the tuned parameters to {X}.", SpeakerAssistant},
		{"Reports for the regulator are archived under {X}, don't move them.", SpeakerUser},
	},
	paths: []string{"https://wms.internal.example.com/api/v3/waves", `C:\ProgramData\Zebra\Labels\pallet_4x6.zpl`,
		"ros2_ws/src/amr_navigation/config/nav2_params.yaml", "/etc/ros/description/ur10e.urdf",
		"./scripts/geocode_depots.py", "s3://fin-compliance-archive/sar/2026/", `\\fs01\logistics\manifests\november`,
		"lms/mod/quiz/lti13/launch.php", "~/.config/osrm/profiles/truck.lua", "compliance/kyc/EDD_procedure_v4.docx"},
	idTpl: []template{
		{"The one that keeps failing is {X}.", SpeakerAssistant},
		{"Please put {X} in the handover notes.", SpeakerUser},
		{"ref {X} (from the carrier portal)", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(4) {
		case 0:
			return fmt.Sprintf("arn:aws:sqs:eu-west-1:%012d:shipment-events-%d", r.Int64N(1_000_000_000_000), r.IntN(10))
		case 1:
			return fmt.Sprintf("1Z%06X%02d%08d", r.Uint32()&0xffffff, r.IntN(100), r.IntN(100_000_000))
		case 2:
			return fmt.Sprintf("v%d.%d.%d-rc.%d", 2+r.IntN(3), r.IntN(20), r.IntN(10), 1+r.IntN(9))
		}
		return fmt.Sprintf("AML/%d/%05d", 2025+r.IntN(2), r.IntN(100_000))
	},
	distractorTpl: []template{
		{"We trialled {X} for {P} last year and pulled out; honestly {R} was never true for it.", SpeakerAssistant},
		{"If the budget comes through we might evaluate {X}, but nobody's committed to anything.", SpeakerUser},
		{"{T} - done and verified.", SpeakerAssistant},
		{"\n1. ~~{T}~~ (done)", SpeakerUser},
	},
	rejected: []string{"GraphHopper", "Geotab", "FourKites", "Onfido", "World-Check", "OMPL", "Webots", "Blackboard"},
	done: []string{"relabel the Rotterdam dock doors", "close the Q3 AML audit findings", "flash the new e-stop firmware",
		"move the lecture videos to the CDN", "print the pallet labels for wave 3", "publish the carrier onboarding guide"},
}
