package convgen

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestData decodes and checks every data file, so a bad edit fails here
// with the file, line and field instead of as a panic in a caller's test.
func TestData(t *testing.T) {
	if _, err := loadWords(); err != nil {
		t.Fatal(err)
	}
	if _, err := loadSets(); err != nil {
		t.Fatal(err)
	}
}

func TestBadWordsFile(t *testing.T) {
	good, err := data.ReadFile(wordsFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, file, want string }{
		{"syntax", strings.Replace(string(good), `"projects": [`, `"projects": [,`, 1), "w.json:3: invalid character ','"},
		{"unknown field", strings.Replace(string(good), `"projects"`, `"project"`, 1), `unknown field "project"`},
		{"wrong type", strings.Replace(string(good), `"projects": [`, `"projects": [1,`, 1), "w.json:3: json: cannot unmarshal number"},
		{"missing list", `{"projects": ["atlas"]}`, `w.json: "files" is missing or empty`},
		{"empty list", `{"projects": []}`, `"projects" is missing or empty`},
		{"verbs", strings.Replace(string(good), `Let me read %s first.`, `Let me read %s and %d first.`, 1), `narrations[6] "Let me read %s and %d first." must have exactly 1 %s`},
		{"trailing", string(good) + "{}", "data after the top-level value"},
	} {
		_, err := decodeWords("w.json", []byte(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

func TestSets(t *testing.T) {
	infos, err := Sets()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	floor := 0
	for _, s := range infos {
		names = append(names, s.Name)
		if s.Floor {
			floor++
		}
	}
	if len(names) < 3 || names[0] != "tuning" || names[1] != "tuning2" || names[len(names)-1] != "held-out41" || floor == 0 {
		t.Errorf("sets %v, %d floor sets", names, floor)
	}
	if _, err := Set("no-such-set"); err == nil || !strings.Contains(err.Error(), `no fact set "no-such-set"`) {
		t.Errorf("Set of an unknown name: %v", err)
	}
}

func TestBadSetFile(t *testing.T) {
	good, err := data.ReadFile(setsDir + "/tuning.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := decodeSet("s.json", []byte(strings.Replace(string(good), `"blind": false`, `"blind": no`, 1))); err == nil ||
		!strings.Contains(err.Error(), "s.json:3: invalid character 'o'") {
		t.Errorf("syntax error: %v", err)
	}
	// Each case edits the decoded file and checks the error it then gives.
	tpl := func(speaker, text string) []any { return []any{map[string]any{"speaker": speaker, "text": text}} }
	for _, tc := range []struct {
		name string
		edit func(f map[string]any)
		want string
	}{
		{"unknown field", func(f map[string]any) { f["choice"] = []any{"x"} }, `unknown field "choice"`},
		{"wrong type", func(f map[string]any) { f["blind"] = "yes" }, "cannot unmarshal string"},
		{"no description", func(f map[string]any) { delete(f, "description") }, `"description" is missing`},
		{"speaker", func(f map[string]any) { f["decision_templates"] = tpl("boss", "{X} for {P}") }, `decision_templates[0]: speaker "boss" is not one of`},
		{"two turns", func(f map[string]any) { f["task_templates"] = tpl(SpeakerTwoTurns, "do {X}?") }, `task_templates[0]: a "user>assistant" template has`},
		{"no key", func(f map[string]any) { f["task_templates"] = tpl(SpeakerUser, "TODO: soon.") }, "task_templates[0]: the text must hold {X}"},
		{"wrong placeholder", func(f map[string]any) { f["path_templates"] = tpl(SpeakerUser, "{X} for {P}") }, "path_templates[0]: {P} has no value here (use {X})"},
		{"empty list", func(f map[string]any) { f["reasons"] = []any{} }, `"reasons" is missing or empty`},
		{"empty value", func(f map[string]any) { f["tasks"] = []any{" "} }, "tasks[0] is empty"},
		{"bad shape", func(f map[string]any) { f["ids"] = []any{map[string]any{"shape": "BILL-{1000..99}"}} },
			`ids[0] "BILL-{1000..99}": slot {1000..99}: a range runs from low to high`},
		{"either of one", func(f map[string]any) { f["ids"] = []any{map[string]any{"either": []any{"A{0..9}"}}} }, `ids[0]: an entry has a "shape" or an "either" list`},
		{"no ids", func(f map[string]any) { delete(f, "ids") }, `"ids" is missing or empty`},
		{"rejected without distractors", func(f map[string]any) { f["rejected"] = []any{"x"} }, `"rejected" and "done" are only used with "distractor_templates"`},
		{"distractors without values", func(f map[string]any) { f["distractor_templates"] = tpl(SpeakerUser, "not {X}") }, `needs "rejected"`},
	} {
		var f map[string]any
		if err := json.Unmarshal(good, &f); err != nil {
			t.Fatal(err)
		}
		tc.edit(f)
		b, _ := json.Marshal(f)
		if _, _, err := decodeSet("s.json", b); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "s.json") {
			t.Errorf("%s: error %v, want it to name the file and contain %q", tc.name, err, tc.want)
		}
	}
}

func TestShapes(t *testing.T) {
	// Each shape's output for seed 1, and the draws it makes, by hand.
	for _, tc := range []struct {
		shape string
		want  func(r *rand.Rand) string
	}{
		{"BILL-{1000..9999}", func(r *rand.Rand) string { return "BILL-" + itoa(1000+r.IntN(9000)) }},
		{"{%04X 0..0xffff}", func(r *rand.Rand) string { return sprintf("%04X", r.IntN(0x10000)) }},
		{"{%02d 0..45 by 15}", func(r *rand.Rand) string { return sprintf("%02d", 15*r.IntN(4)) }},
		{"{%07x u32 &0xfffffff |0x1000000}", func(r *rand.Rand) string { return sprintf("%07x", r.Uint32()&0xfffffff|0x1000000) }},
		{"{%010x u64 >>27 &0xffffffffff}", func(r *rand.Rand) string { return sprintf("%010x", r.Uint64()>>27&0xffffffffff) }},
		{"{[A-C]} {[xyz] 2}", func(r *rand.Rand) string {
			return string(rune('A'+r.IntN(3))) + " " + string(rune('x'+r.IntN(3))) + string(rune('x'+r.IntN(3)))
		}},
		{"{a b|c}{{x}}", func(r *rand.Rand) string { return []string{"a b", "c"}[r.IntN(2)] + "{x}" }},
		{"{@2 A|B}-{@1 [0-9]}", func(r *rand.Rand) string { d := r.IntN(10); return []string{"A", "B"}[r.IntN(2)] + "-" + itoa(d) }},
	} {
		s, err := parseShape(tc.shape)
		if err != nil {
			t.Errorf("%q: %v", tc.shape, err)
			continue
		}
		for seed := range uint64(50) {
			got := s.generate(rand.New(rand.NewPCG(seed, 1)))
			if want := tc.want(rand.New(rand.NewPCG(seed, 1))); got != want {
				t.Errorf("%q seed %d: %q, want %q", tc.shape, seed, got, want)
				break
			}
		}
	}
	if got := checkDigit("978-0-306-40615-"); got != '7' {
		t.Errorf("EAN-13 check digit of 978030640615 is %c, want 7", got)
	}
	for _, tc := range []struct{ shape, want string }{
		{"x{1..", "never closed"},
		{"x}", "closes no slot"},
		{"{9..1}", "runs from low to high"},
		{"{0..10 by 3}", "a step that divides it"},
		{"{%5s 1..9}", "bad verb"},
		{"{%02d a|b}", "a verb goes only with a range or random bits"},
		{"{[z-a]}", "runs backwards"},
		{"{[aba]}", "twice"},
		{"{u32 &0x1ffffffff}", "bad operand"},
		{"{u64 ^3}", "bad operation"},
		{"{@1 A|B}{0..9}", "some slots say when they are drawn"},
		{"{@1 A|B}{@3 0..9}", "must be 1 to 2"},
		{"{hello}", "not a range"},
		{"{A||B}", "an empty word"},
	} {
		if _, err := parseShape(tc.shape); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to contain %q", tc.shape, err, tc.want)
		}
	}
}

func itoa(n int) string                 { return sprintf("%d", n) }
func sprintf(f string, a ...any) string { return fmt.Sprintf(f, a...) }
