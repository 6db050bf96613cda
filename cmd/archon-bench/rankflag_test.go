package main

import (
	"testing"

	"github.com/archon-memory/archon/rag"
)

func TestSetRankParams(t *testing.T) {
	tests := []struct {
		spec    string
		wantErr bool
		check   func(rag.RankParams) bool
	}{
		{"", false, func(p rag.RankParams) bool { return p == rag.DefaultRankParams() }},
		{"Intent=0.8, Radius=2", false, func(p rag.RankParams) bool { return p.Intent == 0.8 && p.Radius == 2 }},
		{"Nope=1", true, nil},
		{"Intent", true, nil},
		{"Radius=two", true, nil},
	}
	for _, tt := range tests {
		p := rag.DefaultRankParams()
		err := setRankParams(&p, tt.spec)
		if (err != nil) != tt.wantErr {
			t.Errorf("%q: error %v, want error %v", tt.spec, err, tt.wantErr)
			continue
		}
		if err == nil && !tt.check(p) {
			t.Errorf("%q: got %+v", tt.spec, p)
		}
	}
}
