package config

import (
	"strings"
	"testing"
)

func TestPrivacyPatterns(t *testing.T) {
	tests := []struct {
		name    string
		pats    []string
		n       int
		wantErr string
	}{
		{"none", nil, 0, ""},
		{"one", []string{"employee-id=EMP-[0-9]{6}"}, 1, ""},
		{"no equals", []string{"EMP-[0-9]{6}"}, 0, "want NAME=REGEXP"},
		{"bad regexp", []string{"x=("}, 0, "privacy.patterns[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			c.Privacy.Patterns = tt.pats
			o, err := c.MemoryOptions()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(o.Patterns) != tt.n {
				t.Fatalf("%d patterns, %v", len(o.Patterns), err)
			}
		})
	}
}
