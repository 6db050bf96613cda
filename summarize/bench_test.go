package summarize

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/internal/convgen"
)

// BenchmarkExtractive200K summarizes a 200K-token conversation to 500
// tokens.
func BenchmarkExtractive200K(b *testing.B) {
	facts, err := convgen.Set("tuning")
	if err != nil {
		b.Fatal(err)
	}
	c, _ := convgen.Generate(convgen.Options{Seed: 42, Tokens: 200_000, Format: conv.FormatAnthropic, Facts: facts(1, 4)})
	ctx := context.Background()
	s := NewExtractive()
	for b.Loop() {
		if _, err := s.Summarize(ctx, c.Messages, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOneLongMessage: one message of 1 MB with no sentence end (a
// pasted log, minified JSON) is summarized in time linear in its words; it
// took 6.7 s before a unit's concepts were kept once each without a scan.
func BenchmarkOneLongMessage(b *testing.B) {
	var sb strings.Builder
	for i := range 140_000 {
		fmt.Fprintf(&sb, "w%06d ", (i*7919)%1_000_000)
	}
	msgs := []conv.Message{conv.NewText(conv.RoleUser, sb.String()), conv.NewText(conv.RoleAssistant, "Noted.")}
	ctx := context.Background()
	s := NewExtractive()
	for b.Loop() {
		if _, err := s.Summarize(ctx, msgs, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
