package summarize

import (
	"slices"
	"testing"

	"github.com/archon-memory/archon/summarize/acts"
)

func TestCompress(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"we need the the new format", "We need the new format"},
		{"What about what about, the idea of using a database?", "What about the idea of using a database?"},
		{"So you you would say, say, give me all the words.", "So you would say, give me all the words."},
		{"I think it's it's on the on the server.", "I think it's on the server."},
		{"Um, we could, you know, store it flat.", "We could, store it flat."},
		{"A B C D A B C D E", "A B C D E"},
		{"one two three four five one two three four five", "One two three four five one two three four five"},
		{"that that is, that is the point", "That is, the point"},
		// A name or a figure said twice is no stammer; a sentence's first
		// word, "I" or a contraction said twice is.
		{"We move the office to Walla Walla in May, region Pago Pago edge.", "We move the office to Walla Walla in May, region Pago Pago edge."},
		{"It's It's yellow, I I think, I'm I'm sure", "It's yellow, I think, I'm sure"},
		{"Maybe Maybe not.", "Maybe not."},
		{"The office moves to Walla Walla.", "The office moves to Walla Walla."},
		{"Our edge is in Pago Pago, then Boise.", "Our edge is in Pago Pago, then Boise."},
		{"My name is Dirk, Dirk Meinfeld.", "My name is Dirk, Meinfeld."}, // a restart, as before
	} {
		got, words := compress(tt.in, acts.Default())
		if got != tt.want {
			t.Errorf("compress(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if w := acts.Words(got); !slices.Equal(words, w) {
			t.Errorf("compress(%q): words %q, want those of the text %q", tt.in, words, w)
		}
	}
}
