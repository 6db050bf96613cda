package convgen

import (
	"fmt"
	"math/rand/v2"
)

// HeldOut9 returns n facts of each kind from the ninth held-out set: a
// studio-and-lab mix (game development, healthcare data, embedded
// firmware, marketing analytics, a research lab), with phrasings of its
// own, Windows and extensionless paths, and distractors. It was written
// before the summarizer changed for held-out8's failures and scored blind
// before and after (86.5%, 87.5%); its failures have since been studied.
func HeldOut9(seed uint64, n int) []Fact { return heldOut9.facts(seed, n) }

// heldOut9: see HeldOut9 and the blind scores in history.go.
var heldOut9 = factSet{
	decisionTpl: []template{
		{"Signed off this morning: {P} ships on {X}, {R}.", SpeakerUser},
		{"{X} won the bake-off for {P}. {R}.", SpeakerUser},
		{"The steering group approved {X} as the platform for {P} because {R}.", SpeakerAssistant},
		{"For {P} we're locking in {X} - {R}.", SpeakerAssistant},
		{"What should {P} use? || {X}. {R}, so I've switched the project over.", SpeakerTwoTurns},
		{"## Decision record\nTopic: {P}\nChosen: {X}\nRationale: {R}", SpeakerTool},
		{"NOTE: {P} is on {X} by agreement with the leads ({R}).", SpeakerCode},
	},
	choices: []string{"Unreal Engine", "FMOD", "Perforce", "FHIR", "Mirth Connect", "Zephyr", "FreeRTOS",
		"Segment", "Looker", "Snakemake", "DVC", "Weights & Biases"},
	purposes: []string{"the open-world prototype", "game audio", "art asset versioning", "the patient record exchange",
		"HL7 routing", "the sensor board firmware", "the motor controller", "event collection", "campaign reporting",
		"the sequencing workflows", "dataset versioning", "lab experiment logging"},
	reasons: []string{"nanite handles our polygon budget", "the sound designers already script in it",
		"binary locking stops overwritten textures", "the hospital partners only accept it",
		"it certified under IEC 62304", "the flash footprint is under 64 KB", "attribution stays consistent across channels",
		"reruns are reproducible for the paper"},
	taskTpl: []template{
		{"Outstanding from the playtest: {X}.", SpeakerUser},
		{"Don't let me forget to {X}.", SpeakerUser},
		{"Needs an owner: {X}.", SpeakerAssistant},
		{"Sprint board\n* [ ] {X}\n* [x] crash reporter hooked up", SpeakerUser},
		{"Pending: we have to {X} before the submission deadline.", SpeakerAssistant},
		{"FIXME(firmware): {X}", SpeakerCode},
		{"status=todo  task=\"{X}\"  owner=unassigned", SpeakerTool},
	},
	tasks: []string{"fix the shader stutter on the forest level", "de-identify the discharge summaries",
		"flash the bootloader onto the rev C boards", "reconcile the UTM tags with the ad spend",
		"re-run the alignment on the failed samples", "get the IRB amendment signed",
		"calibrate the IMU offsets", "localize the tutorial into Japanese",
		"cap the watchdog timeout at two seconds", "rebuild the lookalike audience"},
	pathTpl: []template{
		{"The build settings live in {X}.", SpeakerUser},
		{"I patched {X} to fix the linker order.", SpeakerAssistant},
		{"Raw exports go to {X}.", SpeakerUser},
	},
	paths: []string{`D:\Perforce\OpenWorld\Config\DefaultEngine.ini`, "firmware/sensor/Makefile",
		"Source/OpenWorld/Private/FoliageSpawner.cpp", "/data/phi/deid/discharge_2026.jsonl",
		"boards/revC/linker/stm32f4.ld", "marketing/looker/views/campaigns.view.lkml", `E:\LabData\Run42\plate_reader`,
		"pipelines/Snakefile", "~/lab/notebooks/align_qc.ipynb", "/opt/mirth/appdata/channels/adt_inbound.xml"},
	idTpl: []template{
		{"The protocol number is {X}.", SpeakerUser},
		{"Crash signature {X} is the top one this week.", SpeakerAssistant},
		{"Campaign {X} overspent.", SpeakerUser},
	},
	ids: func(r *rand.Rand) string {
		switch r.IntN(3) {
		case 0:
			return fmt.Sprintf("IRB-%d-%04d", 2025+r.IntN(2), r.IntN(10000))
		case 1:
			return fmt.Sprintf("0x%08X", r.Uint32()|1<<31)
		}
		return fmt.Sprintf("cmp_%dq%d_%03d", 2026, 1+r.IntN(4), r.IntN(1000))
	},
	distractorTpl: []template{
		{"{X} was on the shortlist for {P} too, but it lost: {R} was the deal-breaker.", SpeakerAssistant},
		{"Maybe one day we look at {X}; not now.", SpeakerUser},
		{"Completed: {T}.", SpeakerAssistant},
		{"\n* [x] {T}", SpeakerUser},
	},
	rejected: []string{"Unity", "Wwise", "Plastic SCM", "openEHR", "Rhapsody", "NuttX", "RudderStack", "Nextflow"},
	done: []string{"ship the vertical slice build", "export the cohort definitions", "tag firmware 1.4.0",
		"pause the brand campaign", "archive the pilot plate reads", "merge the save-game fix"},
}
