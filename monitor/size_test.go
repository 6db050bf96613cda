package monitor

import (
	"context"
	"testing"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/internal/convgen"
)

func TestBenchConversationSize(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a 200K-token conversation")
	}
	m, _ := New(Config{}, nil)
	for _, f := range []conv.Format{conv.FormatOpenAI, conv.FormatAnthropic, conv.FormatClaudeCode} {
		c, doc := convgen.Generate(convgen.Options{Seed: 42, Tokens: 200_000, Format: f})
		r, err := m.Check(context.Background(), c, CheckOptions{Model: "gpt-4.1"})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d messages, %d bytes, %d o200k tokens", f, len(c.Messages), len(doc), r.CountedTokens)
		if r.CountedTokens < 190_000 {
			t.Errorf("%s: benchmark conversation has %d tokens, want >= 190K", f, r.CountedTokens)
		}
	}
}
