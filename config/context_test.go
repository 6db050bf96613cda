package config

import (
	"reflect"
	"strings"
	"testing"
)

func TestTemplateLoadsAsDefaults(t *testing.T) {
	tmpl := string(Template())
	l, err := Load(writeFile(t, tmpl), nil)
	if err != nil {
		t.Fatal(err)
	}
	def := Default()
	for _, k := range Keys() {
		got, _ := l.Get(k.Name)
		want, _ := def.Get(k.Name)
		if got != want {
			t.Errorf("%s: template gives %s, default is %s", k.Name, got, want)
		}
		if l.Sources[k.Name] != FromFile {
			t.Errorf("%s: source %s, want file", k.Name, l.Sources[k.Name])
		}
	}
	if !reflect.DeepEqual(l.Context, def.Context) {
		t.Errorf("context section loads as %+v, want %+v", l.Context, def.Context)
	}
	for _, want := range []string{
		"\ncontext:\n",
		"\n  llm:\n    # ",
		"\n    provider: none\n",
		"\n    timeout: 30s\n",
		"\n  profile_by_window: {}\n",
		"\n  models: []\n",
		"\n  profiles: []\n",
		"\n  budgets: {history: 37.5, input: 25, plan: 10, reserve: 10, system: 12.5, warmth: 5}\n",
		"\n  #   - {name: my-model, window: 32000, encoding: estimate, input_price: 0.5}\n",
		"\n  #       - {name: stop, at: 70, action: prioritize, block: true}\n",
	} {
		if !strings.Contains(tmpl, want) {
			t.Errorf("template lacks %q", want)
		}
	}
}

// TestTemplateExamplesLoad uncomments each example of the template and
// loads it, so the examples stay valid.
func TestTemplateExamplesLoad(t *testing.T) {
	for _, k := range Keys() {
		ex := k.field.Tag.Get("example")
		if ex == "" {
			continue
		}
		parts := strings.Split(k.Name, ".")
		var b strings.Builder
		for d, p := range parts {
			b.WriteString(strings.Repeat("  ", d) + p + ":\n")
		}
		for _, line := range strings.Split(ex, "\n") {
			b.WriteString(strings.Repeat("  ", len(parts)) + line + "\n")
		}
		l, err := Load(writeFile(t, b.String()), nil)
		if err != nil {
			t.Errorf("%s example: %v\n%s", k.Name, err, b.String())
			continue
		}
		if got, _ := l.Get(k.Name); got == "[]" || l.Sources[k.Name] != FromFile {
			t.Errorf("%s example loads as %s from %s", k.Name, got, l.Sources[k.Name])
		}
	}
}

func TestKeyNamesAndTypes(t *testing.T) {
	envs := map[string]string{}
	for _, k := range Keys() {
		if other, ok := envs[k.Env]; ok {
			t.Errorf("%s and %s share %s", k.Name, other, k.Env)
		}
		envs[k.Env] = k.Name
	}
	tests := []struct{ name, env, typ string }{
		{"context.headroom", "ARCHON_CONTEXT_HEADROOM", TypeFloat},
		{"context.llm.provider", "ARCHON_CONTEXT_LLM_PROVIDER", TypeString},
		{"context.llm.timeout", "ARCHON_CONTEXT_LLM_TIMEOUT", TypeString},
		{"context.budgets", "ARCHON_CONTEXT_BUDGETS", TypeMap},
		{"context.profile_by_window", "ARCHON_CONTEXT_PROFILE_BY_WINDOW", TypeMap},
		{"context.models", "ARCHON_CONTEXT_MODELS", TypeObjects},
		{"context.profiles", "ARCHON_CONTEXT_PROFILES", TypeObjects},
		{"workspace.identity_files", "ARCHON_WORKSPACE_IDENTITY_FILES", TypeList},
	}
	for _, tt := range tests {
		k, ok := LookupKey(tt.name)
		if !ok || k.Env != tt.env || k.Type != tt.typ {
			t.Errorf("%s: %+v (found %v), want env %s type %s", tt.name, k, ok, tt.env, tt.typ)
		}
	}
	if _, ok := LookupKey("context.llm"); ok {
		t.Error("a subsection is not a key")
	}
}

func TestContextKeys(t *testing.T) {
	tests := []struct {
		name, file string
		env        []string
		key, want  string
		src        Source
	}{
		{"nested from file", "context:\n  llm:\n    provider: anthropic\n    timeout: 10s\n", nil,
			"context.llm.provider", "anthropic", FromFile},
		{"nested flow from file", "context:\n  llm: {provider: openai, timeout: 1m}\n", nil,
			"context.llm.timeout", "1m", FromFile},
		{"nested from env", "context:\n  llm:\n    provider: anthropic\n", []string{"ARCHON_CONTEXT_LLM_PROVIDER=openai"},
			"context.llm.provider", "openai", FromEnv},
		{"nested untouched", "context:\n  llm:\n    provider: anthropic\n", nil,
			"context.llm.timeout", "30s", FromDefault},
		{"empty subsection", "context:\n  llm:\n", nil,
			"context.llm.provider", "none", FromDefault},
		{"scalar from env", "", []string{"ARCHON_CONTEXT_HEADROOM=0.25"},
			"context.headroom", "0.25", FromEnv},
		{"budgets from file merge over defaults", "context:\n  budgets:\n    history: 40\n    extra: 1\n", nil,
			"context.budgets", `{"extra":1,"history":40,"input":25,"plan":10,"reserve":10,"system":12.5,"warmth":5}`, FromFile},
		{"budgets from env merge over defaults", "context:\n  budgets: {plan: 1}\n", []string{"ARCHON_CONTEXT_BUDGETS={history: 40}"},
			"context.budgets", `{"history":40,"input":25,"plan":10,"reserve":10,"system":12.5,"warmth":5}`, FromEnv},
		{"budgets from env as JSON", "", []string{`ARCHON_CONTEXT_BUDGETS={"reserve": 15}`},
			"context.budgets", `{"history":37.5,"input":25,"plan":10,"reserve":15,"system":12.5,"warmth":5}`, FromEnv},
		{"profile_by_window from file", "context:\n  profile_by_window: {1M: window, 128K: grid}\n", nil,
			"context.profile_by_window", `{"128K":"grid","1M":"window"}`, FromFile},
		{"profile_by_window empty env", "context:\n  profile_by_window: {1M: window}\n", []string{"ARCHON_CONTEXT_PROFILE_BY_WINDOW="},
			"context.profile_by_window", `{}`, FromEnv},
		{"models from file", "context:\n  models:\n    - name: my-llm\n      window: 32000\n      aliases: [mine]\n", nil,
			"context.models", `[{"name":"my-llm","window":32000,"aliases":["mine"]}]`, FromFile},
		{"models from env as JSON", "", []string{`ARCHON_CONTEXT_MODELS=[{"name": "m", "window": 8000, "input_price": 0.5}]`},
			"context.models", `[{"name":"m","window":8000,"input_price":0.5}]`, FromEnv},
		{"profiles from file", "context:\n  profiles:\n    - name: strict\n      levels:\n        - {name: warn, at: 30, action: warn}\n        - {name: stop, at: 70, action: prioritize, block: true, keep: 5}\n", nil,
			"context.profiles", `[{"name":"strict","levels":[{"name":"warn","at":30,"action":"warn"},{"name":"stop","at":70,"action":"prioritize","block":true,"keep":5}]}]`, FromFile},
		{"profiles from env as YAML flow", "", []string{"ARCHON_CONTEXT_PROFILES=[{name: p, target: 20, levels: [{name: a, at: 50, action: compact}]}]"},
			"context.profiles", `[{"name":"p","levels":[{"name":"a","at":50,"action":"compact"}],"target":20}]`, FromEnv},
		{"models null in file", "context:\n  models:\n", nil,
			"context.models", `[]`, FromFile},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Load(writeFile(t, tt.file), tt.env)
			if err != nil {
				t.Fatal(err)
			}
			got, err := l.Get(tt.key)
			if err != nil || got != tt.want || l.Sources[tt.key] != tt.src {
				t.Errorf("%s = %s from %s (err %v), want %s from %s", tt.key, got, l.Sources[tt.key], err, tt.want, tt.src)
			}
		})
	}
}

func TestContextSetFlag(t *testing.T) {
	l, err := Load(writeFile(t, ""), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.SetFlag("context.llm.timeout", "2m"); err != nil {
		t.Fatal(err)
	}
	if err := l.SetFlag("context.budgets", "{warmth: 7}"); err != nil {
		t.Fatal(err)
	}
	if l.Context.LLM.Timeout != "2m" || l.Context.Budgets["warmth"] != 7 || l.Context.Budgets["history"] != 37.5 || l.Sources["context.budgets"] != FromFlag {
		t.Fatalf("%+v %v", l.Context, l.Sources["context.budgets"])
	}
	if err := l.SetFlag("context.llm.timeout", "soon"); err == nil {
		t.Fatal("bad duration accepted")
	}
}

func TestContextErrors(t *testing.T) {
	tests := []struct {
		name, file string
		env        []string
		want       []string
	}{
		{"unknown field in models entry", "context:\n  models:\n    - name: m\n      window: 100\n      windw: 3\n", nil,
			[]string{"archon.yaml:5:", "context.models[0]", `unknown field "windw"`, "name, window, max_output"}},
		{"unknown field in flow models entry", "context:\n  keep_days: 3\n  models: [{name: a, window: 1}, {name: b, window: 2, price: 1}]\n", nil,
			[]string{"archon.yaml:3:", "context.models[1]", `unknown field "price"`}},
		{"unknown field in profile", "context:\n  profiles:\n    - name: p\n      levls: []\n", nil,
			[]string{"archon.yaml:4:", "context.profiles[0]", `unknown field "levls"`, "name, description, levels, target"}},
		{"unknown field in profile level", "context:\n  profiles:\n    - name: p\n      levels:\n        - name: a\n          at: 10\n          action: warn\n          blok: true\n", nil,
			[]string{"archon.yaml:8:", "context.profiles[0].levels[0]", `unknown field "blok"`, "name, at, action, block, keep"}},
		{"wrong type in models entry", "context:\n  models:\n    - name: m\n      window: big\n", nil,
			[]string{"archon.yaml:4:", "context.models[0].window", `"big" is not a whole number`}},
		{"entry not a mapping", "context:\n  models:\n    - m\n", nil,
			[]string{"archon.yaml:3:", "context.models[0]", "want a mapping"}},
		{"models not a list", "context:\n  models: {name: m}\n", nil,
			[]string{"archon.yaml:2:", "context.models", "want a list of mappings"}},
		{"aliases not a list", "context:\n  models:\n    - {name: m, window: 1, aliases: x}\n", nil,
			[]string{"archon.yaml:3:", "context.models[0].aliases", "want a list"}},
		{"budgets not a mapping", "context:\n  budgets: [1, 2]\n", nil,
			[]string{"archon.yaml:2:", "context.budgets", "want a mapping"}},
		{"budget not a number", "context:\n  budgets:\n    history: lots\n", nil,
			[]string{"archon.yaml:3:", "context.budgets[history]", `"lots" is not a number`}},
		{"budget out of range", "context:\n  budgets: {history: 140}\n", nil,
			[]string{"archon.yaml:2:", "context.budgets[history]", "0..100"}},
		{"bad duration in file", "context:\n  llm:\n    timeout: soon\n", nil,
			[]string{"archon.yaml:3:", "context.llm.timeout", `"soon" is not a positive duration`}},
		{"negative duration in env", "", []string{"ARCHON_CONTEXT_LLM_TIMEOUT=-5s"},
			[]string{"environment ARCHON_CONTEXT_LLM_TIMEOUT", "context.llm.timeout", "positive duration"}},
		{"bad provider", "context:\n  llm:\n    provider: gemini\n", nil,
			[]string{"archon.yaml:3:", "context.llm.provider", "none, openai, anthropic"}},
		{"unknown key in subsection", "context:\n  llm:\n    provider: none\n    modle: x\n", nil,
			[]string{"archon.yaml:4:", `unknown key "context.llm.modle"`, "keys in context.llm: api_key_env, base_url, model, provider, timeout"}},
		{"unknown key in context", "context:\n  profil: grid\n", nil,
			[]string{"archon.yaml:2:", `unknown key "context.profil"`, "headroom", "llm"}},
		{"subsection not a mapping", "context:\n  llm: openai\n", nil,
			[]string{"archon.yaml:2:", `section "context.llm" must be a mapping`}},
		{"headroom 1", "context:\n  headroom: 1\n", nil,
			[]string{"archon.yaml:2:", "context.headroom", "> 0 and < 1"}},
		{"headroom 0", "context:\n  headroom: 0\n", nil,
			[]string{"context.headroom", "> 0 and < 1"}},
		{"headroom NaN", "context:\n  headroom: .nan\n", nil,
			[]string{"context.headroom", "is not a number"}},
		{"env JSON parse error", "", []string{`ARCHON_CONTEXT_BUDGETS={"history": 40`},
			[]string{"config: environment ARCHON_CONTEXT_BUDGETS", "context.budgets", "not YAML or JSON"}},
		{"env models wrong shape", "", []string{`ARCHON_CONTEXT_MODELS={"name": "m"}`},
			[]string{"environment ARCHON_CONTEXT_MODELS", "context.models", "want a list of mappings"}},
		{"env models unknown field", "", []string{`ARCHON_CONTEXT_MODELS=[{"name": "m", "size": 3}]`},
			[]string{"environment ARCHON_CONTEXT_MODELS", "context.models[0]", `unknown field "size"`}},
		{"unknown section lists context", "contxt:\n  model: x\n", nil,
			[]string{"archon.yaml:1:", `unknown section "contxt"`, "l1, context, search"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(writeFile(t, tt.file), tt.env)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}
