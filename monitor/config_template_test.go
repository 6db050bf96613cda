package monitor

import (
	"reflect"
	"strings"
	"testing"
)

func TestConfigTemplateParsesToDefaults(t *testing.T) {
	c, err := ParseConfig([]byte("log:\n  agent: x\n" + ConfigTemplate))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(c, nil); err != nil {
		t.Fatalf("template config rejected: %v", err)
	}
	d := DefaultConfig()
	if c.Profile != d.Profile || c.Headroom != d.Headroom || c.KeepToolResults != d.KeepToolResults || c.SummaryTokens != d.SummaryTokens || !reflect.DeepEqual(c.Budgets, d.Budgets) {
		t.Fatalf("template %+v differs from defaults %+v", c, d)
	}
}

func TestParseConfigRejectsUnknownKeys(t *testing.T) {
	_, err := ParseConfig([]byte("log:\n  agent: x\ncontext:\n  profil: grid\n"))
	if err == nil || !strings.Contains(err.Error(), "line 4") || !strings.Contains(err.Error(), "profil") {
		t.Fatalf("err = %v", err)
	}
}
