package convgen

import (
	"bytes"
	"cmp"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// data holds what the generator says, as files: the filler vocabulary
// (testdata/words.json) and the fact sets (testdata/sets/<name>.json; see
// testdata/README.md for their format). Each is decoded and checked once,
// on first use, into a value nothing changes afterwards.
//
//go:embed testdata/words.json testdata/sets/*.json
var data embed.FS

// wordLists is testdata/words.json: the filler of every conversation.
type wordLists struct {
	About       string   `json:"about"`
	Projects    []string `json:"projects"`
	Files       []string `json:"files"`
	Features    []string `json:"features"`
	Identifiers []string `json:"identifiers"`
	Packages    []string `json:"packages"`
	Verbs       []string `json:"verbs"`
	Types       []string `json:"types"`
	People      []string `json:"people"`
	Commands    []string `json:"commands"`
	// Requests take a feature and a file, narrations a file, replies a
	// file and a feature (fmt %s verbs).
	Requests   []string `json:"requests"`
	Narrations []string `json:"narrations"`
	Replies    []string `json:"replies"`
	// PlantDocs are notes files whose contents carry SpeakerTool facts.
	PlantDocs []string `json:"plant_docs"`
}

const wordsFile = "testdata/words.json"

// loadWords returns the decoded testdata/words.json.
var loadWords = sync.OnceValues(func() (*wordLists, error) {
	b, err := data.ReadFile(wordsFile)
	if err != nil {
		return nil, err
	}
	return decodeWords(wordsFile, b)
})

// mustWords is loadWords for the generator, whose callers are tests: a bad
// file is a bug in the test data, reported by TestData with the same error.
func mustWords() *wordLists {
	w, err := loadWords()
	if err != nil {
		panic("convgen: " + err.Error())
	}
	return w
}

func decodeWords(name string, b []byte) (*wordLists, error) {
	var w wordLists
	if err := decodeStrict(name, b, &w); err != nil {
		return nil, err
	}
	for _, l := range []struct {
		key   string
		list  []string
		verbs int // %s verbs each entry must have
	}{
		{"projects", w.Projects, 0}, {"files", w.Files, 0}, {"features", w.Features, 0},
		{"identifiers", w.Identifiers, 0}, {"packages", w.Packages, 0}, {"verbs", w.Verbs, 0},
		{"types", w.Types, 0}, {"people", w.People, 0}, {"commands", w.Commands, 0},
		{"requests", w.Requests, 2}, {"narrations", w.Narrations, 1}, {"replies", w.Replies, 2},
		{"plant_docs", w.PlantDocs, 0},
	} {
		if len(l.list) == 0 {
			return nil, fmt.Errorf("%s: %q is missing or empty", name, l.key)
		}
		for i, s := range l.list {
			if strings.Count(s, "%") != l.verbs || strings.Count(s, "%s") != l.verbs {
				return nil, fmt.Errorf("%s: %s[%d] %q must have exactly %d %%s and no other %% verb", name, l.key, i, s, l.verbs)
			}
		}
	}
	// Packages are cut to three letters for the identifiers in JSON tool
	// results.
	for i, p := range w.Packages {
		if len(p) < 3 {
			return nil, fmt.Errorf("%s: packages[%d] %q is shorter than three letters", name, i, p)
		}
	}
	return &w, nil
}

// decodeStrict decodes one JSON value from b into v, refusing unknown
// fields and trailing data, and names the file and line of an error.
func decodeStrict(name string, b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("data after the top-level value")
		}
	}
	if err == nil {
		return nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	off := dec.InputOffset()
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	}
	line := 1 + bytes.Count(b[:min(int(off), len(b))], []byte("\n"))
	return fmt.Errorf("%s:%d: %w", name, line, err)
}

// SetInfo describes one fact set, testdata/sets/<Name>.json.
type SetInfo struct {
	Name string
	// Blind sets have not been studied: an evaluation reports their totals
	// only, never the facts they lose, so that their failures cannot steer
	// the summarizer.
	Blind bool
	// Floor sets are the regression floor the retention evaluation asserts
	// (summarize's TestPlantedFactRetention); the others are scored on
	// request.
	Floor bool
	// Description says what the set is about, how it was written and what
	// has been done with it since (scores are in testdata/HISTORY.md).
	Description string
}

// Sets lists the fact sets, tuning sets first, each group in number
// order.
func Sets() ([]SetInfo, error) {
	d, err := loadSets()
	if err != nil {
		return nil, err
	}
	return slices.Clone(d.infos), nil
}

// Set returns the facts of the named set (a name from Sets, such as
// "tuning" or "held-out21").
func Set(name string) (FactFunc, error) {
	d, err := loadSets()
	if err != nil {
		return nil, err
	}
	s, ok := d.sets[name]
	if !ok {
		return nil, fmt.Errorf("convgen: no fact set %q (the sets are the files in internal/convgen/%s)", name, setsDir)
	}
	return s.facts, nil
}

const setsDir = "testdata/sets"

type setData struct {
	infos []SetInfo
	sets  map[string]*factSet
}

var setNameRE = regexp.MustCompile(`^([a-z][a-z-]*?)([0-9]*)$`)

// loadSets decodes and checks every file in testdata/sets.
var loadSets = sync.OnceValues(func() (*setData, error) {
	entries, err := fs.ReadDir(data, setsDir)
	if err != nil {
		return nil, err
	}
	d := &setData{sets: map[string]*factSet{}}
	for _, e := range entries {
		file := path.Join(setsDir, e.Name())
		name := strings.TrimSuffix(e.Name(), ".json")
		if !setNameRE.MatchString(name) {
			return nil, fmt.Errorf("%s: a set's file name is lower-case letters and dashes, then its number", file)
		}
		b, err := data.ReadFile(file)
		if err != nil {
			return nil, err
		}
		s, info, err := decodeSet(file, b)
		if err != nil {
			return nil, err
		}
		info.Name = name
		d.sets[name] = s
		d.infos = append(d.infos, info)
	}
	if len(d.infos) == 0 {
		return nil, fmt.Errorf("%s: no fact sets", setsDir)
	}
	slices.SortFunc(d.infos, func(a, b SetInfo) int { return compareSetNames(a.Name, b.Name) })
	return d, nil
})

// compareSetNames orders tuning sets before the others, then by name, then
// by number (tuning, tuning2, ..., tuning22, held-out, held-out7, ...).
func compareSetNames(a, b string) int {
	ma, mb := setNameRE.FindStringSubmatch(a), setNameRE.FindStringSubmatch(b)
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	return cmp.Or(
		cmp.Compare(boolRank(ma[1] != "tuning"), boolRank(mb[1] != "tuning")),
		cmp.Compare(ma[1], mb[1]),
		cmp.Compare(num(ma[2]), num(mb[2])))
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setFile is the format of testdata/sets/<name>.json.
type setFile struct {
	Description         string         `json:"description"`
	Blind               bool           `json:"blind"`
	Floor               bool           `json:"floor"`
	DecisionTemplates   []templateFile `json:"decision_templates"`
	Choices             []string       `json:"choices"`
	Purposes            []string       `json:"purposes"`
	Reasons             []string       `json:"reasons"`
	TaskTemplates       []templateFile `json:"task_templates"`
	Tasks               []string       `json:"tasks"`
	PathTemplates       []templateFile `json:"path_templates"`
	Paths               []string       `json:"paths"`
	IDTemplates         []templateFile `json:"id_templates"`
	IDs                 []idEntry      `json:"ids"`
	DistractorTemplates []templateFile `json:"distractor_templates"`
	Rejected            []string       `json:"rejected"`
	Done                []string       `json:"done"`
}

type templateFile struct {
	Speaker string `json:"speaker"`
	Text    string `json:"text"`
}

// idEntry is one entry of "ids": a shape, or shapes to pick one of.
type idEntry struct {
	Note   string   `json:"note"`
	Shape  string   `json:"shape"`
	Either []string `json:"either"`
}

var placeholderRE = regexp.MustCompile(`\{[A-Z]\}`)

func decodeSet(file string, b []byte) (*factSet, SetInfo, error) {
	var f setFile
	if err := decodeStrict(file, b, &f); err != nil {
		return nil, SetInfo{}, err
	}
	bad := func(format string, a ...any) (*factSet, SetInfo, error) {
		return nil, SetInfo{}, fmt.Errorf("%s: %s", file, fmt.Sprintf(format, a...))
	}
	if strings.TrimSpace(f.Description) == "" {
		return bad(`"description" is missing: say what the set is about and how it was written`)
	}
	s := &factSet{choices: f.Choices, purposes: f.Purposes, reasons: f.Reasons, tasks: f.Tasks, paths: f.Paths,
		rejected: f.Rejected, done: f.Done}
	for _, l := range []struct {
		key       string
		in        []templateFile
		out       *[]template
		need, may string // placeholders one of which must be there; those allowed
	}{
		{"decision_templates", f.DecisionTemplates, &s.decisionTpl, "X", "XPR"},
		{"task_templates", f.TaskTemplates, &s.taskTpl, "X", "X"},
		{"path_templates", f.PathTemplates, &s.pathTpl, "X", "X"},
		{"id_templates", f.IDTemplates, &s.idTpl, "X", "X"},
		{"distractor_templates", f.DistractorTemplates, &s.distractorTpl, "XT", "XTPR"},
	} {
		if len(l.in) == 0 && l.key != "distractor_templates" {
			return bad("%q is missing or empty", l.key)
		}
		for i, t := range l.in {
			switch t.Speaker {
			case SpeakerUser, SpeakerAssistant, SpeakerTool, SpeakerCode:
			case SpeakerTwoTurns:
				if !strings.Contains(t.Text, TurnSep) {
					return bad("%s[%d]: a %q template has the user's part, %q, then the answer", l.key, i, t.Speaker, TurnSep)
				}
			default:
				return bad("%s[%d]: speaker %q is not one of %s, %s, %s, %s, %s", l.key, i, t.Speaker,
					SpeakerUser, SpeakerAssistant, SpeakerTool, SpeakerCode, SpeakerTwoTurns)
			}
			found := false
			for _, p := range placeholderRE.FindAllString(t.Text, -1) {
				if !strings.Contains(l.may, p[1:2]) {
					return bad("%s[%d]: %s has no value here (use %s)", l.key, i, p, braces(l.may))
				}
				found = found || strings.Contains(l.need, p[1:2])
			}
			if !found {
				return bad("%s[%d]: the text must hold %s, the fact's key", l.key, i, strings.Join(strings.Split(braces(l.need), ", "), " or "))
			}
			*l.out = append(*l.out, template{text: t.Text, speaker: t.Speaker})
		}
	}
	for _, l := range []struct {
		key  string
		list []string
	}{{"choices", f.Choices}, {"purposes", f.Purposes}, {"reasons", f.Reasons}, {"tasks", f.Tasks}, {"paths", f.Paths}} {
		if len(l.list) == 0 {
			return bad("%q is missing or empty", l.key)
		}
		for i, v := range l.list {
			if strings.TrimSpace(v) == "" {
				return bad("%s[%d] is empty", l.key, i)
			}
		}
	}
	if len(f.DistractorTemplates) > 0 && (len(f.Rejected) == 0 || len(f.Done) == 0) {
		return bad(`a set with "distractor_templates" needs "rejected" (options not taken) and "done" (finished tasks)`)
	}
	if len(f.DistractorTemplates) == 0 && (len(f.Rejected) > 0 || len(f.Done) > 0) {
		return bad(`"rejected" and "done" are only used with "distractor_templates"`)
	}
	if len(f.IDs) == 0 {
		return bad(`"ids" is missing or empty`)
	}
	for i, e := range f.IDs {
		srcs := e.Either
		switch {
		case e.Shape != "" && len(e.Either) == 0:
			srcs = []string{e.Shape}
		case e.Shape == "" && len(e.Either) >= 2:
		default:
			return bad(`ids[%d]: an entry has a "shape" or an "either" list of two or more shapes`, i)
		}
		var shapes []*shape
		for _, src := range srcs {
			sh, err := parseShape(src)
			if err != nil {
				return bad("ids[%d] %q: %v", i, src, err)
			}
			shapes = append(shapes, sh)
		}
		s.ids = append(s.ids, shapes)
	}
	return s, SetInfo{Blind: f.Blind, Floor: f.Floor, Description: f.Description}, nil
}

// braces writes "XP" as "{X}, {P}".
func braces(letters string) string {
	var out []string
	for _, c := range letters {
		out = append(out, "{"+string(c)+"}")
	}
	return strings.Join(out, ", ")
}
