package monitor

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/config"
)

// loadConfig writes yml as archon.yaml, loads it with package config and
// converts its context section, as the commands do.
func loadConfig(t *testing.T, yml string) (Config, error) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "archon.yaml")
	if err := os.WriteFile(p, []byte(yml), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := config.Load(p, nil)
	if err != nil {
		return Config{}, err
	}
	return ConfigFrom(l.Context)
}

func TestConfigTemplateLoadsToDefaults(t *testing.T) {
	c, err := loadConfig(t, string(config.Template()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(c, nil); err != nil {
		t.Fatalf("template config rejected: %v", err)
	}
	if d := DefaultConfig(); !reflect.DeepEqual(c, d) {
		t.Fatalf("template %+v differs from defaults %+v", c, d)
	}
}

// TestConfigDefaultsAgree keeps config's defaults of the context section in
// step with DefaultConfig.
func TestConfigDefaultsAgree(t *testing.T) {
	c, err := ConfigFrom(config.Default().Context)
	if err != nil {
		t.Fatal(err)
	}
	if d := DefaultConfig(); !reflect.DeepEqual(c, d) {
		t.Fatalf("config.Default().Context gives %+v, DefaultConfig is %+v", c, d)
	}
}

func TestConfigFrom(t *testing.T) {
	cc := config.Default().Context
	cc.LLM = config.LLM{Provider: "openai", Model: "llama3.1", BaseURL: "http://localhost:11434/v1", Timeout: "1m"}
	cc.ProfileByWindow = map[string]string{"1M": "window"}
	cc.Models = []config.ModelEntry{{Name: "mine", Window: 32000, Encoding: "estimate", Aliases: []string{"my"}}}
	cc.Profiles = []config.ProfileEntry{{Name: "p", Target: 20, Levels: []config.LevelEntry{{Name: "a", At: 50, Action: "slide", Keep: 4, Block: true}}}}
	c, err := ConfigFrom(cc)
	if err != nil {
		t.Fatal(err)
	}
	want := Profile{Name: "p", Target: 20, Levels: []Level{{Name: "a", At: 50, Action: ActionSlide, Keep: 4, Block: true}}}
	if c.LLM.Timeout != time.Minute || c.LLM.BaseURL != cc.LLM.BaseURL || c.ProfileByWindow["1M"] != "window" ||
		len(c.Models) != 1 || c.Models[0].Aliases[0] != "my" || !reflect.DeepEqual(c.Profiles, []Profile{want}) {
		t.Fatalf("%+v", c)
	}
	cc.Models[0].Aliases[0] = "changed"
	cc.ProfileByWindow["1M"] = "grid"
	if c.Models[0].Aliases[0] != "my" || c.ProfileByWindow["1M"] != "window" {
		t.Error("ConfigFrom shares maps or lists with its input")
	}
	cc.LLM.Timeout = "soon"
	if _, err := ConfigFrom(cc); err == nil || !strings.Contains(err.Error(), "context.llm.timeout") {
		t.Errorf("bad timeout: %v", err)
	}
}

func TestConfigRejectsUnknownKeys(t *testing.T) {
	_, err := loadConfig(t, "log:\n  agent: x\ncontext:\n  profil: grid\n")
	if err == nil || !strings.Contains(err.Error(), "archon.yaml:4:") || !strings.Contains(err.Error(), "profil") {
		t.Fatalf("err = %v", err)
	}
	_, err = loadConfig(t, "context:\n  models:\n    - {name: m, window: 1, windw: 2}\n")
	if err == nil || !strings.Contains(err.Error(), "archon.yaml:3:") || !strings.Contains(err.Error(), `unknown field "windw"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestConfigMissingFileIsDefaults(t *testing.T) {
	l, err := config.Load(filepath.Join(t.TempDir(), "missing.yaml"), nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConfigFrom(l.Context)
	if err != nil || !reflect.DeepEqual(c, DefaultConfig()) {
		t.Fatalf("missing file: %+v %v", c, err)
	}
}

func TestConfigFromEnvironment(t *testing.T) {
	l, err := config.Load(filepath.Join(t.TempDir(), "missing.yaml"), []string{
		"ARCHON_CONTEXT_LLM_PROVIDER=anthropic",
		"ARCHON_CONTEXT_BUDGETS={history: 40}",
		`ARCHON_CONTEXT_MODELS=[{"name": "env-model", "window": 64000}]`,
	})
	if err != nil {
		t.Fatal(err)
	}
	c, err := ConfigFrom(l.Context)
	if err != nil {
		t.Fatal(err)
	}
	m, err := New(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Config(); got.LLM.Provider != "anthropic" || got.Budgets[CatHistory] != 40 || got.Budgets[CatReserve] != 10 {
		t.Errorf("config = %+v", got)
	}
	if m.Registry().Lookup("env-model").Model.Window != 64000 {
		t.Error("model from the environment missing")
	}
}
