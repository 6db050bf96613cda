package summarize

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

// BenchmarkExtractiveMeetings200K summarizes 200K cl100k tokens of real
// meeting prose: QMSum's train meetings (../shared/bench/qmsum, read at
// test time, never committed) joined into one conversation. Prose is the
// summarizer's slow path (every sentence is ranked). Skipped when the
// benchmark data is absent.
func BenchmarkExtractiveMeetings200K(b *testing.B) {
	files, _ := filepath.Glob("../../shared/bench/qmsum/conv/*.json")
	if len(files) == 0 {
		b.Skip("../shared/bench/qmsum is absent")
	}
	sort.Strings(files)
	var msgs []conv.Message
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		var turns []struct{ Role, Content string }
		if err := json.Unmarshal(data, &turns); err != nil {
			b.Fatal(err)
		}
		for _, t := range turns {
			msgs = append(msgs, conv.NewText(conv.Role(t.Role), t.Content))
			total += tokens.Count(t.Content)
		}
		if total >= 200_000 {
			break
		}
	}
	b.ReportMetric(float64(total), "tokens")
	ctx := context.Background()
	s := NewExtractive()
	for b.Loop() {
		if _, err := s.Summarize(ctx, msgs, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
