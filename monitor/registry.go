package monitor

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// Model describes one model's context window. User entries in archon.yaml
// (context.models) use the same fields.
type Model struct {
	// Name is the canonical model name, lower case ("claude-sonnet-4-5").
	Name string `yaml:"name" json:"name"`
	// Window is the context window in tokens.
	Window int `yaml:"window" json:"window"`
	// MaxOutput is the largest response, in tokens (informational).
	MaxOutput int `yaml:"max_output,omitempty" json:"max_output,omitempty"`
	// Provider is openai, anthropic, google, meta, qwen, mistral, deepseek...
	Provider string `yaml:"provider,omitempty" json:"provider,omitempty"`
	// Encoding is cl100k_base, o200k_base or estimate; empty picks by name.
	Encoding string `yaml:"encoding,omitempty" json:"encoding,omitempty"`
	// InputPrice is USD per million input tokens; 0 when unknown.
	InputPrice float64 `yaml:"input_price,omitempty" json:"input_price,omitempty"`
	// Aliases are further exact names for the model.
	Aliases []string `yaml:"aliases,omitempty" json:"aliases,omitempty"`
}

// How a model name was resolved.
const (
	MatchExact     = "exact"     // the name, or an alias, is in the registry
	MatchSubstring = "substring" // a registry name occurs in it (longest wins)
	MatchTier      = "tier"      // only the family is known: its tier default
	MatchDefault   = "default"   // nothing is known: the generic default
	MatchOverride  = "override"  // the runtime override replaced the request
)

// DefaultWindow is the window assumed for a model nothing is known about.
const DefaultWindow = 128_000

// Resolution is the answer to a model lookup.
type Resolution struct {
	// Query is the name that was looked up (after any override).
	Query string `json:"query"`
	// Model is the entry used.
	Model Model `json:"model"`
	// Match says how: exact, substring, tier, default (or override).
	Match string `json:"match"`
	// Note says plainly what was assumed, for unknown models.
	Note string `json:"note,omitempty"`
}

// Registry looks up context windows. It is immutable after NewRegistry and
// safe for concurrent use.
type Registry struct {
	byName map[string]Model
	names  []string // longest first, for substring lookup
}

// NewRegistry returns the built-in models plus user entries; a user entry
// with the name of a built-in one replaces it.
func NewRegistry(user ...Model) (*Registry, error) {
	r := &Registry{byName: map[string]Model{}}
	for _, m := range builtinModels {
		r.add(m)
	}
	for i, m := range user {
		m.Name = normName(m.Name)
		if m.Name == "" {
			return nil, fmt.Errorf("context.models[%d]: name is required", i)
		}
		if m.Window <= 0 {
			return nil, fmt.Errorf("context.models[%d] (%s): window must be a positive number of tokens", i, m.Name)
		}
		if m.Encoding != "" && m.Encoding != "cl100k_base" && m.Encoding != "o200k_base" && m.Encoding != "estimate" {
			return nil, fmt.Errorf("context.models[%d] (%s): encoding %q is not cl100k_base, o200k_base or estimate", i, m.Name, m.Encoding)
		}
		r.add(m)
	}
	for n := range r.byName {
		r.names = append(r.names, n)
	}
	sort.Slice(r.names, func(i, j int) bool {
		if len(r.names[i]) != len(r.names[j]) {
			return len(r.names[i]) > len(r.names[j])
		}
		return r.names[i] < r.names[j]
	})
	return r, nil
}

func (r *Registry) add(m Model) {
	m.Name = normName(m.Name)
	r.byName[m.Name] = m
	for _, a := range m.Aliases {
		r.byName[normName(a)] = m
	}
}

// Models returns the registry's entries sorted by name (aliases once).
func (r *Registry) Models() []Model {
	seen := map[string]bool{}
	var out []Model
	for _, m := range r.byName {
		if !seen[m.Name] {
			seen[m.Name] = true
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func normName(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// Lookup resolves a model name: by exact name or alias, then by the longest
// registry name that occurs in it at word boundaries
// ("anthropic/claude-sonnet-4-5-20250929" finds "claude-sonnet-4-5"), then
// by its family's tier default, then the generic default (DefaultWindow),
// saying so in Note.
func (r *Registry) Lookup(name string) Resolution {
	q := normName(name)
	if q == "" {
		return Resolution{Query: name, Model: Model{Name: "default", Window: DefaultWindow}, Match: MatchDefault,
			Note: fmt.Sprintf("no model given: assuming a %s-token window; pass --model or set context.model", commas(DefaultWindow))}
	}
	if m, ok := r.byName[q]; ok {
		return Resolution{Query: name, Model: m, Match: MatchExact}
	}
	for _, n := range r.names {
		if containsWord(q, n) {
			return Resolution{Query: name, Model: r.byName[n], Match: MatchSubstring}
		}
	}
	for _, t := range tiers {
		if containsWord(q, t.family) || strings.HasPrefix(q, t.family) {
			m := t.model
			m.Name = q
			return Resolution{Query: name, Model: m, Match: MatchTier,
				Note: fmt.Sprintf("unknown %s model %q: using the %s tier default of %s tokens; add it under context.models in archon.yaml", t.family, name, t.family, commas(m.Window))}
		}
	}
	return Resolution{Query: name, Model: Model{Name: q, Window: DefaultWindow}, Match: MatchDefault,
		Note: fmt.Sprintf("unknown model %q: assuming a %s-token window; add it under context.models in archon.yaml", name, commas(DefaultWindow))}
}

// Resolve is Lookup with the runtime override applied: a non-empty override
// other than "auto" replaces the requested name.
func (r *Registry) Resolve(requested, override string) Resolution {
	if o := normName(override); o != "" && o != "auto" && o != "null" {
		res := r.Lookup(override)
		if requested != "" && normName(requested) != o {
			res.Note = strings.TrimSpace(fmt.Sprintf("model override %q replaces %q. %s", override, requested, res.Note))
		}
		if res.Match == MatchExact || res.Match == MatchSubstring {
			res.Match = MatchOverride
		}
		return res
	}
	return r.Lookup(requested)
}

// containsWord reports whether sub occurs in s with no letter or digit
// right before or after it.
func containsWord(s, sub string) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], sub)
		if i < 0 {
			return false
		}
		i += off
		before := i == 0 || !isAlnum(rune(s[i-1]))
		after := i+len(sub) == len(s) || !isAlnum(rune(s[i+len(sub)]))
		if before && after {
			return true
		}
		off = i + 1
	}
}

func isAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// commas formats n with thousands separators.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
