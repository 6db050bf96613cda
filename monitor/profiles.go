package monitor

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/archon-memory/archon/monitor/compact"
)

// Action is what a level asks for.
type Action string

const (
	// ActionNone: nothing to do.
	ActionNone Action = "none"
	// ActionWarn: report only.
	ActionWarn Action = "warn"
	// ActionCompact: the standard pipeline (clear tool results; while over
	// the target, summarize the oldest half, then truncate).
	ActionCompact Action = "compact"
	// ActionSummarize: clear tool results and summarize the oldest half,
	// truncating if still over the target.
	ActionSummarize Action = "summarize"
	// ActionSlide: clear tool results, sliding window (Level.Keep, 20).
	ActionSlide Action = "slide"
	// ActionSummarizeSlide: summarize the oldest half, then slide.
	ActionSummarizeSlide Action = "summarize-slide"
	// ActionPrioritize: emergency window of 10, prioritized keep, truncate.
	ActionPrioritize Action = "prioritize"
	// ActionAutoSummarize: the archon protocol (see Protocol): stop, write
	// MEMORY_SUMMARY.md, archive, hand back summary plus recent turns.
	ActionAutoSummarize Action = "auto-summarize"
	// ActionBlock: do not go on (no compression of its own).
	ActionBlock Action = "block"
)

// Actions lists the valid actions.
func Actions() []Action {
	return []Action{ActionNone, ActionWarn, ActionCompact, ActionSummarize, ActionSlide,
		ActionSummarizeSlide, ActionPrioritize, ActionAutoSummarize, ActionBlock}
}

// Compresses reports whether the action changes the context.
func (a Action) Compresses() bool {
	switch a {
	case ActionNone, ActionWarn, ActionBlock, "":
		return false
	}
	return true
}

// Pipeline returns the compaction steps of a compressing action (nil for
// the others, and for ActionAutoSummarize, which Protocol runs). keep is the
// sliding window (0: the default for the action).
func (a Action) Pipeline(keep int) compact.Pipeline {
	switch a {
	case ActionCompact:
		return compact.Standard()
	case ActionSummarize:
		return compact.Pipeline{compact.ClearToolResults{}, compact.SummarizeOldest{}, compact.IfOver(compact.Truncate{})}
	case ActionSlide:
		return compact.Slide(keep)
	case ActionSummarizeSlide:
		return compact.SummarizeSlide(keep)
	case ActionPrioritize:
		if keep <= 0 {
			keep = compact.EmergencyWindow
		}
		return compact.Pipeline{compact.ClearToolResults{}, compact.SlidingWindow{Keep: keep},
			compact.IfOver(compact.Prioritize{}), compact.IfOver(compact.Truncate{})}
	}
	return nil
}

// Level is one threshold of a profile.
type Level struct {
	// Name is shown to users ("warn", "critical", ...).
	Name string `yaml:"name" json:"name"`
	// At is the percentage of the usable window from which the level holds.
	At float64 `yaml:"at" json:"at"`
	// Action is what the level asks for.
	Action Action `yaml:"action" json:"action"`
	// Block means an orchestrator must not spawn at this level (after any
	// compression, if the level is still reached).
	Block bool `yaml:"block,omitempty" json:"block,omitempty"`
	// Keep is the sliding-window size for slide actions (0: default).
	Keep int `yaml:"keep,omitempty" json:"keep,omitempty"`
}

// Profile is a named set of levels.
type Profile struct {
	Name        string  `yaml:"name" json:"name"`
	Description string  `yaml:"description,omitempty" json:"description,omitempty"`
	Levels      []Level `yaml:"levels" json:"levels"`
	// Target is the percentage compaction aims for; 0 means 5 points below
	// the lowest level.
	Target float64 `yaml:"target,omitempty" json:"target,omitempty"`
}

// OK is the name of the level below every threshold.
const OK = "ok"

// Built-in profiles (DESIGN.md §3); BuiltinProfiles hands out copies.
var (
	profileArchon = Profile{Name: "archon", Description: "40% warn, 65% should summarize, 75% critical: auto-summarize",
		Levels: []Level{
			{Name: "warn", At: 40, Action: ActionWarn},
			{Name: "summarize", At: 65, Action: ActionSummarize},
			{Name: "critical", At: 75, Action: ActionAutoSummarize},
		}}
	profileGrid = Profile{Name: "grid", Description: "80% warning, 90% compress, 95% emergency, 100% overflow (block)",
		Levels: []Level{
			{Name: "warning", At: 80, Action: ActionSlide, Keep: compact.DefaultWindow},
			{Name: "compress", At: 90, Action: ActionSummarizeSlide, Keep: compact.DefaultWindow},
			{Name: "emergency", At: 95, Action: ActionPrioritize, Keep: compact.EmergencyWindow},
			{Name: "overflow", At: 100, Action: ActionPrioritize, Keep: compact.EmergencyWindow, Block: true},
		}}
	profileWindow = Profile{Name: "window", Description: "ok below 60%, compact 60-80%, exhausted above 80%",
		Levels: []Level{
			{Name: "compact", At: 60, Action: ActionCompact},
			{Name: "exhausted", At: 80, Action: ActionCompact, Block: true},
		}}
)

// DefaultProfile is the profile used when none is configured.
const DefaultProfile = "archon"

// BuiltinProfiles returns copies of the built-in profiles by name: archon
// (the default), grid and window.
func BuiltinProfiles() map[string]Profile {
	out := map[string]Profile{}
	for _, p := range []Profile{profileArchon, profileGrid, profileWindow} {
		p.Levels = append([]Level(nil), p.Levels...)
		out[p.Name] = p
	}
	return out
}

// Validate checks a profile: a name, levels with known actions, rising
// thresholds.
func (p Profile) Validate() error {
	if strings.TrimSpace(p.Name) == "" {
		return fmt.Errorf("profile without a name")
	}
	if len(p.Levels) == 0 {
		return fmt.Errorf("profile %s: no levels", p.Name)
	}
	for i, l := range p.Levels {
		if l.Name == "" {
			return fmt.Errorf("profile %s: level %d has no name", p.Name, i+1)
		}
		if l.At <= 0 || math.IsNaN(l.At) {
			return fmt.Errorf("profile %s: level %s: at must be a percentage above 0", p.Name, l.Name)
		}
		if i > 0 && l.At <= p.Levels[i-1].At {
			return fmt.Errorf("profile %s: level %s: thresholds must rise (%g after %g)", p.Name, l.Name, l.At, p.Levels[i-1].At)
		}
		known := false
		for _, a := range Actions() {
			known = known || a == l.Action
		}
		if !known {
			return fmt.Errorf("profile %s: level %s: unknown action %q (want one of %v)", p.Name, l.Name, l.Action, Actions())
		}
	}
	return nil
}

// Evaluate returns the level that holds at percent (OK below the first).
func (p Profile) Evaluate(percent float64) Level {
	lvl := Level{Name: OK, Action: ActionNone}
	for _, l := range p.Levels {
		if percent >= l.At {
			lvl = l
		}
	}
	return lvl
}

// TargetPercent is the percentage compaction aims for.
func (p Profile) TargetPercent() float64 {
	if p.Target > 0 {
		return p.Target
	}
	if len(p.Levels) == 0 {
		return 50
	}
	return max(p.Levels[0].At-5, 10)
}

// ParseWindowClass reads "1M", "200K", "128k", "32000" as a token count.
func ParseWindowClass(s string) (int, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := 1.0
	switch {
	case strings.HasSuffix(t, "M"):
		mult, t = 1_000_000, strings.TrimSuffix(t, "M")
	case strings.HasSuffix(t, "K"):
		mult, t = 1_000, strings.TrimSuffix(t, "K")
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f <= 0 {
		return 0, fmt.Errorf("window class %q: want a size like 1M, 200K or 128K", s)
	}
	return int(f * mult), nil
}

// nearestClass returns the key of classes closest to window on a log
// scale ("" when classes is empty).
func nearestClass(window int, classes map[string]string) string {
	type kv struct {
		key  string
		size int
	}
	var list []kv
	for k := range classes {
		if n, err := ParseWindowClass(k); err == nil {
			list = append(list, kv{k, n})
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].size < list[j].size })
	best, bestD := "", math.Inf(1)
	for _, e := range list {
		if d := math.Abs(math.Log(float64(window) / float64(e.size))); d < bestD {
			best, bestD = e.key, d
		}
	}
	return best
}

// Thresholds returns the levels' percentages, for charts.
func (p Profile) Thresholds() []float64 {
	out := make([]float64, len(p.Levels))
	for i, l := range p.Levels {
		out[i] = l.At
	}
	return out
}
