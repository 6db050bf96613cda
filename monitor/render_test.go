package monitor

import (
	"context"
	"strings"
	"testing"
)

func TestRenderText(t *testing.T) {
	r, err := newMonitor(t, Config{}).Check(context.Background(), parseFile(t, "claude-code.jsonl"), CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := RenderText(r)
	for _, want := range []string{"Model     claude-opus-4-1", "20,800 / 160,000 tokens from usage", "[", "Level     ok -> none",
		"history", "reserve", "Zones", "skill injection", "Largest", "->", "Notes", "line 6"} {
		if !strings.Contains(out, want) {
			t.Errorf("text view lacks %q:\n%s", want, out)
		}
	}
	if got := bar(1.5, 4); got != "[████]!" {
		t.Errorf("bar(1.5) = %q", got)
	}
	if got := bar(0.5, 4); got != "[██  ]" {
		t.Errorf("bar(0.5) = %q", got)
	}
}
