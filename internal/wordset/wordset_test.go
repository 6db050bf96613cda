package wordset

import "testing"

func TestParse(t *testing.T) {
	tests := []struct {
		name, data string
		has, not   []string
	}{
		{"words on lines", "a an\nthe\n", []string{"a", "an", "the"}, []string{"", "and"}},
		{"comments skipped", "# the list\n  # indented\nof to\n", []string{"of", "to"}, []string{"#", "the", "list", "indented"}},
		{"empty", "", nil, []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.data)
			for _, w := range tt.has {
				if !s.Has(w) {
					t.Errorf("Has(%q) = false", w)
				}
			}
			for _, w := range tt.not {
				if s.Has(w) {
					t.Errorf("Has(%q) = true", w)
				}
			}
		})
	}
}
