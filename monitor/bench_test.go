package monitor

import (
	"context"
	"testing"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/internal/convgen"
	"github.com/archon-memory/archon/tokens"
)

// bench200K is a generated conversation of about 200K tokens.
func bench200K(b *testing.B, f conv.Format) (*conv.Conversation, []byte) {
	b.Helper()
	c, doc := convgen.Generate(convgen.Options{Seed: 42, Tokens: 200_000, Format: f})
	return c, doc
}

// BenchmarkCheckCold checks a 200K-token conversation with an empty token
// cache (exact o200k counting, gpt-4.1), the encoder already loaded.
func BenchmarkCheckCold(b *testing.B) {
	c, _ := bench200K(b, conv.FormatOpenAI)
	ctx := context.Background()
	tokens.CountO200K("warm up the encoder")
	m, _ := New(Config{}, nil)
	r, _ := m.Check(ctx, c, CheckOptions{Model: "gpt-4.1"})
	b.ReportMetric(float64(r.CountedTokens), "tokens")
	for b.Loop() {
		m, _ := New(Config{}, nil) // fresh caches
		if _, err := m.Check(ctx, c, CheckOptions{Model: "gpt-4.1"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckColdEstimate is BenchmarkCheckCold for a model counted by
// the calibrated estimate (claude-sonnet-4-5).
func BenchmarkCheckColdEstimate(b *testing.B) {
	c, _ := bench200K(b, conv.FormatAnthropic)
	ctx := context.Background()
	for b.Loop() {
		m, _ := New(Config{}, nil)
		if _, err := m.Check(ctx, c, CheckOptions{Model: "claude-sonnet-4-5"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckAfterOneMessage re-checks the 200K conversation after one
// new message, with the Monitor's cache warm from the previous check.
func BenchmarkCheckAfterOneMessage(b *testing.B) {
	c, _ := bench200K(b, conv.FormatOpenAI)
	ctx := context.Background()
	m, _ := New(Config{}, nil)
	if _, err := m.Check(ctx, c, CheckOptions{Model: "gpt-4.1"}); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		grown := *c
		grown.Messages = append(c.Messages[:len(c.Messages):len(c.Messages)],
			conv.NewText(conv.RoleUser, "Please also handle the retry case, attempt "+string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('a'+i/676%26))))
		if _, err := m.Check(ctx, &grown, CheckOptions{Model: "gpt-4.1"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParse200K parses the 200K conversation in each format.
func BenchmarkParse200K(b *testing.B) {
	for _, f := range []conv.Format{conv.FormatOpenAI, conv.FormatAnthropic, conv.FormatClaudeCode} {
		b.Run(string(f), func(b *testing.B) {
			_, doc := bench200K(b, f)
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, err := conv.ParseBytes(doc, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCLICheckAfterOneMessage is what a fresh `archon context check`
// process pays after one new message: load the saved token cache, parse the
// input, check it.
func BenchmarkCLICheckAfterOneMessage(b *testing.B) {
	c, _ := bench200K(b, conv.FormatOpenAI)
	ctx := context.Background()
	dir := b.TempDir()
	m, _ := New(Config{}, nil)
	if _, err := m.Check(ctx, c, CheckOptions{Model: "gpt-4.1"}); err != nil {
		b.Fatal(err)
	}
	if err := m.SaveTokenCaches(dir); err != nil {
		b.Fatal(err)
	}
	grown := *c
	grown.Messages = append(c.Messages[:len(c.Messages):len(c.Messages)], conv.NewText(conv.RoleUser, "one more message"))
	doc, _ := conv.Marshal(&grown)
	for b.Loop() {
		m, _ := New(Config{}, nil)
		if err := m.LoadTokenCaches(dir); err != nil {
			b.Fatal(err)
		}
		in, err := conv.ParseBytes(doc, conv.FormatOpenAI)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Check(ctx, in, CheckOptions{Model: "gpt-4.1"}); err != nil {
			b.Fatal(err)
		}
	}
}
