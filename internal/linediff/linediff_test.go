package linediff

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestUnified(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{"equal", "x\ny\n", "x\ny\n", ""},
		{"append", "a\nb\n", "a\nb\nc\n", "--- A\n+++ B\n@@ -1,2 +1,3 @@\n a\n b\n+c\n"},
		{"from nothing", "", "a\n", "--- A\n+++ B\n@@ -0,0 +1 @@\n+a\n"},
		{"to nothing", "a\n", "", "--- A\n+++ B\n@@ -1 +0,0 @@\n-a\n"},
		{"change in the middle", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			"--- A\n+++ B\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"},
		{"two hunks", "a\n" + strings.Repeat("x\n", 10) + "b\n", "A\n" + strings.Repeat("x\n", 10) + "B\n",
			"--- A\n+++ B\n@@ -1,4 +1,4 @@\n-a\n+A\n x\n x\n x\n@@ -9,4 +9,4 @@\n x\n x\n x\n-b\n+B\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Unified("A", "B", tt.a, tt.b, 3); got != tt.want {
				t.Errorf("Unified:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestLinesRebuilds checks on random texts that the script turns a into b
// and is no longer than a longest-common-subsequence one.
func TestLinesRebuilds(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string { return string(rune('a' + r.IntN(4))) }
	for range 300 {
		a, b := make([]string, r.IntN(12)), make([]string, r.IntN(12))
		for i := range a {
			a[i] = word()
		}
		for i := range b {
			b[i] = word()
		}
		ops := Lines(a, b)
		var ga, gb []string
		edits := 0
		for _, o := range ops {
			if o.Kind != Insert {
				ga = append(ga, o.Line)
			}
			if o.Kind != Delete {
				gb = append(gb, o.Line)
			}
			if o.Kind != Equal {
				edits++
			}
		}
		if strings.Join(ga, ",") != strings.Join(a, ",") || strings.Join(gb, ",") != strings.Join(b, ",") {
			t.Fatalf("script of %v -> %v rebuilds %v -> %v", a, b, ga, gb)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); edits != want {
			t.Fatalf("%v -> %v: %d edits, shortest is %d", a, b, edits, want)
		}
	}
}

func lcs(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

// TestLinesPastMaxEdits checks that texts differing in more than MaxEdits
// lines still get a script that rebuilds them.
func TestLinesPastMaxEdits(t *testing.T) {
	var a, b []string
	for i := range MaxEdits + 10 {
		a = append(a, "a"+string(rune('0'+i%10)))
		b = append(b, "b"+string(rune('0'+i%10)))
	}
	ops := Lines(a, b)
	if len(ops) != len(a)+len(b) {
		t.Fatalf("%d ops, want %d", len(ops), len(a)+len(b))
	}
}
