package tokens

import (
	"strings"
	"testing"
)

// TestEstimateNeverFarBelow checks the promise of the package doc: on prose,
// code and JSON the estimate is never more than 5% below the larger of the
// cl100k and o200k counts.
func TestEstimateNeverFarBelow(t *testing.T) {
	samples := corpus(t, 4000)
	type agg struct {
		n              int
		minRatio, sumR float64
		worst          string
		lenDiv4        float64
	}
	stats := map[string]*agg{}
	for _, s := range samples {
		truth := max(Count(s.text), CountO200K(s.text))
		if truth < 50 {
			continue
		}
		est := CountEstimate(s.text)
		r := float64(est) / float64(truth)
		a := stats[s.kind]
		if a == nil {
			a = &agg{minRatio: 10}
			stats[s.kind] = a
		}
		a.n++
		a.sumR += r
		a.lenDiv4 += float64(len(s.text)/4) / float64(truth)
		if r < a.minRatio {
			a.minRatio, a.worst = r, s.name
		}
		if r < 0.95 {
			t.Errorf("%s %s: estimate %d is %.1f%% below truth %d", s.kind, s.name, est, 100*(1-r), truth)
		}
	}
	for _, kind := range []string{"prose", "code", "json"} {
		a := stats[kind]
		if a == nil || a.n == 0 {
			t.Errorf("no %s samples", kind)
			continue
		}
		t.Logf("%-5s n=%3d estimate/truth min %.3f (%s) mean %.3f; len/4 mean %.3f",
			kind, a.n, a.minRatio, a.worst, a.sumR/float64(a.n), a.lenDiv4/float64(a.n))
	}
}

// TestEstimateOtherScripts bounds the estimate on text outside the promise
// (non-Latin scripts, emoji, base64): it may be high, but not more than 10%
// low.
func TestEstimateOtherScripts(t *testing.T) {
	tests := []struct{ name, text string }{
		{"chinese", "这是一个用于测试的中文句子，我们需要估计它的令牌数量。"},
		{"japanese", "これはテスト用の日本語の文章です。トークン数を見積もります。"},
		{"russian", "Это предложение на русском языке для проверки оценки токенов. "},
		{"french", "Ceci est une phrase en français avec des accents: élève, garçon, où. "},
		{"emoji", "🚀🔥✅ emoji heavy line 👍🏽 "},
		{"base64", "aGVsbG8gd29ybGQgdGhpcyBpcyBiYXNlNjQgZW5jb2RlZCBkYXRh"},
		{"hex", "3f0e1b2c9d4e4b6a8c7d2e1f0a9b8c7d "},
	}
	for _, tt := range tests {
		s := strings.Repeat(tt.text, 20)
		truth := max(Count(s), CountO200K(s))
		r := float64(CountEstimate(s)) / float64(truth)
		t.Logf("%-8s estimate/truth %.2f", tt.name, r)
		if r < 0.9 {
			t.Errorf("%s: estimate %.0f%% below truth", tt.name, 100*(1-r))
		}
	}
}
