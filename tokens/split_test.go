package tokens

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// slowCount counts with the tiktoken-go codec and its regexp.
func slowCount(t testing.TB, enc Encoding, s string) int {
	t.Helper()
	c := cl100kCodec()
	if enc == O200K {
		c = o200kCodec()
	}
	n, err := c.Count(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func fastFor(t testing.TB, enc Encoding) *fastBPE {
	t.Helper()
	f := cl100kFast()
	if enc == O200K {
		f = o200kFast()
	}
	if f == nil {
		t.Fatal("fast counter unavailable: the codec layout changed")
	}
	return f
}

// codecDiverges reports whether s holds something the codec's generated
// matcher gets wrong, where this package follows the regexp (and tiktoken):
//   - U+007F: its ASCII bitmap leaves DEL out of [^\s\p{L}\p{N}], so DEL
//     matches nothing and counts as no token;
//   - a white-space run with line breaks, other white space, then another
//     line break ("\n \n"): backtracking the greedy \s* of \s*[\r\n]+, it
//     looks for the first line break instead of the last, and cuts the run
//     after the first one.
func codecDiverges(s string) bool {
	if strings.ContainsRune(s, 0x7f) {
		return true
	}
	state := 0 // 1: saw a break in this run; 2: then other white space
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r':
			if state == 2 {
				return true
			}
			state = 1
		case isSpaceRune(r):
			if state == 1 {
				state = 2
			}
		default:
			state = 0
		}
	}
	return false
}

// TestFastMatchesCodec checks the hand-written split and merge against the
// regexp-based codec on the calibration corpus, edge cases and random text.
func TestFastMatchesCodec(t *testing.T) {
	edge := []string{
		"don't DON'T it's IT'S we're WE'RE I've I'M you'll YOU'LL he'd HE'D 'ſ 'S'T",
		"hello  world   \n\n  \t x\r\n\r\ny  ", "   ", "\n", " \n ", "a\n\n\nb", "tab\tsep\tvalues\t\t",
		"HTTPServer camelCaseWord XMLHttpRequest ABCdef ALLCAPS iOS", "12345678901 1,234.56 ١٢٣٤ ⅫⅦ",
		"\u0301ABC \u0301abc x\u0301y éèê naïve Ǆǅǆ ǅa", "这是中文。日本語のテキスト 한국어",
		"emoji 👍🏽🚀 ok", "path/to/file.go:12:3 //comment /* x */ a//b", "<|endoftext|> special",
		"'", "''", "'s", "x'", " 's", "  'll", "NBSP\u00a0here\u00a0\u00a0x", "\u2028line\u2029para",
		"\u3000ideographic space", "trailing space ", "a /b //c\n/d", "  \r\n  \r\n", "ᾈᾼ ǅ", "ʰʱ abʰ",
	}
	corpus := corpus(t, 4000)
	rng := rand.New(rand.NewPCG(9, 9))
	alphabet := []rune("aZ09 \t\n\r'sStTmMdDlLrReEvV.,;:!?/\\\"(){}[]<>-_=+*&^%$#@~`|ſéÉ中文ǅʰ\u0301\u00a0\u2028١Ⅻ👍🏽😀\u3000")
	var random []string
	for range 3000 {
		n := 1 + rng.IntN(40)
		rs := make([]rune, n)
		for i := range rs {
			rs[i] = alphabet[rng.IntN(len(alphabet))]
		}
		random = append(random, string(rs))
	}
	for _, enc := range []Encoding{CL100K, O200K} {
		f := fastFor(t, enc)
		check := func(kind, s string) {
			if codecDiverges(s) {
				return
			}
			if got, want := f.Count(s), slowCount(t, enc, s); got != want {
				t.Errorf("%s %s: fast %d, codec %d for %q", enc, kind, got, want, s)
			}
		}
		for _, s := range edge {
			check("edge", s)
		}
		for _, s := range corpus {
			check(s.kind, s.text)
		}
		for _, s := range random {
			check("random", s)
		}
		check("invalid utf8", "ab\xffcd\xc3")
		if got := f.Count("a\x7fb"); got != 3 {
			t.Errorf("%s: DEL between letters counts %d, want 3 (a, DEL, b)", enc, got)
		}
		// "\n \n" is one pre-token (greedy \s* backs off to the last line
		// break) and one token in both vocabularies.
		if got := f.Count("\n \n"); got != 1 {
			t.Errorf("%s: %q counts %d, want 1", enc, "\n \n", got)
		}
	}
}

// FuzzFastMatchesCodec compares the fast counter with the codec on
// arbitrary valid UTF-8.
func FuzzFastMatchesCodec(f *testing.F) {
	for _, s := range []string{"don't", "HTTPServer", "  \n x", "\u0301ABC", "12345", "a/b//c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || codecDiverges(s) {
			return
		}
		for _, enc := range []Encoding{CL100K, O200K} {
			if got, want := fastFor(t, enc).Count(s), slowCount(t, enc, s); got != want {
				t.Fatalf("%s: fast %d, codec %d for %q", enc, got, want, s)
			}
		}
	})
}
