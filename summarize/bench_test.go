package summarize

import (
	"context"
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
