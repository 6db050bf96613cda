package monitor

import (
	"strings"
	"testing"
	"time"
)

func TestLookup(t *testing.T) {
	r, err := NewRegistry(Model{Name: "My-Model", Window: 32000, Encoding: "estimate", InputPrice: 0.5},
		Model{Name: "gpt-4o", Window: 64000}) // a user entry replaces a built-in
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, match, model string
		window             int
		note               bool
	}{
		{"claude-sonnet-4-5", MatchExact, "claude-sonnet-4-5", 200_000, false},
		{"anthropic/claude-sonnet-4-5-20250929", MatchSubstring, "claude-sonnet-4-5", 200_000, false},
		{"us.anthropic.claude-3-7-sonnet-20250219-v1:0", MatchSubstring, "claude-3-7-sonnet", 200_000, false},
		{"gpt-4o-mini-2024-07-18", MatchSubstring, "gpt-4o-mini", 128_000, false},
		{"gpt-4o", MatchExact, "gpt-4o", 64000, false},
		{"GPT-4.1", MatchExact, "gpt-4.1", 1_047_576, false},
		{"gpt-4-1106-preview", MatchExact, "gpt-4-turbo", 128_000, false},
		{"gpt-4-0314", MatchSubstring, "gpt-4", 8_192, false},
		{"gemini-2.5-pro-preview-06-05", MatchSubstring, "gemini-2.5-pro", 1_048_576, false},
		{"llama3.1:8b", MatchSubstring, "llama3.1", 131_072, false},
		{"qwen2.5-coder:32b", MatchSubstring, "qwen2.5-coder", 131_072, false},
		{"deepseek-chat", MatchExact, "deepseek-chat", 128_000, false},
		{"my-model", MatchExact, "my-model", 32000, false},
		{"claude-5-opus", MatchTier, "claude-5-opus", 200_000, true},
		{"mistral-tiny-2099", MatchTier, "mistral-tiny-2099", 131_072, true},
		{"frobnicator-9000", MatchDefault, "frobnicator-9000", DefaultWindow, true},
		{"", MatchDefault, "default", DefaultWindow, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := r.Lookup(tt.name)
			if res.Match != tt.match || res.Model.Name != tt.model || res.Model.Window != tt.window {
				t.Errorf("Lookup(%q) = %s %s %d, want %s %s %d", tt.name, res.Match, res.Model.Name, res.Model.Window, tt.match, tt.model, tt.window)
			}
			if (res.Note != "") != tt.note {
				t.Errorf("note = %q", res.Note)
			}
		})
	}
}

func TestRegistryRejectsBadEntries(t *testing.T) {
	for _, m := range []Model{{Window: 1000}, {Name: "x"}, {Name: "x", Window: 10, Encoding: "p50k"}} {
		if _, err := NewRegistry(m); err == nil {
			t.Errorf("NewRegistry(%+v) accepted", m)
		}
	}
}

func TestOverride(t *testing.T) {
	r, _ := NewRegistry()
	res := r.Resolve("gpt-4o", "claude-opus-4-5")
	if res.Match != MatchOverride || res.Model.Name != "claude-opus-4-5" || !strings.Contains(res.Note, "replaces") {
		t.Errorf("override: %+v", res)
	}
	for _, clear := range []string{"", "auto", "AUTO", "null"} {
		if res := r.Resolve("gpt-4o", clear); res.Model.Name != "gpt-4o" || res.Match != MatchExact {
			t.Errorf("override %q: %+v", clear, res)
		}
	}
	dir := t.TempDir()
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	if o, err := LoadOverride(dir); err != nil || o != "" {
		t.Fatalf("no file: %q %v", o, err)
	}
	if err := SaveOverride(dir, "gemini-2.5-pro", now); err != nil {
		t.Fatal(err)
	}
	if o, err := LoadOverride(dir); err != nil || o != "gemini-2.5-pro" {
		t.Fatalf("saved: %q %v", o, err)
	}
	if err := SaveOverride(dir, "auto", now); err != nil {
		t.Fatal(err)
	}
	if o, _ := LoadOverride(dir); o != "" {
		t.Errorf("auto did not clear: %q", o)
	}
	if err := SaveOverride(dir, "null", now); err != nil {
		t.Errorf("clearing twice: %v", err)
	}
}
