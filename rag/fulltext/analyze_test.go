package fulltext

import (
	"reflect"
	"testing"
)

func TestAnalyzer(t *testing.T) {
	an, err := NewAnalyzer()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want []string
	}{
		{"We went to the children's museum", []string{"go", "child", "museum"}},
		{"Caroline BOUGHT new running shoes", []string{"carolin", "bui", "new", "run", "shoe"}},
		{"the and of", []string{}},
		{"PostgreSQL migrations failed", []string{"postgresql", "migrat", "fail"}},
	}
	for _, tt := range tests {
		got := an.Terms(tt.in)
		if len(got) == 0 {
			got = []string{}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Terms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	text := "Deploys failed twice"
	for _, tok := range an.Tokens(text) {
		if tok.Start < 0 || tok.End > len(text) || tok.Start >= tok.End {
			t.Fatalf("bad token range %+v", tok)
		}
	}
	if got := an.Joined("We went home"); got != "go home" {
		t.Errorf("Joined = %q", got)
	}
}
